package engine

import (
	"strings"
	"testing"
)

// A condition on what the scenario doesn't hold (a graveyard here, 702's
// threshold wording) is not guessed: the effect applies when the statement
// says the condition holds, and otherwise answers say they depend on it.
func TestHiddenConditions(t *testing.T) {
	def := `define Nimble Mongoose = {G} Creature — Mongoose 1/1 "Shroud\nThreshold — Nimble Mongoose gets +2/+2 as long as seven or more cards are in your graveyard."` + "\n"
	r := mustRun(t, def+"Nimble Mongoose as M\n? M", nil)
	q := result(t, r, 3)
	if ptOf(q.Object) != "1/1" || len(q.DependsOnUnmodelled) != 1 {
		t.Errorf("not stated: want 1/1 depending on the condition, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if len(r.Unmodeled) != 1 || !strings.Contains(r.Unmodeled[0].Sentence, "condition holds") {
		t.Errorf("want the sentence reported with how to state it, got %+v", r.Unmodeled)
	}
	r = mustRun(t, def+"Nimble Mongoose as M (condition holds)\nNimble Mongoose as N\n? M\n? N", nil)
	q = result(t, r, 4)
	if ptOf(q.Object) != "3/3" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("stated: want 3/3 with nothing unmodelled, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	// The statement speaks of its own object only.
	if q := result(t, r, 5); ptOf(q.Object) != "1/1" {
		t.Errorf("the other Mongoose: want 1/1, got %s", ptOf(q.Object))
	}
	for _, c := range []struct {
		cond   string
		hidden bool
	}{
		{"seven or more cards are in your graveyard", true},
		{"there are four or more card types among cards in your graveyard", true},
		{"you have no cards in hand", true},
		{"you have 30 or more life", true},
		{"you control an artifact", false},
		{"it's attacking", true},
		{"it's attacking alone", true},
		{"the top card of your library is a creature card", true},
		{"~ is monstrous", true},
		{"it's your turn", false},
	} {
		cd, ok := parseCondition(c.cond)
		if !ok || cd.Hidden != c.hidden {
			t.Errorf("%q: ok %v hidden %v, want hidden %v", c.cond, ok, cd != nil && cd.Hidden, c.hidden)
		}
	}
}
