package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fetch"
)

// sourceFailure is one source `data update` could not bring up to date,
// with what to do by hand instead.
type sourceFailure struct {
	Source string `json:"source"`
	Error  string `json:"error"`
	ByHand string `json:"by_hand"`
}

// updateAll tries every source, whatever happened to the ones before, and
// returns what was downloaded and what failed.
func updateAll(ctx context.Context, src *fetch.Source, dir string, cards bool) ([]fetch.Result, []sourceFailure) {
	var results []fetch.Result
	var failed []sourceFailure
	res, err := src.UpdateCR(ctx, dir)
	if err != nil {
		failed = append(failed, sourceFailure{
			Source: "Comprehensive Rules (" + hostOf(src.RulesPage, fetch.DefaultRulesPage) + ")",
			Error:  explainFetch(err),
			ByHand: fmt.Sprintf("open %s, download the Comprehensive Rules \"TXT\" file and save it anywhere under %s (for example %s)",
				fetch.DefaultRulesPage, dir, filepath.Join(dir, "cr", "MagicCompRules.txt")),
		})
	} else {
		results = append(results, res)
	}
	if cards {
		more, err := src.UpdateScryfall(ctx, dir)
		results = append(results, more...)
		if err != nil {
			failed = append(failed, sourceFailure{
				Source: "Scryfall bulk data (" + hostOf(src.ScryfallAPI, fetch.DefaultScryfallAPI) + ")",
				Error:  explainFetch(err),
				ByHand: fmt.Sprintf("open https://scryfall.com/docs/api/bulk-data, download \"Oracle Cards\" and \"Rulings\" and save them under %s (for example %s and %s)",
					dir, filepath.Join(dir, "scryfall", "oracle_cards.json"), filepath.Join(dir, "scryfall", "rulings.json")),
			})
		}
	}
	return results, failed
}

// explainFetch turns a download error into words a user can act on: no
// network and an unknown host say so instead of a raw resolver error.
func explainFetch(err error) string {
	var dns *net.DNSError
	var op *net.OpError
	// An unreachable host's own message says "cannot reach HOST (no
	// network?)" again: say only what it adds.
	detail := err.Error()
	var unreachable *fetch.UnreachableError
	if errors.As(err, &unreachable) {
		detail = "nothing was downloaded, the data already there is kept"
	}
	switch {
	case errors.As(err, &dns):
		return fmt.Sprintf("cannot find the server %s (no network connection, or DNS is not answering); %s", dns.Name, detail)
	case errors.As(err, &op) && op.Op == "dial":
		// The host refused, which may not be the one in the source's
		// label: the files come from another host than the page.
		to := ""
		if unreachable != nil {
			to = " to " + unreachable.Host
		} else if op.Addr != nil {
			to = " to " + op.Addr.String()
		}
		return fmt.Sprintf("cannot connect%s (no network connection, or a firewall or proxy in the way); %s", to, detail)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("the download timed out: %v", err)
	case errors.Is(err, context.Canceled):
		return "interrupted"
	}
	return err.Error()
}

func hostOf(u, def string) string {
	if u == "" {
		u = def
	}
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Host
	}
	return u
}

// printFailures says, for each source that failed, what failed and how to
// get the file by hand.
func printFailures(w io.Writer, failed []sourceFailure) {
	for _, f := range failed {
		fmt.Fprintf(w, "%s: failed: %s\n  By hand: %s\n", f.Source, f.Error, f.ByHand)
	}
}

// emptyDataDir reports whether dir is missing or holds no file the loader
// would read: it follows symbolic links as the loader does (a data
// directory of links to the CR, card and tournament directories is not
// empty) and, like the loader, skips hidden names and broken links.
func emptyDataDir(dir string) bool {
	seen := map[string]bool{}
	var holds func(dir string) bool
	holds = func(dir string) bool {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || seen[real] {
			return false
		}
		seen[real] = true
		entries, err := os.ReadDir(real)
		if err != nil {
			return false
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			p := filepath.Join(real, e.Name())
			st, err := os.Stat(p) // through a link
			switch {
			case err != nil:
			case st.Mode().IsRegular():
				return true
			case st.IsDir() && holds(p):
				return true
			}
		}
		return false
	}
	return !holds(dir)
}

// printEmptyStatus is `data status` on a missing or empty directory.
func (a *app) printEmptyStatus() error {
	if a.JSON {
		return writeJSON(a.Out, map[string]any{"data_dir": a.DataDir, "empty": true})
	}
	fmt.Fprintf(a.Out, "Data directory %s is empty (or does not exist yet): no rules, cards or tournament documents.\n", a.DataDir)
	fmt.Fprintf(a.Out, "Fill it with: arbiter --data %s data update\n", shellWord(a.DataDir))
	return nil
}
