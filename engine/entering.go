package engine

import (
	"regexp"
	"strings"
)

// Replacement effects that modify how a permanent enters the battlefield
// (614.1c, 614.1d, 614.12): counters it enters with, entering tapped, and
// the choices made as it enters (614.12a). Whatever depends on how the
// object was cast (X, kicker, escape, where it was cast from) or on a
// choice its controller made is what the statement says: its counters and
// whether it is tapped. When the statement does not say it, the run says so.

const numWord = `(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|x)`

var (
	// 702.33e: abilities that say what happens if it was kicked; 702.138c:
	// "escapes with"; and the other conditions on how it was cast or what
	// happened this turn, which the scenario does not record.
	reEntersWithIf     = regexp.MustCompile(`^(?:if ~ was kicked, (?:it|~) enters(?: the battlefield)?|~ enters(?: the battlefield)?|~ escapes) with ` + numWord + ` (\S+) counters? on it((?: for each time it was kicked| if it was kicked| if you cast it from your hand| if it was cast from your hand| for each color of mana spent to cast it| if (?:you attacked|you've cast another spell|a creature died|an opponent lost life|you gained life|an opponent was dealt damage)(?: this turn)?|, where x is [a-z0-9 ,'/+-]+| for each [a-z0-9 ,'/+-]+|))$`)
	reEntersTappedWith = regexp.MustCompile(`^~ enters(?: the battlefield)? tapped with ` + numWord + ` (\S+) counters? on it$`)
)

func init() {
	addSentenceRules(
		sentenceRule{
			// "~ enters tapped" as one sentence of a longer line (the
			// line alone is an enters-tapped line, 614.1c).
			class: "enters tapped (614.1c)",
			re:    regexp.MustCompile(`^~ enters(?: the battlefield)? tapped$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				t.Action, t.EntersWith = actTap, true
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
		sentenceRule{
			class: "enters tapped (614.1c)",
			re:    regexp.MustCompile(`^~ enters(?: the battlefield)? tapped and (doesn't untap during (?:your|its controller's) untap step)$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			split: func(m []string) []string { return []string{"~ enters tapped", "~ " + m[1]} },
		},
		sentenceRule{
			class: "enters with counters (614.1c)",
			re:    reEntersTappedWith,
			when:  func(ctx *sctx) bool { return ctx.self },
			split: func(m []string) []string {
				return []string{"~ enters tapped", "~ enters with " + m[1] + " " + m[2] + " counters on it"}
			},
		},
		sentenceRule{
			class: "enters with counters (614.1c)",
			re:    reEntersWithIf,
			need:  []string{"counter"},
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				n, _ := number(m[1])
				var why string
				switch {
				case strings.HasPrefix(m[0], "if ~ was kicked") || strings.Contains(m[3], "kicked"):
					why = "only if it was kicked (702.33d, 702.33e)"
				case strings.HasPrefix(m[0], "~ escapes"):
					why = "only if it escaped (702.138c)"
				case strings.Contains(m[3], "mana spent"):
					why = "one for each color of mana spent to cast it (601.2h)"
				case strings.HasPrefix(m[3], ", where x is "):
					why = strings.TrimPrefix(m[3], ", ")
				case strings.HasPrefix(m[3], " for each "):
					why = "one" + m[3]
				case m[3] != "":
					why = "only" + m[3]
				default:
					return Selector{}, false // the plain form is the earlier entry
				}
				if m[1] == "x" && !strings.HasPrefix(m[3], ", where x is ") {
					why += "; X is the value chosen as it was cast (107.3m)"
				}
				t.Action, t.N, t.Counter, t.EntersWith, t.EntersNote = actCounters, n, m[2], true, why
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
		sentenceRule{
			// 614.1d: "If you control two or more other lands, ~ enters
			// tapped": tapped unless it controls at most one fewer.
			class: "enters tapped unless (614.1d)",
			re:    regexp.MustCompile(`^if you control (one|two|three|four|five|\d+) or more other (.+), ~ enters(?: the battlefield)? tapped$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				n, ok := number(m[1])
				f, ok2 := parseFilter(strings.Fields(m[2]))
				if !ok || !ok2 {
					return Selector{}, false
				}
				f.Control, f.Other = 1, true
				t.Action, t.EntersWith = actTap, true
				t.Cond = &Condition{Control: &f, AtMost: n - 1, Text: strings.ToLower(m[0])}
				if n == 1 {
					t.Cond.None = true // "one or more": tapped if it controls any
				}
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
		sentenceRule{
			// 614.12a: a choice made as it enters; "If you don't, it
			// enters tapped" is decided by it (the statement says whether
			// it is tapped).
			class: "choice as it enters (614.12a)",
			re:    regexp.MustCompile(`^as ~ enters(?: the battlefield)?, you may (pay (?:\d+|one|two|three) life|reveal (?:an? |two )?[a-z ]+? cards? from your hand|pay \{\d+\})$`),
			when:  func(ctx *sctx) bool { return ctx.self },
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				t.EntersWith, t.EntersNote = true, m[1]
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
		sentenceRule{
			class: "choice as it enters (614.12a)",
			re:    regexp.MustCompile(`^if you don't, (?:~|it) enters(?: the battlefield)? tapped$`),
			when: func(ctx *sctx) bool {
				return ctx.self && ctx.prev != nil && ctx.prev.EntersWith && ctx.prev.Action == actNone && ctx.prev.EntersNote != ""
			},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				t.Action, t.EntersWith, t.EntersNote = actTap, true, ctx.prev.EntersNote
				return Selector{Kind: selSelf, Noun: "~"}, true
			},
		},
	)
}

// reHiddenCDA: a characteristic-defining P/T whose value reads what the
// scenario doesn't hold (life totals, hands, graveyards, what was paid).
var reHiddenCDA = regexp.MustCompile(`^(~|its)'?s? (power and toughness are each|power is|toughness is) equal to (your life total|the life paid as it entered(?: the battlefield)?|the total number of cards in all players' hands|the number of cards in (?:the chosen player's|target opponent's|the hand of the opponent with the most cards in) (?:hand|graveyard)|twice the number of cards in your hand|the number of (?:[a-z]+ )?cards in all graveyards|the greatest (?:power|toughness|mana value) among (?:[a-z]+ )?cards in your graveyard)$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "characteristic-defining P/T count",
		re:    reHiddenCDA,
		need:  []string{"equal to"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			which, layer := c.cdaTarget(t, m[2])
			if z, ok := parseZoneCount(m[3]); ok && z.Life {
				// "equal to your life total" (Serra Avatar): the life
				// total the engine tracks (zonecounts.go).
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Zone: z}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			if cm, ok := zoneCountOf(m[3]); ok {
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, More: cm}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Hidden: m[3]}}
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	})
}

// reOthersEnterTapped: "Creatures your opponents control enter the
// battlefield tapped" (614.1d): a replacement effect on other permanents
// as they enter.
var reOthersEnterTapped = regexp.MustCompile(`^(.+?) enters?(?: the battlefield)? tapped$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "enters tapped (614.1d)",
		re:    reOthersEnterTapped,
		need:  []string{"tapped"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			if m[1] == "~" {
				return Selector{}, false
			}
			f, ok := parseFilter(strings.Fields(m[1]))
			if !ok {
				return Selector{}, false
			}
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "614.1d", RuleText: "enters the battlefield tapped: a replacement effect applied as it enters"}}
			c.othersTapped = true
			return Selector{Kind: selFilter, F: f, Noun: m[1]}, true
		},
	})
}

// othersEnterTapped reports whether a static ability of another permanent
// makes o enter tapped (614.1d): o as it would exist on the battlefield
// (614.12) matches what that ability names.
func (g *game) othersEnterTapped(o *Object) (string, bool) {
	if !g.comp.othersTapped {
		return "", false // no such ability compiled: nothing to look for
	}
	s := g.computeTo(L7d, false)
	i, ok := s.slot[o]
	if !ok {
		return "", false
	}
	for j, src := range s.objs {
		if src == o {
			continue
		}
		for _, ai := range s.ch[j].Abilities {
			for _, t := range ai.a.Statics {
				if len(t.Parts) == 1 && t.Parts[0].Op == opRule && t.Parts[0].RuleID == "614.1d" && t.Sel.Kind == selFilter &&
					t.Cond == nil && s.matches(&t.Sel.F, i, s.ch[j].Controller, j) {
					return src.display(), true
				}
			}
		}
	}
	return "", false
}
