package cards

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
)

var (
	fullOnce sync.Once
	fullCat  *Catalog
	fullErr  error
)

// fullCatalog loads the whole MTGJSON catalogue once per test binary.
func fullCatalog(tb testing.TB) *Catalog {
	tb.Helper()
	dir := shareddata.CardsFull(tb)
	fullOnce.Do(func() {
		files, err := datafile.Walk(dir)
		if err != nil {
			fullErr = err
			return
		}
		c := NewCatalog()
		for _, f := range files {
			r, err := datafile.Open(f.Path)
			if err != nil {
				fullErr = err
				return
			}
			ok, err := c.AddReader(r)
			r.Close()
			if !ok || err != nil {
				fullErr = fmt.Errorf("%s: recognised %v, %v", f.Path, ok, err)
				return
			}
		}
		c.Finish()
		fullCat = c
	})
	if fullErr != nil {
		tb.Fatal(fullErr)
	}
	return fullCat
}

// TestFullCatalogue checks the whole catalogue against what MTGJSON's
// files say: 23,711 distinct cards (../shared/data/SOURCES.md), one card
// per Oracle name whatever the number of printings, and each kind of
// multi-face card shaped the way CR 709, 710, 712 and 715 describe it.
func TestFullCatalogue(t *testing.T) {
	c := fullCatalog(t)
	if c.Len() != 23711 {
		t.Errorf("Len() = %d, want 23,711 distinct cards", c.Len())
	}
	seen := map[string]bool{}
	for _, card := range c.Cards() {
		if seen[card.Name] {
			t.Errorf("%s is in the catalogue twice", card.Name)
		}
		seen[card.Name] = true
	}
	faces := func(name string, want ...string) *Card {
		t.Helper()
		card, ok := c.Lookup(name)
		if !ok || card.Name != name {
			t.Fatalf("Lookup(%q) = %v, %v", name, card, ok)
		}
		var got []string
		for _, f := range card.Faces {
			got = append(got, f.Name)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s faces = %q, want %q", name, got, want)
		}
		return card
	}
	// Split (709), adventure (715), transform (712), modal DFC (712), flip (710).
	fi := faces("Fire // Ice", "Fire", "Ice")
	if fi.Layout != "split" || fi.ManaCost != "{1}{R} // {1}{U}" {
		t.Errorf("Fire // Ice: layout %q cost %q", fi.Layout, fi.ManaCost)
	}
	bm := faces("Bonecrusher Giant // Stomp", "Bonecrusher Giant", "Stomp")
	if bm.Layout != "adventure" || !strings.Contains(bm.TypeLine, "Instant — Adventure") {
		t.Errorf("Bonecrusher Giant: layout %q type %q", bm.Layout, bm.TypeLine)
	}
	dl := faces("Delver of Secrets // Insectile Aberration", "Delver of Secrets", "Insectile Aberration")
	if dl.Layout != "transform" || dl.ManaCost != "{U}" {
		t.Errorf("Delver: layout %q cost %q", dl.Layout, dl.ManaCost)
	}
	faces("Valki, God of Lies // Tibalt, Cosmic Impostor", "Valki, God of Lies", "Tibalt, Cosmic Impostor")
	fl := faces("Akki Lavarunner // Tok-Tok, Volcano Born", "Akki Lavarunner", "Tok-Tok, Volcano Born")
	if fl.Layout != "flip" {
		t.Errorf("Akki Lavarunner layout %q", fl.Layout)
	}
	// Meld (712.4): each front face is its own card, and so is the melded
	// permanent's name; the look-up of any of them is that card.
	for _, name := range []string{"Bruna, the Fading Light", "Gisela, the Broken Blade", "Brisela, Voice of Nightmares", "Graf Rats", "Chittering Host"} {
		card, ok := c.Lookup(name)
		if !ok || card.Name != name || card.Layout != "meld" {
			t.Errorf("meld: Lookup(%q) = %v, %v", name, card, ok)
		}
	}
	// Face names find their card.
	for face, want := range map[string]string{"Stomp": "Bonecrusher Giant // Stomp", "Insectile Aberration": "Delver of Secrets // Insectile Aberration", "tok tok volcano born": "Akki Lavarunner // Tok-Tok, Volcano Born"} {
		if card, ok := c.Lookup(face); !ok || card.Name != want {
			t.Errorf("Lookup(%q) = %v, want %s", face, card, want)
		}
	}
	// Punctuation and accents.
	for typed, want := range map[string]string{
		// The Oracle spells it Aether since 2021; the ligature still finds it.
		"Æther Vial":         "Aether Vial",
		"aether vial":        "Aether Vial",
		"lim dul's vault":    "Lim-Dûl's Vault",
		"Lim-Dûl's Vault":    "Lim-Dûl's Vault",
		"limduls vault":      "Lim-Dûl's Vault",
		"jotun grunt":        "Jötun Grunt",
		"seance":             "Séance",
		"ghazban ogre":       "Ghazbán Ogre",
		"urzas saga":         "Urza's Saga",
		"circle of prot red": "Circle of Protection: Red",
	} {
		if card, ok := c.Lookup(typed); !ok || card.Name != want {
			t.Errorf("Lookup(%q) = %v, want %s", typed, card, want)
		}
	}
	// One card printed in many sets: Lightning Bolt has rulings from
	// several printings, each once.
	lb, _ := c.Lookup("Lightning Bolt")
	if lb == nil || len(lb.ForeignNames) == 0 {
		t.Fatalf("Lightning Bolt: %v", lb)
	}
	for _, card := range c.Cards() {
		keys := map[string]bool{}
		for _, r := range card.Rulings {
			k := r.Date + fold.Text(strings.Join(strings.Fields(r.Text), " "))
			if keys[k] {
				t.Errorf("%s: ruling of %s repeated: %q", card.Name, r.Date, r.Text)
			}
			keys[k] = true
		}
	}
}

// TestFullCatalogueAmbiguousNames: a name several cards start with answers
// the best one and lists the others.
func TestFullCatalogueAmbiguousNames(t *testing.T) {
	c := fullCatalog(t)
	best, others, ok := c.LookupAll("thassa")
	if !ok || !strings.HasPrefix(best.Name, "Thassa, ") {
		t.Fatalf("LookupAll(thassa) best = %v", best)
	}
	for _, want := range []string{"Thassa, God of the Sea", "Thassa's Bounty", "Thassa's Oracle"} {
		if want != best.Name && !containsString(others, want) {
			t.Errorf("LookupAll(thassa) others %q lack %s", others, want)
		}
	}
	if _, others, _ := c.LookupAll("Lightning Bolt"); len(others) != 0 {
		t.Errorf("an exact name lists others: %q", others)
	}
	// Three letters with one left out of a four-letter name.
	if got, ok := c.Lookup("pek"); !ok || got.Name != "Peek" {
		t.Errorf("Lookup(pek) = %v, want Peek", got)
	}
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestFullCatalogueNameLookup looks up every real name three ways and sorts
// the misses into classes that a look-up cannot resolve (the typed text is
// another card's name or a shorter name's whole key) and the rest, which
// must be none.
func TestFullCatalogueNameLookup(t *testing.T) {
	c := fullCatalog(t)
	ix := c.index()
	misses := map[string][]string{}
	miss := func(class, detail string) { misses[class] = append(misses[class], detail) }
	// Every exact name.
	for _, card := range c.Cards() {
		if got, ok := c.Lookup(card.Name); !ok || got != card {
			miss("exact", card.Name)
		}
	}
	// Every name with one letter dropped: the middle letter of the name.
	for _, card := range c.Cards() {
		rs := []rune(card.Name)
		mid := len(rs) / 2
		for mid < len(rs) && !isLetter(rs[mid]) {
			mid++
		}
		if mid >= len(rs) {
			continue
		}
		typed := string(rs[:mid]) + string(rs[mid+1:])
		k := queryKey(typed)
		got, ok := c.Lookup(typed)
		if ok && got == card {
			continue
		}
		_, isExact := ix.exact[k]
		_, isFace := ix.faces[k]
		_, others, _ := c.LookupAll(typed)
		switch {
		case isExact:
			miss("drop: now another card's exact name", typed+" -> "+nameOf(got))
		case isFace:
			miss("drop: now another card's face name", typed+" -> "+nameOf(got))
		case ok && containsString(others, card.Name):
			miss("drop: answers another name, lists the card", typed+" -> "+nameOf(got))
		case utf8.RuneCountInString(k) < 4:
			miss("drop: under four letters (no typo guess)", typed+" -> "+nameOf(got))
		case ok && ix.isPrefixOfName(k):
			miss("drop: a prefix of another name", typed+" -> "+nameOf(got))
		case ok && ix.equalDistanceTie(k, card, got):
			miss("drop: as close to another name", typed+" -> "+nameOf(got))
		case ok && ix.isForeign(k):
			miss("drop: now a foreign name of another card", typed+" -> "+nameOf(got))
		default:
			miss("drop: other", typed+" -> "+nameOf(got)+" (want "+card.Name+")")
		}
	}
	// Every foreign name.
	owners := map[string]map[*Card]bool{}
	for _, card := range c.Cards() {
		for _, f := range card.ForeignNames {
			for _, part := range append(strings.Split(f.Name, "//"), f.Name) {
				k := fold.Key(part)
				if owners[k] == nil {
					owners[k] = map[*Card]bool{}
				}
				owners[k][card] = true
			}
		}
	}
	for _, card := range c.Cards() {
		for _, f := range card.ForeignNames {
			got, others, ok := c.LookupAll(f.Name)
			if ok && got == card {
				continue
			}
			k := fold.Key(f.Name)
			switch {
			case ok && ix.isEnglish(k):
				miss("foreign: an English name", f.Name+" -> "+got.Name)
			case ok && len(owners[k]) > 1 && containsString(others, card.Name):
				miss("foreign: shared by several cards (listed in others)", f.Name)
			default:
				miss("foreign: other", f.Language+" "+f.Name+" -> "+nameOf(got)+" (want "+card.Name+")")
			}
		}
	}
	var classes []string
	for k := range misses {
		classes = append(classes, k)
	}
	sort.Strings(classes)
	for _, k := range classes {
		ex := misses[k]
		t.Logf("%-55s %6d  e.g. %q", k, len(ex), ex[:min(3, len(ex))])
	}
	for _, class := range []string{"exact", "drop: other", "foreign: other"} {
		if n := len(misses[class]); n > 0 {
			t.Errorf("%d misses of class %q: %q", n, class, misses[class][:min(20, n)])
		}
	}
}

func isLetter(r rune) bool { return fold.Key(string(r)) != "" }

func nameOf(c *Card) string {
	if c == nil {
		return "(nothing)"
	}
	return c.Name
}

func (ix *nameIndex) isEnglish(k string) bool {
	_, a := ix.exact[k]
	_, b := ix.faces[k]
	return a || b
}

func (ix *nameIndex) isForeign(k string) bool { return len(exactRange(ix.foreignSrt, k)) > 0 }

func (ix *nameIndex) isPrefixOfName(k string) bool {
	return len(prefixRange(ix.sorted, k)) > 0
}

// equalDistanceTie: the answer is at least as close to the typed text as
// the card whose letter was dropped.
func (ix *nameIndex) equalDistanceTie(k string, want, got *Card) bool {
	q := []rune(k)
	dw := fold.Distance(q, []rune(fold.Key(want.Name)), 10)
	dg := fold.Distance(q, []rune(fold.Key(got.Name)), 10)
	return dg <= dw
}

// TestFullCatalogueTyposNarrowFirst holds the typo tier's first pass at
// one edit (before the limit) to the single pass at the limit
// over every real name: real names with one, two and three letters
// changed, dropped, doubled or swapped give the same cards in the same
// order, for one answer and for an answer with others listed.
func TestFullCatalogueTyposNarrowFirst(t *testing.T) {
	c := fullCatalog(t)
	ix := c.index()
	rng := rand.New(rand.NewSource(3))
	edit := func(n []rune) []rune {
		if len(n) < 3 {
			return n
		}
		i := 1 + rng.Intn(len(n)-2)
		switch rng.Intn(4) {
		case 0:
			n[i] = 'a' + rune(rng.Intn(26))
		case 1:
			n = append(n[:i:i], n[i+1:]...)
		case 2:
			n = slices.Insert(n, i, n[i])
		default:
			n[i-1], n[i] = n[i], n[i-1]
		}
		return n
	}
	cards := c.Cards()
	checked, deep := 0, 0
	for range 700 {
		n := []rune(nameKey(cards[rng.Intn(len(cards))].Name))
		for range 1 + rng.Intn(3) {
			n = edit(n)
		}
		k := string(n)
		limit := strictTypoLimit(k)
		if limit < 2 {
			continue
		}
		checked++
		for _, want := range []int{1, 11} {
			got := ix.typos(k, limit, want)
			full := ix.typosWithin(k, n, limit, want, 0)
			if !slices.Equal(got, full) {
				t.Errorf("typos(%q, %d, %d) = %v, one pass at the limit gives %v", k, limit, want, got, full)
			}
			if want == 1 && len(ix.typosWithin(k, n, 1, 1, 0)) == 0 {
				deep++
			}
		}
	}
	t.Logf("%d typed names compared; %d needed more than one edit", checked, deep)
	if checked < 500 || deep == 0 {
		t.Fatalf("%d names compared, %d beyond one edit: the test does not reach the one-edit pass's edge", checked, deep)
	}
}
