package ask

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// phraseCounter counts, over the documents' texts, how often each run of
// two to maxNameWords words is written as a name (every word capitalised
// but the small words inside: "Lightning Bolt", "Wrath of God") and how
// often in lower case ("a lightning bolt for instant", 107.10).
type phraseCounter struct {
	asName, asWords map[string]int
	// prefixes holds the beginnings of the phrases written as names, a
	// word or more ("lightning" of "lightning bolt"), read by the first
	// addWords: a run of words is followed only while it begins one.
	prefixes map[string]bool
}

// runs calls f with each run of two or more words of text (at spans, as
// wordSpans reads them) that follow one another with a single space
// between them: the words of one phrase.
func runs(text string, spans [][]int, f func(words []string)) {
	start := 0
	for i := 1; i <= len(spans); i++ {
		if i < len(spans) && text[spans[i-1][1]:spans[i][0]] == " " {
			continue
		}
		if i-start >= 2 {
			words := make([]string, i-start)
			for j := range words {
				words[j] = text[spans[start+j][0]:spans[start+j][1]]
			}
			f(words)
		}
		start = i
	}
}

func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func lowerCase(w string) bool {
	for _, r := range w {
		if unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// addCandidate makes a folded phrase of several words (a card's name) one
// whose use in lower case addWords counts, though no text writes it as a
// name.
func (p *phraseCounter) addCandidate(key string) {
	if _, ok := p.asName[key]; !ok {
		p.asName[key] = 0
	}
}

// addNames counts the phrases text writes as names.
func (p *phraseCounter) addNames(text string, spans [][]int) {
	runs(text, spans, func(words []string) {
		for i := range words {
			if !capitalised(words[i]) {
				continue
			}
			for k := 2; k <= maxNameWords && i+k <= len(words); k++ {
				last := words[i+k-1]
				if !capitalised(last) && !smallWords[last] {
					break
				}
				if capitalised(last) {
					p.asName[fold.Key(strings.Join(words[i:i+k], " "))]++
				}
			}
		}
	})
}

// addWords counts the phrases written as names somewhere that text writes
// in lower case; addNames must have read every text first.
func (p *phraseCounter) addWords(text string, spans [][]int) {
	if p.prefixes == nil {
		p.prefixes = map[string]bool{}
		for k := range p.asName {
			for i := range len(k) {
				if k[i] == ' ' {
					p.prefixes[k[:i]] = true
				}
			}
		}
	}
	runs(text, spans, func(words []string) {
		for i := range words {
			if !lowerCase(words[i]) {
				continue
			}
			key := wordKey(words[i])
			for k := 2; k <= maxNameWords && i+k <= len(words) && p.prefixes[key] && lowerCase(words[i+k-1]); k++ {
				key += " " + wordKey(words[i+k-1])
				if _, ok := p.asName[key]; ok {
					p.asWords[key]++
				}
			}
		}
	})
}

// wordKey is fold.Key(w), read without folding when w is plain
// lower-case ASCII, as nearly every word of the rules is.
func wordKey(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return fold.Key(w)
		}
	}
	return w
}

// asWordsAtAll returns the phrases the documents write in lower case, of
// those written as names or added as candidates: phrases of the game
// ("first strike"), which a card may share.
func (p *phraseCounter) asWordsAtAll() []string {
	var out []string
	for k, n := range p.asWords {
		if n > 0 {
			out = append(out, k)
		}
	}
	return out
}

// names returns the phrases written as names more often than as words:
// in the documents they are cards ("Lightning Bolt", "Mind Control"), so
// a question that writes one in lower case still names the card.
func (p *phraseCounter) names() []string {
	var out []string
	for k, n := range p.asName {
		if n > p.asWords[k] {
			out = append(out, k)
		}
	}
	return out
}
