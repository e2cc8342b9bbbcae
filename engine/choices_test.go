package engine

import (
	"strings"
	"testing"
)

// 614.12a: a choice made as a permanent enters; the text that refers to it
// reads the stated choice.
func TestChoicesAsItEnters(t *testing.T) {
	defs := `define Adaptive Automaton = {3} Artifact Creature — Construct 2/2 "As Adaptive Automaton enters the battlefield, choose a creature type.\nAdaptive Automaton is the chosen type in addition to its other types.\nOther creatures you control of the chosen type get +1/+1."
define Elf = {G} Creature — Elf Druid 1/1
define Goblin = {R} Creature — Goblin 1/1
define Voice of All = {2}{W}{W} Creature — Angel 2/2 "Flying\nAs Voice of All enters the battlefield, choose a color.\nVoice of All has protection from the chosen color."
`
	r := mustRun(t, defs+`Elf as E1
Goblin
opponent: Elf as E2
Adaptive Automaton (chosen Elf)
Voice of All (chosen red)
? Adaptive Automaton
? E1
? Goblin
? E2
? Voice of All`, nil)
	checkWant(t, r, want{line: 10, subtypes: []string{"Construct", "Elf"}, pt: "2/2"})
	checkWant(t, r, want{line: 11, pt: "2/2"}) // your Elf
	checkWant(t, r, want{line: 12, pt: "1/1"}) // not an Elf
	checkWant(t, r, want{line: 13, pt: "1/1"}) // the opponent's Elf: "you control"
	checkWant(t, r, want{line: 14, has: []string{"Protection from red"}, lacks: []string{"Protection from white"}})
	if len(r.Unmodeled) != 0 {
		t.Errorf("with the choices stated nothing is left unmodelled: %+v", r.Unmodeled)
	}

	// No choice stated: the sentences that need it are reported with how
	// to state it, and nothing is applied for them.
	r = mustRun(t, defs+`Elf
Adaptive Automaton
? Elf`, nil)
	checkWant(t, r, want{line: 7, pt: "1/1"})
	if len(r.Unmodeled) != 2 || !strings.Contains(r.Unmodeled[0].Sentence, `(chosen Elf)`) {
		t.Errorf("want the two sentences reported with the (chosen ...) hint, got %+v", r.Unmodeled)
	}

	// A choice the card doesn't make is an error.
	s, err := Parse(defs + "Voice of All (chosen Elf)")
	if err != nil {
		t.Fatal(err)
	}
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "chooses a color") {
		t.Errorf("want an error that it chooses a color, got %+v", r.Errors)
	}
}

func TestChoiceKinds(t *testing.T) {
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"a color", true}, {"a color other than black", true}, {"a creature type", true},
		{"a color and a creature type", true}, {"an opponent", true}, {"a nonland card name", true},
		{"a creature type and a number", true}, {"a card at random", false}, {"three cards", false},
	} {
		if _, ok := choiceKinds(c.what); ok != c.ok {
			t.Errorf("%q: ok %v, want %v", c.what, ok, c.ok)
		}
	}
}
