package engine

import (
	"regexp"
	"strings"
)

// More rules about objects (613.11) and abilities that function outside
// the battlefield (113.6), each shown with the rule that gives it meaning.

func init() {
	ruleEffects = append(ruleEffects, []struct {
		re         *regexp.Regexp
		text, rule string
	}{
		// 301.5, 303.4: what may be attached to it.
		{regexp.MustCompile(`^can't be equipped$`), "Equipment can't become attached to it", "301.5"},
		{regexp.MustCompile(`^can't be enchanted(?: by other auras| by auras)?$`), "Auras can't become attached to it", "303.4c"},
		// 701.21a: sacrificing is its controller's action; this prohibits it.
		{regexp.MustCompile(`^can't be sacrificed$`), "it can't be sacrificed", "701.21a"},
		// 701.27, 701.28f: can't transform, and so can't convert.
		{regexp.MustCompile(`^can't transform$`), "it can't transform (nor convert, 701.28f)", "701.27a"},
		// 122.1: counters of a kind can't be put on it.
		{regexp.MustCompile(`^can't have (?:\S+ )?counters put on (?:it|them)$`), "counters of that kind can't be put on it", "122.1"},
		// 702.11b: hexproof means it can't be the target of spells or
		// abilities its controller's opponents control.
		{regexp.MustCompile(`^can't be the targets? of spells$`), "it can't be chosen as a target of spells", "601.2c"},
		// 702.3b, 508.1c: attacking alone.
		{regexp.MustCompile(`^can't attack, block, or transform$`), "can't attack or block, and can't transform (701.27a)", "508.1c"},
	}...)
	addSentenceRules(
		sentenceRule{
			// 113.6b, 113.6e, 113.6f: abilities that state the zone they
			// work from or how the object is cast; 113.6n: deck
			// construction; 905.2: draft abilities. On the battlefield they
			// do nothing, which is what the engine applies.
			class: "functions only off the battlefield (113.6)",
			re: regexp.MustCompile(`^you may (?:cast|play) ~ from (?:your graveyard|exile|your hand|the top of your library|your graveyard or from exile)\b.*$` +
				`|^if you cast it any time a sorcery couldn't have been cast, .+$` +
				`|^a deck can have (?:any number of|up to [a-z]+) cards named ~$` +
				`|^(?:reveal ~ as you draft it|as you draft (?:a card|~)|you may look at the next card drafted|draft ~ face up)\b.*$` +
				`|^~ can't be countered$`),
			when: func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				return Selector{}, true
			},
			noTemplate: true,
		},
		sentenceRule{
			// 731.1: day and night are designations of the game; the
			// scenario doesn't track them, so the effect is shown on the
			// permanent, not applied.
			class: "day and night (731)",
			re:    regexp.MustCompile(`^if it's neither day nor night, it becomes (day|night) as ~ enters(?: the battlefield)?$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "731.1",
					RuleText: "if the game has neither day nor night as it enters, it becomes " + m[1] + " (the scenario doesn't track day and night)"}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
	)
}

// prependSentenceRules puts entries before every other: they read
// wordings an earlier entry would otherwise take and reject.
func prependSentenceRules(rs ...sentenceRule) {
	sentenceRules = append(append([]sentenceRule(nil), rs...), sentenceRules...)
}

var reUntapOthers = regexp.MustCompile(`^untap (.+) during each other player's untap step$`)

func init() {
	prependSentenceRules(sentenceRule{
		// 502.3: the active player untaps their permanents in their untap
		// step; this untaps the permanents named in the other players'
		// untap steps as well.
		class: "combat or untap rule (613.11)",
		re:    reUntapOthers,
		need:  []string{"during each other player's untap step"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "502.3", RuleText: "it untaps during each other player's untap step as well as its controller's"}}
			return sel, ok
		},
	})
	addSentenceRules(
		sentenceRule{
			// 107.3, 113.6e: a restriction on the value of X as it is
			// cast; it does nothing on the battlefield.
			class: "functions only off the battlefield (113.6)",
			re:    regexp.MustCompile(`^x can't be 0$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				return Selector{}, true
			},
			noTemplate: true,
		},
		sentenceRule{
			// 118.7: how a cost reduction applies; it qualifies the cost
			// change before it, which shows it.
			class: "cost change (601.2f)",
			re:    regexp.MustCompile(`^this effect (?:can't reduce the mana in that cost to less than (?:one|two|\d+) mana|reduces only the amount of (?:colored|generic) mana you pay|can't reduce the amount of mana [a-z ]+ by more than (?:\{\d+\}|\d+))$`),
			when: func(ctx *sctx) bool {
				if !ctx.self || ctx.prev == nil {
					return false
				}
				for _, p := range ctx.prev.Parts {
					if (p.Op == opRule || p.Op == opPlayer) && (p.RuleID == "601.2f" || p.RuleID == "602.2b") {
						return true
					}
				}
				return false
			},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				for i, p := range ctx.prev.Parts {
					if p.Op == opRule || p.Op == opPlayer {
						ctx.prev.Parts[i].RuleText += "; " + m[0] + " (118.7)"
					}
				}
				return Selector{}, true
			},
			noTemplate: true,
		},
	)
}

var reActivatedOfAttached = regexp.MustCompile(`^activated abilities of ((?:enchanted|equipped) (?:artifact|creature|permanent|land)) (can't be activated(?: unless they're mana abilities)?|cost \{\d+\} (?:more|less) to activate)$`)

func init() {
	prependSentenceRules(sentenceRule{
		// 602.5, 602.2b: "Activated abilities of enchanted artifact cost
		// {2} less to activate": a rule on the object the Aura is
		// attached to (303.4m).
		class: "combat or untap rule (613.11)",
		re:    reActivatedOfAttached,
		need:  []string{"activated abilities of "},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			rule, text := "602.5", "its activated abilities can't be activated"
			switch {
			case strings.HasSuffix(m[2], "unless they're mana abilities"):
				text += ", except mana abilities"
			case strings.HasPrefix(m[2], "cost "):
				rule, text = "602.2b", "its activated abilities "+m[2]+" (601.2f)"
			}
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: rule, RuleText: text}}
			return sel, ok
		},
	})
}
