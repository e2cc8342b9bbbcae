package ask

import (
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// A spell cast for the wrong cost is Game Rule Violation's first example
// in the IPG ("A player casts Wrath of God for 3W (actual cost 2WW)"): a
// call that names the card and what was paid for it, in symbols or as
// the basic lands tapped, tells one when that cannot pay the card's
// cost; a call that pays with anything but basic lands, or pays right,
// tells none.
func TestPaidWrong(t *testing.T) {
	wrath := &cards.Card{Name: "Wrath of God", ManaCost: "{2}{W}{W}"}
	link := func(q string) []Link {
		i := len("A player casts ")
		return []Link{{Card: wrath, Start: i, End: i + len(wrath.Name)}}
	}
	for q, want := range map[string]bool{
		"A player casts Wrath of God for 3W (actual cost 2WW).":                     true,
		"A player casts Wrath of God for {2}{W}{W}.":                                false,
		"A player casts Wrath of God for 2WW, and it resolves.":                     false,
		"A player casts Wrath of God tapping four Islands.":                         true,
		"A player casts Wrath of God, tapping two Plains and two Islands.":          false,
		"A player casts Wrath of God by tapping two Plains and two Islands.":        false,
		"A player casts Wrath of God by tapping three tokens and a Mountain.":       false,
		"A player casts Wrath of God tapping a Swamp and three Mountains and wins.": true,
		"A player casts Wrath of God for 3 turns in a row.":                         false,
	} {
		if got := paidWrong(q, link(q)); got != want {
			t.Errorf("paidWrong(%q) = %v, want %v", q, got, want)
		}
	}
	if a, b := symbolsOf("{2}{W}{W}"), symbolsOf("2WW"); a != b {
		t.Errorf("the same cost written two ways reads %q and %q", a, b)
	}
	a := testAsker(t)
	for call, want := range map[string]string{
		// Divination costs {2}{U}: the cards drawn join a hidden hand,
		// but the error at their root is the cost paid (Hidden Card
		// Error's "Brainstorm cast using green mana").
		"At a PPTQ, Anna casts Divination tapping three Mountains. Her opponent says ok, and Anna draws two cards and puts them into her hand with the others. Then the opponent calls a judge. What do you do?": a.infractions.ruleViolation(),
		"At a competitive event, a player casts Divination for 2R and draws two cards into their hand. What is the infraction?":                                                                                  a.infractions.ruleViolation(),
	} {
		if ans := a.Ask(call); len(ans.Docs) == 0 || ans.Docs[0].Kind != tourney.IPG || ans.Docs[0].ID != want {
			t.Errorf("%q: first %v, want IPG %s", call, ans.Docs[:min(len(ans.Docs), 3)], want)
		}
	}
}

// Reading what was paid never panics, whatever follows a card's name.
func FuzzPaidWrong(f *testing.F) {
	for _, s := range []string{" for 3W (actual cost 2WW).", ", tapping two Plains and two Islands.", " by tapping {", " for {2/W}{", ""} {
		f.Add(s)
	}
	card := &cards.Card{Name: "Wrath of God", ManaCost: "{2}{W}{W}"}
	f.Fuzz(func(t *testing.T, after string) {
		q := "A player casts Wrath of God" + after
		paidWrong(q, []Link{{Card: card, Start: 15, End: 27}})
		symbolsOf(after)
	})
}
