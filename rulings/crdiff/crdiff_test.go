package crdiff

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

var (
	parseMu sync.Mutex
	parsed  = map[string]*cr.Rules{}
)

// version parses ../shared/data/cr/cr-<date>.txt once per test binary.
func version(tb testing.TB, date string) *cr.Rules {
	tb.Helper()
	parseMu.Lock()
	defer parseMu.Unlock()
	if rs, ok := parsed[date]; ok {
		return rs
	}
	rs, err := cr.ParseFile(shareddata.Path(tb, filepath.Join("cr", "cr-"+date+".txt")))
	if err != nil {
		tb.Fatal(err)
	}
	parsed[date] = rs
	return rs
}

// byKind lists "old>new" (or the one number) of each change of a kind.
func byKind(cs []Change, k Kind) []string {
	var out []string
	for _, c := range cs {
		if c.Kind != k {
			continue
		}
		switch k {
		case Renumbered:
			out = append(out, c.Old+">"+c.New)
		default:
			out = append(out, c.ID())
		}
	}
	sort.Strings(out)
	return out
}

func wantSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s:\n got  %v\n want %v", what, got, want)
	}
}

func find(t *testing.T, cs []Change, id string) Change {
	t.Helper()
	for _, c := range cs {
		if c.New == id || (c.New == "" && c.Old == id) {
			return c
		}
	}
	t.Fatalf("no change for %s", id)
	return Change{}
}

// hasOp reports whether the diff deletes del and inserts ins (either may
// be empty) as adjacent runs.
func hasOp(ops []Op, del, ins string) bool {
	for i, o := range ops {
		switch {
		case del != "" && o.Kind == Delete && o.Text == del:
			if ins == "" {
				return true
			}
			if i+1 < len(ops) && ops[i+1].Kind == Insert && ops[i+1].Text == ins {
				return true
			}
		case del == "" && o.Kind == Insert && o.Text == ins:
			return true
		}
	}
	return false
}

// accountFor checks that every rule of both versions is either unchanged
// (same number, same text) or named by exactly one change.
func accountFor(t *testing.T, old, new *cr.Rules, d *Diff) {
	t.Helper()
	oldSeen, newSeen := map[string]int{}, map[string]int{}
	for _, c := range d.Rules {
		if c.Old != "" {
			oldSeen[c.Old]++
			if !old.Exists(c.Old) {
				t.Errorf("%s cites old rule %s, which the old version lacks", c.Kind, c.Old)
			}
		}
		if c.New != "" {
			newSeen[c.New]++
			if !new.Exists(c.New) {
				t.Errorf("%s cites new rule %s, which the new version lacks", c.Kind, c.New)
			}
		}
	}
	for _, id := range old.Order {
		n := oldSeen[id]
		if n > 1 {
			t.Errorf("old rule %s is in %d changes", id, n)
		}
		if n == 0 {
			r, _ := old.Rule(id)
			nr, ok := new.Rule(id)
			if !ok || ruleContent(nr) != ruleContent(r) {
				t.Errorf("old rule %s is in no change but is not unchanged", id)
			}
		}
	}
	for _, id := range new.Order {
		if newSeen[id] > 1 {
			t.Errorf("new rule %s is in %d changes", id, newSeen[id])
		}
		if newSeen[id] == 0 && !old.Exists(id) {
			t.Errorf("new rule %s is in no change but the old version lacks it", id)
		}
	}
}

// 2025-11-14 -> 2026-01-16, read from the two texts (a line diff of them
// shows every difference): rule 610.5 and keyword action 701.68 Blight
// are new; 702.124k "Friends forever" is gone and 702.124m, n, p move up a
// letter unchanged; six rules change in place.
func TestNov2025ToJan2026(t *testing.T) {
	old, new := version(t, "20251114"), version(t, "20260116")
	d := Compare(old, new)
	accountFor(t, old, new, d)
	wantSet(t, "added", byKind(d.Rules, Added), []string{"610.5", "701.68", "701.68a", "701.68b", "701.68c", "701.68d"})
	wantSet(t, "removed", byKind(d.Rules, Removed), []string{"702.124k"})
	wantSet(t, "renumbered", byKind(d.Rules, Renumbered), []string{"702.124m>702.124k", "702.124n>702.124m", "702.124p>702.124n"})
	wantSet(t, "changed", byKind(d.Rules, Changed), []string{"115.7e", "205.3m", "207.2c", "601.2a", "702.124a", "702.124i"})
	for _, c := range d.Rules {
		if c.Kind == Renumbered && (c.Words != nil || c.Similarity != 1) {
			t.Errorf("%s -> %s: the text is the same in both files, got a diff %s", c.Old, c.New, Plain(c.Words))
		}
	}
	// 115.7e's example: "1 damage to another target" became "1 damage to
	// any other target".
	if c := find(t, d.Rules, "115.7e"); !hasOp(c.Words, "another", "any other") {
		t.Errorf("115.7e: %s", Plain(Trim(c.Words, 3)))
	}
	// 205.3m gains the creature type Sorcerer.
	if c := find(t, d.Rules, "205.3m"); !hasOp(c.Words, "", "Sorcerer,") {
		t.Errorf("205.3m: %s", Plain(Trim(c.Words, 3)))
	}
	wantSet(t, "glossary added", byKind(d.Glossary, Added), []string{"Blight"})
	wantSet(t, "glossary removed", byKind(d.Glossary, Removed), []string{"Friends Forever"})
	if n := Count(d.Glossary); n.Changed+n.Renumbered != 0 {
		t.Errorf("glossary: no other entry differs, got %+v", n)
	}
}

// 2026-01-16 -> 2026-04-17: the glossary's Map entry pointed to rule
// 110.10, which neither version has; the newer one points to 111.10
// (Predefined tokens), which both have. 722 "Preparation Cards" is new
// and pushes "Controlling Another Player" from 722 to 723.
func TestJan2026ToApr2026(t *testing.T) {
	old, new := version(t, "20260116"), version(t, "20260417")
	d := Compare(old, new)
	accountFor(t, old, new, d)
	if old.Exists("110.10") || new.Exists("110.10") {
		t.Fatal("rule 110.10 is in neither text")
	}
	if !old.Exists("111.10") || !new.Exists("111.10") {
		t.Fatal("rule 111.10 is in both texts")
	}
	m := find(t, d.Glossary, "Map")
	if m.Kind != Changed || !hasOp(m.Words, "110.10.", "111.10.") {
		t.Errorf("Map: %s %s", m.Kind, Plain(m.Words))
	}
	for _, id := range []string{"722", "722.1", "702.190", "702.190a", "702.191", "702.192", "111.10v", "508.4d"} {
		if c := find(t, d.Rules, id); c.Kind != Added {
			t.Errorf("%s: %s, want added", id, c.Kind)
		}
	}
	for from, to := range map[string]string{"722": "723", "722.1": "723.1", "723": "724"} {
		c := find(t, d.Rules, to)
		if c.Kind != Renumbered || c.Old != from || c.Words != nil {
			t.Errorf("%s: %s from %s, want renumbered unchanged from %s", to, c.Kind, c.Old, from)
		}
	}
	// 104.6 cites 727 "Restarting the Game" instead of 726.
	if c := find(t, d.Rules, "104.6"); c.Kind != Changed || !hasOp(c.Words, "726,", "727,") {
		t.Errorf("104.6: %s %s", c.Kind, Plain(Trim(c.Words, 3)))
	}
	// The glossary drops the Paris and Vancouver mulligans and renames
	// "Removed from Combat" to "Remove from Combat" with the same text.
	wantSet(t, "glossary removed", byKind(d.Glossary, Removed), []string{"Paris Mulligan", "Vancouver Mulligan"})
	wantSet(t, "glossary renumbered", byKind(d.Glossary, Renumbered), []string{"Removed from Combat>Remove from Combat"})
	for _, term := range []string{"Sneak", "Paradigm", "Increment", "Prepared"} {
		if c := find(t, d.Glossary, term); c.Kind != Added {
			t.Errorf("glossary %s: %s, want added", term, c.Kind)
		}
	}
}

// 2021-11-15 -> 2026-04-17: four years of changes, checked by a sample
// read in both texts.
func TestNov2021ToApr2026(t *testing.T) {
	old, new := version(t, "20211115"), version(t, "20260417")
	d := Compare(old, new)
	accountFor(t, old, new, d)
	for _, id := range []string{"702.182", "702.182a"} {
		if old.Exists(id) {
			t.Fatalf("%s is not in the 2021 text", id)
		}
		if c := find(t, d.Rules, id); c.Kind != Added || !strings.Contains(c.NewText, "Job select") && id == "702.182a" {
			t.Errorf("%s: %s %q", id, c.Kind, c.NewText)
		}
	}
	// 103.3 (starting life total of 20) is 103.4 word for word.
	if c := find(t, d.Rules, "103.4"); c.Kind != Renumbered || c.Old != "103.3" || c.Words != nil {
		t.Errorf("103.4: %s from %s %s", c.Kind, c.Old, Plain(c.Words))
	}
	// Battles took 210 (Defense): hand modifier 210.1 moved to 211.1 and
	// life modifier 211.1 to 212.1, each citing the renumbered 103.x.
	if c := find(t, d.Rules, "211.1"); c.Kind != Renumbered || c.Old != "210.1" || !hasOp(c.Words, "103.4.", "103.5.") {
		t.Errorf("211.1: %s from %s %s", c.Kind, c.Old, Plain(c.Words))
	}
	if c := find(t, d.Rules, "212.1"); c.Kind != Renumbered || c.Old != "211.1" || !hasOp(c.Words, "103.3.", "103.4.") {
		t.Errorf("212.1: %s from %s %s", c.Kind, c.Old, Plain(c.Words))
	}
	if c := find(t, d.Rules, "210.1"); c.Kind != Added || !strings.Contains(c.NewText, "battle card") {
		t.Errorf("210.1: %s %q", c.Kind, c.NewText)
	}
	// Trample's damage may now go to a battle.
	if c := find(t, d.Rules, "702.19b"); c.Kind != Changed || !strings.Contains(New(c.Words), "player, planeswalker, or battle") || !strings.Contains(Old(c.Words), "player or planeswalker") {
		t.Errorf("702.19b: %s %s", c.Kind, Plain(Trim(c.Words, 3)))
	}
	n := Count(d.Rules)
	t.Logf("rules %d -> %d: %+v; glossary %+v", old.Len(), new.Len(), n, Count(d.Glossary))
	// Every new number is an addition or the target of a change; the
	// 2026 text has 531 more rules than 2021's.
	if n.Added-n.Removed != new.Len()-old.Len() {
		t.Errorf("added-removed = %d, the versions differ by %d rules", n.Added-n.Removed, new.Len()-old.Len())
	}
}

func TestSameVersion(t *testing.T) {
	rs := version(t, "20260417")
	d := Compare(rs, rs)
	if len(d.Rules)+len(d.Glossary) != 0 {
		t.Errorf("a version against itself: %d rule and %d glossary changes", len(d.Rules), len(d.Glossary))
	}
}

func TestWords(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"a b c", "a b c", "a b c"},
		{"a b c", "a x c", "a [-b-] {+x+} c"},
		{"see rule 726, “Restarting the Game.”", "see rule 727, “Restarting the Game.”", "see rule [-726,-] {+727,+} “Restarting the Game.”"},
		{"one two", "", "[-one two-]"},
		{"", "one", "{+one+}"},
		{"the cat sat", "the dog sat down", "the [-cat-] {+dog+} sat {+down+}"},
	} {
		ops := Words(tc.a, tc.b)
		if got := Plain(ops); got != tc.want {
			t.Errorf("Words(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
		if Old(ops) != strings.Join(strings.Fields(tc.a), " ") || New(ops) != strings.Join(strings.Fields(tc.b), " ") {
			t.Errorf("Words(%q, %q) does not rebuild both texts: %q / %q", tc.a, tc.b, Old(ops), New(ops))
		}
	}
}

func TestTrim(t *testing.T) {
	ops := Words("1 2 3 4 5 6 7 8 9 10 11 12", "1 2 3 4 5 X 7 8 9 10 11 12")
	if got := Plain(Trim(ops, 2)); got != "… 4 5 [-6-] {+X+} 7 8 …" {
		t.Errorf("Trim = %q", got)
	}
	if got := Plain(Trim(ops, -1)); got != Plain(ops) {
		t.Errorf("Trim(-1) = %q", got)
	}
}

func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		x, id string
		want  bool
	}{
		{"702.19b", "702", true}, {"702", "702", true}, {"702.1a", "702.1", true},
		{"702.10", "702.1", false}, {"7021", "702", false}, {"703.1", "702", false},
		{"702.19b", "7", true}, {"70", "7", false}, {"", "702", false},
		{"704.5k", "704.5", true}, {"704.50", "704.5", false},
	} {
		if got := within(tc.x, tc.id); got != tc.want {
			t.Errorf("within(%q, %q) = %v", tc.x, tc.id, got)
		}
	}
}

func TestUnder(t *testing.T) {
	d := Compare(version(t, "20260116"), version(t, "20260417"))
	var ids []string
	for _, c := range d.Under("702.19") {
		ids = append(ids, c.ID())
	}
	// 702.190-702.192 are new but are not 702.19's subrules.
	if len(ids) != 0 {
		t.Errorf("Under(702.19) = %v", ids)
	}
	got := d.Under("702.190")
	if len(got) != 3 {
		t.Errorf("Under(702.190) = %d changes, want 702.190, a, b", len(got))
	}
}

// BenchmarkCompare diffs the 2021 and the 2026-04 CR (the two most
// different versions held), parsed beforehand: the target is at most
// 200 ms per diff.
func BenchmarkCompare(b *testing.B) {
	old, new := version(b, "20211115"), version(b, "20260417")
	b.ResetTimer()
	for b.Loop() {
		Compare(old, new)
	}
}

// BenchmarkCompareAdjacent diffs two consecutive versions.
func BenchmarkCompareAdjacent(b *testing.B) {
	old, new := version(b, "20260116"), version(b, "20260417")
	b.ResetTimer()
	for b.Loop() {
		Compare(old, new)
	}
}
