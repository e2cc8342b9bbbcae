package engine

import (
	"regexp"
	"strings"
)

// The classes of game events a triggered ability's trigger condition
// names (603.2: an ability triggers when a game event matches its trigger
// event). Abilities whose events are of one class trigger together when
// that event happens, and 603.3b then orders them. These classes are
// coarser than the trigger events the engine runs (parseTrigger): each of
// those reads as its class (TestTriggerKindsReadAsTheirClass), and the
// classes name events the engine doesn't run as well (drawing,
// discarding, casting, tapping).

// reTriggerCondition reads the trigger conditions of a text: what follows
// "When", "Whenever" or "At" up to the first comma, at the start of a
// line or of a quoted ability a card or a keyword's rule defines.
var reTriggerCondition = regexp.MustCompile(`(?m)(?:^|“|")((?:When|Whenever|At) [^,.]*),`)

// reOrWhenever: "At the beginning of your upkeep or whenever you cast a
// red spell" is two conditions.
var reOrWhenever = regexp.MustCompile(`\bor (when|whenever)\b`)

// triggerEventClasses are the classes and the words of a condition that
// name them.
var triggerEventClasses = []struct {
	class string
	re    *regexp.Regexp
}{
	{"beginning", regexp.MustCompile(`(?i)^at the beginning of\b`)},
	{"leaves", regexp.MustCompile(`(?i)\bdies\b|\bdie\b|\bleaves? the battlefield\b|\bgraveyard from the battlefield\b`)},
	// Put into a graveyard from anywhere else (a hand, a library, the
	// stack, "from anywhere"): another event than leaving the
	// battlefield.
	{"graveyard", regexp.MustCompile(`(?i)\bput into (a|an|your|their|its owner(’|')s|an opponent(’|')s) graveyard( from (anywhere|your hand|a library|your library))?\b`)},
	{"enters", regexp.MustCompile(`(?i)\benters?\b`)},
	{"cast", regexp.MustCompile(`(?i)\bcasts?\b`)},
	{"combat-damage", regexp.MustCompile(`(?i)\bcombat damage\b`)},
	{"combat", regexp.MustCompile(`(?i)\battacks?\b|\bblocks?\b|\bbecomes blocked\b`)},
	{"damage", regexp.MustCompile(`(?i)\bdeals? (noncombat )?damage\b|\bis dealt (noncombat )?damage\b`)},
	{"draw", regexp.MustCompile(`(?i)\bdraws?\b`)},
	{"discard", regexp.MustCompile(`(?i)\bdiscards?\b`)},
	{"counters", regexp.MustCompile(`(?i)\bcounters? (is|are) put\b|\bput one or more\b[^,]*\bcounters\b`)},
	{"life", regexp.MustCompile(`(?i)\b(gains?|loses?) life\b`)},
	{"sacrifice", regexp.MustCompile(`(?i)\bsacrifices?\b`)},
	{"tap", regexp.MustCompile(`(?i)\bbecomes (un)?tapped\b|\b(un)?taps?\b`)},
	{"activate", regexp.MustCompile(`(?i)\bactivates?\b`)},
	{"target", regexp.MustCompile(`(?i)\bbecomes the target\b`)},
}

// TriggerConditions returns the trigger conditions of a text, each
// starting with "When", "Whenever" or "At" (or "when", "whenever" after
// "or"), without the comma that ends it. A name with a comma ("Emrakul,
// the Aeons Torn") would end a condition early: the caller puts "~" for
// it.
func TriggerConditions(text string) []string {
	var out []string
	for _, m := range reTriggerCondition.FindAllStringSubmatch(text, -1) {
		out = append(out, reOrWhenever.Split(m[1], -1)...)
	}
	return out
}

// ConditionEventClasses adds the classes of the events one trigger
// condition names to out, and says whether it names any.
func ConditionEventClasses(cond string, out map[string]bool) bool {
	found := false
	for _, e := range triggerEventClasses {
		if e.re.MatchString(cond) {
			out[e.class] = true
			found = true
			if e.class == "beginning" {
				break
			}
		}
	}
	return found
}

// TriggerEventClasses returns the classes of the events a text's trigger
// conditions name.
func TriggerEventClasses(text string) map[string]bool {
	out := map[string]bool{}
	for _, cond := range TriggerConditions(text) {
		ConditionEventClasses(cond, out)
	}
	return out
}

// HasTriggeredAbility reports whether a card's text has a triggered
// ability (603.1): a line that starts with "When", "Whenever" or "At",
// after an ability word if any, read as the compiler reads it.
func HasTriggeredAbility(text string) bool {
	for _, line := range strings.Split(WithoutReminder(text), "\n") {
		if isTriggered(strings.ToLower(strings.TrimSpace(line))) {
			return true
		}
	}
	return false
}
