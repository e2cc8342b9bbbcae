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
