package ask

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

// The literal check never changes an answer: over the CR's rules, the
// cards' Oracle text and rulings and the real questions, every pattern of
// the cue, effect and tournament tables matches exactly where its
// expression does.
func TestPatternsMatchAsTheirExpressions(t *testing.T) {
	kb := testkb.KB(t)
	var texts []string
	for _, id := range kb.CR.Order {
		r, _ := kb.CR.Rule(id)
		texts = append(texts, r.Text)
	}
	for _, c := range kb.Cards.Cards() {
		texts = append(texts, c.Text, c.TypeLine)
	}
	for _, q := range evalset.Split(evalset.Dev(), evalset.SplitTune) {
		texts = append(texts, q.Question)
	}
	var pats []*pattern
	for _, c := range questionCues {
		pats = append(pats, c.phrase)
	}
	for _, k := range effectKinds {
		pats = append(pats, k.template)
	}
	for _, k := range typeKinds {
		pats = append(pats, k.template)
	}
	for _, k := range survivalKinds {
		for _, p := range []*pattern{k.typeLine, k.questionWords} {
			if p != nil {
				pats = append(pats, p)
			}
		}
		for _, r := range k.rules {
			if r.when != nil {
				pats = append(pats, r.when)
			}
		}
	}
	for _, k := range costKinds {
		pats = append(pats, k.template)
	}
	pats = append(pats, tournamentCue, layerWord, survivalAsked, costAsked)
	matches := 0
	for _, p := range pats {
		if len(p.needs) == 0 {
			t.Errorf("%s requires no literal", p.re)
		}
		for _, s := range texts {
			want := p.re.MatchString(s)
			if got := p.match(s, strings.ToLower(s)); got != want {
				t.Errorf("%s on %q: %v, expression %v", p.re, s, got, want)
			}
			if want {
				matches++
			}
		}
	}
	if matches == 0 {
		t.Fatal("no pattern matched any text")
	}
}
