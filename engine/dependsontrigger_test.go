package engine

import (
	"strings"
	"testing"
)

// A game answer depends on a triggered ability's unmodelled effect only
// once that ability has resolved: before then it has not done anything
// (603.3: it waits, then goes on the stack; 608.2: its effect happens as
// it resolves).
func TestGameAnswersDependOnTriggersThatResolved(t *testing.T) {
	cards := NewMapSource(CardDef{Name: "Solemn Simulacrum", ManaCost: "{4}", Types: []string{"Artifact", "Creature"},
		Subtypes: []string{"Golem"}, Power: "2", Toughness: "2",
		Text: "When Solemn Simulacrum enters the battlefield, you may search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.\nWhen Solemn Simulacrum dies, you may draw a card."})
	// Put onto the battlefield by the set-up: the enters ability never
	// triggered, so nothing depends on its search.
	r := mustRun(t, "Solemn Simulacrum as S\ndestroy S\n? stack", cards)
	q := result(t, r, 3)
	if q.Info == nil || !strings.Contains(q.Info.Answer, "When Solemn Simulacrum dies") {
		t.Fatalf("stack %+v, want the dies trigger", q.Info)
	}
	if len(q.DependsOnUnmodelled) > 0 {
		t.Errorf("the stack depends on %q, an ability that never triggered", q.DependsOnUnmodelled)
	}
	// Entering during the scenario, its enters ability triggers; once it
	// resolves, answers about the game depend on the search it could not
	// carry out.
	r = mustRun(t, "Solemn Simulacrum as S (new)\n? stack\nresolve\n? hand", cards)
	if q := result(t, r, 2); len(q.DependsOnUnmodelled) > 0 {
		t.Errorf("the stack depends on %q before the ability resolved", q.DependsOnUnmodelled)
	}
	if q := result(t, r, 4); len(q.DependsOnUnmodelled) == 0 || !strings.Contains(q.DependsOnUnmodelled[0], "search your library") {
		t.Errorf("after the enters ability resolved, ? hand depends on %q, want its search", q.DependsOnUnmodelled)
	}
}
