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

// Alternatives returns what every match of the expression contains, more
// strictly than Needs: a list of alternatives, each a list of groups of
// lower-case literals, such that every string the expression matches
// satisfies one alternative, that is, contains one literal of each of its
// groups (all parts of a concatenation are required, and each branch of
// an alternation at the top is one alternative). It is empty when some
// match need contain no literal (or the expression does not parse).
func Alternatives(expr string) [][][]string {
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	tree = tree.Simplify()
	for tree.Op == syntax.OpCapture {
		tree = tree.Sub[0]
	}
	branches := []*syntax.Regexp{tree}
	if tree.Op == syntax.OpAlternate {
		branches = tree.Sub
	}
	var alts [][][]string
	for _, b := range branches {
		groups := requiredAll(b)
		if len(groups) == 0 {
			return nil
		}
		alts = append(alts, groups)
	}
	return alts
}

// Holds reports whether s, in lower case, satisfies one of alts (as
// Alternatives returns them); it is true when alts is empty.
func Holds(s string, alts [][][]string) bool {
	if len(alts) == 0 {
		return true
	}
next:
	for _, groups := range alts {
		for _, g := range groups {
			if !ContainsAny(s, g) {
				continue next
			}
		}
		return true
	}
	return false
}

// requiredAll returns the literal groups every match of re contains one
// literal of each: every part of a concatenation is required.
func requiredAll(re *syntax.Regexp) [][]string {
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return requiredAll(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredAll(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		var groups [][]string
		for _, sub := range re.Sub {
			groups = append(groups, requiredAll(sub)...)
		}
		return groups
	}
	if l, ok := required(re); ok && shortest(l) > 0 {
		return [][]string{l}
	}
	return nil
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
