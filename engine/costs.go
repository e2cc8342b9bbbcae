package engine

import (
	"regexp"
	"strings"
)

// Cost changes (601.2f, 602.2b) and the abilities of an object that work
// only while it is cast (113.6d, 113.6e). A cost change is an effect on
// the players who cast the spells or activate the abilities it names:
// "? you" and "? opponent" list it with its rule, as they list the other
// effects on players (playerfx.go). The engine does not pay costs, so the
// effect is shown, not applied.

var (
	// reCostSpells: "Dinosaur spells you cast cost {1} less to cast",
	// "Spells your opponents cast that target ~ cost {2} more to cast",
	// "Red spells and white spells you cast cost {1} less to cast", "The
	// first creature spell you cast each turn costs {1} less to cast".
	reCostSpells = regexp.MustCompile(`^(?:the first |the second )?(?:[a-z-]+,? (?:and |or )?)*?spells?(?: and (?:[a-z-]+ )+spells)?` +
		`(?: you cast| your opponents cast| an opponent casts| each opponent casts| each player casts| players cast)?` +
		`(?: that target [a-z0-9 ,'~-]+?| that share a [a-z]+ type with ~| with [a-z0-9 ]+?| from [a-z' ]+?| during your turn| each turn)*` +
		`(?: you cast| your opponents cast| an opponent casts)?` +
		` costs? (?:up to )?(?:(?:\{[^}]+\})+ (?:more|less)|an additional (?:\d+|one|two|three) life) to cast` +
		`(?:,? where x is .+| for each .+| and can't be countered)?$`)
	// reCostAbilities: "Ninjutsu abilities you activate cost {1} less to
	// activate", "Loyalty abilities of planeswalkers your opponents
	// control cost {1} more to activate", "The first activated ability of
	// an artifact you activate each turn costs {2} less to activate".
	reCostAbilities = regexp.MustCompile(`^(?:the first )?(?:[a-z' -]+ )?(?:abilities|ability)(?: of [a-z ]+?)?` +
		`(?: you activate| your opponents activate| your opponents control| you control)?(?: each turn)?` +
		` costs? (?:up to )?(?:(?:\{[^}]+\})+ (?:more|less)|an additional (?:\+\d+|(?:\{[^}]+\})+|\d+ life)) to activate(?:,? where x is .+| for each .+)?$`)
	// reThisSpell: the object's own cost or how it is cast, functioning
	// only while it is cast (113.6d, 113.6e).
	// reAltCostFor: "You may pay {1} rather than pay the mana cost for
	// Rune spells you cast": an alternative cost (118.9) for the player.
	reAltCostFor = regexp.MustCompile(`^you may pay (?:\{[^}]+\})+ rather than pay the mana cost for (?:[a-z-]+ )*spells(?: that)? you cast(?:, where x is .+)?$`)
	reThisSpell  = regexp.MustCompile(`^(?:if [^,]+, )?this spell costs .+$|^this spell has [a-z ]+(?: as long as .+)?$` +
		`|^(?:if [^,]+, )?you may cast (?:~|this spell) as though it had flash(?: if .+)?$` +
		`|^(?:if [^,]+, )?(?:rather than pay (?:this spell's|~'s) mana cost, )?you may [a-z0-9 ,{}/'-]+(?: rather than pay (?:this spell's|~'s) mana cost)?$`)
)

// costWhoText reads who casts the spells or activates the abilities a cost
// change names (1 you, 2 your opponents, 3 every player).
func costWhoText(s string) int {
	switch {
	case strings.Contains(s, " you cast") || strings.Contains(s, " you activate") || strings.Contains(s, " you control"):
		return 1
	case strings.Contains(s, " your opponents ") || strings.Contains(s, " an opponent ") || strings.Contains(s, " each opponent "):
		return 2
	}
	return 3
}

func init() {
	addSentenceRules(
		sentenceRule{
			class: "cost change (601.2f)",
			need:  []string{" cost"},
			match: func(low string) []string {
				if strings.Contains(low, "this spell") {
					return nil // its own cost (113.6d)
				}
				for _, r := range playerRules {
					if r.re.MatchString(low) {
						return nil // the effects on players read it (playerfx.go)
					}
				}
				if m := reCostSpells.FindStringSubmatch(low); m != nil {
					return m
				}
				if m := reAltCostFor.FindStringSubmatch(low); m != nil {
					return m
				}
				return reCostAbilities.FindStringSubmatch(low)
			},
			when: func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if reChosenOrExiled.MatchString(m[0]) || strings.Contains(m[0], "enchanted player") {
					return Selector{}, false // a choice, exiled cards or a player the scenario doesn't hold
				}
				rule := "601.2f"
				if reAltCostFor.MatchString(m[0]) {
					rule = "118.9"
				} else if strings.HasSuffix(m[0], "to activate") || strings.Contains(m[0], " to activate,") || strings.Contains(m[0], " to activate ") {
					rule = "602.2b"
				}
				t.Parts = []Part{{Layer: lRules, Op: opPlayer, Players: costWhoText(m[0]), RuleID: rule, RuleText: m[0]}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
		sentenceRule{
			// 113.6d, 113.6e: on the battlefield these do nothing, which
			// is what the engine applies.
			class: "functions only off the battlefield (113.6)",
			need:  []string{"this spell", "you may cast ~ as though", "rather than pay"},
			match: func(low string) []string {
				if !strings.Contains(low, "this spell") && !strings.Contains(low, "~") {
					return nil
				}
				own := strings.Contains(low, "this spell costs ") || strings.HasPrefix(low, "this spell has ")
				if !own && (strings.HasPrefix(low, "you may") || strings.HasPrefix(low, "if ") || strings.HasPrefix(low, "rather than")) {
					if !strings.Contains(low, "this spell's mana cost") && !strings.Contains(low, "~'s mana cost") && !strings.Contains(low, "as though it had flash") {
						return nil
					}
				}
				return reThisSpell.FindStringSubmatch(low)
			},
			when: func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				return Selector{}, true
			},
			noTemplate: true,
		},
	)
}
