// Package wire binds the command set's ports to their implementations: the
// knowledge base (rules, glossary, search, cards, tournament documents) and
// the scenario engine. It is the only place that knows both sides, so a new
// data source is one loader in rulings and one adapter here.
package wire

import (
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// FromKB builds the command set's sources from the loaded knowledge base:
// the CR and its glossary, the search index, cards, tournament documents
// and the scenario engine (with the loaded cards). Sources the data
// directory lacks stay nil, and their commands say so.
func FromKB(kb *rulings.KB) commands.Deps {
	d := commands.Deps{CR: kb.CR, Glossary: kb, Search: kbSearch{kb}, Ask: &asker{kb: kb}, Versions: NewVersions(kb)}
	if kb.Cards != nil && kb.Cards.Len() > 0 {
		d.Cards = catalog{kb.Cards}
	}
	if kb.Tourney != nil {
		for _, doc := range tourney.Docs {
			if kb.Tourney.Loaded(doc) {
				d.Docs = library{kb.Tourney}
				break
			}
		}
	}
	// Scenarios name cards exactly (or by one face); the engine's adapter
	// answers near misses with suggestions instead of guessing.
	d.Scenarios = Scenarios{Cards: CardSource(kb.Cards)}
	return d
}
