package engine

// Triggered keyword abilities whose trigger event the trigger parser has
// no form for: exalted (702.83a: "Whenever a creature you control attacks
// alone, that creature gets +1/+1 until end of turn"; each instance
// triggers separately, 702.83b; a creature attacks alone when it is the
// only creature declared as an attacker, 506.5) and prowess (702.108a:
// "Whenever you cast a noncreature spell, this creature gets +1/+1 until
// end of turn"; 702.108b). They wait to be put on the stack like any
// triggered ability (603.3).

import "fmt"

// exaltedTriggers makes each instance of exalted among the attacking
// player's permanents trigger when one creature attacks alone.
func (g *game) exaltedTriggers(s *state, attackers []*Object, line int) {
	if len(attackers) != 1 {
		return
	}
	alone := attackers[0]
	eachInstance(s, g.active, "exalted", func(o *Object) {
		g.pending = append(g.pending, &stackItem{src: o, srcName: o.display(), ctrl: g.active, line: line, subj: alone,
			spec: &trigSpec{kind: tAttacks, effect: "that creature gets +1/+1 until end of turn", rule: "702.83a"},
			text: "Exalted (that creature gets +1/+1 until end of turn)"})
		g.note(line, fmt.Sprintf("%s attacks alone: %s's exalted triggers", alone.display(), o.display()), "702.83a")
	})
}

// eachInstance calls f once for each instance of a keyword ability among
// the permanents p controls: each instance triggers separately.
func eachInstance(s *state, p Player, keyword string, f func(o *Object)) {
	for i, o := range s.objs {
		if s.ch[i].Controller != p {
			continue
		}
		for _, ai := range s.ch[i].Abilities {
			if ai.a.Keyword == keyword {
				f(o)
			}
		}
	}
}

// prowessTriggers makes each instance of prowess among the caster's
// permanents trigger when they cast a noncreature spell.
func (g *game) prowessTriggers(st *Stmt, d CardDef) {
	if containsFold(d.Types, "Creature") {
		return
	}
	eachInstance(g.current(), st.Player, "prowess", func(o *Object) {
		g.pending = append(g.pending, &stackItem{src: o, srcName: o.display(), ctrl: st.Player, line: st.Line,
			spec: &trigSpec{kind: tCastNoncreature, self: true, effect: "~ gets +1/+1 until end of turn", rule: "702.108a"},
			text: "Prowess (this creature gets +1/+1 until end of turn)"})
		g.note(st.Line, fmt.Sprintf("%s %s, a noncreature spell: %s's prowess triggers", says(st.Player, "casts"), d.Name, o.display()), "702.108a")
	})
}
