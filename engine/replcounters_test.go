package engine

import "testing"

const counterDefs = `define Hardened Scales = {G} Enchantment "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead."
define Corpsejack Menace = {2}{B}{G} Creature — Fungus 4/4 "If one or more +1/+1 counters would be put on a creature you control, twice that many +1/+1 counters are put on it instead."
define Vizier of Remedies = {1}{W} Creature — Human Cleric 2/1 "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters minus one are put on it instead."
define Doubling Season = {4}{G} Enchantment "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead."
define Stonecoil Lite = {2} Artifact Creature — Golem 0/0 "Stonecoil Lite enters the battlefield with two +1/+1 counters on it."
define Bear = {1}{G} Creature — Bear 2/2
define Pariah = {2}{W} Enchantment — Aura "Enchant creature\nAll damage that would be dealt to you is dealt to enchanted creature instead."
define Treacherous Link = {1}{B} Enchantment — Aura "Enchant creature\nAll damage that would be dealt to enchanted creature is dealt to its controller instead."
define Veteran Bodyguard = {3}{W}{W} Creature — Human 2/5 "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Veteran Bodyguard instead."
define Goblin = {R} Creature — Goblin 2/1
`

// 614.1a, 614.16: Hardened Scales adds one to the +1/+1 counters an
// effect puts on a creature its controller controls, not on an
// opponent's; 616.1: with Corpsejack Menace the controller chooses the
// order (3 counters: (3+1)*2 or 3*2+1).
func TestCounterReplacement(t *testing.T) {
	r, _ := play(t, counterDefs+`Hardened Scales as H
Bear as B
opponent: Bear as C
put 2 +1/+1 counters on B
put 2 +1/+1 counters on C
? B
? C
`)
	if v := r.Results[0].Object; v == nil || v.Counters["+1/+1"] != 3 {
		t.Errorf("2 + 1 counters on your Bear: %+v", v)
	}
	if v := r.Results[1].Object; v == nil || v.Counters["+1/+1"] != 2 {
		t.Errorf("the opponent's Bear is not affected: %+v", v)
	}
	r, _ = play(t, counterDefs+`Hardened Scales as H
Corpsejack Menace as M
Bear as B
put 1 +1/+1 counters on B
? B
`)
	if v := r.Results[0].Object; v == nil || v.Counters["+1/+1"] != 4 {
		t.Errorf("1 counter: Hardened Scales (older) then Corpsejack Menace: (1+1)*2 = 4: %+v", v)
	}
	if !hasNote(r, "616.1", "Bear") {
		t.Errorf("the order is the controller's choice: %+v", r.Notes)
	}
}

// 122.6: counters a permanent enters with are put on it, so Hardened
// Scales applies to them (Hardened Scales ruling: "it enters with that
// many plus one instead"); counters the scenario states it has are its
// state, not an event.
func TestCountersAsItEnters(t *testing.T) {
	r, _ := play(t, counterDefs+`Hardened Scales as H
Stonecoil Lite as W
Bear as B (2 +1/+1 counters)
? W
? B
`)
	if v := r.Results[0].Object; v == nil || v.Counters["+1/+1"] != 3 {
		t.Errorf("it enters with 2 + 1 counters: %+v errors %+v", v, r.Errors)
	}
	if v := r.Results[1].Object; v == nil || v.Counters["+1/+1"] != 2 {
		t.Errorf("stated counters are not replaced: %+v", v)
	}
}

// Vizier of Remedies: one fewer -1/-1 counter; Doubling Season doubles
// any kind.
func TestFewerAndDoubledCounters(t *testing.T) {
	r, _ := play(t, counterDefs+`Vizier of Remedies as V
Doubling Season as D
Bear as B
put 1 -1/-1 counters on B
put 2 charge counters on D
? B
? D
`)
	if v := r.Results[0].Object; v == nil || v.Counters["-1/-1"] != 0 {
		t.Errorf("Doubling Season and Vizier: (1-1)*2 or 1*2-1; the scenario's order gives %+v", v)
	}
	if v := r.Results[1].Object; v == nil || v.Counters["charge"] != 4 {
		t.Errorf("Doubling Season doubles charge counters on a permanent you control: %+v", v)
	}
}

// 614.9: Pariah redirects damage dealt to you to the enchanted creature;
// Treacherous Link sends the damage to the creature's controller.
func TestRedirection(t *testing.T) {
	r, at := play(t, counterDefs+`Bear as B
Pariah as P (attached to B)
opponent: Goblin as G
G deals 2 damage to you
? life
? B
`)
	if l := life(t, r, at("? life"), You); l != 20 {
		t.Errorf("you at %d: the damage went to the Bear", l)
	}
	if !gone(r, at("? B")) {
		t.Errorf("the Bear was dealt 2 damage and died")
	}
	r, at = play(t, counterDefs+`opponent: Bear as B
Treacherous Link as L (attached to B)
Goblin as G
G deals 2 damage to B
? life
? damage B
`)
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("opponent at %d: the damage to their Bear is dealt to them", l)
	}
	if d := damageOn(t, r, at("? damage B")); d != 0 {
		t.Errorf("no damage on the Bear: %d", d)
	}
}

// Veteran Bodyguard takes the damage of unblocked creatures, not that of
// other sources, and only while untapped (its condition).
func TestRedirectUnblocked(t *testing.T) {
	r, at := play(t, counterDefs+`Veteran Bodyguard as V
opponent: Goblin as G
opponent: Goblin as H
H deals 2 damage to you
? life
`)
	if l := life(t, r, at("? life"), You); l != 18 {
		t.Errorf("a Goblin not attacking deals its damage to you: %d", l)
	}
	r, at = play(t, `define Veteran Bodyguard = {3}{W}{W} Creature — Human 2/5 "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Veteran Bodyguard instead."
define Goblin = {R} Creature — Goblin 2/1
opponent: Veteran Bodyguard as V
Goblin as G
attack with G
combat damage
? life
? damage V
`)
	if l := life(t, r, at("? life"), Opponent); l != 20 {
		t.Errorf("opponent at %d: the unblocked Goblin's damage goes to the Bodyguard", l)
	}
	if d := damageOn(t, r, at("? damage V")); d != 2 {
		t.Errorf("Bodyguard damage %d", d)
	}
}

// 510.1a as changed by Doran, the Siege Tower: each creature assigns
// combat damage equal to its toughness; Assault Formation only for its
// controller's creatures.
func TestAssignsToughness(t *testing.T) {
	r, at := play(t, `define Assault Formation = {1}{G} Enchantment "Each creature you control assigns combat damage equal to its toughness rather than its power."
define Turtle = {1}{U} Creature — Turtle 1/5
define Ox = {1}{W} Creature — Ox 1/3
Assault Formation as F
Ox as O
opponent: Turtle as P
attack with O
block O with P
combat damage
? damage P
? damage O
`)
	if d := damageOn(t, r, at("? damage P")); d != 3 {
		t.Errorf("your Ox assigns 3 (its toughness): %d", d)
	}
	if d := damageOn(t, r, at("? damage O")); d != 1 {
		t.Errorf("the opponent's Turtle assigns 1 (its power): %d", d)
	}
	if !hasNote(r, "510.1a", "toughness") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// Gauntlets of Light: one sentence, two effects on the enchanted creature
// (layer 7c and the 510.1a change).
func TestGetsAndAssignsToughness(t *testing.T) {
	r, at := play(t, `define Gauntlets of Light = {2}{W} Enchantment — Aura "Enchant creature\nEnchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather than its power.\nEnchanted creature has \"{2}{W}: Untap this creature.\""
define Ox = {1}{W} Creature — Ox 1/3
define Turtle = {1}{U} Creature — Turtle 1/9
Ox as O
Gauntlets of Light as G (attached to O)
opponent: Turtle as T
attack with O
block O with T
combat damage
? damage T
? O
`)
	if d := damageOn(t, r, at("? damage T")); d != 5 {
		t.Errorf("the 1/5 Ox assigns 5: %d (unmodelled %+v)", d, r.Unmodeled)
	}
}
