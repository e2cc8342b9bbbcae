package engine

import (
	"strings"
	"testing"
)

// A dies trigger with a target whose controller is the opponent: "target
// creature an opponent controls" is one of yours.
const trigTargetDefs = stackDefs + `define Curser = {1}{B} Creature — Zombie 1/1 "When Curser dies, target creature an opponent controls gets -3/-3 until end of turn."
define Ward Bear = {1}{G} Creature — Bear 2/2 "Hexproof"
define Elf = {G} Creature — Elf 1/1
`

// 603.3d: the targets of a triggered ability are chosen as it is put on
// the stack; with exactly one legal choice (115.1, 601.2c) that is the
// target, so "resolve all" carries on through the trigger and the spell
// waiting below it resolves too.
func TestTriggerWithTheOnlyLegalTarget(t *testing.T) {
	r, at := play(t, trigTargetDefs+`opponent: Curser as C
Bear as G
Ward Bear as H
opponent: Elf as E
cast Shock targeting opponent (on the stack)
cast Bolt targeting C (on the stack)
resolve all
? stack
? life
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	// The opponent's Elf isn't an opponent's creature to the Curser's
	// controller; the hexproof Ward Bear can't be the target of the
	// opponent's ability (702.11b): the Bear is the only legal target.
	if !hasNote(r, "603.3d", "targets G, the only legal target") {
		t.Errorf("no note of the only legal target: %+v", r.Notes)
	}
	if !hasNote(r, "704.5f", "Bear") {
		t.Errorf("the Bear got -3/-3 and should die (704.5f): %+v", r.Notes)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("stack %+v, want empty", st)
	}
	if n := life(t, r, at("? life"), Opponent); n != 18 {
		t.Errorf("opponent life %d, want 18: Shock resolved after the trigger", n)
	}
}

// 603.3d: "If no legal targets can be chosen, the ability is removed from
// the stack"; the spell below it then resolves.
func TestTriggerWithNoLegalTargetIsRemoved(t *testing.T) {
	r, at := play(t, trigTargetDefs+`opponent: Curser as C
Ward Bear as H
cast Shock targeting opponent (on the stack)
cast Bolt targeting C (on the stack)
resolve all
? stack
? life
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if !hasNote(r, "603.3d", "no legal target") {
		t.Errorf("no note that the trigger has no legal target: %+v", r.Notes)
	}
	if hasNote(r, "608.2", "Curser's triggered ability resolves") {
		t.Errorf("the trigger was removed and can't resolve: %+v", r.Notes)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("stack %+v, want empty", st)
	}
	if n := life(t, r, at("? life"), Opponent); n != 18 {
		t.Errorf("opponent life %d, want 18", n)
	}
}

// 603.3d, 601.2c: with several legal choices the controller chooses;
// "resolve all" stops and names them, "resolve targeting REF" chooses one.
func TestTriggerWithSeveralLegalTargetsNamesThem(t *testing.T) {
	r, at := play(t, trigTargetDefs+`Curser as C
opponent: Bear as G
opponent: Elf as E
Ward Bear as H
opponent: cast Shock targeting you (on the stack)
opponent: cast Bolt targeting C (on the stack)
resolve all
resolve targeting E
resolve all
? life
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("resolve all") {
		t.Fatalf("errors %+v, want \"resolve all\" to stop at the trigger", r.Errors)
	}
	msg := r.Errors[0].Message
	for _, want := range []string{"603.3d", "2 legal choices: G or E;", "resolve targeting REF"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if !hasNote(r, "704.5f", "Elf") {
		t.Errorf("the chosen Elf should die: %+v", r.Notes)
	}
	if n := life(t, r, at("? life"), You); n != 18 {
		t.Errorf("your life %d, want 18", n)
	}
}

// "any target" always has both players among its legal choices: the
// engine never chooses for it.
func TestAnyTargetTriggerIsNotChosen(t *testing.T) {
	r, at := play(t, stackDefs+`Pinger as P
cast Bolt targeting P (on the stack)
resolve all
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("resolve all") || !strings.Contains(r.Errors[0].Message, "you or opponent") {
		t.Fatalf("errors %+v, want the stop naming both players", r.Errors)
	}
}

// 702.16b, 702.18a: a creature with protection from the source's color,
// or with shroud, can't be the target of its ability: the one left is the
// only legal target.
func TestTriggerTargetSkipsProtectionAndShroud(t *testing.T) {
	r, _ := play(t, trigTargetDefs+`define Knight = {W}{W} Creature — Knight 2/2 "Protection from black"
define Veil = {G} Creature — Elf 1/1 "Shroud"
opponent: Curser as C
Knight as K
Veil as V
Bear as G
cast Bolt targeting C (on the stack)
resolve all
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if !hasNote(r, "603.3d", "targets G, the only legal target") {
		t.Errorf("want the Bear as the only legal target: %+v", r.Notes)
	}
}

// 702.11b: hexproof keeps a permanent from being the target of its
// controller's opponents' abilities only; its controller's own trigger
// can target it.
func TestTriggerTargetsItsControllersHexproofCreature(t *testing.T) {
	r, _ := play(t, trigTargetDefs+`define Trainer = {1}{G} Creature — Elf 1/1 "When Trainer dies, put a +1/+1 counter on target creature you control."
Trainer as C
Ward Bear as H
opponent: Bear as G
opponent: cast Bolt targeting C (on the stack)
resolve all
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if !hasNote(r, "603.3d", "targets H, the only legal target") {
		t.Errorf("want the hexproof Ward Bear as the only legal target: %+v", r.Notes)
	}
	if !hasNote(r, "122.1", "Ward Bear") {
		t.Errorf("want the counter put on the Ward Bear: %+v", r.Notes)
	}
}
