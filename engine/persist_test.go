package engine

import (
	"testing"
)

const persistDefs = `define Finks = {3} Creature — Ouphe 3/2 "Persist"
define Geralf Lite = {2}{B} Creature — Zombie 2/2 "Undying"
define Magma Spray = {R} Instant "Magma Spray deals 2 damage to target creature. If that creature would die this turn, exile it instead."
define Murder = {1}{B}{B} Instant "Destroy target creature."
`

// 702.79a: a permanent with persist that dies with no -1/-1 counter on
// it returns with one, a new object (400.7); dying again with that
// counter, its ability doesn't trigger (the intervening "if", 603.4).
func TestPersistReturnsOnce(t *testing.T) {
	r, at := play(t, persistDefs+`Finks as F
cast Murder targeting F
resolve
? Finks
cast Murder targeting Finks
? stack
? graveyard
`)
	q := result(t, r, at("? Finks"))
	if q.Object == nil || q.Object.Zone != "" || q.Object.Counters["-1/-1"] != 1 {
		t.Fatalf("Finks returns with a -1/-1 counter: %+v; notes %+v; errors %+v", q.Object, r.Notes, r.Errors)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("with a -1/-1 counter persist doesn't trigger: %+v", st)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); !containsFold(gy, "Finks") {
		t.Errorf("graveyard %v", gy)
	}
}

// 702.93a: undying, with +1/+1 counters.
func TestUndyingReturnsWithACounter(t *testing.T) {
	r, at := play(t, persistDefs+`Geralf Lite as G
cast Murder targeting G
resolve
? Geralf Lite
`)
	q := result(t, r, at("? Geralf Lite"))
	if q.Object == nil || q.Object.Counters["+1/+1"] != 1 || q.Object.Power == nil || *q.Object.Power != 3 {
		t.Errorf("it returns as a 3/3 with a +1/+1 counter: %+v; notes %+v", q.Object, r.Notes)
	}
}

// Exiled instead of dying (614.6), a persist creature never died: its
// ability doesn't trigger (Magma Spray's rulings).
func TestPersistDoesntTriggerWhenExiledInstead(t *testing.T) {
	r, at := play(t, persistDefs+`opponent: Finks as F
cast Magma Spray targeting F
? stack
`)
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 || len(r.Errors) > 0 {
		t.Errorf("no persist trigger: %+v; notes %+v; errors %+v", st, r.Notes, r.Errors)
	}
}

// 400.7: once the card has left the graveyard before the ability
// resolves, the ability returns nothing.
func TestPersistCardGoneFromGraveyard(t *testing.T) {
	r, _ := play(t, persistDefs+`define Bury = {B} Instant "Exile target card from a graveyard."
Finks as F
cast Murder targeting F
cast Bury targeting Finks
resolve
`)
	if !hasNote(r, "400.7", "no longer in your graveyard") {
		t.Errorf("notes %+v; errors %+v", r.Notes, r.Errors)
	}
}
