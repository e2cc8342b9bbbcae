package ask

import "strings"

// questionCue is a phrase of the question itself that points at the
// principle deciding it, and the rules that state that principle (each
// with words from its own text, checked against the CR by the tests, as
// the effect table's are).
type questionCue struct {
	name   string
	phrase *pattern
	rules  []ruleRef
}

var questionCues = []questionCue{
	{"size", mustPattern(`(?i)\bhow (big|large)\b|\bpower\b|\btoughness\b|\b\d+/\d+\b|\bp/t\b`),
		[]ruleRef{{"613.4", "layer 7"}, {"613.4b", "base power"}, {"613.4c", "modify power"}}},
	{"response", mustPattern(`(?i)\bin response\b|\brespond(s|ed|ing)?\b`), []ruleRef{{"117.7", "in response to"}}},
	{"simultaneous", mustPattern(`(?i)\bat the same time\b|\bsimultaneous(ly)?\b|\bwhich order\b|\bwhat order\b`),
		[]ruleRef{{"603.3b", "two-part process"}, {"101.4", "at the same time"}}},
	{"chooses", mustPattern(`(?i)\bwho (chooses|decides|picks)\b`), []ruleRef{{"101.4", "choices"}}},
	{"cant", mustPattern(`(?i)\bcan(’|')t\b.*\bcan\b|\bcan\b.*\bcan(’|')t\b`), []ruleRef{{"101.2", "can’t"}}},
	{"still", mustPattern(`(?i)\bstill\b.*\b(resolve|happen|work|get|trigger)|\bfizzle\b|\bno longer (a )?(legal|there)\b`),
		[]ruleRef{{"608.2b", "still legal"}}},
	{"new-object", mustPattern(`(?i)\b(comes?|came) back\b|\breturns?\b.*\b(battlefield|hand)\b|\bremember\b`),
		[]ruleRef{{"400.7", "new object"}}},
	{"look-back", mustPattern(`(?i)\b(dies|died|leaves?|left|killed|destroyed|sacrificed)\b.*\b(trigger|see|know|counter)`),
		[]ruleRef{{"603.10a", "look back in time"}}},
	{"locked-in", mustPattern(`(?i)\b(change|update|recalculate)[sd]?\b|\blocked in\b`),
		[]ruleRef{{"611.3a", "locked in"}, {"608.2h", "determined only once"}}},
	{"replacement-order", mustPattern(`(?i)\b(two|both|multiple) (replacement|prevention) effects?\b|\bwhich (replacement|effect) applies\b`),
		[]ruleRef{{"616.1", "replacement"}}},
	{"summoning-sickness", mustPattern(`(?i)\bsummoning sick(ness)?\b|\b(attack|tap) (it )?(the|this) (same )?turn\b|\bcan (it|they|\w+) (still )?attack\b`),
		[]ruleRef{{"302.6", "continuously since"}, {"508.1a", "continuously since"}}},
	{"state-based", mustPattern(`(?i)\b(0|zero) toughness\b|\bdies? immediately\b|\bstate[- ]based\b`),
		[]ruleRef{{"704.3", "state-based actions"}}},
	{"trigger-count", mustPattern(`(?i)\btrigger(s|ed)? (once|twice|two times|three times|multiple times|several times|again|for each)\b|\b(once|twice) or (twice|more|once)\b`),
		[]ruleRef{{"603.2c", "trigger repeatedly"}, {"603.2", "automatically triggers"}}},
	{"replacement-order-2", mustPattern(`(?i)\border\b[^.?!]*\breplacement effects?\b|\breplacement effects?\b[^.?!]*\b(order|first)\b`),
		[]ruleRef{{"616.1", "chooses one to apply"}}},
	{"owner", mustPattern(`(?i)\bwho owns\b|\bowner(’|')?s?\b|\bwhose (hand|graveyard|library)\b|\b(stole|stolen|steal\w*)\b.*\b(hand|graveyard|library|command zone)\b`),
		[]ruleRef{{"400.3", "its owner’s corresponding zone"}, {"108.3", "owner of a card"}}},
	{"first-turn", mustPattern(`(?i)\b(goes|go|going|plays|play|playing|is) first\b|\bfirst turn\b`),
		[]ruleRef{{"103.8a", "skips the draw step"}}},
	{"cant-pay", mustPattern(`(?i)\bcan(’|')?t pay\b|\b(unable|not able) to pay\b|\bcannot pay\b`),
		[]ruleRef{{"118.3", "can’t pay a cost"}}},
	{"extra-phase", mustPattern(`(?i)\b(extra|additional) (combat|beginning|main|ending|precombat|postcombat)\b`),
		[]ruleRef{{"500.8", "add phases"}}},
	{"controller", mustPattern(`(?i)\bwho controls\b|\bwho (is|becomes) (the |its )?controller\b|\bunder (whose|my|their|his|her|your) control\b`),
		[]ruleRef{{"110.2", "controller is"}, {"108.4", "controller"}}},
	{"mana-ability", mustPattern(`(?i)\b(is|isn(’|')t|are|aren(’|')t|counts? as|considered)\b[^.?!]*\bmana abilit(y|ies)\b`),
		[]ruleRef{{"605.1a", "is a mana ability if"}}},
	{"dies-defined", mustPattern(`(?i)\b(define|definition|mean|means|meaning|counts? as)\b[^.?!]*\b(die|dies|death|dying)\b|\b(die|dies|death|dying)\b[^.?!]*\b(mean|means|counts? as)\b`),
		[]ruleRef{{"700.4", "dies"}}},
	{"source-removed", mustPattern(`(?i)\b(return|bounce|sacrific\w*|destroy|exile|kill|remove)\w*\b[^.?!]*\b(before|in response to)\b[^.?!]*\b(trigger\w*|abilit(y|ies)|resolv\w*|have to)\b`),
		[]ruleRef{{"113.7a", "independently of its source"}}},
	{"optional", mustPattern(`(?i)\b(optional|do i have to|must i|can i choose not to|is it a may)\b`),
		[]ruleRef{{"603.5", "optional"}}},
}

// storyCue is the weight of a cue read only in the set-up around the
// asking sentences: "a 3/3 Angel token" in a story describes, "how big is
// it?" asks.
const storyCue = 0.5

// cues maps each rule the question's own phrasing points at to a weight:
// full in the sentences that ask, less in the story around them.
func cues(text string) map[string]float64 {
	out := map[string]float64{}
	ask := asking(text)
	lower, askLower := strings.ToLower(text), strings.ToLower(ask)
	for _, c := range questionCues {
		w := 0.0
		switch {
		case c.phrase.match(ask, askLower):
			w = 1
		case c.phrase.match(text, lower):
			w = storyCue
		}
		if w == 0 {
			continue
		}
		for _, r := range c.rules {
			out[r.id] = max(out[r.id], w)
		}
	}
	return out
}
