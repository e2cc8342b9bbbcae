package ask

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// maxNameWords is the longest card name, in words, the linker looks for
// ("Asmoranomardicadaistinaculdacar" is one; "Our Market Research Shows
// That Players Like Really Long Card Names So We Made this Card to Have
// the Absolute Longest Card Name Ever Elemental" is an Un-card).
const maxNameWords = 8

// names is the linker's index over the catalogue: every card's name, the
// name of each face, and the short names players call a card by
// (shortForms: "Thassa" for "Thassa, God of the Sea", "Scarab God" for
// "The Scarab God") when no other card is called that.
type names struct {
	// cat answers a bracketed name the index does not hold exactly, as
	// /card does (nil: no catalogue).
	cat   *cards.Catalog
	full  map[string]*cards.Card // folded full or face name
	short map[string]*cards.Card // folded short name, unique ones only
	// face holds the folded names that are only one face of a card with
	// several ("Death" of Life // Death): such a name is a card only when
	// the question writes it as one.
	face map[string]bool
	// common holds folded words of the game's own vocabulary (the CR's
	// text): a card named only with such words ("Fog", "Time Stop",
	// "Island") is linked only when the question writes it as a name.
	common map[string]bool
	// documented holds the folded words the CR's examples and the
	// tournament documents write only capitalised, in the situations
	// they tell: card names ("Tarmogoyf"), not words of the game.
	documented map[string]bool
	// named holds the folded phrases of the game's words that the
	// documents write as cards' names ("lightning bolt", "mind control"):
	// such a name is the card in lower case too.
	named map[string]bool
	// gamePhrase holds the folded names of several words the documents
	// write in lower case ("first strike"): phrases of the game's, never
	// a card's name unless written as one.
	gamePhrase map[string]bool
}

// newNames indexes the catalogue's names, with the game's words
// (vocabulary) and the words its documents write only as names (written).
func newNames(cat *cards.Catalog, vocabulary, written, phrases []string) *names {
	n := &names{cat: cat, full: map[string]*cards.Card{}, short: map[string]*cards.Card{}, face: map[string]bool{}, common: map[string]bool{}, documented: map[string]bool{}, named: map[string]bool{}, gamePhrase: map[string]bool{}}
	for _, p := range phrases {
		n.named[p] = true
	}
	for _, w := range written {
		n.documented[w] = true
	}
	for _, w := range vocabulary {
		n.common[w] = true
	}
	if cat == nil {
		return n
	}
	shortCount := map[string]int{}
	for _, c := range cat.Cards() {
		n.full[fold.Key(c.Name)] = c
		for _, f := range c.Faces {
			if k := fold.Key(f.Name); n.full[k] == nil {
				n.full[k] = c
				n.face[k] = true
			}
		}
		for _, k := range shortForms(c.Name) {
			shortCount[k]++
		}
	}
	for _, c := range cat.Cards() {
		// A card's own name is not only a face, whichever came first.
		if k := fold.Key(c.Name); n.full[k] == c {
			delete(n.face, k)
		}
		for _, k := range shortForms(c.Name) {
			if shortCount[k] == 1 && n.full[k] == nil {
				n.short[k] = c
				// A one-word name left by dropping "The" ("Wanderer")
				// is the card only when written as a name, as a face is.
				if !strings.Contains(k, " ") && strings.HasPrefix(fold.Key(c.Name), "the ") {
					n.face[k] = true
				}
			}
		}
	}
	return n
}

// shortForms are the folded shorter names players call a card by: a
// legendary card's name before its title ("Thassa" for "Thassa, God of
// the Sea"), a name that begins with "The" without it ("Scarab God" for
// "The Scarab God", "Gitrog Monster"), and a name without the "'s" of its
// possessives ("Urza Saga").
func shortForms(name string) []string {
	var out []string
	if i := strings.IndexByte(name, ','); i > 0 {
		out = append(out, fold.Key(name[:i]))
	}
	if rest, ok := strings.CutPrefix(name, "The "); ok {
		if i := strings.IndexByte(rest, ','); i > 0 {
			rest = rest[:i]
		}
		if k := fold.Key(rest); k != "" {
			out = append(out, k)
		}
	}
	// A possessive inside a name is often written without its "'s"
	// ("urza saga" for Urza's Saga); without the apostrophe alone it is
	// the name already ("Urzas Saga" folds as "Urza's Saga" does).
	if bare := namePossessive.ReplaceAllString(name, ""); bare != name {
		if k := fold.Key(bare); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// namePossessive is the "'s" of a word of a card's name ("Urza's", "Ajani’s").
var namePossessive = regexp.MustCompile(`['’]s\b`)

// Link is a card named in a question, and where.
type Link struct {
	Card *cards.Card
	// Start and End are byte offsets of the name in the question.
	Start, End int
}

var (
	bracketed = regexp.MustCompile(`\[\[([^\[\]]+)\]\]`)
	wordRe    = regexp.MustCompile(`[\p{L}\p{N}]+(?:[’'\-][\p{L}\p{N}]+)*`)
)

// isWordRune is a rune of wordRe's runs: a letter or a number.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// wordSpans returns the start and end of each word of text, read by a
// rune loop (a question's words are split a dozen times per answer). A word is a run of letters and numbers, and
// an apostrophe or hyphen between two such runs joins them.
func wordSpans(text string) [][]int {
	// The spans share one array.
	var flat []int
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		start := i
		i += n
		for {
			for i < len(text) {
				r, n = utf8.DecodeRuneInString(text[i:])
				if !isWordRune(r) {
					break
				}
				i += n
			}
			if i < len(text) {
				if r, n = utf8.DecodeRuneInString(text[i:]); (r == '’' || r == '\'' || r == '-') && i+n < len(text) {
					if r2, n2 := utf8.DecodeRuneInString(text[i+n:]); isWordRune(r2) {
						i += n + n2
						continue
					}
				}
			}
			break
		}
		flat = append(flat, start, i)
	}
	if flat == nil {
		return nil
	}
	out := make([][]int, len(flat)/2)
	for j := range out {
		out[j] = flat[2*j : 2*j+2 : 2*j+2]
	}
	return out
}

// wordsOf returns the words of text (see wordSpans).
func wordsOf(text string) []string {
	spans := wordSpans(text)
	if spans == nil {
		return nil
	}
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = text[sp[0]:sp[1]]
	}
	return out
}

// link finds where a question names cards: every [[Card]], then the
// longest runs of words that are a card's name (possessives and plurals
// too), never a name made only of the game's common words unless the
// question writes it as a name mid-sentence. A card named twice has a link
// for each place.
func (n *names) link(q string) []Link {
	var out []Link
	taken := make([]bool, len(q))
	mark := func(s, e int) {
		for i := s; i < e; i++ {
			taken[i] = true
		}
	}
	add := func(c *cards.Card, s, e int) {
		mark(s, e)
		out = append(out, Link{Card: c, Start: s, End: e})
	}
	for _, m := range bracketed.FindAllStringSubmatchIndex(q, -1) {
		if c := n.find(q[m[2]:m[3]]); c != nil {
			add(c, m[0], m[1])
		} else {
			mark(m[0], m[1])
		}
	}
	words := wordSpans(q)
	for i := 0; i < len(words); i++ {
		if taken[words[i][0]] {
			continue
		}
		for k := min(maxNameWords, len(words)-i); k >= 1; k-- {
			s, e := words[i][0], words[i+k-1][1]
			if taken[e-1] {
				continue
			}
			// A word of a card already named ("Garruk", "the
			// Shapeshifter") is that card again.
			if c := n.again(out, q[s:e], words[i:i+k], q); c != nil {
				mark(s, e)
				out = append(out, Link{Card: c, Start: s, End: e})
				i += k - 1
				break
			}
			c := n.lookupSpan(q[s:e])
			if c == nil || !n.plausible(q, s, e, words[i:i+k]) || n.cutsNamed(out, q, words, i, k) ||
				n.playerNamed(q, q[s:e], c) {
				continue
			}
			add(c, s, e)
			i += k - 1
			break
		}
		if !taken[words[i][0]] {
			if c := n.misspelled(q, words, i); c != nil {
				add(c, words[i][0], words[i][1])
			}
		}
	}
	return out
}

// minMisspelled is the least number of letters of a word read as a
// misspelt card name.
const minMisspelled = 7

// misspelled returns the card a word of the question is a misspelling of
// ("my Tarmagoyf"): a long word written as a name mid-sentence, alone (the
// next word not capitalised), that is no word of the game's or its
// documents' and no card's, one or two letters from one card's name only.
func (n *names) misspelled(q string, words [][]int, i int) *cards.Card {
	s, e := words[i][0], words[i][1]
	w := q[s:e]
	if n.cat == nil || utf8.RuneCountInString(w) < minMisspelled || !writtenAsName(q, s, words[i:i+1]) {
		return nil
	}
	if i+1 < len(words) && q[words[i][1]:words[i+1][0]] == " " && capitalised(q[words[i+1][0]:words[i+1][1]]) {
		return nil
	}
	if k := fold.Key(w); n.common[k] || n.documented[k] || n.common[trimEnding(k)] || n.afterAName(q[:s]) {
		return nil
	}
	c, ok := n.cat.Misspelled(w)
	if !ok || strings.Contains(c.Name, " ") {
		return nil
	}
	return c
}

// cutsNamed reports whether a span of k words from word i would cut into
// a card the question has already named, written again from a later word
// of the span on: "the Fallen Angel" after "Fallen Angel" is that card
// again, not "The Fallen".
func (n *names) cutsNamed(linked []Link, q string, words [][]int, i, k int) bool {
	if len(linked) == 0 {
		return false
	}
	for j := i + 1; j < i+k; j++ {
		for m := min(maxNameWords, len(words)-j); j+m > i+k; m-- {
			c := n.lookupSpan(q[words[j][0]:words[j+m-1][1]])
			if c == nil {
				continue
			}
			for _, l := range linked {
				if l.Card == c {
					return true
				}
			}
		}
	}
	return false
}

// again returns the card already linked whose name holds the span as one
// of its words, when exactly one does: a story names a card in full once
// and by one word of it after ("Garruk", "the Shapeshifter").
func (n *names) again(linked []Link, span string, words [][]int, q string) *cards.Card {
	if len(words) != 1 || len(span) < 4 {
		return nil
	}
	r := []rune(span)
	if !unicode.IsUpper(r[0]) {
		return nil
	}
	k := fold.Key(span)
	var found *cards.Card
	for _, l := range linked {
		if l.Card == found {
			continue
		}
		for _, w := range wordsOf(l.Card.Name) {
			if wk := fold.Key(w); wk == k || wk == trimEnding(k) {
				if found != nil {
					return nil
				}
				found = l.Card
				break
			}
		}
	}
	return found
}

// Cards returns the distinct cards of a list of links, in order.
func Cards(links []Link) []*cards.Card {
	var out []*cards.Card
	seen := map[*cards.Card]bool{}
	for _, l := range links {
		if !seen[l.Card] {
			seen[l.Card] = true
			out = append(out, l.Card)
		}
	}
	return out
}

// find resolves an explicit [[name]]: exact, face, short name, then the
// catalogue's own lenient look-up.
func (n *names) find(name string) *cards.Card {
	if c := n.lookupSpan(name); c != nil {
		return c
	}
	// The brackets say a card is meant: a misspelled or foreign name
	// ("[[Ornithoper]]", "[[Contrahechizo]]") is the card /card finds for
	// it. One or two letters prefix too many names to be one ("[[X]]").
	if n.cat == nil || utf8.RuneCountInString(strings.TrimSpace(name)) < 3 {
		return nil
	}
	if c, ok := n.cat.Lookup(name); ok {
		return c
	}
	return nil
}

// lookupSpan is the card a span of text names exactly (after folding),
// allowing a possessive or plural ending.
func (n *names) lookupSpan(span string) *cards.Card {
	k := fold.Key(span)
	if k == "" {
		return nil
	}
	for _, key := range []string{k, trimEnding(k)} {
		if c := n.full[key]; c != nil {
			return c
		}
		if c := n.short[key]; c != nil {
			return c
		}
	}
	return nil
}

// lookupVerb is the instant or sorcery a span names as a verb, inflected
// ("Counterspelled", "Negated", "Fogged", "Doom Bladed", "Shocking"):
// players make a spell's name the verb for casting it at something. The
// span must be written as a name (capitalised mid-sentence), which the
// caller checks, and its stem must be a whole card name. The setup reads
// these (setup.go); the answer's cards are linked without them.
func (n *names) lookupVerb(span string) *cards.Card {
	k := fold.Key(span)
	for _, suf := range []string{"ed", "d", "ing"} {
		stem, ok := strings.CutSuffix(k, suf)
		if !ok || len(stem) < 3 {
			continue
		}
		cands := []string{stem}
		if l := len(stem); stem[l-1] == stem[l-2] {
			cands = append(cands, stem[:l-1]) // "fogged": "fog"
		}
		if suf == "ing" {
			cands = append(cands, stem+"e") // "negating": "negate"
		}
		for _, c := range cands {
			card := n.full[c]
			if card != nil && !n.face[c] && (slices.Contains(card.Types, "Instant") || slices.Contains(card.Types, "Sorcery")) {
				return card
			}
		}
	}
	return nil
}

// inflectedOnly says whether a span names a card only once its ending is
// dropped (lookupSpan's second try).
func (n *names) inflectedOnly(span string) bool {
	k := fold.Key(span)
	return n.full[k] == nil && n.short[k] == nil
}

// trimEnding drops a possessive ("'s", "s'") or plural "s" from a folded
// span.
func trimEnding(k string) string {
	for _, suf := range []string{" s", "s"} {
		if strings.HasSuffix(k, suf) && len(k) > len(suf)+2 {
			return strings.TrimSuffix(k, suf)
		}
	}
	return k
}

// plausible says whether a span that matches a card's name is meant as
// the name: always for a name of several words with an uncommon one, a
// long uncommon word, or a name the documents write as a card's
// ("lightning bolt"); otherwise only when it is written as a name
// mid-sentence (then "Fog" in "I cast Fog" is the card and "fog" or
// "Island" at the start of a sentence is not). One face of a card with
// several ("Death" of Life // Death, "Lead" of Destined // Lead) must be
// written as a name and not be a word of the game; a name of one or two
// letters ("X") is never linked unless bracketed.
func (n *names) plausible(q string, s, e int, words [][]int) bool {
	if e-s < 3 {
		return false
	}
	allCommon := true
	for _, w := range words {
		if !n.common[fold.Key(q[w[0]:w[1]])] {
			allCommon = false
			break
		}
	}
	face := n.face[fold.Key(q[s:e])] || n.face[trimEnding(fold.Key(q[s:e]))]
	if face && allCommon && len(words) == 1 {
		return false
	}
	// One word after a capitalised word that names no card, mid-sentence,
	// ends a longer name the catalogue doesn't hold ("Calamity, Galloping
	// Inferno" is no Inferno).
	if len(words) == 1 && n.afterAName(q[:s]) {
		return false
	}
	// A long uncommon word is a name in any case ("ornithopter"); a
	// short one ("opt") or one the game's text uses is a name only when
	// the question writes it as one.
	// One such word in lower case that is a name only with an ending
	// dropped is as often an English word inflected ("overrules",
	// "he has counterspells"): it is the card when written as a name or
	// after a player's possessive ("my ornithopters").
	if !face && !allCommon && (len(words) > 1 || e-s >= 7) {
		if len(words) > 1 || !lowerCase(q[s:e]) || !n.inflectedOnly(q[s:e]) || possessed.MatchString(q[:s]) {
			return true
		}
	}
	if !face && len(words) > 1 && n.named[fold.Key(q[s:e])] {
		return true
	}
	// A name of several of the game's words that its documents never
	// write together, told as a card ("my blood moon", "cast time stop"),
	// is the card.
	if !face && len(words) > 1 && !n.gamePhrase[fold.Key(q[s:e])] && toldAsCard.MatchString(q[:s]) {
		return true
	}
	return writtenAsName(q, s, words) && !(len(words) == 1 && n.afterAName(q[:s]))
}

// possessed is a player's possessive written before a word.
var possessed = regexp.MustCompile(`(?i)\b(?:my|your|his|her|their|opponent(?:'|’)?s)\s+$`)

// toldAsCard is what a question writes before a card it tells of: a
// player's possessive or "the", or casting it, having it or
// controlling it ("I have blood moon out", "my opponent controls a blood
// moon", "before the blood moon dropped"), or the
// whole question asks what it is or does ("what is blood moon").
var toldAsCard = regexp.MustCompile(`(?i)\b(?:my|your|his|her|their|the|opponent(?:'|’)?s|(?:cast|casts|casting|resolve|resolves|resolving|have|has|had|control|controls|controlled)(?:\s+(?:a|an|the))?)\s+$|^\s*(?:what is|what's|what does|how does)\s+$`)

// afterAName reports whether text ends with a capitalised word other than
// "I" and one space, that is no card's name: a one-word name written
// after it is the end of a longer name ("Grand Prix Trial"), not a card
// of its own ("Can I Frazzle Reality?" is two cards).
func (n *names) afterAName(text string) bool {
	before, ok := strings.CutSuffix(text, " ")
	spans := wordSpans(before)
	if !ok || len(spans) == 0 || spans[len(spans)-1][1] != len(before) {
		return false
	}
	w := before[spans[len(spans)-1][0]:]
	first, _ := utf8.DecodeRuneInString(w)
	return w != "I" && unicode.IsUpper(first) && !sentenceOpens(before[:len(before)-len(w)]) &&
		n.lookupSpan(w) == nil && n.lookupVerb(w) == nil
}

// sentenceOpens reports whether text, what precedes a word, leaves that
// word at the start of a sentence: it is empty or ends a sentence.
func sentenceOpens(text string) bool {
	t := strings.TrimRight(text, " \t\"“‘'(")
	return t == "" || strings.ContainsAny(t[len(t)-1:], ".!?:\n")
}

// smallWords are the words a card's name keeps in lower case inside it
// ("Go for Blood", "Leyline of the Void").
var smallWords = map[string]bool{"a": true, "an": true, "and": true, "as": true, "at": true, "by": true,
	"for": true, "from": true, "in": true, "into": true, "of": true, "on": true, "or": true,
	"the": true, "to": true, "upon": true, "with": true}

// writtenAsName reports whether a span is written as a card name: its
// first and last words capitalised (the small words between may be lower
// case), not at the start of a sentence unless it has several words (a
// sentence capitalises its first word only: "Wrath of God destroys…",
// "Time Stop ends the turn").
func writtenAsName(q string, s int, words [][]int) bool {
	for i, w := range words {
		r := []rune(q[w[0]:w[1]])
		if len(r) == 0 {
			return false
		}
		inner := i > 0 && i < len(words)-1
		if !unicode.IsUpper(r[0]) && !(inner && smallWords[string(r)]) {
			return false
		}
	}
	return len(words) > 1 || !sentenceOpens(q[:s])
}

// allDocumented reports whether every word of a name is a word of the
// game or one the documents write in the situations they tell.
func (n *names) allDocumented(name string) bool {
	for _, w := range wordsOf(name) {
		if k := fold.Key(w); !n.common[k] && !n.documented[k] {
			return false
		}
	}
	return true
}

// copiesBefore is what a question writes before a card's name to tell of
// several copies of it: "two Heartless Summonings", "my second Glorious
// Anthem", "another copy of", "3x", "a couple of".
var copiesBefore = regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d+x|another|second|third|fourth|multiple|several|both|a couple|a pair)\s+((copies|copy|of|my|your|his|her|their|the|these|those|opponent(’|')?s?)\s+){0,3}$`)

// copiesAfter is a count written after a name: "Glorious Anthem x2".
var copiesAfter = regexp.MustCompile(`(?i)^\s*(x\s?[2-9]|[2-9]x)\b`)

// copiesNamed counts, for each linked card the question tells of several
// copies of, how many: a number or "another"/"second" before its name, a
// count after it, or its name written as a plural ("two Wraths", "my
// Soul Wardens"). "Both" and "multiple" count only before a plural: "both
// Oblivion Ring and Emrakul" are two cards. A card told once is left out.
func copiesNamed(q string, links []Link) map[*cards.Card]int {
	var out map[*cards.Card]int
	for _, l := range links {
		span := q[l.Start:l.End]
		plural := isPlural(span, l.Card) && !possessiveNoun.MatchString(q[l.End:])
		n := 0
		if m := copiesBefore.FindStringSubmatch(q[max(0, l.Start-60):l.Start]); m != nil {
			w := strings.ToLower(m[1])
			switch {
			case numberWords[w] >= 2:
				n = numberWords[w]
			case w == "both" || w == "multiple" || w == "several" || w == "a couple" || w == "a pair":
				if plural {
					n = 2
				}
			case w[0] >= '2' && w[0] <= '9':
				n = int(w[0] - '0')
			default:
				n = 2
			}
		}
		if n == 0 && copiesAfter.MatchString(q[l.End:]) {
			n = 2
		}
		if n == 0 && plural {
			n = 2
		}
		if n >= 2 {
			if out == nil {
				out = map[*cards.Card]int{}
			}
			out[l.Card] = max(out[l.Card], n)
		}
	}
	return out
}

// possessiveNoun follows a card's name written in the possessive without
// its apostrophe ("the crystalline slivers ability"): one of its own
// things, in the singular, not more copies of it.
var possessiveNoun = regexp.MustCompile(`(?i)^\s+(?:ability|triggered ability|effect|text|power|toughness|controller|owner)\b`)

// isPlural reports whether a span names a card in the plural: it ends in
// "s" where the card's name does not, and is not a possessive.
func isPlural(span string, c *cards.Card) bool {
	span = strings.TrimSuffix(span, "]]")
	lower := strings.ToLower(span)
	if !strings.HasSuffix(lower, "s") || strings.HasSuffix(lower, "'s") || strings.HasSuffix(lower, "’s") {
		return false
	}
	name := fold.Key(c.Name)
	if i := strings.IndexByte(c.Name, ','); i > 0 && !strings.Contains(span, ",") {
		name = fold.Key(c.Name[:i])
	}
	return fold.Key(span) != name && trimEnding(fold.Key(span)) == name
}

// playerVerbs are what a player does and a card never does, told after
// the player's name ("Nin takes her turn", "Nice calls a judge"; a card
// takes damage), and
// what a player has ("Nin's opponent", "Nice's library").
var playerVerbs = regexp.MustCompile(`^(?:\s+(?:casts|draws|calls|says|passes|plays|takes (?:her|his|their|a|an|my|the) (?:turn|extra turn|mulligan)|shuffles|concedes|mulligans|activates|controls|looks|realizes|realises|notices|asks|reads|decides|chooses|declares|agrees|announces|shows|is playing|was playing)\b|[’']s\s+(?:opponent|turn|hand|library|graveyard|deck|decklist|sideboard|life total)\b)`)

// playerNamed reports whether a name a card is called by only in short
// (a legendary card's name before its comma, a face of a split card) is
// a player's name in this question: judges' scenarios name their players
// ("Nin", "Nice"), and a player casts, draws, calls a judge and takes
// turns wherever the question names them. The card's full name is the
// card however it is told.
func (n *names) playerNamed(q, span string, c *cards.Card) bool {
	k := fold.Key(span)
	if k == fold.Key(c.Name) || trimEnding(k) == fold.Key(c.Name) {
		return false
	}
	word := strings.TrimSuffix(strings.TrimSuffix(span, "'s"), "’s")
	for at := 0; ; {
		i := strings.Index(q[at:], word)
		if i < 0 {
			return false
		}
		s, e := at+i, at+i+len(word)
		at = e
		before, _ := utf8.DecodeLastRuneInString(q[:s])
		after, _ := utf8.DecodeRuneInString(q[e:])
		if (s == 0 || !isWordRune(before)) && (e == len(q) || !isWordRune(after)) && playerVerbs.MatchString(q[e:]) {
			return true
		}
	}
}
