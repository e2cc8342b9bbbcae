package wire

import (
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

type kbSearch struct{ kb *rulings.KB }

func (s kbSearch) Search(q string, kinds []string, limit int) []commands.SearchHit {
	var out []commands.SearchHit
	for _, r := range s.kb.Search(q, search.Options{Kinds: kinds, Limit: limit}) {
		out = append(out, commands.SearchHit{Kind: r.Kind, ID: r.ID, Title: r.Title, Snippet: r.Snippet, Score: r.Score, Refs: r.Refs})
	}
	return out
}
