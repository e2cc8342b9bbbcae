package ask

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// effectKind is one kind of thing Oracle text does, recognised by its
// template, and the rules that govern it. Each rule is listed with words
// from its own text (says), which the package tests check against the CR,
// so the table cannot drift from the rules it names.
type effectKind struct {
	name     string
	template *pattern
	rules    []ruleRef
}

// typeKinds are what a card is, read from its type line (and layout), and
// the rules that govern such a permanent: the state-based actions that
// check it, its own kind of ability.
var typeKinds = []effectKind{
	{"planeswalker", mustPattern(`\bPlaneswalker\b`),
		[]ruleRef{{"606.3", "previously activated a loyalty ability"}, {"704.5i", "loyalty 0"}}},
	{"legendary", mustPattern(`\bLegendary\b`), []ruleRef{{"704.5j", "legend rule"}}},
	{"aura", mustPattern(`\bAura\b`), []ruleRef{{"303.4", "Aura"}, {"704.5m", "Aura"}}},
	{"saga", mustPattern(`\bSaga\b`), []ruleRef{{"714.4", "lore counters"}}},
	{"equipment", mustPattern(`\bEquipment\b`), []ruleRef{{"301.5", "Equipment"}}},
}

// survivalKinds are the state-based actions that put a permanent of a
// kind into the graveyard: when a question asks whether something survives
// or dies, those of the named cards' kinds point at the answer, and those
// of the kinds the question's own words name ("enchanted with", "the
// token"). A kind's rule with a "when" pattern is the one the question's
// words single out among its kind's ("damage": lethal damage, 704.5g;
// "toughness": toughness 0 or less, 704.5f).
var survivalKinds = []survivalKind{
	{"creature", mustPattern(`\bCreature\b`), nil, []survivalRule{
		{ruleRef{"704.5f", "toughness 0 or less"}, mustPattern(`(?i)\btoughness\b|-\d+/-\d+|\b0/0\b`), false},
		{ruleRef{"704.5g", "lethal damage"}, mustPattern(`(?i)\bdamage\b`), false}}},
	{"planeswalker", mustPattern(`\bPlaneswalker\b`), mustPattern(`(?i)\bplaneswalkers?\b|\bloyalty\b`),
		[]survivalRule{{ruleRef{"704.5i", "loyalty 0"}, mustPattern(`(?i)\bloyalty\b`), false}}},
	{"aura", mustPattern(`\bAura\b`), mustPattern(`(?i)\bauras?\b|\benchanted\b|\benchanting\b`),
		[]survivalRule{{ruleRef{"704.5m", "Aura"}, nil, false}}},
	// The legend rule decides only between two legendary permanents of
	// one name: a question that has a second one.
	{"legendary", mustPattern(`\bLegendary\b`), nil,
		[]survivalRule{{ruleRef{"704.5j", "legend rule"}, mustPattern(`(?i)\b(another|second|two|both|copy|copies|same name)\b|\blegend rule\b`), true}}},
	{"token", nil, mustPattern(`(?i)\btokens?\b`), []survivalRule{{ruleRef{"704.5d", "ceases to exist"}, nil, false}}},
}

// survivalKind is a kind of permanent, read from a named card's type line
// or from the question's words, and the state-based actions that put it
// into the graveyard.
type survivalKind struct {
	name          string
	typeLine      *pattern // a named card's type line (nil: never)
	questionWords *pattern // the question's own words (nil: never)
	rules         []survivalRule
}

type survivalRule struct {
	ruleRef
	// when, if not nil, is what a question says when this rule is the one
	// of its kind's that decides: then the kind's others weigh less, and
	// it weighs more than the general rule (704.3).
	when *pattern
	// only says the rule decides only when the question says when.
	only bool
}

// survivalSingled is the weight, relative to survivalWeight, of a kind's
// rule the question's words single out, and survivalOther of its others
// then.
const (
	survivalSingled = 1.1
	survivalOther   = 0.8
)

// survivalRules adds the state-based actions of one kind.
func (k survivalKind) add(text, lower string, add func(string, float64)) {
	singled := false
	for _, r := range k.rules {
		if r.when != nil && r.when.match(text, lower) {
			singled = true
		}
	}
	for _, r := range k.rules {
		w := survivalWeight
		switch {
		case r.when != nil && r.when.match(text, lower):
			w *= survivalSingled
		case singled:
			w *= survivalOther
		case r.only:
			continue
		}
		add(r.id, w)
	}
}

// survivalWeight is the weight of the state-based actions a survival
// question points at.
var survivalWeight = 2.0

// survivalAsked is a question whether something survives, dies or is
// destroyed: "survive" in any form, or dying asked (a clause that opens
// with "does", "will" … and ends in a question: "does it die?", "will
// both be destroyed?"; "what dies?", "… die?"), not told ("Solemn
// Simulacrum dies: do I draw?", "if my creature is destroyed, can I …?"
// ask what its dying does).
var survivalAsked = mustPattern(`(?im)\bsurviv\w*|(^|[.?!:;,(]\s*|\b(and|or|but|so|then)\s+)(do|does|did|will|would|should|could|can|is|are|was|were|won(’|')t|doesn(’|')t|don(’|')t|wouldn(’|')t)\b[^.?!:;]{0,60}\b(die|dies|kill(ed)?|destroyed|go to the graveyard)\b[^.!:;]*\?|\b(what|which|who|whose)\b[^.?!:;]{0,40}\b(dies|die|is killed|are killed|is destroyed|are destroyed|goes to the graveyard|go to the graveyard)\b|\b(die|dies|died|killed|destroyed|graveyard)\s*\?`)

// multiTypeRules govern a card of several card types (an artifact
// creature, Dryad Arbor): it is each of them for every effect.
var multiTypeRules = []ruleRef{{"205.2b", "more than one card type"}}

// transformRules govern a card that transforms.
var transformRules = []ruleRef{{"712.18", "doesn’t become a new object"}}

// splitRules govern a split card: on the stack only the half being cast
// exists, elsewhere it has both halves' characteristics.
var splitRules = []ruleRef{{"709.3b", "only the characteristics of the half being cast"}, {"709.4", "two halves combined"}}

type ruleRef struct {
	id, says string
}

var effectKinds = []effectKind{
	{"replacement", mustPattern(`(?i)\binstead\b|\bwould\b.*\b(enter|die|be put|deal|draw)`),
		[]ruleRef{{"614.1a", "instead"}, {"614.6", "never happens"}, {"616.1", "replacement"}}},
	{"prevention", mustPattern(`(?i)\bprevent\b`), []ruleRef{{"615.1", "prevent"}}},
	{"triggered", mustPattern(`(?im)^(when|whenever|at the beginning)\b`),
		[]ruleRef{{"603.2", "trigger"}, {"603.3b", "triggered"}}},
	{"leaves", mustPattern(`(?i)\b(dies|leaves the battlefield|is put into a graveyard from the battlefield)\b`),
		[]ruleRef{{"603.10a", "leaves-the-battlefield"}, {"603.6c", "Leaves-the-battlefield"}, {"700.4", "dies"}}},
	{"enters", mustPattern(`(?i)\b(enters|enters the battlefield)\b`),
		[]ruleRef{{"603.6a", "Enters-the-battlefield"}, {"614.12", "enters"}}},
	{"copy", mustPattern(`(?i)\bcop(y|ies)\b`), []ruleRef{{"707.2", "copy"}, {"613.1a", "copiable"}}},
	{"cant", mustPattern(`(?i)\bcan(’|')t\b`), []ruleRef{{"101.2", "can’t"}}},
	{"set-pt", mustPattern(`(?i)\bbase power and (base )?toughness\b|\bis (a|an) \d+/\d+\b|\bbecomes? (a|an) \d+/\d+`),
		[]ruleRef{{"613.4b", "base power"}}},
	{"modify-pt", mustPattern(`(?i)\bgets? [+-]\w+/[+-]\w+|[+-]1/[+-]1 counter`),
		[]ruleRef{{"613.4c", "modify power"}}},
	{"control", mustPattern(`(?i)\bgain control\b|\bexchange control\b`), []ruleRef{{"613.1b", "Control-changing"}}},
	{"type", mustPattern(`(?i)\b(is|are|becomes?) (a|an|all)? ?[\w ]*(creature|artifact|land|enchantment)s?\b.*\bin addition to\b|\bbecomes? (a|an) [\w ]*creature\b`),
		[]ruleRef{{"613.1d", "Type-changing"}, {"205.1a", "card type"}}},
	{"abilities", mustPattern(`(?i)\blos(e|es) all abilities\b|\b(has|have|gains?) (flying|trample|haste|first strike|deathtouch|lifelink|vigilance|indestructible)`),
		[]ruleRef{{"613.1f", "Ability-adding"}}},
	{"static", mustPattern(`(?i)\bas long as\b|\b(creatures|permanents) you control (get|have)\b`),
		[]ruleRef{{"611.3a", "locked in"}}},
	{"counter-spell", mustPattern(`(?i)\bcounter target\b`), []ruleRef{{"701.6a", "counter"}}},
	{"sacrifice", mustPattern(`(?i)\bsacrifices?\b`), []ruleRef{{"701.21a", "sacrifice"}}},
	{"destroy", mustPattern(`(?i)\bdestroy\b`), []ruleRef{{"701.8a", "destroy"}}},
	{"regenerate", mustPattern(`(?i)\bregenerate\b`), []ruleRef{{"701.19a", "regenerates"}}},
	{"no-regeneration", mustPattern(`(?i)\bcan(’|')t be regenerated\b`), []ruleRef{{"701.19c", "can’t be regenerated"}}},
	{"exile", mustPattern(`(?i)\bexile\b`), []ruleRef{{"701.13a", "exile"}}},
	{"attach", mustPattern(`(?i)\battach\b|\bEnchant\b|\bEquip\b`), []ruleRef{{"701.3a", "attach"}}},
	{"counting", mustPattern(`(?i)\bfor each\b|\bequal to the number\b`), []ruleRef{{"608.2h", "determined only once"}}},
	{"duration", mustPattern(`(?i)\buntil end of turn\b|\bfor as long as\b`), []ruleRef{{"611.2a", "lasts as long as"}, {"611.2b", "for as long as"}}},
	{"targets", mustPattern(`(?i)\btarget\b`), []ruleRef{{"608.2b", "targets"}}},
	{"intervening-if", mustPattern(`(?im)^(when|whenever|at)\b[^,.\n]*, if\b`),
		[]ruleRef{{"603.4", "checks whether the stated condition"}}},
	{"counters-put", mustPattern(`(?i)\bcounters? (is|are) put on\b|\bput one or more [^.]*counters on\b`),
		[]ruleRef{{"122.6", "counters being put on"}}},
	{"tokens", mustPattern(`(?i)\bcreates? [^.]*\btokens?\b`), []ruleRef{{"111.1", "tokens"}}},
	{"beginning-trigger", mustPattern(`(?im)^at the beginning of\b`),
		[]ruleRef{{"603.2b", "at the beginning of"}}},
	{"cast-trigger", mustPattern(`(?im)^(when|whenever|at the beginning of)\b[^.,\n]*\bcasts?\b`), []ruleRef{{"601.2", "To cast a spell"}}},
	{"extra-phase", mustPattern(`(?i)\b(additional|extra) (combat|beginning|main|ending|precombat|postcombat)\b`),
		[]ruleRef{{"500.8", "add phases"}}},
	{"extra-turn", mustPattern(`(?i)\bextra turns?\b`), []ruleRef{{"500.7", "extra turns"}}},
	{"mana-ability", mustPattern(`(?i)\bmana abilit(y|ies)\b`),
		[]ruleRef{{"605.1a", "mana ability"}, {"605.3b", "doesn’t go on the stack"}}},
	{"not-creature", mustPattern(`(?i)\bisn(’|')t a creature\b`), []ruleRef{{"613.1d", "Type-changing"}}},
}

// costAsked is a question about what something costs or its mana value,
// or about X: then what the named cards' mana costs say counts.
var costAsked = mustPattern(`\bX\b|(?i)\bmana value\b|\bhow much mana\b`)

// costWeight is the weight of the cost's rules beside what the card does.
var costWeight = 0.5

// costRules maps the rules that govern what a card's mana cost says to a
// weight.
func costRules(c *cards.Card) map[string]float64 {
	out := map[string]float64{}
	lower := strings.ToLower(c.ManaCost)
	for _, k := range costKinds {
		if k.template.match(c.ManaCost, lower) {
			for _, r := range k.rules {
				out[r.id] = 1
			}
		}
	}
	return out
}

// costKinds are what a card's mana cost says, and the rules that govern
// it: an {X} is chosen as the spell is cast and counts in its mana value
// only on the stack.
var costKinds = []effectKind{
	{"x-cost", mustPattern(`\{X\}`),
		[]ruleRef{{"107.3a", "value of X"}, {"202.3e", "{X} in its mana cost"}, {"601.2b", "{X} in its mana cost"}}},
}

// features maps each rule that governs what the named cards do to a
// weight: a keyword's own rule and its subrules, and the rules of each
// kind of effect their Oracle text holds,.
func (a *Asker) features(named []*cards.Card, text string) map[string]float64 {
	return a.featuresOf(named, nil, text)
}

// featuresOf is features with the number of copies of each named card the
// question tells of (copiesNamed): two copies of a card are two objects
// with the same abilities, which meet as two cards do.
func (a *Asker) featuresOf(named []*cards.Card, copies map[*cards.Card]int, text string) map[string]float64 {
	out := map[string]float64{}
	add := func(id string, w float64) {
		out[id] = max(out[id], w)
	}
	// Only a situation (cards named, or a story) asks it of something.
	situation := len(named) > 0 || len(wordsOf(text)) >= situationWords
	// A card text the question quotes ("Whenever a creature dies") says
	// what the card does, not that the question asks whether something
	// survives.
	told := withoutQuotes(text)
	survival := situation && survivalAsked.match(told, strings.ToLower(told))
	lower := strings.ToLower(text)
	if survival {
		add("704.3", survivalWeight)
		for _, k := range survivalKinds {
			if k.questionWords != nil && k.questionWords.match(text, lower) {
				k.add(text, lower, add)
			}
		}
	}
	// Triggered keyword abilities the question names (the CR says so of
	// each: "Persist is a triggered ability") count as triggered abilities.
	triggered := map[string]bool{}
	for _, id := range a.keywordsIn(text) {
		if a.triggeredKeyword[id] {
			triggered[id] = true
		}
	}
	// A keyword a situation names governs what it asks, as a named card's
	// keyword does (a plain question about a keyword is left to the
	// search, which finds its heading).
	if situation {
		for _, id := range a.statedKeywords(text) {
			a.addKeyword(id, add)
		}
	}
	cost := costAsked.match(text, strings.ToLower(text))
	// sources counts, for each interaction, the named cards with an effect
	// of its kinds: one card that both replaces and prevents ("If damage
	// would be dealt to it, prevent that damage") is one effect, not two
	// that meet.
	sources := make([]int, len(interactions))
	// triggering holds the named cards with triggered abilities.
	var triggering []*cards.Card
	for _, c := range named {
		rules, own := a.namedCardRules(c)
		for id, w := range rules {
			add(id, w*(1+rarityShare*a.rarity(id)))
		}
		for i, p := range interactions {
			for _, k := range p.kinds {
				if own[k] > 0 {
					sources[i]++
					break
				}
			}
		}
		if own["triggered"] > 0 {
			triggering = append(triggering, c)
		}
		if copies[c] >= 2 {
			a.severalCopies(c, add)
		}
		if cost {
			for id, w := range costRules(c) {
				add(id, costWeight*w)
			}
		}
		if survival {
			for _, k := range survivalKinds {
				if k.typeLine != nil && k.typeLine.match(c.TypeLine, strings.ToLower(c.TypeLine)) {
					k.add(text, lower, add)
				}
			}
		}
	}
	a.pairInteractions(named, add)
	a.multipleInstances(named, copies, add)
	a.replacedEventTold(named, text, add)
	a.cardQuestionRules(named, text, add)
	// Two named cards that each replace or each trigger on events meet in
	// the rule that orders them; so do two triggered keywords the question
	// names.
	for i, p := range interactions {
		n := sources[i]
		if slices.Contains(p.kinds, "triggered") {
			// 603.3b orders abilities that have triggered since a
			// player last received priority: the named cards' must be
			// able to trigger on one event or wait together, unless the
			// question asks the order itself. Otherwise what happens on
			// each event decides, and 603.3b keeps only its weight as
			// one card's rule.
			if n >= 2 && !a.triggerTogether(triggering) && !orderAsked.match(text, lower) {
				n = 0
			}
			if len(triggered) >= 2 {
				n += len(triggered)
			}
		}
		if n >= 2 {
			for _, r := range p.rules {
				add(r.id, interactionWeight)
			}
		}
	}
	return out
}

// cardRules maps each rule that governs what one card does to a weight:
// its keywords' rules, the rules of its type line's kinds and of each kind
// of effect its Oracle text holds. kinds, when not nil, counts the kinds
// of effect found.
func (a *Asker) cardRules(c *cards.Card, kinds map[string]int) map[string]float64 {
	out := map[string]float64{}
	add := func(id string, w float64) {
		out[id] = max(out[id], w)
	}
	for _, kw := range c.Keywords {
		id, ok := a.keyword[fold.Key(kw)]
		if !ok {
			continue
		}
		a.addKeyword(id, add)
	}
	// Reminder text restates keywords; it is not what the card does.
	text := oracleText(c)
	lower := strings.ToLower(text)
	typeLower := strings.ToLower(c.TypeLine)
	for _, k := range typeKinds {
		if k.template.match(c.TypeLine, typeLower) {
			for _, r := range k.rules {
				add(r.id, 1)
			}
		}
	}
	if c.Layout == "transform" {
		for _, r := range transformRules {
			add(r.id, 1)
		}
	}
	if c.Layout == "split" {
		for _, r := range splitRules {
			add(r.id, 1)
		}
	}
	if len(c.Types) > 1 {
		for _, r := range multiTypeRules {
			add(r.id, 1)
		}
	}

	for _, k := range effectKinds {
		if k.template.match(text, lower) {
			if kinds != nil {
				kinds[k.name]++
			}
			for _, r := range k.rules {
				add(r.id, 1)
			}
		}
	}
	return out
}

// cardRuleSet is what cardRules reads of one card: the rules and the
// count of each kind of effect. Neither map changes once made.
type cardRuleSet struct {
	rules map[string]float64
	kinds map[string]int
}

// maxNamedRules bounds the named cards whose cardRuleSet is kept.
const maxNamedRules = 1 << 14

// namedCardRules is cardRules of a card a question names, with the kinds
// of effect it counts, read once per card (the same cards are named
// question after question). The maps returned are shared: not to be
// changed.
func (a *Asker) namedCardRules(c *cards.Card) (map[string]float64, map[string]int) {
	if v, ok := a.namedRules.Load(c); ok {
		s := v.(*cardRuleSet)
		return s.rules, s.kinds
	}
	s := &cardRuleSet{kinds: map[string]int{}}
	s.rules = a.cardRules(c, s.kinds)
	if a.namedRulesN.Add(1) <= maxNamedRules {
		a.namedRules.Store(c, s)
	}
	return s.rules, s.kinds
}

// rarity is how few of the catalogue's cards point at a rule, from 0 for
// one every card points at (a triggered ability) to 1 for one at most one
// card in rareShare does (fight, counters being put on): between rules a named card
// points at equally, the rarer is more likely what a question about the
// card turns on.
func (a *Asker) rarity(id string) float64 {
	a.countOnce.Do(a.countRules)
	df := a.ruleDF[id]
	if df == 0 || a.ruleCards == 0 {
		return 1
	}
	r := math.Log(float64(a.ruleCards)/float64(df)) / math.Log(rareShare)
	return max(0, min(1, r))
}

const (
	// rarityShare is how much a rule's rarity adds to its weight: enough to
	// order rules a card points at equally, not to outweigh another kind
	// of evidence.
	rarityShare = 0.1
	// rareShare is the share of the cards (one in rareShare) from which a
	// rule is as rare as can be.
	rareShare = 2000.0
	// rarityCards is how many cards, spread evenly over the catalogue,
	// are read to count the rules: enough to tell a rule of one card in a
	// hundred from one of every third card, in a tenth of a second.
	rarityCards = 3000
)

// countRules counts, for each rule, the cards that point at it, out of
// rarityCards spread evenly over the catalogue.
func (a *Asker) countRules() {
	a.ruleDF = map[string]int{}
	if a.kb.Cards == nil {
		return
	}
	all := a.kb.Cards.Cards()
	step := max(1, len(all)/rarityCards)
	for i := 0; i < len(all); i += step {
		a.ruleCards++
		for id := range a.cardRules(all[i], nil) {
			a.ruleDF[id]++
		}
	}
}

// addKeyword adds a keyword's rule and its subrules.
func (a *Asker) addKeyword(id string, add func(string, float64)) {
	add(id, 1)
	if r, ok := a.kb.CR.Rule(id); ok {
		for _, sub := range r.Children {
			add(sub, 1)
		}
	}
}

// interaction is a rule that decides between the effects of several named
// cards of the same kinds: which replacement applies first (616.1), in
// which order triggered abilities go on the stack (603.3b).
type interaction struct {
	kinds []string
	rules []ruleRef
}

var interactions = []interaction{
	{[]string{"replacement", "prevention"}, []ruleRef{{"616.1", "two or more replacement"}}},
	{[]string{"triggered"}, []ruleRef{{"603.3b", "any order they choose"}}},
}

// interactionWeight is the weight of a rule deciding between named cards'
// effects, against 1 for a rule that governs one card's effect.
const interactionWeight = 2

// tournamentCue marks a question as a tournament call: the words of the
// IPG's and MTR's own situations (infractions, penalties, rules
// enforcement levels, calling a judge). Words the CR uses in a sense of
// its own are gameWordCue's.
var tournamentCue = mustPattern(`(?i)\b(judg(e|es|ed|ing)|head judge|floor judge|deck checks?|appeal(s|ed)?|spectators?|(P?PTQ|RCQ|GPT|SCG|Grand Prix|Pro Tour)s?|top ?8|swiss|backup|penalt(y|ies)|warning|match loss|disqualif\w*|infraction|decklists?|deck ?lists?|sideboard(ed|ing)?|REL|competitive|regular rel|professional rel|tournament|round|time (extension|limit)|slow play|stalling|outside assistance|missed trigger|(forg(et|ets|ot|otten)|miss(es|ed)?)\s+(to\s+\w+\s+)?(the|a|an|his|her|their|my|your)(\s+[\w’'-]+){0,4}?\s+trigger(s|ed ability)?|drew (an )?extra|extra cards?|looked at|marked cards?|(mash|pile|riffle|insufficient(ly)?) shuffl\w*|shuffl\w+ (his|her|their|my|your|the|an opponent(’|')s|opponent(’|')s) (deck|cards)|mulligan\w*|game play error|communication policy|cheat\w*|bribe\w*|unsporting|FNM|GRV|HCE|LEC|MPE)\b`)

// gameWordCue are words of the tournament documents that the CR uses in
// a sense of its own (gameWords cites the rules): a creature gets "back
// up" to its toughness, a step doesn't "back up", where the IPG backs up
// a game to undo an error. They make a call only in a story that also
// tells a player's error or an official (playerError, official).
var gameWordCue = mustPattern(`(?i)\bback up\b`)

// gameLoss is the IPG's penalty (a Game Loss), which the CR names once,
// of the game itself: Lich's Mirror "replaces that game loss" when a
// player would lose the game (704.7). Told beside the CR's own words for
// losing (gameLost), it is the game's, and makes a call only as
// gameWordCue's words do.
var (
	gameLoss = mustPattern(`(?i)\bgame loss(es)?\b`)
	gameLost = mustPattern(`(?i)\b(lose|loses|losing|lost) the game\b`)
)

// gameWords are the rules that use the words of gameWordCue and gameLoss
// in the game's sense.
var gameWords = []ruleRef{
	{"513.2", "back up"},
	{"704.7", "game loss"},
}

// playerError and official are what a call tells beside the game: a
// player's error, as the IPG's definitions tell it (accidentally, by
// mistake, forgot, should have), and an official called to the table.
// Either makes gameWordCue's words a call; both together make a call of a
// story told in no word of the documents ("he realised his mistake and
// called me over").
var (
	playerError = mustPattern(`(?i)\b(accident(al|ally)?|by mistake|mistak(e|es|en|enly)|errors?|forg(et|ets|etting|ot|otten)|unintentional(ly)?|should have|supposed to|reali[sz](e|es|ed|ing)|notic(e|es|ed|ing)|too many|wrong(ly)?)\b`)
	official    = mustPattern(`(?i)\bcall(s|ed|ing)? (me|us|a judge|the judge)? ?over\b|\bcalled (me|us|a judge|the judge)\b|\b(tournament )?organi[sz]er\b|\bscorekeeper\b`)
)

// castName is a capitalised name a spell is cast or a card played by
// ("Alex casts Bribery"): a card (CR 601.2, 305.1), whatever else its
// name may be a word of.
var castName = regexp.MustCompile(`\b(?:cast|casts|casting|plays|played)((?:\s+[A-Z][\p{L}’'-]*)+)`)

// isTournamentCall says whether the question is a call at a tournament
// rather than a game-rules question.
func isTournamentCall(q string) bool {
	q = castNamesOut(q)
	lower := strings.ToLower(q)
	if layerWord.match(q, lower) {
		return false
	}
	if tournamentCue.match(q, lower) {
		return true
	}
	gameWord := gameWordCue.match(q, lower) || gameLoss.match(q, lower) && gameLost.match(q, lower)
	erred, called := playerError.match(q, lower), official.match(q, lower)
	if erred && called {
		return true
	}
	if gameWord {
		return erred || called
	}
	return gameLoss.match(q, lower)
}

// castNamesOut blanks the names a text casts or plays.
func castNamesOut(q string) string {
	ms := castName.FindAllStringSubmatchIndex(q, -1)
	if ms == nil {
		return q
	}
	b := []byte(q)
	for _, m := range ms {
		for i := m[2]; i < m[3]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// layerWord is the word "layer" itself ("players" holds its letters).
var layerWord = mustPattern(`(?i)\blayers?\b`)

// keywordsIn returns the rules of the keywords a text names, each once.
func (a *Asker) keywordsIn(text string) []string {
	words := strings.Fields(fold.Key(text))
	var out []string
	seen := map[string]bool{}
	for i := range words {
		for n := 1; n <= 3 && i+n <= len(words); n++ {
			if id, ok := a.keyword[strings.Join(words[i:i+n], " ")]; ok && !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// statedKeywords returns the rules of the keyword abilities (702) a text
// states as abilities, each once: a keyword written among other
// capitalised words is a word of a name ("Thryx, the Sudden Storm",
// "Flying Men"), not the ability.
func (a *Asker) statedKeywords(text string) []string {
	words := wordSpans(text)
	capital := func(i int) bool {
		if i < 0 || i >= len(words) {
			return false
		}
		r, _ := utf8.DecodeRuneInString(text[words[i][0]:])
		return unicode.IsUpper(r)
	}
	var out []string
	seen := map[string]bool{}
	for i := range words {
		for n := 3; n >= 1; n-- {
			if i+n > len(words) {
				continue
			}
			id, ok := a.keyword[fold.Key(text[words[i][0]:words[i+n-1][1]])]
			if !ok || !strings.HasPrefix(id, "702.") {
				continue
			}
			if capital(i) && (capital(i-1) && !sentenceStart(text, words[i-1][0]) || capital(i+n)) {
				break
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
			break
		}
	}
	return out
}

// sentenceStart reports whether the word at offset s begins a sentence.
func sentenceStart(text string, s int) bool {
	before := strings.TrimRight(text[:s], " \t\"“‘'(")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".!?:\n")
}
