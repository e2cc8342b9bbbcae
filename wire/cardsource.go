package wire

import (
	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// cardSource adapts the card catalog to CardSource.
type cardSource struct{ c *cards.Catalog }

// CardSource returns a CardSource over a loaded card catalog. A scenario
// names cards exactly (after case/accent folding) or by one face of a
// multi-face card; a near miss is not guessed but answered with
// suggestions, so a typo never silently puts the wrong card on the
// battlefield.
func CardSource(c *cards.Catalog) engine.CardSource { return cardSource{c} }

func (s cardSource) Card(name string) (engine.CardDef, bool) {
	if s.c == nil {
		return engine.CardDef{}, false
	}
	card, ok := s.c.Lookup(name)
	if !ok {
		return engine.CardDef{}, false
	}
	k := fold.Key(name)
	if fold.Key(card.Name) == k {
		if card.HasFaces() {
			d := faceDef(card, card.Faces[0])
			if card.Layout == "transform" && len(card.Faces) == 2 {
				// A nonmodal double-faced card (712.2): its back face
				// goes with it, for "transform REF".
				b := faceDef(card, card.Faces[1])
				d.Back = &b
			}
			return d, true
		}
		return engine.CardDef{Name: card.Name, ManaCost: card.ManaCost, Colors: card.Colors, Supertypes: card.Supertypes,
			Types: card.Types, Subtypes: card.Subtypes, Power: card.Power, Toughness: card.Toughness, Loyalty: card.Loyalty, Text: card.Text}, true
	}
	for i, f := range card.Faces {
		if fold.Key(f.Name) == k {
			d := faceDef(card, f)
			if i == 0 && card.Layout == "transform" && len(card.Faces) == 2 {
				b := faceDef(card, card.Faces[1])
				d.Back = &b
			}
			return d, true
		}
	}
	return engine.CardDef{}, false
}

func faceDef(card *cards.Card, f cards.Face) engine.CardDef {
	colors := f.Colors
	if colors == nil {
		colors = engine.ColorsOfCost(f.ManaCost)
	}
	return engine.CardDef{Name: f.Name, ManaCost: f.ManaCost, Colors: colors, Supertypes: f.Supertypes, Types: f.Types,
		Subtypes: f.Subtypes, Power: f.Power, Toughness: f.Toughness, Loyalty: f.Loyalty, Text: f.Text}
}

func (s cardSource) Suggest(name string) []string {
	if s.c == nil {
		return nil
	}
	return s.c.Suggest(name, 5)
}
