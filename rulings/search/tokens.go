package search

import (
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// scanTokens picks out the tokens of folded rules text. Magic's own symbols
// are single tokens: "{t}", "+1/+1", "-1/-1", "2/2", and rule numbers such as
// "302.6"; other tokens are runs of letters and digits, with an inner
// apostrophe kept ("can't"). It is a hand-written scanner because the
// equivalent regular expression dominated index build time.
func scanTokens(s string) []string {
	out := make([]string, 0, len(s)/5)
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '{':
			if j := strings.IndexByte(s[i:], '}'); j > 1 && j <= 6 && symbolBody(s[i+1:i+j]) {
				out = append(out, s[i:i+j+1])
				i += j + 1
				continue
			}
			i++
		case (c == '+' || c == '-') && i+1 < len(s) && ptChar(s[i+1]):
			if n := ptLen(s[i:]); n > 0 {
				out = append(out, s[i:i+n])
				i += n
				continue
			}
			i++
		case isAlnum(c):
			if ptChar(c) {
				if n := ptLen(s[i:]); n > 0 {
					out = append(out, s[i:i+n])
					i += n
					continue
				}
			}
			if n := ruleIDLen(s[i:]); n > 0 {
				out = append(out, s[i:i+n])
				i += n
				continue
			}
			j := i
			for j < len(s) && isAlnum(s[j]) {
				j++
			}
			// An inner apostrophe followed by letters: "can't", "creature's".
			if j+1 < len(s) && s[j] == '\'' && s[j+1] >= 'a' && s[j+1] <= 'z' {
				j++
				for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
					j++
				}
			}
			out = append(out, s[i:j])
			i = j
		default:
			// Punctuation between words ends a phrase: "declare blockers
			// step, combat damage step" has no phrase "step combat". An
			// empty token marks the break.
			if isBreak(c) && (i+1 == len(s) || !isAlnum(s[i+1])) && len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
			i++
		}
	}
	return out
}

// isBreak reports whether c ends a phrase: the marks that end a sentence
// or a clause, and the colon that ends a label ("Layer 7: Power-"), when
// no letter or digit follows ("section 5.2" keeps its phrase "5 2").
func isBreak(c byte) bool {
	switch c {
	case ',', ';', '.', '!', '?', ':':
		return true
	}
	return false
}

func isAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

func ptChar(c byte) bool { return c >= '0' && c <= '9' || c == 'x' || c == '*' }

func symbolBody(b string) bool {
	for i := 0; i < len(b); i++ {
		if !isAlnum(b[i]) && b[i] != '/' {
			return false
		}
	}
	return true
}

// ptLen is the length of a power/toughness token at the start of s:
// "+1/+1", "-1/-1", "2/2", "*/*", "x/x"; 0 when there is none.
func ptLen(s string) int {
	i := 0
	sign := s[0] == '+' || s[0] == '-'
	if sign {
		i++
	}
	j := i
	for j < len(s) && ptChar(s[j]) {
		j++
	}
	if j == i || j >= len(s) || s[j] != '/' {
		return 0
	}
	j++
	if sign {
		if j >= len(s) || (s[j] != '+' && s[j] != '-') {
			return 0
		}
		j++
	}
	k := j
	for k < len(s) && ptChar(s[k]) {
		k++
	}
	if k == j || (k < len(s) && isAlnum(s[k])) {
		return 0
	}
	// A bare word with letters only is no P/T ("x/y" is fine, "and/or" is not
	// reached because ptChar rejects its letters).
	return k
}

// ruleIDLen is the length of a rule number such as "302.6" or "704.5k" at
// the start of s; 0 when there is none.
func ruleIDLen(s string) int {
	if len(s) < 5 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) || s[3] != '.' || !isDigit(s[4]) {
		return 0
	}
	j := 5
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j < len(s) && s[j] >= 'a' && s[j] <= 'z' && (j+1 == len(s) || !isAlnum(s[j+1])) {
		j++
	}
	if j < len(s) && isAlnum(s[j]) {
		return 0
	}
	return j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

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
	if sense, ok := senses[w]; ok {
		s = sense
	} else if len(w) > 3 && w[0] >= 'a' && w[0] <= 'z' {
		s = english.Stem(w, false)
	}
	stemCache.Store(w, s)
	return s
}

// senses are words the stemmer would merge with a word the CR means
// something else by: "owns" is ownership (108.3, "its owner"), while
// "their own deck" (100.2) is not.
var senses = map[string]string{
	"owns": "owner", "owned": "owner", "owning": "owner",
}

// possessives are the words after which "own" is the adjective ("their
// own deck", "its own zone"); elsewhere it is the verb ("cards you own").
var possessives = map[string]bool{
	"their": true, "its": true, "your": true, "my": true, "his": true, "her": true, "our": true, "whose": true,
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
	// broken is set when punctuation separates the word from the one
	// before it: the two make a weaker phrase.
	broken bool
}

// tokenize folds text and returns its terms, stopwords removed, positions
// kept so that neighbours make phrases.
func tokenize(text string) []token { return tokenizeWith(text, nil) }

// tokenizeWith is tokenize with a private stem cache (surface word -> stem),
// which index builds use instead of the shared one.
func tokenizeWith(text string, stems map[string]string) []token {
	text = fold.Text(text)
	raw := scanTokens(text)
	out := make([]token, 0, len(raw))
	// broken is set when punctuation came since the last word kept.
	broken := false
	for i, w := range raw {
		if w == "" {
			broken = true
			continue
		}
		if c, ok := contractions[w]; ok {
			w = c
		} else {
			w = strings.TrimSuffix(w, "'s")
		}
		if strings.IndexByte(w, '\'') >= 0 {
			w = strings.ReplaceAll(w, "'", "")
		}
		if w == "" || stopwords[w] {
			continue
		}
		var st string
		if w == "own" && (i == 0 || !possessives[raw[i-1]]) {
			st = "owner"
		} else if stems != nil {
			var ok bool
			if st, ok = stems[w]; !ok {
				st = stem(w)
				stems[w] = st
			}
		} else {
			st = stem(w)
		}
		out = append(out, token{term: st, pos: i, surface: w, broken: broken})
		broken = false
	}
	return out
}

// phrase is the term for two neighbouring words; a query phrase that the
// text also has ("summoning sickness", "mana value") scores as one rare term.
func phrase(a, b string) string { return a + " " + b }

// Terms returns the terms of a text as the index reads them: folded,
// stemmed, stopwords left out.
func Terms(text string) []string {
	toks := tokenize(text)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.term
	}
	return out
}
