package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// The templates of replacement and prevention effects (614, 615): one
// template of Oracle wording is one entry. What they build is applied by
// replacement.go where the event happens.

const (
	classPrevent       = "prevention of damage (615)"
	classUnpreventable = "damage can't be prevented (615.12)"
	classDamageMod     = "damage dealt is changed instead (614.1a)"
	classZone          = "put elsewhere instead of a graveyard (614.1a)"
	classLifeFloor     = "life total kept from going below N (614.1a)"
	classRegenerate    = "regeneration replaces destruction (701.19)"
	classAsCounters    = "damage replaced by counters (614.1a)"
)

var (
	// "Prevent all [combat] damage that would be dealt to ~ [by creatures]",
	// "... dealt by enchanted creature", "... dealt to and dealt by ...".
	rePreventAll = regexp.MustCompile(`^prevent all (combat |noncombat )?damage that would be dealt (to and dealt by|to|by) (.+?)(?: by (.+?))?$`)
	// "Prevent all combat damage ~ would deal", "Prevent all damage target
	// creature would deal this turn".
	rePreventAllDeal = regexp.MustCompile(`^prevent all (combat |noncombat )?damage (~|it|enchanted creature|equipped creature|target [a-z ]+) would deal$`)
	// "Prevent the next 3 damage that would be dealt to target creature
	// this turn": a shield (615.7).
	rePreventNext = regexp.MustCompile(`^prevent the next (\S+) damage that would be dealt to (.+)$`)
	// Fog: "Prevent all combat damage that would be dealt this turn"
	// (the duration taken off).
	rePreventAllEvent = regexp.MustCompile(`^prevent all (combat |noncombat )?damage that would be dealt$`)
	// "If damage would be dealt to ~ [while it has a +1/+1 counter on it],
	// prevent that damage [and remove a +1/+1 counter from it]".
	reIfDamageTo = regexp.MustCompile(`^if (combat |noncombat )?damage would be dealt to (.+?)(?: while it has an? (\S+) counters? on it)?, prevent (that damage|\S+ of that damage)(?: and (.+))?$`)
	// "If a source would deal [3 or less] damage to ~, prevent that damage".
	reIfSourceDeals = regexp.MustCompile(`^if (a|an|another) (.+?) would deal (?:(\S+) or less )?(combat |noncombat )?damage to (.+?), prevent (that damage|\S+ of that damage|half that damage, rounded up|all but \S+ of that damage)(?: and (.+))?$`)
	// "Prevent all damage that ~ would deal to red creatures".
	rePreventThatDeal = regexp.MustCompile(`^prevent all (combat |noncombat )?damage that (~|enchanted creature|equipped creature) would deal(?: to (.+))?$`)
	// "If ~ would be dealt damage, prevent that damage [and ...]".
	reIfDealtDamage = regexp.MustCompile(`^if (.+?) would be dealt (combat |noncombat )?damage, prevent that damage(?: and (.+))?$`)
	// The additional effect written as a sentence of its own after the
	// prevention ("Remove a +1/+1 counter from ~.").
	reThenSentence = regexp.MustCompile(`^(remove (?:a|an|one|that many) \S+ counters? from (?:~|it)|put (?:a|an) \S+ counter on (?:~|it|that creature) for each 1 damage prevented this way|you gain life equal to the damage prevented this way|the source's controller draws cards equal to the damage prevented this way)$`)

	reThenRemove = regexp.MustCompile(`^remove (a|an|one|that many) (\S+) counters? from (~|it)$`)
	reThenPut    = regexp.MustCompile(`^put (a|an|one|two|three) (\S+) counters? on (~|it|that creature)( for each 1 damage prevented this way)?$`)

	// "Damage can't be prevented", "Damage that would be dealt by ~
	// can't be prevented", "Combat damage that would be dealt by
	// creatures you control can't be prevented".
	reCantPrevent   = regexp.MustCompile(`^(combat )?damage can't be prevented$`)
	reCantPreventBy = regexp.MustCompile(`^(?:all )?(combat )?damage that would be dealt by (.+) can't be prevented$`)

	// "If a source you control would deal damage to a permanent or
	// player, it deals double that damage to that permanent or player
	// instead"; "... it deals that much damage plus 1 ... instead".
	reDamageMod = regexp.MustCompile(`^if (a|an|another) (.+?) would deal (?:(\S+) or more )?(combat |noncombat )?damage(?: to (.+?))?, (?:it|that source) deals (double that damage|triple that damage|that much damage plus (\S+)|that much damage minus (\S+)|half that damage, rounded down,|(\S+) damage)(?: to (?:that [a-z ]+|~|it|you))? instead$`)

	// "If ~ would be put into a graveyard from anywhere, exile it
	// instead", "If a creature an opponent controls would die, exile it
	// instead", "If a card would be put into an opponent's graveyard from
	// anywhere, exile it instead".
	reZoneInstead       = regexp.MustCompile(`^if (.+?) would (die|be put into (?:a|an opponent's|your) graveyard(?: from anywhere| from the battlefield)?), (?:instead )?(exile (?:it|that card|~)|(?:reveal ~ and )?shuffle (?:it|~) into its owner's library|put (?:it|~) on (?:top|the bottom) of its owner's library|return (?:it|~) to its owner's hand)(?: instead)?$`)
	reDamagedByThisTurn = regexp.MustCompile(`^(?:a |an )?creature dealt damage by (~|enchanted creature) this turn$`)
)

// numOrAll reads "that damage" (0: all of it) or "N of that damage".
func numOrAll(s string) (int, bool) {
	if s == "that damage" {
		return 0, true
	}
	w := strings.TrimSuffix(s, " of that damage")
	return wordNumber(w)
}

// preventAmount reads how much of the damage is prevented into r: all,
// "N of that damage", "half that damage, rounded up", "all but N of that
// damage".
func preventAmount(s string, r *Replacement) bool {
	switch {
	case s == "half that damage, rounded up":
		r.HalfUp = true
		return true
	case strings.HasPrefix(s, "all but "):
		n, ok := numOrAll(strings.TrimPrefix(s, "all but "))
		r.AllBut = n
		return ok && n > 0
	}
	n, ok := numOrAll(s)
	r.Amount = n
	return ok
}

// sourceWords is the source of "if a/an/another SOURCE would deal".
func sourceWords(article, x string) string {
	if article == "another" {
		return "other " + x
	}
	return x
}

func wordNumber(w string) (int, bool) {
	if n, ok := numberWords[w]; ok {
		return n, true
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && n > 0
}

// parseThen reads the additional effects of a prevention effect.
func parseThen(s string) ([]replThen, bool) {
	if s == "" {
		return nil, true
	}
	switch s {
	case "you gain life equal to the damage prevented this way":
		return []replThen{{n: -1, perUnit: true, gain: true}}, true
	case "the source's controller draws cards equal to the damage prevented this way":
		return []replThen{{n: -1, perUnit: true, draw: true}}, true
	}
	if m := reThenRemove.FindStringSubmatch(s); m != nil {
		th := replThen{counter: m[2], n: 1, remove: true, onSource: m[3] == "~"}
		if m[1] == "that many" {
			th.n = -1
		}
		return []replThen{th}, true
	}
	if m := reThenPut.FindStringSubmatch(s); m != nil {
		n, _ := wordNumber(m[1])
		th := replThen{counter: m[2], n: n, onSource: m[3] == "~"}
		if m[4] != "" {
			th.n, th.perUnit = -1, true
		}
		return []replThen{th}, true
	}
	return nil, false
}

func preventText(r *Replacement) string {
	var b strings.Builder
	if r.Amount > 0 {
		b.WriteString("prevents " + strconv.Itoa(r.Amount) + " of the ")
	} else {
		b.WriteString("prevents all ")
	}
	switch r.Combat {
	case 1:
		b.WriteString("combat ")
	case 2:
		b.WriteString("noncombat ")
	}
	b.WriteString("damage")
	switch r.Role {
	case roleTo:
		b.WriteString(" that would be dealt to it")
	case roleBy:
		b.WriteString(" that it would deal")
	case roleTo | roleBy:
		b.WriteString(" that would be dealt to it and that it would deal")
	}
	if r.Src != nil || r.SrcBlocked {
		b.WriteString(" (from the sources it names)")
	}
	b.WriteString(": a prevention effect, applied as the damage would be dealt")
	return b.String()
}

// buildPrevention makes the template of a prevention effect on the
// recipients x names.
func buildPrevention(c *compiler, t *Template, ctx *sctx, r *Replacement, x string) (Selector, bool) {
	if rest, cut := strings.CutSuffix(x, " during your turn"); cut {
		x, r.YourTurn = rest, true
	}
	if rest, cut := strings.CutPrefix(x, "attacking "); cut {
		x, r.Attacking = rest, true
	}
	players, sel, ok := c.replSubject(x, ctx)
	if !ok {
		return Selector{}, false
	}
	if r.Role == 0 {
		r.Role = roleTo
	}
	if players != 0 && (r.Role != roleTo || r.Attacking) {
		return Selector{}, false // damage "dealt by" a player is not a thing
	}
	r.Kind = rkPrevent
	r.Text = preventText(r)
	return c.replTemplate(t, r, players, sel), true
}

func init() {
	// The additional effect sentence goes first: "Put a -1/-1 counter on
	// ~ for each 1 damage prevented this way" is not a counter action of
	// its own.
	sentenceRules = append([]sentenceRule{
		{
			// The prevention's additional effect as a sentence of its own
			// (Phantom Flock, Phyrexian Hydra): part of the previous one.
			class: classPrevent,
			re:    reThenSentence,
			when: func(ctx *sctx) bool {
				return ctx.prev != nil && len(ctx.prev.Parts) > 0 && ctx.prev.Parts[0].Repl != nil && ctx.prev.Parts[0].Repl.Kind == rkPrevent
			},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				then, ok := parseThen(m[1])
				if !ok {
					return Selector{}, false
				}
				r := ctx.prev.Parts[0].Repl
				r.Then = append(r.Then, then...)
				return Selector{}, true
			},
			noTemplate: true,
		},
	}, sentenceRules...)
	addSentenceRules(
		sentenceRule{
			class: classPrevent,
			re:    rePreventAll,
			need:  []string{"prevent all"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Combat: combatWord(m[1])}
				switch m[2] {
				case "by":
					r.Role = roleBy
				case "to and dealt by":
					r.Role = roleTo | roleBy
				}
				if m[4] != "" {
					switch {
					case m[4] == "creatures it's blocking" || m[4] == "creatures it is blocking":
						r.SrcBlocked = true
					case m[4] == "creatures blocking it":
						r.SrcBlocking = true
					case r.Role == roleBy:
						return Selector{}, false
					default:
						f, spell, ok := parseSourceSpell(m[4])
						if !ok {
							return Selector{}, false
						}
						r.Src, r.SrcSpell = f, spell
					}
				}
				if r.Role == roleBy {
					// "dealt by instant and sorcery spells": the event
					// is named by its source alone (Energy Storm).
					if f, spell, ok := parseSourceSpell(m[3]); ok && spell && ctx.self {
						r.Kind, r.Role, r.Src, r.SrcSpell, r.RecipPlayers, r.RecipPerms = rkPrevent, roleAny, f, true, 3, &Filter{}
						r.Text = "prevents all damage the spells it names would deal: a prevention effect"
						sel := Selector{Kind: selSelf, Noun: "~"}
						return c.replTemplate(t, r, 0, &sel), true
					}
				}
				return buildPrevention(c, t, ctx, r, m[3])
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    rePreventNext,
			need:  []string{"prevent the next"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				n, ok := wordNumber(m[1])
				if !ok {
					return Selector{}, false
				}
				r := &Replacement{Shield: n}
				sel, ok := buildPrevention(c, t, ctx, r, m[2])
				r.Text = "prevents the next " + m[1] + " damage that would be dealt to it: a prevention shield (615.7)"
				for i := range t.Parts {
					t.Parts[i].RuleText, t.Parts[i].RuleID = r.Text, "615.7"
				}
				return sel, ok
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    rePreventAllEvent,
			need:  []string{"prevent all"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Kind: rkPrevent, Role: roleAny, Combat: combatWord(m[1]), RecipPlayers: 3, RecipPerms: &Filter{}}
				r.Text = preventText(r) + " to any player or permanent"
				sel := Selector{Kind: selSelf, Noun: "~"}
				if !ctx.self {
					// A resolved effect: it applies to no object, and
					// names the damage events alone (611.2).
					sel = Selector{Kind: selFilter, Noun: "damage"}
				}
				return c.replTemplate(t, r, 0, &sel), true
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    rePreventAllDeal,
			need:  []string{"prevent all"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Combat: combatWord(m[1]), Role: roleBy}
				return buildPrevention(c, t, ctx, r, m[2])
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    reIfDamageTo,
			need:  []string{"prevent"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				amount, ok1 := numOrAll(m[4])
				then, ok2 := parseThen(m[5])
				if !ok1 || !ok2 {
					return Selector{}, false
				}
				r := &Replacement{Combat: combatWord(m[1]), Amount: amount, WhileCounter: m[3], Then: then}
				return buildPrevention(c, t, ctx, r, m[2])
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    reIfSourceDeals,
			need:  []string{"prevent"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				src, spell, ok := parseSourceSpell(sourceWords(m[1], m[2]))
				then, ok2 := parseThen(m[7])
				if !ok || !ok2 {
					return Selector{}, false
				}
				r := &Replacement{Combat: combatWord(m[4]), Src: src, SrcSpell: spell, Then: then}
				if !preventAmount(m[6], r) {
					return Selector{}, false
				}
				if m[3] != "" {
					n, ok := wordNumber(m[3])
					if !ok {
						return Selector{}, false
					}
					r.AtMost = n
				}
				return buildPrevention(c, t, ctx, r, m[5])
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    rePreventThatDeal,
			need:  []string{"prevent all"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Combat: combatWord(m[1]), Role: roleBy}
				if m[3] != "" {
					pl, perms, ok := replRecipients(m[3])
					if !ok {
						return Selector{}, false
					}
					r.Recip, r.RecipPlayers, r.RecipPerms = true, pl, perms
				}
				return buildPrevention(c, t, ctx, r, m[2])
			},
		},
		sentenceRule{
			class: classPrevent,
			re:    reIfDealtDamage,
			need:  []string{"prevent"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				then, ok := parseThen(m[3])
				if !ok {
					return Selector{}, false
				}
				r := &Replacement{Combat: combatWord(m[2]), Then: then}
				return buildPrevention(c, t, ctx, r, m[1])
			},
		},
		sentenceRule{
			class: classUnpreventable,
			re:    reCantPrevent,
			need:  []string{"can't be prevented"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if !ctx.self {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkUnpreventable, Role: roleAny, Combat: combatWord(m[1]), RecipPlayers: 3, RecipPerms: &Filter{},
					Text: "damage can't be prevented: prevention effects still apply but prevent nothing"}
				sel := Selector{Kind: selSelf, Noun: "~"}
				return c.replTemplate(t, r, 0, &sel), true
			},
		},
		sentenceRule{
			class: classUnpreventable,
			re:    reCantPreventBy,
			need:  []string{"can't be prevented"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				_, sel, ok := c.replSubject(m[2], ctx)
				if !ok || sel == nil {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkUnpreventable, Role: roleBy, Combat: combatWord(m[1]),
					Text: "the damage it would deal can't be prevented"}
				return c.replTemplate(t, r, 0, sel), true
			},
		},
		sentenceRule{
			class: classDamageMod,
			re:    reDamageMod,
			need:  []string{"would deal"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if !ctx.self {
					return Selector{}, false
				}
				src, spell, ok := parseSourceSpell(sourceWords(m[1], m[2]))
				if !ok {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkDamageMod, Combat: combatWord(m[4]), Src: src, SrcSpell: spell, Mult: 1}
				switch {
				case m[6] == "double that damage":
					r.Mult = 2
				case m[6] == "triple that damage":
					r.Mult = 3
				case m[6] == "half that damage, rounded down,":
					r.HalfDown = true
				case m[7] != "" || m[8] != "":
					n, ok := wordNumber(m[7] + m[8])
					if !ok {
						return Selector{}, false
					}
					r.Plus = n
					if m[8] != "" {
						r.Plus = -n
					}
				default:
					n, ok := wordNumber(m[9])
					if !ok || m[3] == "" {
						return Selector{}, false
					}
					r.Cap = n
				}
				if m[3] != "" {
					n, ok := wordNumber(m[3])
					if !ok {
						return Selector{}, false
					}
					r.AtLeast = n
				}
				if m[5] == "~" {
					r.Role = roleTo
					sel := Selector{Kind: selSelf, Noun: "~"}
					r.Text = "the damage dealt to it is changed: a replacement effect"
					return c.replTemplate(t, r, 0, &sel), true
				}
				if m[5] == "" {
					m[5] = "a permanent or player" // "would deal damage": to anything
				}
				pl, perms, ok := replRecipients(m[5])
				if !ok {
					// "equipped creature": the object the effect is on.
					players, sel, ok := c.replSubject(m[5], ctx)
					if !ok {
						return Selector{}, false
					}
					r.Role = roleTo
					r.Text = "the damage dealt to it is changed: a replacement effect"
					return c.replTemplate(t, r, players, sel), true
				}
				r.Role, r.RecipPlayers, r.RecipPerms = roleAny, pl, perms
				r.Text = "the damage the sources it names deal is changed: a replacement effect"
				sel := Selector{Kind: selSelf, Noun: "~"}
				return c.replTemplate(t, r, 0, &sel), true
			},
		},
		sentenceRule{
			class: classZone,
			re:    reZoneInstead,
			need:  []string{"would"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				r := &Replacement{Kind: rkZone}
				switch {
				case strings.HasPrefix(m[3], "exile"):
					r.To = ZoneExile
				case strings.Contains(m[3], "shuffle"):
					r.To, r.Where = ZoneLibrary, "shuffle"
				case strings.Contains(m[3], " on top of "):
					r.To, r.Where = ZoneLibrary, "top"
				case strings.Contains(m[3], " on the bottom of "):
					r.To, r.Where = ZoneLibrary, "bottom"
				default:
					r.To = ZoneHand
				}
				switch {
				case strings.Contains(m[2], "an opponent's graveyard"):
					r.Owner = 2
				case strings.Contains(m[2], "your graveyard"):
					r.Owner = 1
				}
				x := m[1]
				var sel Selector
				switch {
				case x == "~" || x == "it" && ctx.self:
					if !ctx.self {
						return Selector{}, false
					}
					sel = Selector{Kind: selSelf, Noun: "~"}
				case reDamagedByThisTurn.MatchString(x):
					if !ctx.self {
						return Selector{}, false
					}
					r.DamagedBy = 1
					if strings.Contains(x, "enchanted creature") {
						r.DamagedBy = 2
					}
					sel = Selector{Kind: selFilter, F: Filter{Types: []string{"Creature"}}, Noun: x}
				default:
					f, ok := zoneSubject(x)
					if !ok {
						return Selector{}, false
					}
					sel = Selector{Kind: selFilter, F: f, Noun: x}
					if strings.HasSuffix(m[2], "from anywhere") && strings.Contains(x, "card") {
						cf := f
						r.Anywhere, r.CardF = true, &cf
					}
				}
				r.Text = "if it would be put into a graveyard, it is put into " + strings.TrimSuffix(strings.TrimPrefix(m[3], "exile it"), " instead") + " instead: a replacement effect"
				if r.To == ZoneExile {
					r.Text = "if it would be put into a graveyard, it is exiled instead: a replacement effect"
				}
				return c.replTemplate(t, r, 0, &sel), true
			},
		},
	)
}

// zoneSubject reads what a graveyard replacement applies to among
// permanents: "a card" (nontoken permanents: a token is not a card), "a
// card or token", "a permanent", "a creature an opponent controls", "a
// nontoken creature", "another creature".
func zoneSubject(x string) (Filter, bool) {
	x = strings.TrimPrefix(strings.TrimPrefix(x, "a "), "an ")
	switch x {
	case "card":
		return Filter{Token: 2}, true
	case "card or token", "permanent":
		return Filter{}, true
	}
	if rest, ok := strings.CutSuffix(x, " card"); ok && !strings.Contains(rest, "card") && !strings.Contains(rest, "spell") {
		// "an instant or sorcery card": cards of those types (no token
		// is a card).
		if f, ok := cardTypesFilter(rest); ok {
			return f, true
		}
		f, ok := parseFilter(strings.Fields(rest))
		if !ok || f.ThatPlayer || f.Control != 0 {
			return Filter{}, false
		}
		f.Token = 2
		return f, true
	}
	if strings.Contains(x, "card") || strings.Contains(x, "spell") {
		return Filter{}, false
	}
	f, ok := parseFilter(anotherAsOther(strings.Fields(x)))
	if !ok || f.ThatPlayer {
		return Filter{}, false
	}
	return f, true
}

// replRecipients reads which recipients an effect on damage names:
// "a permanent or player", "a player", "an opponent", "you", "an
// opponent or a permanent an opponent controls", "a creature".
func replRecipients(x string) (int, *Filter, bool) {
	switch x {
	case "a permanent or player", "a player or permanent", "any target":
		return 3, &Filter{}, true
	case "a creature or player", "a player or creature":
		return 3, &Filter{Types: []string{"Creature"}}, true
	case "a player":
		return 3, nil, true
	case "an opponent":
		return 2, nil, true
	case "you":
		return 1, nil, true
	case "an opponent or a permanent an opponent controls":
		return 2, &Filter{Control: 2}, true
	}
	words := strings.Fields(strings.TrimPrefix(strings.TrimPrefix(x, "a "), "an "))
	f, ok := parseFilter(words)
	if !ok || f.ThatPlayer {
		return 0, nil, false
	}
	return 0, &f, true
}

var (
	// "Damage that would reduce your life total to less than 1 reduces
	// it to 1 instead" (Ali from Cairo); Worship adds "If you control a
	// creature, ".
	reLifeFloor = regexp.MustCompile(`^(?:if (you control [a-z ]+), )?damage that would reduce your life total to less than (\S+) reduces it to (\S+) instead$`)
	// "If ~ would be destroyed, regenerate it" (701.19b).
	reRegenerateInstead = regexp.MustCompile(`^if (~|enchanted creature|equipped creature) would be destroyed, regenerate (?:it|~)$`)
	// "If damage would be dealt to Phytohydra, put that many +1/+1
	// counters on it instead"; "If damage would be dealt to you, put that
	// many delay counters on ~ instead"; "If ~ would be dealt damage,
	// remove that many eyestalk counters from it instead".
	reDamageAsCounters = regexp.MustCompile(`^if damage would be dealt to (.+?), (put that many \S+ counters on (?:it|~)|remove that many \S+ counters from (?:it|~)) instead$`)
	reDealtAsCounters  = regexp.MustCompile(`^if (~) would be dealt damage, (remove that many \S+ counters from (?:it|~)|put that many \S+ counters on (?:it|~)) instead$`)
	// Soul-Scar Mage.
	reAsCountersWhat   = regexp.MustCompile(`^(put|remove) that many (\S+) counters (?:on|from) (it|~)$`)
	reSourceAsCounters = regexp.MustCompile(`^if (a|an|another) (.+?) would deal (combat |noncombat )?damage to (.+?), put that many (\S+) counters on that creature instead$`)
	// "If Charging Tuskodon would deal combat damage to a player, it
	// deals double that damage to that player instead"; "If equipped
	// creature would deal combat damage, it deals double that damage
	// instead".
	reDamageModBy = regexp.MustCompile(`^if (~|equipped creature|enchanted creature) would deal (combat |noncombat )?damage(?: to (.+?))?, it deals (double that damage|triple that damage|that much damage plus (\S+))(?: to (?:that player|that permanent or player|that player or permanent|that creature|that permanent))? instead$`)
)

func init() {
	addSentenceRules(
		sentenceRule{
			class: classLifeFloor,
			re:    reLifeFloor,
			need:  []string{"reduces it to"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if !ctx.self {
					return Selector{}, false
				}
				a, ok1 := wordNumber(m[2])
				b, ok2 := wordNumber(m[3])
				if !ok1 || !ok2 || a != b {
					return Selector{}, false
				}
				if m[1] != "" {
					if t.Cond != nil {
						return Selector{}, false
					}
					cond, ok := parseCondition(m[1])
					if !ok {
						return Selector{}, false
					}
					cond.Text = m[1]
					t.Cond = cond
				}
				r := &Replacement{Kind: rkLifeFloor, Floor: a, Text: "damage that would reduce your life total below " + m[2] + " reduces it to " + m[2] + " instead: a replacement effect"}
				return c.replTemplate(t, r, 1, nil), true
			},
		},
		sentenceRule{
			class: classRegenerate,
			re:    reRegenerateInstead,
			need:  []string{"regenerate"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				_, sel, ok := c.replSubject(m[1], ctx)
				if !ok || sel == nil {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkRegenerate, Text: "each time it would be destroyed, it is regenerated instead (701.19b)"}
				return c.replTemplate(t, r, 0, sel), true
			},
		},
		asCountersRule(reDamageAsCounters),
		asCountersRule(reDealtAsCounters),
		sentenceRule{
			class: classAsCounters,
			re:    reSourceAsCounters,
			need:  []string{"that many"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				if !ctx.self {
					return Selector{}, false
				}
				src, spell, ok := parseSourceSpell(sourceWords(m[1], m[2]))
				if !ok {
					return Selector{}, false
				}
				pl, perms, ok := replRecipients(m[4])
				if !ok || pl != 0 || perms == nil {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkPrevent, Replace: true, Role: roleAny, Src: src, SrcSpell: spell, Combat: combatWord(m[3]), RecipPerms: perms,
					Then: []replThen{{counter: m[5], n: -1, onRecipient: true}},
					Text: "the damage its sources would deal to those creatures puts that many " + m[5] + " counters on them instead: a replacement effect"}
				sel := Selector{Kind: selSelf, Noun: "~"}
				return c.replTemplate(t, r, 0, &sel), true
			},
		},
		sentenceRule{
			class: classDamageMod,
			re:    reDamageModBy,
			need:  []string{"would deal"},
			build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
				_, sel, ok := c.replSubject(m[1], ctx)
				if !ok || sel == nil {
					return Selector{}, false
				}
				r := &Replacement{Kind: rkDamageMod, Role: roleBy, Combat: combatWord(m[2]), Mult: 1}
				switch {
				case m[4] == "double that damage":
					r.Mult = 2
				case m[4] == "triple that damage":
					r.Mult = 3
				default:
					n, ok := wordNumber(m[5])
					if !ok {
						return Selector{}, false
					}
					r.Plus = n
				}
				if m[3] != "" {
					pl, perms, ok := replRecipients(m[3])
					if !ok {
						return Selector{}, false
					}
					r.Recip, r.RecipPlayers, r.RecipPerms = true, pl, perms
				}
				r.Text = "the damage it would deal is changed: a replacement effect"
				return c.replTemplate(t, r, 0, sel), true
			},
		},
	)
}

// asCountersRule is "damage that would be dealt … puts that many
// counters instead", in either wording (dealt to, or deals): both read
// the same two parts.
func asCountersRule(re *regexp.Regexp) sentenceRule {
	return sentenceRule{
		class: classAsCounters,
		re:    re,
		need:  []string{"that many"},
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			return buildDamageAsCounters(c, t, ctx, m[1], m[2])
		},
	}
}

// buildDamageAsCounters: damage to x is replaced by putting or removing
// that many counters (614.1a): it isn't dealt, and it isn't prevention.
func buildDamageAsCounters(c *compiler, t *Template, ctx *sctx, x, what string) (Selector, bool) {
	var th replThen
	if m := reAsCountersWhat.FindStringSubmatch(what); m != nil {
		th = replThen{counter: m[2], n: -1, remove: m[1] == "remove", onSource: m[3] == "~"}
	} else {
		return Selector{}, false
	}
	r := &Replacement{Kind: rkPrevent, Replace: true, Then: []replThen{th}}
	players, sel, ok := c.replSubject(x, ctx)
	if !ok {
		return Selector{}, false
	}
	r.Role = roleTo
	r.Text = "the damage that would be dealt to it " + what + " instead: a replacement effect"
	return c.replTemplate(t, r, players, sel), true
}

// cardTypesFilter reads "instant or sorcery", "creature": card types,
// any of them, of cards (not tokens).
func cardTypesFilter(x string) (Filter, bool) {
	var alts []Filter
	for _, w := range strings.Split(strings.ReplaceAll(x, " and/or ", " or "), " or ") {
		t := knownTypes[w]
		if t == "" {
			return Filter{}, false
		}
		alts = append(alts, Filter{Types: []string{t}, Token: 2})
	}
	if len(alts) == 1 {
		return alts[0], true
	}
	return Filter{Or: alts}, true
}
