package ask

import (
	"slices"
	"testing"
)

// What a question plainly says of graveyards and hands becomes scenario
// lines, in the question's own words; what is not plain (a lower bound,
// a pronoun, a word that is no card type) is left out.
func TestZoneStatementsFromQuestions(t *testing.T) {
	for _, c := range []struct {
		q           string
		front, hand []string
	}{
		{q: "With seven cards in my graveyard, does Nimble Mongoose get +2/+2?",
			front: []string{"you have 7 cards in graveyard"}},
		{q: "My graveyard has a land and an instant, how big is Tarmogoyf?",
			front: []string{"define Land card = Land", "define Instant card = Instant", "Land card (in graveyard)", "Instant card (in graveyard)"}},
		{q: "If there are two artifact creatures and a sorcery in my opponent's graveyard, what is Tarmogoyf?",
			front: []string{"define Artifact creature card = Artifact Creature 0/0", "define Sorcery card = Sorcery",
				"opponent: Artifact creature card (in graveyard)", "opponent: Artifact creature card (in graveyard)", "opponent: Sorcery card (in graveyard)"}},
		{q: "My graveyard has seven cards.", front: []string{"you have 7 cards in graveyard"}},
		{q: "I have no cards in hand, does Gathan Raiders get +2/+2?", hand: []string{"you have 0 cards in hand"}},
		{q: "I have 3 cards in hand. How big is Maro?", hand: []string{"you have 3 cards in hand"}},
		{q: "My hand is empty.", hand: []string{"you have 0 cards in hand"}},
		{q: "My opponent has two cards in hand and I have Maro.", hand: []string{"opponent has 2 cards in hand"}},
		{q: "my opponent's hand is empty", hand: []string{"opponent has 0 cards in hand"}},
		// A lower bound is stated as one.
		{q: "I have seven or more cards in my graveyard.", front: []string{"you have at least 7 cards in graveyard"}},
		{q: "With at least seven cards in my graveyard, is Nimble Mongoose 3/3?", front: []string{"you have at least 7 cards in graveyard"}},
		{q: "I have threshold, so Nimble Mongoose is 3/3?", front: []string{"you have at least 7 cards in graveyard"}},
		{q: "I'm hellbent with Gathan Raiders.", hand: []string{"you have 0 cards in hand"}},
		// Life totals.
		{q: "I have 30 life and Serra Ascendant.", front: []string{"you have 30 life"}},
		{q: "I'm at 5 life, my opponent is at 12 life.", front: []string{"you have 5 life", "opponent has 12 life"}},
		{q: "My life total is 30 or more.", front: []string{"you have at least 30 life"}},
		// Not plain: left out.
		{q: "I have more than seven cards in my graveyard."},
		{q: "I had 20 life, then I have 30 life."},
		{q: "With no cards in hand, is it 5/5?"},
		{q: "Their graveyard has a land and an instant."},
		{q: "My graveyard has a legendary creature and a land."},
		{q: "My graveyard has a land named Forest."},
		{q: "The graveyards have a land and an instant."},
	} {
		zs := zoneStatements(c.q, nil)
		if !slices.Equal(zs.front, c.front) || !slices.Equal(zs.hand, c.hand) {
			t.Errorf("%q:\n got front %q hand %q\nwant front %q hand %q", c.q, zs.front, zs.hand, c.front, c.hand)
		}
	}
}
