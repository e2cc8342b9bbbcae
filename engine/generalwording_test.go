package engine

import "testing"

// General wordings: a supertype in "becomes a legendary 4/4 ... creature"
// (205.4b), an effect statement that names the object it acts for,
// "also" after the subject, and domain counts (207.2c).
func TestGeneralWordings(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			// 205.1a: becoming a creature replaces the card types
			// (planeswalker); 205.4b: it keeps its supertypes and gains
			// legendary.
			name: "a planeswalker becomes a legendary 4/4 Dragon creature",
			src: `define Sarkhan, the Dragonspeaker = {3}{R}{R} Legendary Planeswalker — Sarkhan
define Relic = {3} Snow Artifact
Sarkhan, the Dragonspeaker as S
Relic as R
effect "Until end of turn, Sarkhan, the Dragonspeaker becomes a legendary 4/4 red Dragon creature with flying, indestructible, and haste." targeting S
effect "Relic becomes a legendary 2/2 Golem artifact creature." targeting R
? S
? R`,
			wants: []want{
				{line: 7, pt: "4/4", types: []string{"Creature"}, subtypes: []string{"Dragon"}, has: []string{"Flying", "Indestructible", "Haste"}},
				{line: 8, pt: "2/2", types: []string{"Artifact", "Creature"}},
			},
		},
		{
			name: "also gain",
			src: `define Swarm Surge = {2}{B} Sorcery "Creatures you control get +2/+0 until end of turn. Colorless creatures you control also gain first strike until end of turn."
define Bear = {1}{G} Creature — Bear 2/2
define Thopter = {1} Artifact Creature — Thopter 1/1
Bear
Thopter
cast Swarm Surge
? Bear
? Thopter`,
			wants: []want{{line: 7, pt: "4/2", lacks: []string{"First strike"}}, {line: 8, pt: "3/1", has: []string{"First strike"}}},
		},
		{
			// Aven Trailblazer: "Domain — Aven Trailblazer's toughness is
			// equal to the number of basic land types among lands you
			// control." A land with two basic land types counts both.
			name: "domain",
			src: `define Aven Trailblazer = {2}{W} Creature — Bird Soldier 2/* "Flying\nDomain — Aven Trailblazer's toughness is equal to the number of basic land types among lands you control."
define Plains = Basic Land — Plains
define Tundra = Land — Plains Island
define Forest = Basic Land — Forest
Plains
Aven Trailblazer as A
? A
Tundra
opponent: Forest
? A`,
			wants: []want{{line: 7, pt: "2/1"}, {line: 10, pt: "2/2"}},
		},
	}, nil)
}

func TestMoreWordings(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			// 604.3: Tarmogoyf's power counts card types among cards in all
			// graveyards (empty: the scenario put nothing there) and its
			// toughness is that number plus 1: 0/1; a later setting
			// effect (613.4b) after it lost the ability sets 1/1.
			name: "Tarmogoyf",
			src: `define Tarmogoyf = {1}{G} Creature — Lhurgoyf */1+* "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."
define Turn to Frog = {U} Instant "Target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1 until end of turn."
Tarmogoyf as T
? T
cast Turn to Frog targeting T
? T`,
			wants: []want{{line: 4, pt: "0/1", trace: []string{"613.4a", "counts 0"}}, {line: 6, pt: "1/1"}},
		},
		{
			// "… have double strike and attack each combat if able": two
			// clauses (508.1d for the second).
			name: "have double strike and attack each combat if able",
			src: `define Battle Fury = {3}{R} Enchantment "Creatures you control have double strike and attack each combat if able."
define Bear = {1}{G} Creature — Bear 2/2
Bear
Battle Fury
? Bear`,
			wants: []want{{line: 5, has: []string{"Double strike"}, trace: []string{"508.1d"}}},
		},
		{
			// 614.12a: a choice between two colors is a color choice.
			name: "choose black or red",
			src: `define Equity = {1}{W}{W} Enchantment "As Equity enters the battlefield, choose black or red.\nCreatures you control have protection from the chosen color."
define Bear = {1}{G} Creature — Bear 2/2
Bear
Equity (chosen red)
? Bear`,
			wants: []want{{line: 5, has: []string{"Protection from red"}}},
		},
		{
			// 702.14c: landwalk with a supertype or type; 702.22c: "bands
			// with other" is a keyword.
			name: "artifact landwalk and bands with other",
			src: `define Flail = {2} Artifact — Equipment "Equipped creature gets +2/+0 and has artifact landwalk.\nEquip {2}"
define Banner = {W} Enchantment "White legendary creatures you control have \"bands with other legendary creatures.\""
define Knight = {W}{W} Legendary Creature — Human Knight 2/2
Knight as K
Flail (attached to K)
Banner
? K`,
			wants: []want{{line: 7, pt: "4/2", has: []string{"Artifact landwalk", "Bands with other legendary creatures"}}},
		},
	}, nil)
}

func TestYetMoreWordings(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			name: "all creatures attack each combat if able; is also a Cleric",
			src: `define Hellkite = {4}{R}{R} Creature — Dragon 5/5 "Flying\nAll creatures attack each combat if able."
define Paragon = {3}{G} Creature — Elf Shaman 3/3 "Paragon is also a Cleric, Rogue, Warrior, and Wizard."
Hellkite
Paragon
? Paragon`,
			wants: []want{{line: 5, subtypes: []string{"Elf", "Shaman", "Cleric", "Rogue", "Warrior", "Wizard"}, trace: []string{"508.1d"}}},
		},
		{
			// "As long as ~ is equipped, it gets +2/+2": "it" is ~.
			name: "as long as it is equipped",
			src: `define Champion = {1}{R} Creature — Dwarf 1/1 "As long as Champion is equipped, it gets +2/+2."
define Sword = {1} Artifact — Equipment "Equip {1}"
define Bear = {1}{G} Creature — Bear 2/2
Champion as C
Bear as B
? C
Sword (attached to C)
? C
? B`,
			wants: []want{{line: 6, pt: "1/1"}, {line: 8, pt: "3/3"}, {line: 9, pt: "2/2"}},
		},
		{
			name: "enters tapped and doesn't untap",
			src: `define Leviathan = {5}{U}{U}{U}{U} Creature — Leviathan 10/10 "Trample\nLeviathan enters the battlefield tapped and doesn't untap during your untap step."
Leviathan as L
? L`,
			wants: []want{{line: 3, trace: []string{"502.3"}}},
		},
	}, nil)
	r := mustRun(t, "define Leviathan = {5}{U}{U}{U}{U} Creature — Leviathan 10/10 \"Leviathan enters the battlefield tapped and doesn't untap during your untap step.\"\nLeviathan as L\n? L", nil)
	if !tappedAt(t, r, 3) {
		t.Errorf("Leviathan enters tapped")
	}
}

// "gets an additional +1/+1" is one more modification (613.4c), applied as
// its own effect.
func TestAnAdditional(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Heavy Mattock",
		src: `define Mattock = {3} Artifact — Equipment "Equipped creature gets +1/+2.\nAs long as equipped creature is a Human, it gets an additional +1/+1.\nEquip {2}"
define Soldier = {W} Creature — Human Soldier 1/1
define Bear = {1}{G} Creature — Bear 2/2
Soldier as S
Bear as B
Mattock as M1 (attached to S)
Mattock as M2 (attached to B)
? S
? B`,
		wants: []want{{line: 8, pt: "3/4"}, {line: 9, pt: "3/4"}},
	}}, nil)
}
