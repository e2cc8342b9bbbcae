package engine

import (
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// catalogSource adapts the card catalog to CardSource.
type catalogSource struct{ c *cards.Catalog }

// CatalogSource returns a CardSource over a loaded card catalog. A scenario
// names cards exactly (after case/accent folding) or by one face of a
// multi-face card; a near miss is not guessed but answered with
// suggestions, so a typo never silently puts the wrong card on the
// battlefield.
func CatalogSource(c *cards.Catalog) CardSource { return catalogSource{c} }

func (s catalogSource) Card(name string) (CardDef, bool) {
	if s.c == nil {
		return CardDef{}, false
	}
	card, ok := s.c.Lookup(name)
	if !ok {
		return CardDef{}, false
	}
	k := fold.Key(name)
	if fold.Key(card.Name) == k {
		if card.HasFaces() {
			return faceDef(card, card.Faces[0]), true
		}
		return CardDef{Name: card.Name, ManaCost: card.ManaCost, Colors: card.Colors, Supertypes: card.Supertypes,
			Types: card.Types, Subtypes: card.Subtypes, Power: card.Power, Toughness: card.Toughness, Text: card.Text}, true
	}
	for _, f := range card.Faces {
		if fold.Key(f.Name) == k {
			return faceDef(card, f), true
		}
	}
	return CardDef{}, false
}

func faceDef(card *cards.Card, f cards.Face) CardDef {
	colors := f.Colors
	if colors == nil {
		colors = colorsOfCost(f.ManaCost)
	}
	return CardDef{Name: f.Name, ManaCost: f.ManaCost, Colors: colors, Supertypes: f.Supertypes, Types: f.Types,
		Subtypes: f.Subtypes, Power: f.Power, Toughness: f.Toughness, Text: f.Text}
}

func (s catalogSource) Suggest(name string) []string {
	if s.c == nil {
		return nil
	}
	return s.c.Suggest(name, 5)
}
