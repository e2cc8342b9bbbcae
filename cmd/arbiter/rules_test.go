package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch"
	"github.com/arbiter-mtg/arbiter/rulings/fetch/fetchtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestMain loads each data directory once for the whole package: every
// command run would otherwise parse the same files again.
func TestMain(m *testing.M) {
	var mu sync.Mutex
	cache := map[string]*rulings.KB{}
	loadKB = func(dir string) (*rulings.KB, error) {
		mu.Lock()
		defer mu.Unlock()
		if kb, ok := cache[dir]; ok {
			return kb, nil
		}
		kb, err := rulings.Load(dir)
		if err == nil {
			cache[dir] = kb
		}
		return kb, err
	}
	os.Exit(m.Run())
}

// cli runs the arbiter command line against the shared data directory.
func cli(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(append([]string{"--data", shareddata.Data(t)}, args...), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/arbiter -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s\n--- want\n%s", name, path, got, want)
	}
}

// The rendered text of look-ups, compared with golden files. What each
// must contain is asserted from the CR text separately below.
func TestRuleTextGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"rule-302.6", []string{"rule", "302.6"}},
		{"rule-704.5", []string{"rule", "704.5"}},
		{"rule-614.1-alone", []string{"rule", "614.1."}},
		{"rule-section-6", []string{"rule", "6"}},
		{"rule-302", []string{"rule", "302"}},
		{"define-summoning-sickness", []string{"define", "summoning sickness"}},
		{"search-attack-turn-played", []string{"search", "--limit", "3", "can my creature attack the turn I played it"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := cli(t, "", c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

func TestRuleContent(t *testing.T) {
	out, _, _ := cli(t, "", "rule", "704.5")
	// 704.5 lists every subrule, past the letters the CR skips.
	for _, id := range []string{"704.5a", "704.5k", "704.5m", "704.5n", "704.5p", "704.5z"} {
		if !strings.Contains(out, "\n"+id+" ") {
			t.Errorf("rule 704.5 lacks %s", id)
		}
	}
	if strings.Contains(out, "704.5l") || strings.Contains(out, "704.5o") {
		t.Error("rule 704.5 shows a subrule letter the CR skips")
	}
	if strings.Contains(out, "**") {
		t.Error("Markdown left in terminal output")
	}
	out, _, _ = cli(t, "", "rule", "614.1.")
	if strings.Contains(out, "614.1a") {
		t.Errorf("614.1. must be the rule alone:\n%s", out)
	}
	out, _, _ = cli(t, "", "rule", "614.1")
	if !strings.Contains(out, "614.1a") {
		t.Errorf("614.1 must show its subrules:\n%s", out)
	}
	out, _, _ = cli(t, "", "rule", "6")
	for _, line := range []string{"601 Casting Spells", "613 Interaction of Continuous Effects"} {
		if !strings.Contains(out, line) {
			t.Errorf("section 6 lacks %q", line)
		}
	}
	out, _, _ = cli(t, "", "rule", "702.6")
	if !strings.Contains(out, "Equip") || strings.Contains(out, "Ripple") {
		t.Errorf("702.6 is Equip, never 702.60 Ripple:\n%s", out)
	}
	if !strings.Contains(out, "Comprehensive Rules effective 2026-04-17") {
		t.Error("the effective date is missing")
	}
}

func TestExitCodes(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"rule", "302.6"}, 0, ""},
		{[]string{"rule", "704.5l"}, 1, "did you mean 704.5k, 704.5m"},
		{[]string{"rule", "banana"}, 2, "not a rule number"},
		{[]string{"define", "xyzzy plugh"}, 1, "the glossary has no entry"},
		{[]string{"define", "indestructable"}, 0, ""},
		{[]string{"search", "--limit", "0", "haste"}, 2, "--limit"},
		{[]string{"search", "qwxzv"}, 1, "nothing matches"},
		{[]string{"search", "--kind", "rules", "haste"}, 2, "unknown kind"},
		{[]string{"rule"}, 2, "needs a rule number. for example:\n  arbiter rule 302.6"},
		{[]string{"rule", "302", "6"}, 2, "takes one argument, a rule number, not 2"},
		{[]string{"card"}, 2, "needs a card name"},
		{[]string{"frobnicate"}, 2, "unknown command"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, errOut, code := cli(t, "", c.args...)
			if code != c.code || !strings.Contains(strings.ToLower(errOut), c.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, c.code, c.stderr)
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--data", t.TempDir(), "rule", "302.6"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "no Comprehensive Rules") {
		t.Errorf("empty data dir: exit %d, %q", code, errOut.String())
	}
}

// answerJSON is what --json prints for one reply.
type answerJSON struct {
	Title     string `json:"title"`
	Body      string `json:"body"`
	Fields    []struct{ Name, Value string }
	Citations []struct{ Kind, ID string }
	Footer    string `json:"footer"`
	Error     bool   `json:"error"`
	Code      string `json:"code"`
}

func (a answerJSON) cites(kind, id string) bool {
	for _, c := range a.Citations {
		if c.Kind == kind && c.ID == id {
			return true
		}
	}
	return false
}

// Rule 106.12 with its two subrules and its reference to rule 605.
func TestRuleJSON(t *testing.T) {
	out, _, code := cli(t, "", "--json", "rule", "106.12")
	if code != 0 {
		t.Fatal(code)
	}
	var v answerJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Title != "Rule 106.12" || !strings.HasPrefix(v.Body, "To “tap [a permanent] for mana”") || !strings.Contains(v.Footer, "2026-04-17") {
		t.Errorf("rule --json = %+v", v)
	}
	for _, id := range []string{"106.12", "106.12a", "106.12b", "605"} {
		if !v.cites("cr", id) {
			t.Errorf("rule --json does not cite %s: %+v", id, v.Citations)
		}
	}
	// Errors are JSON too, with their code.
	out, _, code = cli(t, "", "--json", "rule", "704.5l")
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 1 || !v.Error || v.Code != "not_found" {
		t.Errorf("rule --json 704.5l: exit %d, %v, %s", code, err, out)
	}
}

// search --json prints one object per query; with no QUERY it reads one
// query per line from standard input.
func TestSearchJSONFromStdin(t *testing.T) {
	out, _, code := cli(t, "what layer do +1/+1 counters apply in\nsummoning sickness\n\n", "--json", "search", "--kind", "rule,glossary", "--limit", "3")
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 JSON lines, got %d:\n%s", len(lines), out)
	}
	var first, second answerJSON
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if first.Title != "Search: what layer do +1/+1 counters apply in" || len(first.Citations) == 0 || first.Citations[0].ID != "613.4c" || len(first.Fields) > 3 {
		t.Errorf("first query: %+v", first)
	}
	if !second.cites("glossary", "Summoning Sickness Rule") {
		t.Errorf("glossary result: %+v", second.Citations)
	}
	for _, c := range append(first.Citations, second.Citations...) {
		if c.Kind != "cr" && c.Kind != "glossary" {
			t.Errorf("--kind let %s through", c.Kind)
		}
	}
}

func TestAskRoutes(t *testing.T) {
	cases := []struct{ q, want string }{
		{"rule 302.6", "Rule 302.6\n"},
		{"302.6", "Rule 302.6\n"},
		// Anything else is asked as /ask asks it.
		{"summoning sickness rule", "Rule 302.6\n"},
		{"what is the stack?", "Rule 405.1\n"},
		{"IPG 2.1", "IPG 2.1 Game Play Error — Missed Trigger\n"},
		{"can my creature attack the turn I played it", "302.6"},
	}
	for _, c := range cases {
		out, errOut, code := cli(t, "", "ask", c.q)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("ask %q: exit %d, %s%s", c.q, code, out, errOut)
		}
	}
}

func TestDataStatus(t *testing.T) {
	out, errOut, code := cli(t, "", "data", "status")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Data directory: " + shareddata.Data(t) + "\n", "effective 2026-04-17", "2026-04-17, 2026-01-16, 2025-11-14, 2021-11-19", "MTR effective 2025-11-10", "IPG effective 2024-09-23"} {
		if !strings.Contains(out, want) {
			t.Errorf("data status lacks %q:\n%s", want, out)
		}
	}
}

// data status with no --data names the default directory it read, and
// says the built-in documents serve while it is empty.
func TestDataStatusDefaultDirectory(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("ARBITER_DATA", "")
	var out, errOut bytes.Buffer
	code := run([]string{"data", "status"}, strings.NewReader(""), &out, &errOut)
	if code != 0 || !strings.Contains(out.String(), "Data directory: "+filepath.Join(cache, "arbiter")+" (empty: the built-in") ||
		!strings.Contains(out.String(), "from built-in copy") {
		t.Errorf("exit %d, out %q, err %q", code, out.String(), errOut.String())
	} // --json says so as a given empty directory's status does.
	out.Reset()
	code = run([]string{"--json", "data", "status"}, strings.NewReader(""), &out, &errOut)
	var v map[string]any
	if err := json.Unmarshal(out.Bytes(), &v); code != 0 || err != nil || v["empty"] != true || v["data_dir"] != filepath.Join(cache, "arbiter") {
		t.Errorf("--json: exit %d, %v, %s", code, err, out.String())
	}
}

// data update against local stand-ins for Wizards' rules page and Scryfall:
// the downloaded directory then answers look-ups.
func TestDataUpdate(t *testing.T) {
	f := fetchtest.New(t)
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code := run([]string{"--data", dir, "data", "update", "--rules-page", f.RulesPage(), "--scryfall-api", f.ScryfallAPI()}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"cr           updated", "oracle_cards updated", "rulings      updated", "effective April 17, 2026"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("update output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"--data", dir, "rule", "302.6"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), "Rule 302.6\n") {
		t.Errorf("look-up after update: exit %d %s", code, out.String())
	}
	// A broken download exits 2 and leaves the good data in place.
	f.CRBody.Store([]byte("<html>oops</html>"))
	errOut.Reset()
	if code := run([]string{"--data", dir, "data", "update", "--no-cards", "--rules-page", f.RulesPage()}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "nothing replaced") {
		t.Errorf("broken update: exit %d, %s", code, errOut.String())
	}
	// Load afresh (the package's loader caches directories).
	if kb, err := rulings.Load(dir); err != nil || kb.EffectiveDate().Format("2006-01-02") != "2026-04-17" {
		t.Errorf("data after a failed update: %v", err)
	}
}

// data update with no network: every source is tried and reported, each
// with what failed in words and what to download by hand and where.
func TestDataUpdateOffline(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	// One source cannot be resolved, the other refuses connections.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	code := run([]string{"--data", dir, "data", "update", "--rules-page", "http://arbiter-offline.invalid/rules", "--scryfall-api", closed}, strings.NewReader(""), &out, &errOut)
	if code != 2 {
		t.Fatalf("exit %d, want 2: %s", code, errOut.String())
	}
	msg := errOut.String()
	for _, want := range []string{
		"Comprehensive Rules (arbiter-offline.invalid): failed: cannot find the server arbiter-offline.invalid",
		"https://magic.wizards.com/en/rules", filepath.Join(dir, "cr"),
		"Scryfall bulk data", "cannot connect", "https://scryfall.com/docs/api/bulk-data", filepath.Join(dir, "scryfall", "rulings.json"),
		"2 of 2 sources failed",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("offline update lacks %q:\n%s", want, msg)
		}
	}
	// Each failure is said once, in words: not "cannot find the server X
	// (...): cannot reach X (no network?)".
	if strings.Contains(msg, "cannot reach") || strings.Count(msg, "nothing was downloaded, the data already there is kept") != 2 {
		t.Errorf("offline update repeats itself:\n%s", msg)
	}
}

// data status on a missing or empty directory says it is empty, exit 0.
func TestDataStatusEmpty(t *testing.T) {
	for name, dir := range map[string]string{"missing": filepath.Join(t.TempDir(), "nothing-here"), "empty": t.TempDir()} {
		var out, errOut bytes.Buffer
		code := run([]string{"--data", dir, "data", "status"}, strings.NewReader(""), &out, &errOut)
		if code != 0 || !strings.Contains(out.String(), "is empty") || !strings.Contains(out.String(), "data update") {
			t.Errorf("%s directory: exit %d, out %q, err %q", name, code, out.String(), errOut.String())
		}
	}
}

// data status on a directory of symbolic links (to the directories holding
// the CR, the cards and the tournament documents, as a data directory is
// often set up) reports what they hold: the loader follows links, so the
// status must not call such a directory empty.
func TestDataStatusFollowsLinks(t *testing.T) {
	shared := shareddata.Data(t)
	dir := t.TempDir()
	for _, sub := range []string{"cr", "tournament"} {
		if err := os.Symlink(filepath.Join(shared, sub), filepath.Join(dir, sub)); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	code := run([]string{"--data", dir, "data", "status"}, strings.NewReader(""), &out, &errOut)
	if code != 0 || strings.Contains(out.String(), "is empty") || !strings.Contains(out.String(), "CR versions found: 2026-04-17, 2026-01-16") {
		t.Errorf("exit %d, out %q, err %q", code, out.String(), errOut.String())
	}
	// A link to nothing, or only hidden files, still leaves it empty.
	empty := t.TempDir()
	if err := os.Symlink(filepath.Join(empty, "gone"), filepath.Join(empty, "broken")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(empty, ".partial.tmp"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link back up the tree (or to itself) loops: the walk still ends.
	if err := os.Mkdir(filepath.Join(empty, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(empty, "sub", "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("self", filepath.Join(empty, "self")); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"--data", empty, "data", "status"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), "is empty") {
		t.Errorf("broken link: exit %d, out %q", code, out.String())
	}
}

// A source's files may come from another host than the page that links
// them (the CR's TXT from media.wizards.com, Scryfall's bulk files from
// data.scryfall.io): a refused connection names the host refused, which
// the source's label does not.
func TestExplainFetchNamesTheRefusedHost(t *testing.T) {
	err := &fetch.UnreachableError{Host: "data.scryfall.io", Err: &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}}
	msg := explainFetch(err)
	if !strings.Contains(msg, "cannot connect to data.scryfall.io (") || strings.Contains(msg, "cannot reach") {
		t.Errorf("explainFetch = %q", msg)
	}
}

// The command data status offers for an empty directory runs as shown in
// a shell: a path with a character the shell reads ("&", "$", ";") is
// quoted, as the error hints' command lines are.
func TestDataStatusEmptyQuotesTheDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rules&cards $HOME")
	var out, errOut bytes.Buffer
	code := run([]string{"--data", dir, "data", "status"}, strings.NewReader(""), &out, &errOut)
	if want := "Fill it with: arbiter --data '" + dir + "' data update\n"; code != 0 || !strings.Contains(out.String(), want) {
		t.Errorf("exit %d, out %q; want %q", code, out.String(), want)
	}
	dir = filepath.Join(t.TempDir(), "a&b")
	out.Reset()
	run([]string{"--data", dir, "data", "status"}, strings.NewReader(""), &out, &errOut)
	if want := "--data '" + dir + "' data update"; !strings.Contains(out.String(), want) {
		t.Errorf("out %q; want %q", out.String(), want)
	}
}
