package engine

import (
	"strings"
	"testing"
)

// 603.2, Torpor Orb's rulings: "Creatures entering the battlefield don't
// cause abilities to trigger" stops every ability that would trigger on a
// creature entering, its own and others'; an ability that creates a
// replacement effect (entering tapped) is unaffected, and a noncreature
// permanent's entering still triggers. A land that is a creature as it
// enters (Kormus Bell with Urborg, Tomb of Yawgmoth making it a Swamp) is
// a creature entering: Everglades enters tapped and its enters ability
// doesn't trigger.
func TestCreaturesEnteringDontCauseTriggers(t *testing.T) {
	const defs = `define Torpor Orb = {2} Artifact "Creatures entering the battlefield don't cause abilities to trigger."
define Welder = {1}{R} Creature — Goblin 1/1 "When Welder enters the battlefield, you gain 2 life."
define Watcher = {W} Creature — Human 1/1 "Whenever another creature enters the battlefield, you gain 1 life."
define Everglades = Land "Everglades enters the battlefield tapped.\nWhen Everglades enters the battlefield, sacrifice it unless you return an untapped Swamp you control to its owner's hand.\n{T}: Add {C}{B}."
define Kormus Bell = {4} Artifact "All Swamps are 1/1 black creatures that are still lands."
define Urborg = Legendary Land "Each land is a Swamp in addition to its other land types."
`
	r := mustRun(t, defs+"Torpor Orb\nWatcher\nWelder as W (new)\n? stack\n? life", nil)
	if st := infoAt(t, r, 10).Answer; !strings.Contains(st, "empty") {
		t.Errorf("stack %q: nothing triggers on a creature entering", st)
	}
	if !hasNote(r, "603.2", "Welder (W) entering the battlefield") {
		t.Errorf("no 603.2 note: %+v", r.Notes)
	}

	r = mustRun(t, defs+"Torpor Orb\nEverglades as E (new)\n? E\n? stack", nil)
	if !tappedAt(t, r, 9) {
		t.Errorf("Everglades enters tapped: a replacement effect, not a trigger")
	}
	if st := infoAt(t, r, 10).Answer; !strings.Contains(st, "Everglades") {
		t.Errorf("stack %q: a land that isn't a creature still triggers", st)
	}

	r = mustRun(t, defs+"Torpor Orb\nKormus Bell\nUrborg\nEverglades as E (new)\n? E\n? stack", nil)
	if !tappedAt(t, r, 11) {
		t.Errorf("Everglades enters tapped under Kormus Bell too")
	}
	if st := infoAt(t, r, 12).Answer; !strings.Contains(st, "empty") {
		t.Errorf("stack %q: Everglades entered as a creature, so its ability doesn't trigger", st)
	}
}

// Hushbringer: "Creatures entering the battlefield or dying don't cause
// abilities to trigger" (603.2): a creature that dies triggers nothing,
// persist included (702.79a is a triggered ability), so Kitchen Finks
// stays in the graveyard. Doorkeeper Thrull's "Artifacts and creatures"
// covers an artifact entering.
func TestCreaturesDyingDontCauseTriggers(t *testing.T) {
	const defs = `define Hushbringer = {1}{W} Creature — Faerie 1/2 "Flying, lifelink\nCreatures entering the battlefield or dying don't cause abilities to trigger."
define Kitchen Finks = {1}{G/W}{G/W} Creature — Ouphe 3/2 "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist"
define Doorkeeper Thrull = {1}{W} Artifact Creature — Thrull 1/2 "Flash\nFlying\nArtifacts and creatures entering the battlefield don't cause abilities to trigger."
define Relic = {1} Artifact "When Relic enters the battlefield, draw a card."
`
	r := mustRun(t, defs+"Hushbringer\nKitchen Finks as K\ndestroy K\n? graveyard\n? stack", nil)
	if gy := graveyardOf(t, r, 8, You); len(gy) != 1 || gy[0] != "Kitchen Finks" {
		t.Errorf("graveyard %q, want Kitchen Finks there: persist doesn't trigger", gy)
	}
	if st := infoAt(t, r, 9).Answer; !strings.Contains(st, "empty") {
		t.Errorf("stack %q, want nothing triggered", st)
	}
	r = mustRun(t, defs+"Doorkeeper Thrull\nRelic as R (new)\n? stack", nil)
	if st := infoAt(t, r, 7).Answer; !strings.Contains(st, "empty") {
		t.Errorf("stack %q: an artifact entering triggers nothing under Doorkeeper Thrull", st)
	}
}
