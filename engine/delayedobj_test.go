package engine

import (
	"testing"
)

// Real cards' Oracle wording (Slave of Bolas); Brief Return is Zombify
// with Goryo's Vengeance's delayed exile.
const delayedObjDefs = `define Slave of Bolas = {3}{U/R}{B} Sorcery "Gain control of target creature. Untap that creature. It gains haste until end of turn. Sacrifice it at the beginning of the next end step."
define Brief Return = {B} Sorcery "Return target creature card from your graveyard to the battlefield. Exile it at the beginning of the next end step."
define Murder = {1}{B}{B} Instant "Destroy target creature."
define Ogre = {2}{R} Creature — Ogre 3/3
`

// 603.7a: Slave of Bolas's delayed triggered ability triggers at the
// beginning of the next end step; its controller sacrifices the creature
// (701.21a), which goes to its owner's graveyard (400.3).
func TestDelayedSacrificeIt(t *testing.T) {
	r, at := play(t, delayedObjDefs+`opponent: Ogre as O
cast Slave of Bolas targeting O
next turn
resolve
? graveyard
`)
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); !containsFold(gy, "Ogre") {
		t.Errorf("the Ogre is sacrificed into its owner's graveyard: %v; notes %+v; errors %+v", gy, r.Notes, r.Errors)
	}
	if !hasNote(r, "701.21a", "Ogre (O) is sacrificed") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 603.7c: the delayed ability affects the object it refers to only; once
// that object has left the battlefield it does nothing, even when the
// card has come back as a new object (400.7).
func TestDelayedAbilityLosesItsObject(t *testing.T) {
	r, at := play(t, delayedObjDefs+`opponent: Ogre as O
cast Slave of Bolas targeting O
cast Murder targeting O
next turn
resolve
? graveyard
`)
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); !containsFold(gy, "Ogre") {
		t.Errorf("the Ogre died: %v", gy)
	}
	if !hasNote(r, "603.7c", "does nothing") {
		t.Errorf("the delayed ability does nothing: notes %+v", r.Notes)
	}

	r, at = play(t, delayedObjDefs+`Ogre as O
cast Murder targeting O
cast Brief Return targeting Ogre
cast Murder targeting Ogre
cast Brief Return targeting Ogre
next turn
resolve
resolve
? Ogre
`)
	if q := result(t, r, at("? Ogre")); q.Object == nil || q.Object.Zone != "exile" {
		t.Errorf("the Ogre returned the second time is exiled by the second ability: %+v", q.Object)
	}
	if !hasNote(r, "603.7c", "does nothing") || !hasNote(r, "701.13a", "is exiled") {
		t.Errorf("the first ability does nothing, the second exiles: notes %+v; errors %+v", r.Notes, r.Errors)
	}
}

// Goryo's Vengeance returns only a legendary creature card (205.4a) and
// exiles the returned creature at the beginning of the next end step.
func TestGoryosVengeance(t *testing.T) {
	r, at := play(t, `define Goryo's Vengeance = {1}{B} Instant — Arcane "Return target legendary creature card from your graveyard to the battlefield. Exile it at the beginning of the next end step."
define Demon Lord = {5}{B} Legendary Creature — Demon 7/7
define Ogre = {2}{R} Creature — Ogre 3/3
Demon Lord (in graveyard)
Ogre (in graveyard)
cast Goryo's Vengeance targeting Ogre
cast Goryo's Vengeance targeting Demon Lord
next turn
resolve
? Demon Lord
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("cast Goryo's Vengeance targeting Ogre") {
		t.Errorf("the Ogre is no legendary creature card: errors %+v", r.Errors)
	}
	if q := result(t, r, at("? Demon Lord")); q.Object == nil || q.Object.Zone != "exile" {
		t.Errorf("the returned Demon Lord is exiled at the end step: %+v; notes %+v", q.Object, r.Notes)
	}
}
