package rulings

import (
	"sort"
	"strings"

	"github.com/sahilm/fuzzy"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// glossaryIndex finds glossary terms: exact and alias through the CR, then
// by folded prefix, then fuzzily over the folded terms.
type glossaryIndex struct {
	rs     *cr.Rules
	keys   []string // folded terms, sorted
	byKey  map[string]*cr.GlossaryEntry
	folded []string // folded terms in glossary order, for fuzzy
	terms  []*cr.GlossaryEntry
}

func newGlossaryIndex(rs *cr.Rules) *glossaryIndex {
	g := &glossaryIndex{rs: rs, byKey: map[string]*cr.GlossaryEntry{}}
	for _, e := range rs.Glossary {
		k := fold.Key(e.Term)
		g.byKey[k] = e
		g.keys = append(g.keys, k)
		g.folded = append(g.folded, k)
		g.terms = append(g.terms, e)
	}
	sort.Strings(g.keys)
	return g
}

// Define finds a glossary entry: exact term, alias, the shortest term that
// starts with the words typed ("summoning sickness" finds "Summoning
// Sickness Rule"), then a fuzzy match. It returns close terms as suggestions
// when nothing fits.
func (kb *KB) Define(term string) (*cr.GlossaryEntry, []string) {
	g := kb.glossary
	if e, ok := g.rs.Define(term); ok {
		return e, nil
	}
	k := fold.Key(term)
	if k == "" {
		return nil, nil
	}
	// Prefix on a word boundary: the shortest such term wins.
	i := sort.SearchStrings(g.keys, k)
	var best string
	for ; i < len(g.keys) && strings.HasPrefix(g.keys[i], k); i++ {
		if (len(g.keys[i]) == len(k) || g.keys[i][len(k)] == ' ') && (best == "" || len(g.keys[i]) < len(best)) {
			best = g.keys[i]
		}
	}
	if best != "" {
		return g.byKey[best], nil
	}
	// Singular and plural: "counters" finds "Counter".
	if e, ok := g.byKey[strings.TrimSuffix(k, "s")]; ok {
		return e, nil
	}
	// Fuzzy, over short folded strings only (the library's adjacency bonus
	// overflows on long matches). A match must cover most of the term.
	matches := fuzzy.Find(k, g.folded)
	var sugg []string
	for _, m := range matches {
		if len(sugg) == 5 {
			break
		}
		sugg = append(sugg, g.terms[m.Index].Term)
	}
	if len(matches) > 0 {
		m := matches[0]
		if len(k)*10 >= len(g.folded[m.Index])*7 {
			return g.terms[m.Index], nil
		}
	}
	// Misspellings: one edit per five letters ("indestructable").
	if len(k) >= 5 {
		best, bestD := -1, len(k)/5+1
		for i, f := range g.folded {
			if d := fold.Distance([]rune(k), []rune(f), len(k)/5); d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			return g.terms[best], nil
		}
	}
	if len(sugg) == 0 {
		sugg = kb.suggestTerms(k)
	}
	return nil, sugg
}

// suggestTerms offers terms that share a word with the query.
func (kb *KB) suggestTerms(k string) []string {
	var out []string
	words := strings.Fields(k)
	for i, f := range kb.glossary.folded {
		for _, w := range words {
			if len(w) > 3 && strings.Contains(f, w) {
				out = append(out, kb.glossary.terms[i].Term)
				break
			}
		}
		if len(out) == 5 {
			break
		}
	}
	return out
}

// GlossaryComplete returns up to n terms for autocomplete: those starting
// with the typed text first, then fuzzy matches.
func (kb *KB) GlossaryComplete(prefix string, n int) []string {
	g := kb.glossary
	k := fold.Key(prefix)
	var out []string
	seen := map[string]bool{}
	i := sort.SearchStrings(g.keys, k)
	for ; i < len(g.keys) && strings.HasPrefix(g.keys[i], k) && len(out) < n; i++ {
		e := g.byKey[g.keys[i]]
		out = append(out, e.Term)
		seen[e.Term] = true
	}
	if len(out) < n && k != "" {
		for _, m := range fuzzy.Find(k, g.folded) {
			if t := g.terms[m.Index].Term; !seen[t] {
				out = append(out, t)
				seen[t] = true
				if len(out) == n {
					break
				}
			}
		}
	}
	return out
}
