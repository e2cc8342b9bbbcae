package engine

// "Target player sacrifices a creature", "Each player sacrifices two
// lands" (701.21a): each player chooses permanents they control to
// sacrifice. The engine carries it out when the choice is forced (a player
// controls no more of them than the number); otherwise the choice is the
// player's, and the scenario states it with "sacrifice REF".

import (
	"fmt"
	"regexp"
	"strings"
)

var reFxSacrifice = regexp.MustCompile(`^(target player|target opponent|each player|each opponent|defending player) sacrifices (a|an|one|two|three|four|five|\d+) (.+)$`)

func sacrificeSimple(s string) bool {
	m := reFxSacrifice.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	_, ok := sacrificeFilter(m[3])
	return ok
}

// sacrificeFilter reads what is sacrificed ("creature", "two lands", "a
// nonland permanent of their choice").
func sacrificeFilter(what string) (Filter, bool) {
	what = strings.TrimSuffix(strings.TrimSuffix(what, " of their choice"), " they control")
	return parseFilter(strings.Fields(what))
}

func (g *game) sacrifice(st *Stmt, it *stackItem, s string) bool {
	m := reFxSacrifice.FindStringSubmatch(s)
	f, ok := sacrificeFilter(m[3])
	n := 1
	if k, isNum := effNumber(m[2]); isNum {
		n = k
	}
	if !ok {
		return false
	}
	who := m[1]
	if who == "defending player" {
		who = "each opponent"
	}
	s0 := g.current()
	var moved []*Object
	for _, p := range g.fxPlayers(st, it, who) {
		var cands []*Object
		for i, o := range s0.objs {
			if o.onBF && s0.ch[i].Controller == p && s0.matches(&f, i, p, -1) {
				cands = append(cands, o)
			}
		}
		if len(cands) > n {
			var names []string
			for _, o := range cands {
				names = append(names, o.display())
			}
			g.unmodeled(st.Line, it.srcName, fmt.Sprintf("%s [%s %d of %s and chooses which to sacrifice (701.21a): state the choice with \"sacrifice REF\"]", s, says(p, "controls"), len(cands), strings.Join(names, ", ")))
			continue
		}
		for _, o := range cands {
			g.note(st.Line, fmt.Sprintf("%s %s: %s controls no other %s, so the choice is forced", says(p, "sacrifices"), o.display(), p, m[3]), "701.21a")
			moved = append(moved, o)
		}
		if len(cands) == 0 {
			g.note(st.Line, fmt.Sprintf("%s no %s: nothing is sacrificed", says(p, "controls"), m[3]), "701.21a")
		}
	}
	for _, o := range moved {
		g.moveTo(o, ZoneGraveyard, st.Line, "sacrificed")
	}
	g.leftTriggers(s0, moved, ZoneGraveyard, st.Line)
	g.cached = nil
	return true
}
