package engine

import "testing"

// Conditions of static abilities read from today's wording: "unless"
// (the effect exists while the condition doesn't hold), "if" on a
// restriction, "during your turn", "there is ... on the battlefield",
// "no opponent controls", devotion to two colors (700.5).
func TestConditionWordings(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			name: "can't attack unless you control an artifact",
			src: `define Castaways = {1}{B} Creature — Human Pirate 2/3 "Castaways can't attack unless you control an artifact."
define Ring = {1} Artifact
Castaways as C
? can C attack
Ring
? can C attack`,
			verdicts: []verdict{{line: 4, ok: false, rules: []string{"508.1c"}}, {line: 6, ok: true}},
		},
		{
			name: "can't attack or block if an enchantment is on the battlefield",
			src: `define Wirecat = {4} Artifact Creature — Cat 4/3 "Wirecat can't attack or block if an enchantment is on the battlefield."
define Aura Thing = {1}{W} Enchantment
Wirecat as W
? can W attack
opponent: Aura Thing
? can W attack`,
			verdicts: []verdict{{line: 4, ok: true}, {line: 6, ok: false, rules: []string{"508.1c"}}},
		},
		{
			name: "during your turn",
			src: `define Knight = {1}{W} Creature — Human Knight 2/2 "During your turn, Knight has first strike."
Knight as K
opponent: Knight as OK
? K
? OK`,
			// The scenario is your turn: your Knight has first strike, the
			// opponent's (whose turn it isn't) doesn't.
			wants: []want{{line: 4, has: []string{"First strike"}}, {line: 5, lacks: []string{"First strike"}}},
		},
		{
			name: "has flying as long as it's enchanted",
			src: `define Trainee = {1}{W} Creature — Human 2/2 "Trainee has flying as long as it's enchanted."
define Pacifism Thing = {W} Enchantment — Aura "Enchant creature"
Trainee as T
? T
Pacifism Thing (attached to T)
? T`,
			wants: []want{{line: 4, lacks: []string{"Flying"}}, {line: 6, has: []string{"Flying"}}},
		},
		{
			// 700.5: devotion to red and green counts each symbol that is
			// red or green once, hybrid {R/G} once.
			name: "devotion to two colors",
			src: `define Xenagos = {1}{R}{G} Legendary Enchantment Creature — God 6/5 "As long as your devotion to red and green is less than seven, Xenagos isn't a creature."
define Hybrid = {R/G}{R/G}{R/G} Creature — Elf 3/3
define Green = {G}{G} Creature — Elf 2/2
Xenagos
Hybrid
? Xenagos
Green
? Xenagos`,
			wants: []want{
				{line: 6, types: []string{"Enchantment"}},             // 2 + 3 = 5
				{line: 8, types: []string{"Enchantment", "Creature"}}, // 5 + 2 = 7
			},
		},
	}, nil)
}

// "Creatures can't attack you" (508.1c): the creatures of the source's
// opponents can't attack its controller; in a two-player game that leaves
// them nothing to attack unless that player controls a planeswalker
// (508.1b). A creature of the source's controller is not restricted.
// Propaganda's "unless their controller pays" is a cost (508.1h), not a
// prohibition.
func TestCantAttackYou(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Peacekeeper-style restriction",
		src: `define Wall = {1}{W} Enchantment "Creatures can't attack you."
define Propaganda = {2}{U} Enchantment "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."
define Jace = {1}{U}{U} Legendary Planeswalker — Jace
define Bear = {1}{G} Creature — Bear 2/2
opponent: Wall
opponent: Propaganda
Wall as MyWall
Bear as B
? can B attack
opponent: Jace
? can B attack
? B`,
		verdicts: []verdict{{line: 9, ok: false, rules: []string{"508.1c"}}, {line: 11, ok: true}},
		wants:    []want{{line: 12, trace: []string{"508.1h"}}},
	}}, nil)
}

// Land Cap: "~ doesn't untap during your untap step if it has a depletion
// counter on it" (502.3) holds only while the counter is there.
func TestDoesntUntapIf(t *testing.T) {
	r := mustRun(t, `define Land Cap = Land "Land Cap doesn't untap during your untap step if it has a depletion counter on it."
Land Cap as L
? L
put 1 depletion counter on L
? L`, nil)
	if q := result(t, r, 3); len(q.Trace) != 0 {
		t.Errorf("no counter: no rule applies, got %s", traceText(q))
	}
	checkWant(t, r, want{line: 5, trace: []string{"502.3"}})
}

// Dragonskull Summit: "enters the battlefield tapped unless you control a
// Swamp or a Mountain" (614.1d).
func TestCheckLand(t *testing.T) {
	def := `define Dragonskull Summit = Land "Dragonskull Summit enters the battlefield tapped unless you control a Swamp or a Mountain.\n{T}: Add {B} or {R}."
define Mountain = Basic Land — Mountain
define Forest = Basic Land — Forest
`
	r := mustRun(t, def+"Forest\nDragonskull Summit (new)\n? Dragonskull Summit", nil)
	if !tappedAt(t, r, 6) {
		t.Errorf("with only a Forest it enters tapped")
	}
	r = mustRun(t, def+"Mountain\nDragonskull Summit (new)\n? Dragonskull Summit", nil)
	if tappedAt(t, r, 6) {
		t.Errorf("with a Mountain it enters untapped")
	}
}
