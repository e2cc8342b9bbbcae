package engine

import (
	"strings"
	"testing"
)

const offfieldDefs = `define Yixlid Jailer = {1}{B} Creature — Zombie Wizard 2/1 "Cards in graveyards lose all abilities."
define Mycosynth Lattice = {6} Artifact "All permanents are artifacts in addition to their other types.\nAll cards that aren't on the battlefield, spells, and permanents are colorless.\nPlayers may spend mana as though it were mana of any color."
define Painter's Servant = {2} Artifact Creature — Scarecrow 1/3 "As Painter's Servant enters, choose a color.\nAll cards that aren't on the battlefield, spells, and permanents are the chosen color in addition to their other colors."
define Necrotic Ooze = {2}{B}{B} Creature — Ooze 4/3 "As long as Necrotic Ooze is on the battlefield, it has all activated abilities of all creature cards in all graveyards."
define Prodigal Pyromancer = {2}{R} Creature — Human Wizard 1/1 "{T}: Prodigal Pyromancer deals 1 damage to any target."
define Blood Ogre = {2}{R} Creature — Ogre 2/2 "Flying\nFirst strike"
define Nightmare = {5}{B} Creature — Nightmare Horse */* "Flying\nNightmare's power and toughness are each equal to the number of Swamps you control."
define Changeling Outcast = {B} Creature — Shapeshifter 1/1 "Changeling"
define Swamp = Basic Land — Swamp
define Eldrazi Scion = {1}{R} Creature — Eldrazi 2/1 "Devoid"
define Bolt = {R} Instant "Bolt deals 3 damage to any target."
define Icy Manipulator = {4} Artifact "{1}, {T}: Tap target artifact, creature, or land."
define Wingcaller = {3}{U} Enchantment "Creature cards in your graveyard have flying."
`

// The layer system applies to objects in every zone: a static ability of
// a permanent applies to whatever its text indicates (611.3a), a card's
// own characteristic-defining abilities function everywhere (113.6a), and
// the card's other abilities function only on the battlefield (113.6).
func TestCharacteristicsOutsideTheBattlefield(t *testing.T) {
	cases := []scenarioCase{
		{
			name: "611.3a Yixlid Jailer: cards in graveyards, not in hands, lose all abilities",
			src: offfieldDefs + `Prodigal Pyromancer as P (in graveyard)
opponent: Blood Ogre as G (in graveyard)
Blood Ogre as H (in hand)
Yixlid Jailer
? P
? G
? H
destroy Yixlid Jailer
? P`,
			wants: []want{
				{line: 18, lacks: []string{"{T}: Prodigal Pyromancer deals 1 damage to any target."}, trace: []string{"6", "Cards in graveyards lose all abilities", "611.3a"}},
				{line: 19, lacks: []string{"Flying", "First strike"}, pt: "2/2", colors: "R"},
				{line: 20, has: []string{"Flying", "First strike"}},
				// 113.6: the Jailer's ability functioned only on the battlefield.
				{line: 22, has: []string{"{T}: Prodigal Pyromancer deals 1 damage to any target."}},
			},
		},
		{
			name: "Yixlid Jailer rulings: changeling keeps every creature type, a lost */* defining ability leaves 0",
			src: offfieldDefs + `Swamp as S1
Swamp as S2
Nightmare (in graveyard)
Changeling Outcast (in graveyard)
? Nightmare
Yixlid Jailer
? Nightmare
? Changeling Outcast`,
			wants: []want{
				{line: 18, pt: "2/2", trace: []string{"613.3", "113.6a"}},
				{line: 20, pt: "0/0", lacks: []string{"Flying"}, trace: []string{"6", "lose all abilities", "7a", "0"}},
				{line: 21, subtypes: []string{"Shapeshifter", "All creature types"}, lacks: []string{"Changeling"}},
			},
		},
		{
			name: "702.114a devoid makes a card in a hand colorless",
			src: offfieldDefs + `Eldrazi Scion (in hand)
? Eldrazi Scion`,
			wants: []want{{line: 15, colors: "-", trace: []string{"613.3", "Devoid"}}},
		},
		{
			name: "Mycosynth Lattice: cards in hands and graveyards and spells are colorless, not artifacts",
			src: offfieldDefs + `Mycosynth Lattice
Blood Ogre (in hand)
Prodigal Pyromancer (in graveyard)
cast Bolt targeting opponent (on the stack)
? Blood Ogre
? Prodigal Pyromancer
? Bolt
? Mycosynth Lattice`,
			wants: []want{
				{line: 18, colors: "-", types: []string{"Creature"}, trace: []string{"5", "colorless", "in your hand"}},
				{line: 19, colors: "-", types: []string{"Creature"}},
				{line: 20, colors: "-", types: []string{"Instant"}, trace: []string{"on the stack"}},
				{line: 21, colors: "-", types: []string{"Artifact"}},
			},
		},
		{
			name: "613.7 Painter's Servant and Mycosynth Lattice: the later timestamp wins in layer 5",
			src: offfieldDefs + `Painter's Servant as P1 (chosen blue)
Mycosynth Lattice
Blood Ogre (in hand)
? Blood Ogre
P1 leaves the battlefield
Painter's Servant as P2 (chosen blue)
? Blood Ogre`,
			wants: []want{
				{line: 17, colors: "-", trace: []string{"Painter's Servant", "Mycosynth Lattice"}},
				{line: 20, colors: "U", trace: []string{"Mycosynth Lattice", "Painter's Servant"}},
			},
		},
		{
			name: "Necrotic Ooze has the activated abilities of creature cards in all graveyards",
			src: offfieldDefs + `Necrotic Ooze as N
opponent: Prodigal Pyromancer (in graveyard)
Icy Manipulator (in graveyard)
? N
Yixlid Jailer
? N`,
			wants: []want{
				{line: 17, has: []string{"{T}: Prodigal Pyromancer deals 1 damage to any target."}, lacks: []string{"{1}, {T}: Tap target artifact, creature, or land."}},
				// The Jailer's effect leaves the cards no abilities to have.
				{line: 19, lacks: []string{"{T}: Prodigal Pyromancer deals 1 damage to any target."}},
			},
		},
		{
			name: "creature cards in your graveyard: not an opponent's, not a noncreature card",
			src: offfieldDefs + `Wingcaller
Prodigal Pyromancer as Mine (in graveyard)
opponent: Prodigal Pyromancer as Theirs (in graveyard)
Icy Manipulator (in graveyard)
? Mine
? Theirs
? Icy Manipulator`,
			wants: []want{
				{line: 18, has: []string{"Flying"}},
				{line: 19, lacks: []string{"Flying"}},
				{line: 20, lacks: []string{"Flying"}},
			},
		},
	}
	runCases(t, cases, nil)
}

// A card in a zone has an owner and no controller (108.4); a spell's
// controller is its caster; the JSON answer says where the object is.
func TestOffBattlefieldAnswerShape(t *testing.T) {
	r := mustRun(t, offfieldDefs+`Blood Ogre (in graveyard)
opponent: cast Bolt targeting you (on the stack)
? Blood Ogre
? Bolt`, nil)
	g := result(t, r, 16).Object
	if g.Zone != "your graveyard" || g.Controller != "" || g.Owner != "you" {
		t.Errorf("graveyard card: zone %q controller %q owner %q", g.Zone, g.Controller, g.Owner)
	}
	b := result(t, r, 17).Object
	if b.Zone != "the stack" || b.Controller != "opponent" {
		t.Errorf("spell: zone %q controller %q", b.Zone, b.Controller)
	}
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"zone": "your graveyard"`) {
		t.Errorf("JSON lacks the zone:\n%s", js)
	}
	if txt := r.Text(); !strings.Contains(txt, "108.4") || !strings.Contains(txt, "on the stack") {
		t.Errorf("text answer lacks 108.4 or the stack:\n%s", txt)
	}
}

// The zone modifier takes only the zones it names; status and counters
// belong to permanents; a name in two zones is ambiguous; the battlefield
// object of a name is found first.
func TestZoneModifierErrors(t *testing.T) {
	if _, err := Parse("Blood Ogre (in the moon)"); err == nil || !strings.Contains(err.Error(), "in hand, in graveyard, in exile or in library") {
		t.Errorf("unknown zone: %v", err)
	}
	s, err := Parse(offfieldDefs + "Blood Ogre (in graveyard, tapped)")
	if err != nil {
		t.Fatal(err)
	}
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "tapped") {
		t.Errorf("status on a card in a graveyard: %+v", r.Errors)
	}
	s, _ = Parse(offfieldDefs + "Blood Ogre (in graveyard)\nBlood Ogre (in hand)\n? Blood Ogre")
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "alias") || r.Errors[0].Line != 16 {
		t.Errorf("ambiguous name: %+v", r.Errors)
	}
	r := mustRun(t, offfieldDefs+"Blood Ogre (in graveyard)\nBlood Ogre\n? Blood Ogre", nil)
	if v := result(t, r, 16).Object; v.Zone != "" {
		t.Errorf("the permanent should answer, got zone %q", v.Zone)
	}
	// An instant can be put in a zone, not onto the battlefield.
	mustRun(t, offfieldDefs+"Bolt (in exile)\n? Bolt", nil)
}

// An answer about a card outside the battlefield says when it may depend
// on a permanent's sentence about cards the engine could not model.
func TestOffBattlefieldDependsOnUnmodelled(t *testing.T) {
	r := mustRun(t, offfieldDefs+`define Ground Seal = {1}{G} Enchantment "Cards in graveyards can't be the targets of spells or abilities."
Ground Seal
Blood Ogre (in graveyard)
? Blood Ogre`, nil)
	q := result(t, r, 17)
	if len(q.DependsOnUnmodelled) != 1 || !strings.Contains(q.DependsOnUnmodelled[0], "can't be the targets") {
		t.Errorf("depends on: %q", q.DependsOnUnmodelled)
	}
}

// Protection asks the spell's color as it is on the stack (702.16b,
// 702.16e): under Mycosynth Lattice a red spell is colorless (611.3a).
func TestSpellColorOnTheStack(t *testing.T) {
	base := offfieldDefs + `define Brute Force = {R} Instant "Target creature gets +3/+3 until end of turn."
define Keeper = {1}{W} Creature — Human 2/4 "Protection from red"
`
	s, _ := Parse(base + "Keeper as K\ncast Brute Force targeting K")
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "702.16b") {
		t.Fatalf("a red spell targeting protection from red: %+v", r.Errors)
	}
	r := mustRun(t, base+"Mycosynth Lattice\nKeeper as K\ncast Brute Force targeting K\n? K", nil)
	if v := result(t, r, 19).Object; ptOf(v) != "5/7" {
		t.Errorf("the colorless spell should resolve: %s", ptOf(v))
	}
	r = mustRun(t, base+"Mycosynth Lattice\nKeeper as K\ncast Bolt targeting K\n? damage K", nil)
	if d := result(t, r, 19).Info.Damage; d == nil || *d != 3 {
		t.Errorf("a colorless Bolt's damage isn't prevented by protection from red: %v", d)
	}
}

// "The same is true for creature spells you control and creature cards you
// own that aren't on the battlefield" extends the previous sentence's
// effect to them (Conspiracy, Celestial Dawn); "creature cards you own that
// aren't on the battlefield have flash" (Teferi) reaches every such zone.
func TestCardsYouOwnOutsideTheBattlefield(t *testing.T) {
	r := mustRun(t, offfieldDefs+`define Conspiracy = {3}{B}{B} Enchantment "As Conspiracy enters, choose a creature type.\nCreatures you control are the chosen type. The same is true for creature spells you control and creature cards you own that aren't on the battlefield."
define Celestial Dawn = {1}{W}{W} Enchantment "Lands you control are Plains.\nNonland permanents you control are white. The same is true for spells you control and nonland cards you own that aren't on the battlefield."
define Teferi, Mage of Zhalfir = {2}{U}{U}{U} Legendary Creature — Human Wizard 3/4 "Flash\nCreature cards you own that aren't on the battlefield have flash.\nEach opponent can cast spells only any time they could cast a sorcery."
Conspiracy (chosen Elf)
Celestial Dawn
Teferi, Mage of Zhalfir
Blood Ogre as H (in hand)
opponent: Blood Ogre as OH (in hand)
Bolt as EB (in exile)
Swamp (in graveyard)
? H
? OH
? EB
? Swamp`, nil)
	h := result(t, r, 24).Object
	if !containsFold(h.Subtypes, "Elf") || containsFold(h.Subtypes, "Ogre") || strings.Join(h.Colors, "") != "W" || !containsFold(h.Abilities, "Flash") {
		t.Errorf("your creature card in hand: %+v", h)
	}
	if oh := result(t, r, 25).Object; !containsFold(oh.Subtypes, "Ogre") || strings.Join(oh.Colors, "") != "R" || containsFold(oh.Abilities, "Flash") {
		t.Errorf("the opponent's card: %+v", oh)
	}
	if b := result(t, r, 26).Object; strings.Join(b.Colors, "") != "W" || b.Zone != "exile" {
		t.Errorf("a nonland card you own in exile: %+v", b)
	}
	if s := result(t, r, 27).Object; len(s.Colors) != 0 || containsFold(s.Subtypes, "Plains") {
		t.Errorf("a land card: %+v (nonland cards only; \"Lands you control\" is about permanents)", s)
	}
}

// "cast ALIAS" casts the card put in the hand with that alias (601.2a);
// the permanent it becomes answers to the alias.
func TestCastFromHandByAlias(t *testing.T) {
	r := mustRun(t, offfieldDefs+`Blood Ogre as First (in hand)
Blood Ogre as Second (in hand)
cast Second
? Second
? First
? hand`, nil)
	if v := result(t, r, 17).Object; v.Zone != "" || v.Name != "Blood Ogre" {
		t.Errorf("Second should be on the battlefield: %+v", v)
	}
	if v := result(t, r, 18).Object; v.Zone != "your hand" {
		t.Errorf("First should still be in the hand: %+v", v)
	}
	if h := result(t, r, 19).Info.Players[0].Hand; h != 1 {
		t.Errorf("hand size %d, want 1", h)
	}
}
