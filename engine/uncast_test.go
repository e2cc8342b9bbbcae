package engine

import (
	"strings"
	"testing"
)

// Containment Priest's rulings and 614.1a: "If a nontoken creature would
// enter the battlefield and it wasn't cast, exile it instead" exiles a
// creature card put onto the battlefield by an effect (Reanimate's kind,
// persist's return, one stated entering now), never one that resolves as
// a cast spell, nor a token; the replaced event never happens, so its
// enters ability doesn't trigger.
func TestContainmentPriestExilesWhatWasntCast(t *testing.T) {
	const defs = `define Containment Priest = {1}{W} Creature — Human Cleric 2/2 "Flash\nIf a nontoken creature would enter the battlefield and it wasn't cast, exile it instead."
define Reanimate = {B} Sorcery "Put target creature card from a graveyard onto the battlefield under your control."
define Welder = {1}{R} Creature — Goblin 1/1 "When Welder enters the battlefield, you gain 2 life."
define Kitchen Finks = {3} Creature — Ouphe 3/2 "Persist"
`
	// exiled runs a scenario under the opponent's Containment Priest and
	// reports whether its "? exile" answer holds your card named want.
	exiled := func(lines, want string) (*Report, func(string) int, bool) {
		r, at := play(t, defs+"opponent: Containment Priest\n"+lines)
		for _, e := range r.Errors {
			t.Errorf("error %+v", e)
		}
		return r, at, strings.Contains(infoAt(t, r, at("? exile")).Answer, "your exile: "+want)
	}
	r, at, ok := exiled("Welder as W (in graveyard)\ncast Reanimate targeting W\n? exile\n? stack\nWelder as W2 (in hand)\ncast W2\n? W2", "Welder")
	if !ok {
		t.Errorf("the reanimated Welder is exiled instead")
	}
	if st := infoAt(t, r, at("? stack")).Answer; !strings.Contains(st, "empty") {
		t.Errorf("stack %q: it never entered, so nothing triggers", st)
	}
	if o := result(t, r, at("? W2")).Object; o == nil || o.Zone != "" {
		t.Errorf("? W2 = %+v: a cast creature spell enters", o)
	}
	if !hasNote(r, "614.1a", "Welder would enter the battlefield without having been cast") {
		t.Errorf("no 614.1a note: %+v", r.Notes)
	}
	if _, _, ok := exiled("Kitchen Finks as K\ndestroy K\nresolve all\n? exile", "Kitchen Finks"); !ok {
		t.Errorf("Kitchen Finks returning by persist is exiled instead")
	}
}
