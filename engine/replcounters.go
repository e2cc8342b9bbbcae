package engine

import (
	"regexp"
)

// Templates of replacement effects on counters (614.1a, 614.16) and of
// redirection of damage (614.9).

const (
	classCounters = "more or fewer counters put instead (614.1a)"
	classRedirect = "damage dealt to another instead (614.9)"
)

var (
	// "If one or more +1/+1 counters would be put on a creature you
	// control, that many plus one +1/+1 counters are put on it instead"
	// (Hardened Scales); "twice that many" (Corpsejack Menace); "that
	// many -1/-1 counters minus one" (Vizier of Remedies); "that many
	// plus one of each of those kinds of counters" (Winding Constrictor).
	reCountersInstead = regexp.MustCompile(`^if one or more (?:(\S+) )?counters would be put on (.+?), (that many plus one|twice that many|that many \S+ counters minus one)(?: \S+ counters| of each of those kinds of counters)? are put on (?:it|that creature|that permanent) instead$`)
	// Doubling Season: "If an effect would put one or more counters on a
	// permanent you control, it puts twice that many of those counters on
	// that permanent instead".
	reEffectCountersTwice = regexp.MustCompile(`^if an effect would put one or more (?:(\S+) )?counters on (.+?), it puts twice that many of those counters on that permanent instead$`)

	// "All damage that would be dealt to you is dealt to enchanted
	// creature instead" (Pariah); "... to enchanted creature is dealt to
	// its controller instead" (Treacherous Link); "all combat damage that
	// would be dealt to you by unblocked creatures is dealt to ~ instead"
	// (Veteran Bodyguard).
	reRedirect = regexp.MustCompile(`^all (combat )?damage that would be dealt to (.+?)(?: by (.+?))? is dealt to (~|enchanted creature|equipped creature|its controller) instead$`)
)

func init() {
	addSentenceRules(
		sentenceRule{
			class: classCounters,
			re:    reCountersInstead,
			need:  []string{"counters would be put"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Kind: rkCounters, Counter: m[1], CMult: 1}
				switch {
				case m[3] == "that many plus one":
					r.CPlus = 1
				case m[3] == "twice that many":
					r.CMult = 2
				default:
					r.CPlus = -1
				}
				return buildCounterRepl(c, t, ctx, r, m[2])
			},
		},
		sentenceRule{
			class: classCounters,
			re:    reEffectCountersTwice,
			need:  []string{"if an effect would put"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Kind: rkCounters, Counter: m[1], CMult: 2}
				return buildCounterRepl(c, t, ctx, r, m[2])
			},
		},
		sentenceRule{
			class: classRedirect,
			re:    reRedirect,
			need:  []string{"is dealt to"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if !ctx.self {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkRedirect, Role: roleTo, Combat: combatWord(m[1])}
				switch m[4] {
				case "~":
					r.RedirTo = 1
				case "its controller":
					r.RedirTo = 3
				default:
					r.RedirTo = 2
				}
				switch {
				case m[3] == "unblocked creatures":
					r.SrcUnblocked = true
				case m[3] != "":
					f, ok := parseSource(m[3])
					if !ok {
						return Selector{}, false
					}
					r.Src = f
				}
				players, sel, ok := c.replSubject(m[2], ctx)
				if !ok || r.RedirTo == 3 && players != 0 {
					return Selector{}, false
				}
				r.Text = "the damage that would be dealt to it is dealt to " + m[4] + " instead: a redirection effect"
				return c.replTemplate(t, r, players, sel), true
			},
		},
	)
}

// buildCounterRepl makes the template of a counter replacement on the
// permanents x names ("a creature you control", "~", "a permanent you
// control").
func buildCounterRepl(c *compiler, t *Template, ctx *sctx, r *Replacement, x string) (Selector, bool) {
	players, sel, ok := c.replSubject(x, ctx)
	if !ok || players != 0 || sel == nil {
		return Selector{}, false
	}
	kind := "counters"
	if r.Counter != "" {
		kind = r.Counter + " counters"
	}
	switch {
	case r.CMult == 2:
		r.Text = "twice that many " + kind + " are put on it instead: a replacement effect"
	case r.CPlus > 0:
		r.Text = "that many plus one " + kind + " are put on it instead: a replacement effect"
	default:
		r.Text = "that many " + kind + " minus one are put on it instead: a replacement effect"
	}
	return c.replTemplate(t, r, 0, sel), true
}

// "Enchanted creature gets +2/+2 and assigns combat damage equal to its
// toughness rather than its power" (Gauntlets of Light), "... rather than
// its power and can attack as though it didn't have defender" (Arcades):
// two sentences about the same subject.
var (
	reGetsAndAssigns = regexp.MustCompile(`^(enchanted creature|equipped creature|~) (gets [+-]\d+/[+-]\d+) and (assigns combat damage equal to its toughness rather than its power)$`)
	reAssignsAnd     = regexp.MustCompile(`^(.+?) (assigns combat damage equal to its toughness rather than its power) and (.+)$`)
)

func init() {
	addSentenceRules(sentenceRule{
		class: "combat or untap rule (613.11)",
		re:    reGetsAndAssigns,
		need:  []string{"rather than"},
		split: func(m []string) []string { return []string{m[1] + " " + m[2], m[1] + " " + m[3]} },
	}, sentenceRule{
		class: "combat or untap rule (613.11)",
		re:    reAssignsAnd,
		need:  []string{"rather than"},
		split: func(m []string) []string { return []string{m[1] + " " + m[2], m[1] + " " + m[3]} },
	})
}
