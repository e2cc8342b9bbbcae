package engine

import (
	"testing"
)

// Rules about objects are shown on the objects the text names, with their
// rule; day and night (731.1) are shown, as the scenario doesn't track
// them; abilities that work from other zones do nothing on the
// battlefield (113.6b) and are not reported as unmodelled.
func TestMoreObjectRules(t *testing.T) {
	src := `define Sanctifier = {2}{W} Creature — Human Cleric 3/1 "If it's neither day nor night, it becomes day as Sanctifier enters the battlefield."
define Unworthy = {1}{B} Creature — Horror 2/2 "Unworthy can't be equipped."
define Chained = {2}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't be the target of spells and can't be enchanted by other Auras."
define Risen = {2}{B} Creature — Zombie 2/2 "You may cast Risen from your graveyard if you gained life this turn."
define Bear = {1}{G} Creature — Bear 2/2
Sanctifier as S
Unworthy as U
Bear as B
Chained (attached to B)
Risen as R
Bear as Plain
? S
? U
? B
? R
? Plain`
	r := mustRun(t, src, nil)
	for line, rules := range map[int][]string{12: {"731.1"}, 13: {"301.5"}, 14: {"601.2c", "303.4c"}} {
		q := result(t, r, line)
		for _, rule := range rules {
			found := false
			for _, s := range q.Trace {
				found = found || s.Rule == rule
			}
			if !found {
				t.Errorf("line %d: no %s step in %s", line, rule, traceText(q))
			}
		}
	}
	for _, line := range []int{15, 16} {
		if q := result(t, r, line); len(q.Trace) != 0 {
			t.Errorf("line %d: affected by nothing, got %s", line, traceText(q))
		}
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}
