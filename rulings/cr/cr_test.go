package cr

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

var crFiles = []struct {
	name string
	date string
}{
	{"cr-20260417.txt", "2026-04-17"},
	{"cr-20260116.txt", "2026-01-16"},
	{"cr-20251114.txt", "2025-11-14"},
	{"cr-20211115.txt", "2021-11-19"}, // the file is dated the 15th, its header says November 19
}

var (
	parsedMu sync.Mutex
	parsed   = map[string]*Rules{}
)

func load(t testing.TB, name string) *Rules {
	t.Helper()
	parsedMu.Lock()
	defer parsedMu.Unlock()
	if r, ok := parsed[name]; ok {
		return r
	}
	r, err := ParseFile(shareddata.Path(t, "cr/"+name))
	if err != nil {
		t.Fatal(err)
	}
	parsed[name] = r
	return r
}

func newest(t testing.TB) *Rules { return load(t, "cr-20260417.txt") }

func TestAllFilesParseWithTheirHeaderDate(t *testing.T) {
	for _, f := range crFiles {
		t.Run(f.name, func(t *testing.T) {
			r := load(t, f.name)
			if got := r.EffectiveDate.Format(time.DateOnly); got != f.date {
				t.Errorf("effective date %s, want %s", got, f.date)
			}
			if r.Len() < 2500 {
				t.Errorf("only %d rules", r.Len())
			}
			if len(r.Glossary) < 600 {
				t.Errorf("only %d glossary entries", len(r.Glossary))
			}
		})
	}
}

// numberedLineRe is deliberately not the parser's regexps: it counts every
// line of the rules body that starts with a rule number, however written.
var numberedLineRe = regexp.MustCompile(`^\d+(\.\d+[a-z]?)?\.?\s`)

// TestEveryNumberedLineIsARule counts the numbered lines between the end of
// the table of contents and the glossary with a scanner of its own, and
// checks the parser made a rule of each one.
func TestEveryNumberedLineIsARule(t *testing.T) {
	for _, f := range crFiles {
		t.Run(f.name, func(t *testing.T) {
			data, err := os.ReadFile(shareddata.Path(t, "cr/"+f.name))
			if err != nil {
				t.Fatal(err)
			}
			// Split on any line ending independently of SplitLines.
			sc := bufio.NewScanner(strings.NewReader(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(data))))
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			credits, inBody, count := 0, false, 0
			var ids []string
			for sc.Scan() {
				l := sc.Text()
				switch strings.TrimSpace(l) {
				case "Credits":
					credits++
					inBody = credits == 1
					continue
				case "Glossary":
					if inBody {
						inBody = false
					}
					continue
				}
				if inBody && numberedLineRe.MatchString(l) {
					count++
					ids = append(ids, strings.TrimSuffix(strings.Fields(l)[0], "."))
				}
			}
			r := load(t, f.name)
			if r.NumberedLines != count {
				t.Errorf("parser made %d rules from numbered lines, independent count is %d", r.NumberedLines, count)
			}
			for _, id := range ids {
				if !r.Exists(id) {
					t.Errorf("numbered line %s is not a rule", id)
				}
			}
		})
	}
}

func TestLineEndingsDoNotChangeTheTree(t *testing.T) {
	// The 2026-04-17 file is the 2026-01-16 text with LF endings plus the
	// April changes; rules unchanged between versions must get the same ids.
	// Compare the bare-CR file with the CRLF file of two months before and
	// the LF file: each rule text found once in both must carry the same id.
	pairs := [][2]string{{"cr-20260116.txt", "cr-20260417.txt"}, {"cr-20251114.txt", "cr-20260116.txt"}}
	for _, p := range pairs {
		t.Run(p[0]+"~"+p[1], func(t *testing.T) {
			a, b := load(t, p[0]), load(t, p[1])
			textsB := map[string][]string{}
			for _, id := range b.Order {
				r, _ := b.Rule(id)
				textsB[r.Text] = append(textsB[r.Text], id)
			}
			same, moved := 0, 0
			for _, id := range a.Order {
				r, _ := a.Rule(id)
				if ids := textsB[r.Text]; len(ids) == 1 && len(r.Text) > 40 {
					if ids[0] == id {
						same++
					} else {
						moved++
					}
				}
			}
			if same < 2000 {
				t.Errorf("only %d unchanged rules kept their id", same)
			}
			// Renumbering between releases is real but rare.
			if moved*20 > same {
				t.Errorf("%d rules moved vs %d kept: ids are not stable", moved, same)
			}
			t.Logf("%d unchanged rules kept their id, %d were renumbered by Wizards", same, moved)
		})
	}
}

func TestEncodingIsKept(t *testing.T) {
	r := newest(t)
	rule, ok := r.Rule("106.12")
	if !ok {
		t.Fatal("106.12 missing")
	}
	if !strings.Contains(rule.Text, "“tap [a permanent] for mana”") {
		t.Errorf("curly quotes lost in 106.12: %q", rule.Text)
	}
	if strings.ContainsRune(rule.Text, '\r') || strings.HasPrefix(r.Order[0], "\uFEFF") {
		t.Error("line ending or BOM leaked into text")
	}
	for _, f := range crFiles {
		for _, id := range load(t, f.name).Order {
			rr, _ := load(t, f.name).Rule(id)
			if strings.ContainsAny(rr.Text, "\r\uFEFF") {
				t.Fatalf("%s %s: text holds a CR or BOM", f.name, id)
			}
		}
	}
}

func TestRuleTree(t *testing.T) {
	r := newest(t)
	cases := []struct {
		id       string
		parent   string
		title    string
		text     string // prefix
		children []string
	}{
		{id: "3", title: "Card Types", children: []string{"300", "301", "302"}},
		{id: "302", parent: "3", title: "Creatures", children: []string{"302.1", "302.2", "302.3", "302.4", "302.5", "302.6", "302.7"}},
		{id: "302.6", parent: "302", text: "A creature’s activated ability with the tap symbol or the untap symbol in its activation cost can’t be activated unless the creature has been under its controller’s control continuously since their most recent turn began."},
		{id: "704.5k", parent: "704.5", text: "If two or more permanents have the supertype world"},
		{id: "702.10", parent: "702", title: "Haste"},
		{id: "702.60", parent: "702", title: "Ripple"},
		{id: "119.1d", parent: "119.1", text: "In a two-player Brawl game"},
		{id: "606.5", parent: "606", text: "If the total cost to activate a loyalty ability"},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			rule, ok := r.Rule(c.id)
			if !ok {
				t.Fatalf("%s missing", c.id)
			}
			if rule.Parent != c.parent {
				t.Errorf("parent %q, want %q", rule.Parent, c.parent)
			}
			if rule.Title != c.title {
				t.Errorf("title %q, want %q", rule.Title, c.title)
			}
			if !strings.HasPrefix(rule.Text, c.text) {
				t.Errorf("text %q, want prefix %q", rule.Text, c.text)
			}
			if len(c.children) > 0 && !slices.Equal(rule.Children[:len(c.children)], c.children) {
				t.Errorf("children %v, want prefix %v", rule.Children, c.children)
			}
		})
	}
}

// 704.5 lists its subrules past the letters the CR skips ("l" and "o").
func TestSubruleLettersSkipLAndO(t *testing.T) {
	r := newest(t)
	rule, _ := r.Rule("704.5")
	want := []string{}
	for l := byte('a'); l <= 'z'; l = nextLetter(l) {
		want = append(want, "704.5"+string(l))
	}
	if !slices.Equal(rule.Children, want) {
		t.Errorf("704.5 children = %v\nwant %v", rule.Children, want)
	}
	if r.Exists("704.5l") || r.Exists("704.5o") {
		t.Error("704.5l or 704.5o must not exist")
	}
}

func TestIDLookupIsExact(t *testing.T) {
	r := newest(t)
	a, _ := r.Rule("702.6")
	b, _ := r.Rule("702.60")
	if a == nil || b == nil || a == b || a.Title == b.Title {
		t.Fatalf("702.6 and 702.60 must be different rules: %+v %+v", a, b)
	}
	for _, in := range []string{"rule 302.6", "CR 302.6", "302.6.", " 302.6 "} {
		got, ok := r.Rule(in)
		if !ok || got.ID != "302.6" {
			t.Errorf("Rule(%q) = %v, %v", in, got, ok)
		}
	}
	if _, ok := r.Rule("302.66"); ok {
		t.Error("302.66 does not exist")
	}
}

func TestExamplesAreSeparateFromText(t *testing.T) {
	r := newest(t)
	rule, _ := r.Rule("613.4c")
	if strings.Contains(rule.Text, "Example") {
		t.Errorf("613.4c text holds an example: %q", rule.Text)
	}
	// 509.1b has an indented paragraph and then an example.
	rule, _ = r.Rule("509.1b")
	if !strings.Contains(rule.Text, "\nA restriction may be created by an evasion ability") {
		t.Errorf("509.1b lost its second paragraph: %q", rule.Text)
	}
	if len(rule.Examples) != 1 || !strings.HasPrefix(rule.Examples[0], "An attacking creature with flying and shadow") {
		t.Errorf("509.1b examples = %q", rule.Examples)
	}
	total := 0
	for _, id := range r.Order {
		rr, _ := r.Rule(id)
		total += len(rr.Examples)
	}
	data, _ := os.ReadFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	if want := strings.Count(string(data), "\nExample:"); total != want {
		t.Errorf("%d examples attached, file has %d", total, want)
	}
}

func TestExtractRefs(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"See rule 302.6.", []string{"302.6"}},
		{"See rule 605, “Mana Abilities.”", []string{"605"}},
		{"See rules 613.7 and 613.8.", []string{"613.7", "613.8"}},
		{"as described in rules 614.1c–d.", []string{"614.1c", "614.1d"}},
		{"rules 704.5k–n apply", []string{"704.5k", "704.5m", "704.5n"}},
		{"See section 7, “Additional Rules.”", []string{"7"}},
		{"See rules 400.7a, 400.7b, and 400.7c.", []string{"400.7a", "400.7b", "400.7c"}},
		{"rules 506–508", []string{"506", "507", "508"}},
		{"This rule has 20 words, rule of thumb.", nil},
		{"See rule 702.60.", []string{"702.60"}},
	}
	for _, c := range cases {
		if got := ExtractRefs(c.text); !slices.Equal(got, c.want) {
			t.Errorf("ExtractRefs(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Every cross-reference in the newest CR names a rule that exists. The
// unresolved ones are listed so that a new CR with a broken reference is
// reported rather than hidden.
func TestEveryReferenceResolves(t *testing.T) {
	r := newest(t)
	for _, u := range r.Unresolved {
		t.Errorf("%s cites %s, which the CR does not have", u.From, u.Target)
	}
	rule, _ := r.Rule("106.12")
	if !slices.Contains(rule.Refs, "605") {
		t.Errorf("106.12 refs = %v, want 605", rule.Refs)
	}
	n := 0
	for _, id := range r.Order {
		rr, _ := r.Rule(id)
		n += len(rr.Refs)
	}
	if n < 1000 {
		t.Errorf("only %d references extracted", n)
	}
}

func TestGlossary(t *testing.T) {
	r := newest(t)
	cases := []struct {
		term, want string
		refs       []string
		obsolete   bool
	}{
		{"Summoning Sickness Rule", "Summoning Sickness Rule", []string{"302.6"}, false},
		{"your", "You, Your", []string{"109.5"}, false},
		{"Active Player", "Active Player", []string{"102.1"}, false},
		{"bury", "Bury", nil, true},
		{"AETHER", "", nil, false},
	}
	for _, c := range cases {
		t.Run(c.term, func(t *testing.T) {
			g, ok := r.Define(c.term)
			if c.want == "" {
				if ok {
					t.Errorf("%q found %q", c.term, g.Term)
				}
				return
			}
			if !ok {
				t.Fatalf("%q not found", c.term)
			}
			if g.Term != c.want || g.Obsolete != c.obsolete {
				t.Errorf("got %q obsolete=%v", g.Term, g.Obsolete)
			}
			for _, ref := range c.refs {
				if !slices.Contains(g.Refs, ref) {
					t.Errorf("refs %v lack %s", g.Refs, ref)
				}
			}
		})
	}
	ab, _ := r.Define("Ability")
	if len(ab.Senses) != 2 {
		t.Errorf("Ability senses = %q", ab.Senses)
	}
	y, _ := r.Define("Y")
	if !slices.Equal(y.SeeAlso, []string{"X"}) {
		t.Errorf("Y see also %v", y.SeeAlso)
	}
}

func TestSuggest(t *testing.T) {
	r := newest(t)
	got := r.Suggest("704.5l")
	if len(got) < 2 || !slices.Contains(got, "704.5k") || !slices.Contains(got, "704.5m") {
		t.Errorf("Suggest(704.5l) = %v", got)
	}
	got = r.Suggest("302.9")
	if len(got) == 0 || got[0] != "302.7" {
		t.Errorf("Suggest(302.9) = %v", got)
	}
	for _, s := range r.Suggest("999.1") {
		if !r.Exists(s) {
			t.Errorf("suggested %s does not exist", s)
		}
	}
}

func TestParseID(t *testing.T) {
	good := map[string]string{"302.6": "302.6", "704.5K": "704.5k", "3": "3", "302": "302", "rule 614.1.": "614.1", "§ 100.1a": "100.1a"}
	for in, want := range good {
		id, err := ParseID(in)
		if err != nil || id.String() != want {
			t.Errorf("ParseID(%q) = %v, %v; want %s", in, id, err, want)
		}
	}
	if id, _ := ParseID("614.1."); !id.Alone {
		t.Error("614.1. must mean the rule alone")
	}
	for _, bad := range []string{"", "30", "3026", "302.06", "0", "abc", "302.6.a", "099.1"} {
		if _, err := ParseID(bad); err == nil {
			t.Errorf("ParseID(%q) should fail", bad)
		}
	}
}

func TestNotACR(t *testing.T) {
	if _, err := Parse(strings.NewReader("hello")); err == nil {
		t.Error("want error")
	}
	_ = filepath.Join
}

// The titles above a rule, nearest first: the rule it belongs to, its
// section and its chapter.
func TestTitlesAbove(t *testing.T) {
	rs := newest(t)
	r, ok := rs.Rule("702.10b")
	if !ok {
		t.Fatal("no 702.10b")
	}
	if got, want := rs.TitlesAbove(r), []string{"Haste", "Keyword Abilities", "Additional Rules"}; !slices.Equal(got, want) {
		t.Errorf("TitlesAbove(702.10b) = %q, want %q", got, want)
	}
}

// A rule that is only its title is a heading; one with text of its own,
// or with no title, is not.
func TestIsHeading(t *testing.T) {
	rs := newest(t)
	for id, want := range map[string]bool{"702.19": true, "305": true, "702.19a": false, "302.6": false} {
		r, ok := rs.Rule(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		if got := r.IsHeading(); got != want {
			t.Errorf("%s (%q, %q): IsHeading %v, want %v", id, r.Title, r.Text, got, want)
		}
	}
}
