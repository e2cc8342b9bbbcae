package ask

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

var (
	leftOutOnce  sync.Once
	leftOutAsker *Asker
)

// examplesLeftOutAsker answers over the test catalogue with a CR whose
// examples are left out of the rules and of the index.
func examplesLeftOutAsker(t testing.TB) *Asker {
	t.Helper()
	kb := testkb.KB(t)
	leftOutOnce.Do(func() { leftOutAsker = New(kb.WithoutExamples()) })
	return leftOutAsker
}

// crExample is one "Example:" paragraph of the CR and the rule it
// illustrates.
type crExample struct {
	rule   *cr.Rule
	parent string
	text   string
}

func crExamples(rules *cr.Rules) []crExample {
	var out []crExample
	for _, id := range rules.Order {
		r, _ := rules.Rule(id)
		for _, ex := range r.Examples {
			out = append(out, crExample{rule: r, parent: r.Parent, text: ex})
		}
	}
	return out
}

// exampleFloors are the rates (top-1, top-5) the pipeline reached on the
// CR's examples asked as questions with the examples left out: the
// example's own rule, and its own rule or its parent.
var exampleFloors = map[string][2]float64{
	"own":       {0.225, 0.425},
	"or parent": {0.25, 0.468},
}

// TestCRExamplesLeftOut asks each of the CR's examples — a small situation,
// often with cards, told as players tell theirs — through the whole
// pipeline, with the examples left out of the knowledge base, and counts
// how often the rule the example illustrates comes first and in the first
// five. It is a measure of the ranking's general mechanisms that no
// question of the real sets shaped: the CR's own authors chose which rule
// each situation illustrates.
func TestCRExamplesLeftOut(t *testing.T) {
	measureExamples(t, examplesLeftOutAsker(t), exampleFloors)
}

// measureExamples asks every example of the CR and fails below floors.
func measureExamples(t *testing.T, a *Asker, floors map[string][2]float64) {
	t.Helper()
	examples := crExamples(testkb.CR(t))
	if len(examples) < 250 {
		t.Fatalf("%d examples in the CR, want at least 250", len(examples))
	}
	var own, withParent, search score
	// byChapter holds the own-rule score of each chapter of the CR ("1",
	// Game Concepts, to "9", Casual Variants).
	byChapter := map[string]*score{}
	steals := map[string]int{}
	headings := 0
	for _, ex := range examples {
		// A heading ("702.73. Changeling") would be answered by the
		// subrule that takes its place in a situation; the CR puts every
		// example under a rule of its own words, so each is counted as
		// its own rule only.
		if ex.rule.IsHeading() {
			headings++
		}
		ans := a.Ask(ex.text)
		top := ans.Top()
		expect := []string{"cr:" + ex.rule.ID}
		own.add(top, expect)
		withParent.add(top, append(expect, "cr:"+ex.parent))
		search.add(searchBaseline(a, ex.text), expect)
		ch := ex.rule.ID[:1]
		if byChapter[ch] == nil {
			byChapter[ch] = &score{}
		}
		byChapter[ch].add(top, expect)
		if len(top) > 0 && !hit(top[0], expect) {
			steals[top[0].Kind+":"+top[0].ID]++
			if testing.Verbose() {
				var ids []string
				for _, h := range top {
					ids = append(ids, fmt.Sprintf("%s:%s(%.2f)", h.Kind, h.ID, h.Score))
				}
				t.Logf("example miss %s got %v: %.90q", ex.rule.ID, ids, ex.text)
			}
		}
	}
	t.Logf("CR examples, own rule:           %s", own)
	t.Logf("CR examples, own rule or parent: %s", withParent)
	t.Logf("CR examples, plain search:       %s", search)
	var chapters []string
	for ch := range byChapter {
		chapters = append(chapters, ch)
	}
	sort.Strings(chapters)
	for _, ch := range chapters {
		t.Logf("CR examples of chapter %s: %s", ch, byChapter[ch])
	}
	if headings > 0 {
		t.Logf("%d examples stand under a heading", headings)
	}
	type steal struct {
		id string
		n  int
	}
	var ss []steal
	for id, n := range steals {
		ss = append(ss, steal{id, n})
	}
	sort.Slice(ss, func(i, j int) bool {
		if ss[i].n != ss[j].n {
			return ss[i].n > ss[j].n
		}
		return ss[i].id < ss[j].id
	})
	var most []string
	for i, s := range ss {
		if i == 15 {
			break
		}
		most = append(most, fmt.Sprintf("%s×%d", s.id, s.n))
	}
	t.Logf("first place taken most by: %s", strings.Join(most, ", "))
	for name, s := range map[string]score{"own": own, "or parent": withParent} {
		if f := floors[name]; s.rate1() < f[0] || s.rate5() < f[1] {
			t.Errorf("CR examples (%s) fell below their floor (top-1 %.2f, top-5 %.2f): %s", name, f[0], f[1], s)
		}
	}
}
