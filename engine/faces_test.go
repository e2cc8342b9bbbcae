package engine

import (
	"slices"
	"strings"
	"testing"
)

const facesDefs = `define Delver of Secrets = {U} Creature — Human Wizard 1/1
define Insectile Aberration = blue Creature — Human Insect 3/2 "Flying"
define Delver of Secrets // Insectile Aberration
define Glorious Anthem = {1}{W}{W} Enchantment "Creatures you control get +1/+1."
define Grizzly Bears = {1}{G} Creature — Bear 2/2
define Bolt = {R} Instant "Bolt deals 3 damage to any target."
`

func noteAt(r *Report, line int, rule string) bool {
	for _, n := range r.Notes {
		if n.Line == line && n.Rule == rule {
			return true
		}
	}
	return false
}

// A double-faced permanent has only the characteristics of the face up
// (712.8d, 712.8e); transforming doesn't make a new object, so counters,
// damage and the effects that applied keep applying (712.18).
func TestTransform(t *testing.T) {
	cases := []scenarioCase{
		{
			name: "712.18 the transformed permanent keeps its counters and effects",
			src: facesDefs + `Glorious Anthem
Delver of Secrets as D (1 +1/+1 counter)
effect "Target creature gains haste until end of turn." targeting D
? D
transform D
? D
transform D
? D`,
			wants: []want{
				{line: 10, pt: "3/3", name: "Delver of Secrets", subtypes: []string{"Human", "Wizard"}, has: []string{"Haste"}},
				{line: 12, pt: "5/4", name: "Insectile Aberration", subtypes: []string{"Human", "Insect"}, colors: "U", has: []string{"Flying", "Haste"}},
				{line: 14, pt: "3/3", name: "Delver of Secrets", lacks: []string{"Flying"}, has: []string{"Haste"}},
			},
		},
		{
			name: "712.14a a double-faced card can enter transformed",
			src: facesDefs + `Delver of Secrets as D (transformed)
? D`,
			wants: []want{{line: 8, pt: "3/2", name: "Insectile Aberration", has: []string{"Flying"}}},
		},
		{
			name: "712.8a a transformed permanent that dies is its front face in the graveyard",
			src: facesDefs + `Delver of Secrets as D (transformed)
destroy D
? Delver of Secrets`,
			wants: []want{{line: 9, pt: "1/1", name: "Delver of Secrets", lacks: []string{"Flying"}}},
		},
		{
			name: "613.7g a transformed permanent gets a new timestamp",
			src: `define Blue Front = {U} Creature — Human 1/1
define Blue Back = blue Creature — Horror 2/2 "All creatures are blue."
define Blue Front // Blue Back
define Red Painter = {R} Enchantment "All creatures are red."
Blue Front as F
Red Painter
? F
transform F
? F`,
			wants: []want{
				{line: 7, colors: "R"},
				// Its "All creatures are blue" now has the later timestamp.
				{line: 9, colors: "U", trace: []string{"All creatures are red", "All creatures are blue"}},
			},
		},
	}
	runCases(t, cases, nil)
}

// What can't transform doesn't (701.27c, 701.27d, 712.15a), and a
// double-faced permanent can't be turned face down (712.16).
func TestTransformDoesNothing(t *testing.T) {
	r := mustRun(t, facesDefs+`define Ritual Front = {1}{R} Creature — Human 2/2
define Ritual Back = {R} Sorcery "Ritual Back deals 1 damage to any target."
define Ritual Front // Ritual Back
Grizzly Bears as G
transform G
Delver of Secrets as D
turn D face down
Ritual Front as R
transform R
? G
? D
? R`, nil)
	for _, c := range []struct {
		line int
		rule string
	}{{11, "701.27c"}, {13, "712.16"}, {15, "701.27d"}} {
		if !noteAt(r, c.line, c.rule) {
			t.Errorf("line %d: want a note citing %s, got %+v", c.line, c.rule, r.Notes)
		}
	}
	if v := result(t, r, 16).Object; v.Name != "Grizzly Bears" {
		t.Errorf("G became %q", v.Name)
	}
	if v := result(t, r, 17).Object; v.Name != "Delver of Secrets" || ptOf(v) != "1/1" {
		t.Errorf("D: %s %s, want face-up Delver of Secrets 1/1", v.Name, ptOf(v))
	}
	if v := result(t, r, 18).Object; v.Name != "Ritual Front" {
		t.Errorf("R became %q", v.Name)
	}

	// 712.15a: a face-down double-faced permanent can't transform.
	r = mustRun(t, facesDefs+"Delver of Secrets as D (face down)\ntransform D\n? D", nil)
	if !noteAt(r, 8, "712.15a") || result(t, r, 9).Object.Name != "" {
		t.Errorf("face-down transform: notes %+v, name %q", r.Notes, result(t, r, 9).Object.Name)
	}

	// Syntax and statement errors name what is expected.
	if _, err := Parse("define Delver of Secrets // "); err == nil || !strings.Contains(err.Error(), "FRONT // BACK") {
		t.Errorf("define with one face: %v", err)
	}
	s, _ := Parse(facesDefs + "Grizzly Bears (transformed)")
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "712.14a") {
		t.Errorf("a single-faced card entering transformed: %+v", r.Errors)
	}
}

// A face-down permanent is a 2/2 creature with no name, text, subtypes or
// mana cost (708.2a, 701.40a); turned face up it is the same object and
// the effects that applied to it still apply (708.8). A manifested
// instant stays face down (701.40g).
func TestManifest(t *testing.T) {
	r := mustRun(t, facesDefs+`Glorious Anthem
Bolt as M (manifested)
Grizzly Bears as B (manifested, 1 +1/+1 counter)
effect "Target creature gains flying until end of turn." targeting B
? M
? B
turn M face up
turn B face up
? M
? B`, nil)
	want := []struct {
		line int
		name string
		pt   string
	}{{11, "", "3/3"}, {12, "", "4/4"}, {15, "", "3/3"}, {16, "Grizzly Bears", "4/4"}}
	for _, w := range want {
		v := result(t, r, w.line).Object
		if v.Name != w.name || ptOf(v) != w.pt {
			t.Errorf("line %d: %q %s, want %q %s", w.line, v.Name, ptOf(v), w.name, w.pt)
		}
	}
	if v := result(t, r, 12).Object; len(v.Subtypes) != 0 || len(v.Colors) != 0 || !containsFold(v.Abilities, "Flying") {
		t.Errorf("face-down B: subtypes %v colors %v abilities %v", v.Subtypes, v.Colors, v.Abilities)
	}
	if v := result(t, r, 16).Object; !containsFold(v.Abilities, "Flying") || v.Counters["+1/+1"] != 1 {
		t.Errorf("B turned face up lost what applied to it (708.8): %+v", v)
	}
	if !noteAt(r, 13, "701.40g") {
		t.Errorf("a manifested instant turned face up: want 701.40g, notes %+v", r.Notes)
	}
}

// A permanent that has transformed is found by the name of the face up as
// well as by the name it entered with.
func TestTransformedName(t *testing.T) {
	r := mustRun(t, facesDefs+"Delver of Secrets\ntransform Delver of Secrets\n? Insectile Aberration\n? Delver of Secrets", nil)
	for _, l := range []int{9, 10} {
		if v := result(t, r, l).Object; v.Name != "Insectile Aberration" || v.Zone != "" {
			t.Errorf("line %d: %q in %q", l, v.Name, v.Zone)
		}
	}
}

// The examples of 712.9: a Clone copying a back face isn't a double-faced
// card and can't transform; a double-faced permanent copying another
// creature transforms, and is still a copy.
func TestTransformCopiesCR7129(t *testing.T) {
	r := mustRun(t, `define Kruin Outlaw = {1}{R}{R} Creature — Human Rogue Werewolf 2/2 "First strike"
define Terror of Kruin Pass = red Creature — Werewolf 3/3 "Double strike"
define Kruin Outlaw // Terror of Kruin Pass
define Clone = {3}{U} Creature — Shapeshifter 0/0 "You may have Clone enter as a copy of any creature on the battlefield."
define Elite Vanguard = {W} Creature — Human Soldier 2/1
Kruin Outlaw as W (transformed)
Clone as C (copy of W)
transform C
? C
Kruin Outlaw as K
Elite Vanguard as E
K becomes a copy of E
transform K
? K
? W`, nil)
	if !noteAt(r, 8, "701.27c") {
		t.Errorf("the Clone transformed: notes %+v", r.Notes)
	}
	if v := result(t, r, 9).Object; v.Name != "Terror of Kruin Pass" || ptOf(v) != "3/3" {
		t.Errorf("the Clone: %s %s", v.Name, ptOf(v))
	}
	if !noteAt(r, 13, "712.18") {
		t.Errorf("the Kruin Outlaw copying Elite Vanguard didn't transform: notes %+v", r.Notes)
	}
	if v := result(t, r, 14).Object; v.Name != "Elite Vanguard" || ptOf(v) != "2/1" {
		t.Errorf("the transformed copy: %s %s, want still a copy of Elite Vanguard", v.Name, ptOf(v))
	}
	if v := result(t, r, 15).Object; v.Name != "Terror of Kruin Pass" || !containsFold(v.Abilities, "Double strike") {
		t.Errorf("W: %s %v", v.Name, v.Abilities)
	}
}

// A spell cast face down is a 2/2 creature spell with no name, text,
// subtypes or mana cost on the stack (708.4, 708.2a), and the permanent it
// becomes is face down too.
func TestCastFaceDown(t *testing.T) {
	r := mustRun(t, `define Sagu Mauler = {4}{G}{U} Creature — Beast 6/6 "Trample, hexproof\nMorph {3}{G}{U}"
define Glorious Anthem = {1}{W}{W} Enchantment "Creatures you control get +1/+1."
Glorious Anthem
cast Sagu Mauler (on the stack) (face down)
? Sagu Mauler
resolve
? Sagu Mauler
turn Sagu Mauler face up
? Sagu Mauler`, nil)
	if v := result(t, r, 5).Object; v.Zone != "the stack" || v.Name != "" || ptOf(v) != "2/2" || len(v.Colors) != 0 || len(v.Abilities) != 0 {
		t.Errorf("the face-down spell: %+v", v)
	}
	if tr := result(t, r, 5).Trace; len(tr) == 0 || tr[0].Rule != "708.4" {
		t.Errorf("trace: %+v", tr)
	}
	if v := result(t, r, 7).Object; v.Zone != "" || v.Name != "" || ptOf(v) != "3/3" {
		t.Errorf("the face-down permanent: %+v", v)
	}
	if v := result(t, r, 9).Object; v.Name != "Sagu Mauler" || ptOf(v) != "7/7" {
		t.Errorf("turned face up: %+v", v)
	}
	if _, err := Parse("cast Sagu Mauler (face down) (on the stack)"); err != nil {
		t.Errorf("either order: %v", err)
	}
}

// A face-down permanent has no text (708.2a). Leaves-the-battlefield and
// dies abilities look back in time (603.10a): one that left face down had
// no such ability as it left, so it doesn't trigger; face up, it does. Its
// card's text is reported as not applying while it is face down, not as
// abilities that trigger.
func TestFaceDownLeavesWithoutItsAbilities(t *testing.T) {
	const defs = `define Solemn Simulacrum = {4} Artifact Creature — Golem 2/2 "When Solemn Simulacrum enters the battlefield, you may search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.\nWhen Solemn Simulacrum dies, you may draw a card."
`
	down := mustRun(t, defs+"Solemn Simulacrum as S (face down)\ndestroy S\n? stack", nil)
	if got := result(t, down, 4).Info; got == nil || len(got.Stack) != 0 {
		t.Errorf("face down: stack %+v, want it empty", got)
	}
	if !noteAt(down, 3, "603.10a") {
		t.Errorf("face down: want a 603.10a note on the destroy line, notes %+v", down.Notes)
	}
	for _, u := range down.Unmodeled {
		if strings.Contains(u.Sentence, "goes on the stack") || !strings.Contains(u.Sentence, "708.2a") {
			t.Errorf("face down: unmodelled %q should say it has no abilities (708.2a)", u.Sentence)
		}
	}
	up := mustRun(t, defs+"Solemn Simulacrum as S\ndestroy S\n? stack", nil)
	if got := result(t, up, 4).Info; got == nil || len(got.Stack) != 1 || !strings.Contains(got.Answer, "draw a card") {
		t.Errorf("face up: stack %+v, want its dies ability on it", got)
	}
	if noteAt(up, 3, "603.10a") {
		t.Errorf("face up: a face-down note, notes %+v", up.Notes)
	}
}

// A split card's half named with a word of the game (Turn of Turn // Burn)
// is that word where its text writes it in lower case: "until end of
// turn" is not a reference to the spell (201.5), so the sentence is the
// layer-4, 5, 6 and 7b effect it says, and it ends in the cleanup step.
func TestHalfNamedWithAGameWord(t *testing.T) {
	src := `define Turn = {2}{U} Instant "Until end of turn, target creature loses all abilities and becomes a red Weird with base power and toughness 0/1.\nFuse (You may cast one or both halves of this card from your hand.)"
define Storm Crow = {1}{U} Creature — Bird 1/2 "Flying"
Storm Crow as C
cast Turn targeting C
? C
end of turn
? C`
	r := mustRun(t, src, nil)
	if len(r.Unmodeled) > 0 {
		t.Errorf("Turn's sentence not modelled: %+v", r.Unmodeled)
	}
	v := result(t, r, 5).Object
	if v == nil || v.Power == nil || *v.Power != 0 || *v.Toughness != 1 || !slices.Equal(v.Subtypes, []string{"Weird"}) || !slices.Equal(v.Colors, []string{"R"}) || len(v.Abilities) > 0 {
		t.Fatalf("after Turn: %+v, want a red 0/1 Weird with no abilities", v)
	}
	if v := result(t, r, 7).Object; v == nil || *v.Power != 1 || !slices.Equal(v.Subtypes, []string{"Bird"}) {
		t.Errorf("after the turn ends: %+v, want the 1/2 Bird again (514.2)", v)
	}
}
