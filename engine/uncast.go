package engine

import (
	"fmt"
	"regexp"
)

// Containment Priest: "If a nontoken creature would enter the battlefield
// and it wasn't cast, exile it instead." A replacement effect (614.1a)
// on a creature card entering by any way but resolving as a spell: put
// there from a graveyard, returned by persist or from exile, or stated
// entering now (`new`); it is exiled instead, and the replaced event never
// happens, so nothing triggers on its entering.

const ruleTextExileUncast = "a nontoken creature that would enter the battlefield without having been cast is exiled instead"

var reExileUncast = regexp.MustCompile(`^if a nontoken creature would enter(?: the battlefield)? and it wasn't cast, exile it instead$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "enters replacement (614.1a)",
		re:    reExileUncast,
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			c.exileUncast = true
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "614.1a", RuleText: ruleTextExileUncast}}
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	})
}

// exiledInstead applies such an effect to a card about to enter: when one
// applies, the card is put into its owner's exile instead, noted, and it
// reports true.
func (g *game) exiledInstead(st *Stmt, d CardDef, m Mods, owner Player) bool {
	if !g.comp.exileUncast || !m.New || m.Cast || m.Token || !containsFold(d.Types, "Creature") {
		return false
	}
	o := g.compute(false).ruleSource(ruleTextExileUncast)
	if o == nil {
		return false
	}
	g.nextID++
	ps := g.pl(owner)
	ps.zones[ZoneExile] = append(ps.zones[ZoneExile], &card{id: g.nextID, name: d.Name, alias: st.Alias, def: d, owner: owner, line: st.Line, how: "exiled"})
	g.note(st.Line, fmt.Sprintf("%s would enter the battlefield without having been cast; %s (%s) exiles it instead, and the replaced event never happens: it never entered, so nothing triggers on it", d.Name, "If a nontoken creature would enter the battlefield and it wasn't cast, exile it instead", o.display()), "614.1a")
	g.cached = nil
	return true
}
