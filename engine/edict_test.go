package engine

import "testing"

// 701.21a: the player sacrificing chooses; with one creature the choice
// is forced, with more it is the player's and the scenario states it.
func TestEdict(t *testing.T) {
	defs := `define Diabolic Edict = {1}{B} Instant "Target player sacrifices a creature."
define Blood Artist = {1}{B} Creature — Vampire 0/1 "Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life."
define Bear = {1}{G} Creature — Bear 2/2
define Idol = {2} Artifact Creature — Golem 3/3 "Indestructible"
`
	r, at := play(t, defs+`opponent: Idol as I
Blood Artist as A
cast Diabolic Edict targeting opponent
? I
? stack
`)
	if !gone(r, at("? I")) || !hasNote(r, "701.21a", "Idol (I)") {
		t.Errorf("the opponent's only creature is sacrificed, indestructible or not: %+v %+v", r.Notes, r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 1 {
		t.Errorf("Blood Artist sees the Idol die: %d triggers", n)
	}
	r, at = play(t, defs+`opponent: Idol as I
opponent: Bear as B
cast Diabolic Edict targeting opponent
? I
? B
`)
	if gone(r, at("? I")) || gone(r, at("? B")) || len(unmodelledFor(r, "Diabolic Edict")) != 1 {
		t.Errorf("with two creatures the opponent chooses: reported, nothing sacrificed: %+v", r.Unmodeled)
	}
}
