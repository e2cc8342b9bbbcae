package wire

import (
	"fmt"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

type library struct{ l *tourney.Library }

func (l library) Section(doc, id string) (*commands.DocSection, []string, bool) {
	if !l.l.Loaded(doc) {
		return nil, nil, false
	}
	eff := ""
	if d := l.l.EffectiveDate(doc); !d.IsZero() {
		eff = d.Format("2006-01-02")
	}
	name := strings.ToUpper(doc)
	if strings.TrimSpace(id) == "" {
		// The whole document: its sections in order (the router pages it).
		var b strings.Builder
		for _, s := range l.l.Sections(doc) {
			fmt.Fprintf(&b, "**%s %s**\n%s\n\n", s.Number, s.Title, strings.TrimSpace(s.Text))
		}
		return &commands.DocSection{Doc: name, Title: tourney.DocTitle[doc], Text: strings.TrimSpace(b.String()), Effective: eff}, nil, true
	}
	s, sug := l.l.Lookup(doc, id)
	if s == nil {
		return nil, sug, false
	}
	text := strings.TrimSpace(s.Text)
	if len(s.Children) > 0 {
		var b strings.Builder
		b.WriteString(text)
		for _, cid := range s.Children {
			if c, ok := l.l.Section(doc, cid); ok {
				fmt.Fprintf(&b, "\n\n**%s %s**", c.Number, c.Title)
			}
		}
		text = strings.TrimSpace(b.String())
	}
	return &commands.DocSection{Doc: name, ID: s.Number, Title: s.Title, Text: text, Penalty: s.Penalty, Effective: eff}, nil, true
}

// Complete suggests sections by number prefix, then by title words; for
// the IPG the judges' abbreviations come first.
func (l library) Complete(doc, prefix string, n int) []commands.Choice {
	var out []commands.Choice
	for _, c := range l.l.Complete(doc, prefix, n) {
		out = append(out, commands.Choice{Name: c.Label, Value: c.Number})
	}
	return out
}
