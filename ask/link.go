package ask

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// maxNameWords is the longest card name, in words, the linker looks for
// ("Asmoranomardicadaistinaculdacar" is one; "Our Market Research Shows
// That Players Like Really Long Card Names So We Made this Card to Have
// the Absolute Longest Card Name Ever Elemental" is an Un-card).
const maxNameWords = 8

// names is the linker's index over the catalogue: every card's name, the
// name of each face, and the short name of a legendary card ("Thassa" for
// "Thassa, God of the Sea") when no other card is called that.
type names struct {
	full  map[string]*cards.Card // folded full or face name
	short map[string]*cards.Card // folded short name, unique ones only
	// common holds folded words of the game's own vocabulary (the CR's
	// text): a card named only with such words ("Fog", "Time Stop",
	// "Island") is linked only when the question writes it as a name.
	common map[string]bool
}

func newNames(cat *cards.Catalog, vocabulary []string) *names {
	n := &names{full: map[string]*cards.Card{}, short: map[string]*cards.Card{}, common: map[string]bool{}}
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
			}
		}
		if i := strings.IndexByte(c.Name, ','); i > 0 {
			shortCount[fold.Key(c.Name[:i])]++
		}
	}
	for _, c := range cat.Cards() {
		if i := strings.IndexByte(c.Name, ','); i > 0 {
			k := fold.Key(c.Name[:i])
			if shortCount[k] == 1 && n.full[k] == nil {
				n.short[k] = c
			}
		}
	}
	return n
}

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

// link finds the cards a question names: every [[Card]], then the longest
// runs of words that are a card's name (possessives and plurals too),
// never a name made only of the game's common words unless the question
// capitalises it mid-sentence.
func (n *names) link(q string) []Link {
	var out []Link
	taken := make([]bool, len(q))
	mark := func(s, e int) {
		for i := s; i < e; i++ {
			taken[i] = true
		}
	}
	seen := map[*cards.Card]bool{}
	add := func(c *cards.Card, s, e int) {
		mark(s, e)
		if !seen[c] {
			seen[c] = true
			out = append(out, Link{Card: c, Start: s, End: e})
		}
	}
	for _, m := range bracketed.FindAllStringSubmatchIndex(q, -1) {
		if c := n.find(q[m[2]:m[3]]); c != nil {
			add(c, m[0], m[1])
		} else {
			mark(m[0], m[1])
		}
	}
	words := wordRe.FindAllStringIndex(q, -1)
	for i := 0; i < len(words); i++ {
		if taken[words[i][0]] {
			continue
		}
		for k := min(maxNameWords, len(words)-i); k >= 1; k-- {
			s, e := words[i][0], words[i+k-1][1]
			if taken[e-1] {
				continue
			}
			c := n.lookupSpan(q[s:e])
			if c == nil || !n.plausible(q, s, e, words[i:i+k]) {
				continue
			}
			add(c, s, e)
			i += k - 1
			break
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
// the name: always for a name with an uncommon word; for a name made only
// of common words, only when every word is capitalised and the span does
// not start a sentence (then "Fog" in "I cast Fog" is the card and "fog"
// or "Island" at the start of a sentence is not).
func (n *names) plausible(q string, s, e int, words [][]int) bool {
	allCommon := true
	for _, w := range words {
		if !n.common[fold.Key(q[w[0]:w[1]])] {
			allCommon = false
			break
		}
	}
	// A long uncommon word is a name in any case ("ornithopter"); a
	// short one ("opt") or one the game's text uses is a name only when
	// the question writes it as one.
	if !allCommon && (len(words) > 1 || e-s >= 7) {
		return true
	}
	for _, w := range words {
		r := []rune(q[w[0]:w[1]])
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
	}
	before := strings.TrimRight(q[:s], " \t\"“‘'(")
	return before != "" && !strings.ContainsAny(before[len(before)-1:], ".!?:\n")
}

// allCommon reports whether every word of a name is a word of the game.
func (n *names) allCommon(name string) bool {
	for _, w := range wordRe.FindAllString(name, -1) {
		if !n.common[fold.Key(w)] {
			return false
		}
	}
	return true
}
