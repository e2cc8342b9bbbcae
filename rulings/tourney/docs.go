package tourney

import (
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// SearchDocs returns one document per section with text, of kind "mtr",
// "ipg" or "jar", ID = section number, Title = "MTR 4.2 Tournament
// Shortcuts". IPG penalties lead the text so "what is the penalty for …"
// finds them.
func (l *Library) SearchDocs() []search.Doc {
	var docs []search.Doc
	for _, d := range Docs {
		for _, s := range l.Sections(d) {
			if strings.TrimSpace(s.Text) == "" {
				continue
			}
			text := s.Text
			if s.Penalty != "" {
				text = "Penalty: " + s.Penalty + "\n" + text
			}
			docs = append(docs, search.Doc{
				Kind:    d,
				ID:      s.Number,
				Title:   strings.ToUpper(d) + " " + s.Number + " " + s.Title,
				Text:    text,
				Refs:    s.Refs,
				Context: sectionContext(l, d, s),
			})
		}
	}
	return docs
}

// sectionContext names the document and the parent section ("MTR",
// "Communication") so "mtr communication" finds 4.x.
func sectionContext(l *Library, doc string, s *Section) string {
	ctx := strings.ToUpper(doc) + " " + DocTitle[doc]
	if p, ok := l.Section(doc, s.Parent); ok && s.Parent != "" {
		ctx += "\n" + p.Title
	}
	return ctx
}
