package engine

import (
	"regexp"
	"strings"
)

// Exchange of control (701.12b): each of two permanents comes under the
// control of the player who controlled the other as the exchange happened;
// if one player controls both, the exchange does nothing. It is a layer-2
// effect on both targets (613.1b), its new controllers fixed as it begins.

var reExchange = regexp.MustCompile(`^exchange control of (?:two target (.+)|target (.+?) and (?:another )?target (.+))$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "exchange control (701.12b)",
		re:    reExchange,
		need:  []string{"exchange"},
		when:  func(ctx *sctx) bool { return !ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			var f Filter
			if m[1] != "" {
				var ok bool
				if f, ok = parseFilter(strings.Fields(m[1])); !ok {
					return Selector{}, false
				}
			} else {
				a, ok1 := parseFilter(strings.Fields(m[2]))
				b, ok2 := parseFilter(strings.Fields(m[3]))
				if !ok1 || !ok2 {
					return Selector{}, false
				}
				// One target of each kind: a target must be either.
				f = Filter{Or: []Filter{a, b}}
			}
			sel := Selector{Kind: selTarget, Target: ctx.targets, Count: 2, F: f, Noun: "the two targets"}
			ctx.targets += 2
			t.Parts = []Part{{Layer: L2, Op: opExchange}}
			c.control = true
			return sel, true
		},
	})
	ops[opExchange] = opInfo{
		name:   "exchange control",
		writes: fControl,
		reads:  fControl,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			swap := e.swap
			if swap == nil {
				// Fixed as the exchange happens (the first time the state
				// is computed after it resolves): each target's controller
				// then, before either changes. A trial application (613.8a)
				// fixes nothing.
				swap = map[*Object]Player{}
				for _, o := range e.locked {
					if i, ok := s.slot[o]; ok {
						swap[o] = s.ch[i].Controller
					}
				}
				if !s.trial {
					e.swap = swap
				}
			}
			var it, other *Object
			for _, o := range e.locked {
				if i, ok := s.slot[o]; ok && s.ch[i] == c {
					it = o
				} else {
					other = o
				}
			}
			if it == nil || other == nil || len(swap) != 2 {
				return "the exchange can't be completed: nothing happens (701.12a)"
			}
			if swap[it] == swap[other] {
				return "both are controlled by " + swap[it].String() + ": the exchange does nothing (701.12b)"
			}
			c.Controller = swap[other]
			return "control exchanged: controlled by " + c.Controller.String()
		},
	}
}
