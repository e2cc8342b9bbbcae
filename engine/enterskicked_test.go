package engine

import "testing"

// 614.1c, 702.33: "If ~ was kicked, it enters the battlefield with two
// +1/+1 counters on it and with flying": applied when the statement says
// the condition (it was kicked) holds; otherwise it enters with neither.
// A condition the board decides is checked as it enters.
func TestConditionalEntersWith(t *testing.T) {
	src := `define Drake = {1}{U} Creature — Drake 1/1 "Kicker {2}\nIf Drake was kicked, it enters the battlefield with two +1/+1 counters on it and with flying."
define Scout = {1}{G} Creature — Elf Scout 1/1 "Scout enters the battlefield with a +1/+1 counter on it if you control a creature with power 4 or greater."
define Giant = {4}{G} Creature — Giant 4/4
Drake as K (condition holds)
Drake as N
Scout as S1
Giant
Scout as S2
? K
? N
? S1
? S2`
	r := mustRun(t, src, nil)
	if q := result(t, r, 9); ptOf(q.Object) != "3/3" || !hasAbility(q.Object, "flying") {
		t.Errorf("kicked: want 3/3 with flying, got %s %v", ptOf(q.Object), q.Object.Abilities)
	}
	if q := result(t, r, 10); ptOf(q.Object) != "1/1" || hasAbility(q.Object, "flying") {
		t.Errorf("not kicked: want 1/1 without flying, got %s %v", ptOf(q.Object), q.Object.Abilities)
	}
	if got := ptAt(t, r, 11); got != "1/1" {
		t.Errorf("Scout with no 4-power creature: %s, want 1/1", got)
	}
	if got := ptAt(t, r, 12); got != "2/2" {
		t.Errorf("Scout entering with a Giant: %s, want 2/2", got)
	}
}
