package engine

import (
	"encoding/json"
	"os"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

// mtgjsonSet is the part of an MTGJSON v5 set file the tests read.
type mtgjsonSet struct {
	Data struct {
		Cards []struct {
			Name       string   `json:"name"`
			ManaCost   string   `json:"manaCost"`
			Colors     []string `json:"colors"`
			Supertypes []string `json:"supertypes"`
			Types      []string `json:"types"`
			Subtypes   []string `json:"subtypes"`
			Power      string   `json:"power"`
			Toughness  string   `json:"toughness"`
			Text       string   `json:"text"`
			Rulings    []struct {
				Text string `json:"text"`
			} `json:"rulings"`
		} `json:"cards"`
	} `json:"data"`
}

var (
	cardsOnce sync.Once
	cardsSrc  MapSource
	rulingsBy map[string][]string
	cardsErr  error
)

// testCards loads the real M15 and THS card files from ../shared/data.
func testCards(t testing.TB) MapSource {
	t.Helper()
	m15 := shareddata.Path(t, "cards/mtgjson-v5/M15.json")
	ths := shareddata.Path(t, "cards/mtgjson-v5/THS.json")
	cardsOnce.Do(func() {
		cardsSrc = MapSource{}
		rulingsBy = map[string][]string{}
		for _, p := range []string{m15, ths} {
			b, err := os.ReadFile(p)
			if err != nil {
				cardsErr = err
				return
			}
			var set mtgjsonSet
			if err := json.Unmarshal(b, &set); err != nil {
				cardsErr = err
				return
			}
			for _, c := range set.Data.Cards {
				d := CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Supertypes: c.Supertypes,
					Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Text: c.Text}
				cardsSrc[foldKey(c.Name)] = d
				for _, r := range c.Rulings {
					rulingsBy[c.Name] = append(rulingsBy[c.Name], r.Text)
				}
			}
		}
	})
	if cardsErr != nil {
		t.Fatalf("loading card data: %v", cardsErr)
	}
	return cardsSrc
}

// cardRulings returns the published rulings of a card in the test data.
func cardRulings(t testing.TB, name string) []string {
	testCards(t)
	return rulingsBy[name]
}

// mustRun parses and runs a scenario and fails on syntax or run errors.
func mustRun(t testing.TB, src string, cards CardSource) *Report {
	t.Helper()
	s, err := Parse(src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	r := Run(s, cards)
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
