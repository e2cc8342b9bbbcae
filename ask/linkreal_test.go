//go:build !race

package ask

import (
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// linkFloors are the linker's recall and precision on the real questions
// (full catalogue) as last measured: recall over the cards each
// question's collector listed that the catalogue holds, precision over the
// places the linker names a card. The collectors list the cards a question
// is about, so a basic land or a card mentioned in passing that they left
// out counts against precision: the figures are a floor, not a truth.
var linkFloors = map[string][2]float64{
	// Set when a long word written as a name that is one or two letters
	// from one card's name was read as that card (cards found: unseen 111
	// to 113, unseen3 63 to 64; one place more linked wrongly in report
	// and in unseen).
	// Tune set again when the dev set grew a third time (cards found 251
	// of 264, places linked 407 with 389 listed; report did not drop): the
	// set grew, the linker did not change. Both set again when it grew a
	// fourth time (tune: cards found 260 of 275, places linked 426 with 401
	// listed; report lowered, its precision fell from 398 of 413 to 435 of
	// 456 listed, cards found 297 of 302): the set grew, the linker did not
	// change.
	// Set again when a lower-case word that names a card only with its
	// ending dropped ("overrules") stopped being the card unless a
	// player's possessive tells it as one, and "the" came to tell a
	// name of several words as a card ("the blood moon"): one wrong
	// place fewer in tune, report and unseen, one card more found in
	// tune, one fewer in report.
	"tune":    {261.0 / 275, 402.0 / 426},
	"report":  {296.0 / 302, 433.0 / 453},
	"unseen":  {113.0 / 115, 159.0 / 168},
	"unseen2": {80.0 / 83, 123.0 / 127},
	"unseen3": {64.0 / 68, 97.0 / 101},
	"unseen4": {93.0 / 97, 128.0 / 138},
	"unseen5": {83.0 / 84, 117.0 / 120},
}

// TestLinkingOnRealQuestions measures how the linker finds the cards real
// questions name, in their askers' words, over the whole catalogue, as
// Ask links them (a penalty's name in a call is not a card).
func TestLinkingOnRealQuestions(t *testing.T) {
	a := fullAsker(t)
	for _, set := range realSets() {
		var listed, found, places, right int
		for _, q := range set.qs {
			links := a.penaltiesOut(q.Question, a.names.link(q.Question))
			want := map[*cards.Card]bool{}
			for _, name := range q.Cards {
				// A card printed after the catalogue's date is not there
				// to be found.
				if c := a.names.lookupSpan(name); c != nil {
					want[c] = true
				}
			}
			got := map[*cards.Card]bool{}
			for _, l := range links {
				got[l.Card] = true
				places++
				if want[l.Card] {
					right++
				} else if testing.Verbose() && set.name == "tune" {
					t.Logf("%s: linked %q for %q, not listed", q.ID, l.Card.Name, q.Question[l.Start:l.End])
				}
			}
			for c := range want {
				listed++
				if got[c] {
					found++
				} else if testing.Verbose() && set.name == "tune" {
					t.Logf("%s: %q not linked", q.ID, c.Name)
				}
			}
		}
		recall, precision := ratio(found, listed), ratio(right, places)
		t.Logf("%-7s cards found %d of %d (%.1f%%); places linked %d, %d of them listed (%.1f%%)", set.name, found, listed, 100*recall, places, right, 100*precision)
		if f, ok := linkFloors[set.name]; ok && (recall < f[0]-1e-9 || precision < f[1]-1e-9) {
			t.Errorf("%s: linking fell below its floor: recall %.3f (floor %.3f), precision %.3f (floor %.3f)", set.name, recall, f[0], precision, f[1])
		}
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// A card the CR's examples or the tournament documents name is linked in
// lower case like any other uncommon name ("does tarmogoyf count…"); a
// land type stays a word unless written as a name.
func TestLowercaseNamesTheDocumentsUse(t *testing.T) {
	a := fullAsker(t)
	for q, want := range map[string]string{
		"does tarmogoyf count instants in my graveyard?":            "Tarmogoyf",
		"my opponent cast brainstorm and forgot to put two back":    "Brainstorm",
		"if a phyrexian revoker names a planeswalker can i use it?": "Phyrexian Revoker",
		"I tapped an island for mana and cast a spell.":             "",
	} {
		var got []string
		for _, c := range Cards(a.names.link(q)) {
			got = append(got, c.Name)
		}
		if want == "" && len(got) > 0 || want != "" && (len(got) != 1 || got[0] != want) {
			t.Errorf("%q: linked %q, want %q", q, got, want)
		}
	}
}
