package tourney

// JARCounterparts maps each common issue of Judging at Regular REL
// (section 2) to the IPG infraction that handles the same error at
// Competitive and Professional REL: the JAR tells the error in a player's
// words ("A player forgets a triggered ability") where the IPG defines it
// ("Game Play Error — Missed Trigger"). A JAR section that is not here has
// no single counterpart (3, General Unwanted Behaviors, lists several).
var JARCounterparts = map[string]string{
	"2.1": "2.1", // forgets a triggered ability — Missed Trigger
	"2.2": "2.2", // sees a card in a library they shouldn't have seen — Looking at Extra Cards
	"2.3": "2.3", // draws more cards than supposed to — Hidden Card Error
	"2.4": "2.5", // an in-game error not mentioned above — Game Rule Violation
	"2.5": "3.5", // illegal, insufficient or another player's cards in the deck — Deck Problem
}

// JARCounterpart returns the IPG infraction a JAR section handles at
// Competitive REL.
func JARCounterpart(jar string) (string, bool) {
	n, ok := JARCounterparts[NormalizeNumber(jar)]
	return n, ok
}

// JARListed maps the IPG infractions that the JAR's lists name (section
// 3, General Unwanted Behaviors, and section 4, Serious Problems) to that
// section: at Regular REL the behaviour is handled there. Each entry
// quotes the list's words (checked by the tests).
var JARListed = map[string]struct{ JAR, Says string }{
	"3.9": {"3", "inadequate shuffling"},
	"3.3": {"3", "taking unreasonable amounts of time making play decisions"},
	"3.2": {"3", "asking for or providing strategic advice"},
	"3.1": {"3", "tardiness"},
	"4.3": {"3", "determining match outcomes by incentives, coercion, or outside-the-game methods"},
	"4.4": {"3", "gambling on any part of a tournament"},
	"4.2": {"4", "harassing or abusive behavior"},
	"4.5": {"4", "aggressive, violent"},
	"4.8": {"4", "knowingly breaking or letting an opponent break game or tournament rules, or lying"},
	"4.6": {"4", "theft"},
}

// JARFor returns the JAR section that handles at Regular REL the error an
// IPG infraction handles at Competitive: its counterpart among the
// common issues, or the list that names it.
func JARFor(ipg string) (string, bool) {
	ipg = NormalizeNumber(ipg)
	var found []string
	for jar, n := range JARCounterparts {
		if n == ipg {
			found = append(found, jar)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	if l, ok := JARListed[ipg]; ok {
		return l.JAR, true
	}
	return "", false
}
