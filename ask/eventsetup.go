package ask

import (
	"regexp"
	"slices"
	"strings"
)

// A named permanent the question tells leaving the battlefield by a
// player's hand rather than a named spell's — sacrificed ("my opponent
// sacrifices Sakura-Tribe Elder"), exiled, returned to its owner's hand,
// or just leaving — is set up as that event, so that the engine shows
// what triggers and where it went (603.6c, 603.10a, 400.7). A player
// sacrifices only their own permanent (701.21a): the one who does owns
// the line.

// leaving is one way of leaving the battlefield: the words before or
// after a permanent's name that tell it, the statement, and what the
// answer shows.
type leaving struct {
	before, after *regexp.Regexp
	statement     string // with REF for the alias
	show          string
}

const possessives = `(?:my\s+|his\s+|her\s+|their\s+|the\s+|an?\s+|opponent'?s\s+)?`

var leavings = []leaving{
	{
		before:    regexp.MustCompile(`(?i)\bsacrific(?:e|es|ed|ing)\s+` + possessives + `$`),
		after:     regexp.MustCompile(`(?i)^\s+(?:is|gets|was|got|would be)\s+sacrificed\b`),
		statement: "sacrifice REF", show: "? graveyard",
	},
	{
		before:    regexp.MustCompile(`(?i)\bexil(?:e|es|ed|ing)\s+` + possessives + `$`),
		after:     regexp.MustCompile(`(?i)^\s+(?:is|gets|was|got|would be)\s+exiled\b`),
		statement: "exile REF", show: "? exile",
	},
	{
		before:    regexp.MustCompile(`(?i)\bbounc(?:e|es|ed|ing)\s+` + possessives + `$`),
		after:     regexp.MustCompile(`(?i)^\s+(?:(?:is|gets|was|got|would be)\s+(?:bounced|returned to (?:its owner's|his|her|my|their|your) hand))\b`),
		statement: "return REF to its owner's hand", show: "? hand",
	},
	{
		after:     regexp.MustCompile(`(?i)^\s+(?:leaves|left|would leave)\s+the\s+battlefield\b`),
		statement: "REF leaves the battlefield", show: "? graveyard",
	},
}

// sacrificer is who sacrifices, in the words before: "my opponent
// sacrifices", "he sacrificed".
var sacrificer = regexp.MustCompile(`(?i)\b(?:opponent|he|she|they)\s+(?:would\s+|then\s+)?sacrific\w*\s+` + possessives + `$`)

// leavingTold is the statement for the first named permanent the
// question tells leaving in a sentence that tells rather than asks, the
// line that shows the result, and the lines with its controller set.
func leavingTold(q string, links []Link, perms []*permanent, lines []string) (stmt, show string, out []string) {
	for _, l := range links {
		i := slices.IndexFunc(perms, func(p *permanent) bool { return p.card == l.Card && !p.cast && !p.off })
		if i < 0 || asked(q, l.Start) {
			continue
		}
		p := perms[i]
		before, after := tail(q[:l.Start]), q[l.End:]
		for _, lv := range leavings {
			if !(lv.before != nil && lv.before.MatchString(before) || lv.after.MatchString(after)) {
				continue
			}
			if strings.HasPrefix(lv.statement, "sacrifice") && sacrificer.MatchString(before) {
				lines = setController(lines, p, true)
			}
			return strings.ReplaceAll(lv.statement, "REF", p.alias), lv.show, lines
		}
	}
	return "", "", lines
}
