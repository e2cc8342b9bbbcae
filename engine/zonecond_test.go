package engine

import (
	"strings"
	"testing"
)

// Oracle texts of the cards the tests of zonecond.go use. Grim Flayer's
// combat damage trigger is left out: the tests read its delirium ability.
const zoneCondDefs = `define Nimble Mongoose = {G} Creature — Mongoose 1/1 "Shroud\nThreshold — Nimble Mongoose gets +2/+2 as long as seven or more cards are in your graveyard."
define Grim Flayer = {B}{G} Creature — Human Warrior 2/2 "Trample\nDelirium — Grim Flayer gets +2/+2 as long as there are four or more card types among cards in your graveyard."
define Gathan Raiders = {3}{B}{B} Creature — Human Warrior 3/3 "Hellbent — Gathan Raiders gets +2/+2 as long as you have no cards in hand.\nMorph—Discard a card."
define Serra Ascendant = {W} Creature — Human Monk 1/1 "Lifelink\nAs long as you have 30 or more life, Serra Ascendant gets +5/+5 and has flying."
define Serra Avatar = {4}{W}{W}{W} Creature — Avatar */* "Serra Avatar's power and toughness are each equal to your life total.\nWhen Serra Avatar is put into a graveyard from anywhere, shuffle it into its owner's library."
define Shock = {R} Instant "Shock deals 2 damage to any target."
define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Ornithopter = {0} Artifact Creature — Thopter 0/2 "Flying"
define Forest = Basic Land — Forest
`

var zoneCondLines = strings.Count(zoneCondDefs, "\n")

// Threshold (Nimble Mongoose): the condition is checked continuously
// (611.3a): with six cards in your graveyard the Mongoose is 1/1; Shock
// goes to your graveyard as the last step of its resolution (608.2n),
// the seventh card, and the Mongoose is 3/3. Only your graveyard counts
// (the opponent's seven cards don't).
func TestThresholdNimbleMongoose(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`opponent has 7 cards in graveyard
you have 6 cards in graveyard
Nimble Mongoose as M
? M
cast Shock targeting opponent
? M`, nil)
	q := result(t, r, zoneCondLines+4)
	if ptOf(q.Object) != "1/1" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("six cards: want 1/1 depending on nothing, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if !strings.Contains(traceText(q), "cards in your graveyard: 6") {
		t.Errorf("the trace should say what was counted: %s", traceText(q))
	}
	q = result(t, r, zoneCondLines+6)
	if ptOf(q.Object) != "3/3" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("Shock is the seventh card: want 3/3, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("nothing is unmodelled: %+v", r.Unmodeled)
	}
	// "(condition holds)" does not decide a condition on a graveyard the
	// scenario holds: an empty one has no seven cards, and a note says so.
	r = mustRun(t, zoneCondDefs+"Nimble Mongoose as M (condition holds)\n? M", nil)
	if got := ptAt(t, r, zoneCondLines+2); got != "1/1" {
		t.Errorf("empty graveyard with \"condition holds\": %s, want 1/1", got)
	}
	if !noteWith(r, "611.3a", "the game decides it") {
		t.Errorf("want a note that the game decides the condition: %+v", r.Notes)
	}
}

// Delirium (Grim Flayer) counts card types, not cards (205.2a): an
// artifact creature card is two (the rulings on delirium cards: "an
// artifact creature card in your graveyard counts as both an artifact and
// a creature"). Ornithopter and Shock are three types: 2/2; a Forest
// makes four: 4/4. Cards in the opponent's graveyard don't count. Cards
// the scenario has put there without naming them leave the types unknown:
// then the condition is hidden.
func TestDeliriumGrimFlayer(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`Ornithopter (in graveyard)
Shock (in graveyard)
opponent: Forest (in graveyard)
Grim Flayer as G
? G
Forest (in graveyard)
? G`, nil)
	if got := ptAt(t, r, zoneCondLines+5); got != "2/2" {
		t.Errorf("artifact, creature, instant: %s, want 2/2", got)
	}
	q := result(t, r, zoneCondLines+7)
	if ptOf(q.Object) != "4/4" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("with a land: want 4/4, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	r = mustRun(t, zoneCondDefs+`Ornithopter (in graveyard)
you have 5 cards in graveyard
Grim Flayer as G
? G
Grim Flayer as H (condition holds)
? H`, nil)
	q = result(t, r, zoneCondLines+4)
	if ptOf(q.Object) != "2/2" || len(q.DependsOnUnmodelled) != 1 {
		t.Errorf("unnamed cards: want 2/2 depending on the condition, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if got := ptAt(t, r, zoneCondLines+6); got != "4/4" {
		t.Errorf("unnamed cards, stated to hold: %s, want 4/4", got)
	}
}

// Hellbent (Gathan Raiders): unknown until the hand's size is stated;
// with one card in hand 3/3; once that card is cast the hand is empty and
// the Raiders are 5/5 (611.3a). A hand stated empty before it enters
// makes it 5/5 with nothing reported.
func TestHellbentGathanRaiders(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`Shock (in hand)
you have 1 cards in hand
Gathan Raiders as G
? G
cast Shock targeting opponent
? G`, nil)
	q := result(t, r, zoneCondLines+4)
	if ptOf(q.Object) != "3/3" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("one card in hand: want 3/3 depending on nothing, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if got := ptAt(t, r, zoneCondLines+6); got != "5/5" {
		t.Errorf("hand emptied by casting Shock: %s, want 5/5", got)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("the hand is stated: nothing unmodelled, got %+v", r.Unmodeled)
	}
	r = mustRun(t, zoneCondDefs+"you have 0 cards in hand\nGathan Raiders as G\n? G\nyou have 2 cards in hand\n? G", nil)
	if got := ptAt(t, r, zoneCondLines+3); got != "5/5" {
		t.Errorf("no cards in hand: %s, want 5/5", got)
	}
	if got := ptAt(t, r, zoneCondLines+5); got != "3/3" {
		t.Errorf("two cards in hand: %s, want 3/3", got)
	}
	// Stated after it entered: the answer before the statement depends on
	// the condition, the one after doesn't, and the report's unmodelled
	// text no longer lists it.
	r = mustRun(t, zoneCondDefs+"Gathan Raiders as G\n? G\nyou have 0 cards in hand\n? G", nil)
	if q := result(t, r, zoneCondLines+2); ptOf(q.Object) != "3/3" || len(q.DependsOnUnmodelled) != 1 {
		t.Errorf("before the statement: want 3/3 depending on the condition, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if q := result(t, r, zoneCondLines+4); ptOf(q.Object) != "5/5" || len(q.DependsOnUnmodelled) != 0 {
		t.Errorf("after the statement: want 5/5, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("the hand was stated: %+v", r.Unmodeled)
	}
}

// A life condition (Serra Ascendant) reads the life total the engine
// tracks: 20 at the start (119.1), so 1/1 without flying; after gaining
// 10 life, 30: 6/6 with flying; a Lightning Bolt to you makes it 27 and
// the Ascendant 1/1 again (119.3, 611.3a).
func TestLifeConditionSerraAscendant(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`Serra Ascendant as S
? S
you gain 10 life
? S
opponent: cast Lightning Bolt targeting you
? S`, nil)
	if q := result(t, r, zoneCondLines+2); ptOf(q.Object) != "1/1" || hasAbility(q.Object, "flying") {
		t.Errorf("20 life: want 1/1 without flying, got %s %v", ptOf(q.Object), q.Object.Abilities)
	}
	if q := result(t, r, zoneCondLines+4); ptOf(q.Object) != "6/6" || !hasAbility(q.Object, "flying") {
		t.Errorf("30 life: want 6/6 with flying, got %s %v", ptOf(q.Object), q.Object.Abilities)
	}
	if q := result(t, r, zoneCondLines+6); ptOf(q.Object) != "1/1" {
		t.Errorf("27 life: want 1/1, got %s", ptOf(q.Object))
	}
}

// Serra Avatar's power and toughness are your life total (604.3, 613.4a),
// read whenever the layers are applied: 20/20 at the start (119.1), 17/17
// after a Lightning Bolt to you (120.3a, 119.3), the stated life after a
// statement of it. At 2 life it is 2/2, and a Shock to it is lethal damage
// (704.5g).
func TestLifeTotalCDA(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`Serra Avatar as A
? A
opponent: cast Lightning Bolt targeting you
? A
you have 2 life
? A
opponent: cast Shock targeting A
? A`, nil)
	if got := ptAt(t, r, zoneCondLines+2); got != "20/20" {
		t.Errorf("20 life: %s, want 20/20", got)
	}
	if got := ptAt(t, r, zoneCondLines+4); got != "17/17" {
		t.Errorf("17 life: %s, want 17/17", got)
	}
	if got := ptAt(t, r, zoneCondLines+6); got != "2/2" {
		t.Errorf("2 life: %s, want 2/2", got)
	}
	if !noteWith(r, "704.5g", "Serra Avatar") {
		t.Errorf("a 2/2 Serra Avatar with 2 damage is destroyed (704.5g): %+v", r.Notes)
	}
}

// A lower bound ("you have at least 7 cards in graveyard") decides what it
// can: threshold is met by at least seven cards, hellbent is not met by at
// least one card in hand, 30 or more life by at least 30; a count that
// needs the exact number (Maro, Serra Avatar) stays unknown, and so do
// the card types among cards the scenario doesn't name.
func TestLowerBounds(t *testing.T) {
	r := mustRun(t, zoneCondDefs+`define Maro = {2}{G}{G} Creature — Avatar */* "Maro's power and toughness are each equal to the number of cards in your hand."
you have at least 7 cards in graveyard
you have at least 1 cards in hand
you have at least 30 life
Nimble Mongoose as M
Gathan Raiders as G
Serra Ascendant as S
Serra Avatar as A
Maro as X
Grim Flayer as F
? M
? G
? S
? A
? X
? F
? graveyard`, nil)
	base := zoneCondLines + 10
	for i, want := range []string{"3/3", "3/3", "6/6"} {
		q := result(t, r, base+i+1)
		if ptOf(q.Object) != want || len(q.DependsOnUnmodelled) != 0 {
			t.Errorf("line %d: want %s depending on nothing, got %s %v", base+i+1, want, ptOf(q.Object), q.DependsOnUnmodelled)
		}
	}
	for _, line := range []int{base + 4, base + 5} {
		if q := result(t, r, line); q.Object.Power != nil || !strings.Contains(traceText(q), "at least") {
			t.Errorf("line %d: want an unknown P/T from a lower bound, got %s %s", line, ptOf(q.Object), traceText(q))
		}
	}
	if q := result(t, r, base+6); ptOf(q.Object) != "2/2" || len(q.DependsOnUnmodelled) != 1 {
		t.Errorf("delirium over unnamed cards: want 2/2 depending on the condition, got %s %v", ptOf(q.Object), q.DependsOnUnmodelled)
	}
	if got := result(t, r, base+7).Info.Answer; !strings.Contains(got, "at least 7 cards not named") {
		t.Errorf("? graveyard: %q", got)
	}
	if _, err := Parse("you have at least 3 poison counters"); err == nil {
		t.Error("\"at least\" poison counters should be refused")
	}
}

// The forms of zone conditions the catalogue prints, and those left
// hidden.
func TestZoneConditionForms(t *testing.T) {
	for _, c := range []struct {
		cond     string
		min, max int
	}{
		{"seven or more cards are in your graveyard", 7, -1},
		{"there are four or more card types among cards in your graveyard", 4, -1},
		{"there is a land card in your graveyard", 1, -1},
		{"an artifact card is in your graveyard", 1, -1},
		{"there are no cards in your graveyard", 0, 0},
		{"there are three or more instant and/or sorcery cards in your graveyard", 3, -1},
		{"you have no cards in hand", 0, 0},
		{"you have one or fewer cards in hand", 0, 1},
		{"you have seven or more cards in hand", 7, -1},
		{"an opponent has eight or more cards in their graveyard", 8, -1},
		{"an opponent has no cards in hand", 0, 0},
		{"you have 5 or less life", 0, 5},
		{"an opponent has 10 or less life", 0, 10},
		{"you have 25 or more life", 25, -1},
	} {
		cd, ok := parseCondition(c.cond)
		if !ok || cd.Zone == nil || cd.Zone.Min != c.min || cd.Zone.Max != c.max {
			t.Errorf("%q: want a zone condition %d..%d, got %+v %v", c.cond, c.min, c.max, cd, ok)
		}
	}
	cd, ok := parseCondition("you have 30 or more life and an opponent has 10 or less life")
	if !ok || len(cd.All) != 2 || cd.All[0].Zone == nil || cd.All[1].Zone == nil {
		t.Errorf("two life conditions: %+v %v", cd, ok)
	}
	cd, ok = parseCondition("you have more cards in hand than each opponent")
	if !ok || cd.Zone == nil || cd.Zone.Than == nil {
		t.Errorf("more cards in hand: %+v %v", cd, ok)
	}
	for _, c := range []string{"you have 7 life", "its controller has 10 or less life"} {
		if cd, ok := parseCondition(c); ok && cd.Zone != nil {
			t.Errorf("%q is no zone condition: %+v", c, cd)
		}
	}
}

// A player's summary says a hand's size only when the scenario stated it:
// otherwise the hand holds the cards the scenario put or drew into it and
// any number of others.
func TestHandSizeOnlyWhenStated(t *testing.T) {
	const bearDef = "define Bear = {1}{G} Creature — Bear 2/2\ndefine Divination = {2}{U} Sorcery \"Draw two cards.\"\n"
	unstated := mustRun(t, bearDef+"Bear as B\n? life", nil)
	if ans := infoAt(t, unstated, 4).Answer; !strings.Contains(ans, "you: 20 life, 0 poison counters, hand size not stated") {
		t.Errorf("unstated hand: %q", ans)
	}
	stated := mustRun(t, bearDef+"you have 2 cards in hand\nBear as B\n? life", nil)
	if ans := infoAt(t, stated, 5).Answer; !strings.Contains(ans, "you: 20 life, 0 poison counters, 2 in hand") || !strings.Contains(ans, "opponent: 20 life, 0 poison counters, hand size not stated") {
		t.Errorf("stated hand: %q", ans)
	}
	drawn := mustRun(t, bearDef+"Bear as B\ncast Divination\n? life", nil)
	if ans := infoAt(t, drawn, 5).Answer; !strings.Contains(ans, "you: 20 life, 0 poison counters, at least 2 in hand") {
		t.Errorf("cards drawn into an unstated hand: %q", ans)
	}
}

// ZonesRead names what a card's static abilities read that a scenario may
// not have been told, as the compiler reads them.
func TestZonesRead(t *testing.T) {
	for _, tc := range []struct {
		d                     CardDef
		graveyard, hand, life bool
	}{
		{CardDef{Name: "Tarmogoyf", Types: []string{"Creature"}, Text: "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."}, true, false, false},
		{CardDef{Name: "Nimble Mongoose", Types: []string{"Creature"}, Text: "Shroud\nThreshold — Nimble Mongoose gets +2/+2 as long as seven or more cards are in your graveyard."}, true, false, false},
		{CardDef{Name: "Gathan Raiders", Types: []string{"Creature"}, Text: "Hellbent — Gathan Raiders gets +2/+2 as long as you have no cards in hand."}, false, true, false},
		{CardDef{Name: "Serra Avatar", Types: []string{"Creature"}, Text: "Serra Avatar's power and toughness are each equal to your life total."}, false, false, true},
		{CardDef{Name: "Grizzly Bears", Types: []string{"Creature"}}, false, false, false},
	} {
		g, h, l := ZonesRead(tc.d)
		if g != tc.graveyard || h != tc.hand || l != tc.life {
			t.Errorf("%s: graveyard %v hand %v life %v, want %v %v %v", tc.d.Name, g, h, l, tc.graveyard, tc.hand, tc.life)
		}
	}
}
