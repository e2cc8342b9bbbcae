package cards

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

// loadFiles builds a finished catalogue from files, failing on any file that
// is not recognised or does not load.
func loadFiles(t testing.TB, paths ...string) *Catalog {
	t.Helper()
	c := NewCatalog()
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := c.AddFile(data)
		if err != nil || !ok {
			t.Fatalf("AddFile(%s) = %v, %v; want recognised without error", p, ok, err)
		}
	}
	c.Finish()
	return c
}

func realCatalog(t testing.TB) *Catalog {
	return loadFiles(t,
		shareddata.Path(t, "cards/mtgjson-v5/M15.json"),
		shareddata.Path(t, "cards/mtgjson-v5/THS.json"))
}

func fixtureCatalog(t testing.TB) *Catalog {
	return loadFiles(t,
		filepath.Join("testdata", "scryfall-oracle-cards.json"),
		filepath.Join("testdata", "scryfall-rulings.json"),
		filepath.Join("testdata", "scryfall-foreign-printing.json"))
}

func mustLookup(t *testing.T, c *Catalog, name string) *Card {
	t.Helper()
	card, ok := c.Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q) found nothing; suggestions %v", name, c.Suggest(name, 5))
	}
	return card
}

// TestMTGJSONSetFiles checks the real M15 and THS files against what
// SOURCES.md and the printed cards say.
func TestMTGJSONSetFiles(t *testing.T) {
	c := realCatalog(t)

	// 269 names in M15 and 234 in THS; eight are in both (the five basic
	// lands, Bronze Sable, Divine Verdict, Lightning Strike): reprints are
	// one card.
	if got, want := c.Len(), 269+234-8; got != want {
		t.Errorf("Len() = %d, want %d distinct names", got, want)
	}

	ensoul := mustLookup(t, c, "Ensoul Artifact")
	t.Run("Ensoul Artifact", func(t *testing.T) {
		if ensoul.ManaCost != "{1}{U}" || ensoul.ManaValue != 2 || ensoul.TypeLine != "Enchantment — Aura" {
			t.Errorf("got %q mv %v %q", ensoul.ManaCost, ensoul.ManaValue, ensoul.TypeLine)
		}
		if !slices.Equal(ensoul.Types, []string{"Enchantment"}) || !slices.Equal(ensoul.Subtypes, []string{"Aura"}) || !slices.Equal(ensoul.Colors, []string{"U"}) {
			t.Errorf("types %v subtypes %v colors %v", ensoul.Types, ensoul.Subtypes, ensoul.Colors)
		}
		if !strings.Contains(ensoul.Text, "base power and toughness 5/5") {
			t.Errorf("oracle text %q", ensoul.Text)
		}
		// SOURCES.md: four rulings dated 2014-07-18, one names Titanic Growth.
		if len(ensoul.Rulings) != 4 {
			t.Fatalf("%d rulings, want 4", len(ensoul.Rulings))
		}
		titanic := 0
		for _, r := range ensoul.Rulings {
			if r.Date != "2014-07-18" {
				t.Errorf("ruling date %q", r.Date)
			}
			if strings.Contains(r.Text, "Titanic Growth") {
				titanic++
			}
		}
		if titanic != 1 {
			t.Errorf("%d rulings name Titanic Growth, want 1", titanic)
		}
		if !slices.ContainsFunc(ensoul.ForeignNames, func(f ForeignName) bool {
			return f.Language == "German" && f.Name == "Artefaktbeseelung"
		}) {
			t.Errorf("foreign names %v lack German Artefaktbeseelung", ensoul.ForeignNames)
		}
	})

	t.Run("Titanic Growth has text and no rulings", func(t *testing.T) {
		tg := mustLookup(t, c, "Titanic Growth")
		if !strings.Contains(tg.Text, "+4/+4") || len(tg.Rulings) != 0 {
			t.Errorf("text %q, %d rulings", tg.Text, len(tg.Rulings))
		}
		if tg.Rulings == nil {
			t.Error("Rulings is nil; JSON must print [] not null")
		}
	})

	t.Run("Artisan of Forms", func(t *testing.T) {
		a := mustLookup(t, c, "Artisan of Forms")
		if len(a.Rulings) != 10 {
			t.Errorf("%d rulings, want 10", len(a.Rulings))
		}
		if a.Power != "1" || a.Toughness != "1" || !slices.Equal(a.Subtypes, []string{"Human", "Wizard"}) {
			t.Errorf("P/T %s/%s subtypes %v", a.Power, a.Toughness, a.Subtypes)
		}
		if !slices.Contains(a.Keywords, "Heroic") {
			t.Errorf("keywords %v", a.Keywords)
		}
	})

	t.Run("star power survives", func(t *testing.T) {
		// Nightmare (M15) is */*: both count the Swamps you control.
		n := mustLookup(t, c, "Nightmare")
		if n.Power != "*" || n.Toughness != "*" {
			t.Errorf("Nightmare %s/%s", n.Power, n.Toughness)
		}
	})

	t.Run("reprints merge without duplicate rulings", func(t *testing.T) {
		ls := mustLookup(t, c, "Lightning Strike")
		seen := map[string]bool{}
		for _, r := range ls.Rulings {
			if seen[r.Date+r.Text] {
				t.Errorf("duplicate ruling %q", r.Text)
			}
			seen[r.Date+r.Text] = true
		}
		// Every ruling printed in either set is kept.
		for _, set := range []string{"M15", "THS"} {
			for _, r := range rawRulings(t, set, "Lightning Strike") {
				if !seen[r.Date+r.Text] {
					t.Errorf("%s ruling %q lost in the merge", set, r.Text)
				}
			}
		}
	})

	t.Run("every ruling has refs slice", func(t *testing.T) {
		for _, card := range c.Cards() {
			for _, r := range card.Rulings {
				if r.Refs == nil {
					t.Fatalf("%s ruling has nil Refs", card.Name)
				}
			}
		}
	})
}

// rawRulings reads the rulings of one card straight from an MTGJSON set file.
func rawRulings(t *testing.T, set, name string) []mtgjsonRuling {
	t.Helper()
	data, err := os.ReadFile(shareddata.Path(t, "cards/mtgjson-v5/"+set+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Data struct {
			Cards []mtgjsonCard `json:"cards"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	for _, card := range f.Data.Cards {
		if card.Name == name {
			return card.Rulings
		}
	}
	t.Fatalf("%s not in %s", name, set)
	return nil
}

// TestScryfallBulk checks the fixtures written from Scryfall's documented
// card and ruling objects.
func TestScryfallBulk(t *testing.T) {
	c := fixtureCatalog(t)
	if c.Len() != 10 {
		t.Errorf("Len() = %d, want the 10 English cards (foreign printings add names only)", c.Len())
	}

	t.Run("split card", func(t *testing.T) {
		fi := mustLookup(t, c, "Fire // Ice")
		if len(fi.Faces) != 2 || fi.Faces[0].Name != "Fire" || fi.Faces[1].Name != "Ice" {
			t.Fatalf("faces %+v", fi.Faces)
		}
		if fi.ManaCost != "{1}{R} // {1}{U}" || fi.ManaValue != 4 || fi.TypeLine != "Instant // Instant" {
			t.Errorf("cost %q mv %v type %q", fi.ManaCost, fi.ManaValue, fi.TypeLine)
		}
		if !slices.Equal(fi.Colors, []string{"R", "U"}) || !slices.Equal(fi.Types, []string{"Instant"}) {
			t.Errorf("colors %v types %v", fi.Colors, fi.Types)
		}
		if !strings.Contains(fi.Text, "Tap target permanent") || !strings.Contains(fi.Text, "2 damage") {
			t.Errorf("text %q", fi.Text)
		}
		if len(fi.Rulings) != 1 || !slices.Equal(fi.Rulings[0].Refs, []string{"709.4"}) {
			t.Errorf("rulings %+v", fi.Rulings)
		}
	})

	t.Run("transform card", func(t *testing.T) {
		d := mustLookup(t, c, "Delver of Secrets")
		if d.Name != "Delver of Secrets // Insectile Aberration" || len(d.Faces) != 2 {
			t.Fatalf("got %q with %d faces", d.Name, len(d.Faces))
		}
		if d.Power != "1" || d.Toughness != "1" || d.Faces[1].Power != "3" || d.Faces[1].Toughness != "2" {
			t.Errorf("front %s/%s back %s/%s", d.Power, d.Toughness, d.Faces[1].Power, d.Faces[1].Toughness)
		}
		if d.ManaCost != "{U}" {
			t.Errorf("a transform card's cost is its front face's: got %q", d.ManaCost)
		}
		if !slices.Equal(d.Subtypes, []string{"Human", "Wizard", "Insect"}) {
			t.Errorf("subtypes %v", d.Subtypes)
		}
		if got := d.Rulings[0].Refs; !slices.Equal(got, []string{"701.27a", "712.9"}) {
			t.Errorf("refs %v", got)
		}
	})

	t.Run("star power and toughness", func(t *testing.T) {
		g := mustLookup(t, c, "Tarmogoyf")
		if g.Power != "*" || g.Toughness != "1+*" {
			t.Errorf("Tarmogoyf %s/%s, want */1+*", g.Power, g.Toughness)
		}
		if len(g.Rulings) != 2 || g.Rulings[1].Refs[0] != "604.3" {
			t.Errorf("rulings %+v", g.Rulings)
		}
		if g.ScryfallURL != "https://scryfall.com/card/fut/153/tarmogoyf" {
			t.Errorf("url %q, want the card URI without tracking", g.ScryfallURL)
		}
		if !slices.ContainsFunc(g.ForeignNames, func(f ForeignName) bool { return f.Language == "German" }) {
			t.Errorf("German printing did not add a name: %v", g.ForeignNames)
		}
	})

	t.Run("loyalty, defense, supertypes", func(t *testing.T) {
		j := mustLookup(t, c, "Jace Beleren")
		if j.Loyalty != "3" || !slices.Equal(j.Supertypes, []string{"Legendary"}) || !slices.Equal(j.Types, []string{"Planeswalker"}) {
			t.Errorf("Jace loyalty %q super %v types %v", j.Loyalty, j.Supertypes, j.Types)
		}
		b := mustLookup(t, c, "Invasion of Tarkir")
		if b.Defense != "5" || !slices.Contains(b.Types, "Battle") || b.Faces[1].Power != "4" {
			t.Errorf("battle defense %q types %v", b.Defense, b.Types)
		}
	})

	t.Run("foreign face names", func(t *testing.T) {
		for _, q := range []string{"Feu // Glace", "Glace", "feu"} {
			if got := mustLookup(t, c, q); got.Name != "Fire // Ice" {
				t.Errorf("Lookup(%q) = %q, want Fire // Ice", q, got.Name)
			}
		}
	})
}

func TestAddFileRecognisesByContent(t *testing.T) {
	cr, err := os.ReadFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		data      string
		recognise bool
		wantErr   bool
	}{
		{"CR text", string(cr[:4096]), false, false},
		{"empty", "", false, false},
		{"plain JSON object", `{"rules":[{"number":"4.1"}]}`, false, false},
		{"MTGJSON file without cards (Keywords)", `{"meta":{"version":"5"},"data":{"abilityWords":["Heroic"],"keywordAbilities":["Flying"]}}`, false, false},
		{"empty array", `[]`, false, false},
		{"array of other objects", `[{"number":"1.1","title":"x"}]`, false, false},
		{"tournament list", `[{"text":"Introduction","subRules":[]}]`, false, false},
		{"MTGJSON set", `{"meta":{},"data":{"cards":[{"name":"Opt","type":"Instant","text":"Scry 1.\nDraw a card.","types":["Instant"]}]}}`, true, false},
		{"MTGJSON atomic", `{"meta":{},"data":{"Opt":[{"name":"Opt","type":"Instant","types":["Instant"]}]}}`, true, false},
		{"MTGJSON all printings", `{"meta":{},"data":{"XLN":{"cards":[{"name":"Opt","type":"Instant"}]}}}`, true, false},
		{"broken MTGJSON set", `{"meta":{},"data":{"cards":[{"name":7}]}}`, true, true},
		{"Scryfall cards with BOM", "\xef\xbb\xbf" + `[{"object":"card","name":"Opt","lang":"en","type_line":"Instant"}]`, true, false},
		{"Scryfall rulings", `[{"object":"ruling","oracle_id":"x","source":"wotc","published_at":"2020-01-01","comment":"c"}]`, true, false},
		{"broken Scryfall card", `[{"object":"card","name":["Opt"]}]`, true, true},
		{"Scryfall tokens only", `[{"object":"card","name":"Ornithopter","layout":"token","lang":"en"}]`, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := NewCatalog().AddFile([]byte(tt.data))
			if ok != tt.recognise || (err != nil) != tt.wantErr {
				t.Errorf("AddFile = %v, %v; want recognised %v, error %v", ok, err, tt.recognise, tt.wantErr)
			}
		})
	}
}

// Scryfall's oracle_cards bulk holds tokens and art-series cards too; a
// token must not become (or merge into) the card of the same name.
func TestScryfallTokensAreNotCards(t *testing.T) {
	data := `[
	 {"object":"card","oracle_id":"t1","name":"Ornithopter","layout":"token","lang":"en","type_line":"Token Artifact Creature — Thopter","oracle_text":"Flying","power":"0","toughness":"2"},
	 {"object":"card","oracle_id":"o1","name":"Ornithopter","layout":"normal","lang":"en","mana_cost":"{0}","type_line":"Artifact Creature — Thopter","oracle_text":"Flying","power":"0","toughness":"2"},
	 {"object":"card","oracle_id":"a1","name":"Opt // Opt","layout":"art_series","lang":"en","type_line":"Card // Card","card_faces":[{"object":"card_face","name":"Opt","type_line":"Card"},{"object":"card_face","name":"Opt","type_line":"Card"}]}]`
	c := NewCatalog()
	if ok, err := c.AddFile([]byte(data)); !ok || err != nil {
		t.Fatalf("AddFile = %v, %v", ok, err)
	}
	c.Finish()
	if c.Len() != 1 {
		t.Errorf("Len() = %d, want only the real Ornithopter", c.Len())
	}
	if o := mustLookup(t, c, "Ornithopter"); o.TypeLine != "Artifact Creature — Thopter" || o.ManaCost != "{0}" {
		t.Errorf("Ornithopter is %q %q", o.TypeLine, o.ManaCost)
	}
}

func TestMTGJSONAtomicFaces(t *testing.T) {
	// AtomicCards keys each card by name with one entry per face, side b
	// possibly first.
	data := `{"meta":{"version":"5.2.0"},"data":{"Fire // Ice":[
	 {"name":"Fire // Ice","faceName":"Ice","side":"b","layout":"split","manaCost":"{1}{U}","manaValue":4,"colors":["U"],"colorIdentity":["R","U"],"type":"Instant","types":["Instant"],"text":"Tap target permanent.\nDraw a card.","foreignData":[{"language":"German","name":"Feuer // Eis","faceName":"Eis"}]},
	 {"name":"Fire // Ice","faceName":"Fire","side":"a","layout":"split","manaCost":"{1}{R}","manaValue":4,"colors":["R"],"colorIdentity":["R","U"],"type":"Instant","types":["Instant"],"text":"Fire deals 2 damage divided as you choose among one or two targets.","rulings":[{"date":"2021-06-18","text":"See rule 709.4."}]}]}}`
	c := NewCatalog()
	if ok, err := c.AddFile([]byte(data)); !ok || err != nil {
		t.Fatalf("AddFile = %v, %v", ok, err)
	}
	c.Finish()
	fi := mustLookup(t, c, "eis")
	if fi.Faces[0].Name != "Fire" || fi.ManaCost != "{1}{R} // {1}{U}" || !slices.Equal(fi.Colors, []string{"R", "U"}) {
		t.Errorf("faces %v cost %q colors %v", fi.Faces, fi.ManaCost, fi.Colors)
	}
	if len(fi.Rulings) != 1 || !slices.Equal(fi.Rulings[0].Refs, []string{"709.4"}) {
		t.Errorf("rulings %+v", fi.Rulings)
	}
}

func TestParseTypeLine(t *testing.T) {
	tests := []struct {
		line             string
		super, typ, subs []string
	}{
		{"Legendary Artifact Creature — Equipment Golem", []string{"Legendary"}, []string{"Artifact", "Creature"}, []string{"Equipment", "Golem"}},
		{"Basic Snow Land — Forest", []string{"Basic", "Snow"}, []string{"Land"}, []string{"Forest"}},
		{"Instant", nil, []string{"Instant"}, nil},
		{"Kindred Sorcery - Elf", nil, []string{"Kindred", "Sorcery"}, []string{"Elf"}},
		{"Creature — Human Wizard // Creature — Human Insect", nil, []string{"Creature"}, []string{"Human", "Wizard", "Insect"}},
		{"Battle — Siege", nil, []string{"Battle"}, []string{"Siege"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			s, ty, sub := ParseTypeLine(tt.line)
			if !slices.Equal(s, tt.super) || !slices.Equal(ty, tt.typ) || !slices.Equal(sub, tt.subs) {
				t.Errorf("got %v %v %v", s, ty, sub)
			}
		})
	}
}

func TestExtractRefs(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"See rule 302.6.", []string{"302.6"}},
		{"This is an exception to rule 107.3i.", []string{"107.3i"}},
		{"See rule 605, “Mana Abilities.”", []string{"605"}},
		{"See rules 701.27a and 712.9.", []string{"701.27a", "712.9"}},
		{"See rules 613.7, 613.8, and 613.9.", []string{"613.7", "613.8", "613.9"}},
		{"This follows rules 614.1c–d.", []string{"614.1c", "614.1d"}},
		{"It has 3 +1/+1 counters; rule of law 2014.", []string{}},
		{"Ruled in 2014-07-18 without a rule number.", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := ExtractRefs(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("ExtractRefs = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSearchDocs(t *testing.T) {
	c := fixtureCatalog(t)
	docs := c.SearchDocs()
	var cardDocs, rulingDocs int
	for _, d := range docs {
		switch d.Kind {
		case "card":
			cardDocs++
		case "ruling":
			rulingDocs++
			if _, ok := c.Lookup(d.ID); !ok {
				t.Errorf("ruling doc ID %q is not a card name", d.ID)
			}
		default:
			t.Errorf("unexpected kind %q", d.Kind)
		}
	}
	// 10 cards; 5 rulings whose oracle_id is in the catalogue (one is not).
	if cardDocs != 10 || rulingDocs != 5 {
		t.Errorf("%d card docs, %d ruling docs; want 10 and 5", cardDocs, rulingDocs)
	}
	for _, d := range docs {
		if d.Kind == "ruling" && d.ID == "Tarmogoyf" && strings.Contains(d.Text, "604.3") && !slices.Equal(d.Refs, []string{"604.3"}) {
			t.Errorf("ruling doc refs %v", d.Refs)
		}
		if d.Kind == "card" && d.ID == "Fire // Ice" && !strings.Contains(d.Text, "Feu // Glace") {
			t.Errorf("card doc lacks foreign names: %q", d.Text)
		}
	}
}
