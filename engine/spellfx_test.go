package engine

import (
	"strings"
	"testing"
)

// Real cards' Oracle wording.
const fxDefs = `define Tremor = {R} Sorcery "Tremor deals 1 damage to each creature without flying."
define Sandstorm = {G} Instant "Sandstorm deals 1 damage to each attacking creature."
define Impeccable Timing = {1}{W} Instant "Impeccable Timing deals 3 damage to target attacking or blocking creature."
define Ancestral Recall = {U} Instant "Target player draws three cards."
define Mind Rot = {2}{B} Sorcery "Target player discards two cards."
define Natural Spring = {3}{G}{G} Sorcery "Target player gains 8 life."
define Prey Upon = {G} Sorcery "Target creature you control fights target creature you don't control. (Each deals damage equal to its power to the other.)"
define Tail Slash = {2}{R} Instant "Target creature you control deals damage equal to its power to target creature you don't control."
define Vicious Hunger = {B}{B} Sorcery "Vicious Hunger deals 2 damage to target creature and you gain 2 life."
define Temporal Mastery = {5}{U}{U} Sorcery "Take an extra turn after this one. Exile Temporal Mastery.\nMiracle {1}{U}"
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
define Bird = {U} Creature — Bird 1/1 "Flying"
define Wurm = {4}{G} Creature — Wurm 5/5
`

// "Deals N damage to each creature without flying": the creatures of that
// kind as it resolves (608.2c), and no other.
func TestDamageToEachCreatureOfAKind(t *testing.T) {
	r, at := play(t, fxDefs+`Bear as B
opponent: Bird as F
opponent: Ogre as O
cast Tremor
? damage B
? damage F
? damage O
`)
	for q, want := range map[string]int{"? damage B": 1, "? damage F": 0, "? damage O": 1} {
		if d := infoAt(t, r, at(q)).Damage; d == nil || *d != want {
			t.Errorf("%s = %v, want %d", q, d, want)
		}
	}
	r, at = play(t, fxDefs+`Bear as B
opponent: Bird as F
opponent: Ogre as O
attack with B
cast Sandstorm
? damage B
? damage O
`)
	if d := infoAt(t, r, at("? damage B")).Damage; d == nil || *d != 1 {
		t.Errorf("Sandstorm deals 1 to the attacking Bear: %v (%+v)", d, r.Errors)
	}
	if d := infoAt(t, r, at("? damage O")).Damage; d == nil || *d != 0 {
		t.Errorf("Sandstorm deals no damage to a creature not attacking: %v", d)
	}
}

// 115.1, 608.2b: "target attacking or blocking creature" is checked.
func TestDamageToTargetCreatureOfAKind(t *testing.T) {
	r, at := play(t, fxDefs+`opponent: Ogre as O
opponent: Wurm as W
cast Impeccable Timing targeting O
next turn
attack with W
cast Impeccable Timing targeting W
? damage W
`)
	bad := at("cast Impeccable Timing targeting O")
	if len(r.Errors) != 1 || r.Errors[0].Line != bad {
		t.Errorf("the Ogre, not attacking or blocking, is an illegal target: errors %+v", r.Errors)
	}
	if d := infoAt(t, r, at("? damage W")).Damage; d == nil || *d != 3 {
		t.Errorf("3 damage to the attacking Wurm: %v (%+v)", d, r.Notes)
	}
}

// 121.1 and 119.3: a target player draws or gains life; 701.9b: a
// discard is the player's choice (the scenario discards unnamed cards).
func TestTargetPlayerDrawsGainsDiscards(t *testing.T) {
	r, at := play(t, fxDefs+`opponent has 4 cards in hand
cast Ancestral Recall targeting you
cast Mind Rot targeting opponent
cast Natural Spring targeting you
? you
? opponent
? life
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	ps := infoAt(t, r, at("? life")).Players
	for _, p := range ps {
		switch p.Player {
		case You.String():
			if p.Hand != 3 || p.Life != 28 {
				t.Errorf("you: hand %d life %d, want 3 cards drawn and 28 life", p.Hand, p.Life)
			}
		case Opponent.String():
			if p.Hand != 2 {
				t.Errorf("opponent: hand %d, want 4 - 2 discarded", p.Hand)
			}
		}
	}
	if !hasNote(r, "701.9b", "discards 2 cards") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 701.14a: each fighting creature deals damage equal to its power to the
// other; "deals damage equal to its power to" is one-sided.
func TestFightAndBite(t *testing.T) {
	r, at := play(t, fxDefs+`Ogre as O
opponent: Bear as B
opponent: Wurm as W
cast Prey Upon targeting O and B
? B
? damage O
cast Tail Slash targeting O and W
? damage W
`)
	if !gone(r, at("? B")) {
		t.Errorf("the Ogre deals 3 to the Bear: it dies: %+v", r.Notes)
	}
	if d := infoAt(t, r, at("? damage O")).Damage; d == nil || *d != 2 {
		t.Errorf("the Bear deals 2 to the Ogre: %v", d)
	}
	if d := infoAt(t, r, at("? damage W")).Damage; d == nil || *d != 3 {
		t.Errorf("Tail Slash: the Ogre deals 3 to the Wurm: %v", d)
	}
	if len(unmodelledFor(r, "Prey Upon")) > 0 || len(unmodelledFor(r, "Tail Slash")) > 0 {
		t.Errorf("unmodelled %+v", r.Unmodeled)
	}
	// 115.1: Prey Upon's first target is a creature you control.
	r, _ = play(t, fxDefs+`opponent: Bear as B
opponent: Wurm as W
cast Prey Upon targeting W and B
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "you control") {
		t.Errorf("errors %+v", r.Errors)
	}
}

// "... and you gain N life" after damage; 608.2n: a spell that says "Exile
// ~" goes to exile, not the graveyard.
func TestDamageAndGainLifeAndSelfExile(t *testing.T) {
	r, at := play(t, fxDefs+`opponent: Ogre as O
cast Vicious Hunger targeting O
cast Temporal Mastery
? damage O
? life
? exile
? graveyard
`)
	if d := infoAt(t, r, at("? damage O")).Damage; d == nil || *d != 2 {
		t.Errorf("2 damage to the Ogre: %v", d)
	}
	if l := life(t, r, at("? life"), You); l != 22 {
		t.Errorf("you at %d, want 22", l)
	}
	if ans := infoAt(t, r, at("? exile")).Answer; !strings.Contains(ans, "Temporal Mastery") {
		t.Errorf("Temporal Mastery exiles itself (608.2n): %q", ans)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); len(gy) != 1 || gy[0] != "Vicious Hunger" {
		t.Errorf("graveyard %v", gy)
	}
	if u := unmodelledFor(r, "Temporal Mastery"); len(u) != 0 || !hasNote(r, "500.7", "extra turn") {
		t.Errorf("Temporal Mastery gives an extra turn (500.7): unmodelled %v", u)
	}
}

// From XMage's FightTest (testSimpleFight, testCounterFight), the CR as
// the judge: 701.14a each deals damage equal to its power to the other;
// 701.14d fight damage isn't combat damage, so "whenever ~ deals combat
// damage" doesn't trigger; lifelink applies to any damage (702.15b).
func TestXMageFight(t *testing.T) {
	defs := fxDefs + `define Sunhome Enforcer = {2}{R}{W} Creature — Elemental Soldier 2/4 "Whenever Sunhome Enforcer deals combat damage, you gain that much life.\n{1}{R}: Sunhome Enforcer gets +1/+0 until end of turn."
define Mammoth Spider = {4}{G} Creature — Spider 3/5 "Reach"
define Caravan Hurda = {4}{W} Creature — Giant 1/5 "Lifelink"
define Hunt the Weak = {3}{G} Sorcery "Put a +1/+1 counter on target creature you control. Then that creature fights target creature you don't control."
`
	r, at := play(t, defs+`Sunhome Enforcer as E
opponent: Mammoth Spider as M
cast Prey Upon targeting E and M
? damage E
? damage M
? life
? stack
`)
	if d := infoAt(t, r, at("? damage E")).Damage; d == nil || *d != 3 {
		t.Errorf("Enforcer dealt %v, want 3", d)
	}
	if d := infoAt(t, r, at("? damage M")).Damage; d == nil || *d != 2 {
		t.Errorf("Spider dealt %v, want 2", d)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 || life(t, r, at("? life"), You) != 20 {
		t.Errorf("fight damage isn't combat damage (701.14d): %d triggers, life %d", n, life(t, r, at("? life"), You))
	}
	r, at = play(t, defs+`Mammoth Spider as S
opponent: Caravan Hurda as H
cast Hunt the Weak targeting S and H
? damage S
? damage H
? life
`)
	if d := infoAt(t, r, at("? damage H")).Damage; d == nil || *d != 4 {
		t.Errorf("the Spider with a +1/+1 counter deals 4: %v (%+v %+v)", d, r.Errors, r.Unmodeled)
	}
	if d := infoAt(t, r, at("? damage S")).Damage; d == nil || *d != 1 {
		t.Errorf("the Hurda deals 1: %v", d)
	}
	if l := life(t, r, at("? life"), Opponent); l != 21 {
		t.Errorf("the Hurda's lifelink: opponent at %d, want 21 (702.15b)", l)
	}
}

// "Draw three cards, then discard a card" (Sift): the draw, then the
// discard of a card the player chooses (121.1, 701.9b).
func TestDrawThenDiscard(t *testing.T) {
	r, at := play(t, fxDefs+`define Sift = {3}{U} Sorcery "Draw three cards, then discard a card."
cast Sift
? life
`)
	for _, p := range infoAt(t, r, at("? life")).Players {
		if p.Player == You.String() && p.Hand != 2 {
			t.Errorf("hand %d, want 3 drawn - 1 discarded", p.Hand)
		}
	}
	if !hasNote(r, "121.1", "draw 3 card") || !hasNote(r, "701.9b", "discard 1 card") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 500.7: an extra turn is added directly after this one: the next turn is
// the caster's again, and the one after it the opponent's.
func TestExtraTurn(t *testing.T) {
	r, at := play(t, fxDefs+`define Time Walk = {1}{U} Sorcery "Take an extra turn after this one."
cast Time Walk
next turn
? turn
next turn
? turn
`)
	first := infoAt(t, r, at("? turn")).Answer
	if !strings.Contains(first, "your turn") {
		t.Errorf("after Time Walk the next turn is yours: %q", first)
	}
	var second string
	for _, q := range r.Results {
		if q.Info != nil && q.Line > at("? turn") {
			second = q.Info.Answer
		}
	}
	if strings.Contains(second, "your turn") {
		t.Errorf("then the opponent's: %q", second)
	}
	if len(r.Unmodeled) > 0 || !hasNote(r, "500.7", "extra turn") {
		t.Errorf("unmodelled %+v notes %+v", r.Unmodeled, r.Notes)
	}
}

// "Draws N cards and loses N life" (Painful Lesson), "you gain N life for
// each creature you control" counted as it resolves (Peach Garden Oath,
// 608.2h), "Regenerate each creature you control" (Golgari Charm mode 3,
// 701.19a), "Exile all permanents" (Worldfire's first sentence).
func TestMoreSpellInstructions(t *testing.T) {
	r, at := play(t, fxDefs+`define Painful Lesson = {2}{B} Sorcery "Target player draws two cards and loses 2 life."
define Peach Garden Oath = {W} Sorcery "You gain 2 life for each creature you control."
define Golgari Charm = {B}{G} Instant "Choose one —\n• All creatures get -1/-1 until end of turn.\n• Destroy target enchantment.\n• Regenerate each creature you control."
define Murder = {1}{B}{B} Instant "Destroy target creature."
Bear as B
Ogre as O
opponent: Bear as C
cast Painful Lesson targeting opponent
cast Peach Garden Oath
cast Golgari Charm (mode 3)
cast Murder targeting O
cast Murder targeting C
? O
? C
? life
`)
	for _, e := range r.Errors {
		if e.Line != at("? C") {
			t.Errorf("error %+v", e)
		}
	}
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("opponent at %d, want 18", l)
	}
	if l := life(t, r, at("? life"), You); l != 24 {
		t.Errorf("you at %d, want 24 (2 for each of your 2 creatures)", l)
	}
	if gone(r, at("? O")) || !gone(r, at("? C")) {
		t.Errorf("your Ogre regenerates, the opponent's Bear has no shield")
	}
	r, at = play(t, fxDefs+`define Worldfire = {6}{R}{R}{R} Sorcery "Exile all permanents. Exile all cards from all hands and graveyards. Each player's life total becomes 1."
define Forest = Basic Land — Forest
Bear as B
opponent: Forest as F
cast Worldfire
? B
? F
`)
	if !gone(r, at("? B")) || !gone(r, at("? F")) || len(unmodelledFor(r, "Worldfire")) != 2 {
		t.Errorf("Worldfire exiles every permanent; its other sentences are reported: %+v", r.Unmodeled)
	}
}

// 603.7: "Draw a card at the beginning of the next turn's upkeep" creates
// a delayed triggered ability; it triggers at the next upkeep (the
// opponent's turn here), once (603.7b), controlled by the spell's
// controller (603.7d).
func TestDelayedDraw(t *testing.T) {
	r, at := play(t, fxDefs+`define Balduvian Rage = {X}{R} Instant "Attacking creatures get +X/+0 until end of turn.\nDraw a card at the beginning of the next turn's upkeep."
cast Balduvian Rage
next turn
? stack
resolve
? you
next turn
next turn
? stack
`)
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 1 {
		t.Fatalf("the delayed ability triggers at the opponent's upkeep: %d on the stack (%+v)", n, r.Notes)
	}
	if !hasNote(r, "121.1", "you draw 1 card") {
		t.Errorf("its controller draws: %+v", r.Notes)
	}
	last := 0
	for _, q := range r.Results {
		if q.Info != nil && q.Info.Kind == "stack" {
			last = len(q.Info.Stack)
		}
	}
	if last != 0 {
		t.Errorf("it triggers only once (603.7b): %d on the stack two turns later", last)
	}
}
