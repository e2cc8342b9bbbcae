package search

import (
	"slices"
	"strings"
)

// derivations are the English suffixes by which a noun of action is made
// from its verb where the stemmer leaves the two apart: "concession" and
// "concede" stem to "concess" and "conced", "extension" and "extend" to
// "extens" and "extend". (The stemmer already joins the regular ones:
// "activation" and "activate" are both "activ".)
var derivations = []struct{ noun, verb string }{
	{"ssion", "de"},   // concession, concede
	{"ssion", "t"},    // permission, permit
	{"sion", "d"},     // extension, extend
	{"sion", "de"},    // decision, decide
	{"ption", "be"},   // description, describe
	{"ption", "ive"},  // deception, deceive
	{"mption", "me"},  // assumption, assume
	{"uction", "uce"}, // reduction, reduce
	{"ication", "y"},  // clarification, clarify
	{"ition", "e"},    // definition, define
	{"ntion", "nd"},   // intention, intend
}

// minDerivedBase is the shortest stem a derivation keeps: shorter ones
// ("mission", "version") are not made from a verb by the suffix.
const minDerivedBase = 4

// verbsOf returns the verbs a noun of action may be made from by the
// derivations, as written: "concession" gives "concede" and "concet".
func verbsOf(noun string) []string {
	noun = strings.TrimSuffix(noun, "s")
	var out []string
	for _, d := range derivations {
		if base, ok := strings.CutSuffix(noun, d.noun); ok && len(base) >= minDerivedBase {
			out = append(out, base+d.verb)
		}
	}
	return out
}

// derive links, for every noun of action among the indexed words, its
// stem and its verb's, both ways: a query that writes either finds the
// texts that write the other. The noun's stem is linked to the verb's
// only when the verb is indexed (some word stems to it); the verb's to
// the noun's always, since a query's verb is read by its stem.
func (ix *Index) derive() {
	ix.derived = map[string][]string{}
	link := func(from, to string) {
		if !slices.Contains(ix.derived[from], to) {
			ix.derived[from] = append(ix.derived[from], to)
		}
	}
	for i, w := range ix.vocab.words {
		if !strings.HasSuffix(w, "ion") && !strings.HasSuffix(w, "ions") {
			continue
		}
		n := ix.vocab.stems[i]
		for _, v := range verbsOf(w) {
			sv := stem(v)
			if sv == n {
				continue
			}
			link(sv, n)
			if ix.terms.find(sv) >= 0 {
				link(n, sv)
			}
		}
	}
}

// derivedTerms returns the indexed stems a query word is linked to by a
// derivation: those of the index's vocabulary, or, for a noun the index
// does not hold, the stems of the verbs it is made from that it holds.
func (ix *Index) derivedTerms(t token) []string {
	if ds, ok := ix.derived[t.term]; ok {
		return ds
	}
	var out []string
	for _, v := range verbsOf(t.surface) {
		if sv := stem(v); sv != t.term && ix.terms.find(sv) >= 0 && !slices.Contains(out, sv) {
			out = append(out, sv)
		}
	}
	return out
}
