package engine

// Emblems (114): "[player] gets an emblem with [ability]" puts an emblem
// into that player's command zone (114.2). An emblem has no characteristics
// other than its abilities (114.3), and its abilities function in the
// command zone (114.4, 113.6p): a static ability of an emblem applies, like
// any static ability, to whatever its text indicates (611.3a), from the
// time the emblem was created (613.7d). Emblems are neither cards nor
// permanents (114.5) and never leave the command zone.

import (
	"fmt"
	"strings"
)

// emblemName is how a scenario refers to an emblem without an alias; an
// emblem has no name (114.3).
const emblemName = "emblem"

// emblemStmt is "you|opponent get(s) an emblem with \"TEXT\" [as ALIAS]".
func (g *game) emblemStmt(st *Stmt) {
	def := CardDef{Name: "Emblem", Text: st.Text}
	cc := g.comp.compileCard(def)
	src := fmt.Sprintf("emblem (line %d)", st.Line)
	if st.Alias != "" {
		src = st.Alias + " (emblem)"
	}
	for _, a := range cc.abilities {
		for _, t := range a.Statics {
			if t.Sel.Kind != selFilter && t.Sel.Kind != selZone && !(t.hasLayer(lRules) && t.Sel.Kind == selSelf) {
				g.unmodeled(st.Line, src, t.Sentence+" [an emblem's ability applies only to what its text names (114.4): this one names the emblem itself]")
				continue
			}
			g.addEffect(&Effect{t: t, srcName: src, ctrl: st.Player, line: st.Line, emblem: true})
		}
	}
	for _, u := range cc.unmodeled {
		g.unmodeled(st.Line, src, u)
		g.dependsOn(u)
	}
	p := g.pl(st.Player)
	g.nextID++
	p.zones[ZoneCommand] = append(p.zones[ZoneCommand], &card{id: g.nextID, name: emblemName, alias: st.Alias, def: def, owner: st.Player, line: st.Line, how: "created"})
	g.note(st.Line, fmt.Sprintf("%s an emblem in the command zone with %q: its abilities function there (114.4)", says(st.Player, "gets"), strings.TrimSpace(st.Text)), "114.2")
	if g.comp.control {
		g.tracking = true
	}
}

// emblemAffected is the set an emblem's static ability applies to now:
// the permanents its text names, for the emblem's owner as "you" (114.2).
func (s *state) emblemAffected(e *Effect, record bool) []int {
	if set, ok := s.started[e.key]; ok {
		return set
	}
	var out []int
	if e.t.Sel.Kind == selFilter {
		for i := range s.objs {
			if s.matches(&e.t.Sel.F, i, e.ctrl, -1) {
				out = append(out, i)
			}
		}
	}
	if record {
		s.started[e.key] = out // 613.6: the same set in its later layers
	}
	return out
}
