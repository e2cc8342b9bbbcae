package engine

import (
	"strings"
	"testing"
)

// Real cards' Oracle wording.
const massDefs = `define Wrath of God = {2}{W}{W} Sorcery "Destroy all creatures. They can't be regenerated."
define Day of Judgment = {2}{W}{W} Sorcery "Destroy all creatures."
define Plague Wind = {7}{B}{B} Sorcery "Destroy all creatures you don't control. They can't be regenerated."
define Retribution of the Meek = {2}{W} Sorcery "Destroy all creatures with power 4 or greater. They can't be regenerated."
define Culling Sun = {2}{W}{B} Sorcery "Destroy each creature with mana value 3 or less."
define Akroma's Vengeance = {4}{W}{W} Sorcery "Cycling {3}\nDestroy all artifacts, creatures, and enchantments."
define Shatterstorm = {2}{R}{R} Sorcery "Destroy all artifacts. They can't be regenerated."
define Final Judgment = {4}{W}{W} Sorcery "Exile all creatures."
define Evacuation = {3}{U}{U} Instant "Return all creatures to their owners' hands."
define Bear = {1}{G} Creature — Bear 2/2
define Giant = {4}{R} Creature — Giant 5/5
define Idol = {2} Artifact Creature — Golem 3/3 "Indestructible"
define Rod = {3} Artifact
define Aura of Silence = {1}{W}{W} Enchantment
define Blood Artist = {1}{B} Creature — Vampire 0/1 "Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life."
define Drudge Skeletons = {1}{B} Creature — Skeleton 1/1 "{B}: Regenerate Drudge Skeletons."
define Forest = Basic Land — Forest
`

func graveyardOf(t *testing.T, r *Report, line int, p Player) []string {
	t.Helper()
	for _, v := range infoAt(t, r, line).Players {
		if v.Player == p.String() {
			return v.Graveyard
		}
	}
	t.Fatalf("no %s in the answer of line %d", p, line)
	return nil
}

// 701.8a, 702.12b: "Destroy all creatures" destroys every creature of
// both players, not other permanents, and not an indestructible one;
// 608.2n: the spell is put into the graveyard as the last step of its
// resolution. 603.10a: a creature's dies ability sees the creatures
// destroyed with it, so Blood Artist triggers for each of them.
func TestWrathOfGodDestroysAllCreaturesAtOnce(t *testing.T) {
	r, at := play(t, massDefs+`Bear as B
Blood Artist as A
Idol as I
Forest as F
Rod as R
opponent: Giant as G
cast Wrath of God
? B
? A
? G
? I
? F
? R
? graveyard
? stack
`)
	for _, q := range []string{"? B", "? A", "? G"} {
		if !gone(r, at(q)) {
			t.Errorf("%s: Wrath of God destroys every creature (701.8a)", q)
		}
	}
	for _, q := range []string{"? I", "? F", "? R"} {
		if gone(r, at(q)) {
			t.Errorf("%s: an indestructible creature and noncreature permanents stay", q)
		}
	}
	if !hasNote(r, "702.12b", "Idol (I)") {
		t.Errorf("the Idol's indestructible is noted: %+v", r.Notes)
	}
	gy := graveyardOf(t, r, at("? graveyard"), You)
	if len(gy) != 3 || gy[len(gy)-1] != "Wrath of God" {
		t.Errorf("your graveyard %v: the Bear, Blood Artist, then the spell (608.2n)", gy)
	}
	if og := graveyardOf(t, r, at("? graveyard"), Opponent); len(og) != 1 || og[0] != "Giant" {
		t.Errorf("the opponent's graveyard %v: the Giant goes to its owner's graveyard (701.8a)", og)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 3 {
		t.Errorf("Blood Artist sees itself and the two other creatures die at once: %d triggers, want 3 (603.10a)", n)
	}
}

// 701.19c: "They can't be regenerated": the shield is not applied; Day of
// Judgment has no such sentence, and the shield replaces the destruction
// (701.19a): the creature stays, tapped, with no damage.
func TestMassDestroyAndRegeneration(t *testing.T) {
	r, at := play(t, massDefs+`Drudge Skeletons as S
Bear as B
regenerate S
regenerate S
S takes 1 damage
opponent: Bear as OB
cast Day of Judgment
? S
? B
? damage S
opponent: Drudge Skeletons as T
regenerate T
cast Wrath of God
? T
`)
	for _, e := range r.Errors {
		if !strings.Contains(e.Message, "left the battlefield") {
			t.Errorf("error %+v", e)
		}
	}
	if gone(r, at("? S")) || !gone(r, at("? B")) {
		t.Fatalf("Day of Judgment: the Skeletons regenerate, the Bear is destroyed: errors %+v notes %+v", r.Errors, r.Notes)
	}
	if q := result(t, r, at("? S")); q.Object == nil || !q.Object.Tapped {
		t.Errorf("a regenerated permanent is tapped (701.19a): %+v", q.Object)
	}
	if !hasNote(r, "701.19a", "regenerates instead") {
		t.Errorf("notes %+v", r.Notes)
	}
	// 701.19a: each shield replaces one destruction: the lethal damage
	// (704.5g) used the first, Day of Judgment the second, and the damage
	// is removed.
	if d := infoAt(t, r, at("? damage S")).Damage; d == nil || *d != 0 {
		t.Errorf("? damage S = %v, want 0: regeneration removes all damage marked on it", d)
	}
	// S's shield is used; T still has its shield, which Wrath of God doesn't
	// apply.
	if !gone(r, at("? T")) || !hasNote(r, "701.19c", "Drudge Skeletons (T)") {
		t.Errorf("Wrath of God: shields aren't applied (701.19c): notes %+v", r.Notes)
	}
}

// The qualities of the destroyed objects: who controls them, power, mana
// value, and lists of card types ("artifacts, creatures, and
// enchantments": any of them).
func TestMassDestroyFilters(t *testing.T) {
	cases := []struct {
		spell     string
		destroyed []string
		stay      []string
	}{
		{"Plague Wind", []string{"G", "OB"}, []string{"B", "A"}},
		{"Retribution of the Meek", []string{"G"}, []string{"B", "OB", "A"}},
		{"Culling Sun", []string{"B", "OB", "A"}, []string{"G"}},
		{"Akroma's Vengeance", []string{"B", "OB", "G", "R", "E", "A"}, []string{"F"}},
		{"Shatterstorm", []string{"R"}, []string{"B", "G", "E", "F"}},
	}
	for _, c := range cases {
		t.Run(c.spell, func(t *testing.T) {
			r, at := play(t, massDefs+`Bear as B
Blood Artist as A
Rod as R
Aura of Silence as E
Forest as F
opponent: Giant as G
opponent: Bear as OB
cast `+c.spell+`
? B
? A
? R
? E
? F
? G
? OB
`)
			for _, ref := range c.destroyed {
				if !gone(r, at("? "+ref)) {
					t.Errorf("%s stays; %s destroys it: notes %+v", ref, c.spell, r.Notes)
				}
			}
			for _, ref := range c.stay {
				if gone(r, at("? "+ref)) {
					t.Errorf("%s is destroyed; %s doesn't destroy it", ref, c.spell)
				}
			}
			if len(unmodelledFor(r, c.spell)) > 0 {
				t.Errorf("%s: %v not modelled", c.spell, unmodelledFor(r, c.spell))
			}
		})
	}
}

func unmodelledFor(r *Report, source string) []string {
	var out []string
	for _, u := range r.Unmodeled {
		if u.Source == source {
			out = append(out, u.Sentence)
		}
	}
	return out
}

// 701.13a: exiled creatures don't die (700.4): Blood Artist's ability
// doesn't trigger; 400.7: returned creatures go to their owners' hands.
func TestExileAllAndReturnAll(t *testing.T) {
	r, at := play(t, massDefs+`Bear as B
Blood Artist as A
opponent: Giant as G
cast Final Judgment
? B
? G
? stack
? exile
`)
	if !gone(r, at("? B")) || !gone(r, at("? G")) {
		t.Fatalf("Final Judgment exiles every creature: %+v", r.Notes)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("exiled creatures don't die: %d dies triggers, want 0", n)
	}
	r, at = play(t, massDefs+`Bear as B
opponent: Giant as G
Forest as F
cast Evacuation
? B
? G
? F
? hand
`)
	if !gone(r, at("? B")) || !gone(r, at("? G")) || gone(r, at("? F")) {
		t.Fatalf("Evacuation returns the creatures, not the Forest: %+v", r.Notes)
	}
	ans := infoAt(t, r, at("? hand")).Answer
	if !strings.Contains(ans, "Giant") || !strings.Contains(ans, "Bear") {
		t.Errorf("each creature goes to its owner's hand: %q", ans)
	}
}

// A target with a quality the spell names, checked as it resolves
// (608.2b, 115.1): Reprisal's "with power 4 or greater", Resounding
// Silence's "attacking"; Time Ebb puts its target on top of its owner's
// library (401.1), a new object there (400.7).
func TestTargetWithQualities(t *testing.T) {
	defs := massDefs + `define Reprisal = {1}{W} Instant "Destroy target creature with power 4 or greater. It can't be regenerated."
define Resounding Silence = {3}{W} Instant "Cycling {5}{G}{W}{U}\nExile target attacking creature."
define Time Ebb = {2}{U} Sorcery "Put target creature on top of its owner's library."
`
	r, at := play(t, defs+`opponent: Bear as B
opponent: Giant as G
cast Reprisal targeting B
cast Reprisal targeting G
? G
? B
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("cast Reprisal targeting B") || !strings.Contains(r.Errors[0].Message, "not a legal target") {
		t.Errorf("the Bear (power 2) is not a legal target: errors %+v", r.Errors)
	}
	if !gone(r, at("? G")) || gone(r, at("? B")) {
		t.Errorf("Reprisal destroys the Giant only")
	}
	r, at = play(t, defs+`Bear as B
Giant as G
attack with G
cast Resounding Silence targeting B
cast Resounding Silence targeting G
? G
? exile
`)
	if len(r.Errors) < 1 || r.Errors[0].Line != at("cast Resounding Silence targeting B") {
		t.Errorf("the Bear isn't attacking: errors %+v", r.Errors)
	}
	if !gone(r, at("? G")) || !strings.Contains(infoAt(t, r, at("? exile")).Answer, "Giant") {
		t.Errorf("the attacking Giant is exiled: %+v", r.Notes)
	}
	r, at = play(t, defs+`opponent: Giant as G
opponent has 10 cards in library
cast Time Ebb targeting G
? G
? opponent
`)
	if !gone(r, at("? G")) || !hasNote(r, "401.1", "on top of its owner's library") {
		t.Errorf("Time Ebb: notes %+v errors %+v", r.Notes, r.Errors)
	}
}
