package engine

import (
	"strings"
	"testing"
)

// Permanent spells on the stack (608.3, 701.6a, 708.4) and triggered
// abilities that trigger while spells wait below them (603.3, 117.5),
// with "resolve all" (117.4).

const stackDefs = `define Bear = {1}{G} Creature — Bear 2/2
define Scatter = {1}{U} Instant "Counter target creature spell."
define Negate = {1}{U} Instant "Counter target noncreature spell."
define Verdant Denial = {G} Instant "Counter target green spell."
define Bolt = {R} Instant "Bolt deals 3 damage to any target."
define Shock = {R} Instant "Shock deals 2 damage to any target."
define Jail = {2}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack or block."
define Grove = Land — Forest
define Dier = {1}{B} Creature — Zombie 2/2 "When Dier dies, you draw a card."
define Pinger = {1}{R} Creature — Goblin 2/2 "When Pinger dies, it deals 2 damage to any target."
define Healer = {1}{W} Creature — Cleric 2/2 "When Healer enters, you gain 3 life."
`

// 601.2a, 608.3a: a creature spell cast from the hand waits on the stack
// as a spell (its alias names it there); when it resolves it becomes a
// permanent under its controller's control, new to the battlefield, so it
// can't attack this turn (302.6).
func TestPermanentSpellWaitsThenEnters(t *testing.T) {
	r, at := play(t, stackDefs+`opponent: Bear as B (in hand)
opponent: cast B (on the stack)
? B
? stack
resolve
? B
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if v := result(t, r, at("? B")).Object; v == nil || v.Zone != "the stack" {
		t.Errorf("? B while cast: %+v, want the spell on the stack (601.2a)", v)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 1 || st[0].Kind != "spell" || st[0].Controller != "opponent" {
		t.Errorf("stack %+v, want the opponent's creature spell", st)
	}
	var after QueryResult
	for _, q := range r.Results {
		if q.Line > at("resolve") && q.Object != nil {
			after = q
		}
	}
	if v := after.Object; v == nil || v.Zone != "" || v.Controller != "opponent" {
		t.Errorf("? B after it resolved: %+v, want it on the battlefield under the opponent's control", v)
	}
	if !hasNote(r, "608.3a", "enters the battlefield under the opponent's control") {
		t.Errorf("no 608.3a note: %+v", r.Notes)
	}
}

// 701.6a: a countered permanent spell never enters; it goes from the stack
// to its owner's graveyard. A counterspell may target only the kind of
// spell it names (115.1): "noncreature" can't target a creature spell.
func TestCounteredCreatureSpell(t *testing.T) {
	r, at := play(t, stackDefs+`opponent: Bear as B (in hand)
opponent: cast B (on the stack)
cast Negate targeting B
cast Scatter targeting B
? stack
? B
? graveyard
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("cast Negate targeting B") || !strings.Contains(r.Errors[0].Message, "noncreature spell") {
		t.Errorf("errors %+v, want Negate unable to target a creature spell", r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("%d on the stack: the countered spell left it", n)
	}
	if v := result(t, r, at("? B")).Object; v == nil || v.Zone != "the opponent's graveyard" {
		t.Errorf("? B: %+v, want the card in its owner's graveyard", v)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); len(gy) != 1 || gy[0] != "Bear" {
		t.Errorf("opponent's graveyard %v, want the countered Bear", gy)
	}
	if !hasNote(r, "701.6a", "Scatter counters Bear (B)") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 614.1a: the countered card goes to its owner's graveyard through the
// effects that replace that: "from anywhere" includes the stack.
func TestCounteredSpellReplacedToExile(t *testing.T) {
	r, at := play(t, stackDefs+`define Rest = {1}{W} Enchantment "If a card or token would be put into a graveyard from anywhere, exile it instead."
Rest as R
opponent: cast Bear (on the stack)
cast Scatter targeting Bear
? exile
? graveyard
`)
	wantCounteredExiled(t, r, at)
}

// wantCounteredExiled checks that the opponent's countered Bear is in
// exile ("? exile"), not in their graveyard ("? graveyard").
func wantCounteredExiled(t *testing.T, r *Report, at func(string) int) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); len(gy) != 0 {
		t.Errorf("opponent's graveyard %v: the countered Bear is exiled instead", gy)
	}
	if ans := infoAt(t, r, at("? exile")).Answer; !strings.Contains(ans, "Bear") {
		t.Errorf("exile %q, want the countered Bear there (614.1a)", ans)
	}
}

// 708.4, 708.2a: a spell cast face down is a colorless creature spell, so
// "counter target green spell" can't target it, and "counter target
// creature spell" can.
func TestFaceDownSpellAsACounterspellSeesIt(t *testing.T) {
	r, at := play(t, stackDefs+`opponent: cast Bear (on the stack) (face down)
cast Verdant Denial targeting Bear
cast Scatter targeting Bear
? stack
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("cast Verdant Denial targeting Bear") {
		t.Errorf("errors %+v, want Verdant Denial unable to target the colorless face-down spell", r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("%d on the stack: Scatter counters the face-down creature spell", n)
	}
}

// 608.3b, 608.3c: an Aura spell checks its target as it resolves. Legal,
// it enters attached to it; if the target left, or its enchant ability
// can't enchant it any more (303.4a), the Aura doesn't resolve and goes
// to its owner's graveyard. Cast at what it can't enchant, it can't have
// that target at all (601.2c).
func TestAuraSpellChecksItsTargetAsItResolves(t *testing.T) {
	r, at := play(t, stackDefs+`opponent: Bear as B
cast Jail targeting B (on the stack)
resolve
? can B attack
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if !hasNote(r, "608.3c", "attached to B") {
		t.Errorf("no 608.3c note: %+v", r.Notes)
	}
	if q := result(t, r, at("? can B attack")); q.Answer {
		t.Errorf("? can B attack: %+v, want no: the Jail is on it", q)
	}

	r, at = play(t, stackDefs+`opponent: Bear as B
Grove as G
cast Jail targeting B (on the stack)
B becomes a copy of G
resolve
? graveyard
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if !hasNote(r, "608.3b", "can't enchant it now") {
		t.Errorf("no 608.3b note: %+v", r.Notes)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); len(gy) != 1 || gy[0] != "Jail" {
		t.Errorf("your graveyard %v, want the Jail that didn't resolve", gy)
	}

	r, at = play(t, stackDefs+`Grove as G
cast Jail targeting G (on the stack)
? stack
`)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "601.2c") {
		t.Errorf("errors %+v, want the land refused as the Jail's target", r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("%d on the stack: the Jail couldn't be cast at a land", n)
	}
}

// 603.3, 117.5: a dies trigger from a spell that resolves goes on the
// stack the next time a player would receive priority, on top of the
// spell still waiting, so it resolves first (405.5).
func TestTriggerWhileASpellWaits(t *testing.T) {
	r, at := play(t, stackDefs+`Dier as D
Bear as G
cast Bolt targeting G (on the stack)
opponent: cast Shock targeting D (on the stack)
resolve
? stack
resolve all
? stack
? graveyard
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 2 || st[0].Kind != "triggered ability" || !strings.Contains(st[0].Source, "Dier") || st[1].Source != "Bolt" {
		t.Fatalf("stack %+v, want Dier's trigger on top of Bolt", st)
	}
	drew, bolted := -1, -1
	for i, n := range r.Notes {
		if n.Rule == "121.1" && drew < 0 {
			drew = i
		}
		if n.Rule == "608.2" && strings.HasPrefix(n.Text, "Bolt resolves") {
			bolted = i
		}
	}
	if drew < 0 || bolted < 0 || drew > bolted {
		t.Errorf("the trigger's draw (note %d) must come before Bolt resolves (note %d): %+v", drew, bolted, r.Notes)
	}
	var last *InfoView
	for _, q := range r.Results {
		if q.Info != nil && q.Info.Kind == "stack" {
			last = q.Info
		}
	}
	if len(last.Stack) != 0 {
		t.Errorf("resolve all leaves %+v", last.Stack)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); strings.Join(gy, ",") != "Dier,Bolt,Bear" {
		t.Errorf("your graveyard %v", gy)
	}
}

// 608.3a, 603.2, 603.3: a creature spell that resolves over a waiting spell
// enters, and its enters trigger goes on the stack above that spell.
func TestEntersTriggerAboveTheWaitingSpell(t *testing.T) {
	r, at := play(t, stackDefs+`cast Bolt targeting you (on the stack)
cast Healer (on the stack)
resolve all
? life
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	order := []string{}
	for _, n := range r.Notes {
		switch {
		case n.Rule == "608.3a":
			order = append(order, "enters")
		case n.Rule == "608.2" && strings.Contains(n.Text, "Healer"):
			order = append(order, "trigger")
		case n.Rule == "608.2" && strings.HasPrefix(n.Text, "Bolt resolves"):
			order = append(order, "bolt")
		}
	}
	if strings.Join(order, ",") != "enters,trigger,bolt" {
		t.Errorf("order %v, want the creature, its trigger, then Bolt: %+v", order, r.Notes)
	}
	if n := life(t, r, at("? life"), You); n != 20 {
		t.Errorf("life %d, want 20+3-3", n)
	}
}

// 603.3d: the targets of a triggered ability are chosen as it goes on the
// stack; "resolve all" can't choose them, so it stops there and says so,
// and "resolve targeting REF" resolves it.
func TestResolveAllStopsAtATargetedTrigger(t *testing.T) {
	src := stackDefs + `Pinger as P
Bear as G
cast Bolt targeting G (on the stack)
opponent: cast Shock targeting P (on the stack)
resolve all
? stack
resolve targeting opponent
resolve all
? life
`
	r, at := play(t, src)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("resolve all") || !strings.Contains(r.Errors[0].Message, "603.3d") {
		t.Fatalf("errors %+v, want resolve all stopped at Pinger's trigger", r.Errors)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 2 || st[1].Source != "Bolt" {
		t.Errorf("stack %+v, want the trigger and Bolt left", st)
	}
	if n := life(t, r, at("? life"), Opponent); n != 18 {
		t.Errorf("opponent life %d, want 18", n)
	}
	if !hasNote(r, "704.5g", "Bear") {
		t.Errorf("Bolt resolved last and destroyed the Bear: %+v", r.Notes)
	}
}

// 613.7b: each object resolves at its own time, so of two effects that set
// base power and toughness, the one from the spell that resolved later
// wins (613.4b), even within one "resolve all".
func TestResolveAllTimestamps(t *testing.T) {
	r, at := play(t, stackDefs+`define Shrink = {U} Instant "Target creature has base power and toughness 1/1 until end of turn."
define Swell = {G} Instant "Target creature has base power and toughness 5/5 until end of turn."
Bear as G
cast Shrink targeting G (on the stack)
cast Swell targeting G (on the stack)
resolve all
? G
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	v := result(t, r, at("? G")).Object
	if v == nil || v.Power == nil || *v.Power != 1 || *v.Toughness != 1 {
		t.Errorf("? G: %+v, want 1/1 from Shrink, which resolved last", v)
	}
}

// "resolve all" with nothing on the stack resolves nothing (405.5), while
// "resolve" has no top object to resolve.
func TestResolveAllEmptyStack(t *testing.T) {
	r, _ := play(t, "resolve all\n")
	if len(r.Errors) != 0 || !hasNote(r, "405.5", "nothing resolves") {
		t.Errorf("errors %+v notes %+v", r.Errors, r.Notes)
	}
	r, _ = play(t, "resolve\n")
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "405.5") {
		t.Errorf("errors %+v", r.Errors)
	}
}
