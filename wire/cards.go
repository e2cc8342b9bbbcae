package wire

import (
	"fmt"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

type catalog struct{ c *cards.Catalog }

func (c catalog) Card(name string) (*commands.Card, []string, bool) {
	k, others, ok := c.c.LookupAll(name)
	if !ok {
		return nil, c.c.Suggest(name, 5), false
	}
	out := &commands.Card{Name: k.Name, ManaCost: k.ManaCost, TypeLine: k.TypeLine, Oracle: k.Text, URL: k.ScryfallURL, Others: others}
	switch {
	case k.HasFaces():
		// Each face shows its own lines; the card-level fields join them.
		var b strings.Builder
		for i, f := range k.Faces {
			if i > 0 {
				b.WriteString("\n\n")
			}
			fmt.Fprintf(&b, "**%s** %s\n*%s*", f.Name, f.ManaCost, f.TypeLine)
			if f.Text != "" {
				b.WriteString("\n" + f.Text)
			}
			if s := stats(f.Power, f.Toughness, f.Loyalty, f.Defense); s != "" {
				b.WriteString("\n" + s)
			}
		}
		out.Oracle, out.TypeLine = b.String(), k.TypeLine
	default:
		out.Stats = stats(k.Power, k.Toughness, k.Loyalty, k.Defense)
	}
	for _, r := range k.Rulings {
		out.Rulings = append(out.Rulings, commands.CardRuling{Date: r.Date, Text: r.Text, Refs: r.Refs})
	}
	return out, nil, true
}

func stats(p, t, loyalty, defense string) string {
	switch {
	case p != "" || t != "":
		return p + "/" + t
	case loyalty != "":
		return "Loyalty " + loyalty
	case defense != "":
		return "Defense " + defense
	}
	return ""
}

func (c catalog) Complete(prefix string, n int) []string {
	if strings.TrimSpace(prefix) == "" {
		return nil
	}
	return c.c.Autocomplete(prefix, n)
}
