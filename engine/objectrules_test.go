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

// "+X/+X, where X is the number of ...": X counts what the phrase names,
// like "for each" (613.4c); counters on the source are counted there.
// "can't attack, block, or crew Vehicles" is both restrictions and a rule
// on crewing; "its activated abilities can't be activated" (602.5);
// "can't attack unless its controller pays {3}" is a cost (508.1h).
func TestWhereXIsTheNumberOf(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Opaline Bracers and friends",
		src: `define Bracers = {4} Artifact — Equipment "Equipped creature gets +X/+X, where X is the number of charge counters on Bracers.\nEquip {2}"
define Banner = {2} Enchantment "Creatures you control get +X/+0, where X is the number of Forests you control."
define Lockdown = {1}{W} Enchantment — Aura "Enchant permanent\nEnchanted permanent can't attack, block, or crew Vehicles, and its activated abilities can't be activated unless they're mana abilities."
define Tax = {U} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack unless its controller pays {3}."
define Forest = Basic Land — Forest
define Bear = {1}{G} Creature — Bear 2/2
Forest as F1
Forest as F2
Bear as B
Bear as C
Bracers as K (attached to B, 3 charge counters)
Banner
Lockdown (attached to C)
Tax (attached to B)
? B
? can C attack
? can B attack`,
		wants:    []want{{line: 15, pt: "7/5", trace: []string{"508.1h"}}},
		verdicts: []verdict{{line: 16, ok: false, rules: []string{"508.1c"}}, {line: 17, ok: true}},
	}}, nil)
}
