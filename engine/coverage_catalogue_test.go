//go:build !race

// The catalogue-wide coverage test decodes the whole MTGJSON catalogue
// (about 12 s); under the race detector the JSON decoding alone takes
// minutes and exercises no concurrency of the engine, so it runs in
// ordinary "go test" runs only. TestCoverageCounts runs in both.

package engine

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// catalogueDefs loads every card of the whole MTGJSON catalogue in
// ../shared/cards-full with the project's card loader and returns one
// CardDef per card, or per face of a multi-face card.
func catalogueDefs(t testing.TB) []CardDef {
	t.Helper()
	dir := filepath.Join(shareddata.Root(t), "cards-full", "mtgjson-v5-20220425")
	paths, err := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no MTGJSON set files in %s (the whole catalogue belongs in ../shared/cards-full): %v", dir, err)
	}
	// Decompress in parallel; the catalogue takes files one at a time.
	type file struct {
		data []byte
		err  error
	}
	files := make([]file, len(paths))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, p := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			raw, err := os.ReadFile(p)
			if err != nil {
				files[i].err = err
				return
			}
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				files[i].err = err
				return
			}
			files[i].data, files[i].err = io.ReadAll(zr)
		}()
	}
	wg.Wait()
	cat := cards.NewCatalog()
	recognised := 0
	for i, f := range files {
		if f.err != nil {
			t.Fatalf("%s: %v", paths[i], f.err)
		}
		// A set file with no cards (art series, token-only sets) is not
		// recognised as a card file; that is not an error.
		ok, err := cat.AddFile(f.data)
		if err != nil {
			t.Fatalf("%s: %v", paths[i], err)
		}
		if ok {
			recognised++
		}
		files[i].data = nil
	}
	if recognised < len(paths)/2 {
		t.Fatalf("only %d of %d set files recognised", recognised, len(paths))
	}
	cat.Finish()
	var defs []CardDef
	for _, c := range cat.Cards() {
		if !c.HasFaces() {
			defs = append(defs, CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Supertypes: c.Supertypes,
				Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text})
			continue
		}
		for _, f := range c.Faces {
			defs = append(defs, CardDef{Name: f.Name, ManaCost: f.ManaCost, Colors: f.Colors, Supertypes: f.Supertypes,
				Types: f.Types, Subtypes: f.Subtypes, Power: f.Power, Toughness: f.Toughness, Loyalty: f.Loyalty, Text: f.Text})
		}
	}
	return defs
}

// coverageFloor is the share of static-ability sentences of permanents the
// compiler models across the whole catalogue; it may only go up.
const coverageFloor = 83.0

// cdaComputedFloor is how many characteristic-defining P/T abilities
// (604.3) of the catalogue's permanents have a value the engine computes
// (counts of permanents, of cards in graveyards and hands, counters,
// devotion); it may only go up.
const cdaComputedFloor = 136

// zoneCondFloor is how many static abilities of the catalogue's permanents
// have a condition on a graveyard, a hand or a life total the game decides
// (threshold, delirium, hellbent; zonecond.go); it may only go up.
const zoneCondFloor = 128

// TestCatalogueCoverage compiles the Oracle text of every permanent in the
// catalogue. Every static-ability sentence must be accounted for (modelled,
// rejected or unmodelled, and every one not modelled reported with its card,
// line and sentence), and the modelled share must not fall below the floor.
// Run with -v to see the figures and the 30 most common unmodelled
// templates.
func TestCatalogueCoverage(t *testing.T) {
	defs := catalogueDefs(t)
	if len(defs) < 20000 {
		t.Fatalf("catalogue has %d cards and faces; the 2022-04-25 MTGJSON catalogue has over 23,000 cards", len(defs))
	}
	r := Coverage(defs)
	if r.Cards < 10000 {
		t.Fatalf("only %d permanents compiled", r.Cards)
	}
	if r.Modelled+r.Rejected+r.Unmodelled != r.Sentences {
		t.Fatalf("modelled %d + rejected %d + unmodelled %d != %d sentences", r.Modelled, r.Rejected, r.Unmodelled, r.Sentences)
	}
	if len(r.Misses) != r.Rejected+r.Unmodelled {
		t.Fatalf("%d misses reported for %d sentences not modelled", len(r.Misses), r.Rejected+r.Unmodelled)
	}
	byName := map[string]CardDef{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	for _, m := range r.Misses {
		d, ok := byName[m.Card]
		if !ok || m.Line < 1 {
			t.Fatalf("miss %+v names no card line", m)
		}
		lines := strings.Split(d.Text, "\n")
		if m.Line > len(lines) {
			t.Fatalf("miss %+v: %s has %d lines", m, m.Card, len(lines))
		}
		line := normQuotes(reminder.ReplaceAllString(lines[m.Line-1], ""))
		want := strings.TrimSuffix(m.Sentence, ".")
		// The sentence is quoted as printed, or with the card's name as ~
		// when the name itself holds a period ("Sarpadian Empires, Vol. VII").
		if !strings.Contains(line, want) && !strings.Contains(selfRef(line, m.Card), want) {
			t.Fatalf("miss %+v: line %d of %s does not hold the sentence", m, m.Line, m.Card)
		}
	}
	total := 0
	for _, cl := range r.Classes {
		total += cl.Modelled + cl.Rejected + cl.Unmodelled
	}
	if total != r.Sentences {
		t.Fatalf("classes count %d sentences, want %d", total, r.Sentences)
	}
	// No compiled filter may name a word that is not a subtype: such a
	// filter is accepted and affects nothing it should.
	valid := crSubtypes(t)
	c := newCompiler()
	var bad []string
	for _, d := range defs {
		if isPermanentDef(d) {
			for _, x := range badSubtypes(c, d, valid) {
				bad = append(bad, d.Name+": "+x)
			}
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d compiled filters name words that are not subtypes (205.3), e.g. %q", len(bad), bad[:min(len(bad), 10)])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d permanents; %d static-ability sentences: %d modelled (%.1f%%), %d rejected, %d unmodelled\n",
		r.Cards, r.Sentences, r.Modelled, r.Percent(), r.Rejected, r.Unmodelled)
	fmt.Fprintf(&b, "lines by kind: %v\n", r.Lines)
	fmt.Fprintf(&b, "characteristic-defining P/T (613.4a): %d computed, %d unknown (%s)\n", r.CDAComputed, r.CDAUnknown, strings.Join(r.CDAUnknownTexts, "; "))
	fmt.Fprintf(&b, "static-ability conditions: %d on graveyards, hands and life totals decided by the game, %d hidden (decided by \"condition holds\")\n", r.ZoneConds, r.HiddenConds)
	for _, cl := range r.Classes {
		fmt.Fprintf(&b, "  %-45s modelled %6d  rejected %6d  unmodelled %6d\n", cl.Class, cl.Modelled, cl.Rejected, cl.Unmodelled)
	}
	b.WriteString("most common templates not modelled:\n")
	for i, tc := range r.Templates {
		if i == 30 {
			break
		}
		fmt.Fprintf(&b, "  %5d  %s  (%s)\n", tc.Count, tc.Template, tc.Example)
	}
	t.Log("\n" + b.String())
	if r.ZoneConds < zoneCondFloor {
		t.Errorf("%d conditions on graveyards, hands and life totals decided by the game, below the floor of %d", r.ZoneConds, zoneCondFloor)
	}
	if r.CDAComputed < cdaComputedFloor {
		t.Errorf("%d characteristic-defining P/T abilities computed, below the floor of %d", r.CDAComputed, cdaComputedFloor)
	}
	if got := r.Percent(); got < coverageFloor {
		t.Errorf("%.2f%% of static-ability sentences modelled, below the floor of %.2f%%", got, coverageFloor)
	}
}
