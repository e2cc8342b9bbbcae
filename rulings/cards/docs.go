package cards

import (
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// SearchDocs returns one "card" document per card (ID and Title = name,
// Text = type line, mana cost, Oracle text and foreign names) and one
// "ruling" document per ruling (ID = card name, Title = "Name — date",
// Text = the ruling, Refs = the rules it cites). Rulings are indexed one
// by one, not joined per card, because a pasted ruling paragraph must
// match its own ruling rather than be diluted by the card's other rulings.
// Several ruling documents therefore share one ID; search.Index.Doc
// returns one of them, Search returns each.
func (c *Catalog) SearchDocs() []search.Doc {
	var docs []search.Doc
	for _, card := range c.cards {
		var b strings.Builder
		b.WriteString(card.TypeLine)
		if card.ManaCost != "" {
			b.WriteString(" ")
			b.WriteString(card.ManaCost)
		}
		b.WriteString("\n")
		b.WriteString(card.Text)
		if card.Power != "" || card.Toughness != "" {
			b.WriteString("\n" + card.Power + "/" + card.Toughness)
		}
		if card.Loyalty != "" {
			b.WriteString("\nLoyalty " + card.Loyalty)
		}
		if card.Defense != "" {
			b.WriteString("\nDefense " + card.Defense)
		}
		if len(card.ForeignNames) > 0 {
			names := make([]string, 0, len(card.ForeignNames))
			for _, f := range card.ForeignNames {
				names = append(names, f.Name)
			}
			b.WriteString("\n" + strings.Join(names, " · "))
		}
		docs = append(docs, search.Doc{Kind: "card", ID: card.Name, Title: card.Name, Text: b.String()})
		for _, r := range card.Rulings {
			refs := r.Refs
			if refs == nil {
				refs = ExtractRefs(r.Text)
			}
			docs = append(docs, search.Doc{
				Kind:  "ruling",
				ID:    card.Name,
				Title: card.Name + " — " + r.Date,
				Text:  r.Text,
				Refs:  refs,
				// The card's name and type place the ruling, like a
				// rule's headings place a subrule.
				Context:   card.Name + "\n" + card.TypeLine,
				BoostRefs: len(refs) > 0,
			})
		}
	}
	return docs
}
