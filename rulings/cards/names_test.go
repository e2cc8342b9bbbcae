package cards

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// syntheticCatalog builds a catalogue from bare names through the Scryfall
// loader, so the test exercises the same path as real data.
func syntheticCatalog(t testing.TB, names []string) *Catalog {
	t.Helper()
	type sc struct {
		Object   string `json:"object"`
		Name     string `json:"name"`
		Lang     string `json:"lang"`
		TypeLine string `json:"type_line"`
	}
	list := make([]sc, len(names))
	for i, n := range names {
		list[i] = sc{"card", n, "en", "Instant"}
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCatalog()
	if ok, err := c.AddFile(data); !ok || err != nil {
		t.Fatalf("AddFile = %v, %v", ok, err)
	}
	c.Finish()
	return c
}

// Names that contain the letters of short names in order: the trap the
// look-up must not fall into.
var trapNames = []string{
	"Flowstone Thopter", "Ornithopter", "Optical Optimizer", "Phoenix of Ash", "Flamewake Phoenix",
	"Nyxborn Eidolon", "Onyx Mage", "Lightning Bolt", "Lightning Helix", "Opal Acrolith",
	"Ensoul Artifact", "Æther Vial", "Urza's Saga", "Jace, the Mind Sculptor", "Jace Beleren",
}

func TestShortNamesBeatLongNamesContainingTheirLetters(t *testing.T) {
	c := syntheticCatalog(t, append([]string{"Opt", "Nix"}, trapNames...))
	tests := []struct{ query, want string }{
		{"Opt", "Opt"},
		{"opt", "Opt"},
		{"OPT.", "Opt"},
		{"Nix", "Nix"},
		{"nix!", "Nix"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := mustLookup(t, c, tt.query); got.Name != tt.want {
				t.Errorf("Lookup(%q) = %q, want %q", tt.query, got.Name, tt.want)
			}
			if ac := c.Autocomplete(tt.query, 5); len(ac) == 0 || ac[0] != tt.want {
				t.Errorf("Autocomplete(%q) = %v, want %q first", tt.query, ac, tt.want)
			}
			if s := c.Suggest(tt.query, 5); len(s) == 0 || s[0] != tt.want {
				t.Errorf("Suggest(%q) = %v, want %q first", tt.query, s, tt.want)
			}
		})
	}
}

// Without Opt and Nix in the catalogue, their letters must not drag in
// Flowstone Thopter or a Phoenix: those only contain the letters in the
// middle of a word.
func TestShortQueryDoesNotMatchLettersInsideWords(t *testing.T) {
	c := syntheticCatalog(t, trapNames)
	for _, tt := range []struct{ query, mustNot string }{
		{"opt", "Flowstone Thopter"},
		{"nix", "Phoenix of Ash"},
		{"nix", "Flamewake Phoenix"},
		{"nix", "Onyx Mage"},
	} {
		t.Run(tt.query+" not "+tt.mustNot, func(t *testing.T) {
			if got, ok := c.Lookup(tt.query); ok && got.Name == tt.mustNot {
				t.Errorf("Lookup(%q) = %q", tt.query, got.Name)
			}
			if slices.Contains(c.Autocomplete(tt.query, 25), tt.mustNot) {
				t.Errorf("Autocomplete(%q) offers %q", tt.query, tt.mustNot)
			}
			if slices.Contains(c.Suggest(tt.query, 25), tt.mustNot) {
				t.Errorf("Suggest(%q) offers %q", tt.query, tt.mustNot)
			}
		})
	}
	if got, ok := c.Lookup("nix"); ok {
		t.Errorf("Lookup(nix) = %q; no name has a word starting with n-i-x", got.Name)
	}
}

func TestLookupTiers(t *testing.T) {
	c := realCatalog(t)
	extra := fixtureCatalog(t) // Æther Vial and Fire // Ice
	tests := []struct {
		cat         *Catalog
		query, want string
	}{
		{c, "Ensoul Artifact", "Ensoul Artifact"},
		{c, "  ensoul   ARTIFACT ", "Ensoul Artifact"},
		{c, "Artefaktbeseelung", "Ensoul Artifact"},    // German printed name
		{c, "artefaktbeseelung", "Ensoul Artifact"},    // folded
		{c, "Artisane des formes", "Artisan of Forms"}, // French
		{c, "ensoul", "Ensoul Artifact"},               // prefix
		{c, "ens art", "Ensoul Artifact"},              // word prefixes
		{c, "Ensoul Artifcat", "Ensoul Artifact"},      // transposition typo
		{c, "Artisan of Froms", "Artisan of Forms"},    // typo
		{c, "titanic grwth", "Titanic Growth"},         // dropped letter
		{extra, "aether vial", "Æther Vial"},           // ligature
		{extra, "AEther-Vial", "Æther Vial"},
		{extra, "Ice", "Fire // Ice"}, // face name
		{extra, "fire//ice", "Fire // Ice"},
		{extra, "insectile aberration", "Delver of Secrets // Insectile Aberration"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := mustLookup(t, tt.cat, tt.query); got.Name != tt.want {
				t.Errorf("Lookup(%q) = %q, want %q", tt.query, got.Name, tt.want)
			}
		})
	}
}

func TestMissSuggestsClosestNames(t *testing.T) {
	c := realCatalog(t)
	for _, tt := range []struct{ query, want string }{
		{"Ensoul Artefact Thing", "Ensoul Artifact"},
		{"Ensol Artefact Thing", "Ensoul Artifact"}, // typos in two words and an extra word
		{"Titanik Grow", "Titanic Growth"},
		{"Artizan of Farms", "Artisan of Forms"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			s := c.Suggest(tt.query, 5)
			if !slices.Contains(s, tt.want) {
				t.Errorf("Suggest(%q) = %v, want %q among them", tt.query, s, tt.want)
			}
		})
	}
	if _, ok := c.Lookup("Zzyzx Qwerty"); ok {
		t.Error("nonsense found a card")
	}
	if s := c.Suggest("", 5); s != nil {
		t.Errorf("Suggest(\"\") = %v", s)
	}
}

func TestAutocomplete(t *testing.T) {
	c := realCatalog(t)
	t.Run("prefix first, more played first, limited", func(t *testing.T) {
		got := c.Autocomplete("Ajani", 25)
		if len(got) < 2 {
			t.Fatalf("Autocomplete(Ajani) = %v", got)
		}
		for _, n := range got {
			if !strings.HasPrefix(n, "Ajani") {
				t.Errorf("%q does not start with Ajani", n)
			}
		}
		// Ajani's Pridemate is played more than Ajani Steadfast.
		if !slices.Equal(got, []string{"Ajani's Pridemate", "Ajani Steadfast"}) {
			t.Errorf("Autocomplete(Ajani) = %q", got)
		}
		if n := len(c.Autocomplete("s", 3)); n != 3 {
			t.Errorf("limit 3 gave %d", n)
		}
	})
	t.Run("word inside the name", func(t *testing.T) {
		if got := c.Autocomplete("growth", 5); !slices.Contains(got, "Titanic Growth") {
			t.Errorf("Autocomplete(growth) = %v", got)
		}
	})
	t.Run("foreign", func(t *testing.T) {
		if got := c.Autocomplete("Artefaktbes", 5); !slices.Equal(got, []string{"Ensoul Artifact"}) {
			t.Errorf("Autocomplete(Artefaktbes) = %v", got)
		}
	})
	t.Run("empty", func(t *testing.T) {
		if got := c.Autocomplete("  ", 5); got != nil {
			t.Errorf("got %v", got)
		}
	})
}

// synthNames generates n distinct card-like names from the words of the
// real M15 and THS names, the way real names are built: one to four words,
// sometimes "X of the Y", sometimes "Name, the Title".
func synthNames(t testing.TB, n int) []string {
	real := realCatalog(t)
	var words []string
	seenWord := map[string]bool{}
	for _, card := range real.Cards() {
		for _, w := range strings.Fields(strings.NewReplacer(",", "", "//", "").Replace(card.Name)) {
			if len(w) > 2 && !seenWord[w] {
				seenWord[w] = true
				words = append(words, w)
			}
		}
	}
	sort.Strings(words)
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string { return words[rng.IntN(len(words))] }
	seen := map[string]bool{}
	var out []string
	for _, card := range real.Cards() { // the real names are part of it
		seen[fold.Key(card.Name)] = true
		out = append(out, card.Name)
	}
	for len(out) < n {
		var name string
		switch rng.IntN(6) {
		case 0:
			name = pick()
		case 1, 2:
			name = pick() + " " + pick()
		case 3:
			name = pick() + " of the " + pick()
		case 4:
			name = pick() + ", " + pick() + " " + pick()
		default:
			name = pick() + " " + pick() + " " + pick()
		}
		if !seen[fold.Key(name)] { // names that fold alike are one name
			seen[fold.Key(name)] = true
			out = append(out, name)
		}
	}
	return out
}

// autocompleteQueries mixes what users type: prefixes of names, a word from
// inside a name, and prefixes with a typo that only fuzzy matching answers.
func autocompleteQueries(names []string, n int) []string {
	rng := rand.New(rand.NewPCG(3, 4))
	var qs []string
	for len(qs) < n {
		name := names[rng.IntN(len(names))]
		switch rng.IntN(4) {
		case 0, 1:
			qs = append(qs, name[:min(len(name), 1+rng.IntN(8))])
		case 2:
			w := strings.Fields(name)
			last := w[len(w)-1]
			qs = append(qs, last[:min(len(last), 3+rng.IntN(3))])
		default:
			// initials and a dropped letter: "ensl art" style input
			k := strings.ReplaceAll(strings.ToLower(name), ",", "")
			if len(k) > 6 {
				k = k[:3] + k[4:6]
			}
			qs = append(qs, k)
		}
	}
	return qs
}

func TestSyntheticCatalogue30k(t *testing.T) {
	names := synthNames(t, 30000)
	c := syntheticCatalog(t, append(names, "Opt", "Nix"))
	if c.Len() != 30002 {
		t.Fatalf("Len() = %d", c.Len())
	}
	// The short names still win among 30,000 names full of their letters.
	for _, q := range []string{"opt", "nix"} {
		if got := mustLookup(t, c, q); got.Name != strings.ToUpper(q[:1])+q[1:] {
			t.Errorf("Lookup(%q) = %q", q, got.Name)
		}
	}
	for i, q := range autocompleteQueries(names, 500) {
		got := c.Autocomplete(q, 25)
		if len(got) > 25 {
			t.Fatalf("Autocomplete(%q) gave %d names", q, len(got))
		}
		if i%2 == 0 && len(q) > 0 && len(got) == 0 {
			// prefixes of existing names always answer
			t.Errorf("Autocomplete(%q) found nothing", q)
		}
	}
}

// BenchmarkAutocomplete30k measures name autocomplete over a 30,000-name
// catalogue ("catalog") and, for the same queries, sahilm/fuzzy.Find over
// all names ("fuzzy.Find"). Each reports its p50 and p99 latency; the
// speed-up is the ratio of their ns/op (target: p99 < 2 ms, at least 5x).
func BenchmarkAutocomplete30k(b *testing.B) {
	names := synthNames(b, 30000)
	c := syntheticCatalog(b, names)
	qs := autocompleteQueries(names, 1000)
	run := func(b *testing.B, f func(q string)) {
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			f(qs[i%len(qs)])
			lat = append(lat, time.Since(start))
		}
		b.StopTimer()
		b.ReportMetric(float64(percentile(lat, 0.50).Microseconds()), "p50-µs")
		b.ReportMetric(float64(percentile(lat, 0.99).Microseconds()), "p99-µs")
	}
	b.Run("catalog", func(b *testing.B) { run(b, func(q string) { c.Autocomplete(q, 25) }) })
	b.Run("fuzzy.Find", func(b *testing.B) { run(b, func(q string) { fuzzy.Find(q, names) }) })
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func BenchmarkLookupMiss30k(b *testing.B) {
	c := syntheticCatalog(b, synthNames(b, 30000))
	for i := 0; i < b.N; i++ {
		c.Lookup(fmt.Sprintf("Zqx Wvut %d", i%10))
	}
}

// TestConcurrentLookupsOnUnfinishedCatalogue: the knowledge base may serve
// a catalogue nobody called Finish on (LoadCR); the first look-ups then
// build the name index and must not race.
func TestConcurrentLookupsOnUnfinishedCatalogue(t *testing.T) {
	c := NewCatalog()
	data, err := os.ReadFile(filepath.Join("testdata", "scryfall-oracle-cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := c.AddFile(data); !ok || err != nil {
		t.Fatal(ok, err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if card, ok := c.Lookup("tarmogoyf"); !ok || card.Name != "Tarmogoyf" {
				t.Errorf("Lookup = %v, %v", card, ok)
			}
			c.Autocomplete("fl", 5)
		}()
	}
	wg.Wait()
}

// BenchmarkSuggestLongInput: a pasted paragraph as a card name must not
// cost more than an ordinary miss (the input is cut at maxQueryRunes).
func BenchmarkSuggestLongInput(b *testing.B) {
	c := syntheticCatalog(b, synthNames(b, 30000))
	long := strings.Repeat("Effects that modify a creature's power and toughness apply ", 20)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Suggest(long, 5)
		c.Lookup(long)
	}
}

func TestQueryKeyIsBounded(t *testing.T) {
	long := strings.Repeat("Æther Vial ", 500)
	k := queryKey(long)
	if n := utf8.RuneCountInString(k); n > maxQueryRunes || !strings.HasPrefix(k, "aether vial aether") {
		t.Errorf("queryKey gave %d runes: %.40q", n, k)
	}
	c := fixtureCatalog(t)
	if got, ok := c.Lookup("Æther Vial" + strings.Repeat("!", 2000)); !ok || got.Name != "Æther Vial" {
		t.Errorf("Lookup with trailing noise = %v, %v", got, ok)
	}
}

// Misspelled reads typos only: a word one or two letters from one name is
// that card; an exact name, a prefix, a foreign name or a word two names
// are as close to is none.
func TestMisspelled(t *testing.T) {
	c := syntheticCatalog(t, []string{"Tarmogoyf", "Ornithopter", "Shock", "Shack", "Ensoul Artifact"})
	for word, want := range map[string]string{
		"Tarmagoyf":  "Tarmogoyf",   // one letter
		"Ornitopter": "Ornithopter", // one letter missing
		"Tarmogoyf":  "",            // the name itself: not a misspelling
		"Ensoul":     "",            // a prefix of a name
		"Shick":      "",            // one letter from two names
		"Tarmgyf":    "",            // three letters off
	} {
		got, ok := c.Misspelled(word)
		if want == "" && ok {
			t.Errorf("Misspelled(%q) = %s, want none", word, got.Name)
		}
		if want != "" && (!ok || got.Name != want) {
			t.Errorf("Misspelled(%q) = %v, %v; want %s", word, got, ok, want)
		}
	}
}
