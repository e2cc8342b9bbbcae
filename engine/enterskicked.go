package engine

import (
	"regexp"
	"strings"
)

// Conditional "enters with" (614.1c): "If ~ was kicked, it enters the
// battlefield with two +1/+1 counters on it and with flying", "~ enters
// the battlefield with a +1/+1 counter on it if you control a creature
// with power 4 or greater". The condition is checked as the permanent
// enters; a condition on how it was cast (kicked, 702.33) is one the
// scenario doesn't hold, stated with "(condition holds)". An ability it
// enters with is an ability it has while on the battlefield.

var (
	reKickedEnters        = regexp.MustCompile(`^if (~ was kicked(?: with its (?:\{[^}]+\})+ kicker)?), (?:it|~) enters(?: the battlefield)? with (.+)$`)
	reEntersWithCounterIf = regexp.MustCompile(`^~ enters(?: the battlefield)? with ((?:a|an|one|two|three|four|five|six|\d+) \S+ counters? on it) if (.+)$`)
	reEntersItem          = regexp.MustCompile(`^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) \S+ counters? on it$`)
)

// unmodellable stands for a part no template reads: the whole sentence
// is then rejected.
const unmodellable = "\x00"

func init() {
	addSentenceRules(
		sentenceRule{
			class: "enters with counters (614.1c)",
			re:    reKickedEnters,
			need:  []string{"kicked"},
			when:  func(ctx *sctx) bool { return ctx.self },
			split: func(m []string) []string {
				var out []string
				items := strings.Split(strings.ReplaceAll(m[2], ", and with ", " and with "), " and with ")
				for _, it := range items {
					it = strings.TrimSpace(it)
					switch {
					case reEntersItem.MatchString(it):
						out = append(out, "as long as "+m[1]+", ~ enters the battlefield with "+it)
					default:
						if _, ok := keywordList(it); !ok {
							return []string{unmodellable}
						}
						out = append(out, "as long as "+m[1]+", ~ has "+it)
					}
				}
				return out
			},
		},
		sentenceRule{
			class: "enters with counters (614.1c)",
			re:    reEntersWithCounterIf,
			need:  []string{" if "},
			when:  func(ctx *sctx) bool { return ctx.self },
			split: func(m []string) []string {
				if _, ok := parseCondition(m[2]); !ok {
					return []string{unmodellable}
				}
				return []string{"as long as " + m[2] + ", ~ enters the battlefield with " + m[1]}
			},
		},
	)
}

// entersCondHolds checks the condition of an "enters with" template as o
// enters (614.1c).
func (g *game) entersCondHolds(o *Object, t *Template) bool {
	if t.Cond == nil {
		return true
	}
	s := g.computeTo(L4, false)
	return s.condHolds(&Effect{t: t, src: o, ctrl: o.ctrl})
}
