package ask

import (
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// This file reads how the features of two named cards meet: a rule that
// decides only when one card has a feature and another card does what
// that feature is about (protection and an Aura, a card of several types
// and a trigger that names one of them), or when the question tells what
// a named card's feature is about in its own words (a replaced event, a
// card in hand for a "you control" ability). Each is read from the cards'
// Oracle text and the CR's own structure (a keyword's definition, its
// subrule on multiple instances), never listed by card.

// oracleText is what a card does: its text and its faces', without
// reminder text (which restates keywords).
func oracleText(c *cards.Card) string {
	text := c.Text
	for _, f := range c.Faces {
		text += "\n" + f.Text
	}
	return engine.WithoutReminder(text)
}

// cardInfo is what the interactions read of a card, read once.
type cardInfo struct {
	text   string          // oracleText
	events map[string]bool // cardEvents
	// unread says a trigger condition of the card names no event
	// class: what it triggers on is not known.
	unread bool
}

// info returns a card's cardInfo, read on its first use.
func (a *Asker) info(c *cards.Card) *cardInfo {
	if v, ok := a.cardInfos.Load(c); ok {
		return v.(*cardInfo)
	}
	in := &cardInfo{text: oracleText(c)}
	in.events = a.readEvents(c, in.text)
	for _, cond := range engine.TriggerConditions(strings.ReplaceAll(in.text, c.Name, "~")) {
		if !engine.ConditionEventClasses(cond, map[string]bool{}) {
			in.unread = true
		}
	}
	v, _ := a.cardInfos.LoadOrStore(c, in)
	return v.(*cardInfo)
}

// text is a card's Oracle text without reminder text.
func (a *Asker) text(c *cards.Card) string { return a.info(c).text }

// cardEvents returns the classes of the events a card's triggered
// abilities trigger on: its Oracle text's, and its triggered keywords'
// as the CR defines them ("Persist" means "When this permanent is put
// into a graveyard from the battlefield, …").
func (a *Asker) cardEvents(c *cards.Card) map[string]bool {
	return a.info(c).events
}

func (a *Asker) readEvents(c *cards.Card, text string) map[string]bool {
	// A name with a comma ("Emrakul, the Aeons Torn") would end the
	// condition early.
	out := engine.TriggerEventClasses(strings.ReplaceAll(text, c.Name, "~"))
	for _, kw := range c.Keywords {
		for class := range a.keywordEvents(a.keyword[fold.Key(kw)]) {
			out[class] = true
		}
	}
	return out
}

// keywordEvents returns the event classes of a triggered keyword,
// read from the CR's definition of it (its first subrule).
func (a *Asker) keywordEvents(id string) map[string]bool {
	if id == "" || !a.triggeredKeyword[id] {
		return nil
	}
	r, ok := a.kb.CR.Rule(id)
	if !ok || len(r.Children) == 0 {
		return nil
	}
	first, ok := a.kb.CR.Rule(r.Children[0])
	if !ok {
		return nil
	}
	return engine.TriggerEventClasses(first.Text)
}

// coEvents are pairs of event classes whose events happen together,
// before any player receives priority, so that abilities triggering on
// them wait together and 603.3b orders them: a creature dealt lethal
// damage dies right after (704.5g), combat damage is damage, a
// sacrificed permanent leaves the battlefield and is put into a
// graveyard, damage makes its player lose life or puts counters (wither,
// infect), a permanent leaves and returns in one effect or enters with
// counters, a spell or ability's targets are chosen and its costs paid
// (tapping, sacrificing, discarding, life, loyalty counters) as it is
// cast or activated (601.2c, 601.2h), attacking taps, a looter draws and
// discards, and the draw of the draw step and the untap of the untap step
// happen before the "at the beginning of" abilities of the step they
// begin wait for priority (504.1, 502.4).
var coEvents = map[[2]string]bool{}

func init() {
	for _, p := range [][2]string{
		{"leaves", "damage"}, {"leaves", "combat-damage"}, {"leaves", "sacrifice"}, {"leaves", "graveyard"},
		{"leaves", "enters"}, {"enters", "counters"}, {"combat-damage", "damage"},
		{"life", "damage"}, {"life", "combat-damage"}, {"counters", "damage"}, {"counters", "combat-damage"},
		{"sacrifice", "graveyard"}, {"discard", "graveyard"}, {"draw", "discard"}, {"tap", "combat"},
		{"cast", "target"}, {"activate", "target"},
		{"cast", "tap"}, {"cast", "sacrifice"}, {"cast", "discard"}, {"cast", "life"}, {"cast", "leaves"}, {"cast", "graveyard"},
		{"activate", "tap"}, {"activate", "sacrifice"}, {"activate", "discard"}, {"activate", "life"}, {"activate", "leaves"},
		{"activate", "graveyard"}, {"activate", "counters"},
		{"beginning", "draw"}, {"beginning", "tap"},
	} {
		coEvents[p] = true
		coEvents[[2]string{p[1], p[0]}] = true
	}
}

// triggerTogether reports whether two of the cards have triggered
// abilities that can have triggered since a player last received
// priority (603.3b): on one event (the same class of event) or on events
// that happen together (coEvents). A card with a trigger condition whose
// event could not be read may meet any.
func (a *Asker) triggerTogether(cs []*cards.Card) bool {
	for i, x := range cs {
		for _, y := range cs[i+1:] {
			ix, iy := a.info(x), a.info(y)
			if x == y || ix.unread || iy.unread || len(ix.events) == 0 || len(iy.events) == 0 {
				return true
			}
			for e := range ix.events {
				if iy.events[e] {
					return true
				}
				for f := range iy.events {
					if coEvents[[2]string{e, f}] {
						return true
					}
				}
			}
		}
	}
	return false
}

// orderAsked is a question about the order of abilities or effects: "in
// what order", "who orders them", "which resolves first", "APNAP", or
// one that tells they trigger together.
var orderAsked = mustPattern(`(?i)\b(what|which|any|the|an|correct|right|same|choose|chooses|chose|pick|picks|decide|decides|determines?) order\b|\border(s|ed|ing)? (them|the|my|these|those|both|their|his|her)\b|\bAPNAP\b|\b(which|what)\b[^.?!]{0,40}\b(resolves?|goes|go|happens?|triggers?|applies|apply|comes?) first\b|\bat the same time\b|\bsimultaneous(ly)?\b|\bboth trigger|\btrigger(s|ed)? (together|at once)\b`)

// pairWeight is the weight of a rule that decides a particular meeting of
// two features (protection and an Aura, a cast trigger and a
// counterspell): a little more than interactionWeight, the weight of the
// rules that order any two effects of a kind (616.1, 603.3b), which the
// particular rule is more specific than.
const pairWeight = interactionWeight * 1.1

// pairRule is a rule that decides when one named card has a feature
// (first) and another named card does what that feature is about
// (second), each read from the card's Oracle text (or type line).
type pairRule struct {
	name          string
	first, second func(a *Asker, c *cards.Card) bool
	rules         []ruleRef
}

// pairRules are the interactions read from two named cards.
var pairRules = []pairRule{
	// Protection stops what its DEBT names (702.16c–e): a protected card
	// and another that is an Aura or Equipment, or deals damage.
	{"protection-aura", hasProtection, func(_ *Asker, c *cards.Card) bool { return slices.Contains(c.Subtypes, "Aura") },
		[]ruleRef{{"702.16c", "can’t be enchanted"}}},
	{"protection-equipment", hasProtection, func(_ *Asker, c *cards.Card) bool {
		return slices.Contains(c.Subtypes, "Equipment") || slices.Contains(c.Subtypes, "Fortification")
	}, []ruleRef{{"702.16d", "can’t be equipped"}}},
	{"protection-damage", hasProtection, func(a *Asker, c *cards.Card) bool { return dealsDamage.MatchString(a.text(c)) },
		[]ruleRef{{"702.16e", "damage"}}},
	// A card of several card types meets a trigger whose condition names
	// one of them: it satisfies the criteria of each (205.2b).
	{"several-types", func(_ *Asker, c *cards.Card) bool { return len(c.Types) > 1 }, nil,
		[]ruleRef{{"205.2b", "more than one card type"}}},
	// A permanent that enters with counters has counters put on it
	// (122.6), for a trigger on counters being put.
	{"counters-on-entry", (*Asker).entersWithCounters, func(a *Asker, c *cards.Card) bool { return a.cardEvents(c)["counters"] },
		[]ruleRef{{"122.6", "given counters as it enters"}}},
	// A mana ability doesn't go on the stack (605.3b): nothing there for
	// a card that copies, counters or answers an activated ability.
	{"mana-ability", func(a *Asker, c *cards.Card) bool { return manaAbility.MatchString(a.text(c)) }, reactsToActivation,
		[]ruleRef{{"605.3b", "doesn’t go on the stack"}}},
	// X in a mana cost counts in the mana value on the stack (202.3e):
	// an {X} spell and a card that checks mana value.
	{"x-mana-value", func(_ *Asker, c *cards.Card) bool { return strings.Contains(c.ManaCost, "{X}") }, func(a *Asker, c *cards.Card) bool {
		return manaValueWords.MatchString(a.text(c))
	}, []ruleRef{{"202.3e", "{X} in its mana cost"}}},
	// An effect that removes all abilities (layer 6, 613.1f) meets one
	// whose ability changes types (layer 4, 613.1d), which applies first.
	{"abilities-and-types", func(a *Asker, c *cards.Card) bool { return losesAll.MatchString(a.text(c)) }, changesTypes,
		[]ruleRef{{"613.1d", "Type-changing"}, {"613.1f", "Ability-adding"}}},
	// A card that changes control meets one that puts a card into its
	// owner's hand, library or graveyard: it goes to its owner's zone
	// (400.3), whoever controlled it.
	{"control-owner", func(a *Asker, c *cards.Card) bool { return controlChange.MatchString(a.text(c)) }, func(a *Asker, c *cards.Card) bool {
		return ownersZone.MatchString(a.text(c))
	}, []ruleRef{{"400.3", "its owner’s corresponding zone"}}},
	// A regeneration shield replaces the next destruction of the
	// permanent, whatever destroys it (701.19a): a card that regenerates
	// and a card that destroys.
	{"regenerate-destroy", func(a *Asker, c *cards.Card) bool { return regenerateWord.MatchString(a.text(c)) }, func(a *Asker, c *cards.Card) bool {
		return destroys.MatchString(a.text(c))
	}, []ruleRef{{"701.19a", "regenerates"}}},
	// An ability that triggers on casting triggers as the spell becomes
	// cast (601.2i), before anything can counter it: a cast trigger and a
	// card that counters spells.
	{"cast-trigger-countered", func(a *Asker, c *cards.Card) bool { return a.cardEvents(c)["cast"] }, func(a *Asker, c *cards.Card) bool {
		return counterSpell.MatchString(a.text(c))
	}, []ruleRef{{"601.2i", "becomes cast"}}},
	// A copy of a spell isn't cast (707.10): a card that copies spells
	// and another whose ability triggers on casting (storm's "When you
	// cast this spell" included).
	{"copy-not-cast", func(a *Asker, c *cards.Card) bool { return copiesSpells.MatchString(a.text(c)) }, func(a *Asker, c *cards.Card) bool {
		return a.cardEvents(c)["cast"]
	}, []ruleRef{{"707.10", "copy of a spell isn’t cast"}}},
	// An object exiled "until" its exiler leaves comes back as a second
	// one-shot effect right after (610.3): such a card and one that
	// removes permanents.
	{"until-leaves", func(a *Asker, c *cards.Card) bool { return untilLeaves.MatchString(a.text(c)) }, func(a *Asker, c *cards.Card) bool {
		return removesPermanents.MatchString(a.text(c))
	}, []ruleRef{{"610.3", "“until” a specified event occurs"}}},
	// An effect that sets a land's subtype to a basic land type takes
	// the abilities of its rules text away (305.7): such a card and a
	// land with rules text.
	{"land-type", func(a *Asker, c *cards.Card) bool { return setsLandType(a.text(c)) }, landWithText,
		[]ruleRef{{"305.7", "loses all abilities generated from its rules text"}}},
	// A card that puts several permanents onto the battlefield at once
	// meets an enters trigger: each is checked against the one event
	// (603.6a).
	{"several-enter", func(a *Asker, c *cards.Card) bool { return severalOnto.MatchString(a.text(c)) }, func(a *Asker, c *cards.Card) bool {
		return a.cardEvents(c)["enters"]
	}, []ruleRef{{"603.6a", "one or more permanents onto the battlefield"}}},
}

var (
	regenerateWord    = regexp.MustCompile(`(?i)\bregenerate\b`)
	destroys          = regexp.MustCompile(`(?i)\bdestroy\b`)
	becomesCopy       = regexp.MustCompile(`(?i)\bbecomes? (a copy|copies)\b|\bas a copy of\b|\benter as a copy\b`)
	targetWord        = regexp.MustCompile(`(?i)\btargets?\b`)
	counterSpell      = regexp.MustCompile(`(?i)\bcounter target\b[^.]*\bspell\b`)
	copiesSpells      = regexp.MustCompile(`(?i)\bcopy (target|that|it|the)\b[^.]*\bspell\b|\bspell\b[^.]*\bcopy (that|it)\b`)
	untilLeaves       = regexp.MustCompile(`(?i)\buntil [^.]*\bleaves the battlefield\b`)
	removesPermanents = regexp.MustCompile(`(?i)\b(destroy|exile|sacrifice)\b|\breturn [^.]*\bto (its|their) owners?(’|')s? hands?\b`)
	landTypeSet       = regexp.MustCompile(`(?i)\b(lands?|it|that land|target land)\b[^.]*\b(is|are|becomes?)( a| an)? (basic )?(plains|islands?|swamps?|mountains?|forests?)\b[^.]*`)
	controlChange     = regexp.MustCompile(`(?i)\bgain control\b|\bexchange control\b|\byou control enchanted\b`)
	ownersZone        = regexp.MustCompile(`(?i)\b(to|into) (its|their) owners?(’|')s? (hand|library|graveyard|hands|libraries|graveyards)\b|\bthe owner of target\b`)
	severalOnto       = regexp.MustCompile(`(?i)\b(any number of|up to that many|all|each|those)\b[^.]*\bonto the battlefield\b`)
	manaValueWords    = regexp.MustCompile(`(?i)\bmana value\b|\bconverted mana cost\b`)
	losesAll          = regexp.MustCompile(`(?i)\blos(e|es) all abilities\b`)
	dealsDamage       = regexp.MustCompile(`(?i)\bdeals? [^.]*\bdamage\b`)
	// manaAbility is an activated ability that adds mana (605.1a: one
	// without a target).
	manaAbility = regexp.MustCompile(`(?m)^[^:"“\n]*:[^\n]*\bAdd\b[^\n]*$`)
	// activationAnswer is a card that reacts to an ability being
	// activated: a trigger on activating one, or copying or countering
	// an activated ability.
	activationAnswer = regexp.MustCompile(`(?i)\bactivates? an ability\b|\b(copy|counter) target (activated|activated or triggered) ability\b`)
	entersWith       = regexp.MustCompile(`(?i)\benters?( the battlefield)? with\b[^.]*\bcounters?\b`)
)

// setsLandType reports whether a text sets a land's subtype to a basic
// land type: "Nonbasic lands are Mountains", not "in addition to its
// other types" (which keeps its abilities).
func setsLandType(text string) bool {
	for _, m := range landTypeSet.FindAllString(text, -1) {
		if !strings.Contains(strings.ToLower(m), "in addition") {
			return true
		}
	}
	return false
}

// landWithText reports whether a card is a land whose rules text gives
// it abilities.
func landWithText(a *Asker, c *cards.Card) bool {
	return slices.Contains(c.Types, "Land") && strings.TrimSpace(a.text(c)) != ""
}

// changesTypes reports whether a card's text holds a type-changing
// effect (the effect table's "type" and "not-creature" kinds).
func changesTypes(a *Asker, c *cards.Card) bool {
	text := a.text(c)
	lower := strings.ToLower(text)
	for _, k := range effectKinds {
		if (k.name == "type" || k.name == "not-creature") && k.template.match(text, lower) {
			return true
		}
	}
	return false
}

func hasProtection(a *Asker, c *cards.Card) bool {
	return slices.Contains(c.Keywords, "Protection") || strings.Contains(strings.ToLower(a.text(c)), "protection from")
}

func reactsToActivation(a *Asker, c *cards.Card) bool {
	return activationAnswer.MatchString(a.text(c))
}

// entersWithCounters reports whether a card enters with counters: its
// text says so (614.1c), or a keyword of it does by the CR's definition
// ("Modular N" means "This permanent enters with N +1/+1 counters").
func (a *Asker) entersWithCounters(c *cards.Card) bool {
	if entersWith.MatchString(a.text(c)) {
		return true
	}
	for _, kw := range c.Keywords {
		id := a.keyword[fold.Key(kw)]
		if r, ok := a.kb.CR.Rule(id); ok && len(r.Children) > 0 {
			if first, ok := a.kb.CR.Rule(r.Children[0]); ok && entersWith.MatchString(first.Text) {
				return true
			}
		}
	}
	return false
}

// namesTypeOf reports whether a card's trigger conditions name one of the
// card types of another.
func (a *Asker) namesTypeOf(c, typed *cards.Card) bool {
	for _, cond := range engine.TriggerConditions(a.text(c)) {
		words := wordsOf(strings.ToLower(cond))
		for _, t := range typed.Types {
			if slices.Contains(words, strings.ToLower(t)) {
				return true
			}
		}
	}
	return false
}

// pairInteractions adds the rules of the interactions between two of the
// named cards.
func (a *Asker) pairInteractions(named []*cards.Card, add func(string, float64)) {
	for _, p := range pairRules {
		found := false
		for i, x := range named {
			if found || !p.first(a, x) {
				continue
			}
			for j, y := range named {
				if i == j {
					continue
				}
				if (p.second != nil && p.second(a, y)) || (p.second == nil && a.namesTypeOf(y, x)) {
					found = true
					break
				}
			}
		}
		if found {
			for _, r := range p.rules {
				add(r.id, pairWeight)
			}
		}
	}
}

// instanceRule reads, among a keyword's subrules, the one that says how
// several instances of it on one object work ("Multiple instances of
// flying on the same creature are redundant", "each triggers
// separately", a "total toxic value").
var instanceRule = regexp.MustCompile(`(?i)\bmultiple instances of\b|\btotal \w+ value\b`)

// grantClause is what a card gives another: the words after "has",
// "have" or "gains" up to the end of the sentence.
var grantClause = regexp.MustCompile(`(?i)\b(has|have|gains?)\b[^.\n]*`)

// cardKeywordRules returns the rules of the keyword abilities (702) a
// card has, and those it gives another object (granted).
func (a *Asker) cardKeywordRules(c *cards.Card) (has, granted map[string]bool) {
	has, granted = map[string]bool{}, map[string]bool{}
	for _, clause := range grantClause.FindAllString(a.text(c), -1) {
		for _, id := range a.keywordsIn(clause) {
			if strings.HasPrefix(id, "702.") {
				granted[id] = true
			}
		}
	}
	for _, kw := range c.Keywords {
		if id := a.keyword[fold.Key(kw)]; strings.HasPrefix(id, "702.") && !granted[id] {
			has[id] = true
		}
	}
	return has, granted
}

// multipleInstances adds, for a keyword one named card gives and another
// has or gives too (an Equipment that gives toxic to a creature with
// toxic), the keyword's subrule on multiple instances of it on one
// object. Two cards that each have a keyword are two objects with one
// instance each: no such rule applies.
func (a *Asker) multipleInstances(named []*cards.Card, copies map[*cards.Card]int, add func(string, float64)) {
	total := 0
	for _, c := range named {
		total += max(copies[c], 1)
	}
	if total < 2 {
		return
	}
	count, given := map[string]int{}, map[string]bool{}
	for _, c := range named {
		has, granted := a.cardKeywordRules(c)
		for id := range has {
			count[id]++
		}
		// Each copy of a card that gives a keyword gives it again.
		for id := range granted {
			count[id] += max(copies[c], 1)
			given[id] = true
		}
	}
	for id, n := range count {
		if n < 2 || !given[id] {
			continue
		}
		r, ok := a.kb.CR.Rule(id)
		if !ok {
			continue
		}
		for _, sub := range r.Children {
			if s, ok := a.kb.CR.Rule(sub); ok && instanceRule.MatchString(s.Text) {
				add(sub, pairWeight)
			}
		}
	}
}

// replacedEvents are kinds of event a replacement effect replaces ("If
// ~ would be put into a graveyard from anywhere, … instead"), read in the
// words after "would", and the words a question tells that event with.
// A question that tells the event a named card replaces turns on the
// event never happening (614.6).
var replacedEvents = []struct {
	would, told *regexp.Regexp
}{
	{regexp.MustCompile(`(?i)^be put into [^.,]*graveyard|^die\b`),
		regexp.MustCompile(`(?i)\b(discard\w*|mill\w*|destroy\w*|dies|died|die|sacrific\w*|kill\w*)\b|\b(go|goes|went|put|sent) (in)?to (the|my|a|your|his|her|their) graveyard\b`)},
	{regexp.MustCompile(`(?i)^draw\b`), regexp.MustCompile(`(?i)\bdraw\w*\b`)},
	{regexp.MustCompile(`(?i)^(be )?deal\w* [^.,]*damage|^be dealt [^.,]*damage`), regexp.MustCompile(`(?i)\bdamage\b`)},
	{regexp.MustCompile(`(?i)^enter\b`), regexp.MustCompile(`(?i)\b(enters?|entered|entering)\b|\bonto the battlefield\b`)},
	{regexp.MustCompile(`(?i)^gain life\b`), regexp.MustCompile(`(?i)\bgain\w* life\b|\blifelink\b`)},
	{regexp.MustCompile(`(?i)^lose life\b`), regexp.MustCompile(`(?i)\blos\w* life\b`)},
	{regexp.MustCompile(`(?i)^(put|have) [^.,]*counters?\b`), regexp.MustCompile(`(?i)\bcounters?\b`)},
	{regexp.MustCompile(`(?i)^create [^.,]*tokens?\b`), regexp.MustCompile(`(?i)\btokens?\b`)},
}

// replacementSentence is a sentence of a replacement effect: what it
// would replace, then "instead".
var replacementSentence = regexp.MustCompile(`(?i)\bwould ([^.]*)\binstead\b`)

// replacedEventTold adds 614.6 when the question tells an event one
// named card's replacement effect replaces. When two named cards' effects
// replace the event, which applies first (616.1) decides instead.
func (a *Asker) replacedEventTold(named []*cards.Card, text string, add func(string, float64)) {
	replacing := 0
	for _, c := range named {
		told := false
		// The event is told by the question, or done by another named
		// card ("Put target creature card … onto the battlefield").
		others := text
		for _, o := range named {
			if o != c {
				others += "\n" + a.text(o)
			}
		}
		for _, m := range replacementSentence.FindAllStringSubmatch(a.text(c), -1) {
			for _, e := range replacedEvents {
				if e.would.MatchString(m[1]) && e.told.MatchString(others) {
					told = true
				}
			}
		}
		if told {
			replacing++
		}
	}
	if replacing == 1 {
		add("614.6", pairWeight)
	}
}

// cardQuestion is a rule that decides when a named card has a feature
// and the question tells what that feature is about in its own words.
type cardQuestion struct {
	name  string
	card  func(a *Asker, c *cards.Card) bool
	told  *regexp.Regexp
	rules []ruleRef
}

var cardQuestions = []cardQuestion{
	// A card whose ability targets, and a question that tells of
	// protection: 702.16b.
	{"protection-told", func(a *Asker, c *cards.Card) bool { return targetWord.MatchString(a.text(c)) },
		regexp.MustCompile(`(?i)\bprotection from\b|\bpro[- ](white|blue|black|red|green|creatures?|artifacts?)\b`),
		[]ruleRef{{"702.16b", "can’t be targeted"}}},
	// A card that makes a permanent a copy, and a question about a
	// face-down permanent: it keeps its face-down characteristics
	// (708.10).
	{"face-down-copy", func(a *Asker, c *cards.Card) bool { return becomesCopy.MatchString(a.text(c)) },
		regexp.MustCompile(`(?i)\bface[- ]down\b|\bmorph\w*\b|\bmanifest\w*\b|\bdisguise\w*\b`),
		[]ruleRef{{"708.10", "face-down permanent becomes a copy"}}},
	// A card that answers activated abilities, and a question about the
	// mana an activation makes: a mana ability doesn't use the stack
	// (605.3b).
	{"activation-mana", reactsToActivation,
		regexp.MustCompile(`(?i)\bactivat\w*\b[^.?!]*\bmana\b|\bmana\b[^.?!]*\bactivat\w*\b|\bmana abilit(y|ies)\b`),
		[]ruleRef{{"605.3b", "doesn’t go on the stack"}}},
	// An "at the beginning of" trigger, and a question about casting or
	// playing during a step or phase: it triggers only as the step or
	// phase begins (603.2b).
	{"beginning-step", func(a *Asker, c *cards.Card) bool { return a.cardEvents(c)["beginning"] },
		regexp.MustCompile(`(?i)\b(cast|casts|play|plays|flash|enters?)\b[^.?!]*\b(during|in) (my|your|his|her|their|the|an opponent(’|')s) [^.?!]*\b(upkeep|draw step|main phase|combat|end step)\b`),
		[]ruleRef{{"603.2b", "at the beginning of"}}},
	// A static ability about permanents "you control", and a question
	// about a card in a hand, graveyard or library: such an ability
	// describes permanents on the battlefield (109.2) and works from
	// there only (113.6).
	{"static-battlefield", func(a *Asker, c *cards.Card) bool { return youControlStatic.MatchString(a.text(c)) },
		regexp.MustCompile(`(?i)\b(in|from) (my|your|his|her|their|an opponent(’|')s|the) (hand|graveyard|library)\b`),
		[]ruleRef{{"109.2", "on the battlefield"}, {"113.6", "only while that object is on the battlefield"}}},
}

// youControlStatic is a static ability about permanents a player
// controls: a line that is neither triggered nor activated.
var youControlStatic = regexp.MustCompile(`(?im)^(?:[^:\n]*?)\b(creatures?|artifacts?|enchantments?|lands?|permanents?|planeswalkers?|spells) you control\b[^:\n]*$`)

// cardQuestionRules adds the rules of the named cards' features the
// question tells about.
func (a *Asker) cardQuestionRules(named []*cards.Card, text string, add func(string, float64)) {
	for _, q := range cardQuestions {
		// The cards first: their features are read once, the question's
		// words each time.
		if !slices.ContainsFunc(named, func(c *cards.Card) bool { return q.card(a, c) }) || !q.told.MatchString(text) {
			continue
		}
		for _, r := range q.rules {
			add(r.id, pairWeight)
		}
	}
}

// costChange is an effect that makes spells cost more or less.
var costChange = regexp.MustCompile(`(?i)\bcosts? (\{[^}]+\})+ (less|more)\b|\bcosts? [^.]*\b(less|more) to (cast|activate)\b`)

// severalCopies adds the rules that decide when the question has two or
// more copies of one card: two legendary permanents of one name meet the
// legend rule (704.5j), two cost changes add up in the total cost
// (601.2f).
func (a *Asker) severalCopies(c *cards.Card, add func(string, float64)) {
	if slices.Contains(c.Supertypes, "Legendary") || strings.Contains(c.TypeLine, "Legendary") {
		add(legendCopies.id, pairWeight)
	}
	if costChange.MatchString(a.text(c)) {
		add(costCopies.id, pairWeight)
	}
}

// The rules severalCopies adds, with words of their own text.
var (
	legendCopies = ruleRef{"704.5j", "legendary permanents with the same name"}
	costCopies   = ruleRef{"601.2f", "minus all cost reductions"}
)
