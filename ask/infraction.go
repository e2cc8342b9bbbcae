package ask

import (
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// infractions recognises the IPG infraction a tournament call describes.
// Each infraction is indexed by its name, the judges' abbreviations for it
// and its definition with its examples: the situations players tell are
// the ones the IPG itself describes. The philosophy, remedies and upgrades
// that follow are left out, since they name the neighbouring infractions
// ("treat it as a Decklist Problem instead").
type infractions struct {
	ix     *search.Index
	titles map[string]string
}

// infractionParts are the headings after which an infraction's text no
// longer describes the situation.
var infractionParts = []string{"\nPhilosophy", "\nAdditional Remedy", "\nUpgrade:"}

func newInfractions(lib *tourney.Library) *infractions {
	if lib == nil || !lib.Loaded(tourney.IPG) {
		return nil
	}
	var docs []search.Doc
	titles := map[string]string{}
	for _, s := range lib.Sections(tourney.IPG) {
		if s.Penalty == "" || strings.TrimSpace(s.Text) == "" {
			continue
		}
		text := s.Text
		for _, h := range infractionParts {
			if i := strings.Index(text, h); i >= 0 {
				text = text[:i]
			}
		}
		name := s.Title
		if _, after, ok := strings.Cut(name, "—"); ok {
			name = strings.TrimSpace(after)
		}
		for _, ab := range tourney.Abbreviations {
			if ab.Number == s.Number {
				name += " " + ab.Abbrev
			}
		}
		title := "IPG " + s.Number + " " + s.Title
		titles[s.Number] = title
		docs = append(docs, search.Doc{Kind: tourney.IPG, ID: s.Number, Title: name, Text: text})
	}
	if len(docs) == 0 {
		return nil
	}
	return &infractions{ix: search.Build(docs), titles: titles}
}

// rank returns the infractions the text describes, best first.
func (in *infractions) rank(text string) []Hit {
	if in == nil {
		return nil
	}
	var out []Hit
	for _, r := range in.ix.Search(text, search.Options{Limit: 30, NoSnippet: true}) {
		out = append(out, Hit{Kind: tourney.IPG, ID: r.ID, Title: in.titles[r.ID], Snippet: in.ix.Snippet(text, r.Text), Score: r.Score})
	}
	return out
}
