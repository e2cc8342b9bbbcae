package ask

import (
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
)

// A spell cast for the wrong cost is the IPG's first example of a Game
// Rule Violation ("A player casts Wrath of God for 3W (actual cost
// 2WW)"), and one cast with mana that cannot pay for it is the root
// cause of the errors that follow it, however hidden their cards ("a
// publicly-correctable error [that] subsequently leads to an
// uncorrectable situation such as a Brainstorm cast using green mana. In
// these situations, the infraction is based on that root cause", Hidden
// Card Error's philosophy). A call tells one when it names the card cast
// and the mana paid for it, in symbols ("for 3W") or as the basic lands
// tapped for it ("tapping an Island"), which make one color each (CR
// 305.6), and that mana cannot pay the card's mana cost (CR 601.2h): the
// colors it needs are not all among the lands', or the symbols differ
// from the cost's.

// paidForRe is what a call says was paid for the spell whose name it
// follows: mana symbols after "for", or basic lands after "tapping".
var paidForRe = regexp.MustCompile(`^\s*(?:(?:,\s*)?(?i:for|paying)\s+((?:\{[0-9WUBRGCX/]+\}|[0-9]+|[WUBRG])+)(?:[^\w{}]|$)|(?:,\s*)?(?i:(?:by\s+)?(?:tapping|tapped|taps|tap|using))\s+)`)

// tapFiller are the words a list of sources tapped is written with
// around its lands ("his three Mountains and a Forest").
var tapFiller = map[string]bool{"a": true, "an": true, "his": true, "her": true, "their": true, "my": true, "your": true, "one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "untapped": true, "and": true, "only": true, "just": true, "the": true}

// paidWrong reports whether a call tells a spell it names cast for mana
// that cannot pay its mana cost.
func paidWrong(q string, links []Link) bool {
	for _, l := range links {
		if l.Card == nil || l.Card.ManaCost == "" || l.End > len(q) {
			continue
		}
		after := q[l.End:]
		m := paidForRe.FindStringSubmatchIndex(after)
		if m == nil {
			continue
		}
		cost := l.Card.ManaCost
		if m[2] >= 0 {
			// "for 3W", not "for 3 turns".
			if paid := after[m[2]:m[3]]; strings.ContainsAny(paid, "WUBRG{") && symbolsOf(paid) != symbolsOf(cost) {
				return true
			}
			continue
		}
		colors, ok := landsTapped(after[m[1]:])
		if !ok {
			continue
		}
		for _, c := range engine.ColorsOfCost(cost) {
			if !slices.Contains(colors, c) {
				return true
			}
		}
	}
	return false
}

// landsTapped reads the list of sources a call says were tapped: the
// colors of its basic lands, and false if it names any other source
// ("three tokens and a Mountain") or no land at all.
func landsTapped(text string) ([]string, bool) {
	var colors []string
	lastAnd := false
	for _, w := range strings.Fields(strings.NewReplacer(",", " and ", ".", " . ", ";", " . ").Replace(text)) {
		w = strings.ToLower(w)
		if c, ok := engine.BasicLandMana(w); ok {
			colors = append(colors, c)
			lastAnd = false
			continue
		}
		if w == "and" {
			lastAnd = true
			continue
		}
		if tapFiller[w] {
			lastAnd = false
			continue
		}
		// Another word: a new clause after "and" ("and targets …") or
		// the end of the sentence closes the list; any other is a source
		// that is not a basic land.
		return colors, len(colors) > 0 && (lastAnd || w == ".")
	}
	return colors, len(colors) > 0
}

// symbolsOf writes a mana cost or what was paid ("{2}{W}{W}", "2WW") as
// its sorted symbols, generic mana as one number.
func symbolsOf(cost string) string {
	cost = strings.ToUpper(strings.NewReplacer("{", " ", "}", " ").Replace(cost))
	generic := 0
	var syms []string
	for _, f := range strings.Fields(cost) {
		if strings.Contains(f, "/") {
			syms = append(syms, f)
			continue
		}
		n := 0
		for _, r := range f {
			switch {
			case r >= '0' && r <= '9':
				n = n*10 + int(r-'0')
			default:
				generic += n
				n = 0
				syms = append(syms, string(r))
			}
		}
		generic += n
	}
	slices.Sort(syms)
	return strings.Join(append([]string{strings.Repeat("1", min(generic, 20))}, syms...), "")
}
