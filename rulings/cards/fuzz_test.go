package cards

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// FuzzAddFile feeds arbitrary bytes to the loaders. Whatever loads must
// leave a catalogue whose every card is found again by its own name.
func FuzzAddFile(f *testing.F) {
	for _, name := range []string{"scryfall-oracle-cards.json", "scryfall-rulings.json", "scryfall-foreign-printing.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"meta":{},"data":{"cards":[{"name":"Fire // Ice","faceName":"Ice","side":"b","type":"Instant"}]}}`))
	f.Add([]byte(`{"meta":{},"data":{"Opt":[{"name":"Opt","foreignData":[{"language":"German","name":"Opt // X"}]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := NewCatalog()
		c.AddFile(data)
		c.Finish()
		for _, card := range c.Cards() {
			// A name that folds to something is found as itself: the
			// exact tier comes first and reprints share one card.
			if fold.Key(card.Name) != "" {
				if got, ok := c.Lookup(card.Name); !ok || got != card {
					t.Fatalf("Lookup(%q) = %v, %v", card.Name, got, ok)
				}
			}
			c.Autocomplete(card.Name, 5)
			c.SearchDocs()
		}
	})
}

// FuzzLookup throws arbitrary names at every look-up path of a catalogue
// that holds short names, long names, faces and foreign names.
func FuzzLookup(f *testing.F) {
	c := syntheticCatalog(f, append([]string{"Opt", "Nix", "Fire // Ice"}, trapNames...))
	for _, s := range []string{"opt", "nix", "Æther", "ens art", "ﬁre", "\xff\xfe", "a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if card, ok := c.Lookup(q); ok && card == nil {
			t.Fatal("ok with nil card")
		}
		if got := c.Autocomplete(q, 25); len(got) > 25 {
			t.Fatalf("Autocomplete gave %d", len(got))
		}
		for _, s := range c.Suggest(q, 5) {
			if !utf8.ValidString(s) {
				t.Fatalf("invalid suggestion %q", s)
			}
		}
	})
}
