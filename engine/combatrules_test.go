package engine

import (
	"strings"
	"testing"
)

// 506.4, 611.3a: "Attacking creatures you control get +1/+0" (Orcish
// Oriflamme) applies to each creature you control while it is attacking,
// and to no other.
func TestAttackingCreaturesGet(t *testing.T) {
	r, at := play(t, combatDefs+`define Oriflamme = {3}{R} Enchantment "Attacking creatures you control get +1/+0."
Oriflamme
Bear as A
Bear as H
opponent: Bear as O
? A
attack with A
? A
? H
? O
combat damage
? life
`)
	if got := ptAt(t, r, at("? A")); got != "2/2" {
		t.Errorf("before attacking: %s, want 2/2", got)
	}
	var after []string
	for _, q := range r.Results {
		if q.Object != nil {
			after = append(after, ptOf(q.Object))
		}
	}
	// ? A, ? A (attacking), ? H (at home), ? O (the opponent's)
	if strings.Join(after, " ") != "2/2 3/2 2/2 2/2" {
		t.Errorf("P/T before, while attacking, at home, opponent's: %v, want [2/2 3/2 2/2 2/2]", after)
	}
	if l := life(t, r, at("? life"), Opponent); l != 17 {
		t.Errorf("the attacking Bear deals 3: opponent at %d, want 17", l)
	}
}

// 510.1a: each creature assigns combat damage equal to its power, unless
// an effect says it assigns damage equal to its toughness (Assault
// Formation: "Each creature you control assigns combat damage equal to its
// toughness rather than its power").
func TestToughnessCombatDamage(t *testing.T) {
	r, at := play(t, combatDefs+`define Assault Formation = {1}{G} Enchantment "Each creature you control assigns combat damage equal to its toughness rather than its power."
define Tall = {1}{G} Creature — Plant 1/4
Assault Formation
Tall as T
opponent: Tall as O
attack with T
combat damage
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 16 {
		t.Errorf("a 1/4 deals 4 with the toughness rule: opponent at %d, want 16", l)
	}
	// Its effect names creatures you control: the opponent's blocks with
	// power.
	r, at = play(t, combatDefs+`define Assault Formation = {1}{G} Enchantment "Each creature you control assigns combat damage equal to its toughness rather than its power."
define Tall = {1}{G} Creature — Plant 1/4
Assault Formation
Bear as B
opponent: Tall as O
attack with B
block B with O
combat damage
? damage B
? damage O
`)
	if d := infoAt(t, r, at("? damage B")).Damage; d == nil || *d != 1 {
		t.Errorf("the opponent's 1/4 deals damage equal to its power, 1: %v", d)
	}
	if d := infoAt(t, r, at("? damage O")).Damage; d == nil || *d != 2 {
		t.Errorf("the Bear (2/2) deals 2: %v", d)
	}
}

// 702.3b: a creature with defender can't attack, unless an effect lets it
// attack as though it didn't have defender; only the creatures named.
func TestAttackAsThoughNoDefender(t *testing.T) {
	r, at := play(t, combatDefs+`define Rolling Stones = {1}{W} Artifact "Wall creatures can attack as though they didn't have defender."
Wall as W
Rolling Stones
define Post = {1}{W} Creature — Soldier 0/4 "Defender"
Post as P
? can W attack
? can P attack
`)
	if q := result(t, r, at("? can W attack")); !q.Answer {
		t.Errorf("the Wall can attack as though it didn't have defender: %+v", q.Reasons)
	}
	if q := result(t, r, at("? can P attack")); q.Answer {
		t.Errorf("a non-Wall with defender still can't attack: %+v", q.Reasons)
	}
}

// 508.1c, 508.1h: "can't attack unless …" is a restriction or a cost
// checked as attackers are declared; "? can REF attack" names it rather
// than answering as if it weren't there.
func TestAttackUnlessNamed(t *testing.T) {
	r, at := play(t, combatDefs+`define Tithe Beast = {2}{B} Creature — Beast 3/3 "Tithe Beast can't attack unless you sacrifice a land."
define Pack Hunter = {1}{R} Creature — Wolf 3/1 "Pack Hunter can't attack unless at least two other creatures attack."
Tithe Beast as T
Pack Hunter as P
Bear as B
? can T attack
? can P attack
? can B attack
`)
	for ref, rule := range map[string]string{"? can T attack": "508.1h", "? can P attack": "508.1c"} {
		q := result(t, r, at(ref))
		found := false
		for _, x := range q.Reasons {
			found = found || x.Rule == rule
		}
		if !found {
			t.Errorf("%s: want a %s reason, got %+v", ref, rule, q.Reasons)
		}
	}
	for _, x := range result(t, r, at("? can B attack")).Reasons {
		if x.Rule == "508.1h" || x.Rule == "508.1c" {
			t.Errorf("the Bear has no such restriction: %+v", x)
		}
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}

// Rules about blocking and crewing on the objects named: 509.1a (an
// additional block for each Equipment), 509.1b (which creatures it may
// block), 702.122a (crewing), 301.5c (what it may be attached to).
func TestMoreCombatRules(t *testing.T) {
	src := `define Guard = {2}{W} Creature — Human Soldier 2/3 "Guard can block an additional creature each combat for each Equipment attached to Guard."
define Coward = {1}{R} Creature — Goblin 1/1 "Coward can't block creatures with power greater than Coward's power."
define Tall Crew = {2}{G} Creature — Treefolk 0/5 "Tall Crew crews Vehicles using its toughness rather than its power."
define Collar = {2} Artifact — Equipment "Collar can be attached only to a creature with toughness 3 or greater.\nEquipped creature gets +1/+1."
define Bear = {1}{G} Creature — Bear 2/2
Guard as G
Coward as C
Tall Crew as T
Collar as L
Bear as B
? G
? C
? T
? L
? B`
	r := mustRun(t, src, nil)
	for line, rule := range map[int]string{11: "509.1a", 12: "509.1b", 13: "702.122a", 14: "301.5c"} {
		found := false
		for _, s := range result(t, r, line).Trace {
			found = found || s.Rule == rule
		}
		if !found {
			t.Errorf("line %d: no %s step in %s", line, rule, traceText(result(t, r, line)))
		}
	}
	if q := result(t, r, 15); len(q.Trace) != 0 {
		t.Errorf("the Bear is affected by none of them: %s", traceText(q))
	}
}
