package cards

import (
	"slices"
	"strings"
	"testing"
)

// TestMorePlayedFirstAmongEqualMatches: a name several cards match equally
// well answers the one players play most, on the M15 and THS cards.
func TestMorePlayedFirstAmongEqualMatches(t *testing.T) {
	c := realCatalog(t)
	for _, tt := range []struct {
		query, want string
		why         string
	}{
		// The first word of Satyr Hedonist, Satyr Piper, Satyr Rambler
		// and Satyr Wayfinder: the shortest is the least expected.
		{"satyr", "Satyr Wayfinder", "the most played satyr, though not the shortest name"},
		{"temple", "Temple of Mystery", "the most played of the five temples"},
		{"soul", "Soul of New Phyrexia", "the most played Soul of, and the longest"},
		{"ordeal of", "Ordeal of Nylea", "the most played ordeal"},
		{"paragon of", "Paragon of Eternal Wilds", "the most played paragon"},
		// What rank must not override.
		{"sliver hive", "Sliver Hive", "an exact name, though Sliver Hivelord is more played"},
		{"sliver hiv", "Sliver Hivelord", "both names continue the word; the more played"},
		{"heliod", "Heliod, God of the Sun", "the word Heliod, though Heliod's Pilgrim is more played"},
		{"nylea", "Nylea, God of the Hunt", "the word Nylea"},
	} {
		if got := mustLookup(t, c, tt.query); got.Name != tt.want {
			t.Errorf("Lookup(%q) = %q, want %q: %s", tt.query, got.Name, tt.want, tt.why)
		}
	}
	// The others are listed more played first too, ranked before unranked.
	best, others, _ := c.LookupAll("satyr")
	if want := []string{"Satyr Hedonist", "Satyr Piper", "Satyr Rambler"}; best.Name != "Satyr Wayfinder" || !slices.Equal(others, want) {
		t.Errorf("LookupAll(satyr) = %s, %q; want Satyr Wayfinder, %q", best.Name, others, want)
	}
	// Heliod's Pilgrim comes after the god, before the less played
	// Heliod's Emissary.
	if _, others, _ := c.LookupAll("heliod"); len(others) < 2 || others[0] != "Heliod's Pilgrim" || others[1] != "Heliod's Emissary" {
		t.Errorf("LookupAll(heliod) others = %q", others)
	}
}

// TestRankKeepsTheLookupPrinciples holds what a look-up's tiers say over
// how much a card is played: an exact name, a face name and a foreign
// name answer before a more played card they start; a card nobody ranks
// comes after ranked ones, and among equals the shorter name, then the
// alphabetical one, stays first.
func TestRankKeepsTheLookupPrinciples(t *testing.T) {
	c := addDoc(t, `{"meta":{},"data":{"AAA":{"cards":[
		{"name":"Fire // Ice","faceName":"Fire","side":"a","layout":"split","edhrecRank":800},
		{"name":"Fire // Ice","faceName":"Ice","side":"b","layout":"split","edhrecRank":800},
		{"name":"Ice Cave","types":["Enchantment"],"edhrecRank":50},
		{"name":"Fog","types":["Instant"],"edhrecRank":900},
		{"name":"Fog Bank","types":["Creature"],"edhrecRank":100},
		{"name":"Negate","types":["Instant"],"edhrecRank":3000,"foreignData":[{"language":"German","name":"Negieren"}]},
		{"name":"Negieren Sprite","types":["Creature"],"edhrecRank":10},
		{"name":"Wall of Ice","types":["Creature"]},
		{"name":"Wall of Stone","types":["Creature"]},
		{"name":"Wall of Frost","types":["Creature"],"edhrecRank":2996},
		{"name":"Wall of Fire","types":["Creature"],"edhrecRank":15754},
		{"name":"Wall of Mist","types":["Creature"],"edhrecRank":15754},
		{"name":"Wall of Dust","types":["Creature"],"edhrecRank":15754}]}}}`)
	for _, tt := range []struct{ query, want string }{
		{"ice", "Fire // Ice"},    // a face name
		{"ice c", "Ice Cave"},     // then the more played
		{"fog", "Fog"},            // an exact name
		{"negieren", "Negate"},    // a foreign name
		{"wall", "Wall of Frost"}, // ranked before the shorter unranked
		{"wall of f", "Wall of Frost"},
	} {
		if got := mustLookup(t, c, tt.query); got.Name != tt.want {
			t.Errorf("Lookup(%q) = %q, want %q", tt.query, got.Name, tt.want)
		}
	}
	_, others, _ := c.LookupAll("wall")
	// Equal ranks: shorter first, then alphabetical; unranked last, the
	// same way among themselves.
	if want := []string{"Wall of Dust", "Wall of Fire", "Wall of Mist", "Wall of Ice", "Wall of Stone"}; !slices.Equal(others, want) {
		t.Errorf("LookupAll(wall) others = %q, want %q", others, want)
	}
	if got := c.Autocomplete("fog", 5); !slices.Equal(got, []string{"Fog", "Fog Bank"}) {
		t.Errorf("Autocomplete(fog) = %q: the typed name first", got)
	}
	if got := c.Autocomplete("wall of", 10); !slices.Equal(got, []string{"Wall of Frost", "Wall of Dust", "Wall of Fire", "Wall of Mist", "Wall of Ice", "Wall of Stone"}) {
		t.Errorf("Autocomplete(wall of) = %q: more played first, then alphabetical", got)
	}
}

// TestAutocompleteMorePlayedFirst: the names starting with the typed text
// list the more played first, the typed name itself before them.
func TestAutocompleteMorePlayedFirst(t *testing.T) {
	c := realCatalog(t)
	if got := c.Autocomplete("satyr", 25); len(got) < 4 || !slices.Equal(got[:4], []string{"Satyr Wayfinder", "Satyr Hedonist", "Satyr Piper", "Satyr Rambler"}) {
		t.Errorf("Autocomplete(satyr) = %q, want the four Satyr names first, Satyr Wayfinder first", got)
	}
	if got := c.Autocomplete("sliver hive", 25); !slices.Equal(got, []string{"Sliver Hive", "Sliver Hivelord"}) {
		t.Errorf("Autocomplete(sliver hive) = %q, want the exact name first", got)
	}
	// A word inside names: the gods are listed under "god" more played
	// first, Purphoros the most.
	rank := func(n string) int { return mustLookup(t, c, n).EDHRECRank }
	var gods []string
	for _, n := range c.Autocomplete("god", 25) {
		if k := queryKey(n); strings.Contains(k, " god") && !strings.HasPrefix(k, "god") {
			gods = append(gods, n)
		}
	}
	if len(gods) < 3 || gods[0] != "Purphoros, God of the Forge" {
		t.Errorf("Autocomplete(god) names with the word = %q, want Purphoros, God of the Forge first", gods)
	}
	for i := 1; i < len(gods); i++ {
		if a, b := rank(gods[i-1]), rank(gods[i]); b != 0 && (a == 0 || a > b) {
			t.Errorf("Autocomplete(god): %q (%d) before %q (%d)", gods[i-1], a, gods[i], b)
		}
	}
	// Limited, and never the same card twice: a short prefix holds
	// hundreds of names and its list is picked, not sorted.
	for _, p := range []string{"s", "t", "a"} {
		got := c.Autocomplete(p, 25)
		if len(got) != 25 {
			t.Errorf("Autocomplete(%q) gave %d names", p, len(got))
		}
		seen := map[string]bool{}
		for i, n := range got {
			if seen[n] {
				t.Errorf("Autocomplete(%q) repeats %q", p, n)
			}
			seen[n] = true
			if i > 0 && rank(n) != 0 && (rank(got[i-1]) == 0 || rank(got[i-1]) > rank(n)) {
				t.Errorf("Autocomplete(%q): %q before the more played %q", p, got[i-1], n)
			}
		}
	}
}
