package wire

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
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
	s, ok := l.l.Section(doc, id)
	if !ok && doc == tourney.IPG {
		if n, found := l.l.ResolveAbbrev(id); found {
			s, ok = l.l.Section(doc, n)
		}
	}
	if !ok {
		if found := l.l.Find(doc, id); len(found) > 0 {
			s, ok = found[0], true
		}
	}
	var typos []*tourney.Section
	if !ok {
		// A title typed with a typo ("missed triger") is that section
		// when only one title fits; several are suggested.
		if typos = l.l.FindTypos(doc, id); len(typos) == 1 {
			s, ok = typos[0], true
		}
	}
	if !ok {
		var sug []string
		for _, t := range typos {
			sug = append(sug, t.Number)
		}
		for _, c := range l.Complete(doc, id, 5) {
			if !slices.Contains(sug, c.Value) {
				sug = append(sug, c.Value)
			}
		}
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
	if !l.l.Loaded(doc) {
		return nil
	}
	q := strings.TrimSpace(strings.ToLower(prefix))
	var out []commands.Choice
	seen := map[string]bool{}
	add := func(value, name string) {
		if !seen[value] && len(out) < n {
			seen[value] = true
			out = append(out, commands.Choice{Name: name, Value: value})
		}
	}
	if doc == tourney.IPG && q != "" {
		for _, a := range tourney.Abbreviations {
			if strings.HasPrefix(strings.ToLower(a.Abbrev), q) {
				if s, ok := l.l.Section(doc, a.Number); ok {
					add(s.Number, fmt.Sprintf("%s — %s %s", a.Abbrev, s.Number, s.Title))
				}
			}
		}
	}
	k := fold.Key(q)
	for _, s := range l.l.Sections(doc) {
		if q == "" || strings.HasPrefix(strings.ToLower(s.Number), q) {
			add(s.Number, s.Number+" "+s.Title)
		}
	}
	for _, s := range l.l.Sections(doc) {
		if k != "" && strings.Contains(fold.Key(s.Title), k) {
			add(s.Number, s.Number+" "+s.Title)
		}
	}
	return out
}
