package ask

import "testing"

// The recogniser tells an infraction by the IPG's own definitions and the
// judges' names for it: situations told in other words than the IPG's
// examples land on the infraction whose definition they meet.
func TestInfractionRecogniser(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		call, want string
	}{
		// 3.5: the deck does not match the decklist, which is what the
		// player meant to play.
		{"During a deck check the deck had 59 cards although the decklist registered 60, and the list is what he meant to play.", "3.5"},
		// 3.4: the decklist itself is illegal or does not say what the
		// player meant to play.
		{"The registered decklist is illegal: it only lists 58 cards and the player did not intend that.", "3.4"},
		// The judges' abbreviations name their infractions.
		{"Is this an MPE?", "2.4"},
		{"Would you give a GRV here?", "2.5"},
	}
	for _, c := range cases {
		hits := a.infractions.rank(c.call)
		if len(hits) == 0 || hits[0].ID != c.want {
			var got []string
			for _, h := range hits {
				got = append(got, h.ID)
			}
			t.Errorf("%q: want IPG %s first, got %v", c.call, c.want, got)
		}
	}
}
