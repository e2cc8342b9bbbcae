//go:build !race

// These questions name cards outside the test catalogue (M15 and THS):
// they run over the full catalogue, which is slow to load under the race
// detector (full_test.go).

package ask

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// What a question says is in a graveyard or a hand is in the scenario the
// engine runs: Tarmogoyf counts the land and the instant (2/3); Nimble
// Mongoose has threshold with seven cards (3/3); Gathan Raiders is
// hellbent with no cards in hand (5/5); Maro counts three cards in hand
// (3/3); Lightning Bolt said to be in the graveyard is put there, not
// cast, and Tarmogoyf counts it (1/2); threshold said is at least seven
// cards (3/3); Serra Ascendant with 30 life is 6/6 and Serra Avatar at 12
// life 12/12.
func TestSetupCarriesGraveyardsAndHands(t *testing.T) {
	a := fullAsker(t)
	for q, want := range map[string]string{
		"My graveyard has a land and an instant. How big is my Tarmogoyf?":        "Tarmogoyf 2/3",
		"I have Nimble Mongoose with seven cards in my graveyard. How big is it?": "Nimble Mongoose 3/3",
		"I have no cards in hand. How big is my Gathan Raiders?":                  "Gathan Raiders 5/5",
		"I have 3 cards in hand. What are Maro's power and toughness?":            "Maro 3/3",
		"With Lightning Bolt in my graveyard, how big is my Tarmogoyf?":           "Tarmogoyf 1/2",
		"I have threshold. How big is my Nimble Mongoose?":                        "Nimble Mongoose 3/3",
		"I have 30 life. How big is my Serra Ascendant?":                          "Serra Ascendant 6/6",
		"I'm at 12 life, how big is Serra Avatar?":                                "Serra Avatar 12/12",
	} {
		ans := a.Ask(q)
		rep := runLines(t, ans.Setup, catalogueSource{a.kb.Cards})
		got := ""
		for _, r := range rep.Results {
			if r.Object != nil && r.Object.Power != nil {
				got = fmt.Sprintf("%s %d/%d", r.Object.Name, *r.Object.Power, *r.Object.Toughness)
				break
			}
		}
		if got != want {
			t.Errorf("%q: setup %q: got %q, want %q", q, ans.Setup, got, want)
		}
		if strings.Contains(q, "Lightning Bolt") && slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.HasPrefix(l, "cast Lightning Bolt") }) {
			t.Errorf("%q: the Bolt in the graveyard was cast: %q", q, ans.Setup)
		}
	}
}
