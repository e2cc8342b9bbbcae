//go:build !race

// These stories name cards outside the test catalogue (M15 and THS): they
// run over the full catalogue, which is slow to load under the race
// detector (full_test.go).

package ask

import (
	"slices"
	"strings"
	"testing"
)

// Turn (of the split card Turn // Burn, named by its half) is cast in
// response to Deicide and resolves first (405.5): the enchantment creature
// becomes a red 0/1 Weird with no abilities until end of turn, and is
// still an enchantment (205.1b), so Deicide's target is legal as it
// resolves (608.2b) and it is exiled. With Thassa, God of the Sea as the
// only permanent, devotion to blue is 1 (700.5) and her own text makes
// her not a creature: Turn can't target her (115.1), so it is left out
// and Deicide resolves on its own.
func TestSetupRespondsWithAHalf(t *testing.T) {
	a := fullAsker(t)
	src := catalogueSource{a.kb.Cards}
	ans := a.Ask("My opponent targets my Courser of Kruphix with Deicide. In response I make it a Weird with Turn. Does Deicide fizzle?")
	want := []string{"Courser of Kruphix as P1", "opponent: cast Deicide targeting P1 (on the stack)", "cast Turn targeting P1", "resolve all", "? P1", "? can P1 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Fatalf("setup %q, want %q", ans.Setup, want)
	}
	// Before Deicide resolves: Turn has.
	rep := runLines(t, append(slices.Clone(ans.Setup[:3]), "? P1"), src)
	v := rep.Results[0].Object
	if v == nil || v.Power == nil || *v.Power != 0 || *v.Toughness != 1 || !slices.Equal(v.Subtypes, []string{"Weird"}) ||
		!slices.Contains(v.Types, "Enchantment") || len(v.Abilities) > 0 {
		t.Fatalf("after Turn: %+v, want a 0/1 Weird enchantment creature with no abilities", v)
	}
	rep = runLines(t, append(slices.Clone(ans.Setup), "? exile"), src)
	if !noted(rep, "608.2", "Deicide resolves") || !noted(rep, "701.13a", "Courser of Kruphix (P1) is exiled") {
		t.Errorf("Deicide should resolve and exile it: %+v", rep.Notes)
	}
	if e := infoOf(rep, "exile"); !strings.Contains(e, "Courser of Kruphix") {
		t.Errorf("exile %q", e)
	}

	ans = a.Ask("I control Thassa, God of the Sea, and my opponent targets her with Deicide. In response I make her a Weird with Turn. Does Deicide fizzle?")
	want = []string{"Thassa, God of the Sea as P1", "opponent: cast Deicide targeting P1", "? P1", "? can P1 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Fatalf("setup %q, want %q", ans.Setup, want)
	}
	rep = runLines(t, ans.Setup, src)
	if !noted(rep, "701.13a", "is exiled") {
		t.Errorf("Deicide should exile Thassa: %+v", rep.Notes)
	}
}

// A modal spell is cast with the mode the question's words tell (700.2a):
// returning to the hand is Alley Evasion's second mode. A question that
// tells none leaves the spell out rather than write a line the engine
// rejects.
func TestSetupChoosesTheModeTold(t *testing.T) {
	a := fullAsker(t)
	src := catalogueSource{a.kb.Cards}
	ans := a.Ask("Can I save my Ornithopter by returning it to my hand with Alley Evasion?")
	if !slices.Contains(ans.Setup, "cast Alley Evasion (mode 2) targeting P1") {
		t.Fatalf("setup %q, want Alley Evasion cast with its second mode", ans.Setup)
	}
	rep := runLines(t, ans.Setup, src)
	if !noted(rep, "400.7", "returned to its owner's hand") {
		t.Errorf("no return to hand: %+v", rep.Notes)
	}
	ans = a.Ask("I cast Alley Evasion on my Ornithopter. What happens?")
	if slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.Contains(l, "Alley Evasion") }) {
		t.Errorf("setup %q: no mode is told, so Alley Evasion is left out", ans.Setup)
	}
	runLines(t, ans.Setup, src)
}

// Casting a spell at a permanent the setup knows it can't target leaves
// it out (115.1, 303.4a): an Aura with "Enchant land" has no land to
// enchant among the named permanents.
func TestSetupLeavesOutWhatCantBeTargeted(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("My Grizzly Bears is blocked by a creature my opponent animated with Wind Zendikon. Does the Bears die?")
	if len(ans.Setup) == 0 || ans.Setup[0] != "Grizzly Bears as P1" || slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.Contains(l, "Wind Zendikon") }) {
		t.Errorf("setup %q: the Bears enter, and Wind Zendikon, which enchants a land, and none is named, is left out", ans.Setup)
	}
	runLines(t, ans.Setup, catalogueSource{a.kb.Cards})
}

// A response that kills a creature with a dies trigger while a spell
// waits below: the trigger goes on the stack the next time a player would
// receive priority (603.3, 117.5), above Lightning Strike, and resolves
// before it (405.5); then Lightning Strike deals 3 damage to the 0/2
// Ornithopter, which is destroyed (704.5g). Black Cat's "target
// opponent" is the one opponent (102.2), so nothing needs choosing.
func TestSetupTriggerResolvesBeforeTheWaitingSpell(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("My opponent casts Lightning Strike at my Ornithopter. In response I cast Shock on his Black Cat. What happens?")
	want := []string{"Ornithopter as P1", "opponent: Black Cat as P2", "opponent: cast Lightning Strike targeting P1 (on the stack)", "cast Shock targeting P2", "resolve all", "? P1", "? P2", "? can P1 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Fatalf("setup %q, want %q", ans.Setup, want)
	}
	rep := runLines(t, ans.Setup, catalogueSource{a.kb.Cards})
	cat, strike := -1, -1
	for i, n := range rep.Notes {
		if n.Rule == "608.2" && strings.HasPrefix(n.Text, "Black Cat (P2)'s triggered ability resolves") {
			cat = i
		}
		if n.Rule == "608.2" && strings.HasPrefix(n.Text, "Lightning Strike resolves") {
			strike = i
		}
	}
	if cat < 0 || strike < 0 || cat > strike {
		t.Errorf("Black Cat's trigger (note %d) must resolve before Lightning Strike (note %d): %+v", cat, strike, rep.Notes)
	}
	if !noted(rep, "704.5g", "Ornithopter (P1) is destroyed") {
		t.Errorf("Lightning Strike resolved last and destroyed Ornithopter: %+v", rep.Notes)
	}
}

// The spell's target is the permanent the question casts it at, though
// another named earlier could be one too: "Path to Exile on my
// Ornithopter" exiles the Ornithopter (701.13a), not the opponent's
// Platinum Angel. Whether a creature can attack is asked of the player's
// own, since the scenario's turn is theirs (508.1a).
func TestSetupTargetsThePermanentToldAt(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("My opponent has Platinum Angel and I have no cards in library. I attack with Ornithopter. If my opponent casts Path to Exile on my Ornithopter do I lose?")
	want := []string{"opponent: Platinum Angel as P1", "Ornithopter as P2", "opponent: cast Path to Exile targeting P2", "? P1", "? P2", "? can P2 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Fatalf("setup %q, want %q", ans.Setup, want)
	}
	rep := runLines(t, ans.Setup, catalogueSource{a.kb.Cards})
	if !noted(rep, "701.13a", "Ornithopter (P2) is exiled") {
		t.Errorf("Path to Exile should exile the Ornithopter: %+v", rep.Notes)
	}
}

// Tarmogoyf's ruling: Lightning Bolt is put into its owner's graveyard as
// the last step of its resolution (608.2n), before state-based actions
// are checked (704.3), so Tarmogoyf counts the instant: it is 1/2 with 3
// damage and is destroyed (704.5g).
func TestSetupTarmogoyfCountsTheResolvedBolt(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("I have a Tarmogoyf and the graveyards are empty. My opponent casts Lightning Bolt on it. Does it die?")
	rep := runLines(t, ans.Setup, catalogueSource{a.kb.Cards})
	if !noted(rep, "704.5g", "Tarmogoyf (P1) is destroyed: it is 1/2 with 3 damage") {
		t.Errorf("setup %q: Tarmogoyf must be destroyed as a 1/2 (704.5g): %+v", ans.Setup, rep.Notes)
	}
}
