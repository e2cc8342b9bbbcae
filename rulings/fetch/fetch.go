// Package fetch downloads Arbiter's data from its official sources (the
// Comprehensive Rules TXT linked from Wizards of the Coast's rules page,
// Scryfall's bulk data) into a data directory. A download that does not
// parse never replaces the file that is there.
package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// Defaults of the official sources.
const (
	DefaultRulesPage   = "https://magic.wizards.com/en/rules"
	DefaultScryfallAPI = "https://api.scryfall.com"
)

// Limits on what is downloaded: the CR TXT is about 1 MB, Scryfall's
// oracle_cards bulk file about 150 MB.
const (
	maxPage     = 4 << 20
	maxCR       = 32 << 20
	maxBulkMeta = 1 << 20
	maxBulk     = 2 << 30
)

// Source says where to download from.
type Source struct {
	RulesPage   string // the page that links the CR TXT
	ScryfallAPI string // Scryfall's API root
	Client      *http.Client
	UserAgent   string
	// Progress, when set, returns a writer that is told every byte of a
	// download (a progress bar); size is -1 when unknown.
	Progress func(name string, size int64) io.Writer
}

// Result says what one update did.
type Result struct {
	Kind    string `json:"kind"` // "cr", "oracle_cards", "rulings"
	Path    string `json:"path"`
	URL     string `json:"url"`
	Bytes   int64  `json:"bytes"`
	Changed bool   `json:"changed"` // false when the same content was already there
	Detail  string `json:"detail,omitempty"`
}

// UnreachableError is returned when a source's host cannot be reached at
// all (no network, no DNS, connection refused): nothing was downloaded and
// nothing replaced, and the data already there (or the built-in copy)
// keeps being served.
type UnreachableError struct {
	Host string
	Err  error
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("cannot reach %s (no network?): nothing was downloaded, the data already there is kept", e.Host)
}

func (e *UnreachableError) Unwrap() error { return e.Err }

func (s *Source) client() *http.Client {
	if s.Client != nil {
		return s.Client
	}
	return &http.Client{Timeout: 10 * time.Minute}
}

func (s *Source) get(ctx context.Context, u, name string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	ua := s.UserAgent
	if ua == "" {
		ua = "arbiter (Magic rules assistant)"
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "*/*")
	resp, err := s.client().Do(req)
	if err != nil {
		var dns *net.DNSError
		var op *net.OpError
		if errors.As(err, &dns) || errors.As(err, &op) {
			return nil, &UnreachableError{Host: req.URL.Host, Err: err}
		}
		return nil, fmt.Errorf("download %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("download %s: %s", u, resp.Status)
	}
	var body io.Reader = io.LimitReader(resp.Body, limit+1)
	if s.Progress != nil {
		size := resp.ContentLength
		if size <= 0 {
			size = -1
		}
		body = io.TeeReader(body, s.Progress(name, size))
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", u, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("download %s: larger than %d bytes", u, limit)
	}
	return data, nil
}

// txtLinkRe finds the CR TXT link on the rules page.
var txtLinkRe = regexp.MustCompile(`(?i)href="([^"]+?\.txt)"`)

// UpdateCR downloads the newest CR TXT into dir/cr/cr-YYYYMMDD.txt, named
// by the effective date in its header. Older versions stay for diffs.
func (s *Source) UpdateCR(ctx context.Context, dir string) (Result, error) {
	page := s.RulesPage
	if page == "" {
		page = DefaultRulesPage
	}
	html, err := s.get(ctx, page, "rules page", maxPage)
	if err != nil {
		return Result{}, err
	}
	m := txtLinkRe.FindSubmatch(html)
	if m == nil {
		return Result{}, fmt.Errorf("no link to the Comprehensive Rules TXT on %s", page)
	}
	link, err := resolve(page, string(m[1]))
	if err != nil {
		return Result{}, err
	}
	data, err := s.get(ctx, link, "Comprehensive Rules", maxCR)
	if err != nil {
		return Result{}, err
	}
	rules, err := cr.ParseBytes(data)
	if err != nil {
		return Result{}, fmt.Errorf("%s does not parse as the Comprehensive Rules, nothing replaced: %w", link, err)
	}
	path := filepath.Join(dir, "cr", "cr-"+rules.EffectiveDate.Format("20060102")+".txt")
	changed, err := writeAtomic(path, data)
	if err != nil {
		return Result{}, err
	}
	return Result{Kind: "cr", Path: path, URL: link, Bytes: int64(len(data)), Changed: changed,
		Detail: fmt.Sprintf("effective %s, %d rules", rules.EffectiveDate.Format("January 2, 2006"), rules.Len())}, nil
}

// bulkList is Scryfall's /bulk-data answer.
type bulkList struct {
	Data []struct {
		Type        string `json:"type"`
		DownloadURI string `json:"download_uri"`
	} `json:"data"`
}

// UpdateScryfall downloads the oracle_cards and rulings bulk files into
// dir/scryfall/. Each must load as Scryfall data before it replaces the
// file there.
func (s *Source) UpdateScryfall(ctx context.Context, dir string) ([]Result, error) {
	api := s.ScryfallAPI
	if api == "" {
		api = DefaultScryfallAPI
	}
	meta, err := s.get(ctx, api+"/bulk-data", "Scryfall bulk list", maxBulkMeta)
	if err != nil {
		return nil, err
	}
	var list bulkList
	if err := json.Unmarshal(meta, &list); err != nil {
		return nil, fmt.Errorf("reading the Scryfall bulk list: %w", err)
	}
	var out []Result
	for _, kind := range []string{"oracle_cards", "rulings"} {
		uri := ""
		for _, d := range list.Data {
			if d.Type == kind {
				uri = d.DownloadURI
			}
		}
		if uri == "" {
			return out, fmt.Errorf("the Scryfall bulk list has no %s file", kind)
		}
		data, err := s.get(ctx, uri, "Scryfall "+kind, maxBulk)
		if err != nil {
			return out, err
		}
		cat := cards.NewCatalog()
		ok, err := cat.AddFile(data)
		if err != nil || !ok {
			if err == nil {
				err = errors.New("not recognised as Scryfall bulk data")
			}
			return out, fmt.Errorf("%s does not load, nothing replaced: %w", uri, err)
		}
		path := filepath.Join(dir, "scryfall", kind+".json")
		changed, err := writeAtomic(path, data)
		if err != nil {
			return out, err
		}
		out = append(out, Result{Kind: kind, Path: path, URL: uri, Bytes: int64(len(data)), Changed: changed})
	}
	return out, nil
}

func resolve(base, ref string) (string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	return b.ResolveReference(r).String(), nil
}

// writeAtomic replaces path with data through a temporary file in the same
// directory and a rename, so a reader never sees half a file. It reports
// false, and writes nothing, when path already holds the same bytes.
func writeAtomic(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return false, err
	}
	return true, nil
}
