package ask

import (
	"regexp"
	"regexp/syntax"
	"strings"
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
}

func mustPattern(expr string) *pattern {
	p := &pattern{re: regexp.MustCompile(expr)}
	if tree, err := syntax.Parse(expr, syntax.Perl); err == nil {
		if lits, ok := required(tree.Simplify()); ok {
			p.needs = lits
		}
	}
	return p
}

// match reports whether the expression matches text; lower is text in
// lower case (strings.ToLower), made once for many patterns.
func (p *pattern) match(text, lower string) bool {
	if len(p.needs) > 0 && !containsAny(lower, p.needs) {
		return false
	}
	return p.re.MatchString(text)
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// required returns literals, in lower case, of which every string the
// expression matches contains at least one; ok is false when there are
// none to require (an expression that can match without a literal).
func required(re *syntax.Regexp) (lits []string, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false
		}
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil, false
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			l, ok := required(sub)
			if !ok {
				return nil, false
			}
			lits = append(lits, l...)
		}
		return lits, true
	case syntax.OpConcat:
		// Every part is required: the part whose shortest literal is the
		// longest filters best.
		best := -1
		for _, sub := range re.Sub {
			l, ok := required(sub)
			if !ok {
				continue
			}
			if m := shortest(l); m > best {
				lits, best = l, m
			}
		}
		return lits, best > 0
	}
	return nil, false
}

func shortest(lits []string) int {
	m := -1
	for _, l := range lits {
		if m < 0 || len(l) < m {
			m = len(l)
		}
	}
	return m
}
