package engine

import (
	"strings"
	"testing"
)

const regenDefs = `define Mending Touch = {G} Instant "Regenerate target creature."
define Murder = {1}{B}{B} Instant "Destroy target creature."
define Terror = {1}{B} Instant "Destroy target nonartifact, nonblack creature. It can't be regenerated."
define Weakness = {B} Enchantment — Aura "Enchant creature\nEnchanted creature gets -2/-1."
define Drudge Skeletons = {1}{B} Creature — Skeleton 1/1 "{B}: Regenerate Drudge Skeletons."
define River Boa = {1}{G} Creature — Snake 2/1 "Islandwalk\n{G}: Regenerate River Boa."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
define Knight = {1}{W} Creature — Knight 2/2 "First strike"
`

// 701.19a: "Regenerate target creature" makes a shield; the next
// destruction this turn is replaced: the creature stays, tapped, with its
// damage removed. The shield is used up: a second destruction destroys it.
func TestRegenerationShieldReplacesOneDestruction(t *testing.T) {
	r, at := play(t, regenDefs+`Bear as B
cast Mending Touch targeting B
B takes 1 damage
cast Murder targeting B
? B
? damage B
cast Murder targeting B
? graveyard
`)
	q := result(t, r, at("? B"))
	if q.Object == nil || !q.Object.Tapped {
		t.Fatalf("the Bear regenerates and is tapped (701.19a): %+v errors %+v", q, r.Errors)
	}
	if d := infoAt(t, r, at("? damage B")).Damage; d == nil || *d != 0 {
		t.Errorf("damage %v, want 0: regeneration removes all damage marked on it", d)
	}
	gy := graveyardOf(t, r, at("? graveyard"), You)
	if !containsFold(gy, "Bear") {
		t.Errorf("the shield is used by the first Murder; the second destroys the Bear: graveyard %v", gy)
	}
}

// 704.5g: lethal damage destroys, and regeneration can replace it;
// 704.5f: a creature with toughness 0 is put into the graveyard, which
// regeneration can't replace.
func TestRegenerationLethalDamageButNotZeroToughness(t *testing.T) {
	r, at := play(t, regenDefs+`Drudge Skeletons as S
River Boa as R
regenerate S
regenerate R
S takes 3 damage
Weakness as W (attached to R)
? S
? R
`)
	if gone(r, at("? S")) || !hasNote(r, "701.19a", "Drudge Skeletons (S) would be destroyed") {
		t.Errorf("lethal damage (704.5g) is a destruction the shield replaces: %+v", r.Notes)
	}
	if !gone(r, at("? R")) || !hasNote(r, "704.5f", "River Boa (R)") {
		t.Errorf("toughness 0 (704.5f) isn't destruction: regeneration can't replace it: %+v", r.Notes)
	}
}

// 701.19c: "It can't be regenerated": the shield isn't applied.
func TestCantBeRegenerated(t *testing.T) {
	r, at := play(t, regenDefs+`Bear as B
cast Mending Touch targeting B
cast Terror targeting B
? B
`)
	if !gone(r, at("? B")) || !hasNote(r, "701.19c", "Bear (B)") {
		t.Errorf("Terror destroys a creature with a shield (701.19c): %+v", r.Notes)
	}
	if len(unmodelledFor(r, "Terror")) > 0 {
		t.Errorf("Terror's text is modelled: %v", unmodelledFor(r, "Terror"))
	}
}

// 514.2: shields are "this turn" effects (701.19a: "the next time it
// would be destroyed this turn"): at cleanup they end.
func TestRegenerationShieldEndsAtCleanup(t *testing.T) {
	r, at := play(t, regenDefs+`Bear as B
regenerate B
next turn
destroy B
? B
`)
	if !gone(r, at("? B")) || !hasNote(r, "514.2", "regeneration shield") {
		t.Errorf("the shield ended in the cleanup step: %+v", r.Notes)
	}
}

// 701.19a: a regenerated attacking or blocking creature is removed from
// combat (506.4): a blocker regenerated during the first-strike damage
// step deals no regular combat damage, and the attacker stays blocked
// (509.1h).
func TestRegeneratedBlockerLeavesCombat(t *testing.T) {
	r, at := play(t, regenDefs+`Knight as K
opponent: Drudge Skeletons as S
attack with K
block K with S
opponent: regenerate S
combat damage
? S
? damage K
? life
`)
	if gone(r, at("? S")) {
		t.Fatalf("the Skeletons regenerate: %+v %+v", r.Notes, r.Errors)
	}
	if !hasNote(r, "701.19a", "removed from combat") {
		t.Errorf("a regenerated blocker is removed from combat: %+v", r.Notes)
	}
	if d := infoAt(t, r, at("? damage K")).Damage; d == nil || *d != 0 {
		t.Errorf("the Knight was dealt %v damage: the blocker, removed from combat, deals none (506.4)", d)
	}
	if l := life(t, r, at("? life"), Opponent); l != 20 {
		t.Errorf("opponent at %d: the Knight stays blocked (509.1h) and deals no damage to the player", l)
	}
}

// "regenerate REF" with no such object names the line and what was
// expected.
func TestRegenerateStatementErrors(t *testing.T) {
	r, _ := play(t, regenDefs+`Bear as B
regenerate Q
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "Q") {
		t.Errorf("errors %+v", r.Errors)
	}
}

// From XMage's RegenerateTest (test_Source_Normal, test_Source_Blinked),
// the CR as the judge: each shield replaces one destruction (701.19a), so
// two shields survive two Lightning Bolts and the third kills; a creature
// that left the battlefield and came back is a new object without the
// old object's shields (400.7).
func TestXMageRegenerate(t *testing.T) {
	defs := regenDefs + `define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
`
	r, at := play(t, defs+`Drudge Skeletons as S
regenerate S
regenerate S
cast Lightning Bolt targeting S
? S
cast Lightning Bolt targeting S
? damage S
cast Lightning Bolt targeting S
? graveyard
`)
	if gone(r, at("? S")) {
		t.Fatalf("alive after the first Bolt: %+v", r.Notes)
	}
	if d := infoAt(t, r, at("? damage S")).Damage; d == nil || *d != 0 {
		t.Errorf("alive after the second Bolt, damage removed: %v", d)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); !containsFold(gy, "Drudge Skeletons") {
		t.Errorf("the third Bolt kills it: graveyard %v", gy)
	}
	r, at = play(t, defs+`Drudge Skeletons as S
regenerate S
regenerate S
exile S
Drudge Skeletons as S2
cast Lightning Bolt targeting S2
? graveyard
`)
	if gy := graveyardOf(t, r, at("? graveyard"), You); !containsFold(gy, "Drudge Skeletons") {
		t.Errorf("the blinked Skeletons is a new object with no shield: graveyard %v", gy)
	}
}
