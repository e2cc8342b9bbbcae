package engine

import (
	"strings"
	"testing"
)

const xDefs = `define Blaze = {X}{R} Sorcery "Blaze deals X damage to any target."
define Earthquake = {X}{R} Sorcery "Earthquake deals X damage to each creature without flying and each player."
define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Ogre = {2}{R} Creature — Ogre 3/3
define Bird = {U} Creature — Bird 1/1 "Flying"
`

// 107.3a: the caster chooses X as the spell is cast; the spell resolves
// with that value.
func TestXChosenAsCast(t *testing.T) {
	r, at := play(t, xDefs+`opponent: Ogre as O
opponent: Bird as F
cast Blaze (X=4) targeting opponent
cast Earthquake (X=2)
? damage O
? damage F
? life
`)
	if len(r.Errors) > 0 || len(r.Unmodeled) > 0 {
		t.Fatalf("errors %+v unmodelled %+v", r.Errors, r.Unmodeled)
	}
	if l := life(t, r, at("? life"), Opponent); l != 14 {
		t.Errorf("opponent at %d, want 20 - 4 - 2", l)
	}
	if l := life(t, r, at("? life"), You); l != 18 {
		t.Errorf("you at %d, want 18: Earthquake damages each player", l)
	}
	if d := infoAt(t, r, at("? damage O")).Damage; d == nil || *d != 2 {
		t.Errorf("Ogre: %v damage, want 2", d)
	}
	if d := infoAt(t, r, at("? damage F")).Damage; d == nil || *d != 0 {
		t.Errorf("the flying Bird is dealt no damage: %v", d)
	}
	if !hasNote(r, "107.3a", "X = 4") {
		t.Errorf("notes %+v", r.Notes)
	}
	r, _ = play(t, xDefs+`cast Lightning Bolt (X=2) targeting opponent
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "no X") {
		t.Errorf("Lightning Bolt has no X: errors %+v", r.Errors)
	}
	if _, err := Parse("cast Blaze (X=lots) targeting opponent\n"); err == nil {
		t.Errorf("\"(X=lots)\" is accepted")
	}
}
