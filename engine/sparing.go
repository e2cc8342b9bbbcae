package engine

import (
	"regexp"
	"strings"
)

// "This effect doesn't remove [this Aura | Auras]" (702.16n): the
// protection the Aura gives doesn't put that Aura (or any Aura) into the
// graveyard as a state-based action; other instances of protection still
// do.

var reSpares = regexp.MustCompile(`^this effect doesn't remove (~|auras)$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "this effect doesn't remove (702.16n)",
		re:    reSpares,
		need:  []string{"doesn't remove"},
		when: func(ctx *sctx) bool {
			if !ctx.self || ctx.prev == nil {
				return false
			}
			for _, p := range ctx.prev.Parts {
				for _, a := range p.Abilities {
					if strings.HasPrefix(a.Keyword, "protection from ") {
						return true
					}
				}
			}
			return false
		},
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			ctx.prev.Spares = "self"
			if m[1] == "auras" {
				ctx.prev.Spares = "auras"
			}
			return Selector{}, true
		},
		noTemplate: true,
	})
}

// withoutSparing returns t's characteristics without the protection
// abilities granted by effects that don't remove aura (702.16n).
func (s *state) withoutSparing(t *Chars, aura *Object) *Chars {
	var keep []abInst
	changed := false
	for _, ai := range t.Abilities {
		if e := s.statics[ai.grant]; ai.grant != "" && e != nil && strings.HasPrefix(ai.a.Keyword, "protection from ") &&
			(e.t.Spares == "auras" || e.t.Spares == "self" && e.src == aura) {
			changed = true
			continue
		}
		keep = append(keep, ai)
	}
	if !changed {
		return t
	}
	n := *t
	n.Abilities = keep
	return &n
}
