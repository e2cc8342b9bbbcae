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

// 502.3: "Untap all creatures you control during each other player's
// untap step" is a rule on each creature its controller controls, not on
// others; 602.2b, 118.7: a cost change on the enchanted artifact, with
// its limit; "creatures you control that are enchanted" are those with an
// Aura attached (303.4b).
func TestUntapOthersAndAttached(t *testing.T) {
	src := `define Seedborn = {3}{G} Creature — Spirit 2/4 "Untap all creatures you control during each other player's untap step."
define Power Artifact = {U}{U} Enchantment — Aura "Enchant artifact\nActivated abilities of enchanted artifact cost {2} less to activate. This effect can't reduce the mana in that cost to less than one mana."
define Magemark = {1}{W} Enchantment — Aura "Enchant creature\nCreatures you control that are enchanted get +1/+1."
define Rock = {2} Artifact ""
define Bear = {1}{G} Creature — Bear 2/2
Seedborn as S
Bear as B
opponent: Bear as O
Rock as R
Rock as R2
Power Artifact (attached to R)
Bear as E
Magemark (attached to E)
? B
? O
? R
? R2
? E`
	r := mustRun(t, src, nil)
	has := func(line int, rule string) bool {
		for _, s := range result(t, r, line).Trace {
			if s.Rule == rule {
				return true
			}
		}
		return false
	}
	if !has(14, "502.3") || has(15, "502.3") {
		t.Errorf("502.3 on your Bear only: yours %v, the opponent's %v", has(14, "502.3"), has(15, "502.3"))
	}
	if !has(16, "602.2b") || has(17, "602.2b") {
		t.Errorf("602.2b on the enchanted artifact only: %v, %v", has(16, "602.2b"), has(17, "602.2b"))
	}
	if got := ptAt(t, r, 18); got != "3/3" {
		t.Errorf("the enchanted Bear: %s, want 3/3", got)
	}
	if got := ptAt(t, r, 14); got != "2/2" {
		t.Errorf("an unenchanted Bear: %s, want 2/2", got)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
	// "enchanted artifact" is the object the Aura is attached to, not
	// every enchanted artifact.
	if f, ok := parseFilter([]string{"enchanted", "artifact"}); ok {
		t.Errorf("\"enchanted artifact\" read as a filter: %+v", f)
	}
}
