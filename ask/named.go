package ask

import (
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// An infraction a call names outright — by its IPG name ("a missed
// trigger", "he says it's outside assistance") or by the judges'
// abbreviation for it ("I ruled OA", "is this a GRV?") — is what the call
// is about, unless the call rules it out ("after a short investigation you
// discard cheating", "this is not slow play").

// infractionName is one way of naming an infraction: the stems of its
// words in order, or an abbreviation as judges write it.
type infractionName struct {
	number string
	stems  []string // a name's words
	// surfaces are the name's words as it writes them, lower-cased.
	surfaces []string
	abbrev   string // an abbreviation, matched case-sensitively
	// word is set for a name of one word ("Cheating", "Stalling"): an
	// ordinary word, which a call often uses to ask whether something is
	// that (and the answer is the MTR's policy). It does not name the
	// infraction; it is only set aside when the call rules it out.
	word bool
}

// nameGap is how many other words may stand between two words of a name
// ("missed their Scarab God trigger"; card names are blanked already).
const nameGap = 3

// nameStopwords are left out of names and of the call's words when
// names are matched.
var nameStopwords = map[string]bool{"a": true, "an": true, "the": true, "at": true, "of": true, "to": true, "and": true, "their": true, "his": true, "her": true, "my": true, "your": true, "its": true, "this": true, "that": true}

// ruledOut are the words with which a call sets an infraction aside.
var ruledOut = regexp.MustCompile(`(?i)\b(?:not|no|never|without|isn'?t|wasn'?t|aren'?t|nor|rul(?:e|ed|ing) out|discard(?:s|ed|ing)?|exclud(?:e|es|ed|ing)|dismiss(?:es|ed|ing)?|eliminat(?:e|es|ed|ing))\W+(?:\w+\W+){0,2}$`)

var nameWordRe = regexp.MustCompile(`[\p{L}\p{N}'’@&/-]+`)

// nameWordSpans returns the spans of text nameWordRe finds (as
// FindAllStringIndex does), read rune by rune: a call's text is read this
// way for every infraction it might name.
func nameWordSpans(text string) [][]int {
	var out [][]int
	start := -1
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		in := unicode.IsLetter(r) || unicode.IsNumber(r) || strings.ContainsRune("'’@&/-", r)
		if r == utf8.RuneError {
			in = false
		}
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, []int{start, i})
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, []int{start, len(text)})
	}
	return out
}

// stems remembers stemWord's answers, at most maxStems words (counted in
// nStems): the same words come back call after call.
var (
	stems  sync.Map
	nStems atomic.Int32
)

const maxStems = 1 << 16

// stemWord folds and stems one word as names are compared.
func stemWord(w string) string {
	if v, ok := stems.Load(w); ok {
		return v.(string)
	}
	s := stemWordOnce(w)
	if nStems.Add(1) <= maxStems {
		stems.Store(w, s)
	}
	return s
}

func stemWordOnce(w string) string {
	w = strings.Trim(strings.ReplaceAll(fold.Key(w), "’", "'"), "'")
	w = strings.TrimSuffix(w, "'s")
	if len(w) > 3 {
		return english.Stem(w, false)
	}
	return w
}

// infractionNames lists the names of the IPG's infractions as judges
// use them: the names of the abbreviation table ("Missed Trigger",
// "Unsporting Conduct — Minor"), former names among them ("Drawing Extra
// Cards", "Player Communication Violation"), each part of a name joined
// by "and" ("Bribery", "Wagering"), the IPG's own titles, and the
// abbreviations. An abbreviation that is an English word in capitals
// ("CHEAT", "STALL") is left to the name it shortens.
func infractionNames(lib *tourney.Library) []infractionName {
	var out []infractionName
	seen := map[string]bool{}
	addName := func(number, name string) {
		var stems, surfaces []string
		for _, w := range nameWordRe.FindAllString(name, -1) {
			if s := stemWord(w); s != "" && !nameStopwords[s] {
				stems = append(stems, s)
				surfaces = append(surfaces, strings.ToLower(w))
			}
		}
		key := number + " " + strings.Join(stems, " ")
		if len(stems) == 0 || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, infractionName{number: number, stems: stems, surfaces: surfaces, word: len(stems) == 1})
	}
	infraction := map[string]bool{}
	for _, s := range lib.Sections(tourney.IPG) {
		if s.Penalty == "" {
			continue
		}
		infraction[s.Number] = true
		addName(s.Number, s.Title)
	}
	for _, ab := range tourney.Abbreviations {
		if !infraction[ab.Number] {
			continue // a group ("GPE", "TE"), not an infraction
		}
		addName(ab.Number, ab.Name)
		if parts := strings.Split(ab.Name, " and "); len(parts) > 1 {
			for _, p := range parts {
				addName(ab.Number, p)
			}
		}
		first := strings.ToLower(strings.Fields(ab.Name)[0])
		if strings.HasPrefix(first, strings.ToLower(ab.Abbrev)) {
			continue
		}
		out = append(out, infractionName{number: ab.Number, abbrev: ab.Abbrev})
	}
	return out
}

// callWord is one word of a call, with where it stands.
type callWord struct {
	stem, surface string
	start, end    int
}

// callWords are a call's words. Words joined by a slash are each a word
// of their own: judges name two neighbouring infractions at once that
// way ("a Deck/Decklist Problem", "GRV/FtMGS").
func callWords(text string) []callWord {
	var out []callWord
	for _, loc := range nameWordSpans(text) {
		start := loc[0]
		for _, w := range strings.Split(text[loc[0]:loc[1]], "/") {
			end := start + len(w)
			if s := stemWord(w); s != "" && !nameStopwords[s] {
				out = append(out, callWord{stem: s, surface: w, start: start, end: end})
			}
			start = end + 1
		}
	}
	return out
}

// namedInfraction is an infraction a call names, where, and whether the
// call rules it out; word is set when it is named by an ordinary word.
type namedInfraction struct {
	number     string
	start, end int
	ruledOut   bool
	word       bool
}

// named finds the infractions a call names.
func (in *infractions) named(text string) []namedInfraction {
	if in == nil {
		return nil
	}
	words := callWords(text)
	var out []namedInfraction
	for _, n := range in.names {
		for i, w := range words {
			end, ok := -1, false
			switch {
			case n.abbrev != "":
				ok = abbrevAt(w.surface, n.abbrev)
				end = w.end
			case w.stem == n.stems[0]:
				ok, end = matchRest(words, i, n)
			}
			if !ok {
				continue
			}
			out = append(out, namedInfraction{number: n.number, start: w.start, end: end, ruledOut: ruledOut.MatchString(text[:w.start]), word: n.word})
		}
	}
	return out
}

// abbrevAt reports whether a word of a call is the abbreviation, written
// in capitals as judges write it, alone or in a compound ("GPE-HCE").
func abbrevAt(word, abbrev string) bool {
	if word == abbrev {
		return true
	}
	// A part that is the abbreviation is within the word.
	if !strings.Contains(word, abbrev) {
		return false
	}
	for _, part := range strings.FieldsFunc(word, func(r rune) bool { return r == '-' || r == '/' }) {
		if part == abbrev {
			return true
		}
	}
	return false
}

// matchRest matches a name's words from words[i] on, each within nameGap
// words of the one before; it returns where the name ends. Words with
// others between them name the infraction only when each is written as
// the name writes it (or as its plural): "missed their Scarab God
// trigger" names Missed Trigger, "slowing down the pace of play" tells a
// story in Slow Play's stems.
func matchRest(words []callWord, i int, n infractionName) (bool, int) {
	at := []int{i}
	for _, s := range n.stems[1:] {
		j := at[len(at)-1]
		found := false
		for k := j + 1; k < len(words) && k <= j+1+nameGap; k++ {
			if words[k].stem == s {
				at, found = append(at, k), true
				break
			}
		}
		if !found {
			return false, 0
		}
	}
	last := at[len(at)-1]
	if last-i > len(at)-1 {
		for k, w := range at {
			if !sameSurface(words[w].surface, n.surfaces[k]) {
				return false, 0
			}
		}
	}
	return true, words[last].end
}

// sameSurface reports whether a call's word is a name's word as the name
// writes it, or its plural.
func sameSurface(word, name string) bool {
	w := strings.ToLower(word)
	return w == name || w == name+"s" || w+"s" == name
}

// withoutRuledOut blanks the infractions a call rules out, so that their
// names do not pull in the infraction (and the MTR's policy on it).
func (in *infractions) withoutRuledOut(text string) string {
	var b []byte
	for _, n := range in.named(text) {
		if !n.ruledOut {
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		for i := n.start; i < n.end; i++ {
			b[i] = ' '
		}
	}
	if b == nil {
		return text
	}
	return string(b)
}
