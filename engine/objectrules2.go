package engine

import (
	"regexp"
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
