package engine

import (
	"strings"
	"testing"
)

// A condition on what the scenario doesn't hold (a hand whose size it has
// not stated, 702's hellbent wording here) is not guessed: the effect
// applies when the statement says the condition holds, and otherwise
// answers say they depend on it. A graveyard is not such a thing: the
// scenario's graveyard holds what it put there (404.1, as "? graveyard"
// and Tarmogoyf read it), so threshold is decided by the game (611.3a).
//
// This test encoded before that every condition on a graveyard, a hand or
// a life total was unknown unless stated: Nimble Mongoose was 1/1
// "depending on the condition" with an empty graveyard, and 3/3 with
// "(condition holds)". The engine now counts the zones it holds
// (zonecond.go), so the Mongoose with an empty graveyard is a plain 1/1,
// and the hidden case is shown with a hand whose size is not stated.
func TestHiddenConditions(t *testing.T) {
	def := `define Nimble Mongoose = {G} Creature — Mongoose 1/1 "Shroud\nThreshold — Nimble Mongoose gets +2/+2 as long as seven or more cards are in your graveyard."` + "\n"
	r := mustRun(t, def+"Nimble Mongoose as M\n? M", nil)
	q := result(t, r, 3)
	if ptOf(q.Object) != "1/1" || len(q.DependsOnUnmodelled) != 0 || len(r.Unmodeled) != 0 {
		t.Errorf("an empty graveyard: want 1/1 depending on nothing, got %s %v %+v", ptOf(q.Object), q.DependsOnUnmodelled, r.Unmodeled)
	}
	gathan := `define Gathan Raiders = {3}{B}{B} Creature — Human Warrior 3/3 "Hellbent — Gathan Raiders gets +2/+2 as long as you have no cards in hand.\nMorph—Discard a card."` + "\n"
	r = mustRun(t, gathan+"Gathan Raiders as G\n? G", nil)
	q = result(t, r, 3)
	if ptOf(q.Object) != "3/3" || len(q.DependsOnUnmodelled) != 1 {
		t.Errorf("hand not stated: want 3/3 depending on the condition, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if len(r.Unmodeled) != 1 || !strings.Contains(r.Unmodeled[0].Sentence, "condition holds") || !strings.Contains(r.Unmodeled[0].Sentence, "cards in hand") {
		t.Errorf("want the sentence reported with how to state it, got %+v", r.Unmodeled)
	}
	r = mustRun(t, gathan+"Gathan Raiders as G (condition holds)\nGathan Raiders as N\n? G\n? N", nil)
	q = result(t, r, 4)
	if ptOf(q.Object) != "5/5" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("stated: want 5/5 with nothing unmodelled, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	// The statement speaks of its own object only.
	if q := result(t, r, 5); ptOf(q.Object) != "3/3" {
		t.Errorf("the other Raiders: want 3/3, got %s", ptOf(q.Object))
	}
	for _, c := range []struct {
		cond   string
		hidden bool
	}{
		{"you control an artifact", false},
		{"it's attacking", true},
		{"it's attacking alone", true},
		{"the top card of your library is a creature card", true},
		{"~ is monstrous", true},
		{"it's your turn", false},
		// Counts no count of the engine reads stay hidden.
		{"there are five or more mana values among cards in your graveyard", true},
	} {
		cd, ok := parseCondition(c.cond)
		if !ok || cd.Hidden != c.hidden {
			t.Errorf("%q: ok %v hidden %v, want hidden %v", c.cond, ok, cd != nil && cd.Hidden, c.hidden)
		}
	}
	// Conditions on graveyards, hands and life totals are read by the
	// game when the scenario holds them (zonecond.go).
	for _, c := range []string{
		"seven or more cards are in your graveyard",
		"there are four or more card types among cards in your graveyard",
		"you have no cards in hand",
		"you have 30 or more life",
	} {
		if cd, ok := parseCondition(c); !ok || cd.Hidden || cd.Zone == nil {
			t.Errorf("%q: want a condition on a zone, got %+v %v", c, cd, ok)
		}
	}
}
