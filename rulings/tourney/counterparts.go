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
