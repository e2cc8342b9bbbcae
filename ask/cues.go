package ask

import (
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// questionCue is a phrase of the question itself that points at the
// principle deciding it, and the rules that state that principle (each
// with words from its own text, checked against the CR by the tests, as
// the effect table's are).
type questionCue struct {
	name   string
	phrase *pattern
	rules  []ruleRef
	// names says the phrase names the principle in the CR's own term
	// ("a mana ability", "as a commander", "count as dying"), rather than
	// hinting at it ("still", "change"): it weighs namedCue.
	names bool
}

var questionCues = []questionCue{
	{"size", cuePattern(`(?i)\bhow (big|large)\b|\bpower\b|\btoughness\b|\b\d+/\d+\b|\bp/t\b`, "how big", "how large", "power", "toughness", "/"),
		[]ruleRef{{"613.4", "layer 7"}, {"613.4b", "base power"}, {"613.4c", "modify power"}}, false},
	{"response", mustPattern(`(?i)\bin response\b|\brespond(s|ed|ing)?\b`), []ruleRef{{"117.7", "in response to"}}, false},
	{"simultaneous", mustPattern(`(?i)\bat the same time\b|\bsimultaneous(ly)?\b|\bwhich order\b|\bwhat order\b`),
		[]ruleRef{{"603.3b", "two-part process"}, {"101.4", "at the same time"}}, false},
	{"chooses", mustPattern(`(?i)\bwho (chooses|decides|picks)\b`), []ruleRef{{"101.4", "choices"}}, false},
	{"cant", cuePattern(`(?i)\bcan(’|')t\b.*\bcan\b|\bcan\b.*\bcan(’|')t\b`, "can’t", "can't"), []ruleRef{{"101.2", "can’t"}}, false},
	{"still", mustPattern(`(?i)\bstill\b.*\b(resolve|happen|work|get|trigger)|\bfizzle\b|\bno longer (a )?(legal|there)\b`),
		[]ruleRef{{"608.2b", "still legal"}}, false},
	{"new-object", mustPattern(`(?i)\b(comes?|came) back\b|\breturns?\b.*\b(battlefield|hand)\b|\bremember\b`),
		[]ruleRef{{"400.7", "new object"}}, false},
	{"look-back", cuePattern(`(?i)\b(dies|died|dying|leaves?|left|killed|destroyed|sacrificed)\b.*\b(trigger|see|know|counter)|\b(see|sees|saw)\b[^.?!]*\b(dies|died|dying)\b`, "dies", "died", "dying", "leave", "left", "killed", "destroyed", "sacrificed"),
		[]ruleRef{{"603.10a", "look back in time"}}, false},
	{"locked-in", mustPattern(`(?i)\b(change|update|recalculate)[sd]?\b|\blocked in\b`),
		[]ruleRef{{"611.3a", "locked in"}, {"608.2h", "determined only once"}}, false},
	{"replacement-order", mustPattern(`(?i)\b(two|both|multiple) (replacement|prevention) effects?\b|\bwhich (replacement|effect) applies\b`),
		[]ruleRef{{"616.1", "replacement"}}, false},
	{"summoning-sickness", mustPattern(`(?i)\bsummoning sick(ness)?\b|\b(attack|tap) (it )?(the|this) (same )?turn\b|\bcan (it|they|\w+) (still )?attack\b`),
		[]ruleRef{{"302.6", "continuously since"}, {"508.1a", "continuously since"}}, false},
	{"state-based", mustPattern(`(?i)\b(0|zero) toughness\b|\bdies? immediately\b|\bstate[- ]based\b`),
		[]ruleRef{{"704.3", "state-based actions"}}, false},
	{"trigger-count", mustPattern(`(?i)\btrigger(s|ed)? (once|twice|two times|three times|multiple times|several times|again|for each)\b|\b(once|twice) or (twice|more|once)\b`),
		[]ruleRef{{"603.2c", "trigger repeatedly"}, {"603.2", "automatically triggers"}}, false},
	{"replacement-order-2", mustPattern(`(?i)\border\b[^.?!]*\breplacement effects?\b|\breplacement effects?\b[^.?!]*\b(order|first)\b`),
		[]ruleRef{{"616.1", "chooses one to apply"}}, false},
	{"owner", cuePattern(`(?i)\bwho owns\b|\bowner(’|')?s?\b|\bwhose (hand|graveyard|library)\b|\b(stole|stolen|steal\w*)\b.*\b(hand|graveyard|library|command zone)\b`, "who owns", "owner", "whose ", "stole", "steal"),
		[]ruleRef{{"400.3", "its owner’s corresponding zone"}, {"108.3", "owner of a card"}}, false},
	{"first-turn", mustPattern(`(?i)\b(goes|go|going|plays|play|playing|is) first\b|\bfirst turn\b`),
		[]ruleRef{{"103.8a", "skips the draw step"}}, false},
	{"cant-pay", mustPattern(`(?i)\bcan(’|')?t pay\b|\b(unable|not able) to pay\b|\bcannot pay\b`),
		[]ruleRef{{"118.3", "can’t pay a cost"}}, false},
	{"extra-phase", mustPattern(`(?i)\b(extra|additional) (combat|beginning|main|ending|precombat|postcombat)\b`),
		[]ruleRef{{"500.8", "add phases"}}, false},
	{"controller", mustPattern(`(?i)\bwho controls\b|\bwho (is|becomes) (the |its )?controller\b|\bunder (whose|my|their|his|her|your) control\b`),
		[]ruleRef{{"110.2", "controller is"}, {"108.4", "controller"}}, false},
	{"optional", mustPattern(`(?i)\b(optional|do i have to|must i|can i choose not to|is it a may)\b`),
		[]ruleRef{{"603.5", "optional"}}, false},
	// "Does it go to my library or my opponent's?", "their commander in
	// my hand": a card goes to its owner's zone, whoever controlled it.
	{"whose-zone", cuePattern(`(?i)\b(my|your|his|her|their|(the |my |his |her )?opponent(’|')s) (library|hand|graveyard) or (mine|yours|his|hers|theirs|my|your|their|(the |my |his |her )?opponent(’|')s)\b|\b(keep|go|goes|went|put|return|end up)\b[^.?!]{0,20}\b(their|his|her|(the |my )?opponent(’|')s) (\w+ )?(card|creature|commander|permanent|spell)s? (in|into|to) (my )?(hand|library|graveyard)\b`, "library or", "hand or", "graveyard or", "in my hand", "in my library", "in my graveyard", "in hand", "in library", "in graveyard", "to my hand", "to my library", "to my graveyard", "to hand", "to library", "to graveyard"),
		[]ruleRef{{"400.3", "its owner’s corresponding zone"}, {"108.3", "owner of a card"}}, true},
	// "Is that a mana ability?": what makes one is 605.1a's list.
	{"mana-ability", mustPattern(`(?i)\b(considered|counts? as|counted as|treated as) (an? )?mana abilit(y|ies)\b|(^|[.?!\n]\s*)(is|are|isn(’|')t|aren(’|')t)\b[^.?!,]{0,60}\b(an? )?mana abilit(y|ies)\b`),
		[]ruleRef{{"605.1a", "mana ability if it meets all"}}, true},
	// "After first-strike damage, can I ... before normal damage?": the
	// second combat damage step, with priority in each.
	{"damage-steps", mustPattern(`(?i)\b(after|before|between)\b[^.?!]{0,40}\b(first[- ]strike|double[- ]strike|normal|regular|second) (combat )?damage\b`),
		[]ruleRef{{"510.4", "second combat damage step"}, {"510.3", "gets priority"}}, true},
	// "Can I use it as my commander?"
	{"commander", mustPattern(`(?i)\b(can|could|may)\b[^.?!]{0,40}\b(be|become|use\b[^.?!]{0,30}\bas) (a|my|your|their|his|her|the) commander\b|\bcommander\b[^.?!]{0,40}\b(legal|eligible|allowed)\b|\b(legal|eligible|allowed)\b[^.?!]{0,40}\bcommander\b`),
		[]ruleRef{{"903.3", "designated as its commander"}}, true},
	// "Does it still trigger if my spell is countered?": a cast trigger
	// triggered as the spell became cast, before it could be countered.
	{"countered-cast", mustPattern(`(?i)\b(go(es)? off|draw|still trigger\w*|trigger\w* (still|anyway))\b[^?]*\b(spell|it|\w+ment|creature|card|sorcery|instant|artifact)( (is|was|gets?|got|has been|had been)|'s|’s) counter(ed)?\b|\b(spell|it|\w+ment|creature|card|sorcery|instant|artifact)( (is|was|gets?|got|has been|had been)|'s|’s) counter(ed)?\b[^?]*\b(go(es)? off|draw|still trigger\w*|trigger\w* (still|anyway))\b`),
		[]ruleRef{{"601.2i", "trigger when a spell is cast"}}, true},
	// "Is it considered a triggered ability?": what kind of ability it is.
	{"triggered-kind", mustPattern(`(?i)\b(considered|counts? as|counted as|treated as) (an? )?triggered abilit(y|ies)\b|(^|[.?!\n]\s*)(is|are|isn(’|')t|aren(’|')t)\b[^.?!,]{0,60}\b(an? )?triggered abilit(y|ies)\b`),
		[]ruleRef{{"603.1", "trigger condition"}, {"113.3c", "triggered abilities"}}, true},
	{"activated-kind", mustPattern(`(?i)\b(considered|counts? as|counted as|treated as) (an? )?activated abilit(y|ies)\b|(^|[.?!\n]\s*)(is|are|isn(’|')t|aren(’|')t)\b[^.?!,]{0,60}\b(an? )?activated abilit(y|ies)\b`),
		[]ruleRef{{"602.1", "cost and an effect"}}, true},
	{"static-kind", mustPattern(`(?i)\b(considered|counts? as|counted as|treated as) (an? )?static abilit(y|ies)\b|(^|[.?!\n]\s*)(is|are|isn(’|')t|aren(’|')t)\b[^.?!,]{0,60}\b(an? )?static abilit(y|ies)\b`),
		[]ruleRef{{"604.1", "simply true"}}, true},
	// "Can I bounce it before its trigger resolves?": an ability on the
	// stack no longer needs its source.
	{"source-gone", cuePattern(`(?i)\b(bounc|destroy|kill|sacrific|exil|remov|return)\w*\b[^.?!]*\b(before|in response to)\b[^.?!]*\b(its (own )?(\w+ )?(trigger\w*|abilit(y|ies))|(i|you|they|he|she|we) (have|has) to)\b|\b(trigger|abilit(y|ies))\b[^.?!]*\bstill\b[^.?!]*\b(if|when|after|once)\b[^.?!]*\b(gone|dead|destroyed|removed|bounced|exiled|sacrificed|left|leaves|dies|died)\b|\bsource\b[^.?!]*\b(gone|left|leaves|dead|destroyed|no longer)\b`, "before", "in response to", "still", "source"),
		[]ruleRef{{"113.7a", "independently of its source"}}, true},
	// "Does being exiled count as dying?": what "dies" means.
	{"dies-meaning", cuePattern(`(?i)\b(counts?|counted|considered|means?|qualif(y|ies)|is that|is it|treated) (as )?(a )?(dying|dies|died|death)\b|\bwhat (does|do|is) ["“']?(dies?|dying|death)\b|\bdefine\b[^.?!]*\b(death|dies|dying)\b`, "die", "dying", "death"),
		[]ruleRef{{"700.4", "dies"}}, true},
	// "What does it mean to die?", "does sacrificing count as dying?".
	{"dies-defined", mustPattern(`(?i)\b(define|definition|mean|means|meaning|counts? as)\b[^.?!]*\b(die|dies|death|dying)\b|\b(die|dies|death|dying)\b[^.?!]*\b(mean|means|counts? as)\b`),
		[]ruleRef{{"700.4", "dies"}}, false},
	// A player who leaves a multiplayer game takes their cards along.
	{"leaves-game", mustPattern(`(?i)\b(leaves|left|leave|leaving) the game\b|\beliminated\b|\bmultiplayer\b.*\b(dies|died|loses|lost|is out|concede[sd]?)\b`),
		[]ruleRef{{"800.4a", "leaves the game"}}, true},
	// "Which 'would' applies first?": the affected player chooses.
	{"replacement-first", cuePattern(`(?i)\b(would|instead|replacement)\b[^?]*\bappl(y|ies|ied) (first|before)\b`, "apply first", "applies first", "applied first", "apply before", "applies before", "applied before"),
		[]ruleRef{{"616.1", "chooses one to apply"}}, true},
	// "If it is countered, do I get the mana back?": no refund.
	{"refund", cuePattern(`(?i)\brefund\w*\b|\b(get|gets|got|give) (\w+ )?(mana|life|costs?) back\b|\bcounter\w*\b[^?]*\bstill\b[^?]*\b(sacrificed|discarded|paid|lose|lost)\b`, "refund", " back", "still"),
		[]ruleRef{{"701.6b", "refund"}}, true},
	// "Does it trigger when it enters with +1/+1 counters?": entering
	// with counters is having counters put on it.
	{"enters-with-counters", mustPattern(`(?i)\b(enters?|entered|entering|comes? in|came in)\b[^.?!]{0,40}\bwith\b[^.?!]{0,30}\bcounters?\b[^?]*\b(trigger\w*|put)\b|\b(trigger\w*|put)\b[^?]*\b(enters?|entered|entering|comes? in|came in)\b[^.?!]{0,40}\bwith\b[^.?!]{0,30}\bcounters?\b`),
		[]ruleRef{{"122.6", "as it enters the battlefield"}}, true},
	// "If I turn it into a Swamp, does it lose its abilities?": a land
	// whose subtype is set to a basic land type.
	{"basic-land-type", mustPattern(`(?i)\b(into|becomes?|became|becoming|is now|are now) (a |an )?(plains|island|swamp|mountain|forest)s?\b`),
		[]ruleRef{{"305.7", "sets a land’s subtype to one or more of the basic land types"}}, true},
	// "Does the copy count as casting?": a copy of a spell isn't cast.
	{"copy-not-cast", cuePattern(`(?i)\bcop(y|ies)\b[^?]*\b(counts? as|considered|treated as|trigger\w*)\b[^?]*\bcast(ing)?\b|\b(is|are|was|were) (the |a |that |those )?cop(y|ies) (\w+ )?cast\b`, "copy", "copies"),
		[]ruleRef{{"707.10", "copy of a spell isn’t cast"}}, true},
	// "Can I respond to a mana ability?": it doesn't use the stack.
	{"mana-ability-stack", mustPattern(`(?i)\b(respond\w*|in response|stack|stifle|countered)\b[^?]*\bmana abilit(y|ies)\b|\bmana abilit(y|ies)\b[^?]*\b(respond\w*|in response|countered|stack)\b`),
		[]ruleRef{{"605.3b", "doesn’t go on the stack"}}, true},
	// "What if both players lose at the same time?": a draw.
	{"all-lose", cuePattern(`(?i)\b(both|all|every) (players? )?(would |will )?(lose|losing) (the game|at the same time|simultaneously)\b|\b(both|all) (players )?(would |will )?(lose|losing)\s*[?.!]|\bgame (is|ends in|be) a draw\b|\b(is|was) the game a draw\b|\bdrawn game\b|\bdraw the game\b`, "lose", "losing", "a draw", "drawn game", "draw the game"),
		[]ruleRef{{"104.4a", "the game is a draw"}}, true},
	// "What if I have to draw from an empty library?"
	{"empty-library", mustPattern(`(?i)\bempty library\b|\b(library|deck) is empty\b|\bno cards (left )?in (my|your|his|her|their|the) (library|deck)\b|\bdraw\w* from an empty\b|\b(run|runs|ran) out of cards\b`),
		[]ruleRef{{"704.5b", "library with no cards"}}, true},
	// "I'm at 0 life: do I lose right away?": a player with 0 or less
	// life loses the next time a player would receive priority.
	{"zero-life", mustPattern(`(?i)\b(0|zero|negative|-\d+) life\b|\blife (total )?(is|was|at|of|goes to|went to|drops? to|dropped to|reach(es|ed)?|hits?) (0|zero|negative|below (0|zero)|-\d+)\b|\b(0|zero|-\d+) or (less|fewer) life\b|\bbelow (0|zero) life\b`),
		[]ruleRef{{"104.3b", "life total is 0 or less"}, {"704.5a", "0 or less life"}}, true},
	// "How many cards can I keep in hand?": the maximum hand size.
	{"hand-size", mustPattern(`(?i)\b(maximum|max|no maximum|no max) hand size\b|\bhand size\b|\bdiscard down to\b`),
		[]ruleRef{{"402.2", "maximum hand size"}}, true},
	// "Can I keep the mana for my next phase?": it empties.
	{"mana-empties", mustPattern(`(?i)\bmana pools? (empt\w+|reset\w*)|\bempt\w+ (the |my |your |their )?mana pools?\b|\b(the|my|that|this|unused|extra) mana (\w+ ){0,3}(empt\w+|stay|stays|carry|carries|carried|float\w*|last|lasts)\b|\b(keep|save|float) (the |my |that |this )?mana\b|\bfloating mana\b`),
		[]ruleRef{{"106.4", "mana pool empties"}}, true},
	// "Does the damage wear off?": it is removed in the cleanup step.
	{"damage-wears-off", mustPattern(`(?i)\bdamage (\w+ ){0,3}(wear|wears|wore|go away|goes away|heal\w*|stay|stays|remains?|carr(y|ies) over|reset\w*)\b|\b(heal|heals|healed) (at|by) (the )?end\b`),
		[]ruleRef{{"514.2", "all damage marked on permanents"}}, true},
	// "If I cast it during my upkeep, does its 'at the beginning of
	// upkeep' ability trigger?": only as the step begins.
	{"beginning-passed", mustPattern(`(?i)\b(cast|play|played|enters?|entered|comes? in|came in|put)\b[^?]*\b(during|in) (my|the|your|his|her|their|this|our) (first |second |precombat |postcombat )?(upkeep|draw step|main phase|end step|beginning phase|end phase)\b[^?]*(\b(trigger\w*)\b[^?]*\b(immediately|right away|this turn|still)\b|\b(immediately|right away|this turn|still)\b[^?]*\btrigger\w*)`),
		[]ruleRef{{"603.2b", "at the beginning of"}}, true},
	// "Does shroud stop the other slivers' effects?": an effect that
	// doesn't target affects what it doesn't target.
	{"untargeted", mustPattern(`(?i)\b(shroud|hexproof|can(’|')t be (the )?target(ed|s)?)\b[^?]*\b(affect\w*|nullif\w*|stop\w*|apply|applies|still get|still work)\b|\b(affect\w*|nullif\w*|stop\w*|still get|still work)\b[^?]*\b(shroud|hexproof)\b`),
		[]ruleRef{{"115.10", "affect objects and players they don’t target"}}, true},
	// "If they all die at the same time, does it trigger?": a
	// leaves-the-battlefield trigger looks back in time.
	{"die-together", mustPattern(`(?i)\b(die|dies|died|dying|destroyed|leave|leaves|left|sacrificed)\b[^?]*\b(at the same time|simultaneously|together)\b[^?]*\b(trigger\w*|see|sees)\b|\b(trigger\w*|see|sees)\b[^?]*\b(die|dies|died|dying|destroyed|leave|leaves|left|sacrificed)\b[^?]*\b(at the same time|simultaneously|together)\b`),
		[]ruleRef{{"603.10a", "look back in time"}}, true},
	// "Is it an illegal target now?", "I give it hexproof in response":
	// the targets are checked as the spell resolves.
	{"illegal-target", mustPattern(`(?i)\billegal targets?\b|\b(no longer|not|isn(’|')t) (a )?legal target\b|\b(give|gives|gave|gain\w*|gets?|got|given) (\w+ ){0,2}(hexproof|protection|shroud)\b[^?]*\bin response\b|\bin response\b[^?]*\b(give|gives|gave|gain\w*|gets?|got|given) (\w+ ){0,2}(hexproof|protection|shroud)\b`),
		[]ruleRef{{"608.2b", "illegal targets"}}, true},
	// "Which one resolves first?": the last added.
	{"resolve-first", mustPattern(`(?i)\b(which|what) (one |spell |ability )?(resolves|will resolve|would resolve) first\b|\blast[- ]in,? first[- ]out\b|\bLIFO\b`),
		[]ruleRef{{"405.5", "top (last-added)"}}, true},
	// "Can I play two lands this turn?"
	{"land-drop", cuePattern(`(?i)\b(play|plays|played|playing) (two|2|an? (extra|additional)|another|additional|more than one|a second) lands?\b|\blands? (per|each|a) turn\b|\bland drops?\b|\b(extra|additional|second) land (drop|play)\b`, "two land", "2 land", "extra land", "additional land", "another land", "than one land", "second land", "land per", "lands per", "land each", "lands each", "land a turn", "lands a turn", "land drop"),
		[]ruleRef{{"305.2", "play one land"}}, true},
	// "When does 'until end of turn' end?": in the cleanup step.
	{"turn-effects-end", mustPattern(`(?i)\buntil end of turn\b[^?]*\b(wear\w* off|ends?|expire\w*|last\w*)\b|\b(wear\w* off|end|ends|expire\w*)\b[^?]*\buntil end of turn\b`),
		[]ruleRef{{"514.2", "“until end of turn” and “this turn” effects end"}}, true},
	// "Does the token go to the graveyard?": it does, then ceases to
	// exist.
	{"token-zone", mustPattern(`(?i)\b(the|a|that|this|my|your|his|her|their) tokens? (\w+ ){0,2}(go(es)?|went|hit\w*|is put|be put|put|reach\w*|end\w* up)( in| into| to)? (the |a |my |your |its owner(’|')s )?(graveyard|hand|exile|library)\b`),
		[]ruleRef{{"111.7", "ceases to exist"}}, true},
	// "Can they respond to my turning it face up?": special actions
	// don't use the stack.
	{"face-up-action", cuePattern(`(?i)\b(turn\w*|flip\w*|unmorph\w*) (\w+ ){0,2}face[- ]up\b[^?]*\b(respond\w*|in response|stack)\b|\b(respond\w*|in response|stack)\b[^?]*\b(turn\w*|flip\w*|unmorph\w*) (\w+ ){0,2}face[- ]up\b`, "face up", "face-up"),
		[]ruleRef{{"116.2b", "special action"}}, true},
	{"land-action", mustPattern(`(?i)\bplay(s|ed|ing)? (a |the |my |that )?land\b[^?]*\b(respond\w*|in response|stack)\b|\b(respond\w*|in response)\b[^?]*\bplay(s|ed|ing)? (a |the |my |that )?land\b`),
		[]ruleRef{{"116.2a", "special action"}}, true},
	// "Do I keep priority after casting it?"
	{"hold-priority", mustPattern(`(?i)\b(hold|holds|holding|held|keep|keeps|retain\w*) (the )?priority\b`),
		[]ruleRef{{"117.3c", "receives priority afterward"}}, true},
	// "Does it use last known information?"
	{"last-known", mustPattern(`(?i)\blast known information\b|\bLKI\b`),
		[]ruleRef{{"608.2h", "last known information"}}, true},
	// "Is the exiled creature back in time?": exile "until" returns it
	// immediately after the event.
	{"until-return", mustPattern(`(?i)\b(is|are|be|come|comes|came|get|gets|return\w*)\s+(\w+\s+){0,3}back in time\b|\bwhat happens to (the |my |his |her |their )?exiled (card|creature|permanent)s?\b`),
		[]ruleRef{{"610.3", "“until” a specified event"}}, true},
}

// cuePattern is a cue's pattern with the literals of which every match
// contains one (in lower case), when those read from its syntax are words
// most questions hold ("is", "hand"): the package tests check that it
// matches exactly where its expression does.
func cuePattern(expr string, needs ...string) *pattern {
	p := mustPattern(expr)
	p.needs = needs
	return p
}

// storyCue is the weight of a cue read only in the set-up around the
// asking sentences: "a 3/3 Angel token" in a story describes, "how big is
// it?" asks.
const storyCue = 0.5

// namedCue is the weight of a cue that names its principle in the CR's own
// term, read in the sentences that ask.
const namedCue = 2

// cues maps each rule the question's own phrasing points at to a weight:
// full in the sentences that ask, less in the story around them.
func cues(text string) map[string]float64 {
	out, _ := readCues(text)
	return out
}

// readCues is cues, with the rules of each principle the question asks in
// a question (its asking sentences end in a question mark), one group per
// principle, in the table's order.
func readCues(text string) (out map[string]float64, asked [][]ruleRef) {
	out = map[string]float64{}
	ask := asking(text)
	question := strings.HasSuffix(ask, "?")
	lower, askLower := strings.ToLower(text), strings.ToLower(ask)
	for _, c := range questionCues {
		// The asking sentences are part of the text: a phrase the whole
		// text lacks is not asked either, and most phrases are in neither.
		if !c.phrase.match(text, lower) {
			continue
		}
		w := storyCue
		inAsk := c.phrase.match(ask, askLower)
		switch {
		case inAsk && c.names:
			w = namedCue
		case inAsk:
			w = 1
		}
		if inAsk && question {
			asked = append(asked, c.rules)
		}
		for _, r := range c.rules {
			out[r.id] = max(out[r.id], w)
		}
	}
	return out, asked
}

// replacedResponse is what a question that asks to respond to a named
// card's effect points at when that effect is a replacement: nothing goes
// on the stack to respond to, the event is replaced as it would happen
// and never happens itself (614.1a, 614.6).
var replacedResponse = []ruleRef{{"614.1a", "instead"}, {"614.6", "never happens"}}

// responseCue is the cue a question asking to respond reads.
var responseCue = questionCues[slices.IndexFunc(questionCues, func(c questionCue) bool { return c.name == "response" })]

// cardCues maps the rules that the question's phrasing points at together
// with what the named cards do to a weight: asking to respond to a card
// whose abilities replace events but never trigger.
func cardCues(named []*cards.Card, text string) map[string]float64 {
	ask := asking(text)
	if len(named) == 0 || !responseCue.phrase.match(ask, strings.ToLower(ask)) {
		return nil
	}
	replacement, triggered := kindNamed("replacement"), kindNamed("triggered")
	for _, c := range named {
		t := oracleText(c)
		lower := strings.ToLower(t)
		if replacement.template.match(t, lower) && !triggered.template.match(t, lower) {
			out := map[string]float64{}
			for _, r := range replacedResponse {
				out[r.id] = namedCue
			}
			return out
		}
	}
	return nil
}

// kindNamed returns the effect kind of a name.
func kindNamed(name string) effectKind {
	return effectKinds[slices.IndexFunc(effectKinds, func(k effectKind) bool { return k.name == name })]
}
