package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

// Oracle wordings of continuous effects, each card's text as MTGJSON
// (2022-04-25) prints it, or today's Oracle wording where it changed; the
// expected results follow from the rules cited.
func TestOracleWordings(t *testing.T) {
	const bear = "define Bear = {1}{G} green Creature — Bear 2/2\n"
	cases := []scenarioCase{
		{
			// 613.4b: "base power and base toughness" is set in 7b; the
			// type change applies in layer 4 (613.1d).
			name: "Opalescence",
			src: `define Opalescence = {2}{W}{W} Enchantment "Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value."
define Anthem = {2}{W} Enchantment "Creatures you control get +1/+1."
Opalescence
Anthem
? Anthem
? Opalescence`,
			wants: []want{{line: 5, pt: "4/4", types: []string{"Enchantment", "Creature"}}, {line: 6, pt: "-"}},
		},
		{
			// A static "as long as" condition is checked continuously: five
			// enchantments (Starfield counts itself) make the others creatures.
			name: "Starfield of Nyx with five enchantments",
			src: `define Starfield of Nyx = {4}{W} Enchantment "At the beginning of your upkeep, you may return target enchantment card from your graveyard to the battlefield.\nAs long as you control five or more enchantments, each other non-Aura enchantment you control is a creature in addition to its other types and has base power and base toughness each equal to its mana value."
define Charm = {1}{W} Enchantment
Starfield of Nyx
Charm as A
Charm as B
Charm as C
? A
Charm as D
? A
opponent: Charm as E
? E`,
			wants: []want{{line: 7, pt: "-", types: []string{"Enchantment"}}, {line: 9, pt: "2/2", types: []string{"Enchantment", "Creature"}}, {line: 11, pt: "-"}},
		},
		{
			// March of the Machines' current Oracle wording.
			name: "March of the Machines base power and base toughness",
			src: `define March of the Machines = {3}{U} Enchantment "Each noncreature artifact is an artifact creature with base power and base toughness each equal to its mana value."
define Sol Ring = {1} Artifact
Sol Ring
March of the Machines
? Sol Ring`,
			wants: []want{{line: 5, pt: "1/1", types: []string{"Artifact", "Creature"}}},
		},
		{
			// Blood Sun: lands keep their mana abilities (605.1a) and lose
			// the others.
			name: "Blood Sun",
			src: `define Blood Sun = {2}{R} Enchantment "When Blood Sun enters the battlefield, draw a card.\nAll lands lose all abilities except mana abilities."
define Shroud Land = Land "Shroud\n{T}: Add {C}."
Shroud Land
Blood Sun
? Shroud Land`,
			wants: []want{{line: 5, has: []string{"{T}: Add {C}."}, lacks: []string{"Shroud"}}},
		},
		{
			// 611.2b: "for as long as" lasts while the condition holds.
			name: "Quicksilver Fountain's flood counter",
			src: `define Wastes = Basic Land
Wastes as L (1 flood counter)
effect "Target land is an Island for as long as it has a flood counter on it." targeting L
? L
remove 1 flood counter from L
? L`,
			wants: []want{{line: 4, subtypes: []string{"Island"}, has: []string{"{T}: Add {U}."}}, {line: 6, subtypes: []string{}}},
		},
		{
			name: "Orcish Farmer until its controller's next untap step",
			src: `define Wastes = Basic Land
Wastes as L
effect "Target land becomes a Swamp until its controller's next untap step." targeting L
? L`,
			wants: []want{{line: 4, subtypes: []string{"Swamp"}, has: []string{"{T}: Add {B}."}}},
		},
		{
			name: "Mourning gets -2/-0",
			src: bear + `define Mourning = {B}{B} Enchantment — Aura "Enchant creature\nEnchanted creature gets -2/-0.\n{B}: Return Mourning to its owner's hand."
Bear
Mourning (attached to Bear)
? Bear`,
			wants: []want{{line: 5, pt: "0/2"}},
		},
		{
			name: "Lord of Atlantis: Other Merfolk",
			src: `define Lord of Atlantis = {U}{U} Creature — Merfolk 2/2 "Other Merfolk get +1/+1 and have islandwalk."
define Merfolk = {U} Creature — Merfolk 1/1
Lord of Atlantis
opponent: Merfolk as M
? M
? Lord of Atlantis`,
			wants: []want{{line: 5, pt: "2/2", has: []string{"Islandwalk"}}, {line: 6, pt: "2/2", lacks: []string{"Islandwalk"}}},
		},
		{
			// Coat of Arms' own reminder: two Goblin Warriors and a Goblin
			// Shaman each get +2/+2.
			name: "Coat of Arms counts creatures sharing a type",
			src: bear + `define Coat of Arms = {5} Artifact "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it."
define Goblin Warrior = {R} Creature — Goblin Warrior 1/1
define Goblin Shaman = {R} Creature — Goblin Shaman 1/1
Goblin Warrior as W1
Goblin Warrior as W2
Goblin Shaman as S
Bear
Coat of Arms
? W1
? S
? Bear`,
			wants: []want{{line: 10, pt: "3/3"}, {line: 11, pt: "3/3"}, {line: 12, pt: "2/2"}},
		},
		{
			// Counting what the controller controls: two Forests, +2/+2.
			name: "gets +1/+1 for each Forest you control",
			src: `define Forest = Basic Land — Forest
define Elf = {G} green Creature — Elf 1/1 "This creature gets +1/+1 for each Forest you control."
Forest as F1
Forest as F2
opponent: Forest as F3
Elf
? Elf`,
			wants: []want{{line: 7, pt: "3/3"}},
		},
		{
			// Painter's Servant with its chosen color written into its text.
			name: "Painter's Servant, chosen color written in",
			src: bear + `define Painter's Servant = {2} Artifact Creature — Scarecrow 1/3 "All cards that aren't on the battlefield, spells, and permanents are blue in addition to their other colors."
Bear
Painter's Servant
? Bear
? Painter's Servant`,
			wants: []want{{line: 5, colors: "UG"}, {line: 6, colors: "U"}},
		},
		{
			// 205.1a: "is a Treefolk" replaces the creature types; it stays a
			// creature; 0/4 in 7b; no abilities (613.1f).
			name: "Lignify",
			src: `define Serra Angel = {3}{W}{W} white Creature — Angel 4/4 "Flying, vigilance"
define Lignify = {1}{G} Tribal Enchantment — Treefolk Aura "Enchant creature\nEnchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities."
Serra Angel as A
Lignify (attached to A)
? A`,
			wants: []want{{line: 5, pt: "0/4", types: []string{"Creature"}, subtypes: []string{"Treefolk"}, lacks: []string{"Flying", "Vigilance"}}},
		},
		{
			name: "Deep Freeze",
			src: `define Serra Angel = {3}{W}{W} white Creature — Angel 4/4 "Flying, vigilance"
define Deep Freeze = {2}{U} Enchantment — Aura "Enchant creature\nEnchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types."
Serra Angel as A
Deep Freeze (attached to A)
? A`,
			wants: []want{{line: 5, pt: "0/4", colors: "WU", subtypes: []string{"Angel", "Wall"}, has: []string{"Defender"}, lacks: []string{"Flying", "Vigilance"}}},
		},
		{
			// Crew: "This Vehicle becomes an artifact creature until end of
			// turn" (702.122a); it keeps its types (205.1b) and printed P/T.
			name: "Crew",
			src: `define Smuggler's Copter = {2} Artifact — Vehicle 3/3 "Flying\nWhenever Smuggler's Copter attacks or blocks, you may draw a card. If you do, discard a card.\nCrew 1"
Smuggler's Copter as V
? V
effect "This Vehicle becomes an artifact creature until end of turn." targeting V
? V`,
			wants: []want{{line: 3, pt: "-"}, {line: 5, pt: "3/3", types: []string{"Artifact", "Creature"}, subtypes: []string{"Vehicle"}, has: []string{"Flying"}}},
		},
		{
			name: "Life and Limb",
			src: `define Life and Limb = {3}{G} Enchantment "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types."
define Forest = Basic Land — Forest
define Saproling = green Creature — Saproling 1/1
Forest
Saproling (token)
Life and Limb
? Forest
? Saproling`,
			wants: []want{
				{line: 7, pt: "1/1", colors: "G", types: []string{"Land", "Creature"}, subtypes: []string{"Forest", "Saproling"}},
				{line: 8, pt: "1/1", types: []string{"Creature", "Land"}, subtypes: []string{"Saproling", "Forest"}},
			},
		},
		{
			name: "Dragonshift",
			src: bear + `define Dragonshift = {1}{U}{R} Instant "Until end of turn, target creature you control becomes a blue and red Dragon with base power and toughness 4/4, loses all abilities, and gains flying."
Bear
cast Dragonshift targeting Bear
? Bear`,
			wants: []want{{line: 5, pt: "4/4", colors: "UR", types: []string{"Creature"}, subtypes: []string{"Dragon"}, has: []string{"Flying"}}},
		},
		{
			// Alpine Moon with the chosen name written in: the land loses
			// its land types and abilities and gains the quoted one.
			name: "Alpine Moon, chosen name written in",
			src: `define Alpine Moon = {R} Enchantment "Lands your opponents control named Urza's Tower lose all land types and abilities, and they gain \"{T}: Add one mana of any color.\""
define Urza's Tower = Land — Urza's Tower "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead."
opponent: Urza's Tower as T
Alpine Moon
? T`,
			wants: []want{{line: 5, subtypes: []string{}, has: []string{"{T}: Add one mana of any color."}, lacks: []string{"{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead."}}},
		},
		{
			// Chimeric Mass grants itself the P/T ability: not a
			// characteristic-defining ability (604.3a(4)), so it sets P/T in
			// 7b.
			name: "Chimeric Mass",
			src: `define Chimeric Mass = {X} Artifact "Chimeric Mass enters the battlefield with X charge counters on it.\n{1}: Until end of turn, Chimeric Mass becomes a Construct artifact creature with \"This creature's power and toughness are each equal to the number of charge counters on it.\""
Chimeric Mass as M (3 charge counters)
effect "Until end of turn, this artifact becomes a Construct artifact creature with \"This creature's power and toughness are each equal to the number of charge counters on it.\"" targeting M
? M`,
			wants: []want{{line: 4, pt: "3/3", subtypes: []string{"Construct"}, trace: []string{"7b"}}},
		},
	}
	runCases(t, cases, nil)
}

// TestChosenValueNotGuessed: a choice the scenario does not state is not
// guessed; the text is reported with how to state it, and answers say they
// depend on it.
func TestChosenValueNotGuessed(t *testing.T) {
	src := `define Bear = {1}{G} green Creature — Bear 2/2
define Painter's Servant = {2} Artifact Creature — Scarecrow 1/3 "As Painter's Servant enters the battlefield, choose a color.\nAll cards that aren't on the battlefield, spells, and permanents are the chosen color in addition to their other colors."
Bear
Painter's Servant
? Bear`
	r := mustRun(t, src, nil)
	found := false
	for _, u := range r.Unmodeled {
		if strings.Contains(u.Sentence, "the chosen color") && strings.Contains(u.Sentence, `(chosen red)`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the chosen-color sentence is not reported with a hint: %+v", r.Unmodeled)
	}
	if q := result(t, r, 5); len(q.DependsOnUnmodelled) == 0 {
		t.Errorf("? Bear does not say it depends on the chosen color")
	}
	// Stated, the choice applies (614.12a): the Bear is green and red.
	r = mustRun(t, strings.Replace(src, "\nPainter's Servant\n", "\nPainter's Servant (chosen red)\n", 1), nil)
	checkWant(t, r, want{line: 5, colors: "RG"})
	if q := result(t, r, 5); len(q.DependsOnUnmodelled) != 0 || len(r.Unmodeled) != 0 {
		t.Errorf("with the color stated nothing is unmodelled: %+v %+v", q.DependsOnUnmodelled, r.Unmodeled)
	}
}

// Lines that are not static sentences are classified by the CR: keyword
// abilities (702), chapter abilities (714.2b: triggered), ability words
// (207.2c: no rules meaning), a leveler's striations (711.2).
func TestLevelerStriations(t *testing.T) {
	src := `define Student of Warfare = {W} white Creature — Human Knight 1/1 "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
Student of Warfare as S
? S
put 2 level counters on S
? S
put 5 level counters on S
? S`
	runCases(t, []scenarioCase{{name: "Student of Warfare", src: src, wants: []want{
		{line: 3, pt: "1/1", lacks: []string{"First strike", "Double strike"}},
		{line: 5, pt: "3/3", has: []string{"First strike"}, lacks: []string{"Double strike"}},
		{line: 7, pt: "4/4", has: []string{"Double strike"}, lacks: []string{"First strike"}},
	}}}, nil)
}

func TestLineClassesFollowTheCR(t *testing.T) {
	r := Coverage([]CardDef{
		{Name: "The Eldest Reborn", Types: []string{"Enchantment"}, Subtypes: []string{"Saga"}, Text: "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Each opponent sacrifices a creature or planeswalker.\nII — Each opponent discards a card.\nIII — Put target creature or planeswalker card from a graveyard onto the battlefield under your control."},
		{Name: "Carapace Forger", Types: []string{"Creature"}, Text: "Metalcraft — Carapace Forger gets +2/+2 as long as you control three or more artifacts."},
		{Name: "Kami of the Honored Dead", Types: []string{"Creature"}, Text: "Flying\nWhenever Kami of the Honored Dead is dealt damage, you gain that much life.\nSoulshift 6 (When this creature dies, you may return target Spirit card with mana value 6 or less from your graveyard to your hand.)"},
		{Name: "Brutal Cathar", Types: []string{"Creature"}, Text: "When this creature enters the battlefield or transforms into Brutal Cathar, exile target creature an opponent controls until this creature leaves the battlefield.\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)"},
		{Name: "Flowstone Anthem", Types: []string{"Enchantment"}, Text: "Flying creatures you control get +1/+1."},
	})
	if r.Lines["triggered"] != 5 {
		t.Errorf("triggered lines = %d, want 5 (three chapters, two triggers): %v", r.Lines["triggered"], r.Lines)
	}
	if r.Lines["keyword"] != 3 {
		t.Errorf("keyword lines = %d, want 3 (Flying, Soulshift 6, Daybound): %v", r.Lines["keyword"], r.Lines)
	}
	if r.Sentences != 2 || r.Modelled != 1 {
		t.Errorf("static sentences %d, modelled %d; want 2 (Metalcraft modelled; \"Flying creatures ...\" is a sentence, not a keyword): %+v", r.Sentences, r.Modelled, r.Misses)
	}
}

// TestKeywordListsMatchCR keeps the keyword and ability word lists equal to
// CR 702 and 207.2c.
func TestKeywordListsMatchCR(t *testing.T) {
	rules := testkb.CR(t)
	got := map[string]bool{}
	for _, id := range rules.Order {
		r, _ := rules.Rule(id)
		if strings.HasPrefix(id, "702.") && strings.Count(id, ".") == 1 && id != "702.1" && r.Title != "" {
			got[strings.ToLower(strings.ReplaceAll(r.Title, "’", "'"))] = true
		}
	}
	if len(got) < 150 {
		t.Fatalf("read only %d keyword titles from CR 702", len(got))
	}
	for k := range got {
		if !crKeywordTitles[k] {
			t.Errorf("CR keyword %q missing from crKeywordTitles", k)
		}
	}
	for k := range crKeywordTitles {
		if !got[k] {
			t.Errorf("crKeywordTitles has %q, which CR 702 does not", k)
		}
	}
	r, ok := rules.Rule("207.2c")
	if !ok {
		t.Fatal("CR lacks 207.2c")
	}
	text := strings.ReplaceAll(r.Text, "’", "'")
	i := strings.Index(text, "The ability words are ")
	if i < 0 {
		t.Fatalf("207.2c: no list in %q", text)
	}
	n := 0
	for _, w := range strings.Split(strings.TrimSuffix(strings.TrimSpace(text[i+len("The ability words are "):]), "."), ",") {
		w = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "and "))
		n++
		if !abilityWords[w] {
			t.Errorf("CR ability word %q missing from abilityWords", w)
		}
	}
	if n != len(abilityWords) {
		t.Errorf("207.2c lists %d ability words, abilityWords has %d", n, len(abilityWords))
	}
}

// Effects on game rules (613.11) are applied to the objects they name and
// shown with the rule that gives them meaning.
func TestRuleEffectsShown(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "attacks each combat, can't be blocked, doesn't untap",
		src: `define Bloodrock Cyclops = {2}{R} Creature — Cyclops 3/3 "Bloodrock Cyclops attacks each combat if able."
define Phantom Warrior = {1}{U}{U} Creature — Illusion Warrior 2/2 "Phantom Warrior can't be blocked."
define Dehydration = {3}{U} Enchantment — Aura "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step."
Bloodrock Cyclops as C
Phantom Warrior as P
Dehydration (attached to P)
? C
? P`,
		wants: []want{
			{line: 7, trace: []string{"rules 508.1d Bloodrock Cyclops (C): Bloodrock Cyclops attacks each combat if able → must attack"}},
			{line: 8, trace: []string{"rules 509.1b Phantom Warrior", "rules 502.3 Dehydration"}},
		},
	}}, nil)
}

// 614.1c: "enters with N counters" is applied as the object enters; a 0/0
// with that text does not die (704.5f) for want of it. Counters the
// statement states are the object's counters.
func TestEntersWithCounters(t *testing.T) {
	const crovax = `define Crovax the Cursed = {2}{B}{B} Legendary Creature — Vampire Noble 0/0 "Crovax the Cursed enters the battlefield with four +1/+1 counters on it.\nAt the beginning of your upkeep, you may sacrifice a creature. If you do, put a +1/+1 counter on Crovax. If you don't, remove a +1/+1 counter from Crovax.\n{B}: Crovax gains flying until end of turn."
`
	runCases(t, []scenarioCase{
		{name: "Crovax enters with four counters", src: crovax + "Crovax the Cursed as C\n? C", wants: []want{{line: 3, pt: "4/4"}}},
		{name: "stated counters are the object's", src: crovax + "Crovax the Cursed as C (2 +1/+1 counters)\n? C", wants: []want{{line: 3, pt: "2/2"}}},
	}, nil)
}

// Conditions of static abilities the scenario decides: whose turn it is
// (yours), tapped status, attachments, counters, what players control.
func TestStaticConditions(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			name: "your turn, untapped, equipped",
			src: `define Duelist = {1}{W} white Creature — Human Knight 2/2 "As long as it's your turn, Duelist has first strike.\nDuelist gets +1/+1 as long as Duelist is equipped.\nDuelist has vigilance as long as Duelist is untapped."
define Blade = {1} Artifact — Equipment "Equip {1}"
Duelist as A
opponent: Duelist as B
? A
? B
Blade (attached to A)
tap A
? A`,
			wants: []want{
				{line: 5, pt: "2/2", has: []string{"First strike", "Vigilance"}},
				{line: 6, pt: "2/2", lacks: []string{"First strike"}, has: []string{"Vigilance"}},
				{line: 9, pt: "3/3", has: []string{"First strike"}, lacks: []string{"Vigilance"}},
			},
		},
		{
			name: "enchanted creature is red; an opponent controls; you control no",
			src: `define Bear = {1}{G} green Creature — Bear 2/2
define Goblin = {R} red Creature — Goblin 1/1
define Boon = {W} Enchantment — Aura "Enchant creature\nEnchanted creature gets +2/+2 as long as enchanted creature is red."
define Sea Serpent = {U} blue Creature — Serpent 3/3 "Sea Serpent gets +1/+1 as long as an opponent controls an Island.\nSea Serpent gets +0/+2 as long as you control no Islands."
define Island = Basic Land — Island
Bear
Goblin
Boon as B1 (attached to Bear)
Boon as B2 (attached to Goblin)
Sea Serpent as S
? Bear
? Goblin
? S
opponent: Island
? S`,
			wants: []want{{line: 11, pt: "2/2"}, {line: 12, pt: "3/3"}, {line: 13, pt: "3/5"}, {line: 15, pt: "4/6"}},
		},
	}, nil)
}

func TestRestrictionsAndFilters(t *testing.T) {
	runCases(t, []scenarioCase{
		{
			// 508.1c: a restriction "unless some condition is met"; the
			// defending player is the opponent (the scenario is your turn).
			name: "Sea Monster",
			src: `define Sea Monster = {4}{U} blue Creature — Serpent 6/6 "Sea Monster can't attack unless defending player controls an Island."
define Island = Basic Land — Island
Sea Monster as S
? can S attack
opponent: Island
? can S attack`,
			verdicts: []verdict{{line: 4, ok: false, rules: []string{"508.1c"}}, {line: 6, ok: true}},
		},
		{
			name: "creatures with a +1/+1 counter; other creatures with flying",
			src: `define Leader = {2}{G} green Creature — Elf 2/2 "Each creature you control with a +1/+1 counter on it has trample."
define Wings = {2}{W} white Creature — Bird 1/1 "Flying\nOther creatures you control with flying get +1/+1."
define Bear = {1}{G} green Creature — Bear 2/2
define Bird = {W} white Creature — Bird 1/1 "Flying"
Leader
Wings
Bear as A (1 +1/+1 counter)
Bear as B
Bird as MB
opponent: Bird as OB
? A
? B
? MB
? OB
? Wings`,
			wants: []want{
				{line: 11, has: []string{"Trample"}}, {line: 12, lacks: []string{"Trample"}},
				{line: 13, pt: "2/2"}, {line: 14, pt: "1/1"}, {line: 15, pt: "1/1"},
			},
		},
	}, nil)
}

func TestCountingAttachmentsAndCounters(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "for each Aura attached to it; for each charge counter on the source",
		src: `define Spiritdancer = {1}{W} white Creature — Human Wizard 0/2 "Spiritdancer gets +2/+2 for each Aura attached to it."
define Charm = {W} Enchantment — Aura "Enchant creature"
define Rod = {2} Artifact — Equipment "Equipped creature gets +1/+1 for each charge counter on Rod.\nEquip {2}"
Spiritdancer as S
Charm as C1 (attached to S)
Charm as C2 (attached to S)
Rod (attached to S, 3 charge counters)
? S`,
		wants: []want{{line: 8, pt: "7/9"}},
	}}, nil)
}

func TestEntersTappedUnless(t *testing.T) {
	const land = `define Blackcleave Cliffs = Land "Blackcleave Cliffs enters the battlefield tapped unless you control two or fewer other lands.\n{T}: Add {B} or {R}."
define Wastes = Basic Land
`
	r := mustRun(t, land+"Wastes as W1\nWastes as W2\nBlackcleave Cliffs as B (new)\n? B", nil)
	if q := result(t, r, 6); q.Object.Tapped {
		t.Errorf("with two other lands Blackcleave Cliffs enters untapped")
	}
	r = mustRun(t, land+"Wastes as W1\nWastes as W2\nWastes as W3\nBlackcleave Cliffs as B (new)\n? B", nil)
	if q := result(t, r, 7); !q.Object.Tapped {
		t.Errorf("with three other lands Blackcleave Cliffs enters tapped")
	}
}

func TestTappedFiltersAndSubjectConditions(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "untapped creatures; it's black; a list of creature types; two or more opponents",
		src: `define Wall = {W} white Creature — Wall 0/1 "Untapped creatures you control get +0/+2."
define Veil = {B} Enchantment — Aura "Enchant creature\nEnchanted creature gets +2/+1 as long as it's black."
define Lord = {B} black Creature — Zombie 1/1 "Skeletons, Vampires, and Zombies you control get +1/+1."
define Vampire = {B} black Creature — Vampire 1/1
define Bear = {1}{G} green Creature — Bear 2/2
define Promenade = Land "Promenade enters the battlefield tapped unless you have two or more opponents."
Wall
Lord
Vampire as V
Bear as B (tapped)
Veil as X (attached to V)
Veil as Y (attached to B)
Promenade as P
? V
? B
? P`,
		wants: []want{{line: 14, pt: "4/5"}, {line: 15, pt: "2/2"}},
	}}, nil)
	r := mustRun(t, "define Promenade = Land \"Promenade enters the battlefield tapped unless you have two or more opponents.\"\nPromenade as P (new)\n? P", nil)
	if q := result(t, r, 3); !q.Object.Tapped {
		t.Errorf("a scenario has one opponent: Promenade enters tapped")
	}
}

func TestGrantedKeywordsWithParameters(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "protection from two colors; ward; extort",
		src: `define Sword = {3} Artifact — Equipment "Equipped creature gets +2/+2 and has protection from green and from blue.\nEquip {2}"
define Cloak = {2} Artifact — Equipment "Equipped creature has flying and ward {4}.\nEquip {2}"
define Bear = {1}{G} green Creature — Bear 2/2
Bear as A
Bear as B
Sword (attached to A)
Cloak (attached to B)
? A
? B`,
		wants: []want{
			{line: 8, pt: "4/4", has: []string{"Protection from green", "Protection from blue"}},
			{line: 9, has: []string{"Flying", "Ward {4}"}},
		},
	}}, nil)
}

func TestColorsTypesSupertypesGoad(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "all colors; every creature type; legendary; goaded",
		src: `define Transguild Courier = {4} Artifact Creature — Golem 3/3 "Transguild Courier is all colors."
define Mistform Ultimus = {3}{U} Legendary Creature — Illusion 3/3 "Mistform Ultimus is every creature type."
define Goblin King = {1}{R}{R} Creature — Goblin 2/2 "Other Goblins get +1/+1 and have mountainwalk."
define Crown = {1}{R} Enchantment — Aura "Enchant creature\nEnchanted creature gets +2/+2 and is goaded.\nEnchanted creature is legendary."
define Bear = {1}{G} green Creature — Bear 2/2
Transguild Courier as T
Mistform Ultimus as M
Goblin King
Bear
Crown (attached to Bear)
? T
? M
? Bear`,
		wants: []want{
			{line: 11, colors: "WUBRG"},
			{line: 12, pt: "4/4", has: []string{"Mountainwalk"}},
			{line: 13, pt: "4/4", trace: []string{"701.15b"}},
		},
	}}, nil)
	r := mustRun(t, "define Crown = {1}{R} Enchantment — Aura \"Enchant creature\\nEnchanted creature is legendary.\"\ndefine Bear = {1}{G} green Creature — Bear 2/2\nBear\nCrown (attached to Bear)\n? Bear", nil)
	if q := result(t, r, 5); q.Object == nil || !containsFold(q.Object.Supertypes, "Legendary") {
		t.Errorf("enchanted creature is legendary: %+v", q.Object)
	}
}

func TestEitherColorCondition(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "as long as you control a red or white permanent",
		src: `define Kite = {U} Enchantment — Aura "Enchant creature\nEnchanted creature has flying as long as you control a red or white permanent."
define Bear = {1}{G} green Creature — Bear 2/2
define Soldier = {W} white Creature — Soldier 1/1
Bear
Kite (attached to Bear)
? Bear
Soldier
? Bear`,
		wants: []want{{line: 6, lacks: []string{"Flying"}}, {line: 8, has: []string{"Flying"}}},
	}}, nil)
}
