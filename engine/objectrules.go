package engine

import (
	"regexp"
	"strings"
)

// Static abilities whose sentence starts with the player but whose effect
// is a rule about an object (613.11): they are shown on the object.

func init() {
	addSentenceRules(
		sentenceRule{
			// 701.43d: an optional cost to attack.
			class: "combat or untap rule (613.11)",
			re:    regexp.MustCompile(`^you may exert (.+?) as (?:it|they) attacks?$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				sel, ok := c.subject(strings.Fields(m[1]), ctx)
				t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "701.43d",
					RuleText: "its controller may exert it as it attacks, an optional cost to attack: it then doesn't untap during their next untap step (701.43a)"}}
				return sel, ok
			},
		},
		sentenceRule{
			// 510.1c: a blocked creature assigns its damage to its
			// blockers; this lets its controller choose the player.
			class: "combat or untap rule (613.11)",
			re:    regexp.MustCompile(`^you may have (~|enchanted creature|equipped creature) assign its combat damage as though it weren't blocked$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				sel, ok := c.subject(strings.Fields(m[1]), ctx)
				t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "510.1c",
					RuleText: "when blocked, its controller may have it assign its combat damage to the player or permanent it attacks instead of to its blockers"}}
				return sel, ok
			},
		},
	)
}

// 602.5: "Activated abilities of artifacts can't be activated": a rule on
// the permanents named; 602.2b, 601.2f: their activation costs more.
var reActivatedOf = regexp.MustCompile(`^activated abilities of (.+?) (can't be activated(?: unless they're mana abilities)?|cost \{\d+\} (?:more|less) to activate)$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "combat or untap rule (613.11)",
		re:    reActivatedOf,
		need:  []string{"activated abilities"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			f, ok := parseFilter(strings.Fields(m[1]))
			if !ok {
				return Selector{}, false
			}
			rule, text := "602.5", "its activated abilities can't be activated"
			switch {
			case strings.HasSuffix(m[2], "unless they're mana abilities"):
				text += ", except mana abilities"
			case strings.HasPrefix(m[2], "cost "):
				rule, text = "602.2b", "its activated abilities "+m[2]+" (601.2f)"
			}
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: rule, RuleText: text}}
			return Selector{Kind: selFilter, F: f, Noun: m[1]}, true
		},
	})
}

// "Enchanted creature's activated abilities can't be activated" (602.5).
var reOwnActivated = regexp.MustCompile(`^(.+?)'s? activated abilities can't be activated( unless they're mana abilities)?$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "combat or untap rule (613.11)",
		re:    reOwnActivated,
		need:  []string{"activated abilities"},
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			text := "its activated abilities can't be activated"
			if m[2] != "" {
				text += ", except mana abilities"
			}
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "602.5", RuleText: text}}
			return sel, ok
		},
	})
}
