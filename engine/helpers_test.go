package engine

import (
	"context"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// testCards is the real M15 and THS card data from ../shared/data, read by
// the product's card catalog (the two sets hold no multi-face cards).
func testCards(t testing.TB) CardSource {
	t.Helper()
	var defs []CardDef
	for _, c := range testkb.KB(t).Cards.Cards() {
		defs = append(defs, CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Supertypes: c.Supertypes,
			Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text})
	}
	return testSource{NewMapSource(defs...), testkb.KB(t).Cards}
}

// testSource names close matches with the catalog's own suggestions, as
// the product's card source does.
type testSource struct {
	MapSource
	cat *cards.Catalog
}

func (s testSource) Suggest(name string) []string { return s.cat.Suggest(name, 5) }

// cardRulings returns the published rulings of a card in the test data.
func cardRulings(t testing.TB, name string) []string {
	t.Helper()
	c, ok := testkb.KB(t).Cards.Lookup(name)
	if !ok {
		t.Fatalf("card %q is not in the test data", name)
	}
	var out []string
	for _, r := range c.Rulings {
		out = append(out, r.Text)
	}
	return out
}

// run runs a scenario to the end (its context is never cancelled).
func run(s *Script, cards CardSource) *Report {
	r, err := Run(context.Background(), s, cards)
	if err != nil {
		panic(err) // context.Background is never cancelled
	}
	return r
}

// mustRun parses and runs a scenario and fails on syntax or run errors.
func mustRun(t testing.TB, src string, cards CardSource) *Report {
	t.Helper()
	s, err := Parse(src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	r := run(s, cards)
	if len(r.Errors) > 0 {
		t.Fatalf("run errors: %+v\n%s", r.Errors, src)
	}
	return r
}

// result returns the result for a query line.
func result(t testing.TB, r *Report, line int) QueryResult {
	t.Helper()
	for _, q := range r.Results {
		if q.Line == line {
			return q
		}
	}
	t.Fatalf("no result for line %d in %+v", line, r.Results)
	return QueryResult{}
}
