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
	{"look-back", mustPattern(`(?i)\b(dies|died|leaves?|left)\b.*\b(trigger|see|know|counter)`),
		[]ruleRef{{"603.10a", "look back in time"}}},
	{"locked-in", mustPattern(`(?i)\b(change|update|recalculate)[sd]?\b|\blocked in\b`),
		[]ruleRef{{"611.3a", "locked in"}, {"608.2h", "determined only once"}}},
	{"replacement-order", mustPattern(`(?i)\b(two|both|multiple) (replacement|prevention) effects?\b|\bwhich (replacement|effect) applies\b`),
		[]ruleRef{{"616.1", "replacement"}}},
	{"summoning-sickness", mustPattern(`(?i)\bsummoning sick(ness)?\b|\b(attack|tap) (it )?(the|this) (same )?turn\b|\bcan (it|they|\w+) (still )?attack\b`),
		[]ruleRef{{"302.6", "continuously since"}, {"508.1a", "continuously since"}}},
	{"state-based", mustPattern(`(?i)\b(0|zero) toughness\b|\bdies? immediately\b|\bstate[- ]based\b`),
		[]ruleRef{{"704.3", "state-based actions"}}},
	{"optional", mustPattern(`(?i)\b(optional|do i have to|must i|can i choose not to|is it a may)\b`),
		[]ruleRef{{"603.5", "optional"}}},
}

// cues maps each rule the question's own phrasing points at to a weight.
func cues(text string) map[string]float64 {
	out := map[string]float64{}
	lower := strings.ToLower(text)
	for _, c := range questionCues {
		if c.phrase.match(text, lower) {
			for _, r := range c.rules {
				out[r.id] = 1
			}
		}
	}
	return out
}
