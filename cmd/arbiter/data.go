package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch"
)

func newDataCmd(a *app) *cobra.Command {
	data := &cobra.Command{
		Use:   "data",
		Short: "Download or inspect the data directory",
	}
	var src fetch.Source
	var noCards bool
	update := &cobra.Command{
		Use:   "update",
		Short: "Download the newest Comprehensive Rules (Wizards of the Coast) and Scryfall's card and ruling bulk data into --data",
		Long: `Downloads the Comprehensive Rules TXT linked from Wizards of the Coast's rules
page and Scryfall's oracle_cards and rulings bulk files into the data
directory. A download that does not parse never replaces the file there.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if a.DataDir == "" {
				return exitCode(2, fmt.Errorf("no data directory: pass --data DIR or set ARBITER_DATA"))
			}
			if err := os.MkdirAll(a.DataDir, 0o755); err != nil {
				return exitCode(2, err)
			}
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt)
			defer stop()
			src.Progress = progressTo(a.Err)
			// Every source is tried and reported, whatever happened to
			// the ones before.
			results, failed := updateAll(ctx, &src, a.DataDir, !noCards)
			a.printResults(results)
			if len(failed) > 0 {
				printFailures(a.Err, failed)
				sources := 2
				if noCards {
					sources = 1
				}
				return exitCode(2, fmt.Errorf("data update: %d of %d sources failed (see above); what was downloaded is in place", len(failed), sources))
			}
			return nil
		},
	}
	update.Flags().StringVar(&src.RulesPage, "rules-page", fetch.DefaultRulesPage, "page that links the Comprehensive Rules TXT")
	update.Flags().StringVar(&src.ScryfallAPI, "scryfall-api", fetch.DefaultScryfallAPI, "Scryfall API root")
	update.Flags().BoolVar(&noCards, "no-cards", false, "download the Comprehensive Rules only")

	status := &cobra.Command{
		Use:   "status",
		Short: "Show what the data directory holds and which versions are served",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			// A given directory that is empty is reported as such; the
			// default one may be empty, the built-in documents serving.
			if a.DataSet && a.DataDir != "" && emptyDataDir(a.DataDir) {
				return a.printEmptyStatus()
			}
			kb, err := a.KB()
			if err != nil {
				return err
			}
			return a.printStatus(kb)
		},
	}
	build := &cobra.Command{
		Use:   "build",
		Short: "Compile the data directory into the snapshot later starts load (done on first use anyway)",
		Long: `Reads every file of the data directory once and writes a compiled snapshot
(cards, rulings, name indexes, search postings) to the per-user cache, keyed
by the files' names, sizes and modification times. Later starts load the
snapshot in a fraction of a second; a snapshot that no longer matches the
files, or is damaged, is rebuilt, never trusted.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			dir := snapshotDir()
			if dir == "" {
				return exitCode(2, fmt.Errorf("no per-user cache directory to keep the snapshot in (set HOME or XDG_CACHE_HOME)"))
			}
			if err := rulings.BuildSnapshot(a.DataDir, dir, buildProgress(a.Err)); err != nil {
				return exitCode(2, err)
			}
			fmt.Fprintf(a.Out, "snapshot of %s written to %s\n", a.DataDir, rulings.SnapshotPath(a.DataDir, dir))
			return nil
		},
	}
	data.AddCommand(update, status, build)
	return data
}

func (a *app) printResults(results []fetch.Result) {
	if a.JSON {
		_ = writeJSON(a.Out, results)
		return
	}
	for _, r := range results {
		state := "unchanged"
		if r.Changed {
			state = "updated"
		}
		fmt.Fprintf(a.Out, "%-12s %-9s %s (%d bytes) %s\n", r.Kind, state, r.Path, r.Bytes, r.Detail)
	}
}

// statusView is what `data status` prints.
type statusView struct {
	DataDir string `json:"data_dir"`
	// Empty: the directory holds nothing (the built-in documents serve),
	// as a given empty directory's status says.
	Empty      bool     `json:"empty,omitempty"`
	Served     string   `json:"cr_served"`
	Source     string   `json:"cr_source"`
	Versions   []string `json:"cr_versions"`
	Rules      int      `json:"rules"`
	Glossary   int      `json:"glossary_terms"`
	Cards      int      `json:"cards"`
	Documents  []string `json:"documents"`
	Unreadable []string `json:"unrecognised_files,omitempty"`
	Problems   []string `json:"problems,omitempty"`
}

func (a *app) printStatus(kb *rulings.KB) error {
	v := statusView{DataDir: a.DataDir, Served: kb.EffectiveDate().Format("2006-01-02"), Source: kb.CRSource(), Rules: kb.CR.Len(), Glossary: len(kb.CR.Glossary)}
	for _, ver := range kb.Versions {
		v.Versions = append(v.Versions, ver.EffectiveDate.Format("2006-01-02"))
	}
	if kb.Cards != nil {
		v.Cards = kb.Cards.Len()
	}
	if kb.Tourney != nil {
		for _, doc := range []string{"mtr", "ipg", "jar"} {
			if n := len(kb.Tourney.Sections(doc)); n > 0 {
				d := strings.ToUpper(doc)
				if date := kb.Tourney.EffectiveDate(doc); !date.IsZero() {
					d += " effective " + date.Format("2006-01-02")
				}
				v.Documents = append(v.Documents, fmt.Sprintf("%s (%d sections)", d, n))
			}
		}
	}
	for _, f := range kb.Files {
		if f.Kind == "" || f.Err != "" {
			v.Unreadable = append(v.Unreadable, strings.TrimSpace(f.Path+" "+f.Err))
		}
	}
	v.Problems = kb.Problems
	v.Empty = v.DataDir != "" && emptyDataDir(v.DataDir)
	if a.JSON {
		return writeJSON(a.Out, v)
	}
	// Which directory this is: the default one is easy to mistake for the
	// directory a server's configuration names.
	switch {
	case v.DataDir == "":
	case v.Empty:
		fmt.Fprintf(a.Out, "Data directory: %s (empty: the built-in rules and tournament documents serve; arbiter data update fills it)\n", v.DataDir)
	default:
		fmt.Fprintf(a.Out, "Data directory: %s\n", v.DataDir)
	}
	fmt.Fprintf(a.Out, "Comprehensive Rules served: effective %s (%d rules, %d glossary terms), from %s\n", v.Served, v.Rules, v.Glossary, v.Source)
	fmt.Fprintf(a.Out, "CR versions found: %s\n", strings.Join(v.Versions, ", "))
	fmt.Fprintf(a.Out, "Cards: %d\n", v.Cards)
	for _, d := range v.Documents {
		fmt.Fprintf(a.Out, "Document: %s\n", d)
	}
	for _, u := range v.Unreadable {
		fmt.Fprintf(a.Out, "Not loaded: %s\n", u)
	}
	for _, p := range v.Problems {
		fmt.Fprintf(a.Out, "Repaired: %s\n", p)
	}
	return nil
}

// buildProgress draws a bar of files read on w when w is a terminal.
func buildProgress(w io.Writer) func(done, total int) {
	if !isTerminal(w) {
		return nil
	}
	bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("reading data files"),
		progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
	return func(done, total int) {
		bar.ChangeMax(total)
		_ = bar.Set(done)
	}
}

// progressTo draws a download progress bar on w when w is a terminal, and
// nothing otherwise (scripts and logs get the summary lines only).
func progressTo(w io.Writer) func(name string, size int64) io.Writer {
	if !isTerminal(w) {
		return nil
	}
	return func(name string, size int64) io.Writer {
		return progressbar.NewOptions64(size,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(name),
			progressbar.OptionShowBytes(true),
			progressbar.OptionClearOnFinish(),
		)
	}
}
