package engine

import (
	"strings"
	"testing"
)

// Rules about an object (613.11) are shown on the object they name, with
// the rule that gives them meaning; a phrase that names no creatures is not
// taken for one.
func TestObjectRuleEffects(t *testing.T) {
	src := `define Crop-Mate = {2}{W} Creature — Human Warrior 3/2 "You may exert Crop-Mate as it attacks."
define Spire Tracer = {G} Creature — Elf Scout 1/1 "Spire Tracer can't be blocked except by creatures with flying or reach."
define Runeaxe = {3}{B}{R} Creature — Giant 5/5 "Runeaxe can't be the target of Aura spells."
define Rhox = {4}{G}{G} Creature — Rhino Beast 5/5 "You may have Rhox assign its combat damage as though it weren't blocked."
define Bear = {1}{G} Creature — Bear 2/2
Crop-Mate as C
Spire Tracer as S
Runeaxe as R
Rhox as X
Bear as B
? C
? S
? R
? X
? B`
	r := mustRun(t, src, nil)
	for line, rule := range map[int]string{11: "701.43d", 12: "509.1b", 13: "601.2c", 14: "510.1c"} {
		q := result(t, r, line)
		found := false
		for _, s := range q.Trace {
			found = found || s.Rule == rule
		}
		if !found {
			t.Errorf("line %d: no %s step in %s", line, rule, traceText(q))
		}
	}
	if q := result(t, r, 15); len(q.Trace) != 0 {
		t.Errorf("the Bear is affected by none of them: %s", traceText(q))
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
	// "walls of text" names no creatures: not accepted.
	cc := newCompiler().compileCard(CardDef{Name: "Odd", Text: "Odd can't be blocked by walls of text."})
	if len(cc.unmodeled) != 1 {
		t.Errorf("accepted a restriction naming no creatures: %+v", cc.abilities)
	}
	// "enters with X counters, where X is ...": stated by the statement.
	s, _ := Parse(`define Ooze = {X}{G} Creature — Ooze 0/0 "Ooze enters the battlefield with X +1/+1 counters on it, where X is the number of creatures you control."
Ooze`)
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "where") {
		t.Errorf("want one error asking for the counters, got %+v", r.Errors)
	}
}

// 602.5: Stony Silence's "Activated abilities of artifacts can't be
// activated" is shown on artifacts, not on creatures.
func TestActivatedAbilitiesOf(t *testing.T) {
	r := mustRun(t, `define Stony Silence = {1}{W} Enchantment "Activated abilities of artifacts can't be activated."
define Sol Ring = {1} Artifact "{T}: Add {C}{C}."
define Bear = {1}{G} Creature — Bear 2/2
Stony Silence
Sol Ring
Bear
? Sol Ring
? Bear`, nil)
	checkWant(t, r, want{line: 7, trace: []string{"602.5"}})
	if q := result(t, r, 8); len(q.Trace) != 0 {
		t.Errorf("the Bear is not an artifact: %s", traceText(q))
	}
}
