package engine

import (
	"strings"
	"testing"
)

// requireRuling fails when the published ruling a test is written from is
// not in the card data, so the test and its source cannot drift apart.
func requireRuling(t *testing.T, card, fragment string) {
	t.Helper()
	for _, r := range cardRulings(t, card) {
		if strings.Contains(r, fragment) {
			return
		}
	}
	t.Fatalf("%s has no ruling containing %q in the test data", card, fragment)
}

// The product's key scenario: Ensoul Artifact on an Ornithopter with a
// +1/+1 counter, then Titanic Growth. Base 5/5 in 7b, counter and +4/+4 in
// 7c: 10/10. It can attack if it has been under your control since the turn
// began (302.6), however long it has been a creature.
func TestKeyScenarioEnsoulOrnithopterTitanicGrowth(t *testing.T) {
	cards := testCards(t)
	src := `Ornithopter as O (1 +1/+1 counter)
cast Ensoul Artifact targeting O
cast Titanic Growth targeting O
? O
? can O attack
Ornithopter as Fresh (new, 1 +1/+1 counter)
cast Ensoul Artifact targeting Fresh
cast Titanic Growth targeting Fresh
? Fresh
? can Fresh attack`
	r := mustRun(t, src, cards)
	checkWant(t, r, want{line: 4, pt: "10/10", types: []string{"Artifact", "Creature"}, has: []string{"Flying"},
		trace: []string{"7b 613.4b Ensoul Artifact", "5/5", "7c 613.4c", "7c 613.4c", "10/10"}})
	checkVerdict(t, r, verdict{line: 5, ok: true, rules: []string{"302.6"}})
	checkWant(t, r, want{line: 9, pt: "10/10"})
	checkVerdict(t, r, verdict{line: 10, ok: false, rules: []string{"302.6"}})
}

func TestEnsoulArtifactRulings(t *testing.T) {
	cards := testCards(t)
	t.Run("retains its types; an Equipment that becomes a creature becomes unattached", func(t *testing.T) {
		requireRuling(t, "Ensoul Artifact", "The artifact retains any types, subtypes, or supertypes it has")
		src := `Darksteel Citadel as DC
cast Ensoul Artifact targeting DC
? DC
Runeclaw Bear as RB
Brawler's Plate as BP (attached to RB)
? RB
cast Ensoul Artifact targeting BP
? BP
? RB`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 3, pt: "5/5", types: []string{"Artifact", "Land", "Creature"}, has: []string{"Indestructible"}})
		checkWant(t, r, want{line: 6, pt: "4/4", has: []string{"Trample"}})
		checkWant(t, r, want{line: 8, pt: "5/5", types: []string{"Artifact", "Creature"}, subtypes: []string{"Equipment"}})
		checkWant(t, r, want{line: 9, pt: "2/2", lacks: []string{"Trample"}})
		if len(r.Notes) == 0 || r.Notes[0].Rule != "704.5n" || !strings.Contains(r.Notes[0].Text, "301.5c") {
			t.Errorf("expected a 704.5n/301.5c state-based action note, got %+v", r.Notes)
		}
	})
	t.Run("overwrites earlier P/T setting effects; later ones overwrite it", func(t *testing.T) {
		requireRuling(t, "Ensoul Artifact", "If the artifact was already a creature, its base power and toughness will each become 5")
		src := `Ornithopter as O
effect "Target creature becomes 0/1 until end of turn" targeting O
cast Ensoul Artifact targeting O
? O
effect "Target creature has base power and toughness 1/1 until end of turn" targeting O
? O`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 4, pt: "5/5"})
		checkWant(t, r, want{line: 6, pt: "1/1", trace: []string{"7b", "5/5", "7b", "1/1"}})
	})
	t.Run("modifying effects and counters apply no matter when they started; so do switches", func(t *testing.T) {
		requireRuling(t, "Ensoul Artifact", "will apply to the creature no matter when they started to take effect")
		src := `Ornithopter as O (1 +1/+1 counter)
cast Titanic Growth targeting O
effect "Target creature gets +2/+0 until end of turn" targeting O
effect "Switch target creature's power and toughness until end of turn" targeting O
cast Ensoul Artifact targeting O
? O`
		r := mustRun(t, src, cards)
		// 5/5 +1/+1 +4/+4 +2/+0 = 12/10, switched: 10/12.
		checkWant(t, r, want{line: 6, pt: "10/12"})
	})
	t.Run("can attack if controlled since the turn began, however long it has been a creature", func(t *testing.T) {
		requireRuling(t, "Ensoul Artifact", "it doesn’t matter how long it’s been a creature")
		src := `Tormod's Crypt as Old
Tormod's Crypt as New (new)
? can New tap
cast Ensoul Artifact targeting Old
cast Ensoul Artifact targeting New
? can Old attack
? can New attack
? can New tap
? can Old tap`
		r := mustRun(t, src, cards)
		checkVerdict(t, r, verdict{line: 3, ok: true, rules: []string{"302.6"}})
		checkVerdict(t, r, verdict{line: 6, ok: true, rules: []string{"302.6"}})
		checkVerdict(t, r, verdict{line: 7, ok: false, rules: []string{"302.6"}})
		checkVerdict(t, r, verdict{line: 8, ok: false, rules: []string{"302.6"}})
		checkVerdict(t, r, verdict{line: 9, ok: true})
	})
}

func TestArtisanOfFormsRulings(t *testing.T) {
	cards := testCards(t)
	heroic := "Heroic — Whenever you cast a spell that targets Artisan of Forms, you may have Artisan of Forms become a copy of target creature, except it has this ability."
	t.Run("copies printed values and copy effects, not other effects or counters; keeps its own counters", func(t *testing.T) {
		requireRuling(t, "Artisan of Forms", "It won’t copy any other effects")
		src := `Runeclaw Bear as RB (2 +1/+1 counters)
cast Titanic Growth targeting RB
effect "Target creature becomes white" targeting RB
Artisan of Forms as AF (1 +1/+1 counter)
AF becomes a copy of RB, except it has this ability
? AF
? RB`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 6, name: "Runeclaw Bear", pt: "3/3", colors: "G", subtypes: []string{"Bear"}, has: []string{heroic},
			trace: []string{"1a 707.2", "7c 613.4c"}})
		checkWant(t, r, want{line: 7, pt: "8/8", colors: "W"})
	})
	t.Run("a copy of a token is not a token", func(t *testing.T) {
		requireRuling(t, "Artisan of Forms", "It won’t become a token creature")
		src := `define Soldier = white Creature — Soldier 1/1
Soldier as ST (token)
Artisan of Forms as AF
AF becomes a copy of ST, except it has this ability
? AF
? ST`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 5, name: "Soldier", pt: "1/1", colors: "W", token: boolp(false), has: []string{heroic}})
		checkWant(t, r, want{line: 6, token: boolp(true)})
	})
	t.Run("lasts until overwritten by another copy effect", func(t *testing.T) {
		requireRuling(t, "Artisan of Forms", "it will last until it is overwritten by another copy effect")
		src := `Runeclaw Bear as RB
Ornithopter as O
Artisan of Forms as AF
AF becomes a copy of RB, except it has this ability
? AF
AF becomes a copy of O, except it has this ability
? AF`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 5, name: "Runeclaw Bear", pt: "2/2"})
		checkWant(t, r, want{line: 7, name: "Ornithopter", pt: "0/2", types: []string{"Artifact", "Creature"}, has: []string{"Flying", heroic}, lacks: []string{"Trample"}})
	})
	t.Run("becoming a copy is neither entering nor leaving", func(t *testing.T) {
		requireRuling(t, "Artisan of Forms", "it’s neither entering nor leaving the battlefield")
		src := `Runeclaw Bear as RB
Artisan of Forms as AF
AF becomes a copy of RB, except it has this ability
? can AF attack`
		r := mustRun(t, src, cards)
		checkVerdict(t, r, verdict{line: 4, ok: true, rules: []string{"302.6"}})
	})
	t.Run("a copy of Artisan copies what it is copying, plus the triggered ability", func(t *testing.T) {
		requireRuling(t, "Artisan of Forms", "it will become a copy of whatever Artisan of Forms is currently copying")
		src := `define Mimic = {2}{U} Creature — Shapeshifter 1/1
Runeclaw Bear as RB
Artisan of Forms as AF
AF becomes a copy of RB, except it has this ability
Mimic as M
M becomes a copy of AF
? M`
		r := mustRun(t, src, cards)
		checkWant(t, r, want{line: 7, name: "Runeclaw Bear", pt: "2/2", colors: "G", has: []string{heroic}})
	})
}

// CR 707.2 examples.
func TestCopyExamples707(t *testing.T) {
	t.Run("Clone copying an animated Chimeric Staff is an artifact, not a 5/5 creature", func(t *testing.T) {
		src := `define Chimeric Staff = {4} Artifact "{X}: This artifact becomes an X/X Construct artifact creature until end of turn."
define Clone = {3}{U} Creature — Shapeshifter 0/0
Chimeric Staff as Staff
effect "Target artifact becomes a 5/5 Construct artifact creature until end of turn" targeting Staff
Clone (copy of Staff)
? Clone
? Staff`
		r := mustRun(t, src, nil)
		checkWant(t, r, want{line: 6, name: "Chimeric Staff", pt: "-", types: []string{"Artifact"}, subtypes: []string{},
			has: []string{"{X}: This artifact becomes an X/X Construct artifact creature until end of turn."}})
		checkWant(t, r, want{line: 7, pt: "5/5", types: []string{"Artifact", "Creature"}, subtypes: []string{"Construct"}})
	})
	t.Run("Clone copying a face-down creature is a nameless colorless 2/2 and stays face up", func(t *testing.T) {
		src := `define Grinning Demon = {2}{B}{B} Creature — Demon 6/6 "Morph {2}{B}{B}"
define Clone = {3}{U} Creature — Shapeshifter 0/0
Grinning Demon as GD (face down)
Clone (copy of GD)
? Clone`
		r := mustRun(t, src, nil)
		checkWant(t, r, want{line: 5, name: "", pt: "2/2", colors: "-", types: []string{"Creature"}, subtypes: []string{}, lacks: []string{"Morph {2}{B}{B}"}})
	})
}

// 707.4 example: a permanent that becomes a copy of something else keeps
// the noncopy effects already affecting it (Giant Growth's +3/+3).
func TestCopyKeepsNoncopyEffects707_4(t *testing.T) {
	src := `define Unstable Shapeshifter = {3}{U} Creature — Shapeshifter 0/1 "Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability."
define Serra Angel = {3}{W}{W} Creature — Angel 4/4 "Flying, vigilance"
Unstable Shapeshifter as U
effect "Target creature gets +3/+3 until end of turn" as Giant Growth targeting U
Serra Angel
U becomes a copy of Serra Angel, except it has this ability
? U`
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 7, name: "Serra Angel", pt: "7/7", has: []string{"Flying", "Vigilance",
		"Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability."}})
}

// Ensoul Artifact ruling: an Equipment that became an artifact creature
// can't be attached to a creature.
func TestEnsouledEquipmentCannotBeAttached(t *testing.T) {
	src := `Runeclaw Bear as RB
Brawler's Plate as BP
cast Ensoul Artifact targeting BP
attach BP to RB
? RB`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, testCards(t))
	if len(r.Errors) != 1 || r.Errors[0].Line != 4 || !strings.Contains(r.Errors[0].Message, "301.5c") {
		t.Fatalf("errors %+v", r.Errors)
	}
	checkWant(t, r, want{line: 5, pt: "2/2", lacks: []string{"Trample"}})
}

// Theros Gods (Erebos's rulings): devotion counts colored symbols in mana
// costs of permanents you control, hybrid symbols included, generic ones
// not (700.5); below five the God isn't a creature and loses its creature
// subtypes but stays a legendary enchantment whose abilities still work.
func TestErebosDevotion(t *testing.T) {
	cards := testCards(t)
	requireRuling(t, "Erebos, God of the Dead", "it loses the type creature and all creature subtypes")
	requireRuling(t, "Erebos, God of the Dead", "Hybrid mana symbols, monocolored hybrid mana symbols, and Phyrexian mana symbols do count")
	src := `define Hybrid Shade = {B/G}{B/G} Creature — Shade 1/1
define Knight = {B}{B} Creature — Knight 2/2
define Idol = {6} Artifact
Erebos, God of the Dead as E
Idol
? E
Hybrid Shade
? E
Knight
? E
opponent: Knight as K2
? E`
	r := mustRun(t, src, cards)
	notCreature := want{line: 6, pt: "-", types: []string{"Enchantment"}, subtypes: []string{}, has: []string{"Indestructible"}}
	checkWant(t, r, notCreature)
	if q := result(t, r, 6); len(q.Object.Supertypes) != 1 || q.Object.Supertypes[0] != "Legendary" {
		t.Errorf("Erebos should stay legendary: %+v", q.Object.Supertypes)
	}
	notCreature.line = 8 // devotion 3
	checkWant(t, r, notCreature)
	checkWant(t, r, want{line: 10, pt: "5/7", types: []string{"Enchantment", "Creature"}, subtypes: []string{"God"},
		trace: []string{"does not apply", "your devotion to black is less than five"}}) // devotion 5
	checkWant(t, r, want{line: 12, pt: "5/7"}) // the opponent's Knight doesn't change your devotion
}

// "gets +1/+1 as long as you control a Forest", a CDA counting Forests,
// "enters tapped", and "every basic land type" (Nylea's Presence ruling).
func TestConditionalAndLandTemplates(t *testing.T) {
	cards := testCards(t)
	requireRuling(t, "Nylea's Presence", "It will also have the mana ability of each basic land type")
	src := `define Forest = Basic Land — Forest
define Chieftain = {3}{G} Creature — Human Warrior 3/3 "Chieftain gets +1/+1 as long as you control a Forest."
define Twingrove = {3}{G}{G} Creature — Treefolk */* "Twingrove's power and toughness are each equal to the number of Forests you control."
define Vault = Land "{T}: Add {C}."
Chieftain
? Chieftain
Forest
Twingrove
Vault
cast Nylea's Presence targeting Vault
? Chieftain
? Twingrove
? Vault
Temple of Silence as TS (new)
? TS`
	r := mustRun(t, src, cards)
	checkWant(t, r, want{line: 6, pt: "3/3"})
	checkWant(t, r, want{line: 11, pt: "4/4"})
	checkWant(t, r, want{line: 12, pt: "2/2", trace: []string{"7a 613.4a"}})
	checkWant(t, r, want{line: 13, subtypes: []string{"Plains", "Island", "Swamp", "Mountain", "Forest"},
		has: []string{"{T}: Add {C}.", "{T}: Add {W}.", "{T}: Add {U}.", "{T}: Add {B}.", "{T}: Add {R}.", "{T}: Add {G}."}})
	q := result(t, r, 15)
	if !q.Object.Tapped {
		t.Errorf("Temple of Silence should enter tapped: %+v", q.Object)
	}
}

// 707.3 example: Vesuvan Doppelganger copies Runeclaw Bear except its color
// and with its ability; a Clone copying the Doppelganger is a 2/2 blue Bear
// named Runeclaw Bear with the Doppelganger's upkeep ability.
func TestVesuvanDoppelganger707_3(t *testing.T) {
	src := `define Vesuvan Doppelganger = {3}{U}{U} Creature — Shapeshifter 0/0 "You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy that creature's color and it has \"At the beginning of your upkeep, you may have this creature become a copy of target creature, except it doesn't copy that creature's color and it has this ability.\""
define Clone = {3}{U} Creature — Shapeshifter 0/0 "You may have this creature enter as a copy of any creature on the battlefield."
define Mimic = {U} Creature — Shapeshifter 1/1
Runeclaw Bear as RB
Vesuvan Doppelganger as VD (copy of RB except it doesn't copy that creature's color and it has this ability)
Clone (copy of VD)
Mimic as C2
C2 becomes a copy of RB, except it doesn't copy that creature's color
? VD
? Clone
? C2`
	r := mustRun(t, src, testCards(t))
	for _, line := range []int{9, 10, 11} {
		checkWant(t, r, want{line: line, name: "Runeclaw Bear", pt: "2/2", colors: "U", subtypes: []string{"Bear"}})
	}
	q := result(t, r, 10)
	found := false
	for _, a := range q.Object.Abilities {
		if strings.Contains(a, "At the beginning of your upkeep") || strings.Contains(a, "You may have this creature enter as a copy of any creature on the battlefield, except") {
			found = true
		}
	}
	if !found {
		t.Errorf("the Clone should have the Doppelganger's ability: %q", q.Object.Abilities)
	}
}

// 707.3 examples with face-down creatures: a face-down permanent that
// becomes a copy stays a 2/2 nameless colorless creature (layer 1b after
// 1a) until it is turned face up; then it has the copied characteristics.
func TestFaceDownCopy707_3(t *testing.T) {
	src := `define Grinning Demon = {2}{B}{B} Creature — Demon 6/6 "Morph {2}{B}{B}"
define Branchsnap Lorian = {1}{G}{G} Creature — Dinosaur 4/1 "Trample\nMorph {G}"
Grinning Demon as GD (face down)
Branchsnap Lorian as BL
GD becomes a copy of BL
? GD
turn GD face up
? GD
turn GD face up`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	checkWant(t, r, want{line: 6, name: "", pt: "2/2", colors: "-", subtypes: []string{}, lacks: []string{"Trample"},
		trace: []string{"1a 707.2", "1b 708.2a"}})
	checkWant(t, r, want{line: 8, name: "Branchsnap Lorian", pt: "4/1", colors: "G", has: []string{"Trample"}})
	if len(r.Errors) != 1 || r.Errors[0].Line != 9 {
		t.Errorf("errors %+v", r.Errors)
	}
}
