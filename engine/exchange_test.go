package engine

import "testing"

func TestExchangeAndFortified(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			// 701.12b: each player gains control of the permanent the other
			// controlled.
			name: "exchange control of two target creatures",
			src: `define Switcheroo = {4}{U} Sorcery "Exchange control of two target creatures."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
Bear as B
opponent: Ogre as O
cast Switcheroo targeting B and O
? B
? O`,
			wants: []want{{line: 7, controller: "opponent"}, {line: 8, controller: "you"}},
		},
		{
			// 701.12b: the same controller: the exchange does nothing.
			name: "exchange between permanents of one player does nothing",
			src: `define Switcheroo = {4}{U} Sorcery "Exchange control of two target creatures."
define Bear = {1}{G} Creature — Bear 2/2
Bear as B1
Bear as B2
cast Switcheroo targeting B1 and B2
? B1
? B2`,
			wants: []want{{line: 6, controller: "you", trace: []string{"701.12b"}}, {line: 7, controller: "you"}},
		},
		{
			name: "exchange, then a later control change",
			src: `define Shifting = {4}{U} Sorcery "Exchange control of target creature you control and target creature an opponent controls."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
Bear as B
opponent: Ogre as O
cast Shifting targeting B and O
opponent gains control of O
? B
? O`,
			wants: []want{{line: 8, controller: "opponent"}, {line: 9, controller: "opponent"}},
		},
		{
			// 701.12b: when the exchange happens you control both (the
			// earlier control change), so it does nothing; when that
			// earlier effect ends, the Vanguard returns to its owner.
			name: "exchange after another control change",
			src: `define Switcheroo = {4}{U} Sorcery "Exchange control of two target creatures."
define Act = {2}{R} Sorcery "Gain control of target creature until end of turn."
define Elves = {G} Creature — Elf 1/1
define Vanguard = {W} Creature — Human 2/1
Elves as E
opponent: Vanguard as V
cast Act targeting V
cast Switcheroo targeting E and V
? E
? V
end Act
? V
? E`,
			wants: []want{{line: 9, controller: "you"}, {line: 10, controller: "you"}, {line: 12, controller: "opponent"}, {line: 13, controller: "you"}},
		},
		{
			// 301.6: "fortified land" is the land the Fortification is
			// attached to.
			name: "fortified land has an ability",
			src: `define Darksteel Garrison = {2} Artifact — Fortification "Fortified land has indestructible.\nFortify {3}"
define Plains = Basic Land — Plains
Plains as P
Plains as Q
Darksteel Garrison (attached to P)
? P
? Q`,
			wants: []want{{line: 6, has: []string{"Indestructible"}}, {line: 7, lacks: []string{"Indestructible"}}},
		},
	}, nil)
}

// Bludgeon Brawl: "Each noncreature, non-Equipment artifact is an Equipment
// with equip {X} and “Equipped creature gets +X/+0,” where X is that
// artifact's mana value." A subtype alone replaces the subtypes of its kind
// (205.1a): a Fortification becomes an Equipment and no longer a
// Fortification, so it no longer fortifies (301.6) and, attached to a land
// that is not a creature, becomes unattached (301.5c, 704.5n).
func TestWhereXIsThatArtifactsManaValue(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Bludgeon Brawl",
		src: `define Bludgeon Brawl = {2}{R} Enchantment "Each noncreature, non-Equipment artifact is an Equipment with equip {X} and \"Equipped creature gets +X/+0,\" where X is that artifact's mana value."
define Darksteel Garrison = {2} Artifact — Fortification "Fortified land has indestructible.\nFortify {3}"
define Mountain = Basic Land — Mountain
define Bear = {1}{G} Creature — Bear 2/2
define Stone = {3} Artifact
Mountain as M
Bear as B
Darksteel Garrison as G (attached to M)
Stone as S
? M
Bludgeon Brawl
attach S to B
? G
? M
? B
? S`,
		wants: []want{
			{line: 10, has: []string{"Indestructible"}},
			{line: 13, subtypes: []string{"Equipment"}},
			{line: 14, lacks: []string{"Indestructible"}},
			{line: 15, pt: "5/2", trace: []string{"X = 3"}},
			{line: 16, subtypes: []string{"Equipment"}},
		},
	}}, nil)
	// X without "where X is ..." is not guessed (107.3).
	if ts, bad := newCompiler().compileSpell("Target creature gets +X/+0 until end of turn.", ""); len(ts) != 0 || len(bad) != 1 {
		t.Errorf("+X/+0 with X undefined compiled: %d templates", len(ts))
	}
}
