package engine

import (
	"strings"
	"testing"
)

// "X and other Y get ...": two groups, "other" (the source excluded) only
// in the second; a creature in the first group gets the bonus even when it
// is the source.
func TestTwoGroupLords(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			name: "Verdeloth the Ancient",
			src: `define Verdeloth the Ancient = {4}{G}{G} Legendary Creature — Treefolk 4/7 "Saproling creatures and other Treefolk creatures get +1/+1."
define Treefolk = {2}{G}{G} Creature — Treefolk 3/4
define Saproling = green Creature — Saproling 1/1
define Bear = {1}{G} green Creature — Bear 2/2
Verdeloth the Ancient as V
Treefolk as Mine
opponent: Treefolk as Theirs
Saproling as S (token)
Bear
? V
? Mine
? Theirs
? S
? Bear`,
			wants: []want{{line: 10, pt: "4/7"}, {line: 11, pt: "4/5"}, {line: 12, pt: "4/5"}, {line: 13, pt: "2/2"}, {line: 14, pt: "2/2"}},
		},
		{
			name: "Death Baron",
			src: `define Death Baron = {1}{B}{B} Creature — Zombie Wizard 2/2 "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch."
define Skeleton = {B} Creature — Skeleton 1/1
define Zombie = {1}{B} Creature — Zombie 2/2
Death Baron as D
Skeleton as S
Zombie as Z
opponent: Zombie as OZ
? D
? S
? Z
? OZ`,
			wants: []want{
				{line: 8, pt: "2/2", lacks: []string{"Deathtouch"}},
				{line: 9, pt: "2/2", has: []string{"Deathtouch"}},
				{line: 10, pt: "3/3", has: []string{"Deathtouch"}},
				{line: 11, pt: "2/2", lacks: []string{"Deathtouch"}},
			},
		},
	}, nil)
}

// 305.7: "Enchanted permanent is a colorless Forest land" sets its land
// type to Forest: it loses the abilities from its rules text and gains
// "{T}: Add {G}"; an ability granted by another effect stays (Song of the
// Dryads' ruling). Its lost static ability no longer applies (613.8a).
func TestSetToBasicLandLosesRulesText(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Song of the Dryads on an anthem",
		src: `define Song of the Dryads = {2}{G} Enchantment — Aura "Enchant permanent\nEnchanted permanent is a colorless Forest land."
define Anthem = {2}{W} Enchantment "Creatures you control get +1/+1."
define Cloak = {2}{U} Enchantment — Aura "Enchant permanent\nEnchanted permanent has hexproof."
define Bear = {1}{G} green Creature — Bear 2/2
Bear
Anthem
Cloak (attached to Anthem)
? Bear
opponent: cast Song of the Dryads targeting Anthem
? Bear
? Anthem`,
		wants: []want{
			{line: 8, pt: "3/3"},
			{line: 10, pt: "2/2"},
			{line: 11, pt: "-", colors: "-", types: []string{"Land"}, subtypes: []string{"Forest"}, has: []string{"{T}: Add {G}.", "Hexproof"}, lacks: []string{"Creatures you control get +1/+1."}},
		},
	}}, nil)
}

// 205.1b: "becomes a 5/5 ... creature with indestructible that's still a
// planeswalker" keeps the planeswalker type and its subtypes, and the
// granted keyword is indestructible alone.
func TestStillAPlaneswalker(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Gideon, Ally of Zendikar's +1",
		src: `define Gideon, Ally of Zendikar = {2}{W}{W} Legendary Planeswalker — Gideon
Gideon, Ally of Zendikar as G (4 loyalty counters)
effect "Until end of turn, this permanent becomes a 5/5 Human Soldier Ally creature with indestructible that's still a planeswalker." targeting G
? G`,
		wants: []want{{line: 4, pt: "5/5", types: []string{"Planeswalker", "Creature"}, subtypes: []string{"Gideon", "Human", "Soldier", "Ally"}, has: []string{"Indestructible"}}},
	}}, nil)
}

// 702.73a: changeling, "is every creature type" and "gains all creature
// types" give each creature type (and no land type); "loses all creature
// types" removes them all, changeling's too, since the characteristic-
// defining ability applies first in layer 4 (613.3).
func TestEveryCreatureTypeAndLosingThem(t *testing.T) {
	r := mustRun(t, `define Mistform Ultimus = {3}{U} Legendary Creature — Illusion 3/3 "Mistform Ultimus is every creature type."
define Death Baron = {1}{B}{B} Creature — Zombie Wizard 2/2 "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch."
define Game-Trail Changeling = {3}{G}{G} Creature — Shapeshifter 4/4 "Changeling\nTrample"
define Goblin Chieftain = {1}{R}{R} Creature — Goblin 2/2 "Haste\nOther Goblin creatures you control get +1/+1 and have haste."
Mistform Ultimus as M
? M
Death Baron as B
effect "Target creature gains all creature types until end of turn." targeting B
? B
Game-Trail Changeling as G
Goblin Chieftain
? G
effect "Target creature gets +3/-3 and loses all creature types until end of turn." targeting G
? G`, nil)
	m := result(t, r, 6).Object
	if !m.HasSubtype("Goblin") || !m.HasSubtype("Illusion") || m.HasSubtype("Forest") || m.HasSubtype("Equipment") {
		t.Errorf("Mistform Ultimus: every creature type and no other subtype, got %v", m.Subtypes)
	}
	checkWant(t, r, want{line: 9, pt: "3/3", has: []string{"Deathtouch"}})
	// Death Baron (other Zombies) and Goblin Chieftain both apply.
	checkWant(t, r, want{line: 12, pt: "6/6", has: []string{"Haste", "Deathtouch"}})
	checkWant(t, r, want{line: 14, pt: "7/1", subtypes: []string{}, lacks: []string{"Haste", "Deathtouch"}, has: []string{"Changeling"}})
}

// A quoted ability keeps its own words: "this permanent" in it is the
// object that has the ability, not the card that grants it.
func TestGrantedAbilityKeepsItsWords(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Hibernation Sliver",
		src: `define Hibernation Sliver = {U}{B} Creature — Sliver 2/2 "All Slivers have \"Pay 2 life: Return this permanent to its owner's hand.\""
define Bear = {1}{G} green Creature — Bear 2/2
Hibernation Sliver
Bear
effect "Target creature gains all creature types until end of turn." targeting Bear
? Bear`,
		wants: []want{{line: 6, has: []string{"Pay 2 life: Return this permanent to its owner's hand."}}},
	}}, nil)
}

// "Creatures with no abilities get +2/+2": read after layer 6, so a
// creature that lost its abilities gets it and one granted an ability
// doesn't (613.1f comes before 613.4c).
func TestCreaturesWithNoAbilities(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Muraganda Petroglyphs",
		src: `define Muraganda Petroglyphs = {3}{G} Enchantment "Creatures with no abilities get +2/+2."
define Bear = {1}{G} green Creature — Bear 2/2
define Bird = {W} white Creature — Bird 1/1 "Flying"
define Cloak = {U} Enchantment — Aura "Enchant creature\nEnchanted creature has flying."
Muraganda Petroglyphs
Bear as A
Bear as B
Bird
Cloak (attached to B)
effect "Until end of turn, target creature loses all abilities." targeting Bird
? A
? B
? Bird`,
		wants: []want{{line: 11, pt: "4/4"}, {line: 12, pt: "2/2"}, {line: 13, pt: "3/3"}},
	}}, nil)
}

// "As long as you control exactly one creature, that creature gets ...":
// the condition counts (no fewer, no more), and "that creature" is the one
// it counts.
func TestExactlyOneCreature(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Homicidal Seclusion",
		src: `define Homicidal Seclusion = {4}{B} Enchantment "As long as you control exactly one creature, that creature gets +3/+1 and has lifelink."
define Turtle = {2}{U} Creature — Turtle 1/4
define Bear = {1}{G} green Creature — Bear 2/2
Homicidal Seclusion
Turtle
opponent: Bear as OB
? Turtle
? OB
Bear as MB
? Turtle
? MB`,
		wants: []want{
			{line: 7, pt: "4/5", has: []string{"Lifelink"}}, {line: 8, pt: "2/2", lacks: []string{"Lifelink"}},
			{line: 10, pt: "1/4", lacks: []string{"Lifelink"}}, {line: 11, pt: "2/2"},
		},
	}}, nil)
}

// "Creatures named Ivory Guardians" names every creature with that name
// (201.2a), the card itself and others, unlike a self-reference (201.5); its condition is on the opponent's
// permanents.
func TestCreaturesNamedLikeTheCard(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Ivory Guardians",
		src: `define Ivory Guardians = {4}{W}{W} Creature — Giant Cleric 3/3 "Protection from red\nCreatures named Ivory Guardians get +1/+1 as long as an opponent controls a nontoken red permanent."
define Goblin = {R} red Creature — Goblin 1/1
Ivory Guardians as G1
Ivory Guardians as G2
? G1
opponent: Goblin as OG
? G1
? G2
? OG`,
		wants: []want{{line: 5, pt: "3/3"}, {line: 7, pt: "5/5"}, {line: 8, pt: "5/5"}, {line: 9, pt: "1/1"}},
	}}, nil)
}

// 305.7: "Enchanted land is an Island" removes every land type, Urza's
// too, however its apostrophe is written.
func TestUrzasLandTypeReplaced(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Spreading Seas on Urza's Tower",
		src: `define Spreading Seas = {1}{U} Enchantment — Aura "Enchant land\nEnchanted land is an Island."
define Urza's Tower = Land — Urza’s Tower
Urza's Tower as T
cast Spreading Seas targeting T
? T`,
		wants: []want{{line: 5, subtypes: []string{"Island"}, has: []string{"{T}: Add {U}."}}},
	}}, nil)
}

// A leveler's striation abilities are shown as printed under their level
// (711.2), so a copy without level counters (707.2) is not read as having
// them.
func TestStriationAbilitiesNamedByLevel(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Student of Warfare and a copy",
		src: `define Student of Warfare = {W} white Creature — Human Knight 1/1 "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
define Clone = {3}{U} Creature — Shapeshifter 0/0
Student of Warfare as S (7 level counters)
Clone as C (copy of S)
? S
? C`,
		wants: []want{
			{line: 5, pt: "4/4", has: []string{"LEVEL 7+ — Double strike", "Double strike"}},
			{line: 6, pt: "1/1", has: []string{"LEVEL 7+ — Double strike"}, lacks: []string{"Double strike"}},
		},
	}}, nil)
}

// 707.9a, 707.9b: the exceptions of an enter-as-a-copy ability ("except
// it's an Illusion in addition to its other types and it has ...", "it
// isn't legendary") change the copiable values, so a copy of the copy has
// them too.
func TestCopyExceptions(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Phantasmal Image and Spark Double",
		src: `define Phantasmal Image = {1}{U} Creature — Illusion 0/0 "You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, except it's an Illusion in addition to its other types and it has \"When this creature becomes the target of a spell or ability, sacrifice it.\""
define Spark Double = {3}{U} Creature — Illusion 0/0 "You may have Spark Double enter the battlefield as a copy of a creature or planeswalker you control, except it isn't legendary if that permanent is legendary."
define Clone = {3}{U} Creature — Shapeshifter 0/0
define Bear = {1}{G} green Creature — Bear 2/2
define Isamaru = {W} Legendary Creature — Dog 2/2
Bear
Phantasmal Image as I (copy of Bear)
Clone as C (copy of I)
Isamaru
Spark Double as S (copy of Isamaru)
? I
? C
? S`,
		wants: []want{
			{line: 11, pt: "2/2", subtypes: []string{"Bear", "Illusion"}, has: []string{"When this creature becomes the target of a spell or ability, sacrifice it."}},
			{line: 12, pt: "2/2", subtypes: []string{"Bear", "Illusion"}, has: []string{"When this creature becomes the target of a spell or ability, sacrifice it."}},
			{line: 13, pt: "2/2", name: "Isamaru"},
		},
	}}, nil)
	// The trace quotes the ability the exception grants as printed.
	r := mustRun(t, "define Phantasmal Image = {1}{U} Creature — Illusion 0/0 \"You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, except it has \\\"Flying\\\"\"\ndefine Bear = {1}{G} green Creature — Bear 2/2\nBear\nPhantasmal Image as I (copy of Bear)\n? I", nil)
	if tr := traceText(result(t, r, 5)); !strings.Contains(tr, `except it has "Flying" (707.9b)`) || strings.Contains(tr, "«") {
		t.Errorf("trace %q, want the granted ability quoted as printed", tr)
	}
	r = mustRun(t, "define Spark Double = {3}{U} Creature — Illusion 0/0 \"You may have Spark Double enter the battlefield as a copy of a creature or planeswalker you control, except it isn't legendary if that permanent is legendary.\"\ndefine Isamaru = {W} Legendary Creature — Dog 2/2\nIsamaru\nSpark Double as S (copy of Isamaru)\n? S", nil)
	if q := result(t, r, 5); q.Object == nil || len(q.Object.Supertypes) != 0 {
		t.Errorf("Spark Double's copy of a legendary creature isn't legendary: %+v", q.Object)
	}
	for _, u := range r.Unmodeled {
		if strings.Contains(u.Sentence, "Spark Double") {
			t.Errorf("every exception of this Spark Double wording is applied, yet reported: %q", u.Sentence)
		}
	}
}

// 614.12: "enters tapped" applies only if the permanent, as it would exist
// on the battlefield with the continuous effects that would apply to it,
// has the ability; under Blood Moon a nonbasic land is a Mountain with no
// rules text (305.7), so it enters untapped (Blood Moon ruling).
func TestEntersTappedCheckedOnTheBattlefieldVersion(t *testing.T) {
	const grasslands = `define Blood Moon = {2}{R} Enchantment "Nonbasic lands are Mountains."
define Grasslands = Land "Grasslands enters the battlefield tapped."
`
	r := mustRun(t, grasslands+"Grasslands as G1 (new)\nBlood Moon\nGrasslands as G2 (new)\n? G1\n? G2", nil)
	if q := result(t, r, 6); !q.Object.Tapped {
		t.Errorf("before Blood Moon, Grasslands enters tapped")
	}
	if q := result(t, r, 7); q.Object.Tapped {
		t.Errorf("under Blood Moon, Grasslands enters untapped (614.12)")
	}
}

// "Each other creature that player controls" (Public Execution): the
// creatures of the first target's controller, other than that target, fixed
// as the spell resolves (611.2c); the caster's creatures are not affected.
// The same words in a permanent's static ability name no player and are
// not modelled (never read as "every creature").
func TestThatPlayerControls(t *testing.T) {
	const defs = `define Public Execution = {5}{B} Instant "Destroy target creature an opponent controls. Each other creature that player controls gets -2/-0 until end of turn."
define Bear = {1}{G} green Creature — Bear 2/2
define Wurm = {4}{G}{G} Creature — Wurm 6/4
`
	runCases(t, []scenarioCase{{
		name: "Public Execution",
		src: defs + `opponent: Bear as OB
opponent: Wurm as OW
Bear as MB
cast Public Execution targeting OB
? OW
? MB
opponent: Wurm as OW2
? OW2`,
		wants: []want{{line: 8, pt: "4/4"}, {line: 9, pt: "2/2"}, {line: 11, pt: "6/4"}},
	}}, nil)
	r := mustRun(t, `define Odd = {1} Artifact "Each other creature that player controls gets -2/-0."
define Bear = {1}{G} green Creature — Bear 2/2
Odd
Bear
? Bear`, nil)
	checkWant(t, r, want{line: 5, pt: "2/2"})
	if q := result(t, r, 5); len(q.DependsOnUnmodelled) == 0 {
		t.Errorf("a static \"that player controls\" is not modelled, and the answer says it depends on it")
	}
}

// "If that creature is a Snake, it gets +2/+2 until end of turn" is checked
// on the target as the spell resolves (608.2c); a changeling is a Snake
// (702.73a).
func TestIfTheTargetIsAKind(t *testing.T) {
	const kaseto = `"Target creature can't be blocked this turn. If that creature is a Snake, it gets +2/+2 until end of turn."`
	runCases(t, []scenarioCase{{
		name: "Kaseto, Orochi Archmage's ability",
		src: `define Snake = {G} Creature — Snake 1/1
define Bear = {1}{G} green Creature — Bear 2/2
define Changeling = {2}{G} Creature — Shapeshifter 2/2 "Changeling"
Snake
Bear
Changeling
effect ` + kaseto + ` targeting Snake
effect ` + kaseto + ` targeting Bear
effect ` + kaseto + ` targeting Changeling
? Snake
? Bear
? Changeling`,
		wants: []want{{line: 10, pt: "3/3"}, {line: 11, pt: "2/2"}, {line: 12, pt: "4/4"}},
	}}, nil)
}

// 702.16c, 702.16d: a permanent with protection from red can't be enchanted
// or equipped by red permanents: gaining it puts the red Aura into the
// graveyard (704.5m) and unattaches the red Equipment (704.5n); a blue Aura
// stays.
func TestProtectionShedsAttachments(t *testing.T) {
	r := mustRun(t, `define Keeper = {R} Creature — Goblin 1/1
define Jackhammer = {1}{R} Artifact — Equipment "Equipped creature gets +2/+0."
define Agility = {1}{R} Enchantment — Aura "Enchant creature\nEnchanted creature gets +1/+1 and has flanking."
define Wings = {U} Enchantment — Aura "Enchant creature\nEnchanted creature has flying."
Keeper
Jackhammer (attached to Keeper)
Agility (attached to Keeper)
Wings (attached to Keeper)
? Keeper
effect "This creature gains protection from red until end of turn." targeting Keeper
? Keeper
? Jackhammer`, nil)
	checkWant(t, r, want{line: 9, pt: "4/2", has: []string{"Flanking", "Flying"}})
	checkWant(t, r, want{line: 11, pt: "1/1", has: []string{"Protection from red", "Flying"}, lacks: []string{"Flanking"}})
	rules := map[string]bool{}
	for _, n := range r.Notes {
		if n.Line == 10 {
			rules[n.Rule] = true
		}
	}
	if !rules["704.5m"] || !rules["704.5n"] {
		t.Errorf("gaining protection from red: want 704.5m (Agility) and 704.5n (Jackhammer), got %+v", r.Notes)
	}
}

// "As long as enchanted artifact isn't a creature, it's an artifact
// creature with power and toughness each equal to its mana value": checked
// where the effect would start to apply (layer 4); once started it goes on
// in layer 7b (613.6). On an artifact creature it does nothing.
func TestAnimateArtifact(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Animate Artifact",
		src: `define Animate Artifact = {3}{U} Enchantment — Aura "Enchant artifact\nAs long as enchanted artifact isn't a creature, it's an artifact creature with power and toughness each equal to its mana value."
define Crucible of Worlds = {3} Artifact
define Ornithopter = {0} Artifact Creature — Thopter 0/2 "Flying"
Crucible of Worlds as C
Ornithopter as O
cast Animate Artifact targeting C
cast Animate Artifact targeting O
? C
? O`,
		wants: []want{{line: 8, pt: "3/3", types: []string{"Artifact", "Creature"}}, {line: 9, pt: "0/2"}},
	}}, nil)
}

// A Leyline's "If ~ is in your opening hand, you may begin the game with it
// on the battlefield" functions only in the opening hand (113.6b): on the
// battlefield it does nothing, and nothing depends on it.
func TestOpeningHandAbilityDoesNothingOnTheBattlefield(t *testing.T) {
	r := mustRun(t, `define Leyline of the Meek = {2}{W}{W} Enchantment "If Leyline of the Meek is in your opening hand, you may begin the game with it on the battlefield.\nCreature tokens get +1/+1."
define Soldier = {W} white Creature — Soldier 1/1
Leyline of the Meek
Soldier as S (token)
? S`, nil)
	checkWant(t, r, want{line: 5, pt: "2/2"})
	if len(r.Unmodeled) != 0 {
		t.Errorf("every sentence of Leyline of the Meek is known: %+v", r.Unmodeled)
	}
}
