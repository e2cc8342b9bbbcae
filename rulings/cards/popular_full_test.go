//go:build !race

package cards

import (
	"slices"
	"testing"
)

// TestFullCatalogueMorePlayedFirst: over every card, a name typed in part
// answers the card players mean, as EDHREC's ranks tell it.
func TestFullCatalogueMorePlayedFirst(t *testing.T) {
	c := fullCatalog(t)
	// "Lightning" is the first word of fifty cards. The two most played
	// lead the answer: Lightning Greaves, which EDHREC ranks the most
	// played of them, then Lightning Bolt. By length alone Lightning Axe
	// answered and Lightning Blow was listed before the Bolt.
	best, others, ok := c.LookupAll("Lightning")
	if !ok || best.Name != "Lightning Greaves" || len(others) == 0 || others[0] != "Lightning Bolt" {
		t.Errorf("LookupAll(Lightning) = %v, %q; want Lightning Greaves, then Lightning Bolt", best, others)
	}
	// One more letter is a player on the way to the Bolt: among the
	// Lightning B… cards it is by far the most played, though Lightning
	// Blow is as short and first in the alphabet.
	if got, ok := c.Lookup("lightning b"); !ok || got.Name != "Lightning Bolt" {
		t.Errorf("Lookup(lightning b) = %v, want Lightning Bolt", got)
	}
	// "Thassa" is a whole word of the two gods only; of those the
	// more played is Thassa, Deep-Dwelling. Thassa's Oracle is played
	// more than either, but "Thassa" is not its word ("Thassa's"): it is
	// listed first after the gods, not answered.
	best, others, _ = c.LookupAll("Thassa")
	if best == nil || best.Name != "Thassa, Deep-Dwelling" || len(others) < 2 ||
		!slices.Equal(others[:2], []string{"Thassa, God of the Sea", "Thassa's Oracle"}) {
		t.Errorf("LookupAll(Thassa) = %v, %q", best, others)
	}
	// Sol Ring is the most played card there is.
	if got, _ := c.Lookup("sol"); got == nil || got.Name != "Sol Ring" {
		t.Errorf("Lookup(sol) = %v, want Sol Ring", got)
	}
	// An exact name always wins, ranked or not: Lightning Axe though the
	// Greaves and the Bolt are played more, Sliver Hive though Sliver
	// Hivelord is, and Wrath of Sod, which nobody ranks.
	for _, name := range []string{"Lightning Axe", "Wrath of Sod", "Thassa's Bounty", "Sliver Hive"} {
		if got, others, ok := c.LookupAll(name); !ok || got.Name != name || len(others) != 0 {
			t.Errorf("LookupAll(%q) = %v, %q; an exact name answers alone", name, got, others)
		}
	}
	// /card's autocomplete: the Bolt is offered after the first letters.
	if got := c.Autocomplete("lightn", 25); len(got) < 2 || !slices.Equal(got[:2], []string{"Lightning Greaves", "Lightning Bolt"}) {
		t.Errorf("Autocomplete(lightn) = %q", got)
	}
	if got := c.Autocomplete("light", 3); !slices.Contains(got, "Lightning Bolt") {
		t.Errorf("Autocomplete(light, 3) = %q, want Lightning Bolt among them", got)
	}
}
