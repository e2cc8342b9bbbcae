package ask

import (
	"fmt"
	"slices"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// setup writes the named cards as scenario lines the user can run
// (/scenario add, or arbiter scenario): each permanent enters with an
// alias, each Aura, instant or sorcery is cast targeting the first of
// them, and the first is asked about. It is empty when no named card is a
// permanent that could be put on the battlefield.
func setup(named []*cards.Card) []string {
	var lines, aliases []string
	var spells []*cards.Card
	for _, c := range named {
		switch {
		case slices.Contains(c.Types, "Instant") || slices.Contains(c.Types, "Sorcery") || slices.Contains(c.Subtypes, "Aura"):
			spells = append(spells, c)
		case isPermanent(c) && len(c.Faces) == 0:
			alias := fmt.Sprintf("P%d", len(aliases)+1)
			aliases = append(aliases, alias)
			lines = append(lines, c.Name+" as "+alias)
		}
	}
	if len(aliases) == 0 {
		return nil
	}
	for _, s := range spells {
		lines = append(lines, "cast "+s.Name+" targeting "+aliases[0])
	}
	lines = append(lines, "? "+aliases[0])
	if slices.ContainsFunc(named, func(c *cards.Card) bool { return slices.Contains(c.Types, "Creature") }) || len(spells) > 0 {
		lines = append(lines, "? can "+aliases[0]+" attack")
	}
	return lines
}

func isPermanent(c *cards.Card) bool {
	for _, t := range c.Types {
		switch t {
		case "Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle":
			return true
		}
	}
	return false
}
