package tourney

import "strings"

// Doc is what the search index takes; it mirrors search.Doc field for
// field.
type Doc struct {
	Kind, ID, Title, Text string
	Refs                  []string
}

// SearchDocs returns one document per section with text, of kind "mtr",
// "ipg" or "jar", ID = section number, Title = "MTR 4.2 Tournament
// Shortcuts". IPG penalties lead the text so "what is the penalty for …"
// finds them.
func (l *Library) SearchDocs() []Doc {
	var docs []Doc
	for _, d := range Docs {
		for _, s := range l.Sections(d) {
			if strings.TrimSpace(s.Text) == "" {
				continue
			}
			text := s.Text
			if s.Penalty != "" {
				text = "Penalty: " + s.Penalty + "\n" + text
			}
			docs = append(docs, Doc{
				Kind:  d,
				ID:    s.Number,
				Title: strings.ToUpper(d) + " " + s.Number + " " + s.Title,
				Text:  text,
				Refs:  s.Refs,
			})
		}
	}
	return docs
}
