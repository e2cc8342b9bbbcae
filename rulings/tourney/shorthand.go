package tourney

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Shorthand is how judges write a term of the tournament documents on
// judge channels and forums: "the HJ", "the TO", "they ID'd into Top 8".
// The documents spell each one out (Head Judge, Tournament Organizer,
// Scorekeeper, intentional draw ...), and the tests check that each
// spelled-out term is the documents' own.
type Shorthand struct {
	Short string // as judges write it, in capitals
	Term  string // the documents' words for it
}

// Shorthands are the judges' short forms of the documents' terms other
// than the infractions (Abbreviations has those). They are matched as
// written, in capitals, since most are ordinary words in lower case
// ("to", "id"). The penalties' short forms (GL, ML, DQ) are not here: a
// call names a penalty mostly as the outcome it is asking about, and
// spelled out it draws the IPG's definitions of penalties (1.1) before
// the infraction the call tells.
var Shorthands = []Shorthand{
	{"HJ", "Head Judge"},
	{"FJ", "floor judge"},
	{"TO", "Tournament Organizer"},
	{"SK", "Scorekeeper"},
	{"ID", "intentional draw"},
	{"IDs", "intentional draws"},
	{"ID'd", "intentionally drawn"},
	{"ID'ed", "intentionally drawn"},
	{"IDed", "intentionally drawn"},
	{"EOR", "end of the round"},
	{"BOR", "beginning of a round"},
	{"BoR", "beginning of a round"},
}

var shorthandTerm = func() map[string]string {
	m := map[string]string{}
	for _, s := range Shorthands {
		m[s.Short] = s.Term
	}
	return m
}()

// shorthandRe matches a short form as a word of its own; "'" and "’" are
// one ("ID’d").
var shorthandRe = func() *regexp.Regexp {
	var alts []string
	for _, s := range Shorthands {
		alts = append(alts, strings.ReplaceAll(regexp.QuoteMeta(s.Short), "'", "['’]"))
	}
	// Longest first, so that "ID'ed" is read before "ID".
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	return regexp.MustCompile(`(^|[^\p{L}\p{N}'’])(` + strings.Join(alts, "|") + `)($|[^\p{L}\p{N}'’])`)
}()

// shorthandHeads are the short forms up to an apostrophe, as written:
// every match of shorthandRe holds one, and most texts hold none, so
// they are passed over without running the expression.
var shorthandHeads = func() []string {
	var out []string
	for _, s := range Shorthands {
		head, _, _ := strings.Cut(s.Short, "'")
		if !slices.Contains(out, head) {
			out = append(out, head)
		}
	}
	return out
}()

// SpellShorthands writes the judges' short forms in a text as the
// documents' terms ("the HJ gave him a GL" -> "the Head Judge gave him
// a GL": the penalties' short forms stay, see Shorthands).
func SpellShorthands(text string) string {
	if !slices.ContainsFunc(shorthandHeads, func(h string) bool { return strings.Contains(text, h) }) {
		return text
	}
	// The match takes the characters on either side: repeat so that two
	// short forms one character apart are both read.
	for range 2 {
		text = shorthandRe.ReplaceAllStringFunc(text, func(m string) string {
			sub := shorthandRe.FindStringSubmatch(m)
			return sub[1] + shorthandTerm[strings.ReplaceAll(sub[2], "’", "'")] + sub[3]
		})
	}
	return text
}
