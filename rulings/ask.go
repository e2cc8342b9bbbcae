package rulings

import (
	"regexp"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// Intent is what a free-form question asks for.
type Intent struct {
	// Kind is "rule", "define", "card", "mtr", "ipg", "jar" or "search".
	Kind string
	// Arg is the rule number, term, card name, section or query.
	Arg string
}

var (
	cardRe    = regexp.MustCompile(`^\[\[([^\[\]]+)\]\]$`)
	docRe     = regexp.MustCompile(`(?i)^(mtr|ipg|jar)(?:\s+(.+))?$`)
	defineRe  = regexp.MustCompile(`(?i)^(?:define|definition of|what is an?|what is|what's an?|what's|meaning of)\s+(.+?)\??$`)
	crPrefixR = regexp.MustCompile(`(?i)^(?:cr|rule)\s+`)
)

// Route decides what a question asks for: a rule number goes to the rule, a
// glossary term to its definition, [[Card Name]] to the card, "IPG 2.1" or
// "MTR 4.2" to the document section, anything else to search.
func (kb *KB) Route(q string) Intent {
	q = strings.TrimSpace(q)
	if m := cardRe.FindStringSubmatch(q); m != nil {
		return Intent{Kind: "card", Arg: strings.TrimSpace(m[1])}
	}
	if m := docRe.FindStringSubmatch(q); m != nil {
		return Intent{Kind: strings.ToLower(m[1]), Arg: strings.TrimSpace(m[2])}
	}
	if _, err := cr.ParseID(q); err == nil {
		return Intent{Kind: "rule", Arg: crPrefixR.ReplaceAllString(q, "")}
	}
	if e, ok := kb.CR.Define(q); ok {
		return Intent{Kind: "define", Arg: e.Term}
	}
	if m := defineRe.FindStringSubmatch(q); m != nil {
		term := strings.TrimSpace(m[1])
		// "what is the stack" asks for the glossary's "Stack".
		for _, art := range []string{"the ", "a ", "an "} {
			term = strings.TrimPrefix(term, art)
		}
		if e, ok := kb.CR.Define(term); ok {
			return Intent{Kind: "define", Arg: e.Term}
		}
	}
	return Intent{Kind: "search", Arg: q}
}
