package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// The oracle-text compiler turns the common continuous-effect templates
// into Templates. Whatever it cannot model is returned as a sentence so
// that the caller reports it (never dropped silently).

// keywords are the keyword abilities the compiler recognises in text, in
// "has KEYWORD" and in keyword counters (122.1b).
var keywords = map[string]bool{
	"flying": true, "haste": true, "vigilance": true, "trample": true, "reach": true,
	"defender": true, "first strike": true, "double strike": true, "deathtouch": true,
	"lifelink": true, "menace": true, "hexproof": true, "indestructible": true,
	"shroud": true, "intimidate": true, "fear": true, "flash": true, "shadow": true,
	"horsemanship": true, "prowess": true, "exalted": true, "decayed": true,
	"changeling": true, "devoid": true, "islandwalk": true, "swampwalk": true,
	"forestwalk": true, "mountainwalk": true, "plainswalk": true, "wither": true,
	"infect": true, "persist": true, "undying": true, "flanking": true, "banding": true,
	"skulk": true, "convoke": true, "cascade": true, "storm": true, "split second": true,
}

var keywordPrefix = regexp.MustCompile(`^(protection from [a-z ]+|ward \{[^}]+\}(\{[^}]+\})*|ward—.*|equip( [a-z]+)? \{.*|enchant [a-z ]+|kicker \{.*|flashback \{.*|cycling \{.*|bestow \{.*|morph \{.*|megamorph \{.*|crew \d+|bushido \d+|rampage \d+|annihilator \d+|toxic \d+|afflict \d+|absorb \d+|fading \d+|vanishing \d+|modular \d+|bloodthirst \d+|scry \d+)$`)

var sentenceVerbs = map[string]bool{
	"get": true, "gets": true, "has": true, "have": true, "gain": true, "gains": true,
	"lose": true, "loses": true, "is": true, "are": true, "become": true, "becomes": true,
	"can't": true, "isn't": true, "aren't": true,
}

var typeNouns = map[string]string{
	"creature": "Creature", "creatures": "Creature", "artifact": "Artifact", "artifacts": "Artifact",
	"land": "Land", "lands": "Land", "enchantment": "Enchantment", "enchantments": "Enchantment",
	"planeswalker": "Planeswalker", "planeswalkers": "Planeswalker", "battle": "Battle", "battles": "Battle",
	"permanent": "", "permanents": "",
}

var basicLandTypes = map[string]string{
	"plains": "Plains", "island": "Island", "islands": "Island", "swamp": "Swamp", "swamps": "Swamp",
	"mountain": "Mountain", "mountains": "Mountain", "forest": "Forest", "forests": "Forest",
}

var basicMana = map[string]string{"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

// landTypes are the land subtypes of 205.3i.
var landTypes = map[string]bool{
	"cave": true, "desert": true, "forest": true, "gate": true, "island": true, "lair": true,
	"locus": true, "mine": true, "mountain": true, "plains": true, "planet": true,
	"power-plant": true, "sphere": true, "swamp": true, "tower": true, "town": true, "urza's": true,
}

var artifactTypes = map[string]bool{"equipment": true, "vehicle": true, "clue": true, "food": true,
	"treasure": true, "fortification": true, "gold": true, "blood": true, "powerstone": true,
	"map": true, "incubator": true, "attraction": true, "contraption": true, "junk": true, "spacecraft": true}

var enchantmentTypes = map[string]bool{"aura": true, "saga": true, "shrine": true, "curse": true,
	"cartouche": true, "class": true, "case": true, "role": true, "room": true, "rune": true,
	"background": true, "shard": true}

// allCreatureTypes stands for "every creature type" (changeling, "with all
// creature types"): it matches any creature type in a filter.
const allCreatureTypes = "All creature types"

var numberWords = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4,
	"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// compiler assigns ability ids and caches compiled cards.
type compiler struct {
	nextID  int
	control bool // a control-changing template was compiled
	lowers  bool // a template that can bring toughness to 0 or less was compiled
	cards   map[string]*compiledCard
	kw      map[string]*Ability
}

type compiledCard struct {
	abilities    []*Ability
	unmodeled    []string
	entersTapped bool
}

var reEntersAsCopy = regexp.MustCompile(`^you may have ~ enter(?: the battlefield)? as a copy of`)

var reEntersTapped = regexp.MustCompile(`^~ enters(?: the battlefield)? tapped\.?$`)

func newCompiler() *compiler {
	return &compiler{cards: map[string]*compiledCard{}, kw: map[string]*Ability{}}
}

func (c *compiler) newAbility(a *Ability) *Ability {
	c.nextID++
	a.id = c.nextID
	return a
}

// keyword returns the shared Ability for a keyword.
func (c *compiler) keyword(kw string) *Ability {
	if a, ok := c.kw[kw]; ok {
		return a
	}
	kind := abKeyword
	if strings.HasPrefix(kw, "enchant ") {
		kind = abEnchant
	}
	a := c.newAbility(&Ability{Text: capitalize(kw), Keyword: kw, Kind: kind})
	switch kw {
	case "changeling": // 702.73a: "This object is every creature type."
		a.CDA = true
		a.Statics = []*Template{{Sentence: "Changeling (this object is every creature type)", CDA: true,
			Sel: Selector{Kind: selSelf, Noun: "~"}, Parts: []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{allCreatureTypes}}}}}
	case "devoid": // 702.114a: "This object is colorless."
		a.CDA = true
		a.Statics = []*Template{{Sentence: "Devoid (this object is colorless)", CDA: true,
			Sel: Selector{Kind: selSelf, Noun: "~"}, Parts: []Part{{Layer: L5, Op: opSetColors}}}}
	}
	c.kw[kw] = a
	return a
}

// intrinsic returns the mana ability a basic land type gives (305.6).
func (c *compiler) intrinsic(landType string) *Ability {
	key := "\x00" + landType
	if a, ok := c.kw[key]; ok {
		return a
	}
	a := c.newAbility(&Ability{Text: "{T}: Add {" + basicMana[landType] + "}.", Kind: abIntrinsic})
	c.kw[key] = a
	return a
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var reminder = regexp.MustCompile(`\s*\([^()]*\)`)

// selfRef replaces the card's own name and "this creature" style
// self-references with "~".
func selfRef(text, name string) string {
	if name = strings.ToValidUTF8(name, ""); strings.TrimSpace(name) != "" {
		names := []string{name}
		// Legendary cards call themselves by the part before the comma
		// ("Erebos" for "Erebos, God of the Dead").
		if i := strings.Index(name, ","); i > 0 {
			names = append(names, strings.TrimSpace(name[:i]))
		}
		for _, n := range names {
			if re, err := regexp.Compile(`(?i)\b` + regexp.QuoteMeta(n) + `\b`); err == nil {
				text = re.ReplaceAllString(text, "~")
			}
		}
	}
	return selfWords.ReplaceAllString(text, "~")
}

var selfWords = regexp.MustCompile(`(?i)\bthis (creature|permanent|artifact|land|enchantment|aura|equipment)\b`)

// compileCard compiles a permanent's rules text into abilities.
func (c *compiler) compileCard(def CardDef) *compiledCard {
	key := def.Name + "\x00" + def.Text
	if cc, ok := c.cards[key]; ok {
		return cc
	}
	cc := &compiledCard{}
	for _, line := range strings.Split(def.Text, "\n") {
		orig := strings.TrimSpace(reminder.ReplaceAllString(line, ""))
		if orig == "" {
			continue
		}
		text := selfRef(normQuotes(orig), def.Name)
		low := strings.ToLower(text)
		if strings.HasPrefix(orig, "•") && len(cc.abilities) > 0 {
			// A mode of the previous modal ability: part of its text.
			prev := cc.abilities[len(cc.abilities)-1]
			prev.Text += "\n" + orig
			continue
		}
		if reEntersTapped.MatchString(low) {
			// A replacement effect on entering (603.6d, 614.12): applied when the
			// object enters.
			cc.entersTapped = true
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: orig, Kind: abStatic}))
			continue
		}
		if kws, ok := keywordLine(low); ok {
			for _, kw := range kws {
				cc.abilities = append(cc.abilities, c.keyword(kw))
			}
			continue
		}
		switch {
		case isTriggered(low):
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: orig, Kind: abTriggered}))
			cc.unmodeled = append(cc.unmodeled, orig+" [triggered ability: not run by the scenario; state its result with a statement]")
			continue
		case isActivated(text):
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: orig, Kind: abActivated}))
			if !isManaAbility(low) {
				cc.unmodeled = append(cc.unmodeled, orig+" [activated ability: not run by the scenario; state its result with a statement]")
			}
			continue
		}
		ab := c.newAbility(&Ability{Text: orig, Kind: abStatic})
		ctx := &sctx{self: true}
		for _, p := range sentencePairs(normQuotes(orig), text) {
			ts, ok := c.sentence(p[1], ctx)
			if !ok {
				msg := p[0]
				if reEntersAsCopy.MatchString(strings.ToLower(p[1])) {
					msg += " [replacement effect: write \"CARD (copy of REF)\" to have it enter as a copy]"
				}
				cc.unmodeled = append(cc.unmodeled, msg)
				continue
			}
			for _, t := range ts {
				t.Sentence = p[0]
			}
			ab.Statics = append(ab.Statics, ts...)
		}
		for _, t := range ab.Statics {
			if t.CDA {
				ab.CDA = true
			}
		}
		cc.abilities = append(cc.abilities, ab)
	}
	c.cards[key] = cc
	return cc
}

// compileAbilityText compiles a quoted ability granted by an effect
// ("Enchanted Equipment has “Equipped creature has flying.”").
func (c *compiler) compileAbilityText(text string) (*Ability, []string) {
	cc := c.compileCard(CardDef{Text: text})
	if len(cc.abilities) == 1 {
		return cc.abilities[0], cc.unmodeled
	}
	ab := c.newAbility(&Ability{Text: text, Kind: abStatic})
	for _, a := range cc.abilities {
		ab.Statics = append(ab.Statics, a.Statics...)
	}
	return ab, cc.unmodeled
}

// compileSpell compiles the text of an instant, a sorcery or an `effect`
// statement into templates in order; sentences it cannot model are returned.
func (c *compiler) compileSpell(text, selfName string) ([]*Template, []string) {
	var out []*Template
	var bad []string
	ctx := &sctx{}
	for _, line := range strings.Split(text, "\n") {
		orig := strings.TrimSpace(reminder.ReplaceAllString(line, ""))
		if orig == "" {
			continue
		}
		norm := selfRef(normQuotes(orig), selfName)
		if _, ok := keywordLine(strings.ToLower(norm)); ok {
			continue // a keyword of the spell itself (convoke, flash): nothing to resolve
		}
		for _, p := range sentencePairs(normQuotes(orig), norm) {
			ts, ok := c.sentence(p[1], ctx)
			if !ok {
				bad = append(bad, p[0])
				continue
			}
			for _, t := range ts {
				t.Sentence = p[0]
			}
			out = append(out, ts...)
		}
	}
	return out, bad
}

func normQuotes(s string) string {
	return strings.NewReplacer("’", "'", "‘", "'", "—", "—").Replace(s)
}

func keywordLine(low string) ([]string, bool) {
	low = strings.TrimSuffix(strings.TrimSpace(low), ".")
	var out []string
	for _, p := range strings.Split(low, ",") {
		p = strings.TrimSpace(p)
		p = strings.TrimPrefix(p, "and ")
		if p == "" {
			return nil, false
		}
		if !keywords[p] && !keywordPrefix.MatchString(p) {
			return nil, false
		}
		out = append(out, p)
	}
	return out, len(out) > 0
}

var triggerStart = regexp.MustCompile(`^(?:[a-z ]+ — )?(when|whenever|at the beginning|at end|at the end)\b`)

func isTriggered(low string) bool { return triggerStart.MatchString(low) }

// isActivated reports "COST: EFFECT" (602.1): a colon outside quotes whose
// left side looks like a cost.
func isActivated(text string) bool {
	i := strings.Index(text, ":")
	if i < 0 {
		return false
	}
	if q := strings.IndexAny(text, "\"“"); q >= 0 && q < i {
		return false
	}
	cost := strings.ToLower(text[:i])
	return strings.Contains(cost, "{") || strings.HasPrefix(cost, "sacrifice") ||
		strings.HasPrefix(cost, "discard") || strings.HasPrefix(cost, "pay") ||
		strings.HasPrefix(cost, "remove") || strings.HasPrefix(cost, "tap") ||
		strings.HasPrefix(cost, "exile") || strings.Contains(cost, "loyalty") ||
		strings.HasPrefix(cost, "[") // loyalty abilities, [+1]: (606.1)
}

func isManaAbility(low string) bool {
	i := strings.Index(low, ":")
	return i >= 0 && strings.HasPrefix(strings.TrimSpace(low[i+1:]), "add ")
}

// sentencePairs splits the original and the self-reference-normalised text
// into sentences side by side, so that messages quote the card's own words.
func sentencePairs(orig, norm string) [][2]string {
	a, b := splitSentences(orig), splitSentences(norm)
	out := make([][2]string, len(b))
	for i := range b {
		out[i] = [2]string{b[i], b[i]}
		if len(a) == len(b) {
			out[i][0] = a[i]
		}
	}
	return out
}

// splitSentences splits on ". " outside quotes and drops the final period.
func splitSentences(s string) []string {
	var out []string
	depth := 0
	start := 0
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '“':
			depth++
		case '”':
			if depth > 0 {
				depth--
			}
		case '"':
			if depth > 0 {
				depth--
			} else {
				depth++
			}
		case '.':
			if depth == 0 && (i+1 == len(rs) || rs[i+1] == ' ') {
				if t := strings.TrimSpace(string(rs[start:i])); t != "" {
					out = append(out, t)
				}
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(string(rs[start:])); t != "" {
		out = append(out, t)
	}
	return out
}

// sctx carries state between the sentences of one ability or spell: the
// targets named so far and what "it" refers to.
type sctx struct {
	self    bool // compiling a permanent's ability (so "~" is the source)
	targets int
	last    *Selector
	prev    *Template
}

var (
	reAsLongPre    = regexp.MustCompile(`(?i)^as long as ([^,]+), `)
	reAsLongPost   = regexp.MustCompile(`(?i) as long as (.+)$`)
	reDevotion     = regexp.MustCompile(`^your devotion to (white|blue|black|red|green) is less than (\d+|one|two|three|four|five|six|seven|eight|nine|ten)$`)
	reYouControlA  = regexp.MustCompile(`^you control (?:a|an|another) (.+)$`)
	reUntilEOTPre  = regexp.MustCompile(`(?i)^until end of turn, `)
	reUntilEOTPost = regexp.MustCompile(`(?i) (?:until end of turn|this turn)$`)
	reQuoted       = regexp.MustCompile(`"[^"]*"|“[^”]*”`)
	reGainControl  = regexp.MustCompile(`^gain control of (.+)$`)
	reYouControl   = regexp.MustCompile(`^you control (.+)$`)
	reSwitch       = regexp.MustCompile(`^switch (.+?)'s? power and toughness$`)
	reTapUntap     = regexp.MustCompile(`^(tap|untap) (.+)$`)
	reRemoval      = regexp.MustCompile(`^(destroy|exile|return) (.+?)(?: to (?:its|their) owners?'s? hands?)?$`)
	rePutCounters  = regexp.MustCompile(`^put (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (\S+) counters? on (.+)$`)
	reCDA          = regexp.MustCompile(`^(~|its)'?s? (power and toughness are each|power is|toughness is) equal to the number of (.+)$`)
	reStill        = regexp.MustCompile(`^(?:it's|it is|they're|they are) still (?:a |an )?(land|artifact|enchantment|lands|artifacts|enchantments)$`)
	reGetsPT       = regexp.MustCompile(`^gets? ([+-]\d+)/([+-]\d+)$`)
	reBasePT       = regexp.MustCompile(`^(?:has|have) base power and toughness (\d+)/(\d+)$`)
	reMVPT         = regexp.MustCompile(`^(?:has|have) (?:base )?power and toughness each equal to (?:its|their) mana value$`)
	reBecomesPT    = regexp.MustCompile(`^becomes? (\d+)/(\d+)$`)
	reInAddition   = regexp.MustCompile(`^(?:is|are) (?:a |an )?(\S+?) in addition to (?:its|their) other (?:land |creature |artifact |enchantment )?types$`)
	reLandSet      = regexp.MustCompile(`^(?:is|are) (?:a |an )?(plains|islands?|swamps?|mountains?|forests?)$`)
	reColor        = regexp.MustCompile(`^(?:is|are|becomes?) ((?:white|blue|black|red|green)(?:(?:,? and |, )(?:white|blue|black|red|green))*|colorless)$`)
	reHas          = regexp.MustCompile(`^(?:has|have|gains?) (.+)$`)
	reLoseAll      = regexp.MustCompile(`^loses? all abilities$`)
	reIsnt         = regexp.MustCompile(`^(?:isn't|is not|aren't|are not) (?:a |an )?(creature|artifact|enchantment|land)s?$`)
	reEveryBasic   = regexp.MustCompile(`^(?:is|are) every basic land type in addition to (?:its|their) other types$`)
	reLoses        = regexp.MustCompile(`^loses? (.+)$`)
	reCantAttack   = regexp.MustCompile(`^can't attack( or block)?$`)
	reCantBlock    = regexp.MustCompile(`^can't block$`)
	reBecomeA      = regexp.MustCompile(`^(?:becomes?|is|are) (?:a |an )?(.*)$`)
)

// sentence compiles one sentence. ok is false when it cannot be modelled.
func (c *compiler) sentence(raw string, ctx *sctx) ([]*Template, bool) {
	s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(raw), "."))
	eot := false
	if reUntilEOTPre.MatchString(s) {
		s = reUntilEOTPre.ReplaceAllString(s, "")
		eot = true
	}
	if reUntilEOTPost.MatchString(s) {
		s = reUntilEOTPost.ReplaceAllString(s, "")
		eot = true
	}
	var cond *Condition
	if m := reAsLongPre.FindStringSubmatch(s); m != nil {
		cd, ok := parseCondition(strings.ToLower(m[1]))
		if !ok {
			return nil, false
		}
		cond, s = cd, s[len(m[0]):]
	} else if m := reAsLongPost.FindStringSubmatch(s); m != nil {
		cd, ok := parseCondition(strings.ToLower(m[1]))
		if !ok {
			return nil, false
		}
		cond, s = cd, s[:len(s)-len(m[0])]
	}
	// Quoted abilities keep their own case and punctuation; the sentence
	// refers to them by placeholder.
	var quoted []string
	s = reQuoted.ReplaceAllStringFunc(s, func(q string) string {
		quoted = append(quoted, strings.Trim(q, "\"“”"))
		return "«" + strconv.Itoa(len(quoted)-1) + "»"
	})
	low := strings.ToLower(s)
	t := &Template{Sentence: strings.TrimSpace(raw), UntilEOT: eot, Cond: cond}
	if cond != nil && !ctx.self {
		return nil, false // a resolved effect's condition is not modelled
	}
	done := func(sel Selector) ([]*Template, bool) {
		t.Sel = sel
		ctx.last = &t.Sel
		ctx.prev = t
		return []*Template{t}, true
	}

	if m := reStill.FindStringSubmatch(low); m != nil && ctx.prev != nil {
		// "It's still a land." makes the previous type change keep the old
		// types (205.1b).
		for i := range ctx.prev.Parts {
			if ctx.prev.Parts[i].Op == opSetTypes {
				ctx.prev.Parts[i].Op = opAddTypes
			}
		}
		return nil, true
	}
	// "Gain control of …" and "You control …" are the same layer-2 effect.
	for _, re := range []*regexp.Regexp{reGainControl, reYouControl} {
		if m := re.FindStringSubmatch(low); m != nil {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			if !ok {
				return nil, false
			}
			t.Parts = []Part{{Layer: L2, Op: opControl}}
			c.control = true
			return done(sel)
		}
	}
	if m := reSwitch.FindStringSubmatch(low); m != nil {
		sel, ok := c.subject(strings.Fields(m[1]), ctx)
		if !ok {
			return nil, false
		}
		t.Parts = []Part{{Layer: L7d, Op: opSwitch}}
		c.lowers = true
		return done(sel)
	}
	if m := reTapUntap.FindStringSubmatch(low); m != nil {
		sel, ok := c.subject(strings.Fields(m[2]), ctx)
		if !ok {
			return nil, false
		}
		t.Action = actTap
		if m[1] == "untap" {
			t.Action = actUntap
		}
		return done(sel)
	}
	if m := reRemoval.FindStringSubmatch(low); m != nil {
		sel, ok := c.subject(strings.Fields(m[2]), ctx)
		if !ok || sel.Kind != selTarget {
			return nil, false
		}
		t.Action = map[string]actionKind{"destroy": actDestroy, "exile": actExile, "return": actBounce}[m[1]]
		return done(sel)
	}
	if m := rePutCounters.FindStringSubmatch(low); m != nil {
		sel, ok := c.subject(strings.Fields(m[3]), ctx)
		if !ok {
			return nil, false
		}
		n, isNum := numberWords[m[1]]
		if !isNum {
			n, _ = strconv.Atoi(m[1])
		}
		t.Action, t.N, t.Counter = actCounters, n, m[2]
		return done(sel)
	}
	if m := reCDA.FindStringSubmatch(low); m != nil && ctx.self {
		f, ok := parseFilter(strings.Fields(m[3]))
		if !ok {
			return nil, false
		}
		which := 3
		switch m[2] {
		case "power is":
			which = 1
		case "toughness is":
			which = 2
		}
		t.CDA = true
		c.lowers = true
		t.Parts = []Part{{Layer: L7a, Op: opCDACount, Which: which, Count: &f}}
		return done(Selector{Kind: selSelf, Noun: "~"})
	}

	words := strings.Fields(low)
	verb := -1
	for i, w := range words {
		if sentenceVerbs[w] {
			verb = i
			break
		}
	}
	if verb <= 0 {
		return nil, false
	}
	sel, ok := c.subject(words[:verb], ctx)
	if !ok {
		return nil, false
	}
	for _, clause := range splitClauses(words[verb:]) {
		parts, ok := c.predicate(clause, quoted)
		if !ok {
			return nil, false
		}
		t.Parts = append(t.Parts, parts...)
	}
	c.noteLowers(t)
	return done(sel)
}

// noteLowers remembers templates that can leave a creature with toughness 0
// or less, so state-based actions know when 704.5f needs checking.
func (c *compiler) noteLowers(t *Template) {
	for _, p := range t.Parts {
		switch p.Op {
		case opModPT:
			if p.T < 0 {
				c.lowers = true
			}
		case opSetPT:
			if p.T <= 0 {
				c.lowers = true
			}
		case opSwitch, opSetPTMV, opCDACount:
			// a switch moves power into toughness; mana value and counts can
			// be 0
			c.lowers = true
		case opSetTypes, opAddTypes:
			// a permanent that becomes a creature with no toughness set
			if containsFold(p.Types, "Creature") && !setsToughness(t) {
				c.lowers = true
			}
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

// parseCondition reads the conditions of "as long as ..." the engine can
// decide: "you control a[n] FILTER" and "your devotion to COLOR is less
// than N" (700.5).
func parseCondition(low string) (*Condition, bool) {
	if m := reDevotion.FindStringSubmatch(low); m != nil {
		n, ok := number(m[2])
		if !ok {
			return nil, false
		}
		return &Condition{Devotion: colorWords[m[1]], Less: n, Text: low}, true
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

// splitClauses splits "gets +1/+1 and has flying" into predicates at an
// "and" followed by a verb.
func splitClauses(words []string) []string {
	var out []string
	start := 0
	for i := 1; i+1 < len(words); i++ {
		if words[i] == "and" && sentenceVerbs[words[i+1]] {
			out = append(out, strings.Join(words[start:i], " "))
			start = i + 1
		}
	}
	return append(out, strings.Join(words[start:], " "))
}

// subject parses what a sentence applies to.
func (c *compiler) subject(words []string, ctx *sctx) (Selector, bool) {
	if len(words) == 0 {
		return Selector{}, false
	}
	noun := strings.Join(words, " ")
	ws := words
	count := 1
	if ws[0] == "up" && len(ws) > 3 && ws[1] == "to" {
		n, ok := numberWords[ws[2]]
		if !ok {
			return Selector{}, false
		}
		count, ws = n, ws[3:]
	} else if n, ok := numberWords[ws[0]]; ok && n > 1 && len(ws) > 1 && ws[1] == "target" {
		count, ws = n, ws[1:]
	}
	if len(ws) > 0 && ws[len(ws)-1] == "each" {
		ws = ws[:len(ws)-1]
	}
	if len(ws) > 0 && ws[0] == "another" {
		ws = ws[1:]
	}
	if len(ws) > 1 && ws[0] == "target" {
		f, ok := parseFilter(ws[1:])
		if !ok {
			return Selector{}, false
		}
		sel := Selector{Kind: selTarget, Target: ctx.targets, Noun: noun, F: f}
		if count > 1 {
			sel.Count = count
		}
		ctx.targets += count
		return sel, true
	}
	switch {
	case len(words) == 2 && words[0] == "enchanted":
		return Selector{Kind: selEnchanted, Noun: noun}, true
	case len(words) == 2 && words[0] == "equipped" && words[1] == "creature":
		return Selector{Kind: selEquipped, Noun: noun}, true
	case noun == "~":
		return Selector{Kind: selSelf, Noun: noun}, true
	case noun == "it" || noun == "that creature" || noun == "that permanent" || noun == "that land" ||
		noun == "they" || noun == "those creatures" || noun == "that artifact":
		if ctx.last == nil {
			return Selector{}, false
		}
		sel := *ctx.last
		return sel, true
	}
	f, ok := parseFilter(words)
	if !ok {
		return Selector{}, false
	}
	return Selector{Kind: selFilter, F: f, Noun: noun}, true
}

// parseFilter parses "[all|each] [other] [COLOR] [nonX] [SUBTYPE] TYPE(s)
// [you control|your opponents control|an opponent controls]".
func parseFilter(words []string) (Filter, bool) {
	var f Filter
	ws := append([]string(nil), words...)
	join := strings.Join(ws, " ")
	for _, suf := range []struct {
		s string
		c int
	}{{" you control", 1}, {" your opponents control", 2}, {" an opponent controls", 2}, {" you don't control", 2}, {" on the battlefield", 0}} {
		if strings.HasSuffix(join, suf.s) {
			join = strings.TrimSuffix(join, suf.s)
			f.Control = suf.c
		}
	}
	ws = strings.Fields(join)
	if len(ws) > 0 && (ws[0] == "all" || ws[0] == "each") {
		ws = ws[1:]
	}
	if len(ws) > 0 && ws[0] == "other" {
		f.Other = true
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return f, false
	}
	nounWord := ws[len(ws)-1]
	t, ok := typeNouns[nounWord]
	if !ok {
		// "Forests you control", "a Swamp": a basic land type names lands.
		bt, isBasic := basicLandTypes[nounWord]
		if !isBasic {
			return f, false
		}
		t = "Land"
		f.Subtypes = append(f.Subtypes, bt)
	}
	if t != "" {
		f.Types = append(f.Types, t)
	}
	for _, w := range ws[:len(ws)-1] {
		w = strings.TrimSuffix(w, ",")
		if w == "and" {
			continue
		}
		if col, ok := colorWords[w]; ok {
			f.Colors = append(f.Colors, col)
			continue
		}
		if strings.HasPrefix(w, "non") {
			x := strings.TrimPrefix(strings.TrimPrefix(w, "non"), "-")
			switch {
			case colorWords[x] != "":
				f.NotColors = append(f.NotColors, colorWords[x])
			case typeNouns[x] != "":
				f.NotTypes = append(f.NotTypes, typeNouns[x])
			case x == "basic" || x == "legendary" || x == "snow":
				f.NotSupertypes = append(f.NotSupertypes, capitalize(x))
			case x != "":
				f.NotSubtypes = append(f.NotSubtypes, capitalize(x))
			default:
				return f, false
			}
			continue
		}
		if tn, ok := typeNouns[w]; ok && tn != "" {
			f.Types = append(f.Types, tn)
			continue
		}
		if w == "basic" || w == "legendary" || w == "snow" {
			f.Supertypes = append(f.Supertypes, capitalize(w))
			continue
		}
		if w == "tapped" || w == "untapped" || w == "attacking" || w == "blocking" || w == "target" {
			return f, false // states the engine does not filter on
		}
		f.Subtypes = append(f.Subtypes, capitalize(w))
	}
	return f, true
}

// predicate compiles one clause after the subject.
func (c *compiler) predicate(p string, quoted []string) ([]Part, bool) {
	if m := reGetsPT.FindStringSubmatch(p); m != nil {
		dp, _ := strconv.Atoi(m[1])
		dt, _ := strconv.Atoi(m[2])
		return []Part{{Layer: L7c, Op: opModPT, P: dp, T: dt}}, true
	}
	if m := reBasePT.FindStringSubmatch(p); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		return []Part{{Layer: L7b, Op: opSetPT, P: bp, T: bt}}, true
	}
	if reMVPT.MatchString(p) {
		return []Part{{Layer: L7b, Op: opSetPTMV}}, true
	}
	if m := reBecomesPT.FindStringSubmatch(p); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		return []Part{{Layer: L7b, Op: opSetPT, P: bp, T: bt}}, true
	}
	if m := reColor.FindStringSubmatch(p); m != nil {
		var cs []string
		for _, w := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
			if col, ok := colorWords[w]; ok {
				cs = append(cs, col)
			}
		}
		return []Part{{Layer: L5, Op: opSetColors, Colors: sortColors(cs)}}, true
	}
	if m := reLandSet.FindStringSubmatch(p); m != nil {
		return []Part{{Layer: L4, Op: opSetLandTypes, Subtypes: []string{basicLandTypes[m[1]]}}}, true
	}
	if m := reInAddition.FindStringSubmatch(p); m != nil {
		w := strings.TrimSuffix(m[1], "s")
		if w == "creature" {
			return []Part{{Layer: L4, Op: opAddTypes, Types: []string{"Creature"}}}, true
		}
		sub := capitalize(w)
		if bt, ok := basicLandTypes[m[1]]; ok {
			sub = bt
		}
		return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{sub}}}, true
	}
	if m := reIsnt.FindStringSubmatch(p); m != nil {
		return []Part{{Layer: L4, Op: opRemoveTypes, Types: []string{typeNouns[m[1]]}}}, true
	}
	if reEveryBasic.MatchString(p) {
		return []Part{{Layer: L4, Op: opAddTypes, Subtypes: []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}}}, true
	}
	if reLoseAll.MatchString(p) {
		return []Part{{Layer: L6, Op: opLoseAll}}, true
	}
	if reCantAttack.MatchString(p) {
		parts := []Part{{Layer: lRules, Op: opCantAttack}}
		if strings.HasSuffix(p, "or block") {
			parts = append(parts, Part{Layer: lRules, Op: opCantBlock})
		}
		return parts, true
	}
	if reCantBlock.MatchString(p) {
		return []Part{{Layer: lRules, Op: opCantBlock}}, true
	}
	if m := reHas.FindStringSubmatch(p); m != nil {
		if abs, ok := c.grantList(m[1], quoted); ok {
			return []Part{{Layer: L6, Op: opAddAbilities, Abilities: abs}}, true
		}
	}
	if m := reLoses.FindStringSubmatch(p); m != nil {
		if kws, ok := keywordList(m[1]); ok {
			return []Part{{Layer: L6, Op: opLoseAbilities, Keywords: kws}}, true
		}
		return nil, false
	}
	if m := reBecomeA.FindStringSubmatch(p); m != nil {
		return c.becomeCreature(strings.Fields(m[1]))
	}
	return nil, false
}

// becomeCreature compiles "[N/N] [COLORS] [SUBTYPES] [TYPES] creature(s)
// [with base power and toughness N/N|with power and toughness each equal to
// its mana value] [with KEYWORDS] [in addition to its other types|that's
// still a land]".
func (c *compiler) becomeCreature(ws []string) ([]Part, bool) {
	var parts []Part
	retain := false
	rest := strings.Join(ws, " ")
	for _, suf := range []string{" in addition to its other types", " in addition to their other types", " that's still a land", " that's still an artifact", " that are still lands"} {
		if strings.HasSuffix(rest, suf) {
			rest = strings.TrimSuffix(rest, suf)
			retain = true
		}
	}
	var pt *Part
	if m := regexp.MustCompile(` with (?:base )?power and toughness (\d+)/(\d+)$`).FindStringSubmatch(rest); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		pt = &Part{Layer: L7b, Op: opSetPT, P: bp, T: bt}
		rest = strings.TrimSuffix(rest, m[0])
	} else if m := regexp.MustCompile(` with (?:base )?power and toughness each equal to (?:its|their) mana value$`).FindStringSubmatch(rest); m != nil {
		pt = &Part{Layer: L7b, Op: opSetPTMV}
		rest = strings.TrimSuffix(rest, m[0])
	}
	var kwPart *Part
	allTypes := false
	if strings.HasSuffix(rest, " with all creature types") {
		rest = strings.TrimSuffix(rest, " with all creature types")
		allTypes = true
	}
	if i := strings.Index(rest, " with "); i >= 0 {
		kws, ok := keywordList(rest[i+6:])
		if !ok {
			return nil, false
		}
		var abs []*Ability
		for _, k := range kws {
			abs = append(abs, c.keyword(k))
		}
		kwPart = &Part{Layer: L6, Op: opAddAbilities, Abilities: abs}
		rest = rest[:i]
	}
	words := strings.Fields(rest)
	if len(words) == 0 {
		return nil, false
	}
	if m := regexp.MustCompile(`^(\d+)/(\d+)$`).FindStringSubmatch(words[0]); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		if pt != nil {
			return nil, false
		}
		pt = &Part{Layer: L7b, Op: opSetPT, P: bp, T: bt}
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, false
	}
	last := words[len(words)-1]
	if last != "creature" && last != "creatures" {
		return nil, false
	}
	var types []string
	var subs, cols []string
	for _, w := range words[:len(words)-1] {
		switch {
		case w == "and":
		case colorWords[w] != "":
			cols = append(cols, colorWords[w])
		case typeNouns[w] != "":
			types = append(types, typeNouns[w])
		default:
			subs = append(subs, capitalize(w))
		}
	}
	types = append(types, "Creature")
	if allTypes {
		subs = append(subs, allCreatureTypes)
	}
	// 205.1b: "in addition to its other types", "still a land" and
	// "artifact creature" keep the prior card types and subtypes; a
	// "[creature types] artifact creature" replaces only the creature types.
	op := opSetTypes
	replace := false
	if retain || containsFold(types, "Artifact") {
		op = opAddTypes
		replace = len(subs) > 0
	}
	parts = append(parts, Part{Layer: L4, Op: op, Types: types, Subtypes: subs, ReplaceSubtypes: replace})
	if len(cols) > 0 {
		parts = append(parts, Part{Layer: L5, Op: opSetColors, Colors: sortColors(cols)})
	}
	if kwPart != nil {
		parts = append(parts, *kwPart)
	}
	if pt != nil {
		parts = append(parts, *pt)
	}
	return parts, true
}

// grantList parses "flying", "flying and vigilance", "«0»" (a quoted
// ability) into abilities.
func (c *compiler) grantList(s string, quoted []string) ([]*Ability, bool) {
	s = strings.ReplaceAll(s, ", and ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var abs []*Ability
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if m := reQuotedRef.FindStringSubmatch(item); m != nil {
			i, _ := strconv.Atoi(m[1])
			if i >= len(quoted) {
				return nil, false
			}
			ab, bad := c.compileAbilityText(quoted[i])
			// A granted triggered or activated ability is listed on the
			// object like a printed one; a static one must compile.
			if len(bad) > 0 && ab.Kind == abStatic {
				return nil, false
			}
			abs = append(abs, ab)
			continue
		}
		if !keywords[item] && !strings.HasPrefix(item, "protection from ") {
			return nil, false
		}
		abs = append(abs, c.keyword(item))
	}
	return abs, len(abs) > 0
}

var reQuotedRef = regexp.MustCompile(`^«(\d+)»$`)

// keywordList parses "flying, first strike, and lifelink".
func keywordList(s string) ([]string, bool) {
	s = strings.ReplaceAll(s, ", and ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if !keywords[p] && !strings.HasPrefix(p, "protection from ") {
			return nil, false
		}
		out = append(out, p)
	}
	return out, len(out) > 0
}
