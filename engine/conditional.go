package engine

import (
	"regexp"
	"strings"
)

// Conditions of static abilities ("As long as CONDITION, EFFECT", "EFFECT
// as long as CONDITION"): a continuous effect from a static ability
// applies at any moment to what its text indicates (611.3a), so a
// condition is checked whenever the layers are applied (613). Conditions
// the scenario can evaluate are evaluated, among them the counts of cards
// in graveyards and hands and the life totals of zonecond.go when the
// scenario holds them; conditions on what it doesn't hold (exile, this
// turn's events, designations, the forms of graveyards and hands no count
// reads) are Hidden: the effect applies when the statement says
// "(condition holds)", and answers say they depend on it otherwise.

// planeswalkerTypes are the planeswalker types of CR 205.3j
// (cr-20260417.txt), lower case. TestPlaneswalkerTypesMatchCR keeps the
// list equal to the CR's.
var planeswalkerTypes = map[string]bool{
	"ajani": true, "aminatou": true, "angrath": true, "arlinn": true, "ashiok": true, "bahamut": true,
	"basri": true, "bolas": true, "calix": true, "chandra": true, "comet": true, "dack": true,
	"dakkon": true, "daretti": true, "davriel": true, "dellian": true, "dihada": true, "domri": true,
	"dovin": true, "ellywick": true, "elminster": true, "elspeth": true, "estrid": true,
	"freyalise": true, "garruk": true, "gideon": true, "grist": true, "guff": true, "huatli": true,
	"jace": true, "jared": true, "jaya": true, "jeska": true, "kaito": true, "karn": true,
	"kasmina": true, "kaya": true, "kiora": true, "koth": true, "liliana": true, "lolth": true,
	"lukka": true, "minsc": true, "mordenkainen": true, "nahiri": true, "narset": true, "niko": true,
	"nissa": true, "nixilis": true, "oko": true, "quintorius": true, "ral": true, "rowan": true,
	"saheeli": true, "samut": true, "sarkhan": true, "serra": true, "sivitri": true, "sorin": true,
	"szat": true, "tamiyo": true, "tasha": true, "teferi": true, "teyo": true, "tezzeret": true,
	"tibalt": true, "tyvar": true, "ugin": true, "urza": true, "venser": true, "vivien": true,
	"vraska": true, "vronos": true, "will": true, "windgrace": true, "wrenn": true, "xenagos": true,
	"yanggu": true, "yanling": true, "zariel": true,
}

// condMore holds conditions evaluated in conditional.go.
type condMore struct {
	// MoreThan: "you control more FILTER than defending player" (You), or
	// "an opponent controls more FILTER than you" (!You): the count among
	// one player's permanents exceeds the other's. A scenario has one
	// opponent, the defending player on your turn (506.2).
	MoreThan *Filter
	You      bool
	// Paired: "~ is paired with another creature" (702.95b).
	Paired bool
	// Counters: "~ has N or more counters on it" (any kinds, 122.1).
	Counters int
	// AttachedToCreature: "~ is attached to a creature".
	AttachedToCreature bool
	// Attached, AttachedN: "N or more Equipment are attached to it": it
	// is the object the sentence is about.
	Attached  string
	AttachedN int
}

// conditionThisTurn: the sentence ends with a condition on this turn's
// events ("~ has hexproof as long as it entered the battlefield this
// turn"), not with a duration ("until end of turn").
func conditionThisTurn(s string, ctx *sctx) bool {
	return ctx.self && reCondThisTurn.MatchString(s)
}

var reCondThisTurn = regexp.MustCompile(`(?i)(?: as long as | unless | if ).* this turn$`)

var (
	// reHiddenMore: conditions on what a scenario doesn't hold: this
	// turn's and this game's events, cards in hands, libraries,
	// graveyards and exile, life totals, player designations (monarch
	// 724, initiative 726, the city's blessing 702.131, day and night
	// 731, soulbond pairing 702.95b), and combat history.
	reHiddenMore = regexp.MustCompile(` this turn$| this game$|\b(?:graveyards?|hands?|library|libraries|exile|exiled|sideboard)\b|\blife\b|\blife total\b` +
		`|\b(?:poisoned|poison counters?|emblems?|the monarch|the initiative|city's blessing|dungeon|your commander|energy|experience counters?)\b` +
		`|^you're |^it's (?:day|night|daytime|nighttime)$|^(?:~|it) (?:is|was) (?:attacking|blocking|blocked|unblocked|kicked|cast|suspected|saddled|goaded|monstrous|renowned|foretold)\b` +
		`|^(?:~|it) (?:wasn't|was not) cast\b|\bare blocking (?:it|~)$|\bblocked this combat$|\bduring (?:your|its controller's|their) last turn$|\bextra turns?\b`)
	// reOffBattlefield113: the ability works from a zone other than the
	// battlefield (113.6b): on the battlefield its condition is never met.
	reOffBattlefield113 = regexp.MustCompile(`^~ is in (?:your|a) (?:graveyard|hand|library)(?: and (.+))?$`)
	reAttachedQuality   = regexp.MustCompile(`^(enchanted|equipped) (?:creature|permanent|artifact|land) (is|has) (.+)$`)
	reItQuality         = regexp.MustCompile(`^(?:it's|it is|~ is) (.+)$`)
	reAnyPlayerControls = regexp.MustCompile(`^(?:a player|any player) controls (?:a|an) (.+)$|^(?:one|two|three|four|five|six|seven|\d+) or more (.+) are on the battlefield$`)
	reNOrMoreOnBF       = regexp.MustCompile(`^(one|two|three|four|five|six|seven|eight|nine|ten|\d+) or more (.+) are on the battlefield$`)
	reCountersExactly   = regexp.MustCompile(`^there (?:is|are) (?:exactly )?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( or more)? (\S+) counters? on ~$`)
	reNoCounters        = regexp.MustCompile(`^(?:~|it) has no (\S+) counters on it$`)
	reMoreThan          = regexp.MustCompile(`^you control more (.+) than (?:defending player|each opponent|an opponent|attacking player|that player)$|^(?:an opponent|defending player|attacking player) controls more (.+) than you$`)
	reCreatureHas       = regexp.MustCompile(`^(?:a|an) ([a-z ]+) has (?:a|an) (\S+) counter on it$`)
	reControlToken      = regexp.MustCompile(`^you control (?:a|an) ((?:[a-z]+ )?)token$`)
	reAnyCounters       = regexp.MustCompile(`^~ has (one|two|three|four|five|six|seven|\d+) or more counters on (?:it|him|her)$`)
	reNAttached         = regexp.MustCompile(`^(one|two|three|four|\d+) or more (equipment|auras) are attached to (?:it|~)$`)
	reItHas             = regexp.MustCompile(`^(?:it|~) has ([a-z ]+)$`)
	reItsPower          = regexp.MustCompile(`^its (power|toughness) is (\d+) or (less|greater)$`)
	reOppControlsN      = regexp.MustCompile(`^(?:an opponent|defending player) controls (one|two|three|four|five|six|seven|\d+) or more (.+)$`)
	reTheresAnother     = regexp.MustCompile(`^there's (a|an|another) (.+) on the battlefield$`)
)

// parseCondition reads a condition: the forms of parseCondition0, then
// those of parseMoreCondition.
func parseCondition(low string) (*Condition, bool) {
	if cd, ok := parseZoneCondition(low); ok {
		return cd, true
	}
	if cd, ok := parseCondition0(low); ok {
		return cd, true
	}
	return parseMoreCondition(low)
}

// parseMoreCondition reads the conditions parseCondition0 leaves: "A and
// B", "A or B", hidden conditions, the qualities of the object a sentence
// speaks of, comparisons between players, counters on the source.
func parseMoreCondition(low string) (*Condition, bool) {
	switch low {
	case "~ is paired with another creature":
		return &Condition{More: &condMore{Paired: true}, Text: low}, true
	case "~ is on the battlefield", "you control ~":
		// Its static abilities work on the battlefield (113.6), where its
		// controller is "you" (109.5): met whenever it applies.
		return &Condition{Text: low}, true
	case "~ isn't on the battlefield", "~ is in the command zone":
		return &Condition{Never: true, Text: low}, true
	case "~ is attached to a creature":
		return &Condition{More: &condMore{AttachedToCreature: true}, Text: low}, true
	case "~ isn't attacking", "it's not attacking", "it isn't attacking":
		return &Condition{Hidden: true, Text: low}, true
	}
	if m := reAnyCounters.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		if !ok {
			return nil, false
		}
		return &Condition{More: &condMore{Counters: n}, Text: low}, true
	}
	if m := reNAttached.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		st, kind := nonCreatureSubtypeNoun(m[2])
		if !ok || kind == "" {
			return nil, false
		}
		return &Condition{More: &condMore{Attached: st, AttachedN: n}, Text: low}, true
	}
	if m := reItHas.FindStringSubmatch(low); m != nil {
		f, ok := qualityFilter("has", m[1])
		if !ok {
			return nil, false
		}
		return &Condition{SubjectIs: &f, Text: low}, true
	}
	if m := reItsPower.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields("permanent with " + m[1] + " " + m[2] + " or " + m[3]))
		if !ok {
			return nil, false
		}
		f.Types = nil
		return &Condition{SubjectIs: &f, Text: low}, true
	}
	if m := reOffBattlefield113.FindStringSubmatch(low); m != nil {
		return &Condition{Never: true, Text: low}, true
	}
	if reHiddenMore.MatchString(low) {
		// "you control a Desert or there is a Desert card in your
		// graveyard": parts on zones the game may decide (zonecond.go).
		if cd, ok := splitCondition(low); ok && !cd.Hidden && cd.readsZones() {
			return cd, true
		}
		return &Condition{Hidden: true, Text: low}, true
	}
	if cd, ok := splitCondition(low); ok {
		return cd, true
	}
	return parseQualityCondition(low)
}

// splitCondition reads "A and B", "A or B": each part a condition of its
// own.
func splitCondition(low string) (*Condition, bool) {
	for _, sep := range []string{" and ", " or "} {
		parts := strings.Split(low, sep)
		if len(parts) < 2 {
			continue
		}
		var cs []*Condition
		hidden := false
		for _, p := range parts {
			cd, ok := parseCondition(strings.TrimPrefix(strings.TrimSpace(p), "if "))
			if !ok {
				cs = nil
				break
			}
			hidden = hidden || cd.Hidden
			cs = append(cs, cd)
		}
		if cs == nil {
			continue
		}
		if hidden {
			// The statement says whether the whole condition holds.
			return &Condition{Hidden: true, Text: low}, true
		}
		if sep == " and " {
			return &Condition{All: cs, Text: low}, true
		}
		return &Condition{Any: cs, Text: low}, true
	}
	return nil, false
}

// parseQualityCondition reads the conditions parseMoreCondition leaves.
func parseQualityCondition(low string) (*Condition, bool) {
	if m := reAttachedQuality.FindStringSubmatch(low); m != nil {
		f, ok := qualityFilter(m[2], m[3])
		if !ok {
			return nil, false
		}
		return &Condition{AttachedIs: &f, Text: low}, true
	}
	if m := reItQuality.FindStringSubmatch(low); m != nil {
		f, ok := qualityFilter("is", m[1])
		if !ok {
			return nil, false
		}
		return &Condition{SubjectIs: &f, Text: low}, true
	}
	if m := reControlToken.FindStringSubmatch(low); m != nil {
		f := Filter{Token: 1, Control: 1}
		if t := strings.TrimSpace(m[1]); t != "" {
			tn := typeNouns[t]
			if tn == "" {
				return nil, false
			}
			f.Types = []string{tn}
		}
		return &Condition{Control: &f, Text: low}, true
	}
	if m := reOppControlsN.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		f, ok2 := parseFilter(strings.Fields(m[2]))
		if !ok || !ok2 {
			return nil, false
		}
		f.Control = 2
		return &Condition{Control: &f, AtLeast: n, Text: low}, true
	}
	if m := reTheresAnother.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[2]))
		if !ok {
			return nil, false
		}
		f.Other = m[1] == "another"
		return &Condition{Control: &f, Text: low}, true
	}
	if m := reNOrMoreOnBF.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		f, ok2 := parseFilter(strings.Fields(m[2]))
		if !ok || !ok2 {
			return nil, false
		}
		return &Condition{Control: &f, AtLeast: n, Text: low}, true
	}
	if m := reAnyPlayerControls.FindStringSubmatch(low); m != nil && m[1] != "" {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		return &Condition{Control: &f, Text: low}, true
	}
	if m := reCountersExactly.FindStringSubmatch(low); m != nil {
		n, ok := number(m[1])
		if !ok {
			return nil, false
		}
		cd := &Condition{Counter: m[3], AtLeast: n, Text: low}
		if m[2] == "" && strings.Contains(low, "exactly") {
			cd.AtMost = n
		}
		return cd, true
	}
	if m := reNoCounters.FindStringSubmatch(low); m != nil {
		// "has no shell counters on it": the condition "has a shell
		// counter" does not hold.
		return &Condition{Counter: m[1], Not: true, Text: low}, true
	}
	if m := reCreatureHas.FindStringSubmatch(low); m != nil {
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			return nil, false
		}
		f.HasCounter = m[2]
		return &Condition{Control: &f, Text: low}, true
	}
	if m := reMoreThan.FindStringSubmatch(low); m != nil {
		what, you := m[1], true
		if what == "" {
			what, you = m[2], false
		}
		f, ok := parseFilter(strings.Fields(what))
		if !ok || f.Control != 0 {
			return nil, false
		}
		return &Condition{More: &condMore{MoreThan: &f, You: you}, Text: low}, true
	}
	return nil, false
}

// qualityFilter reads what follows "is" or "has" about one object: "a
// Human or an Angel", "red or green", "legendary", "tapped", "modified",
// "defender", "power 2 or less".
func qualityFilter(verb, q string) (Filter, bool) {
	var f Filter
	if verb == "has" {
		kws, ok := keywordList(q)
		if !ok {
			return f, false
		}
		f.With = kws
		return f, true
	}
	q = strings.TrimSuffix(q, " creature")
	ws := strings.Fields(strings.ReplaceAll(q, ",", ""))
	if len(ws) == 0 {
		return f, false
	}
	var alts []Filter
	for _, w := range ws {
		switch w {
		case "a", "an", "or":
			continue
		case "legendary", "snow", "basic":
			alts = append(alts, Filter{Supertypes: []string{capitalize(w)}})
			continue
		case "tapped", "untapped":
			t := 1
			if w == "untapped" {
				t = 2
			}
			alts = append(alts, Filter{Tapped: t})
			continue
		case "colorless", "monocolored", "multicolored":
			alts = append(alts, Filter{ColorCount: colorCounts[w]})
			continue
		}
		var x Filter
		if stateAdjective(&x, w) && x.More.Combat == 0 {
			alts = append(alts, x)
			continue
		}
		wf, ok := wordFilter(w, true)
		if !ok {
			return f, false
		}
		alts = append(alts, wf)
	}
	if len(alts) == 1 {
		return alts[0], true
	}
	if strings.Contains(q, " or ") {
		return Filter{Or: alts}, true
	}
	// "a basic Mountain", "a legendary creature": all of them.
	for _, a := range alts {
		f.Types = append(f.Types, a.Types...)
		f.Subtypes = append(f.Subtypes, a.Subtypes...)
		f.Supertypes = append(f.Supertypes, a.Supertypes...)
		f.Colors = append(f.Colors, a.Colors...)
		if a.Tapped != 0 {
			f.Tapped = a.Tapped
		}
		if a.ColorCount != 0 || a.More != nil || len(a.Subtypes) > 1 || len(a.Colors) > 1 {
			return Filter{}, false
		}
	}
	if len(f.Subtypes) > 1 || len(f.Colors) > 1 {
		return Filter{}, false // "any of" would not mean "all of"
	}
	return f, true
}

// condMetCompound evaluates the conditions of conditional.go.
func (s *state) condMetCompound(e *Effect, c *Condition) bool {
	switch {
	case c.Never:
		return false // 113.6b: it functions only in another zone
	case c.All != nil:
		for _, x := range c.All {
			if s.condMet(e, x) == x.Not {
				return false
			}
		}
		return true
	case c.Any != nil:
		for _, x := range c.Any {
			if s.condMet(e, x) != x.Not {
				return true
			}
		}
		return false
	case c.More != nil && c.More.Paired:
		return len(s.pairedSlots(e.src)) == 2
	case c.More != nil && c.More.Counters > 0:
		n := 0
		if e.src != nil {
			for _, k := range e.src.counters {
				n += k
			}
		}
		return n >= c.More.Counters
	case c.More != nil && c.More.AttachedToCreature:
		if e.src == nil || e.src.attachedTo == nil {
			return false
		}
		i, ok := s.slot[e.src.attachedTo]
		return ok && s.ch[i].is("Creature")
	case c.More != nil && c.More.Attached != "":
		o := s.sentenceObject(e)
		n := 0
		for j, x := range s.objs {
			if o != nil && x.attachedTo == o && x.onBF && containsFold(s.ch[j].Subtypes, c.More.Attached) {
				n++
			}
		}
		return n >= c.More.AttachedN
	case c.More != nil && c.More.MoreThan != nil:
		mine, theirs := *c.More.MoreThan, *c.More.MoreThan
		mine.Control, theirs.Control = 1, 2
		a, b := s.count(&mine, e), s.count(&theirs, e)
		if c.More.You {
			return a > b
		}
		return b > a
	}
	return true
}

func init() {
	addSentenceRules(sentenceRule{
		// "Enchanted creature gets +2/+1 as long as it's black. Otherwise,
		// it gets -1/-2.": the second effect exists while the first
		// one's condition doesn't hold (611.3a).
		class: "otherwise (the previous condition doesn't hold)",
		re:    regexp.MustCompile(`^otherwise, (.+)$`),
		when:  func(ctx *sctx) bool { return ctx.self && ctx.prev != nil && ctx.prev.Cond != nil },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			prev := ctx.prev.Cond
			inner, ok := c.sentence(m[1], ctx)
			if !ok || len(inner) != 1 || inner[0].Cond != nil {
				return Selector{}, false
			}
			*t = *inner[0]
			nc := *prev
			nc.Not = !nc.Not
			nc.Text = "not: " + prev.Text
			t.Cond = &nc
			return t.Sel, true
		},
	})
}

// sentenceObject is the object a static ability's sentence is about: its
// source, or the object it is attached to ("equipped creature").
func (s *state) sentenceObject(e *Effect) *Object {
	switch e.t.Sel.Kind {
	case selSelf:
		return e.src
	case selEnchanted, selEquipped:
		if e.src != nil {
			return e.src.attachedTo
		}
	}
	return nil
}
