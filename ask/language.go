package ask

import "github.com/arbiter-mtg/arbiter/rulings/fold"

// A question is read in the documents' English. One told in another
// language shares almost none of their words (a German, Spanish, French or
// Italian question: under a tenth of its words), where an English one,
// slang and typos included, shares more than half (the real questions'
// least is 0.56): below minEnglishShare, with at least minEnglishWords
// words to judge by, the question is not read.
const (
	minEnglishShare = 0.25
	minEnglishWords = 4
)

// readsAsEnglish reports whether a question's words, the card names it
// writes left out, are mostly words of the game's documents.
func (a *Asker) readsAsEnglish(q string, links []Link) bool {
	// Card names, linked or in brackets, are in any language.
	brackets := bracketed.FindAllStringIndex(q, -1)
	named := func(at int) bool {
		for _, l := range links {
			if at >= l.Start && at < l.End {
				return true
			}
		}
		for _, b := range brackets {
			if at >= b[0] && at < b[1] {
				return true
			}
		}
		return false
	}
	words, known := 0, 0
	for _, sp := range wordSpans(q) {
		// Numbers and single letters say nothing of the language.
		if sp[1]-sp[0] < 2 || named(sp[0]) || isNumber(q[sp[0]:sp[1]]) {
			continue
		}
		words++
		if a.names.common[fold.Key(q[sp[0]:sp[1]])] {
			known++
		}
	}
	return words < minEnglishWords || float64(known) >= minEnglishShare*float64(words)
}

func isNumber(w string) bool {
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
