package engine

// Persist (702.79a) and undying (702.93a): "When this permanent is put
// into a graveyard from the battlefield, if it had no -1/-1 [+1/+1]
// counters on it, return it to the battlefield under its owner's control
// with a -1/-1 [+1/+1] counter on it." The trigger looks back at the
// permanent as it last existed on the battlefield (603.10a): its
// abilities and counters then decide, and the intervening "if" (603.4)
// is checked as it triggers. It returns the card that went to the
// graveyard, a new object (400.7), as long as that card is still there.

import (
	"fmt"
	"slices"
)

// diesReturns are the keywords that return a permanent that died, with
// their rule and the counter it must not have had and enters with.
var diesReturns = []struct{ keyword, rule, counter string }{
	{"persist", "702.79a", "-1/-1"},
	{"undying", "702.93a", "+1/+1"},
}

// returnText is the effect of such an ability, as carryOut reads it.
func returnText(counter string) string {
	return "return it to the battlefield under its owner's control with a " + counter + " counter on it"
}

// returnsFromDying makes o's persist or undying ability trigger when o has
// died (s is the state just before): its controller then controls the
// ability (603.3a).
func (g *game) returnsFromDying(s *state, o *Object, line int) {
	i, ok := s.slot[o]
	if !ok || o.became == nil {
		return
	}
	c := s.ch[i]
	for _, k := range diesReturns {
		if !c.hasKeyword(k.keyword) {
			continue
		}
		if n := o.counters[k.counter]; n > 0 {
			g.note(line, fmt.Sprintf("%s had %s on it as it died: its %s ability doesn't trigger (an intervening \"if\", 603.4)", o.display(), countersOf(n, k.counter), k.keyword), k.rule)
			continue
		}
		name := o.display()
		g.pending = append(g.pending, &stackItem{srcName: name, ctrl: c.Controller, line: line,
			spec: &trigSpec{kind: tDies, self: true, effect: returnText(k.counter), rule: k.rule},
			text: returnText(k.counter), returns: o.became, counter: k.counter})
		g.note(line, fmt.Sprintf("%s died with no %s counter on it: its %s ability triggers", name, k.counter, k.keyword), k.rule)
	}
}

// returnDied resolves a persist or undying ability: the card returns from
// its owner's graveyard with the counter, unless it has left the
// graveyard or is a token, which ceased to exist (111.7, 704.5d).
func (g *game) returnDied(st *Stmt, it *stackItem) bool {
	c := it.returns
	if c.token {
		g.note(st.Line, fmt.Sprintf("%s was a token: it ceased to exist in the graveyard, and nothing returns", c.name), "111.7")
		return true
	}
	ps := g.pl(c.owner)
	k := slices.Index(ps.zones[ZoneGraveyard], c)
	if k < 0 {
		g.note(st.Line, fmt.Sprintf("%s is no longer in %s graveyard: the ability returns nothing (a card that changes zones is a new object, 400.7)", c.name, poss(c.owner)), "400.7")
		return true
	}
	ps.zones[ZoneGraveyard] = slices.Delete(ps.zones[ZoneGraveyard], k, k+1)
	es := *st
	es.Alias = ""
	o := g.enter(&es, c.def, Mods{New: true, Counters: []CounterMod{{N: 1, Kind: it.counter}}}, c.owner)
	if o != nil {
		o.owner = c.owner
		g.note(st.Line, fmt.Sprintf("%s returns to the battlefield under %s control with a %s counter on it: a new object (refer to it as %s)", c.name, poss(c.owner), it.counter, c.name), "400.7")
	}
	g.cached = nil
	return true
}
