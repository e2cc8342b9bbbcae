package engine

import "fmt"

// countersOf writes a number of counters of a kind as a sentence says it:
// "1 +1/+1 counter", "3 poison counters".
func countersOf(n int, kind string) string {
	return plural(n, kind+" counter")
}

// plural writes n of a noun, with an s unless n is one: "1 creature",
// "2 creatures".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// areOrIs follows a counted phrase with the verb that agrees with it:
// "1 -1/-1 counter is", "2 -1/-1 counters are".
func areOrIs(phrase string, n int) string {
	if n == 1 {
		return phrase + " is"
	}
	return phrase + " are"
}
