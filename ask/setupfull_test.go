//go:build !race

// This story names cards outside the test catalogue: it runs over the
// full catalogue, which is slow to load under the race detector
// (full_test.go).

package ask

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// Each named permanent is asked about: what one does may show on another.
// Blood Moon makes nonbasic lands Mountains (305.7), so Urborg, Tomb of
// Yawgmoth loses the ability that would make lands Swamps: it is a
// Mountain and not a Swamp.
func TestSetupAsksAboutEachPermanent(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("If I control Blood Moon and Urborg, Tomb of Yawgmoth, are my nonbasic lands Swamps?")
	if !slices.Contains(ans.Setup, "? P1") || !slices.Contains(ans.Setup, "? P2") {
		t.Fatalf("setup %q, want both permanents asked about", ans.Setup)
	}
	rep := runSetup(t, ans)
	for _, r := range rep.Results {
		if r.Query != "P2" {
			continue
		}
		if r.Object == nil || !slices.Contains(r.Object.Subtypes, "Mountain") || slices.Contains(r.Object.Subtypes, "Swamp") {
			t.Errorf("? P2: %+v, want Urborg a Mountain and not a Swamp (305.7)", r.Object)
		}
		return
	}
	t.Errorf("no answer for P2: %+v", rep.Results)
}

// A card that counts a graveyard or a life total is answered from the
// scenario's (a graveyard holds what the question put there, a life total
// is 20 unless told): the set-up asks to see them, so that the answer
// shows what it counted from. Threshold (Nimble Mongoose) reads the
// graveyard, Serra Avatar the life total, hellbent (Gathan Raiders) the
// hand, which the players' summary shows.
func TestSetupShowsTheCountedZones(t *testing.T) {
	a := fullAsker(t)
	mongoose := a.Ask("Does my Nimble Mongoose get +2/+2?").Setup
	if !slices.Contains(mongoose, "? graveyard") || slices.Contains(mongoose, "? life") {
		t.Errorf("Nimble Mongoose set-up %q, want the graveyard shown and no life total", mongoose)
	}
	avatar := a.Ask("I have a Serra Avatar on the battlefield. How big is it?").Setup
	if !slices.Contains(avatar, "? life") || slices.Contains(avatar, "? graveyard") {
		t.Errorf("Serra Avatar set-up %q, want the life totals shown and no graveyard", avatar)
	}
	raiders := a.Ask("Is my Gathan Raiders a 5/5?").Setup
	if !slices.Contains(raiders, "? life") || slices.Contains(raiders, "? graveyard") {
		t.Errorf("Gathan Raiders set-up %q, want the players' hands shown (hellbent) and no graveyard", raiders)
	}
	bears := a.Ask("Can my Grizzly Bears attack?").Setup
	if slices.Contains(bears, "? graveyard") || slices.Contains(bears, "? life") {
		t.Errorf("Grizzly Bears set-up %q: nothing of it counts a zone", bears)
	}
}

// The creature the question tells dying is the one destroyed, not the
// first permanent it names: with Rest in Peace told first, Kitchen Finks
// dies. Rest in Peace replaces its going to the graveyard with exile
// (614.1a, 614.6), so it never dies and persist, which triggers on a
// permanent put into a graveyard from the battlefield (702.79a), doesn't
// trigger: the stack is empty and Rest in Peace is still there.
func TestSetupDestroysTheCreatureToldDying(t *testing.T) {
	a := fullAsker(t)
	for _, q := range []string{
		"With Rest in Peace on the battlefield, if my Kitchen Finks dies, does persist return it?",
		"Rest in Peace is out. Kitchen Finks is destroyed. Does it come back?",
	} {
		ans := a.Ask(q)
		if !slices.Contains(ans.Setup, "destroy P2") || slices.Contains(ans.Setup, "destroy P1") {
			t.Fatalf("%q: setup %q, want Kitchen Finks (P2) destroyed, not Rest in Peace", q, ans.Setup)
		}
		rep := runSetup(t, ans)
		if !noted(rep, "614.6", "Kitchen Finks") {
			t.Errorf("%q: no 614.6 note that Kitchen Finks is exiled instead: %+v", q, rep.Notes)
		}
		if stack := infoOf(rep, "stack"); strings.Contains(stack, "Persist") || strings.Contains(stack, "persist") {
			t.Errorf("%q: stack %q, want no persist trigger", q, stack)
		}
	}
}

// A planeswalker cast beside Doubling Season enters with twice its
// printed loyalty (306.5b, 122.6: Gideon, Ally of Zendikar's 4 become 8);
// with no creature named and no spell that could make one, nothing is
// asked whether it can attack.
func TestSetupCastsAPlaneswalker(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I control Doubling Season and cast Gideon, Ally of Zendikar. How many loyalty counters does it get?")
	if slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.HasPrefix(l, "? can") }) {
		t.Errorf("setup %q asks whether a noncreature can attack", ans.Setup)
	}
	// Nor of a land, when the spell cast makes nothing a creature.
	if setup := a.Ask("What happens if I Scapeshift for six Mountains and a Valakut, the Molten Pinnacle?").Setup; slices.ContainsFunc(setup, func(l string) bool { return strings.HasPrefix(l, "? can") }) {
		t.Errorf("setup %q asks whether a land can attack", setup)
	}
	rep := runSetup(t, ans)
	for _, r := range rep.Results {
		if r.Object != nil && r.Object.Name == "Gideon, Ally of Zendikar" {
			if n := r.Object.Counters["loyalty"]; n != 8 {
				t.Errorf("Gideon has %d loyalty counters, want 8", n)
			}
			return
		}
	}
	t.Errorf("setup %q: no answer about Gideon: %+v", ans.Setup, rep.Results)
}

// Counters of a kind the card's text names are read as the question says
// them ("Garruk, Unleashed with two loyalty counters"; a planeswalker's
// loyalty, 306.5b), instead of its printed loyalty.
func TestSetupReadsCountersOfTheCardsKinds(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I control Garruk, Unleashed with two loyalty counters. If I activate his -2, does he survive?")
	if !slices.Contains(ans.Setup, "Garruk, Unleashed as P1 (2 loyalty counters)") {
		t.Errorf("setup %q, want Garruk with 2 loyalty counters", ans.Setup)
	}
	// "more counters" is no kind of counter.
	if got := modifiers("Garruk, Unleashed with two more counters", a.names.link("Garruk, Unleashed with two more counters"), mustCard(t, a, "Garruk, Unleashed")); len(got) != 0 {
		t.Errorf("modifiers %q, want none", got)
	}
}

// A creature the question doesn't name, told dying, is made for the
// player it names and destroyed, not a named creature that isn't told
// dying: with Leyline of the Void and Kalitas, Traitor of Ghet, "one of my
// opponent's creatures dies" is the opponent's creature, which Leyline of
// the Void exiles instead (614.1a, 614.6), while Kalitas stays. Blood
// Artist's ability triggers on "a creature dies" (700.4, 603.2).
func TestSetupMakesAnUnnamedCreatureThatDies(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("If I have a Leyline of the Void and a Kalitas, Traitor of Ghet on the battlefield, and one of my opponent's creatures dies, do I get a token?")
	if !slices.Contains(ans.Setup, "opponent: Creature as C1") || !slices.Contains(ans.Setup, "destroy C1") || slices.Contains(ans.Setup, "destroy P2") {
		t.Fatalf("setup %q, want the opponent's creature made and destroyed", ans.Setup)
	}
	rep := runSetup(t, ans)
	if !noted(rep, "614.6", "Leyline of the Void") {
		t.Errorf("no 614.6 note that Leyline of the Void exiles it: %+v", rep.Notes)
	}
	ans = a.Ask("I have Blood Artist out. When a creature dies, what happens?")
	if !slices.Contains(ans.Setup, "you: Creature as C1") || !slices.Contains(ans.Setup, "destroy C1") {
		t.Fatalf("setup %q, want a creature made and destroyed", ans.Setup)
	}
	if stack := infoOf(runSetup(t, ans), "stack"); !strings.Contains(stack, "Blood Artist") {
		t.Errorf("stack %q, want Blood Artist's ability", stack)
	}
}

// Asked whether creatures die as a creature is cast ("my opponent plays
// Mogg Squad. Do both Mogg Squad and the Shapeshifter die?"), the set-up
// destroys nothing: what is cast is the cause, and each permanent is
// asked about with the graveyards.
func TestSetupDoesntDestroyWhatTheCastMayKill(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I have an Unstable Shapeshifter and two other creatures out, and my opponent plays Mogg Squad. Do both Mogg Squad and the Shapeshifter die?")
	if slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.HasPrefix(l, "destroy") }) {
		t.Errorf("setup %q destroys a creature", ans.Setup)
	}
	hasLines(t, ans.Setup, "? P1", "? P2", "? graveyard")
}

func mustCard(t *testing.T, a *Asker, name string) *cards.Card {
	t.Helper()
	c, ok := a.kb.Cards.Lookup(name)
	if !ok {
		t.Fatalf("no card %q", name)
	}
	return c
}

// A permanent that may enter as a copy enters as a copy of the permanent
// the question names with it (707.2), after it: Phantasmal Image copying
// the opponent's Tarmogoyf is a Tarmogoyf that is an Illusion too
// (707.9b). A Clone named beside a creature copies it, instead of
// entering as a 0/0 Clone that dies (704.5f); nothing is copied that it
// may not copy (Clone copies a creature, not Blood Moon).
func TestSetupEntersAsACopy(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("If my Phantasmal Image copies my opponent's Tarmogoyf, how big is it?")
	i := slices.Index(ans.Setup, "Phantasmal Image as P1 (copy of P2)")
	if i < 0 || i < slices.Index(ans.Setup, "opponent: Tarmogoyf as P2") {
		t.Fatalf("setup %q, want the Image to enter as a copy of P2, after it", ans.Setup)
	}
	if o := resultFor(t, runSetup(t, ans), "P1").Object; o == nil || o.Name != "Tarmogoyf" || !slices.Contains(o.Subtypes, "Illusion") {
		t.Errorf("? P1 = %+v, want a Tarmogoyf that is an Illusion", o)
	}
	if setup := a.Ask("I control Clone and Grizzly Bears. What is Clone?").Setup; !slices.Contains(setup, "Clone as P1 (copy of P2)") {
		t.Errorf("setup %q, want Clone a copy of Grizzly Bears", setup)
	}
	if setup := a.Ask("I control Clone and Blood Moon. What is Clone?").Setup; slices.ContainsFunc(setup, func(l string) bool { return strings.Contains(l, "copy of") }) {
		t.Errorf("setup %q: Clone can't copy Blood Moon", setup)
	}
}

// An Equipment the question equips a creature with is attached to it
// (301.5): Specter's Shroud's "Equipped creature gets +1/+0" makes the 2/3
// Abyssal Specter 3/3 (613.4c). An Equipment with no equipping told stays
// unattached.
func TestSetupAttachesToldEquipment(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I equip a Specter's Shroud onto an Abyssal Specter. When the Specter damages my opponent does he then discard 1 or 2 cards?")
	if !slices.Contains(ans.Setup, "attach P1 to P2") {
		t.Fatalf("setup %q, want the Shroud attached to the Specter", ans.Setup)
	}
	if o := resultFor(t, runSetup(t, ans), "P2").Object; o == nil || o.Power == nil || *o.Power != 3 {
		t.Errorf("? P2 = %+v, want a 3/3", o)
	}
	if setup := a.Ask("I control Specter's Shroud and Abyssal Specter. Can the Specter attack?").Setup; slices.ContainsFunc(setup, func(l string) bool { return strings.HasPrefix(l, "attach") }) {
		t.Errorf("setup %q attaches what no one equipped", setup)
	}
}

// A combat the question tells is set up and its damage dealt (508, 509,
// 510): the attacker is the active player's, the blocker the defending
// player's (509.1a). Typhoid Rats' deathtouch destroys the Grizzly Bears
// it blocks while the Bears' 2 damage destroys the 1/1 Rats (702.2b,
// 704.5g, 704.5h); Cavalier of Night's lifelink gains its controller the
// 4 damage it deals to a smaller blocker (510.1a, 702.15b); Ugin's
// Conjurant, told 4/4 (printed 0/0, so 4 +1/+1 counters), prevents the
// deathtouch Kraul Stinger's damage by removing counters, so no damage is
// dealt and deathtouch does nothing (615.1, 702.2b), on the opponent's
// turn when they attack (102.1).
func TestSetupToldCombat(t *testing.T) {
	a := fullAsker(t)
	graveyards := func(t *testing.T, q string) (string, *engine.Report) {
		t.Helper()
		ans := a.Ask(q)
		if !slices.Contains(ans.Setup, "combat damage") {
			t.Fatalf("%q: setup %q, want a combat", q, ans.Setup)
		}
		rep := runSetup(t, ans)
		return infoOf(rep, "graveyard"), rep
	}
	gy, _ := graveyards(t, "I attack with my Grizzly Bears and my opponent blocks with his Typhoid Rats. What happens?")
	if !strings.Contains(gy, "your graveyard: Grizzly Bears") || !strings.Contains(gy, "the opponent's graveyard: Typhoid Rats") {
		t.Errorf("graveyards %q, want both creatures dead", gy)
	}
	_, rep := graveyards(t, "If I attack my opponent with Cavalier of Night and they block it with a Grizzly Bears, how much life do I gain?")
	if life := infoOf(rep, "life"); !strings.HasPrefix(life, "you: 24 life") {
		t.Errorf("life %q, want 24 (lifelink, 4 damage)", life)
	}
	gy, _ = graveyards(t, "I have a 4/4 Ugin's Conjurant, and my opponent attacks me with Kraul Stinger. If I block with the Conjurant, will my Conjurant die?")
	if !strings.Contains(gy, "your graveyard: empty") || !strings.Contains(gy, "the opponent's graveyard: Kraul Stinger") {
		t.Errorf("graveyards %q, want the Conjurant alive and the Stinger dead", gy)
	}
	// The creature blocked is the attacker, the other player's: "I block
	// his Hill Giant with my Grizzly Bears" is fought on the opponent's
	// turn.
	ans := a.Ask("I block his Hill Giant with my Grizzly Bears. What happens?")
	hasLines(t, ans.Setup, "opponent: Hill Giant as P1", "next turn", "attack with P1", "block P1 with P2")
	// Asked whether it can attack or block, the engine is asked instead.
	if setup := a.Ask("Can I attack with Grizzly Bears if he blocks with Typhoid Rats?").Setup; slices.Contains(setup, "combat damage") {
		t.Errorf("setup %q declares a combat the question asks about", setup)
	}
}

// A named permanent told leaving the battlefield by a player's hand is
// set up as that event: sacrificed by the player who controls it
// (701.21a: "my opponent sacrifices Sakura-Tribe Elder" is the
// opponent's, in the opponent's graveyard); sacrificed under Rest in
// Peace, Kitchen Finks is exiled instead (614.6); Oblivion Ring leaving
// triggers its leaves ability (603.6c). Asked whether it can be
// sacrificed, nothing is.
func TestSetupToldLeaving(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("My opponent sacrifices Sakura-Tribe Elder to block. Does my attacking creature deal damage?")
	if !slices.Contains(ans.Setup, "opponent: Sakura-Tribe Elder as P1") || !slices.Contains(ans.Setup, "sacrifice P1") {
		t.Fatalf("setup %q, want the opponent's Elder sacrificed", ans.Setup)
	}
	if gy := infoOf(runSetup(t, ans), "graveyard"); !strings.Contains(gy, "the opponent's graveyard: Sakura-Tribe Elder") {
		t.Errorf("graveyard %q", gy)
	}
	ans = a.Ask("If I sacrifice my Kitchen Finks with Rest in Peace out, does persist work?")
	if rep := runSetup(t, ans); !noted(rep, "614.6", "Kitchen Finks") {
		t.Errorf("setup %q: no 614.6 note: %+v", ans.Setup, rep.Notes)
	}
	ans = a.Ask("When Oblivion Ring leaves the battlefield with my opponent's Grizzly Bears exiled, what happens?")
	if stack := infoOf(runSetup(t, ans), "stack"); !strings.Contains(stack, "When Oblivion Ring leaves the battlefield") {
		t.Errorf("setup %q: stack %q, want the leaves ability", ans.Setup, stack)
	}
	if setup := a.Ask("Can I sacrifice Sakura-Tribe Elder in response?").Setup; slices.Contains(setup, "sacrifice P1") {
		t.Errorf("setup %q sacrifices what the question asks about", setup)
	}
}

// Asked whether a creature can block (or tap), the set-up asks the engine
// that, not whether it can attack: Pacifism's "Enchanted creature can't
// attack or block" (509.1b).
func TestSetupAsksTheAskedAction(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("My opponent enchants my Grizzly Bears with Pacifism. Can it block?")
	if !slices.Contains(ans.Setup, "? can P1 block") || slices.Contains(ans.Setup, "? can P1 attack") {
		t.Fatalf("setup %q, want whether P1 can block asked", ans.Setup)
	}
	if resultFor(t, runSetup(t, ans), "can P1 block").Answer {
		t.Errorf("? can P1 block: yes, want no (509.1b)")
	}
}

// The value of X a question tells is the one its spell is cast with
// (107.3a), and a permanent spell enters with X counters of it (107.3m):
// Walking Ballista for X=1 under Hardened Scales and Doubling Season
// enters with more than one counter (614.1a, 616.1).
func TestSetupCastsWithToldX(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I have Hardened Scales and Doubling Season. I cast Walking Ballista for X=1. How many counters?")
	if !slices.Contains(ans.Setup, "cast P3 (X=1)") {
		t.Fatalf("setup %q, want the Ballista cast with X=1", ans.Setup)
	}
	if o := resultFor(t, runSetup(t, ans), "P3").Object; o == nil || o.Counters["+1/+1"] < 3 {
		t.Errorf("? P3 = %+v, want 3 or 4 +1/+1 counters", o)
	}
}

// A spell that targets a card in a graveyard ("I Reanimate a
// Griselbrand") has that card start in the graveyard and is asked about
// by name after the spell, wherever it went (400.7): here Containment
// Priest exiles it instead of its entering, since it wasn't cast (614.1a),
// so there is never a Griselbrand to activate. No attack is asked of the
// opponent's creature on the player's turn.
func TestSetupPutsAGraveyardTargetThere(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("If I Reanimate a Griselbrand and my opponent controls Containment Priest, can I activate Griselbrand in response?")
	hasLines(t, ans.Setup, "Griselbrand as P1 (in graveyard)", "cast Reanimate targeting P1", "? Griselbrand")
	if slices.Contains(ans.Setup, "? can P2 attack") {
		t.Errorf("setup %q asks whether the opponent's creature can attack on your turn", ans.Setup)
	}
	if o := resultFor(t, runSetup(t, ans), "Griselbrand").Object; o == nil || o.Zone != "exile" {
		t.Errorf("? Griselbrand = %+v, want it in exile", o)
	}
}

// A graveyard target is of the kind and in the graveyard the spell names
// (115.1): Raise Dead returns a creature card from its caster's own
// graveyard, so the opponent's Grizzly Bears is not put in a graveyard to
// be its target, and Raise Dead is left out rather than cast illegally.
func TestSetupGraveyardTargetFits(t *testing.T) {
	a := fullAsker(t)
	if setup := a.Ask("Can I Raise Dead my opponent's Grizzly Bears?").Setup; slices.ContainsFunc(setup, func(l string) bool { return strings.Contains(l, "in graveyard") || strings.Contains(l, "Raise Dead") }) {
		t.Errorf("setup %q casts Raise Dead at the opponent's card", setup)
	}
	if setup := a.Ask("I Raise Dead my Grizzly Bears after it died. Can it attack?").Setup; !slices.Contains(setup, "Grizzly Bears as P1 (in graveyard)") {
		t.Errorf("setup %q, want the Bears in the graveyard for Raise Dead", setup)
	}
}

// hasLines fails for each line a set-up lacks.
func hasLines(t *testing.T, setup []string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(setup, w) {
			t.Errorf("setup %q, want %q", setup, w)
		}
	}
}

// resultFor is the answer to "? QUERY" in a run, failing the test when
// there is none.
func resultFor(t *testing.T, rep *engine.Report, query string) engine.QueryResult {
	t.Helper()
	for _, r := range rep.Results {
		if r.Query == query {
			return r
		}
	}
	t.Fatalf("no answer to ? %s: %+v", query, rep.Results)
	return engine.QueryResult{}
}
