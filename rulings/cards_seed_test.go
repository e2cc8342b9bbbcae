package rulings

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// seedCardRulings are the card-ruling paragraphs of the seed documents, by
// how each begins, with the card whose published rulings hold them
// (Artisan of Forms: THS rulings of 2013-09-15; Ensoul Artifact: M15
// rulings of 2014-07-18, one reworded since).
var seedCardRulings = map[string]string{
	"When Artisan of Forms becomes a copy of a creature":              "Artisan of Forms",
	"If another creature becomes a copy of Artisan of Forms":          "Artisan of Forms",
	"The copy effect lasts indefinitely.":                             "Artisan of Forms",
	"You choose the target for the triggered ability":                 "Artisan of Forms",
	"If Artisan of Forms becomes a copy of a token creature":          "Artisan of Forms",
	"If the creature is an illegal target when the ability tries":     "Artisan of Forms",
	"Artisan of Forms copies the printed values":                      "Artisan of Forms",
	"Effects that modify a creature's power and/or toughness":         "Ensoul Artifact",
	"The resulting artifact creature will be able to attack":          "Ensoul Artifact",
	"If the artifact was already a creature, its base power":          "Ensoul Artifact",
	"The artifact retains any types, subtypes, or supertypes it has.": "Ensoul Artifact",
}

// TestSeedCardRulingsFindTheirCard pastes each card-ruling paragraph of
// the seed documents and expects a ruling of its card first.
func TestSeedCardRulingsFindTheirCard(t *testing.T) {
	kb := testKB(t)
	found := map[string]bool{}
	for _, p := range seedParagraphs(t) {
		for prefix, card := range seedCardRulings {
			if !strings.HasPrefix(p, prefix) {
				continue
			}
			found[prefix] = true
			rs := kb.Search(p, search.Options{Limit: 3})
			if len(rs) == 0 || rs[0].Kind != "ruling" || rs[0].ID != card {
				t.Errorf("ruling %q… of %s answered %v", prefix, card, ids(rs))
			}
		}
	}
	for prefix := range seedCardRulings {
		if !found[prefix] {
			t.Errorf("seed documents hold no paragraph starting %q", prefix)
		}
	}
}

// TestSeedHeroicRulingsFindAHeroicCard: the three "Heroic abilities …"
// rulings are printed on every heroic card of Theros, so any card whose
// rulings hold the paragraph is a right answer.
func TestSeedHeroicRulingsFindAHeroicCard(t *testing.T) {
	kb := testKB(t)
	n := 0
	for _, p := range seedParagraphs(t) {
		if !strings.HasPrefix(p, "Heroic abilities") {
			continue
		}
		n++
		rs := kb.Search(p, search.Options{Limit: 1})
		if len(rs) == 0 || rs[0].Kind != "ruling" {
			t.Errorf("heroic ruling %.40q answered %v", p, ids(rs))
			continue
		}
		card, ok := kb.Cards.Lookup(rs[0].ID)
		if !ok || !slices.ContainsFunc(card.Rulings, func(r cards.Ruling) bool { return fold.Key(r.Text) == fold.Key(p) }) {
			t.Errorf("heroic ruling %.40q answered %s, whose rulings lack it", p, rs[0].ID)
		}
	}
	if n != 3 {
		t.Errorf("found %d heroic paragraphs, want 3", n)
	}
}

// TestSeedJobSelectFindsRule702_182: the Final Fantasy card is not in the
// data, so the rulings about its job select ability and the Hero token it
// creates must answer the keyword's rule (702.182 or one of its subrules).
func TestSeedJobSelectFindsRule702_182(t *testing.T) {
	kb := testKB(t)
	n := 0
	for _, p := range seedParagraphs(t) {
		if !strings.Contains(p, "job select") && !strings.Contains(p, "Hero token") {
			continue
		}
		n++
		rs := kb.Search(p, search.Options{Limit: 3})
		if len(rs) == 0 || rs[0].Kind != "rule" || !strings.HasPrefix(rs[0].ID, "702.182") {
			t.Errorf("job select paragraph answered %v", ids(rs))
		}
	}
	if n != 4 {
		t.Errorf("found %d job select paragraphs in the seeds, want 4", n)
	}
}
