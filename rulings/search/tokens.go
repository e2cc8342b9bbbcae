package search

import (
	"regexp"
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// tokenRe picks out the tokens of rules text after folding. Magic's own
// symbols come first so that "{T}", "+1/+1", "-1/-1" and rule numbers such as
// "302.6" survive as single tokens.
var tokenRe = regexp.MustCompile(`\{[a-z0-9/]{1,5}\}|[+-][0-9x*]+/[+-][0-9x*]+|[0-9x*]+/[0-9x*]+|\d{3}\.\d+[a-z]?|[a-z0-9]+(?:'[a-z]+)?`)

// stopwords carry no meaning for ranking. Words that matter in rules
// ("not", "can't", "only", "each", "may") are kept.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "in": true, "on": true, "at": true,
	"is": true, "are": true, "was": true, "be": true, "been": true, "being": true, "am": true,
	"it": true, "its": true, "it's": true, "this": true, "that": true, "these": true, "those": true,
	"and": true, "or": true, "as": true, "by": true, "for": true, "with": true, "from": true,
	"i": true, "me": true, "my": true, "we": true, "our": true, "you": true, "your": true,
	"what": true, "which": true, "who": true, "how": true, "when": true, "where": true, "why": true,
	"do": true, "does": true, "did": true, "has": true, "have": true, "had": true, "there": true,
	"if": true, "then": true, "than": true, "so": true, "into": true, "onto": true, "about": true,
	"rule": true, "rules": true, "happens": true, "happen": true, "work": true, "works": true,
	"s": true, "will": true, "would": true, "get": true, "gets": true, "they": true, "them": true,
	"their": true, "he": true, "she": true, "his": true, "her": true, "any": true,
}

// stemCache remembers stems: the CR has about 15,000 distinct words and
// stemming each occurrence again would dominate index build time.
var stemCache sync.Map

func stem(w string) string {
	if v, ok := stemCache.Load(w); ok {
		return v.(string)
	}
	s := w
	if len(w) > 3 && w[0] >= 'a' && w[0] <= 'z' {
		s = english.Stem(w, false)
	}
	stemCache.Store(w, s)
	return s
}

// contractions that fold to one stem: "can't" and "cannot" mean the same.
var contractions = map[string]string{
	"can't": "cant", "cannot": "cant", "don't": "dont", "doesn't": "dont", "isn't": "not",
	"won't": "wont", "aren't": "not", "wasn't": "not", "couldn't": "cant", "wouldn't": "wont",
	"didn't": "dont", "haven't": "not", "hasn't": "not", "mustn't": "not",
}

// token is one word of a text: its stem and its position.
type token struct {
	term    string // stem
	pos     int
	surface string // the folded word before stemming
}

// tokenize folds text and returns its terms, stopwords removed, positions
// kept so that neighbours make phrases.
func tokenize(text string) []token {
	text = fold.Text(text)
	raw := tokenRe.FindAllString(text, -1)
	out := make([]token, 0, len(raw))
	for i, w := range raw {
		if c, ok := contractions[w]; ok {
			w = c
		} else if strings.HasSuffix(w, "'s") {
			w = w[:len(w)-2]
		}
		w = strings.ReplaceAll(w, "'", "")
		if stopwords[w] || w == "" {
			continue
		}
		out = append(out, token{term: stem(w), pos: i, surface: w})
	}
	return out
}

// phrase is the term for two neighbouring words; a query phrase that the
// text also has ("summoning sickness", "mana value") scores as one rare term.
func phrase(a, b string) string { return a + " " + b }

// terms returns the unigram and bigram terms of a text with their counts.
// Every surface word is recorded in surfaces with its stem.
func terms(text string, surfaces map[string]string) (uni map[string]int, bi map[string]int, n int) {
	toks := tokenize(text)
	uni = make(map[string]int, len(toks))
	bi = make(map[string]int, len(toks))
	for i, t := range toks {
		uni[t.term]++
		surfaces[t.surface] = t.term
		if i > 0 && toks[i-1].pos >= t.pos-2 {
			bi[phrase(toks[i-1].term, t.term)]++
		}
	}
	return uni, bi, len(toks)
}
