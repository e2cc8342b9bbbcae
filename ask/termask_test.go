//go:build !race

// Over the full catalogue (full_test.go), whose rulings speak of flying
// creatures and so on, as the product answers.

package ask

import "testing"

// A question that asks only what a term means is answered by the rules
// its glossary entry points to ("Flying … See rule 702.9"), whatever words
// frame it: "mean" and "work" are not what the rules must hold ("“Afterlife
// N” means … tokens with flying" is no answer to "what does flying mean").
func TestTermQuestions(t *testing.T) {
	a := fullAsker(t)
	for _, tc := range []struct{ q, term string }{
		{"what does flying mean?", "flying"},
		{"What does hexproof mean", "hexproof"},
		{"how does trample work?", "trample"},
		{"explain deathtouch", "deathtouch"},
		{"What does the keyword \"menace\" mean?", "menace"},
	} {
		g, ok := a.kb.CR.Define(tc.term)
		if !ok {
			t.Fatalf("no glossary entry %q", tc.term)
		}
		rules := 0
		for _, h := range a.Ask(tc.q).Top() {
			if h.Kind != "rule" || rules == 3 {
				continue
			}
			rules++
			if !a.under(h.ID, g.Refs) {
				t.Errorf("%q: rule %s among the first three, want only rules under %v (the glossary's %q)", tc.q, h.ID, g.Refs, g.Term)
			}
		}
	}
	// A question about a term in a situation is not one of these.
	if _, ok := a.termAsked("how does trample work with deathtouch?"); ok {
		t.Error("a question on two terms read as asking one's meaning")
	}
}
