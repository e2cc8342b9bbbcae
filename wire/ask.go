package wire

import (
	"github.com/arbiter-mtg/arbiter/ask"
	"github.com/arbiter-mtg/arbiter/commands"
)

// asker adapts the question pipeline to the command set's port.
type asker struct{ a *ask.Asker }

func (w asker) Ask(q string) commands.Asked {
	ans := w.a.Ask(q)
	out := commands.Asked{Tournament: ans.Tournament}
	for _, c := range ans.Cards {
		out.Cards = append(out.Cards, c.Name)
	}
	for _, h := range ans.Top() {
		out.Sources = append(out.Sources, commands.SearchHit{Kind: h.Kind, ID: h.ID, Title: h.Title, Snippet: h.Snippet, Score: h.Score})
	}
	for _, r := range ans.Rulings {
		out.Rulings = append(out.Rulings, commands.AskedRuling{Card: r.Card, CardRuling: commands.CardRuling{Date: r.Date, Text: r.Text, Refs: r.Refs}})
	}
	return out
}
