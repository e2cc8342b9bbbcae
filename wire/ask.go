package wire

import (
	"sync"

	"github.com/arbiter-mtg/arbiter/ask"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
)

// asker adapts the question pipeline to the command set's port. The
// pipeline's indexes (every card name, the rules' vocabulary) are built on
// the first question, not at start: most look-ups never ask one.
type asker struct {
	kb   *rulings.KB
	once sync.Once
	a    *ask.Asker
}

// warm builds the pipeline's indexes now.
func (w *asker) warm() { w.once.Do(func() { w.a = ask.New(w.kb) }) }

func (w *asker) Ask(q string) commands.Asked {
	w.warm()
	ans := w.a.Ask(q)
	out := commands.Asked{Tournament: ans.Tournament, Setup: ans.Setup, REL: ans.REL, WritesNames: ans.WritesNames, NamesOnly: ans.NamesOnly, NotEnglish: ans.NotEnglish}
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
