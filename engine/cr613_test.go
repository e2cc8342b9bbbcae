package engine

import "testing"

// The examples of CR 613 (cr-20260417.txt) that the scenario language can
// express, each asserted against the numbers the rule text gives.
func TestCR613Examples(t *testing.T) {
	cases := []scenarioCase{
		{
			// 613.4d, first example: 1/3, +0/+1, switch → 4/1; +5/+0 → 4/6.
			name: "613.4d switch then pump",
			src: `define Wall = Creature — Wall 1/3
Wall
effect "Target creature gets +0/+1 until end of turn" targeting Wall
effect "Switch target creature's power and toughness until end of turn" targeting Wall
? Wall
effect "Target creature gets +5/+0 until end of turn" targeting Wall
? Wall`,
			wants: []want{
				{line: 5, pt: "4/1", trace: []string{"7c", "+0/+1", "7d", "switched → 4/1"}},
				{line: 7, pt: "4/6", trace: []string{"7c", "+0/+1", "7c", "+5/+0 → 6/4", "7d", "switched → 4/6"}},
			},
		},
		{
			// 613.4d, second example: the +0/+1 ends before the switch: 3/1.
			name: "613.4d pump ends before switch",
			src: `define Wall = Creature — Wall 1/3
Wall
effect "Target creature gets +0/+1 until end of turn" as P targeting Wall
effect "Switch target creature's power and toughness until end of turn" targeting Wall
? Wall
end P
? Wall`,
			wants: []want{{line: 5, pt: "4/1"}, {line: 7, pt: "3/1"}},
		},
		{
			// 613.4d, third example: two switches cancel: 1/4.
			name: "613.4d two switches cancel",
			src: `define Wall = Creature — Wall 1/3
Wall
effect "Target creature gets +0/+1 until end of turn" targeting Wall
effect "Switch target creature's power and toughness until end of turn" targeting Wall
effect "Switch target creature's power and toughness until end of turn" targeting Wall
? Wall`,
			wants: []want{{line: 6, pt: "1/4"}},
		},
		{
			// 613.5, Honor of the Pure: a 2/2 black creature turned white
			// gets +1/+1 (3/3); turned red later, it is 2/2 again.
			name: "613.5 Honor of the Pure",
			src: `define Honor of the Pure = {1}{W} Enchantment "White creatures you control get +1/+1."
define Black Knight = {B}{B} Creature — Human Knight 2/2
Honor of the Pure
Black Knight as K
? K
effect "Target creature becomes white" targeting K
? K
effect "Target creature becomes red" targeting K
? K`,
			wants: []want{
				{line: 5, pt: "2/2", colors: "B"},
				{line: 7, pt: "3/3", colors: "W", trace: []string{"5 613.1e", "white", "7c 613.4c Honor of the Pure", "+1/+1 → 3/3"}},
				{line: 9, pt: "2/2", colors: "R"},
			},
		},
		{
			// 613.5, Gray Ogre: counter 3/3, +4/+4 7/7, +0/+2 anthem 7/9,
			// becomes 0/1 → 5/8.
			name: "613.5 Gray Ogre",
			src: `define Gray Ogre = {2}{R} Creature — Ogre 2/2
define Anthem = {2}{W} Enchantment "Creatures you control get +0/+2."
Gray Ogre
put 1 +1/+1 counter on Gray Ogre
? Gray Ogre
effect "Target creature gets +4/+4 until end of turn" targeting Gray Ogre
? Gray Ogre
Anthem
? Gray Ogre
effect "Target creature becomes 0/1 until end of turn" targeting Gray Ogre
? Gray Ogre`,
			wants: []want{
				{line: 5, pt: "3/3"}, {line: 7, pt: "7/7"}, {line: 9, pt: "7/9"},
				{line: 11, pt: "5/8", trace: []string{"7b 613.4b", "0/1", "7c", "7c", "7c"}},
			},
		},
		{
			// 613.6, first example (the color choice fixed to red): the color
			// part applies in layer 5, the +1/+1 in 7c.
			name: "613.6 one effect in two layers",
			src: `define Bear = {1}{G} Creature — Bear 2/2
Bear
effect "This creature gets +1/+1 and becomes red until end of turn" targeting Bear
? Bear`,
			wants: []want{{line: 4, pt: "3/3", colors: "R", trace: []string{"5 613.1e", "red", "7c 613.4c", "+1/+1"}}},
		},
		{
			// 613.6, Act of Treason: control in layer 2, haste in layer 6.
			name: "613.6 Act of Treason",
			src: `define Act of Treason = {2}{R} Sorcery "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."
define Bear = {1}{G} Creature — Bear 2/2
opponent: Bear (tapped)
cast Act of Treason targeting Bear
? Bear
? can Bear attack`,
			wants:    []want{{line: 5, controller: "you", has: []string{"Haste"}, trace: []string{"2 613.1b", "controlled by you", "6 613.1f", "Haste"}}},
			verdicts: []verdict{{line: 6, ok: true, rules: []string{"702.10b"}}},
		},
		{
			// 613.6, third example: the 7b part applies to the same
			// permanents even though they are no longer noncreature
			// artifacts by then. A creature artifact is not affected.
			name: "613.6 noncreature artifacts become 2/2",
			src: `define Mox = {0} Artifact
define Thopter = {0} Artifact Creature — Thopter 0/2
Mox
Thopter
effect "All noncreature artifacts become 2/2 artifact creatures until end of turn"
? Mox
? Thopter`,
			wants: []want{
				{line: 6, pt: "2/2", types: []string{"Artifact", "Creature"}, trace: []string{"4 613.1d", "7b 613.4b", "2/2"}},
				{line: 7, pt: "0/2"},
			},
		},
		{
			// 613.6, Svogthos (first part): a land that becomes a 3/3
			// creature that's still a land, then +1/+1: a 4/4 land creature.
			name: "613.6 land becomes a 3/3 creature",
			src: `define Svogthos, the Restless Tomb = Land
Svogthos, the Restless Tomb as S
effect "Until end of turn, target land becomes a 3/3 creature that's still a land" targeting S
effect "Target creature gets +1/+1 until end of turn" targeting S
? S`,
			wants: []want{{line: 5, pt: "4/4", types: []string{"Land", "Creature"}}},
		},
		{
			// 613.7a, Rune of Flight on Colossus Hammer: the granted ability
			// has Rune's later timestamp; when the Hammer is attached, both
			// its abilities get new timestamps in the same relative order, so
			// "has flying" still comes after "loses flying".
			name: "613.7a granted ability keeps its relative order",
			src: `define Colossus Hammer = {1} Artifact — Equipment "Equipped creature gets +10/+10 and loses flying.\nEquip {8}"
define Rune of Flight = {1}{U} Enchantment — Aura Rune "Enchant permanent\nEnchanted Equipment has “Equipped creature has flying.”"
define Bird = {U} Creature — Bird 1/1 "Flying"
define Bear = {1}{G} Creature — Bear 2/2
Bird
Bear
Colossus Hammer as H
Rune of Flight as R (attached to H)
attach H to Bear
? Bear
attach H to Bird
? Bird`,
			wants: []want{
				{line: 10, pt: "12/12", has: []string{"Flying"}, trace: []string{"6", "loses flying", "6", "has Flying"}},
				{line: 12, pt: "11/11", has: []string{"Flying"}},
			},
		},
		{
			// 613.9, first example: "has flying" and "loses flying" from two
			// Auras: timestamp order, the later one wins.
			name: "613.9 flying vs loses flying",
			src: `define Bear = {1}{G} Creature — Bear 2/2
define Wings = {U} Enchantment — Aura "Enchant creature\nEnchanted creature has flying."
define Grounded = {1}{G} Enchantment — Aura "Enchant creature\nEnchanted creature loses flying."
Bear as A
Bear as B
Wings (attached to A)
Grounded (attached to A)
Grounded as G2 (attached to B)
Wings as W2 (attached to B)
? A
? B
effect "All creatures lose flying until end of turn"
? B`,
			wants: []want{
				{line: 10, lacks: []string{"Flying"}},
				{line: 11, has: []string{"Flying"}},
				{line: 13, lacks: []string{"Flying"}},
			},
		},
		{
			// 613.9, second example: "White creatures get +1/+1" and
			// "Enchanted creature is white": +1/+1 regardless of order.
			name: "613.9 white creatures and enchanted creature is white",
			src: `define Bear = {1}{G} Creature — Bear 2/2
define White Anthem = {1}{W} Enchantment "White creatures get +1/+1."
define Whitewash = {W} Enchantment — Aura "Enchant creature\nEnchanted creature is white."
Bear as A
Bear as B
White Anthem
Whitewash (attached to A)
Whitewash as X (attached to B)
White Anthem as Later
? A
? B`,
			wants: []want{{line: 10, pt: "4/4", colors: "W"}, {line: 11, pt: "4/4", colors: "W"}},
		},
	}
	runCases(t, cases, nil)
}
