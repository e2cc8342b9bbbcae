package engine

import (
	"strings"
	"testing"
)

const counterSpellDefs = `define Cancel = {1}{U}{U} Instant "Counter target spell."
define Remove Soul = {1}{U} Instant "Counter target creature spell."
define Negate = {1}{U} Instant "Counter target noncreature spell."
define Murder = {1}{B}{B} Instant "Destroy target creature."
define Bear = {1}{G} Creature — Bear 2/2
`

// 701.6a: a countered spell is removed from the stack, doesn't resolve,
// and is put into its owner's graveyard: Murder's target survives.
func TestCounterTargetSpell(t *testing.T) {
	r, at := play(t, counterSpellDefs+`opponent: Bear as B
cast Murder targeting B (on the stack)
opponent: cast Cancel targeting Murder
? stack
? B
? graveyard
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("%d objects on the stack: the countered spell left it (701.6a)", n)
	}
	if gone(r, at("? B")) {
		t.Errorf("Murder was countered: it never resolved, and the Bear stays")
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); len(gy) != 1 || gy[0] != "Murder" {
		t.Errorf("your graveyard %v: the countered Murder goes to its owner's graveyard", gy)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); len(gy) != 1 || gy[0] != "Cancel" {
		t.Errorf("the opponent's graveyard %v: Cancel after resolving (608.2n)", gy)
	}
	if !hasNote(r, "701.6a", "Cancel counters Murder") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// The kind of spell a counterspell may target (115.1): Remove Soul
// targets a creature spell only, Negate a noncreature spell.
func TestCounterSpellKinds(t *testing.T) {
	r, at := play(t, counterSpellDefs+`opponent: Bear as B
cast Murder targeting B (on the stack)
opponent: cast Remove Soul targeting Murder
? stack
opponent: cast Negate targeting Murder
? B
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "creature spell") || r.Errors[0].Line != at("opponent: cast Remove Soul targeting Murder") {
		t.Errorf("Remove Soul can't target Murder, an instant: errors %+v", r.Errors)
	}
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 1 {
		t.Errorf("Murder stays on the stack after Remove Soul: %d", n)
	}
	if gone(r, at("? B")) || !hasNote(r, "701.6a", "Negate counters Murder") {
		t.Errorf("Negate counters Murder, a noncreature spell: errors %+v notes %+v", r.Errors, r.Notes)
	}
	r, at = play(t, counterSpellDefs+`opponent: cast Bear (on the stack)
cast Remove Soul targeting Bear
? stack
`)
	_ = at
	if !hasNote(r, "701.6a", "Remove Soul counters Bear") {
		t.Errorf("Remove Soul counters a creature spell: errors %+v notes %+v", r.Errors, r.Notes)
	}
}

// A counterspell's target must be a spell on the stack: a spell that
// resolved has left it.
func TestCounterNeedsASpellOnTheStack(t *testing.T) {
	r, at := play(t, counterSpellDefs+`opponent: Bear as B
cast Murder targeting B
opponent: cast Cancel targeting Murder
`)
	line := at("opponent: cast Cancel targeting Murder")
	found := false
	for _, e := range r.Errors {
		if e.Line == line {
			found = true
		}
	}
	if !found {
		t.Errorf("Murder resolved when cast: Cancel has nothing to target: errors %+v", r.Errors)
	}
}

// 101.2: "This spell can't be countered" wins over "Counter target spell":
// Obliterate stays on the stack and resolves.
func TestSpellThatCantBeCountered(t *testing.T) {
	r, at := play(t, counterSpellDefs+`define Obliterate = {6}{R}{R} Sorcery "This spell can't be countered.\nDestroy all artifacts, creatures, and lands. They can't be regenerated."
define Forest = Basic Land — Forest
opponent: Bear as B
opponent: Forest as F
cast Obliterate (on the stack)
opponent: cast Cancel targeting Obliterate
? stack
resolve
? B
? F
`)
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 1 || !hasNote(r, "101.2", "can't be countered") {
		t.Errorf("Obliterate stays on the stack: %d objects, notes %+v", n, r.Notes)
	}
	if !gone(r, at("? B")) || !gone(r, at("? F")) {
		t.Errorf("Obliterate resolves and destroys the creature and the land: %+v", r.Notes)
	}
	if u := unmodelledFor(r, "Obliterate"); len(u) > 0 {
		t.Errorf("unmodelled %v", u)
	}
}

// 118.12a: "Counter target spell unless its controller pays {3}": the
// spell's controller chooses; the cast line states it.
func TestCounterUnlessPaid(t *testing.T) {
	defs := counterSpellDefs + `define Mana Leak = {1}{U} Instant "Counter target spell unless its controller pays {3}."
`
	for _, c := range []struct {
		paid    string
		counter bool
	}{{"(paid)", false}, {"(not paid)", true}} {
		r, at := play(t, defs+`opponent: Bear as B
cast Murder targeting B (on the stack)
opponent: cast Mana Leak targeting Murder `+c.paid+`
? stack
`)
		if len(r.Errors) > 0 {
			t.Fatalf("%s: errors %+v", c.paid, r.Errors)
		}
		if n := len(infoAt(t, r, at("? stack")).Stack); (n == 0) != c.counter {
			t.Errorf("%s: %d on the stack", c.paid, n)
		}
	}
	r, _ := play(t, defs+`opponent: Bear as B
cast Murder targeting B (on the stack)
opponent: cast Mana Leak targeting Murder
`)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "(not paid)") {
		t.Errorf("the choice must be stated: errors %+v", r.Errors)
	}
}

// A kind of spell listed with commas ("Counter target enchantment,
// instant, or sorcery spell") is any of the kinds listed (115.1), as one
// joined by "or" is.
func TestCounterFilterReadsAList(t *testing.T) {
	f, ok := counterFilter("enchantment, instant, or sorcery ")
	if !ok {
		t.Fatal("the list isn't read")
	}
	for _, c := range []struct {
		d    CardDef
		fits bool
	}{
		{CardDef{Name: "Holy Strength", Types: []string{"Enchantment"}}, true},
		{CardDef{Name: "Lightning Bolt", Types: []string{"Instant"}}, true},
		{CardDef{Name: "Duress", Types: []string{"Sorcery"}}, true},
		{CardDef{Name: "Runeclaw Bear", Types: []string{"Creature"}}, false},
	} {
		if got := cardMatches(f, c.d, false); got != c.fits {
			t.Errorf("%s fits %v, want %v", c.d.Name, got, c.fits)
		}
	}
}
