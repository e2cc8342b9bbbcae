package engine

import (
	"strings"
	"testing"
)

// Text-changing effects (612) in layer 3 (613.1c), asserted from the rule
// text: only color words, basic land types and creature types used in
// that sense change (612.2), never a card name (612.2), never an ability
// an effect granted (612.3); effects apply in timestamp order (613.7); the
// later layers see the changed text.
func TestTextChangingEffects(t *testing.T) {
	cases := []scenarioCase{
		{
			// 612.2: "White creatures" is a color word used as a color;
			// after the change the anthem reads "Blue creatures" (layer 7c
			// sees it), and the name "White Banner" is not changed.
			name: "612.2 color word in an anthem, not in the name",
			src: `define White Banner = {1}{W} Enchantment "White creatures you control get +1/+1."
define Paladin = {W} Creature — Human Knight 2/2
define Merrow = {U} Creature — Merfolk 2/2
White Banner as B
Paladin
Merrow
? Paladin
change the text of B: replace "white" with "blue"
? Paladin
? Merrow
? B`,
			wants: []want{
				{line: 7, pt: "3/3"},
				{line: 9, pt: "2/2"},
				{line: 10, pt: "3/3"},
				{line: 11, name: "White Banner", trace: []string{"3 613.1c", "Blue creatures you control get +1/+1"}},
			},
		},
		{
			// 612.2 and 612.1: a basic land type in the type line and in a
			// landwalk keyword; the land's mana ability follows its new
			// type (305.6).
			name: "612.2 basic land type",
			src: `define Bog Serpent = {3}{U} Creature — Serpent 4/4 "Islandwalk"
Bog Serpent as S
Forest as F
change the text of S: replace "Island" with "Swamp"
change the text of F: replace "forest" with "island"
? S
? F`,
			wants: []want{
				{line: 6, has: []string{"swampwalk"}, lacks: []string{"islandwalk"}},
				{line: 7, subtypes: []string{"Island"}, has: []string{"{T}: Add {U}."}, lacks: []string{"{T}: Add {G}."}},
			},
		},
		{
			// 612.2: a creature type used as a creature type, plural
			// included; the lord now pumps Elves, not Goblins.
			name: "612.2 creature type",
			src: `define Goblin Chief = {2}{R} Creature — Goblin 2/2 "Other Goblins you control get +1/+1."
define Raider = {R} Creature — Goblin 1/1
define Scout = {G} Creature — Elf 1/1
Goblin Chief as C
Raider
Scout
change the text of C: replace "Goblin" with "Elf"
? Raider
? Scout
? C`,
			wants: []want{
				{line: 8, pt: "1/1"},
				{line: 9, pt: "2/2"},
				{line: 10, name: "Goblin Chief", subtypes: []string{"Elf"}},
			},
		},
		{
			// 612.3: a granted protection is not the object's text; its
			// printed one is.
			name: "612.3 granted abilities are not changed",
			src: `define Warden = {W} Creature — Human 1/1 "Protection from black"
Warden as W
effect "Target creature gains protection from red until end of turn" targeting W
change the text of W: replace "black" with "green"
change the text of W: replace "red" with "blue"
? W`,
			wants: []want{
				{line: 6, has: []string{"protection from green", "protection from red"}, lacks: []string{"protection from black", "protection from blue"}},
			},
		},
		{
			// 613.7: within layer 3, timestamp order. white→blue then
			// blue→red leaves "red"; in the other order, "blue".
			name: "613.7 timestamps within layer 3",
			src: `define Warden = {W} Creature — Human 1/1 "Protection from white"
define Warden Two = {W} Creature — Human 1/1 "Protection from white"
Warden as A
Warden Two as B
change the text of A: replace "white" with "blue"
change the text of A: replace "blue" with "red"
change the text of B: replace "blue" with "red"
change the text of B: replace "white" with "blue"
? A
? B`,
			wants: []want{
				{line: 9, has: []string{"protection from red"}, lacks: []string{"protection from white", "protection from blue"}},
				{line: 10, has: []string{"protection from blue"}, lacks: []string{"protection from white", "protection from red"}},
			},
		},
		{
			// 612.2a: token-making text uses the creature type as a type
			// and as the token's name; both words change. 612.4: a token's
			// subtypes can be changed. "end ALIAS" ends the effect.
			name: "612.2a, 612.4 tokens and ending the effect",
			src: `define Warren = {2}{R} Enchantment "{T}: Create a 1/1 red Goblin creature token."
define Goblin = Creature — Goblin 1/1
Warren as W
Goblin as G (token)
change the text of W: replace every "Goblin" with "Elf" as E
change the text of G: replace "goblin" with "elf"
? W
? G
end E
? W`,
			wants: []want{
				{line: 7, has: []string{"{T}: Create a 1/1 red Elf creature token."}, lacks: []string{"{T}: Create a 1/1 red Goblin creature token."}},
				{line: 8, subtypes: []string{"Elf"}, token: boolp(true)},
				{line: 10, has: []string{"{T}: Create a 1/1 red Goblin creature token."}},
			},
		},
		{
			// 612.8: an effect that sets the name; it loses its name.
			// Ended, the printed name is back.
			name: "612.8 name set, then ended",
			src: `define Paladin = {W} Creature — Human Knight 2/2
Paladin as P
change the name of P to "Bob" as N
? P
end N
? P`,
			wants: []want{
				{line: 4, name: "Bob", trace: []string{"3 612.8"}},
				{line: 6, name: "Paladin"},
			},
		},
	}
	runCases(t, cases, testCards(t))
}

// 612.2: a word of another kind, or a replacement of a different kind, is
// refused with the rule; a malformed line names the form.
func TestTextChangeErrors(t *testing.T) {
	s, err := Parse("define Wall = Creature — Wall 0/4\nWall\nchange the text of Wall: replace \"Wall\" with \"white\"\nchange the text of Wall: replace \"creature\" with \"land\"")
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, testCards(t))
	if len(r.Errors) != 2 {
		t.Fatalf("want 2 errors, got %+v", r.Errors)
	}
	for _, e := range r.Errors {
		if !strings.Contains(e.Message, "612.2") {
			t.Errorf("error %q does not cite 612.2", e.Message)
		}
	}
	if _, err := Parse("Wall\nchange the text of Wall replace white with blue"); err == nil || !strings.Contains(err.Error(), `replace [every] "WORD" with "WORD"`) {
		t.Errorf("malformed text change: got %v", err)
	}
	if _, err := Parse("Wall\nchange the name of Wall to Bob"); err == nil || !strings.Contains(err.Error(), `to "NAME"`) {
		t.Errorf("malformed name change: got %v", err)
	}
}

// The changed text is the text its triggered abilities trigger and resolve
// by (613.1c), and text naming the object still means it after its name is
// changed (201.5, 612.8).
func TestTextChangeTriggers(t *testing.T) {
	r := mustRun(t, `define Chief = {2}{R} Creature — Goblin 2/2 "Whenever another Goblin you control dies, you gain 2 life."
define Raider = {R} Creature — Goblin 1/1
define Scout = {G} Creature — Elf 1/1
Chief as C
Raider
Scout
change the text of C: replace "Goblin" with "Elf"
destroy Raider
? stack
destroy Scout
? stack`, testCards(t))
	if q := result(t, r, 9); q.Info == nil || len(q.Info.Stack) != 0 {
		t.Errorf("line 9: a Goblin died after the change; want an empty stack, got %+v\n%s", q.Info, r.Text())
	}
	q := result(t, r, 11)
	if q.Info == nil || len(q.Info.Stack) != 1 || !strings.Contains(q.Info.Stack[0].Text, "another Elf you control dies") {
		t.Errorf("line 11: want the changed ability on the stack, got %+v\n%s", q.Info, r.Text())
	}

	for _, ev := range []string{"dies\ndestroy M", "attacks\nattack with M"} {
		when, do, _ := strings.Cut(ev, "\n")
		r = mustRun(t, `define Martyr = {W} Creature — Human 1/1 "Whenever Martyr `+when+`, you gain 3 life."
Martyr as M
change the name of M to "Bob"
`+do+`
? stack`, testCards(t))
		q = result(t, r, 5)
		if q.Info == nil || len(q.Info.Stack) != 1 || !strings.Contains(q.Info.Stack[0].Text, "gain 3 life") {
			t.Errorf("line 5: its %q ability refers to it by its printed name (201.5); want it on the stack, got %+v\n%s", when, q.Info, r.Text())
		}
	}
}
