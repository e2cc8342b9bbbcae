package engine

import (
	"strings"
	"testing"
)

// Oracle texts of the cards the tests of zonecounts.go use (the test data
// holds M15 and THS only).
const cdaDefs = `define Tarmogoyf = {1}{G} Creature — Lhurgoyf */1+* "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."
define Lhurgoyf = {2}{G}{G} Creature — Lhurgoyf */1+* "Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1."
define Nighthowler = {1}{B}{B} Enchantment Creature — Horror 0/0 "Bestow {2}{B}{B}\nNighthowler and enchanted creature each get +X/+X, where X is the number of creature cards in all graveyards."
define Boneyard Mycodrax = {2}{B}{B} Creature — Fungus */* "Boneyard Mycodrax's power and toughness are each equal to the number of other creature cards in your graveyard."
define Maro = {2}{G}{G} Creature — Avatar */* "Maro's power and toughness are each equal to the number of cards in your hand."
define Dungrove Elder = {2}{G} Creature — Treefolk */* "Hexproof\nDungrove Elder's power and toughness are each equal to the number of Forests you control."
define Gaea's Anthem = {1}{G}{G} Enchantment "Creatures you control get +1/+1."
define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Shock = {R} Instant "Shock deals 2 damage to any target."
define Giant Growth = {G} Instant "Target creature gets +3/+3 until end of turn."
define Lava Spike = {R} Sorcery — Arcane "Lava Spike deals 3 damage to target player or planeswalker."
define Turn to Frog = {1}{U} Instant "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1."
define Ornithopter = {0} Artifact Creature — Thopter 0/2 "Flying"
define Millstone = {2} Artifact
define Grizzly Bears = {1}{G} Creature — Bear 2/2
define Forest = Basic Land — Forest
`

// cdaLines is the number of lines of cdaDefs: a test's first own line is
// cdaLines+1.
var cdaLines = strings.Count(cdaDefs, "\n")

// traceRules is the trace of a query with each step's rule.
func traceRules(q QueryResult) string {
	var b strings.Builder
	for _, s := range q.Trace {
		b.WriteString(s.Rule + " " + s.Source + ": " + s.Effect + "\n")
	}
	return b.String()
}

func noteWith(r *Report, rule, text string) bool {
	for _, n := range r.Notes {
		if n.Rule == rule && strings.Contains(n.Text, text) {
			return true
		}
	}
	return false
}

// The Tarmogoyf ruling (2021-03-19): "If an instant or sorcery spell deals
// damage to Tarmogoyf or lowers its toughness, that spell is put into its
// owner's graveyard before state-based actions are performed. If that card
// is the first of its type to enter a graveyard, it will raise Tarmogoyf's
// toughness before the game checks to see if Tarmogoyf dies." Lightning
// Bolt goes to the graveyard as the last step of its resolution (608.2n),
// then state-based actions are checked (704.3): Tarmogoyf is 1/2 with 3
// damage and is destroyed (704.5g).
func TestTarmogoyfAndLightningBolt(t *testing.T) {
	r := mustRun(t, cdaDefs+`Tarmogoyf as T
? T
opponent: cast Lightning Bolt targeting T
? T`, nil)
	q := result(t, r, cdaLines+2)
	if ptOf(q.Object) != "0/1" || !strings.Contains(traceText(q), "counts 0") {
		t.Errorf("empty graveyards: Tarmogoyf %s, want 0/1: %s", ptOf(q.Object), traceText(q))
	}
	if !noteWith(r, "704.5g", "it is 1/2 with 3 damage") {
		t.Errorf("Tarmogoyf must be destroyed as a 1/2 with 3 damage (704.5g): %+v", r.Notes)
	}
	if q := result(t, r, cdaLines+4); q.Object != nil && q.Object.Power != nil {
		t.Errorf("Tarmogoyf is still on the battlefield: %s", ptOf(q.Object))
	}
}

// The same ruling's other side: with a creature card in a graveyard,
// Tarmogoyf is 1/2; Shock deals 2 damage and goes to the graveyard, the
// first instant there: Tarmogoyf is 2/3 when state-based actions are
// checked and survives. With an instant already there, Shock adds no card
// type: 1/2 with 2 damage, destroyed.
func TestTarmogoyfFirstOfItsType(t *testing.T) {
	r := mustRun(t, cdaDefs+`Grizzly Bears (in graveyard)
Tarmogoyf as T
? T
opponent: cast Shock targeting T
? T`, nil)
	if q := result(t, r, cdaLines+3); ptOf(q.Object) != "1/2" {
		t.Errorf("a creature card in a graveyard: Tarmogoyf %s, want 1/2", ptOf(q.Object))
	}
	q := result(t, r, cdaLines+5)
	if ptOf(q.Object) != "2/3" || noteWith(r, "704.5g", "Tarmogoyf") {
		t.Errorf("Shock is the first instant in a graveyard: Tarmogoyf %s, want 2/3 alive; notes %+v", ptOf(q.Object), r.Notes)
	}
	if q.Object.Damage != 2 {
		t.Errorf("damage marked: %d, want 2", q.Object.Damage)
	}

	r = mustRun(t, cdaDefs+`Lightning Bolt (in graveyard)
Tarmogoyf as T
opponent: cast Shock targeting T`, nil)
	if !noteWith(r, "704.5g", "it is 1/2 with 2 damage") {
		t.Errorf("Shock adds no card type: Tarmogoyf 1/2 with 2 damage is destroyed: %+v", r.Notes)
	}
}

// "Tarmogoyf counts card types, not cards": ten artifact creatures make it
// 2/3 as one does. The count of 205.2a's card types among all
// graveyards: creature, land, instant, artifact, sorcery make 5 (Lava
// Spike's subtype Arcane is no card type).
func TestTarmogoyfCountsCardTypes(t *testing.T) {
	r := mustRun(t, cdaDefs+`Ornithopter (in graveyard)
Ornithopter (in graveyard)
Ornithopter (in graveyard)
Tarmogoyf as T
? T
Grizzly Bears (in graveyard)
Forest (in graveyard)
Millstone (in graveyard)
Lava Spike (in graveyard)
opponent: Shock (in graveyard)
opponent: Grizzly Bears (in graveyard)
? T`, nil)
	if q := result(t, r, cdaLines+5); ptOf(q.Object) != "2/3" {
		t.Errorf("three artifact creatures: Tarmogoyf %s, want 2/3", ptOf(q.Object))
	}
	q := result(t, r, cdaLines+12)
	if ptOf(q.Object) != "5/6" || !strings.Contains(traceText(q), "artifact, creature, instant, land, sorcery") {
		t.Errorf("five card types: Tarmogoyf %s, want 5/6: %s", ptOf(q.Object), traceText(q))
	}
}

// "The ability that defines Tarmogoyf's power and toughness works in all
// zones, not just the battlefield. If Tarmogoyf is in your graveyard, it
// will count itself." (604.3, 113.6a). An effect that removes the ability
// in a graveyard leaves the * as 0 (208.2a): tested in offfield_test.go.
func TestTarmogoyfCountsItselfInAGraveyard(t *testing.T) {
	r := mustRun(t, cdaDefs+`Tarmogoyf as T (in graveyard)
? T
Lightning Bolt (in graveyard)
? T`, nil)
	for line, pt := range map[int]string{cdaLines + 2: "1/2", cdaLines + 4: "2/3"} {
		q := result(t, r, line)
		if ptOf(q.Object) != pt || !strings.Contains(traceText(q), "Tarmogoyf") {
			t.Errorf("line %d: Tarmogoyf in a graveyard %s, want %s: %s", line, ptOf(q.Object), pt, traceText(q))
		}
	}
	// Dying: it leaves the battlefield for the graveyard, where it counts
	// itself.
	r = mustRun(t, cdaDefs+`Tarmogoyf as T
destroy T
? Tarmogoyf`, nil)
	if q := result(t, r, cdaLines+3); ptOf(q.Object) != "1/2" {
		t.Errorf("destroyed Tarmogoyf in the graveyard: %s, want 1/2", ptOf(q.Object))
	}
}

// Lhurgoyf counts creature cards (not types); Nighthowler's +X/+X is a
// layer 7c effect on itself and on the creature it enchants (613.4c), over
// a 0/0 (without it Nighthowler would be put into the graveyard, 704.5f);
// Boneyard Mycodrax's "other" leaves itself out where it counts (its own
// graveyard); a token is no card (111.1, 108.2).
func TestGraveyardCountForms(t *testing.T) {
	r := mustRun(t, cdaDefs+`Grizzly Bears (in graveyard)
opponent: Ornithopter (in graveyard)
Lightning Bolt (in graveyard)
Boneyard Mycodrax as M (in graveyard)
Lhurgoyf as L
Nighthowler as N
Boneyard Mycodrax as B
? L
? N
? M
? B`, nil)
	for line, pt := range map[int]string{
		cdaLines + 8:  "3/4", // Bears, Ornithopter, Mycodrax
		cdaLines + 9:  "3/3", // 0/0 +3/+3
		cdaLines + 10: "1/1", // the Bears: not itself
		cdaLines + 11: "2/2", // the Bears and the Mycodrax card
	} {
		if q := result(t, r, line); ptOf(q.Object) != pt {
			t.Errorf("line %d: %s %s, want %s: %s", line, q.Object.Name, ptOf(q.Object), pt, traceText(q))
		}
	}
	if noteWith(r, "704.5f", "Nighthowler") {
		t.Errorf("Nighthowler is 3/3, not put into the graveyard: %+v", r.Notes)
	}
	if q := result(t, r, cdaLines+9); !strings.Contains(traceRules(q), "613.4c Nighthowler") {
		t.Errorf("Nighthowler's +X/+X applies in layer 7c: %s", traceText(q))
	}
}

// 613.4a then 613.4c: a characteristic-defining ability sets the value
// first, then modifications apply (Dungrove Elder with three Forests and
// Gaea's Anthem: 3/3 then 4/4); a setting effect of 613.4b applies after
// it, and 613.4c's modifications after that. Giant Growth on Tarmogoyf:
// the instant is in the graveyard once it has resolved, so Tarmogoyf is
// 1/2 plus 3/3 until end of turn: 4/5.
func TestCDAThenLaterSublayers(t *testing.T) {
	r := mustRun(t, cdaDefs+`Forest
Forest
Forest
Dungrove Elder as D
Gaea's Anthem
? D
cast Turn to Frog targeting D
? D
Tarmogoyf as T
cast Giant Growth targeting T
? T`, nil)
	q := result(t, r, cdaLines+6)
	if ptOf(q.Object) != "4/4" || !strings.Contains(traceRules(q), "613.4a Dungrove Elder") || !strings.Contains(traceRules(q), "613.4c Gaea's Anthem") {
		t.Errorf("Dungrove Elder with three Forests and an anthem: %s, want 4/4 (7a then 7c): %s", ptOf(q.Object), traceText(q))
	}
	if tr := traceText(q); strings.Index(tr, "Forests you control") > strings.Index(tr, "Creatures you control get") {
		t.Errorf("7a must come before 7c in the trace: %s", tr)
	}
	// Turn to Frog removes the ability (layer 6) and sets 1/1 (7b); the
	// anthem still applies (7c): 2/2.
	if q := result(t, r, cdaLines+8); ptOf(q.Object) != "2/2" {
		t.Errorf("frog Dungrove Elder under the anthem: %s, want 2/2: %s", ptOf(q.Object), traceText(q))
	}
	// Giant Growth and Turn to Frog are instants: one card type.
	if q := result(t, r, cdaLines+11); ptOf(q.Object) != "5/6" {
		t.Errorf("Tarmogoyf with Giant Growth resolved and the anthem: %s, want 1/2 +3/+3 +1/+1 = 5/6: %s", ptOf(q.Object), traceText(q))
	}
}

// A hand's size is counted once the scenario states it; drawing adds to
// it; a count of some kind of card in a hand holding unnamed cards is
// unknown.
func TestHandCounts(t *testing.T) {
	r := mustRun(t, cdaDefs+`define Kinder = {1}{G} Creature — Elf */* "Kinder's power and toughness are each equal to the number of creature cards in your hand."
Maro as M
Kinder as K
? M
you have 3 cards in hand
? M
? K
next turn
next turn
? M`, nil)
	q := result(t, r, cdaLines+4)
	if q.Object.Power != nil || !strings.Contains(traceText(q), "you have N cards in hand") {
		t.Errorf("hand size not stated: Maro %s, want unknown with how to state it: %s", ptOf(q.Object), traceText(q))
	}
	if q := result(t, r, cdaLines+6); ptOf(q.Object) != "3/3" {
		t.Errorf("three cards in hand: Maro %s, want 3/3", ptOf(q.Object))
	}
	if q := result(t, r, cdaLines+7); q.Object.Power != nil || !strings.Contains(traceText(q), "not named") {
		t.Errorf("creature cards among unnamed cards: %s, want unknown: %s", ptOf(q.Object), traceText(q))
	}
	if q := result(t, r, cdaLines+10); ptOf(q.Object) != "4/4" {
		t.Errorf("after your next draw step: Maro %s, want 4/4: %s", ptOf(q.Object), traceText(q))
	}
}

// "instant and sorcery cards" are the cards that are either; "the number
// of Zombies on the battlefield plus the number of Zombie cards in all
// graveyards" adds a count of permanents to one of cards.
func TestZoneCountWordings(t *testing.T) {
	r := mustRun(t, cdaDefs+`define Drake = {1}{U}{R} Creature — Drake */4 "Flying\nDrake's power is equal to the number of instant and sorcery cards in your graveyard."
define Soulless = {3}{B} Creature — Zombie Avatar */* "Soulless's power and toughness are each equal to the number of Zombies on the battlefield plus the number of Zombie cards in all graveyards."
define Walker = {1}{B} Creature — Zombie 2/2
Lightning Bolt (in graveyard)
Lava Spike (in graveyard)
opponent: Shock (in graveyard)
Walker (in graveyard)
opponent: Walker
Drake as D
Soulless as S
? D
? S`, nil)
	if q := result(t, r, cdaLines+11); ptOf(q.Object) != "2/4" {
		t.Errorf("Drake counts Lightning Bolt and Lava Spike in your graveyard: %s, want 2/4: %s", ptOf(q.Object), traceText(q))
	}
	if q := result(t, r, cdaLines+12); ptOf(q.Object) != "3/3" {
		t.Errorf("Soulless counts itself, the opponent's Walker and the Walker card: %s, want 3/3: %s", ptOf(q.Object), traceText(q))
	}
}

// Cases of XMage's tests, read in the engine's terms (the CR decides):
// ContinuousEffectsPerformanceRegressionTest.testCDAWithBoostEffect
// (Mage.Tests/.../cards/continuous): Tarmogoyf with a creature and an
// instant in the graveyard and Glorious Anthem is 2/3 then 3/4 (613.4a then
// 613.4c). MuragandaPetroglyphsTest.cdaTest (.../cards/single/fut): an
// artifact and a tribal enchantment make Tarmogoyf 3/4 (tribal is a card
// type, 205.2a); Quicksilver Gargantuan entering as a copy of it "except
// it's 7/7" doesn't copy the characteristic-defining ability that defines
// power and toughness (707.9d), has no abilities and gets Muraganda
// Petroglyphs' +2/+2: 9/9. The layer 7 test of Rootless Yew and Enigma
// Drake: a characteristic-defining ability works in every zone (604.3),
// so Enigma Drake in a hand counts the six instants in its owner's
// graveyard: 6/4.
func TestXMageCDACases(t *testing.T) {
	defs := cdaDefs + `define Glorious Anthem = {1}{W}{W} Enchantment "Creatures you control get +1/+1."
define Muraganda Petroglyphs = {3}{G} Enchantment "Creatures with no abilities get +2/+2."
define Darksteel Relic = {0} Artifact "Indestructible"
define Bitterblossom = {1}{B} Tribal Enchantment — Faerie "At the beginning of your upkeep, you lose 1 life and create a 1/1 black Faerie Rogue creature token with flying."
define Quicksilver Gargantuan = {5}{U}{U} Creature — Shapeshifter 7/7 "You may have Quicksilver Gargantuan enter the battlefield as a copy of any creature on the battlefield, except it's 7/7."
define Enigma Drake = {1}{U}{R} Creature — Drake */4 "Flying\nEnigma Drake's power is equal to the number of instant and sorcery cards in your graveyard."
`
	n := strings.Count(defs, "\n")
	r := mustRun(t, defs+`Tarmogoyf as T
Grizzly Bears (in graveyard)
Lightning Bolt (in graveyard)
Glorious Anthem
? T`, nil)
	if q := result(t, r, n+5); ptOf(q.Object) != "3/4" {
		t.Errorf("Tarmogoyf, two card types, an anthem: %s, want 3/4: %s", ptOf(q.Object), traceText(q))
	}

	r = mustRun(t, defs+`Muraganda Petroglyphs
Tarmogoyf as T
Darksteel Relic (in graveyard)
Bitterblossom (in graveyard)
Quicksilver Gargantuan as Q (copy of T)
? T
? Q`, nil)
	if q := result(t, r, n+6); ptOf(q.Object) != "3/4" {
		t.Errorf("artifact, enchantment and tribal: Tarmogoyf %s, want 3/4: %s", ptOf(q.Object), traceText(q))
	}
	q := result(t, r, n+7)
	if ptOf(q.Object) != "9/9" || len(q.Object.Abilities) != 0 || !strings.Contains(traceRules(q), "707.9d") {
		t.Errorf("Quicksilver Gargantuan as a copy of Tarmogoyf: %s with %v, want 9/9 with no abilities (707.9d): %s", ptOf(q.Object), q.Object.Abilities, traceRules(q))
	}
	for _, u := range r.Unmodeled {
		if u.Source == "Quicksilver Gargantuan" {
			t.Errorf("the exception is applied, not reported: %+v", u)
		}
	}

	r = mustRun(t, defs+`Shock (in graveyard)
Shock (in graveyard)
Shock (in graveyard)
Shock (in graveyard)
Shock (in graveyard)
Shock (in graveyard)
Enigma Drake as E (in hand)
? E`, nil)
	if q := result(t, r, n+8); ptOf(q.Object) != "6/4" {
		t.Errorf("Enigma Drake in a hand: %s, want 6/4: %s", ptOf(q.Object), traceText(q))
	}
}

// Chroma counts mana symbols of a color in mana costs, a hybrid symbol
// being a symbol of each of its colors (107.4e): in a graveyard (Umbra
// Stalker) or among permanents you control, which is devotion (700.5,
// Primalcrux). "The opponent with the most cards in hand" is the one
// opponent of a scenario (Adamaro).
func TestChromaAndOneOpponent(t *testing.T) {
	r := mustRun(t, cdaDefs+`define Umbra Stalker = {4}{B}{B}{B} Creature — Elemental */* "Chroma — Umbra Stalker's power and toughness are each equal to the number of black mana symbols in the mana costs of cards in your graveyard."
define Primalcrux = {G}{G}{G}{G}{G}{G} Creature — Elemental */* "Trample\nChroma — Primalcrux's power and toughness are each equal to the number of green mana symbols in the mana costs of permanents you control."
define Adamaro = {1}{R}{R} Legendary Creature — Spirit */* "Adamaro's power and toughness are each equal to the number of cards in the hand of the opponent with the most cards in hand."
define Cackler = {B/R} Creature — Devil 2/2
define Obliterator = {B}{B}{B}{B} Creature — Horror 5/5
Cackler (in graveyard)
Obliterator (in graveyard)
Lightning Bolt (in graveyard)
Umbra Stalker as U
Primalcrux as P
Grizzly Bears
Adamaro as A
opponent has 4 cards in hand
? U
? P
? A`, nil)
	for line, pt := range map[int]string{cdaLines + 14: "5/5", cdaLines + 15: "7/7", cdaLines + 16: "4/4"} {
		if q := result(t, r, line); ptOf(q.Object) != pt {
			t.Errorf("line %d: %s %s, want %s: %s", line, q.Object.Name, ptOf(q.Object), pt, traceText(q))
		}
	}
}

// With Rest in Peace, Shock is exiled instead of being put into its
// owner's graveyard (614.1a), so it adds no card type: Tarmogoyf stays
// 1/2 with 2 damage and is destroyed (704.5g), and it too is exiled
// instead (614.6).
func TestTarmogoyfWithRestInPeace(t *testing.T) {
	r := mustRun(t, cdaDefs+`define Rest in Peace = {1}{W} Enchantment "If a card or token would be put into a graveyard from anywhere, exile it instead."
Rest in Peace
Grizzly Bears (in graveyard)
Tarmogoyf as T
opponent: cast Shock targeting T`, nil)
	if !noteWith(r, "704.5g", "it is 1/2 with 2 damage") || !noteWith(r, "614.1a", "Shock would be put") {
		t.Errorf("Shock exiled, Tarmogoyf 1/2 destroyed: %+v", r.Notes)
	}
}

// "its controller's graveyard" is the graveyard of the enchanted
// creature's controller, not the Aura's (Death's Approach): 613.4c, then
// 704.5f once the count reaches its toughness.
func TestItsControllersGraveyard(t *testing.T) {
	defs := cdaDefs + `define Death's Approach = {B}{B} Enchantment — Aura "Enchant creature\nEnchanted creature gets -X/-X, where X is the number of creature cards in its controller's graveyard."
`
	n := strings.Count(defs, "\n")
	r := mustRun(t, defs+`opponent: Grizzly Bears as B
opponent: Ornithopter (in graveyard)
Grizzly Bears (in graveyard)
Death's Approach (attached to B)
? B
opponent: Lhurgoyf (in graveyard)`, nil)
	if q := result(t, r, n+5); ptOf(q.Object) != "1/1" {
		t.Errorf("one creature card in the opponent's graveyard: Bears %s, want 1/1: %s", ptOf(q.Object), traceText(q))
	}
	if !noteWith(r, "704.5f", "Grizzly Bears (B)") {
		t.Errorf("a second creature card makes the Bears 0/0 (704.5f): %+v", r.Notes)
	}
}

// Stating a hand's size or putting a card in a graveyard changes what the
// counts read, so state-based actions are checked after it (704.3): Maro
// with no cards in hand is 0/0 and is put into the graveyard (704.5f).
func TestStatingAZoneChecksStateBasedActions(t *testing.T) {
	r := mustRun(t, cdaDefs+`Maro as M
you have 2 cards in hand
you have 0 cards in hand`, nil)
	if !noteWith(r, "704.5f", "Maro (M) has toughness 0") {
		t.Errorf("Maro with no cards in hand: %+v", r.Notes)
	}
	for _, n := range r.Notes {
		if n.Rule == "704.5f" && n.Line != cdaLines+3 {
			t.Errorf("Maro dies after the hand is stated empty (line %d), not at line %d", cdaLines+3, n.Line)
		}
	}
}
