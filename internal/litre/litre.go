// Package litre reads, from a regular expression's syntax, the literal
// words every match must contain, so that a text holding none of them is
// passed over without running the expression.
package litre

import (
	"regexp/syntax"
	"strings"
)

// Needs returns literals, in lower case, of which every string the
// expression matches contains at least one; it is empty when the
// expression can match without a literal (or does not parse).
func Needs(expr string) []string {
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := required(tree.Simplify())
	if !ok {
		return nil
	}
	return lits
}

// ContainsAny reports whether s contains one of subs.
func ContainsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

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
