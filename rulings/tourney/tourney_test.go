package tourney

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// loadDir offers every file below dir to a new library, as the knowledge
// base's directory scan does.
func loadDir(t testing.TB, dir string) *Library {
	t.Helper()
	l := NewLibrary()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if _, err := l.AddFile(p, data); err != nil {
			t.Errorf("AddFile(%s): %v", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	l.Finish()
	return l
}

func realLibrary(t testing.TB) *Library { return loadDir(t, shareddata.Data(t)) }

func TestNewestVersionsWin(t *testing.T) {
	l := realLibrary(t)
	// SOURCES.md: French-Vanilla has MTR effective 2025-11-10 and IPG
	// 2024-09-23; the JAR exists only in the RulesLawyer file, undated.
	tests := []struct {
		doc    string
		date   time.Time
		source string
	}{
		{MTR, time.Date(2025, 11, 10, 0, 0, 0, 0, time.UTC), srcFrenchVanilla},
		{IPG, time.Date(2024, 9, 23, 0, 0, 0, 0, time.UTC), srcFrenchVanilla},
		{JAR, time.Time{}, srcRulesLawyer},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			if got := l.EffectiveDate(tt.doc); !got.Equal(tt.date) {
				t.Errorf("EffectiveDate = %v, want %v", got, tt.date)
			}
			if got := l.Source(tt.doc); got != tt.source {
				t.Errorf("Source = %q, want %q", got, tt.source)
			}
		})
	}
}

func TestSections(t *testing.T) {
	l := realLibrary(t)
	tests := []struct {
		doc, number, title, penalty, textHas string
	}{
		{MTR, "4.2", "Tournament Shortcuts", "", "shortcut"},
		{MTR, "MTR 4.2.", "Tournament Shortcuts", "", "shortcut"},
		{MTR, "1.12", "Rules Enforcement Levels", "", "Regular"},
		{MTR, "appendix b", "Time Limits", "", "40 minutes"},
		{MTR, "4", "Communication", "", ""},
		{IPG, "2.1", "Game Play Error — Missed Trigger", "No Penalty", "triggered ability"},
		{IPG, "2.3", "Game Play Error — Hidden Card Error", "Warning", ""},
		{IPG, "3.1", "Tournament Error — Tardiness", "Game Loss", ""},
		{IPG, "3.2", "Tournament Error — Outside Assistance", "Match Loss", ""},
		{IPG, "4.8", "Unsporting Conduct — Cheating", "Disqualification", ""},
		{IPG, "1.1", "Definition of Penalties", "", "Warning"},
		{JAR, "2", "Common Issues", "", ""},
		{JAR, "2.1", "", "", "triggered ability"},
	}
	for _, tt := range tests {
		t.Run(tt.doc+" "+tt.number, func(t *testing.T) {
			s, ok := l.Section(tt.doc, tt.number)
			if !ok {
				t.Fatalf("Section(%s, %s) not found", tt.doc, tt.number)
			}
			if tt.title != "" && s.Title != tt.title {
				t.Errorf("title %q, want %q", s.Title, tt.title)
			}
			if s.Penalty != tt.penalty {
				t.Errorf("penalty %q, want %q", s.Penalty, tt.penalty)
			}
			if !strings.Contains(s.Text+s.Title, tt.textHas) {
				t.Errorf("text lacks %q: %.200q", tt.textHas, s.Text)
			}
			if s.Doc != tt.doc {
				t.Errorf("Doc %q", s.Doc)
			}
		})
	}
	if _, ok := l.Section(MTR, "99.9"); ok {
		t.Error("MTR 99.9 found")
	}
	if _, ok := l.Section("cr", "1.1"); ok {
		t.Error("unknown document answered")
	}
	// MTR section 4 lists its nine subsections; 4.2's parent is 4.
	four, _ := l.Section(MTR, "4")
	if len(four.Children) != 9 || four.Children[1] != "4.2" {
		t.Errorf("MTR 4 children %v", four.Children)
	}
}

func TestSectionOrder(t *testing.T) {
	l := realLibrary(t)
	var nums []string
	for _, s := range l.Sections(MTR) {
		nums = append(nums, s.Number)
	}
	i9, i10, i2, iA := slices.Index(nums, "1.9"), slices.Index(nums, "1.10"), slices.Index(nums, "2"), slices.Index(nums, "A")
	if !(i9 < i10 && i10 < i2 && i2 < iA && iA == len(nums)-6) {
		t.Errorf("order wrong: %v", nums)
	}
}

// TestAbbreviationsMatchTheIPG checks the table against the loaded IPG:
// every abbreviation points at a section whose title names the infraction
// (retired names aside), and the common ones resolve.
func TestAbbreviationsMatchTheIPG(t *testing.T) {
	l := realLibrary(t)
	for _, a := range Abbreviations {
		t.Run(a.Abbrev, func(t *testing.T) {
			s, ok := l.Section(IPG, a.Number)
			if !ok {
				t.Fatalf("IPG %s missing", a.Number)
			}
			if a.Note == "" && !strings.Contains(strings.ToLower(s.Title), strings.ToLower(strings.TrimSuffix(a.Name, "s"))) {
				t.Errorf("%s -> %s %q, which does not name %q", a.Abbrev, a.Number, s.Title, a.Name)
			}
			if got, ok := l.ResolveAbbrev(a.Abbrev); !ok || got != a.Number {
				t.Errorf("ResolveAbbrev(%q) = %q, %v", a.Abbrev, got, ok)
			}
		})
	}
	for in, want := range map[string]string{
		"mt": "2.1", "HCE": "2.3", "gpe": "2", "gre": "2.5", "cpv": "3.7", "dec": "2.3",
		"usc minor": "4.1", "USC-Major": "4.2", "l@ec": "2.2", "gpe-hce": "2.3", "te dp": "3.5",
		"hidden card error": "2.3", "Missed Trigger": "2.1", "slow play": "3.3", "cheating": "4.8",
	} {
		if got, ok := l.ResolveAbbrev(in); !ok || got != want {
			t.Errorf("ResolveAbbrev(%q) = %q, %v; want %s", in, got, ok, want)
		}
	}
	for _, miss := range []string{"", "xyz", "2.1"} {
		if got, ok := l.ResolveAbbrev(miss); ok {
			t.Errorf("ResolveAbbrev(%q) = %q", miss, got)
		}
	}
}

func TestRefsExistInCR(t *testing.T) {
	rules, err := cr.ParseFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	l := realLibrary(t)
	found := 0
	for _, d := range Docs {
		for _, s := range l.Sections(d) {
			for _, r := range s.Refs {
				found++
				if !rules.Exists(r) {
					t.Errorf("%s %s cites rule %s, which the CR lacks", d, s.Number, r)
				}
			}
		}
	}
	// MTR 2.3 cites rule 103.4 and 9.4 cites 103.4c.
	s, _ := l.Section(MTR, "9.4")
	if !slices.Contains(s.Refs, "103.4c") || found < 2 {
		t.Errorf("MTR 9.4 refs %v, %d refs in all", s.Refs, found)
	}
}

func TestUndatedVersionsAndTies(t *testing.T) {
	// With only the RulesLawyer and hgarus IPGs (both undated, 32 sections
	// each), the one with text in more sections wins; a dated one beats
	// both.
	d := shareddata.Data(t)
	only := func(paths ...string) *Library {
		l := NewLibrary()
		for _, p := range paths {
			data, err := os.ReadFile(filepath.Join(d, p))
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := l.AddFile(p, data); !ok || err != nil {
				t.Fatalf("AddFile(%s) = %v, %v", p, ok, err)
			}
		}
		l.Finish()
		return l
	}
	l := only("tournament/hgarus-mtgdocs/ipg.json", "tournament/ruleslawyer/IPG-parsed.json")
	if !l.Loaded(IPG) || !l.EffectiveDate(IPG).IsZero() {
		t.Fatalf("undated IPG: loaded %v date %v", l.Loaded(IPG), l.EffectiveDate(IPG))
	}
	s, ok := l.Section(IPG, "2.2")
	if !ok || s.Penalty != "Warning" || !strings.Contains(s.Title, "Looking at Extra Cards") {
		t.Errorf("IPG 2.2 from RulesLawyer: %+v", s)
	}
	l = only("tournament/ruleslawyer/IPG-parsed.json", "tournament/french-vanilla/ipg_section_2.json")
	if l.Source(IPG) != srcFrenchVanilla {
		t.Errorf("dated version lost to undated: %s", l.Source(IPG))
	}
	// Two dated versions: the later one serves, whatever the load order.
	older := `{"section_number":2,"title":"2. Game Play Errors","section_key":"ipg_section_2","metadata":{"effective_date":"January 1, 2030"},"infractions":[{"number":"2.1","title":"Game Play Error — Missed Trigger Warning","penalty":"Warning","definition":"newer text"}]}`
	l2 := NewLibrary()
	data, _ := os.ReadFile(filepath.Join(d, "tournament/french-vanilla/ipg_section_2.json"))
	l2.AddFile("new.json", []byte(older))
	l2.AddFile("old.json", data)
	l2.Finish()
	if s, _ := l2.Section(IPG, "2.1"); s.Text != "newer text" || s.Penalty != "Warning" {
		t.Errorf("2030 version not chosen: %+v", s)
	}
}

func TestAddFileIgnoresOtherFiles(t *testing.T) {
	cards, _ := os.ReadFile(shareddata.Path(t, "cards/mtgjson-v5/M15.json"))
	crText, _ := os.ReadFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	for name, data := range map[string][]byte{
		"MTGJSON":         cards,
		"CR":              crText,
		"empty":           nil,
		"array of cards":  []byte(`[{"object":"card","name":"Opt"}]`),
		"object":          []byte(`{"a":1}`),
		"numbers keyed":   []byte(`{"1":{"x":1}}`),
		"unknown doctype": []byte(`{"document_type":"faq","sections":[]}`),
	} {
		t.Run(name, func(t *testing.T) {
			l := NewLibrary()
			if ok, err := l.AddFile("x.json", data); ok || err != nil {
				t.Errorf("AddFile = %v, %v", ok, err)
			}
		})
	}
}

func TestSearchDocs(t *testing.T) {
	l := realLibrary(t)
	kinds := map[string]int{}
	for _, d := range l.SearchDocs() {
		kinds[d.Kind]++
		if d.Text == "" || d.ID == "" {
			t.Errorf("empty doc %+v", d)
		}
		if d.Kind == IPG && d.ID == "2.3" && !strings.HasPrefix(d.Text, "Penalty: Warning") {
			t.Errorf("IPG 2.3 doc text %.60q", d.Text)
		}
	}
	// Sections with text. MTR: 12+13+16+9+6+7+7+6+7+4 = 87 subsections and
	// 6 appendices; IPG: 5+6+9+8 = 28 and 2 appendices; JAR: 5 parts less
	// the one that is only a heading, plus 5 common issues.
	if kinds[MTR] != 93 || kinds[IPG] != 30 || kinds[JAR] != 9 {
		t.Errorf("doc counts %v", kinds)
	}
}

func FuzzAddFile(f *testing.F) {
	for _, p := range []string{
		"tournament/french-vanilla/ipg_index.json", "tournament/french-vanilla/mtr_section_9.json",
		"tournament/ruleslawyer/JAR-parsed.json", "tournament/hgarus-mtgdocs/ipg.json",
	} {
		data, err := os.ReadFile(shareddata.Path(f, p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p, data)
	}
	f.Add("x", []byte(`{"1":{"title":"1 A","url":"/ipg1","text":"rule 100.1"}}`))
	f.Fuzz(func(t *testing.T, path string, data []byte) {
		l := NewLibrary()
		l.AddFile(path, data)
		l.Finish()
		for _, d := range Docs {
			for _, s := range l.Sections(d) {
				got, ok := l.Section(d, s.Number)
				if !ok || got != s {
					t.Fatalf("section %s %q listed but not found", d, s.Number)
				}
			}
		}
		l.SearchDocs()
		l.ResolveAbbrev(string(data[:min(len(data), 20)]))
	})
}

// A title typed with typos finds its section: a word of four to six
// letters may be one edit off, a longer one two; a short word and a word
// further off find nothing.
func TestFindTypos(t *testing.T) {
	l := realLibrary(t)
	numbers := func(ss []*Section) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.Number)
		}
		return out
	}
	for q, want := range map[string][]string{
		"missed triger":    {"2.1"},
		"hiden card eror":  {"2.3"},
		"decklist problme": {"3.4"},
		"mixxed":           nil, // two edits in a six-letter word
		"msd":              nil, // a short word must be exact
		"missed tragedy":   nil,
		"xyz":              nil,
	} {
		if got := numbers(l.FindTypos(IPG, q)); !slices.Equal(got, want) {
			t.Errorf("FindTypos(%q) = %v, want %v", q, got, want)
		}
	}
}
