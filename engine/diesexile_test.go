package engine

import (
	"testing"
)

// Real cards' Oracle wording.
const diesExileDefs = `define Magma Spray = {R} Instant "Magma Spray deals 2 damage to target creature. If that creature would die this turn, exile it instead."
define Pillar of Flame = {R} Sorcery "Pillar of Flame deals 2 damage to any target. If a creature dealt damage this way would die this turn, exile it instead."
define Scorching Dragonfire = {1}{R} Instant "Scorching Dragonfire deals 3 damage to target creature or planeswalker. If that creature or planeswalker would die this turn, exile it instead."
define Murder = {1}{B}{B} Instant "Destroy target creature."
define Cleric = {W} Creature — Cleric 1/1 "When this creature dies, you gain 3 life."
define Keeper = {W} Creature — Cleric 1/1 "When this creature leaves the battlefield, you gain 1 life."
define Bear = {1}{G} Creature — Bear 2/2
define Wurm = {4}{G} Creature — Wurm 5/5
`

// Magma Spray: 2 damage is lethal to a 1/1; it would die (704.5g) and is
// exiled instead (614.1a). The replaced event never happens (614.6): it
// doesn't die, so its "dies" ability doesn't trigger (700.4), while a
// "leaves the battlefield" ability does (603.6c).
func TestMagmaSprayExilesInsteadOfDying(t *testing.T) {
	r, at := play(t, diesExileDefs+`opponent: Cleric as C
cast Magma Spray targeting C
? stack
? graveyard
`)
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("the Cleric didn't die: no dies trigger, stack %+v", st)
	}
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(ogy) != 0 || len(oex) != 1 || oex[0] != "Cleric" {
		t.Errorf("the Cleric is exiled instead: graveyard %v, exile %v", ogy, oex)
	}
	if !hasNote(r, "614.6", "Cleric") {
		t.Errorf("notes %+v", r.Notes)
	}

	r, at = play(t, diesExileDefs+`opponent: Keeper as K
cast Magma Spray targeting K
? stack
`)
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 1 {
		t.Errorf("leaving the battlefield for exile still triggers the Keeper's ability (603.6c): stack %+v", st)
	}
}

// Magma Spray's ruling: the replacement effect exiles the target creature
// if it would die this turn for any reason, not just due to lethal
// damage. The Wurm survives the 2 damage and, destroyed later that turn,
// is exiled; destroyed on a later turn, it dies (the effect lasted until
// the turn's cleanup step, 514.2).
func TestMagmaSprayLastsTheTurnForAnyDeath(t *testing.T) {
	r, at := play(t, diesExileDefs+`opponent: Wurm as W
opponent: Bear as B
cast Magma Spray targeting W
cast Murder targeting W
cast Magma Spray targeting B
next turn
? graveyard
`)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(oex) != 2 || len(ogy) != 0 {
		t.Errorf("the Wurm destroyed the same turn and the Bear are exiled: graveyard %v, exile %v", ogy, oex)
	}

	r, at = play(t, diesExileDefs+`opponent: Wurm as W
cast Magma Spray targeting W
next turn
cast Murder targeting W
? graveyard
`)
	ogy, oex = zoneOf(t, r, at("? graveyard"), Opponent)
	if len(ogy) != 1 || ogy[0] != "Wurm" || len(oex) != 0 {
		t.Errorf("destroyed on a later turn the Wurm dies: graveyard %v, exile %v", ogy, oex)
	}
}

// Pillar of Flame exiles only a creature it dealt damage to: aimed at a
// player it changes nothing (the Bear destroyed afterwards dies).
func TestPillarOfFlameDealtDamageThisWay(t *testing.T) {
	r, at := play(t, diesExileDefs+`opponent: Cleric as C
cast Pillar of Flame targeting C
? graveyard
? stack
`)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(ogy) != 0 || len(oex) != 1 {
		t.Errorf("the Cleric dealt damage this way is exiled: graveyard %v, exile %v", ogy, oex)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("no dies trigger: %+v", st)
	}

	r, at = play(t, diesExileDefs+`opponent: Bear as B
cast Pillar of Flame targeting opponent
cast Murder targeting B
? graveyard
`)
	ogy, oex = zoneOf(t, r, at("? graveyard"), Opponent)
	if len(ogy) != 1 || len(oex) != 0 {
		t.Errorf("the Bear was dealt no damage by the Pillar: it dies, graveyard %v, exile %v", ogy, oex)
	}
}

// Scorching Dragonfire reads "that creature or planeswalker": its target.
func TestScorchingDragonfireExilesItsTarget(t *testing.T) {
	r, at := play(t, diesExileDefs+`opponent: Bear as B
cast Scorching Dragonfire targeting B
? graveyard
`)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(ogy) != 0 || len(oex) != 1 {
		t.Errorf("graveyard %v, exile %v", ogy, oex)
	}
}
