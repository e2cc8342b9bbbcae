package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// The sentence compiler is table-driven: one template of Oracle wording is
// one entry. sentenceRules are tried in order on the whole sentence (after
// "until end of turn" and "as long as" are taken off and quoted abilities
// are replaced by placeholders); the last entry is the general
// "SUBJECT VERB PREDICATE [and VERB PREDICATE]" form, whose predicates are
// in turn read with predicateRules.
//
// An entry whose pattern matches decides the sentence: its builder either
// compiles it or rejects it (the wording is known, what it names is not).
// A sentence no entry matches is unmodelled. Both are reported, never
// dropped.

// ruleOutcome is what the sentence compiler did with one sentence.
type ruleOutcome int

const (
	outUnmatched ruleOutcome = iota // no template matches: unmodelled
	outRejected                     // a template matches, but what it names can't be modelled
	outModelled
)

// sentenceRule is one template of a whole sentence.
type sentenceRule struct {
	class string
	re    *regexp.Regexp
	// when, if set, must hold for the entry to be tried at all.
	when func(ctx *sctx) bool
	// build fills t from the match and returns what the template applies
	// to; ok false rejects the sentence.
	build func(c *compiler, m []string, t *Template, ctx *sctx, quoted []string) (Selector, bool)
	// noTemplate: the sentence modifies the previous one and makes no
	// template of its own.
	noTemplate bool
	// split, if set, rewrites the sentence as several sentences with the
	// same meaning, compiled in order ("~ enters tapped with two charge
	// counters on it": it enters tapped, and it enters with the counters).
	split func(m []string) []string
	// need, if set, lists words of which the sentence must hold one for
	// the pattern to be tried (a cheap test before the regular expression).
	need []string
	// match, if set, is used instead of re: a table of patterns tried one
	// by one is cheaper than one pattern made of all of them.
	match func(low string) []string
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// predicateRule is one template of a clause after the subject.
type predicateRule struct {
	class string
	re    *regexp.Regexp
	// match, if set, is used instead of re (see sentenceRule.match).
	match func(p string) []string
	build func(c *compiler, m []string, quoted []string) ([]Part, bool)
}

var (
	reAsLongPre      = regexp.MustCompile(`(?i)^as long as ([^,]+), `)
	reAsLongPost     = regexp.MustCompile(`(?i) as long as (.+)$`)
	reDevotion       = regexp.MustCompile(`^your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))? is less than (\d+|one|two|three|four|five|six|seven|eight|nine|ten)$`)
	reYouControlA    = regexp.MustCompile(`^you control (?:a|an|another) (.+)$`)
	reUntilEOTPre    = regexp.MustCompile(`(?i)^until (?:end of turn|your next turn|end of your next turn), `)
	reUntilEOTPost   = regexp.MustCompile(`(?i) (?:until end of turn|this turn|until your next turn|until end of your next turn|until (?:its|their|your) (?:controller's |controllers' )?next untap steps?)$`)
	reForAsLong      = regexp.MustCompile(`(?i) for as long as (.+)$`)
	reWhereXMV       = regexp.MustCompile(`(?i),? where x is (?:its|that (?:artifact|creature|permanent|land|equipment)'s) mana value$`)
	reGetsX          = regexp.MustCompile(`(?i)\bgets? [+-]x/|\bgets? [+-]\d+/[+-]x\b`)
	reWhereXCount    = regexp.MustCompile(`(?i),? where x is the number of ([a-z0-9 ,'/+~-]+)$`)
	reUnlessPost     = regexp.MustCompile(`(?i)^(.+?) unless (.+)$`)
	reEntersUnless   = regexp.MustCompile(`(?i)^~ enters(?: the battlefield)? tapped unless `)
	reIfPost         = regexp.MustCompile(`(?i)^(.+ (?:can't (?:attack|block|attack or block|be blocked)|(?:doesn't|don't) untap during [a-z' ]+ untap steps?)) if (.+)$`)
	reDuringYourTurn = regexp.MustCompile(`(?i)^during your turn, `)
	reHasCounter     = regexp.MustCompile(`^(?:it|~|that creature|that land|that permanent|that artifact) has an? (\S+) counters? on it$`)
	reControlExactly = regexp.MustCompile(`^you control exactly (one|two|three|four|five|six|seven|eight|nine|ten|\d+) (.+)$`)
	reControlAtLeast = regexp.MustCompile(`^you control (?:at least (one|two|three|four|five|six|seven|eight|nine|ten|\d+)|(one|two|three|four|five|six|seven|eight|nine|ten|\d+) or more) (.+)$`)
	// reOffBattlefield: the objects a scenario has are permanents, so
	// "cards that aren't on the battlefield, spells, and permanents" are
	// its permanents.
	reAttachedIsnt = regexp.MustCompile(`^(?:enchanted|equipped) (?:creature|permanent|artifact|land) (?:isn't|is not) (?:a |an )?(\S+)$`)
	reAttachedIs   = regexp.MustCompile(`^(?:enchanted|equipped) (?:creature|permanent|artifact|land) is (?:a |an )?(\S+)$`)
	reHasNCounters = regexp.MustCompile(`^(?:~|it) has (one|two|three|four|five|six|seven|eight|nine|ten|\d+) or more (\S+) counters on it$`)
	// "defending player": on the turn the creature attacks, its
	// controller's opponent (506.2; a scenario has one).
	reOppControls     = regexp.MustCompile(`^(?:an opponent|defending player) controls (?:a|an) (.+)$`)
	reNoOppControls   = regexp.MustCompile(`^(?:no opponent controls (?:a|an)|your opponents control no|defending player controls no) (.+)$`)
	reOnBattlefield   = regexp.MustCompile(`^there (?:is|are) (?:(one|two|three|four|five|six|seven|\d+) or more |an? )(.+) on the battlefield$|^(?:an?) ()(.+) is on the battlefield$`)
	reControlNo       = regexp.MustCompile(`^you (?:control no|don't control an?) (.+)$`)
	reTwoInstructions = regexp.MustCompile(`^((?:tap|untap) target [a-z ]+?) and ((?:gain control of|untap|tap) (?:it|them))$`)
	reOffBattlefield  = regexp.MustCompile(`^all cards that aren't on the battlefield, spells, and permanents `)
	reQuoted          = regexp.MustCompile(`"[^"]*"|“[^”]*”`)
	reQuotedRef       = regexp.MustCompile(`^«(\d+)»$`)

	reBecomePTWith = regexp.MustCompile(` with (?:base )?power and (?:base )?toughness (\d+)/(\d+)$`)
	reBecomeMVWith = regexp.MustCompile(` with (?:base )?power and (?:base )?toughness each equal to (?:its|their) mana value$`)
	reCountersOnIt = regexp.MustCompile(`^(\S+) counters on (?:it|~)$`)
	reAttachedToIt = regexp.MustCompile(`^(aura|equipment) attached to it$`)
	reCounterOn    = regexp.MustCompile(`^(\S+) counters? on (~|it)$`)
	reForEach      = regexp.MustCompile(`^gets? ([+-]\d+)/([+-]\d+) for each (.+)$`)
	reShares       = regexp.MustCompile(`^(.+?) that shares? (?:at least )?a creature type with it$|^(.+?) that shares? at least one creature type with it$`)
	reSlashPT      = regexp.MustCompile(`^(\d+)/(\d+)$`)
	// reSelfAndAttached: "~ and enchanted creature each get ...".
	reSelfAndAttached = regexp.MustCompile(`^(~) and ((?:enchanted|equipped) creature) each get (.+)$`)
	reDomain          = regexp.MustCompile(`^basic land types? among lands you control$`)
	// reHiddenCount: cards in a hand or a graveyard that zonecounts.go
	// doesn't read: counted as unknown.
	reHiddenCount = regexp.MustCompile(`^(?:(?:other |nonland |nonbasic |noncreature |creature |land |artifact |enchantment |instant |sorcery |planeswalker |legendary |and/or |and |or |, )*cards?(?: with [a-z]+)?|card types among cards) in (?:your|all|your opponents'|each opponent's|an opponent's|target opponent's) (?:graveyards?|hand)$`)
)

// sentenceRules are the whole-sentence templates, in the order they are
// tried.
var sentenceRules = []sentenceRule{
	{
		// "It's still a land." makes the previous type change keep the old
		// types (205.1b).
		class: "still a TYPE",
		re:    regexp.MustCompile(`^(?:it's|it is|they're|they are) still (?:a |an )?(land|artifact|enchantment|lands|artifacts|enchantments)$`),
		when:  func(ctx *sctx) bool { return ctx.prev != nil },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			for i := range ctx.prev.Parts {
				if ctx.prev.Parts[i].Op == opSetTypes {
					ctx.prev.Parts[i].Op = opAddTypes
				}
			}
			return Selector{}, true
		},
		noTemplate: true,
	},
	// "Gain control of …" and "You control …" are the same layer-2 effect.
	{class: "control", re: regexp.MustCompile(`^gain control of (.+)$`), build: buildControl},
	{class: "control", re: regexp.MustCompile(`^you control (.+)$`), build: buildControl},
	{
		class: "switch power and toughness",
		re:    regexp.MustCompile(`^switch (.+?)'s? power and toughness$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			t.Parts = []Part{{Layer: L7d, Op: opSwitch}}
			return sel, ok
		},
	},
	{
		class: "tap/untap",
		re:    regexp.MustCompile(`^(tap|untap) (.+)$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[2]), ctx)
			t.Action = actTap
			if m[1] == "untap" {
				t.Action = actUntap
			}
			return sel, ok
		},
	},
	{
		class: "destroy/exile/return",
		re:    regexp.MustCompile(`^(destroy|exile|return) (.+?)(?: to (?:its|their) owners?'s? hands?)?$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[2]), ctx)
			if !ok || sel.Kind != selTarget {
				return sel, false
			}
			t.Action = map[string]actionKind{"destroy": actDestroy, "exile": actExile, "return": actBounce}[m[1]]
			return sel, true
		},
	},
	{
		class: "put counters",
		re:    regexp.MustCompile(`^put (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (\S+) counters? on (.+)$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[3]), ctx)
			n, isNum := numberWords[m[1]]
			if !isNum {
				n, _ = strconv.Atoi(m[1])
			}
			t.Action, t.N, t.Counter = actCounters, n, m[2]
			return sel, ok
		},
	},
	{
		class: "characteristic-defining P/T count",
		re:    regexp.MustCompile(`^(~|its)'?s? (power and toughness are each|power is|toughness is) equal to the number of (.+?)(?: and its toughness is equal to that number plus (1|one|2|two))?$`),
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			which, layer := c.cdaTarget(t, m[2])
			plus := 0
			if m[4] != "" {
				if m[2] != "power is" {
					return Selector{}, false
				}
				plus, _ = number(m[4])
				which = 3 // "*/1+*": both are the count
			}
			if z, ok := parseZoneCount(m[3]); ok {
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Zone: z, TPlus: plus}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			if sm := reSymbolsIn.FindStringSubmatch(m[3]); sm != nil && sm[2] == "permanents you control" {
				// Primalcrux's chroma: the mana symbols of a color among
				// the mana costs of permanents you control are your
				// devotion to that color (700.5).
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, More: &countMore{Devotion: colorWords[sm[1]]}, TPlus: plus}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			if reDomain.MatchString(m[3]) {
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Domain: true, TPlus: plus}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			if reHiddenCount.MatchString(m[3]) {
				t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Hidden: m[3]}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			if cm := reCountersOnIt.FindStringSubmatch(m[3]); cm != nil {
				if plus != 0 {
					return Selector{}, false
				}
				t.Parts = []Part{{Layer: layer, Op: opSetPTCounters, Which: which, Counter: cm[1]}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			f, ok := parseFilter(strings.Fields(m[3]))
			if !ok {
				p, ok := cdaMore(m[3])
				if !ok {
					return Selector{}, false
				}
				p.Layer, p.Op, p.Which, p.TPlus = layer, opCDACount, which, plus
				t.Parts = []Part{p}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			t.Parts = []Part{{Layer: layer, Op: opCDACount, Which: which, Count: &f, TPlus: plus}}
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	},
	{
		class: "combat or untap rule (613.11)",
		re:    regexp.MustCompile(`^you may choose not to untap (.+) during your untap step$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleText: "its controller may choose not to untap it during their untap step", RuleID: "502.3"}}
			return sel, ok
		},
	},
	{
		class: "combat or untap rule (613.11)",
		re:    regexp.MustCompile(`^(?:all creatures able to block (~|enchanted creature|equipped creature) do so|creatures with power less than (~|enchanted creature|equipped creature)'s power can't block it)$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			subj, text, rule := m[1], "every creature able to block it must do so: a requirement", "509.1c"
			if subj == "" {
				subj, text, rule = m[2], "creatures with less power can't block it: a restriction", "509.1b"
			}
			sel, ok := c.subject(strings.Fields(subj), ctx)
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleText: text, RuleID: rule}}
			return sel, ok
		},
	},
	{
		// 113.6: abilities that function only where the object is not a
		// permanent (on the stack, while being cast, before the game): on
		// the battlefield they do nothing, which is what the engine applies.
		class: "functions only off the battlefield (113.6)",
		re: regexp.MustCompile(`^(?:this spell can't be countered|this spell costs .+ to cast(?: .+)?|as an additional cost to cast this spell, .+|you may cast (?:~|this spell) (?:as though it had flash|from (?:exile|your graveyard))|~ can be your commander|draft ~ face up|if ~ is in your opening hand, you may begin the game with it on the battlefield` +
			// 113.6b: it states the zone it functions in; 113.6d: an
			// alternative cost for this object; 113.6e: how this object can
			// be cast; 113.6n: before the game begins.
			`|you may reveal this card from your opening hand|you may pay [^.]+ rather than pay this spell's mana cost` +
			`|cast this spell only [^.]+|you can't cast this spell [^.]+|remove ~ from your deck before playing if you're not playing for ante)$`),
		when: func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			return Selector{}, true
		},
		noTemplate: true,
	},
	{
		// 614.1d: "enters tapped unless you control N or more/fewer other
		// lands" is decided by the board as the object enters.
		class: "enters tapped unless (614.1d)",
		re:    regexp.MustCompile(`^~ enters(?: the battlefield)? tapped unless (?:you control (one|two|three|four|five|\d+) or (more|fewer) other (.+)|(.+))$`),
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			if m[4] != "" {
				cond, ok := parseCondition(m[4])
				if !ok {
					return Selector{}, false
				}
				t.Action, t.EntersWith, t.Cond = actTap, true, cond
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			n, ok := number(m[1])
			f, ok2 := parseFilter(strings.Fields(m[3]))
			if !ok || !ok2 {
				return Selector{}, false
			}
			f.Control, f.Other = 1, true
			cond := &Condition{Control: &f, AtLeast: n, Text: strings.ToLower(m[0])}
			if m[2] == "fewer" {
				cond.AtMost, cond.AtLeast = n, 0
			}
			t.Action, t.EntersWith, t.Cond = actTap, true, cond
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	},
	{
		// 614.1c: "[This permanent] enters with ..." is a replacement
		// effect, applied as the object enters (unless the scenario states
		// its counters).
		class: "enters with counters (614.1c)",
		re:    regexp.MustCompile(`^~ enters(?: the battlefield)? with (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|x) (\S+) counters? on it$`),
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			n, ok := number(m[1])
			if !ok {
				// 107.3m: X is the value chosen for the spell that became
				// it; the statement states the counters it entered with.
				n, t.EntersNote = 0, "X: the value chosen as it was cast (107.3m)"
			}
			t.Action, t.N, t.Counter, t.EntersWith = actCounters, n, m[2], true
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	},
	{
		// "Enchanted permanent is an enchantment and loses all other card
		// types": the card type is set, the others go with their subtypes
		// (205.1a).
		class: "is a TYPE and loses all other card types",
		re:    regexp.MustCompile(`^(.+?) (?:is|are|becomes?) (?:a |an )?(artifact|enchantment|land|creature)s? and loses? all other card types$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			t.Parts = []Part{{Layer: L4, Op: opSetTypes, Types: []string{typeNouns[m[2]]}}}
			return sel, ok
		},
	},
	{
		// The general form: SUBJECT VERB PREDICATE [and VERB PREDICATE].
		class: "SUBJECT VERB PREDICATE",
		re:    regexp.MustCompile(`^.`),
		build: nil, // compiled by generalSentence
	},
}

func buildControl(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
	sel, ok := c.subject(strings.Fields(m[1]), ctx)
	t.Parts = []Part{{Layer: L2, Op: opControl}}
	if ok {
		c.control = true
	}
	return sel, ok
}

// predicateRules are the clause templates, in the order they are tried.
var predicateRules []predicateRule

// The table is filled in init: its "has" entry compiles quoted abilities,
// which compiles sentences, which reads the table.
func init() {
	// An entry whose builder compiles another sentence goes in here, before
	// the general form (the last entry).
	n := len(sentenceRules)
	sentenceRules = append(sentenceRules[:n-1:n-1], sentenceRule{
		// "If that creature is a Snake, it gets +2/+2 until end of turn":
		// checked as the spell resolves (608.2c), on its target.
		class: "if it is a KIND, INSTRUCTION",
		re:    regexp.MustCompile(`^if (?:that creature|that permanent|it) is (?:a |an )?([a-z]+), (.+)$`),
		when:  func(ctx *sctx) bool { return !ctx.self && ctx.last != nil && ctx.last.Kind == selTarget },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, quoted []string) (Selector, bool) {
			var f Filter
			w := m[1]
			switch {
			case colorWords[w] != "":
				f.Colors = []string{colorWords[w]}
			case typeNouns[w] != "":
				f.Types = []string{typeNouns[w]}
			default:
				ct, ok := creatureTypeNoun(w)
				if !ok {
					return Selector{}, false
				}
				f.Subtypes = []string{capitalize(ct)}
			}
			eot := t.UntilEOT
			inner, ok := c.sentence(m[2], ctx)
			if !ok || len(inner) != 1 || inner[0].Sel.Kind != selTarget {
				return Selector{}, false
			}
			*t = *inner[0]
			t.UntilEOT = t.UntilEOT || eot
			t.If = &f
			return t.Sel, true
		},
	}, sentenceRules[n-1])
	predicateRules = []predicateRule{
		{class: "gets +N/+N", re: regexp.MustCompile(`^gets? (?:an additional )?([+-]\d+)/([+-]\d+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			dp, _ := strconv.Atoi(m[1])
			dt, _ := strconv.Atoi(m[2])
			return []Part{{Layer: L7c, Op: opModPT, P: dp, T: dt}}, true
		}},
		{class: "gets +X/+X, X its source's mana value", re: regexp.MustCompile(`^gets? ([+-]x|\+0)/([+-]x|\+0)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			if c.xSourceMV == 0 && c.xCount == "" {
				return nil, false // X is not defined here (107.3)
			}
			mult := func(w string) int {
				switch w {
				case "+x":
					return 1
				case "-x":
					return -1
				}
				return 0
			}
			if c.xSourceMV == 0 {
				// X counts: the same reading as "for each".
				return forEachParts(mult(m[1]), mult(m[2]), c.xCount)
			}
			return []Part{{Layer: L7c, Op: opModPT, P: mult(m[1]), T: mult(m[2]), XSourceMV: true}}, true
		}},
		{class: "combat or untap rule (613.11)", re: regexp.MustCompile(`^can't (attack|block|attack or block) unless (?:its|their) controller pays ((?:\{[^}]+\})+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// 508.1h, 509.1d: a cost to attack or block, not a prohibition.
			rule := "508.1h"
			if m[1] == "block" {
				rule = "509.1d"
			}
			return []Part{{Layer: lRules, Op: opRule, RuleID: rule, RuleText: "to " + m[1] + " with it, its controller pays " + m[2]}}, true
		}},
		{class: "can't attack or block", re: regexp.MustCompile(`^can't attack, block, or crew vehicles$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			return []Part{{Layer: lRules, Op: opCantAttack}, {Layer: lRules, Op: opCantBlock},
				{Layer: lRules, Op: opRule, RuleID: "702.122a", RuleText: "it can't be tapped to crew Vehicles"}}, true
		}},
		{class: "gets +N/+N for each", re: reForEach, build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			dp, _ := strconv.Atoi(m[1])
			dt, _ := strconv.Atoi(m[2])
			return forEachParts(dp, dt, m[3])
		}},
		{class: "base power and toughness N/N", re: regexp.MustCompile(`^(?:has|have) base power and (?:base )?toughness (\d+)/(\d+)$`), build: buildSetPT},
		{class: "P/T equal to mana value", re: regexp.MustCompile(`^(?:has|have) (?:base )?power and (?:base )?toughness each equal to (?:its|their) mana value$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L7b, Op: opSetPTMV}}, true
		}},
		{class: "becomes N/N", re: regexp.MustCompile(`^becomes? (\d+)/(\d+)$`), build: buildSetPT},
		{class: "is COLOR", re: regexp.MustCompile(`^(?:is|are|becomes?) ((?:white|blue|black|red|green)(?:(?:,? and |, )(?:white|blue|black|red|green))*|colorless)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			var cs []string
			for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
				if col, ok := colorWords[w]; ok {
					cs = append(cs, col)
				}
			}
			return []Part{{Layer: L5, Op: opSetColors, Colors: sortColors(cs)}}, true
		}},
		{class: "is COLOR in addition to its other colors", re: regexp.MustCompile(`^(?:is|are|becomes?) ((?:white|blue|black|red|green)(?:(?:,? and |, )(?:white|blue|black|red|green))*) in addition to (?:its|their) other colors$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			var cs []string
			for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
				if col, ok := colorWords[w]; ok {
					cs = append(cs, col)
				}
			}
			return []Part{{Layer: L5, Op: opAddColors, Colors: sortColors(cs)}}, true
		}},
		{class: "is all colors", re: regexp.MustCompile(`^(?:is|are) all colors$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L5, Op: opSetColors, Colors: []string{"W", "U", "B", "R", "G"}}}, true
		}},
		{class: "is every creature type", re: regexp.MustCompile(`^(?:is|are) every creature type(?: in addition to (?:its|their) other types)?$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{allCreatureTypes}}}, true
		}},
		{class: "is a TYPE in addition to its other types", re: regexp.MustCompile(`^(?:is|are) also (?:a |an )?([a-z, ]+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// "~ is also a Cleric, Rogue, Warrior, and Wizard": creature
			// types in addition to its others (205.1b).
			var subs []string
			for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
				if w == "and" {
					continue
				}
				ct, ok := creatureTypeNoun(w)
				if !ok {
					return nil, false
				}
				subs = append(subs, capitalize(ct))
			}
			return []Part{{Layer: L4, Op: opAddTypes, Subtypes: subs}}, len(subs) > 0
		}},
		{class: "is SUPERTYPE", re: regexp.MustCompile(`^(?:is|are) (legendary|snow)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opAddTypes, Supertypes: []string{capitalize(m[1])}}}, true
		}},
		{class: "is indestructible", re: regexp.MustCompile(`^(?:is|are) indestructible$`), build: func(c *compiler, _ []string, _ []string) ([]Part, bool) {
			return []Part{{Layer: L6, Op: opAddAbilities, Abilities: []*Ability{c.keyword("indestructible")}}}, true
		}},
		{class: "combat or untap rule (613.11)", re: regexp.MustCompile(`^(?:is|are) goaded$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: lRules, Op: opRule, RuleText: "goaded: attacks each combat if able, and a player other than the goading player if able", RuleID: "701.15b"}}, true
		}},
		{class: "the chosen color, type or name", re: regexp.MustCompile(`\bthe chosen\b`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return nil, false // a choice the text does not state: write it in
		}},
		{class: "is a basic land type", re: regexp.MustCompile(`^(?:is|are|becomes?) (?:a |an )?(plains|islands?|swamps?|mountains?|forests?)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opSetLandTypes, Subtypes: []string{basicLandTypes[m[1]]}}}, true
		}},
		{class: "is a TYPE in addition to its other types", re: regexp.MustCompile(`^(?:is|are) (?:a |an )?(\S+?) in addition to (?:its|their) other (?:land |creature |artifact |enchantment )?types$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// A card type (205.2a) is added as a type, anything else as a
			// subtype: "All permanents are artifacts in addition to their
			// other types" makes them artifacts, not "Artifact" lands.
			if ct := typeNouns[m[1]]; ct != "" {
				return []Part{{Layer: L4, Op: opAddTypes, Types: []string{ct}}}, true
			}
			w := strings.TrimSuffix(m[1], "s")
			sub := capitalize(w)
			if bt, ok := basicLandTypes[m[1]]; ok {
				sub = bt
			}
			return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{sub}}}, true
		}},
		{class: "isn't a TYPE", re: regexp.MustCompile(`^(?:isn't|is not|aren't|are not) (?:a |an )?(creature|artifact|enchantment|land)s?$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opRemoveTypes, Types: []string{typeNouns[m[1]]}}}, true
		}},
		{class: "every basic land type", re: regexp.MustCompile(`^(?:is|are) every basic land type in addition to (?:its|their) other types$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}}}, true
		}},
		{class: "loses all abilities", re: regexp.MustCompile(`^loses? all abilities$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L6, Op: opLoseAll}}, true
		}},
		{class: "loses all abilities except mana abilities", re: regexp.MustCompile(`^loses? all abilities except mana abilities$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L6, Op: opLoseAll, KeepMana: true}}, true
		}},
		{class: "loses all other abilities", re: regexp.MustCompile(`^loses? all other abilities$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L6, Op: opLoseAll, KeepOwn: true}}, true
		}},
		{class: "loses all land types and abilities", re: regexp.MustCompile(`^loses? all land types( and abilities)?$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			parts := []Part{{Layer: L4, Op: opRemoveLandTypes}}
			if m[1] != "" {
				parts = append(parts, Part{Layer: L6, Op: opLoseAll})
			}
			return parts, true
		}},
		{class: "can't attack unless defending player controls", re: regexp.MustCompile(`^can't (attack|block) unless (?:defending player|an opponent) controls (?:a|an) (.+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			f, ok := parseFilter(strings.Fields(m[2]))
			if !ok {
				return nil, false
			}
			// The scenario is your turn: the defending player is your
			// opponent. The restriction holds while they control none.
			f.Control = 2
			op := opCantAttack
			if m[1] == "block" {
				op = opCantBlock
			}
			return []Part{{Layer: lRules, Op: op, Unless: &f}}, true
		}},
		{class: "can't attack you", re: regexp.MustCompile(`^can't attack you( or planeswalkers you control)?$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// 508.1c: a restriction on attacking the source's controller.
			n := 1
			if m[1] != "" {
				n = 2
			}
			return []Part{{Layer: lRules, Op: opCantAttack, AttackYou: n}}, true
		}},
		{class: "combat or untap rule (613.11)", re: regexp.MustCompile(`^can't attack you(?: or planeswalkers you control)? unless (?:their|its) controller pays (\{[^}]+\}(?:\{[^}]+\})*) for each .+$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// 508.1h: a cost to attack, not a prohibition.
			return []Part{{Layer: lRules, Op: opRule, RuleID: "508.1h", RuleText: "attacking the player who controls the source costs " + m[1] + " for each such creature"}}, true
		}},
		{class: "can't attack or block", re: regexp.MustCompile(`^can't attack( or block)?$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			parts := []Part{{Layer: lRules, Op: opCantAttack}}
			if m[1] != "" {
				parts = append(parts, Part{Layer: lRules, Op: opCantBlock})
			}
			return parts, true
		}},
		{class: "combat or untap rule (613.11)", match: matchRuleEffect, build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			for _, r := range ruleEffects {
				if r.re.MatchString(m[0]) {
					return []Part{{Layer: lRules, Op: opRule, RuleText: r.text, RuleID: r.rule}}, true
				}
			}
			return nil, false
		}},
		{class: "combat or untap rule (613.11)", re: regexp.MustCompile(`^can't (be blocked except by|be blocked by|block) (.+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			// 509.1b: a restriction on which creatures can block it, or
			// which it can block; what it names must be creatures.
			if !creaturePhrase(m[2]) {
				return nil, false
			}
			text := "a restriction on which creatures can block it"
			if m[1] == "block" {
				text = "can't block some creatures: a restriction"
			}
			return []Part{{Layer: lRules, Op: opRule, RuleText: text, RuleID: "509.1b"}}, true
		}},
		{class: "can't block", re: regexp.MustCompile(`^can't block$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: lRules, Op: opCantBlock}}, true
		}},
		{class: "gains all creature types", re: regexp.MustCompile(`^(?:gains?|has|have) all creature types$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{allCreatureTypes}}}, true
		}},
		{class: "loses all creature types", re: regexp.MustCompile(`^loses? all creature types$`), build: func(*compiler, []string, []string) ([]Part, bool) {
			return []Part{{Layer: L4, Op: opRemoveCreatureTypes}}, true
		}},
		{class: "has ABILITIES", re: regexp.MustCompile(`^(?:has|have|gains?) (.+)$`), build: func(c *compiler, m []string, quoted []string) ([]Part, bool) {
			abs, ok := c.grantList(m[1], quoted)
			if !ok {
				return nil, false
			}
			return []Part{{Layer: L6, Op: opAddAbilities, Abilities: abs}}, true
		}},
		{class: "loses KEYWORDS", re: regexp.MustCompile(`^loses? (.+)$`), build: func(c *compiler, m []string, _ []string) ([]Part, bool) {
			kws, ok := keywordList(m[1])
			if !ok {
				return nil, false
			}
			return []Part{{Layer: L6, Op: opLoseAbilities, Keywords: kws}}, true
		}},
		{class: "becomes a … creature", re: regexp.MustCompile(`^(?:becomes?|is|are) (?:a |an )?(.*)$`), build: func(c *compiler, m []string, quoted []string) ([]Part, bool) {
			return c.becomeCreature(strings.Fields(m[1]), quoted)
		}},
	}
}

// ruleEffects are effects on game rules the layers do not apply (613.11):
// they are collected for the object and shown with the rule that gives
// them meaning.
var ruleEffects = []struct {
	re         *regexp.Regexp
	text, rule string
}{
	{regexp.MustCompile(`^attacks? each (?:combat|turn) if able$`), "must attack each combat if able: a requirement", "508.1d"},
	{regexp.MustCompile(`^blocks? each (?:combat|turn) if able$`), "must block each combat if able: a requirement", "509.1c"},
	{regexp.MustCompile(`^(?:must be blocked|is blocked) (?:each combat )?if able$`), "must be blocked if able: a requirement on the defending player's creatures", "509.1c"},
	{regexp.MustCompile(`^can't be blocked$`), "can't be blocked: a restriction on blockers", "509.1b"},
	{regexp.MustCompile(`^can't be blocked (?:by|except by) (?:more than (?:one|two) creatures?|(?:two|three) or more creatures|creatures with (?:power|toughness) (?:\d+|x) or (?:less|greater)|(?:[a-z]+ )?creatures with (?:flying|reach|defender|horsemanship|shadow)|walls|legendary creatures|artifact creatures|(?:white|blue|black|red|green) creatures)$`), "a restriction on which creatures can block it", "509.1b"},
	{regexp.MustCompile(`^can block only creatures with (?:flying|shadow|horsemanship)$`), "can block only some creatures: a restriction", "509.1b"},
	{regexp.MustCompile(`^can't block creatures with (?:flying|power (?:\d+|x) or (?:less|greater))$`), "can't block some creatures: a restriction", "509.1b"},
	{regexp.MustCompile(`^can block (?:an additional creature|any number of creatures|an additional N creatures|two additional creatures)(?: each combat)?$`), "may block more than one creature", "509.1a"},
	{regexp.MustCompile(`^can't attack or block alone$|^can't attack alone$|^can't block alone$`), "can't attack or block alone: a restriction that depends on the other attackers or blockers", "508.1c"},
	{regexp.MustCompile(`^activated abilities can't be activated$`), "its activated abilities can't be activated", "602.5"},
	{regexp.MustCompile(`^activated abilities can't be activated unless they're mana abilities$`), "its activated abilities can't be activated, except mana abilities", "602.5"},
	{regexp.MustCompile(`^activated abilities with \{t\} in their costs can't be activated$`), "its activated abilities with {T} in their costs can't be activated", "602.5"},
	{regexp.MustCompile(`^(?:doesn't|don't) untap during (?:its|their|your) (?:controller's |controllers' )?untap steps?$`), ruleTextNoUntap, "502.3"},
	{regexp.MustCompile(`^attacks? or blocks? each combat if able$`), "attacks or blocks each combat if able: a requirement", "508.1d"},
	{regexp.MustCompile(`^must be blocked by [a-z ]+ if able$`), "must be blocked if able: a requirement on the defending player's creatures", "509.1c"},
	// 601.2c: only a legal target can be chosen.
	{regexp.MustCompile(`^can't be the targets? of [a-z ,]*(?:spells|abilities)(?: [a-z ,']+)?$`), "it can't be chosen as a target of those spells or abilities", "601.2c"},
	{regexp.MustCompile(`^can't have counters put on (?:it|them)$`), "counters can't be put on it", "122.1"},
	// 702.14c, 702.28b: evasion it is blocked or blocks as though it lacked.
	{regexp.MustCompile(`^can be blocked as though (?:it|they) didn't have [a-z]+walk$`), "can be blocked as though it didn't have that landwalk", "702.14c"},
	{regexp.MustCompile(`^can block creatures with shadow as though (?:~|it|they) (?:had shadow|didn't have shadow)$|^can block creatures with shadow as though they didn't have shadow$`), "can block creatures with shadow", "702.28b"},
}

// matchRuleEffect tries ruleEffects' patterns one by one.
func matchRuleEffect(p string) []string {
	for _, r := range ruleEffects {
		if m := r.re.FindStringSubmatch(p); m != nil {
			return m
		}
	}
	return nil
}

func buildSetPT(c *compiler, m []string, _ []string) ([]Part, bool) {
	bp, _ := strconv.Atoi(m[1])
	bt, _ := strconv.Atoi(m[2])
	return []Part{{Layer: L7b, Op: opSetPT, P: bp, T: bt}}, true
}

// sentence compiles one sentence. ok is false when it cannot be modelled;
// ctx.outcome and ctx.class then say whether a template matched.
func (c *compiler) sentence(raw string, ctx *sctx) ([]*Template, bool) {
	ctx.outcome, ctx.class, ctx.condSel, ctx.paired = outUnmatched, "", nil, false
	if ts, ok, done := c.zoneSentence(raw, ctx); done {
		return ts, ok // cards outside the battlefield (offfield.go)
	}
	s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(raw), "."))
	if m := reSelfAndAttached.FindStringSubmatch(s); m != nil && ctx.self {
		// Nighthowler's "~ and enchanted creature each get +X/+X, where
		// X is ...": the same effect on each (one sentence, two
		// subjects).
		var out []*Template
		for _, subj := range []string{m[1], m[2]} {
			ts, ok := c.sentence(subj+" gets "+m[3], ctx)
			if !ok {
				return nil, false
			}
			for _, t := range ts {
				t.Sentence = s
			}
			out = append(out, ts...)
		}
		return out, true
	}
	eot := false
	if reUntilEOTPre.MatchString(s) {
		s = reUntilEOTPre.ReplaceAllString(s, "")
		eot = true
	}
	if reUntilEOTPost.MatchString(s) && !conditionThisTurn(s, ctx) {
		s = reUntilEOTPost.ReplaceAllString(s, "")
		eot = true
	}
	var cond *Condition
	if m := reForAsLong.FindStringSubmatch(s); m != nil {
		// 611.2b: a resolved effect lasting "for as long as" a condition.
		cd, ok := parseCondition(strings.ToLower(m[1]))
		if !ok {
			ctx.class = "for as long as CONDITION"
			return nil, false
		}
		cond, s = cd, s[:len(s)-len(m[0])]
		eot = true
	} else if m := reAsLongPre.FindStringSubmatch(s); m != nil {
		cd, ok := parseCondition(strings.ToLower(m[1]))
		if !ok {
			ctx.class = "as long as CONDITION"
			return nil, false
		}
		cond, s = cd, s[len(m[0]):]
		ctx.paired = cd.More != nil && cd.More.Paired
		if (strings.HasPrefix(strings.ToLower(m[1]), "~ ") || strings.HasSuffix(strings.ToLower(m[1]), " on ~")) && ctx.self {
			// "As long as ~ is equipped, it gets +1/+1": "it" is ~.
			ctx.condSel = &Selector{Kind: selSelf, Noun: "~"}
		}
		if cd.Control != nil && cd.AtMost == 1 && cd.AtLeast == 1 {
			ctx.condSel = &Selector{Kind: selFilter, F: *cd.Control, Noun: "that " + strings.ToLower(m[1])}
		}
		if cd.AttachedIs != nil {
			// "As long as enchanted artifact isn't a creature, it's ...":
			// "it" is the enchanted object.
			kind := selEnchanted
			if strings.HasPrefix(strings.ToLower(m[1]), "equipped") {
				kind = selEquipped
			}
			ctx.condSel = &Selector{Kind: kind, Noun: strings.ToLower(m[1])}
			if strings.HasPrefix(s, "it's ") {
				s = "it is " + s[len("it's "):]
			}
		}
	} else if m := reAsLongPost.FindStringSubmatch(s); m != nil {
		cd, ok := parseCondition(strings.ToLower(m[1]))
		if !ok {
			ctx.class = "as long as CONDITION"
			return nil, false
		}
		cond, s = cd, s[:len(s)-len(m[0])]
	} else if m := reUnlessPost.FindStringSubmatch(s); strings.Contains(s, " unless ") && m != nil && ctx.self && !reEntersUnless.MatchString(s) && !strings.ContainsAny(s, "\"“") {
		// "~ can't attack unless you control an artifact": the
		// restriction exists while the condition doesn't hold.
		if cd, ok := parseCondition(strings.ToLower(m[2])); ok {
			cd.Not = true
			cond, s = cd, m[1]
		}
	} else if m := reIfPost.FindStringSubmatch(s); strings.Contains(s, " if ") && m != nil && ctx.self && !strings.ContainsAny(s, "\"“") {
		// "~ can't attack if defending player controls an untapped land":
		// the restriction exists while the condition holds.
		if cd, ok := parseCondition(strings.ToLower(m[2])); ok {
			cond, s = cd, m[1]
		}
	} else if m := reDuringYourTurn.FindStringSubmatch(s); m != nil && ctx.self {
		cond, s = &Condition{YourTurn: 1, Text: "it's your turn"}, s[len(m[0]):]
	}
	hasWhere := strings.Contains(strings.ToLower(s), "where x is")
	if m := reWhereXMV.FindStringIndex(s); hasWhere && m != nil {
		// "..., where X is that artifact's mana value": X in this sentence
		// and in the abilities it grants is the mana value of the object
		// with the ability.
		s = s[:m[0]]
		c.xSourceMV++
		defer func() { c.xSourceMV-- }()
	} else if m := reWhereXCount.FindStringSubmatchIndex(s); hasWhere && m != nil && c.xCount == "" && reGetsX.MatchString(s) {
		// "gets +X/+X, where X is the number of creature cards in your
		// graveyard": X counts what the phrase names (608.2h for a
		// resolved effect does not arise: only static abilities).
		c.xCount = strings.ToLower(s[m[2]:m[3]])
		s = s[:m[0]]
		defer func() { c.xCount = "" }()
	}
	// Quoted abilities keep their own case and punctuation; the sentence
	// refers to them by placeholder.
	var quoted []string
	s = reQuoted.ReplaceAllStringFunc(s, func(q string) string {
		quoted = append(quoted, strings.Trim(q, "\"“”"))
		return "«" + strconv.Itoa(len(quoted)-1) + "»"
	})
	low := reOffBattlefield.ReplaceAllString(strings.ToLower(s), "all permanents ")
	t := &Template{Sentence: strings.TrimSpace(raw), UntilEOT: eot, Cond: cond}
	if cond != nil && !ctx.self && cond.Counter == "" {
		ctx.outcome, ctx.class = outRejected, "as long as CONDITION"
		return nil, false // a resolved effect's condition is not modelled
	}
	// "Untap target creature and gain control of it until end of turn"
	// (Threaten): two instructions, compiled in order.
	if m := reTwoInstructions.FindStringSubmatch(low); m != nil && !ctx.self {
		first, ok1 := c.sentence(m[1], ctx)
		if ok1 {
			rest := m[2]
			if eot {
				rest += " until end of turn"
			}
			second, ok2 := c.sentence(rest, ctx)
			if ok2 {
				for _, t := range append(first, second...) {
					t.Sentence = strings.TrimSpace(raw)
				}
				return append(first, second...), true
			}
		}
		ctx.outcome, ctx.class = outUnmatched, ""
	}
	for _, r := range sentenceRules {
		if r.when != nil && !r.when(ctx) {
			continue
		}
		if len(r.need) > 0 && !containsAny(low, r.need) {
			continue // none of the words its pattern needs
		}
		var m []string
		if r.match != nil {
			m = r.match(low)
		} else {
			m = r.re.FindStringSubmatch(low)
		}
		if m == nil {
			continue
		}
		if r.split != nil {
			var out []*Template
			for _, part := range r.split(m) {
				ts, ok := c.sentence(part, ctx)
				if !ok {
					ctx.outcome, ctx.class = outRejected, r.class
					return nil, false
				}
				out = append(out, ts...)
			}
			ctx.outcome, ctx.class = outModelled, r.class
			return out, true
		}
		var sel Selector
		var ok bool
		if r.build == nil {
			ctx.class = r.class
			sel, ok = c.generalSentence(low, t, ctx, quoted)
		} else {
			ctx.outcome, ctx.class = outRejected, r.class
			sel, ok = r.build(c, m, t, ctx, quoted)
		}
		if !ok {
			return nil, false
		}
		ctx.outcome = outModelled
		if r.noTemplate {
			return nil, true
		}
		c.noteLowers(t)
		t.Sel = sel
		ctx.last = &t.Sel
		ctx.prev = t
		return []*Template{t}, true
	}
	return nil, false
}

// generalSentence compiles "SUBJECT VERB PREDICATE [and VERB PREDICATE]".
// ctx.outcome stays outUnmatched unless a predicate template matched.
func (c *compiler) generalSentence(low string, t *Template, ctx *sctx, quoted []string) (Selector, bool) {
	words := strings.Fields(low)
	verb := -1
	for i, w := range words {
		// "creatures you control that are enchanted get +1/+1": the verb
		// of a relative clause is not the sentence's.
		if sentenceVerbs[w] && !(i > 0 && (words[i-1] == "that" || words[i-1] == "who")) {
			verb = i
			break
		}
	}
	if verb <= 0 {
		return Selector{}, false
	}
	sel, ok := c.subject(words[:verb], ctx)
	if !ok {
		return Selector{}, false
	}
	for _, clause := range splitClauses(words[verb:]) {
		parts, ok := c.predicate(clause, quoted, ctx)
		if !ok {
			return Selector{}, false
		}
		t.Parts = append(t.Parts, parts...)
	}
	return sel, true
}

// predicate compiles one clause after the subject with the first
// predicateRule that matches it.
func (c *compiler) predicate(p string, quoted []string, ctx *sctx) ([]Part, bool) {
	for _, r := range predicateRules {
		var m []string
		if r.match != nil {
			m = r.match(p)
		} else {
			m = r.re.FindStringSubmatch(p)
		}
		if m == nil {
			continue
		}
		ctx.outcome, ctx.class = outRejected, r.class
		return r.build(c, m, quoted)
	}
	ctx.outcome = outUnmatched
	return nil, false
}

// noteLowers remembers templates that can leave a creature with toughness 0
// or less, so state-based actions know when 704.5f needs checking.
func (c *compiler) noteLowers(t *Template) {
	for _, p := range t.Parts {
		if lw := ops[p.Op].lowers; lw != nil && lw(p, t) {
			c.lowers = true
		}
	}
}

func setsToughness(t *Template) bool {
	for _, p := range t.Parts {
		if p.Op == opSetPT && p.T > 0 {
			return true
		}
	}
	return false
}

// parseCondition0 reads the conditions of "as long as ..." the engine can
// decide: "you control a[n] FILTER" and "your devotion to COLOR is less
// than N" (700.5).
func parseCondition0(low string) (*Condition, bool) {
	switch low {
	case "it's your turn":
		return &Condition{YourTurn: 1, Text: low}, true
	case "it's not your turn":
		return &Condition{YourTurn: 2, Text: low}, true
	case "~ is tapped", "it's tapped":
		return &Condition{Tapped: 1, Text: low}, true
	case "~ is untapped", "it's untapped":
		return &Condition{Tapped: 2, Text: low}, true
	case "~ is equipped", "it's equipped":
		return &Condition{AttachedSub: "Equipment", Text: low}, true
	case "~ is enchanted", "it's enchanted":
		return &Condition{AttachedSub: "Aura", Text: low}, true
	}
	if m := reAttachedIsnt.FindStringSubmatch(low); m != nil {
		// "As long as enchanted artifact isn't a creature" (Animate
		// Artifact): checked where the effect starts to apply; once it has
		// started it goes on in the later layers (613.6).
		f, ok := wordFilter(m[1], false)
		if !ok {
			return nil, false
		}
		not := Filter{NotColors: f.Colors, NotTypes: f.Types, NotSubtypes: f.Subtypes}
		return &Condition{AttachedIs: &not, Text: low}, true
	}
	if m := reAttachedIs.FindStringSubmatch(low); m != nil {
		f, ok := wordFilter(m[1], true)
		if !ok {
			return nil, false
		}
		return &Condition{AttachedIs: &f, Text: low}, true
	}
	if reHiddenCond.MatchString(low) {
		return &Condition{Hidden: true, Text: low}, true
	}
	if m := reItIs.FindStringSubmatch(low); m != nil {
		f, ok := wordFilter(m[1], false)
		if !ok {
			return nil, false
		}
		return &Condition{SubjectIs: &f, Text: low}, true
	}
	if m := reOpponents.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		if !ok {
			return nil, false
		}
		return &Condition{Opponents: n, Text: low}, true
	}
	if m := reHasNCounters.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		if !ok {
			return nil, false
		}
		return &Condition{Counter: m[2], AtLeast: n, Text: low}, true
	}
	if m := reNoOppControls.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		f.Control = 2
		return &Condition{Control: &f, None: true, Text: low}, true
	}
	if m := reOnBattlefield.FindStringSubmatch(low); m != nil {
		// "there is a Mountain on the battlefield", "an enchantment is on
		// the battlefield", "there are N or more Islands on the
		// battlefield": anyone's.
		n := 1
		what := m[2] + m[4]
		if m[1] != "" {
			var ok bool
			if n, ok = number(m[1]); !ok {
				return nil, false
			}
		}
		f, ok := parseFilter(strings.Fields(what))
		if !ok {
			return nil, false
		}
		return &Condition{Control: &f, AtLeast: n, Text: low}, true
	}
	if m := reOppControls.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		f.Control = 2
		return &Condition{Control: &f, Text: low}, true
	}
	if m := reControlNo.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		f.Control = 1
		return &Condition{Control: &f, None: true, Text: low}, true
	}
	if m := reHasCounter.FindStringSubmatch(low); m != nil {
		return &Condition{Counter: m[1], Text: low}, true
	}
	if m := reControlExactly.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		f, ok2 := parseFilter(strings.Fields(m[2]))
		if !ok || !ok2 {
			return nil, false
		}
		f.Control = 1
		return &Condition{Control: &f, AtLeast: n, AtMost: n, Text: low}, true
	}
	if m := reControlAtLeast.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1] + m[2])
		f, ok2 := parseFilter(strings.Fields(m[3]))
		if !ok || !ok2 {
			return nil, false
		}
		f.Control = 1
		return &Condition{Control: &f, AtLeast: n, Text: low}, true
	}
	if m := reDevotion.FindStringSubmatch(low); m != nil {
		n, ok := number(m[3])
		if !ok {
			return nil, false
		}
		return &Condition{Devotion: colorWords[m[1]] + colorWords[m[2]], Less: n, Text: low}, true
	}
	if m := reYouControlA.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		f.Control = 1
		if strings.HasPrefix(low, "you control another ") {
			f.Other = true
		}
		return &Condition{Control: &f, Text: low}, true
	}
	return nil, false
}

var (
	// reHiddenCond: conditions on what a scenario doesn't hold: cards in
	// graveyards and hands, life totals, designations and this turn's
	// events.
	reHiddenCond = regexp.MustCompile(`^(?:(?:one|two|three|four|five|six|seven|eight|\d+) or more cards are in your graveyard` +
		`|there are (?:one|two|three|four|five|\d+) or more (?:card types|mana values) among cards in your graveyard` +
		`|there are (?:one|two|three|four|five|\d+) or more [a-z /]+ cards in your graveyard` +
		`|you have no cards in hand|you have (?:one|two|three|four|five|six|seven|\d+) or (?:more|fewer|less) cards in hand` +
		`|you have (?:\d+|one|two|three|four|five|ten) or (?:more|less) life|your life total is (?:greater|less) than [a-z0-9 ]+` +
		`|you have the city's blessing|you've completed a dungeon|you're the monarch|you control your commander` +
		`|an opponent has (?:\d+|one|two|three|four|five|six|seven|eight|ten) or (?:more|fewer|less) (?:cards in their graveyard|life|cards in hand)` +
		`|you've (?:drawn|cast|gained|lost) [a-z0-9 ]+ this turn|an opponent lost life this turn` +
		// Combat and designations a scenario doesn't record (506.4,
		// 701.37b, 702.112b).
		`|(?:~ is|it's) (?:attacking|blocking|monstrous|renowned|attacking alone)|~ is attacking or blocking|it's attacking or blocking` +
		`|(?:it|~) entered the battlefield this turn|the top card of your library is an? [a-z ]+)$`)
	reItIs      = regexp.MustCompile(`^it's (?:a |an )?(white|blue|black|red|green|artifact|creature|enchantment|land|[a-z]+)$`)
	reOpponents = regexp.MustCompile(`^you have (one|two|three|four|\d+) or more opponents$`)
)

// wordFilter reads one word of a condition ("is a creature", "is red", "is
// a Goblin") as a filter: a colour, a card type, a creature type, or, with
// anySubtype, any other subtype the CR lists.
func wordFilter(w string, anySubtype bool) (Filter, bool) {
	var f Filter
	if col, ok := colorWords[w]; ok {
		f.Colors = []string{col}
	} else if t := typeNouns[w]; t != "" {
		f.Types = []string{t}
	} else if ct, ok := creatureTypeNoun(w); ok {
		f.Subtypes = []string{capitalize(ct)}
	} else if anySubtype && knownSubtype(w) {
		f.Subtypes = []string{capitalize(w)}
	} else {
		return Filter{}, false
	}
	return f, true
}

var reWithQuality = regexp.MustCompile(` with (?:(?:flying|reach|defender|shadow|horsemanship|[a-z]+walk|first strike|deathtouch|menace|trample)(?:,? or |,? and |, )?)+$| with (?:power|toughness) (?:\d+|x) or (?:less|greater)$`)

// creaturePhrase reports a phrase that names creatures ("creatures with
// flying or reach", "black and/or red creatures", "Walls", "creature
// tokens"), as a restriction on blocking names them.
func creaturePhrase(p string) bool {
	p = strings.ReplaceAll(p, " and/or ", " or ")
	p = reWithQuality.ReplaceAllString(p, "")
	f, ok := parseFilter(strings.Fields(p))
	if !ok {
		return false
	}
	fs := []Filter{f}
	if len(f.Or) > 0 {
		fs = f.Or
	}
	for _, x := range fs {
		if len(x.Types) > 0 && !containsFold(x.Types, "Creature") && !containsFold(x.Types, "Artifact") {
			return false
		}
	}
	return true
}

// forEachParts reads "+dp/+dt for each WHAT" (or "+X/+X, where X is the
// number of WHAT").
func forEachParts(dp, dt int, what string) ([]Part, bool) {
	if p, ok := forEachMore(what); ok {
		p.Layer, p.Op, p.P, p.T = L7c, opModPTCount, dp, dt
		return []Part{p}, true
	}
	shares := false
	if reDomain.MatchString(what) {
		return []Part{{Layer: L7c, Op: opModPTCount, P: dp, T: dt, Domain: true}}, true
	}
	if reHiddenCount.MatchString(what) {
		return []Part{{Layer: L7c, Op: opModPTCount, P: dp, T: dt, Hidden: what}}, true
	}
	// "for each Aura attached to it", "for each charge counter on ~"
	if am := reAttachedToIt.FindStringSubmatch(what); am != nil {
		st, kind := nonCreatureSubtypeNoun(am[1])
		if kind == "" {
			return nil, false
		}
		return []Part{{Layer: L7c, Op: opModPTCount, P: dp, T: dt, CountAttached: st}}, true
	}
	if cm := reCounterOn.FindStringSubmatch(what); cm != nil {
		return []Part{{Layer: L7c, Op: opModPTCount, P: dp, T: dt, Counter: cm[1], CounterOnSource: cm[2] == "~"}}, true
	}
	if sm := reShares.FindStringSubmatch(what); sm != nil {
		what, shares = sm[1]+sm[2], true
	}
	f, ok := parseFilter(strings.Fields(what))
	if !ok {
		return nil, false
	}
	return []Part{{Layer: L7c, Op: opModPTCount, P: dp, T: dt, Count: &f, Shares: shares}}, true
}

// cdaTarget reads which characteristic a P/T-count sentence sets ("power
// and toughness are each" 3, "power is" 1, "toughness is" 2) and the layer
// it applies in: 7a for a characteristic-defining ability (marked on t),
// 7b when the object grants it to itself (604.3a(4): then it is not
// characteristic-defining).
func (c *compiler) cdaTarget(t *Template, verb string) (which int, layer Layer) {
	which = 3
	switch verb {
	case "power is":
		which = 1
	case "toughness is":
		which = 2
	}
	if c.granting > 0 {
		return which, L7b
	}
	t.CDA = true
	return which, L7a
}
