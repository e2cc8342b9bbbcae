package ask

import (
	"regexp"
	"strings"

	"github.com/arbiter-mtg/arbiter/internal/litre"
)

// pattern is a regular expression with the literal words a match must
// contain (one of them at least), read from its syntax: most texts hold
// none of them and are passed over without running the expression, which
// was most of the time spent reading a question's cues and a card's kinds
// of effect.
type pattern struct {
	re *regexp.Regexp
	// needs holds lower-case literals of which every match contains one;
	// empty when the expression has no such literal.
	needs []string
	// alts is the stricter condition litre.Alternatives reads (one
	// literal of every required part of one branch), checked after needs.
	alts [][][]string
}

func mustPattern(expr string) *pattern {
	return &pattern{re: regexp.MustCompile(expr), needs: litre.Needs(expr), alts: litre.Alternatives(expr)}
}

// match reports whether the expression matches text; lower is text in
// lower case (strings.ToLower), made once for many patterns.
func (p *pattern) match(text, lower string) bool {
	return p.mayMatch(lower) && p.re.MatchString(text)
}

// mayMatch reports whether a text whose lower case is lower holds the
// literals a match needs: false when the expression cannot match it.
func (p *pattern) mayMatch(lower string) bool {
	if len(p.needs) > 0 && !litre.ContainsAny(lower, p.needs) {
		return false
	}
	// The long s (ſ) matches s in a case-insensitive expression, but
	// strings.ToLower keeps it: such a text goes to the expression.
	return litre.Holds(lower, p.alts) || strings.ContainsRune(lower, 'ſ')
}
