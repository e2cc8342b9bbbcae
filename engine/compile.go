package engine

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
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

// unappliedKeywords are the keywords the compiler recognises that the
// scenario doesn't apply, with their rules: reported as not modelled, so
// that no answer is silently without them.
var unappliedKeywords = map[string]string{
	"flanking": "702.25", "banding": "702.22", "convoke": "702.51", "cascade": "702.85",
	"storm": "702.40", "split second": "702.61", "decayed": "702.147",
}

var keywordPrefix = regexp.MustCompile(`^(protection from [a-z ]+|ward \{[^}]+\}(\{[^}]+\})*|ward—.*|equip( [a-z]+)? \{.*|enchant [a-z ]+|kicker \{.*|flashback \{.*|cycling \{.*|bestow \{.*|morph \{.*|megamorph \{.*|crew \d+|bushido \d+|rampage \d+|annihilator \d+|toxic \d+|afflict \d+|absorb \d+|fading \d+|vanishing \d+|modular \d+|bloodthirst \d+|scry \d+)$`)

var sentenceVerbs = map[string]bool{
	"get": true, "gets": true, "has": true, "have": true, "gain": true, "gains": true,
	"lose": true, "loses": true, "is": true, "are": true, "become": true, "becomes": true,
	"can't": true, "isn't": true, "aren't": true,
	"attacks": true, "blocks": true, "doesn't": true, "don't": true, "can": true, "must": true,
	"attack": true, "block": true,
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

// BasicLandMana returns the color of mana a land of the basic land type a
// word names makes (305.6): "Island" or "islands" makes U.
func BasicLandMana(word string) (string, bool) {
	t, ok := basicLandTypes[strings.ToLower(word)]
	if !ok {
		return "", false
	}
	return basicMana[t], true
}

// landTypes are the land subtypes of 205.3i.
var landTypes = map[string]bool{
	"cave": true, "desert": true, "forest": true, "gate": true, "island": true, "lair": true,
	"locus": true, "mine": true, "mountain": true, "plains": true, "planet": true,
	"power-plant": true, "sphere": true, "swamp": true, "tower": true, "town": true, "urza's": true,
	// as the card data spells it, with a typographic apostrophe
	"urza’s": true,
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
	granting  int    // compiling an ability granted by an effect (604.3a(4))
	xSourceMV int    // "where X is that artifact's mana value": X is the source's mana value
	xCount    string // "where X is the number of ...": what X counts
	// othersTapped: an "[objects] enter tapped" ability (614.1d) was compiled.
	othersTapped bool
	spellMiss    []spellMiss // unmodelled sentences of resolved spells and effects
	missByAb     map[int][]staticMiss
	nextID       int
	control      bool // a control-changing template was compiled
	lowers       bool // a template that can bring toughness to 0 or less was compiled
	repl         bool // a replacement or prevention effect (614, 615) was compiled
	noTriggers   bool // "creatures entering the battlefield don't cause abilities to trigger" was compiled
	exileUncast  bool // Containment Priest's replacement was compiled (uncast.go)
	cards        map[string]*compiledCard
	kw           map[string]*Ability
}

type compiledCard struct {
	abilities    []*Ability
	unmodeled    []string
	entersTapped bool
	// entersTappedAb is the "enters tapped" ability: it applies only if
	// the object as it would exist on the battlefield has it (614.12).
	entersTappedAb *Ability
	entersWith     []*Template // "enters with N counters" (614.1c)
	// staticMiss are the sentences of static abilities that could not be
	// modelled: answers about objects they may affect depend on them.
	staticMiss []staticMiss
	lines      []lineRecord
	// zoneUnm: the reports (in unmodeled) of sentences whose condition
	// reads a zone the scenario may not hold (zonecond.go): made only when
	// it doesn't as the permanent enters.
	zoneUnm map[string]*Condition
}

// lineKind is what one line of rules text is.
type lineKind int

const (
	lineKeyword lineKind = iota
	lineStatic
	lineTriggered
	lineActivated
	lineMana
	lineEntersTapped
	lineMode
	nLineKinds
)

var lineKindNames = [nLineKinds]string{"keyword", "static", "triggered", "activated", "mana ability", "enters tapped (replacement)", "mode of a modal ability"}

// lineRecord is one compiled line and, for a static ability, what became
// of each of its sentences.
type lineRecord struct {
	n         int // 1-based line of the rules text
	kind      lineKind
	sentences []sentenceRecord
}

type sentenceRecord struct {
	orig, norm string
	outcome    ruleOutcome
	class      string
}

var (
	reAbilityWord = regexp.MustCompile(`^([A-Za-z’' ]+) — `)
	reLevel       = regexp.MustCompile(`^level (\d+)(?:-(\d+)|\+)$`)
	reResultRow   = regexp.MustCompile(`^\d+(?:[—–-]\d+|\+)? \| `)
	reChapter     = regexp.MustCompile(`^(?:i|ii|iii|iv|v|vi|vii)(?:, (?:i|ii|iii|iv|v|vi|vii))* — `)
)

var reEntersAsCopy = regexp.MustCompile(`^you may have ~ enter(?: the battlefield)? as a copy of`)

// reEntersAsCopyPlain is the enter-as-a-copy ability with no exceptions,
// which "(copy of REF)" carries out whole.
var reEntersAsCopyPlain = regexp.MustCompile(`^you may have ~ enter(?: the battlefield)? as a copy of (?:any|an) [a-z ]+? (?:on the battlefield|you control)$`)

// hiddenHint ends the report of a sentence whose condition the scenario
// doesn't decide.
const hiddenHint = " [a condition the scenario doesn't decide: add \"condition holds\" to the statement's modifiers if it holds]"

// zoneHint ends the report of a sentence whose condition reads a zone the
// scenario doesn't hold (zonecond.go).
const zoneHint = " [a condition on a hand or graveyard the scenario doesn't hold: state it (\"you have N cards in hand\", the cards in the graveyard), or add \"condition holds\" to the statement's modifiers if it holds]"

var reEntersTapped = regexp.MustCompile(`^~ enters(?: the battlefield)? tapped\.?$`)

func newCompiler() *compiler {
	return &compiler{cards: map[string]*compiledCard{}, kw: map[string]*Ability{}, missByAb: map[int][]staticMiss{}}
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

// reminder is reminder text: italicized text within parentheses that
// summarizes a rule (207.2a), with the space before it; on its own line,
// with the line break before it.
var reminder = regexp.MustCompile(`\s*\([^()]*\)`)

// WithoutReminder returns a card's text without its reminder text, which
// has no game function (207.2, 207.2a).
func WithoutReminder(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	return reminder.ReplaceAllString(text, "")
}

// selfRef replaces the card's own name and "this creature" style
// self-references with "~".
func selfRef(text, name string) string {
	// A card named for a keyword ("Lifelink", "Fear") uses the word as the
	// keyword in its text ("Enchanted creature has lifelink."): reading it as
	// the card's name would grant nothing.
	if low := strings.ToLower(strings.TrimSpace(name)); keywords[low] || keywordPrefix.MatchString(low) {
		name = ""
	}
	if name = strings.ToValidUTF8(name, ""); strings.TrimSpace(name) != "" {
		names := []string{name}
		// A card rebalanced for digital play ("A-Triumphant Adventurer")
		// calls itself by its printed name.
		if n, ok := strings.CutPrefix(name, "A-"); ok && n != "" {
			names = append(names, n)
		}
		// Legendary cards call themselves by the part before the comma
		// ("Erebos" for "Erebos, God of the Dead").
		if i := strings.Index(name, ","); i > 0 {
			names = append(names, strings.TrimSpace(name[:i]))
		}
		for _, n := range names {
			// "Creatures named Ivory Guardians" asks for objects with that
			// name (201.2a); only text that refers to the object by name
			// means the object itself (201.5).
			// A determiner before the word ("is a Snake", "target Bear",
			// "other Elves") makes it a kind of object, not this one.
			if re := nameRegexp(n); re != nil {
				text = re.ReplaceAllStringFunc(text, func(m string) string {
					if !strings.HasPrefix(strings.ToLower(m), strings.ToLower(n)) {
						return m
					}
					// Rules text writes a name as the name is written
					// (201.5): "turn" in "until end of turn" is the
					// word, not the split card half Turn.
					if startsUpper(n) && !startsUpper(m) {
						return m
					}
					return "~"
				})
			}
		}
	}
	// "This creature" inside a quoted ability is the object that has that
	// ability (the quoted text is compiled on its own when it is granted).
	var b strings.Builder
	last := 0
	for _, q := range reQuoted.FindAllStringIndex(text, -1) {
		b.WriteString(selfWords.ReplaceAllString(text[last:q[0]], "~"))
		b.WriteString(text[q[0]:q[1]])
		last = q[1]
	}
	b.WriteString(selfWords.ReplaceAllString(text[last:], "~"))
	return b.String()
}

// startsUpper reports whether s begins with an upper-case letter.
func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// nameRes caches the compiled pattern of each name selfRef looks for: a
// scenario compiles the text of every card and effect, and compiling a
// pattern costs more than matching it. The cache is bounded: names come
// from users.
var nameRes = struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}{m: map[string]*regexp.Regexp{}}

// nameRegexp matches a name as a whole word, with the determiner before it
// if any ("a Snake", "target Bear").
func nameRegexp(n string) *regexp.Regexp {
	nameRes.Lock()
	defer nameRes.Unlock()
	if re, ok := nameRes.m[n]; ok {
		return re
	}
	re, err := regexp.Compile(`(?i)(\b(?:named|an?|target|another|other|each|all|non-?) )?\b` + regexp.QuoteMeta(n) + `\b`)
	if err != nil {
		return nil
	}
	if len(nameRes.m) >= 4096 {
		nameRes.m = map[string]*regexp.Regexp{}
	}
	nameRes.m[n] = re
	return re
}

var selfWords = regexp.MustCompile(`(?i)\bthis (creature|permanent|artifact|land|enchantment|aura|equipment|vehicle)\b`)

// compileCard compiles a permanent's rules text into abilities.
func (c *compiler) compileCard(def CardDef) *compiledCard {
	key := def.Name + "\x00" + def.Text
	if cc, ok := c.cards[key]; ok {
		return cc
	}
	cc := &compiledCard{}
	var level *Condition // inside a leveler's striation (711.2)
	for n, line := range strings.Split(def.Text, "\n") {
		orig := strings.TrimSpace(reminder.ReplaceAllString(line, ""))
		if orig == "" {
			continue
		}
		rec := lineRecord{n: n + 1}
		full := orig
		// 207.2c, 207.2d: an ability word or a flavor word has no rules
		// meaning. A keyword written with a dash ("Companion — ...",
		// "Forecast — ...") and "Choose one —" are not such words.
		if m := reAbilityWord.FindStringSubmatch(orig); m != nil && !reChapter.MatchString(strings.ToLower(orig)) {
			w := strings.ToLower(normQuotes(m[1]))
			if abilityWords[w] || !lineKeywords[w] && !strings.HasPrefix(w, "choose ") && !strings.HasPrefix(w, "chapter") {
				orig = strings.TrimSpace(orig[len(m[0]):])
			}
		}
		text := selfRef(normQuotes(orig), def.Name)
		low := strings.ToLower(text)
		if m := reLevel.FindStringSubmatch(low); m != nil {
			// 711.2a, 711.2b: the striation's P/T and abilities apply as
			// long as the number of level counters is in its range.
			lo, _ := strconv.Atoi(m[1])
			hi := -1
			if m[2] != "" {
				hi, _ = strconv.Atoi(m[2])
			}
			level = &Condition{Counter: "level", AtLeast: lo, AtMost: hi, Text: strings.ToLower(orig)}
			rec.kind = lineStatic
			rec.sentences = []sentenceRecord{{orig: orig, norm: low, outcome: outModelled, class: "level striation (711.2)"}}
			cc.lines = append(cc.lines, rec)
			continue
		}
		if m := reSlashPT.FindStringSubmatch(low); m != nil && level != nil {
			bp, _ := strconv.Atoi(m[1])
			bt, _ := strconv.Atoi(m[2])
			// The striation is named as printed ("LEVEL 12+ — 9/9"), not in
			// parentheses: those would read as reminder text.
			ab := c.newAbility(&Ability{Text: strings.ToUpper(level.Text) + " — " + orig, Kind: abStatic})
			ab.Statics = []*Template{{Sentence: strings.ToUpper(level.Text) + " — " + orig, Cond: level, Sel: Selector{Kind: selSelf, Noun: "~"},
				Parts: []Part{{Layer: L7b, Op: opSetPT, P: bp, T: bt}}}}
			cc.abilities = append(cc.abilities, ab)
			rec.kind = lineStatic
			rec.sentences = []sentenceRecord{{orig: orig, norm: low, outcome: outModelled, class: "level striation (711.2)"}}
			cc.lines = append(cc.lines, rec)
			continue
		}
		if reResultRow.MatchString(low) && len(cc.abilities) > 0 {
			// 706.3b: a results table is part of the ability that rolls.
			prev := cc.abilities[len(cc.abilities)-1]
			prev.Text += "\n" + orig
			rec.kind = lineMode
			cc.lines = append(cc.lines, rec)
			continue
		}
		if reChapter.MatchString(low) {
			// 714.2b: a chapter ability is a triggered ability.
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: full, Kind: abTriggered}))
			cc.unmodeled = append(cc.unmodeled, full+" [chapter ability (714.2b): triggered, not run by the scenario; state its result with a statement]")
			rec.kind = lineTriggered
			cc.lines = append(cc.lines, rec)
			continue
		}
		if strings.HasPrefix(orig, "•") && len(cc.abilities) > 0 {
			// A mode of the previous modal ability: part of its text.
			prev := cc.abilities[len(cc.abilities)-1]
			prev.Text += "\n" + orig
			rec.kind = lineMode
			cc.lines = append(cc.lines, rec)
			continue
		}
		if reEntersTapped.MatchString(low) {
			// A replacement effect on entering (603.6d, 614.12): applied when the
			// object enters.
			cc.entersTapped = true
			cc.entersTappedAb = c.newAbility(&Ability{Text: orig, Kind: abStatic})
			cc.abilities = append(cc.abilities, cc.entersTappedAb)
			rec.kind = lineEntersTapped
			cc.lines = append(cc.lines, rec)
			continue
		}
		if kws, ok := keywordLine(low); ok {
			for _, kw := range kws {
				if level != nil {
					// A keyword in a striation: has it as long as the level
					// holds (711.2).
					ab := c.newAbility(&Ability{Text: strings.ToUpper(level.Text) + " — " + capitalize(kw), Kind: abStatic})
					ab.Statics = []*Template{{Sentence: strings.ToUpper(level.Text) + " — " + capitalize(kw), Cond: level, Sel: Selector{Kind: selSelf, Noun: "~"},
						Parts: []Part{{Layer: L6, Op: opAddAbilities, Abilities: []*Ability{c.keyword(kw)}}}}}
					cc.abilities = append(cc.abilities, ab)
					continue
				}
				cc.abilities = append(cc.abilities, c.keyword(kw))
				if rule, ok := unappliedKeywords[kw]; ok {
					cc.unmodeled = append(cc.unmodeled, capitalize(kw)+" [keyword ability ("+rule+"): the scenario doesn't apply it; state its result with a statement]")
				}
			}
			rec.kind = lineKeyword
			cc.lines = append(cc.lines, rec)
			continue
		}
		switch {
		case isTriggered(low):
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: full, Kind: abTriggered}))
			cc.unmodeled = append(cc.unmodeled, full+" [triggered ability: not run by the scenario; state its result with a statement]")
			rec.kind = lineTriggered
			cc.lines = append(cc.lines, rec)
			continue
		case isActivated(text):
			cc.abilities = append(cc.abilities, c.newAbility(&Ability{Text: full, Kind: abActivated}))
			rec.kind = lineMana
			if !isManaAbility(low) {
				cc.unmodeled = append(cc.unmodeled, full+" [activated ability: not run by the scenario; state its result with a statement]")
				rec.kind = lineActivated
			}
			cc.lines = append(cc.lines, rec)
			continue
		}
		ab := c.newAbility(&Ability{Text: full, Kind: abStatic})
		ctx := &sctx{self: true}
		rec.kind = lineStatic
		for _, p := range sentencePairs(normQuotes(orig), text) {
			ts, ok := c.sentence(p[1], ctx)
			rec.sentences = append(rec.sentences, sentenceRecord{orig: p[0], norm: p[1], outcome: ctx.outcome, class: ctx.class})
			chosen := !ok && reChosen.MatchString(p[1]) && compilesWithChoice(def, p[1])
			if chosen {
				// Read with the choice the statement states (614.12a).
				r := &rec.sentences[len(rec.sentences)-1]
				r.outcome, r.class = outModelled, chosenClass
			}
			if !ok && reEntersAsCopyPlain.MatchString(strings.ToLower(p[1])) {
				// 707.5, 614.1c: carried out when the statement says what
				// it copies ("(copy of REF)"); reported otherwise.
				r := &rec.sentences[len(rec.sentences)-1]
				r.outcome, r.class = outModelled, "enters as a copy (707.5), stated with (copy of REF)"
			}
			if !ok {
				m := staticMiss{ab: ab, text: p[0], norm: strings.ToLower(p[1])}
				cc.staticMiss = append(cc.staticMiss, m)
				c.missByAb[ab.id] = append(c.missByAb[ab.id], m)
				msg := p[0]
				if reEntersAsCopy.MatchString(strings.ToLower(p[1])) {
					msg += " [replacement effect: write \"CARD (copy of REF)\" to have it enter as a copy]"
				}
				switch {
				case chosen:
					msg += " [a choice made as it entered (614.12a): state it as it enters, e.g. \"" + def.Name + " (" + exampleChoice(def) + ")\"]"
				case strings.Contains(strings.ToLower(p[1]), "the chosen "):
					msg += " [a choice made as it entered: write the chosen color, type or name into the text with define]"
				}
				cc.unmodeled = append(cc.unmodeled, msg)
				continue
			}
			for _, t := range ts {
				if t.Cond != nil && t.Cond.Hidden {
					// Applied only when the statement says the condition
					// holds; until then answers say they depend on it.
					m := staticMiss{ab: ab, text: p[0], norm: strings.ToLower(p[1]), hidden: true}
					cc.staticMiss = append(cc.staticMiss, m)
					c.missByAb[ab.id] = append(c.missByAb[ab.id], m)
					cc.unmodeled = append(cc.unmodeled, p[0]+hiddenHint)
					break
				}
				if t.Cond != nil && t.Cond.readsZones() {
					// Decided by the game when the scenario holds the
					// zone; otherwise as a hidden condition.
					m := staticMiss{ab: ab, text: p[0], norm: strings.ToLower(p[1]), hidden: true, cond: t.Cond}
					cc.staticMiss = append(cc.staticMiss, m)
					c.missByAb[ab.id] = append(c.missByAb[ab.id], m)
					u := p[0] + zoneHint
					cc.unmodeled = append(cc.unmodeled, u)
					if cc.zoneUnm == nil {
						cc.zoneUnm = map[string]*Condition{}
					}
					cc.zoneUnm[u] = t.Cond
					break
				}
			}
			for _, t := range ts {
				t.Sentence = p[0]
				if t.EntersWith {
					cc.entersWith = append(cc.entersWith, t)
					continue
				}
				ab.Statics = append(ab.Statics, t)
			}
		}
		for _, t := range ab.Statics {
			if t.CDA {
				ab.CDA = true
			}
		}
		cc.abilities = append(cc.abilities, ab)
		cc.lines = append(cc.lines, rec)
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
	// "Ward—Pay 3 life", "Cumulative upkeep—Sacrifice a land, ...": one
	// keyword whose cost may hold commas.
	if k := leadingKeyword(low); k != "" && strings.HasPrefix(low[len(k):], "—") {
		return []string{low}, true
	}
	// 702.124: "Partner with [name]": the name may hold a comma.
	if strings.HasPrefix(low, "partner with ") && !strings.Contains(low, ".") {
		return []string{low}, true
	}
	var out []string
	// Older cards separate keywords with semicolons ("Flying; banding").
	for _, p := range strings.FieldsFunc(low, func(r rune) bool { return r == ',' || r == ';' }) {
		p = strings.TrimSpace(p)
		p = strings.TrimPrefix(p, "and ")
		if p == "" {
			return nil, false
		}
		if !keywords[p] && !keywordPrefix.MatchString(p) && !isKeywordItem(p) {
			return nil, false
		}
		out = append(out, p)
	}
	return out, len(out) > 0
}

// lineKeywords are the keyword abilities of CR 702 as they begin a line of
// rules text, lower case.
var lineKeywords = func() map[string]bool {
	m := map[string]bool{}
	for k := range crKeywordTitles {
		switch {
		case k == "daybound and nightbound":
			m["daybound"], m["nightbound"] = true, true
		case strings.HasPrefix(k, "∞"):
		default:
			m[k] = true
		}
	}
	// 702.124: partner variants are written "Friends forever", "Choose a
	// Background". 702.14: landwalk is written with the land type or quality; 702.89:
	// umbra armor was printed as "totem armor"; 702.11 and 702.16: hexproof
	// and protection take "from".
	for _, w := range []string{"islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "desertwalk",
		"nonbasic landwalk", "legendary landwalk", "snow landwalk", "snow swampwalk", "snow forestwalk", "snow islandwalk",
		"snow mountainwalk", "snow plainswalk", "totem armor", "hexproof from", "protection from", "partner with", "affinity for",
		"friends forever", "choose a background", "bands with other", "artifact landwalk", "nonbasic landwalk", "multikicker"} {
		m[w] = true
	}
	return m
}()

// reKeywordParam is what may follow a keyword on its line: a number, a
// cost, or the quality it names ("from red", "with Pir", "for artifacts").
var reKeywordParam = regexp.MustCompile(`^(?:\d+|x|\{.*|—.*| .+)?$`)

// leadingKeyword returns the longest keyword that begins s ("" if none).
func leadingKeyword(s string) string {
	best := ""
	for i := 1; i <= len(s); i++ {
		if i < len(s) && s[i] != ' ' && s[i] != '{' && !strings.HasPrefix(s[i:], "—") {
			continue
		}
		if lineKeywords[s[:i]] {
			best = s[:i]
		}
	}
	return best
}

// isKeywordItem: a keyword with its parameter ("soulshift 3", "level up
// {1}{w}", "partner with pir, imaginative rascal", "affinity for
// artifacts"); a sentence that merely starts with a keyword's word
// ("flying creatures get ...") is not one.
func isKeywordItem(p string) bool {
	// 702.29e: typecycling ("plainscycling {2}", "basic landcycling {1}").
	if reTypecycling.MatchString(p) {
		return true
	}
	k := leadingKeyword(p)
	if k == "" {
		return false
	}
	rest := strings.TrimSpace(p[len(k):])
	if strings.Contains(rest, ":") {
		return false
	}
	if rest != "" && !strings.HasPrefix(rest, "{") && !strings.HasPrefix(rest, "—") {
		for _, w := range strings.Fields(rest) {
			if sentenceVerbs[w] || w == "get" || w == "can" || w == "deals" || w == "cost" || w == "costs" || w == "abilities" || w == "you" || w == "that's" || w == "still" {
				return false
			}
		}
	}
	return reKeywordParam.MatchString(strings.TrimPrefix(p[len(k):], ""))
}

var reTypecycling = regexp.MustCompile(`^[a-z]+(?: [a-z]+)?cycling \{[^:]*$`)

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
		strings.HasPrefix(cost, "[") || // loyalty abilities, [+1]: (606.1)
		reLoyaltyCost.MatchString(cost) ||
		// 602.1: other costs, written as instructions ("Put a -1/-1
		// counter on ~:", "Return ~ to its owner's hand:", "Reveal ...:").
		strings.HasPrefix(cost, "put ") || strings.HasPrefix(cost, "return ") || strings.HasPrefix(cost, "reveal ")
}

// reLoyaltyCost is a loyalty cost as Oracle text writes it ("+1", "−3",
// "0", "−X"), 606.1.
var reLoyaltyCost = regexp.MustCompile(`^[+−-]?(?:\d+|x)$`)

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
	// condSel: what "that creature" names after "as long as you control
	// exactly one creature, ..." (the one object the condition counts).
	condSel *Selector
	// paired: the sentence's condition is "~ is paired with another
	// creature": "both creatures" are it and its pair (702.95b).
	paired bool
	// outcome and class: what the last sentence's compilation found (for
	// reports and catalogue coverage).
	outcome ruleOutcome
	class   string
}
