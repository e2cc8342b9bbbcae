// Package crdiff compares two versions of the Comprehensive Rules: the rules
// and glossary entries added, removed, renumbered (matched by their text,
// not reported as one removal and one addition) and changed, with a
// word-level diff of each changed text.
package crdiff

import (
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// Kind is what happened to a rule or a glossary entry.
type Kind int

// Kinds of change.
const (
	Added Kind = iota + 1
	Removed
	// Changed: same number (or term), different text.
	Changed
	// Renumbered: a different number (or term) for the same or a similar
	// text; Words is set when the text changed too.
	Renumbered
)

func (k Kind) String() string {
	switch k {
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Changed:
		return "changed"
	case Renumbered:
		return "renumbered"
	}
	return "?"
}

// Op is one run of a word-level diff.
type Op struct {
	Kind OpKind
	Text string // words separated by single spaces
}

// OpKind says whether a run of words is kept, deleted or inserted.
type OpKind int

// Op kinds.
const (
	Equal OpKind = iota
	Delete
	Insert
)

// Change is one rule or glossary entry that differs.
type Change struct {
	Kind Kind
	// Old and New are the rule numbers (or glossary terms) in the old and
	// the new version; Old is empty for an addition, New for a removal.
	Old, New string
	// OldText and NewText are the compared texts (a rule's text with its
	// examples, a glossary entry's text).
	OldText, NewText string
	// Similarity of the texts, 0..1 (token-set Dice coefficient); 1 for
	// identical texts.
	Similarity float64
	// Words is the word-level diff from OldText to NewText, set for
	// changed and renumbered items whose text differs.
	Words []Op
}

// ID is the number (or term) the change is known by: the new one, or the
// old one for a removal.
func (c Change) ID() string {
	if c.New != "" {
		return c.New
	}
	return c.Old
}

// Diff is the comparison of two versions.
type Diff struct {
	OldDate, NewDate time.Time
	// Rules in the new version's order (removals in the old version's
	// order, after the rest).
	Rules []Change
	// Glossary entries, the same way.
	Glossary []Change
}

// Counts of the changes of each kind.
type Counts struct {
	Added, Removed, Changed, Renumbered int
}

// Total is the number of changes.
func (c Counts) Total() int { return c.Added + c.Removed + c.Changed + c.Renumbered }

// Count counts changes by kind.
func Count(cs []Change) Counts {
	var n Counts
	for _, c := range cs {
		switch c.Kind {
		case Added:
			n.Added++
		case Removed:
			n.Removed++
		case Changed:
			n.Changed++
		case Renumbered:
			n.Renumbered++
		}
	}
	return n
}

// Rule finds the change of a rule by its number in the new version (or in
// the old one, for a removal or the old number of a renumbered rule).
func (d *Diff) Rule(id string) (Change, bool) {
	for _, c := range d.Rules {
		if c.New == id {
			return c, true
		}
	}
	for _, c := range d.Rules {
		if c.Old == id {
			return c, true
		}
	}
	return Change{}, false
}

// Under keeps the rule changes whose old or new number is id or lies below
// it ("702" keeps 702.19b; "702.1" keeps 702.1a but not 702.10).
func (d *Diff) Under(id string) []Change {
	var out []Change
	for _, c := range d.Rules {
		if within(c.New, id) || within(c.Old, id) {
			out = append(out, c)
		}
	}
	return out
}

// within reports whether rule number x is id or one of its descendants.
func within(x, id string) bool {
	if x == "" || !strings.HasPrefix(x, id) {
		return false
	}
	if len(x) == len(id) {
		return true
	}
	next := x[len(id)]
	if strings.HasSuffix(id, ".") {
		return true
	}
	if next == '.' {
		return true
	}
	// 702.1 -> 702.1a is a child; 702.1 -> 702.10 is not. A section "7"
	// holds rules 700..799.
	last := id[len(id)-1]
	if len(id) == 1 {
		head, _, _ := strings.Cut(x, ".")
		return len(head) == 3
	}
	return unicode.IsDigit(rune(last)) && next >= 'a' && next <= 'z'
}

// Thresholds of the matching, on the token-set Dice coefficient.
const (
	// SameIDThreshold: a rule that keeps its number is "changed" when its
	// texts are at least this similar; below it, the old rule counts as
	// removed and the new one as added (the number was reused).
	SameIDThreshold = 0.4
	// MoveThreshold: a removed rule and an added one are the same rule
	// renumbered when their texts are at least this similar.
	MoveThreshold = 0.75
	// minMoveTokens: texts shorter than this (in distinct words) are
	// matched across numbers only when identical; short template texts
	// ("Flying is an evasion ability.") are too alike otherwise.
	minMoveTokens = 6
	// sameKeyBonus is added to the similarity of a same-number pair when
	// ranking the candidate pairs.
	sameKeyBonus = 0.05
)

// Compare diffs two parsed versions.
func Compare(old, new *cr.Rules) *Diff {
	d := &Diff{OldDate: old.EffectiveDate, NewDate: new.EffectiveDate}
	d.Rules = match(ruleItems(old), ruleItems(new))
	d.Glossary = match(glossaryItems(old), glossaryItems(new))
	return d
}

// item is one comparable unit: a rule or a glossary entry.
type item struct {
	id   string
	key  string // the id as matched across versions (glossary: folded term)
	text string
}

func ruleItems(rs *cr.Rules) []item {
	out := make([]item, 0, len(rs.Order))
	for _, id := range rs.Order {
		r, ok := rs.Rule(id)
		if !ok {
			continue
		}
		out = append(out, item{id: id, key: id, text: ruleContent(r)})
	}
	return out
}

// ruleContent is what is compared of a rule: its text (the heading for a
// titled rule) and its examples.
func ruleContent(r *cr.Rule) string {
	t := r.Text
	if t == "" {
		t = r.Title
	}
	for _, ex := range r.Examples {
		t += "\n" + ex
	}
	return t
}

func glossaryItems(rs *cr.Rules) []item {
	out := make([]item, 0, len(rs.Glossary))
	for _, g := range rs.Glossary {
		out = append(out, item{id: g.Term, key: strings.ToLower(g.Term), text: g.Text})
	}
	return out
}

// match pairs the items of two versions one to one: first the same key
// with the same text, then the same text under another key, then by
// similarity (best pairs first, the same key preferred), and lists what
// differs.
func match(olds, news []item) []Change {
	pairOf := make([]int, len(olds)) // old index -> new index, -1 unmatched
	taken := make([]bool, len(news))
	for i := range pairOf {
		pairOf[i] = -1
	}
	newByKey := make(map[string]int, len(news))
	newByText := make(map[string][]int, len(news))
	for j, n := range news {
		newByKey[n.key] = j
		newByText[n.text] = append(newByText[n.text], j)
	}
	// 1. Same key, same text.
	for i, o := range olds {
		if j, ok := newByKey[o.key]; ok && news[j].text == o.text {
			pairOf[i], taken[j] = j, true
		}
	}
	// 2. Same text under another key: a renumbering. When several new
	// items carry the text, the first free one in order is taken, which
	// follows a shifted run of subrules.
	for i, o := range olds {
		if pairOf[i] >= 0 {
			continue
		}
		for _, j := range newByText[o.text] {
			if !taken[j] {
				pairOf[i], taken[j] = j, true
				break
			}
		}
	}
	// 3. Similar texts: score candidate pairs through an inverted index of
	// the free new items' words, then take the best pairs greedily.
	oldTok := make([][]int32, len(olds))
	newTok := make([][]int32, len(news))
	vocab := map[string]int32{}
	for j, n := range news {
		if !taken[j] {
			newTok[j] = tokenSet(n.text, vocab)
		}
	}
	post := make(map[int32][]int32)
	for j := range news {
		for _, t := range newTok[j] {
			post[t] = append(post[t], int32(j))
		}
	}
	type cand struct {
		o, n  int
		score float64
		same  bool
	}
	var cands []cand
	inter := make([]int32, len(news))
	var touched []int32
	for i, o := range olds {
		if pairOf[i] >= 0 {
			continue
		}
		oldTok[i] = tokenSet(o.text, vocab)
		touched = touched[:0]
		for _, t := range oldTok[i] {
			for _, j := range post[t] {
				if inter[j] == 0 {
					touched = append(touched, j)
				}
				inter[j]++
			}
		}
		sameJ, hasSame := newByKey[o.key]
		for _, j := range touched {
			n := int(inter[j])
			inter[j] = 0
			s := 2 * float64(n) / float64(len(oldTok[i])+len(newTok[j]))
			same := hasSame && int(j) == sameJ
			switch {
			case same && s >= SameIDThreshold:
			case !same && s >= MoveThreshold && len(oldTok[i]) >= minMoveTokens && len(newTok[j]) >= minMoveTokens:
			default:
				continue
			}
			if same {
				// Numbers are stable far more often than not: a rule that
				// keeps its number and stays similar is "changed", unless
				// its text clearly moved to another number.
				s += sameKeyBonus
			}
			cands = append(cands, cand{o: i, n: int(j), score: s, same: same})
		}
	}
	sort.Slice(cands, func(a, b int) bool {
		ca, cb := cands[a], cands[b]
		if ca.score != cb.score {
			return ca.score > cb.score
		}
		if ca.same != cb.same {
			return ca.same
		}
		if ca.o != cb.o {
			return ca.o < cb.o
		}
		return ca.n < cb.n
	})
	pairScore := make([]float64, len(olds))
	for _, c := range cands {
		if pairOf[c.o] < 0 && !taken[c.n] {
			pairOf[c.o], taken[c.n] = c.n, true
			pairScore[c.o] = c.score
			if c.same {
				pairScore[c.o] -= sameKeyBonus
			}
		}
	}

	// List the differences in the new version's order.
	oldOf := make([]int, len(news))
	for j := range oldOf {
		oldOf[j] = -1
	}
	for i, j := range pairOf {
		if j >= 0 {
			oldOf[j] = i
		}
	}
	var out []Change
	for j, n := range news {
		i := oldOf[j]
		if i < 0 {
			out = append(out, Change{Kind: Added, New: n.id, NewText: n.text})
			continue
		}
		o := olds[i]
		if o.key == n.key && o.text == n.text {
			continue
		}
		c := Change{Kind: Changed, Old: o.id, New: n.id, OldText: o.text, NewText: n.text, Similarity: 1}
		if o.key != n.key {
			c.Kind = Renumbered
		}
		if o.text != n.text {
			c.Words = Words(o.text, n.text)
			c.Similarity = pairScore[i]
		}
		out = append(out, c)
	}
	for i, o := range olds {
		if pairOf[i] < 0 {
			out = append(out, Change{Kind: Removed, Old: o.id, OldText: o.text})
		}
	}
	return out
}

// tokenSet is the set of distinct lower-cased words of a text, as ids.
func tokenSet(text string, vocab map[string]int32) []int32 {
	words := tokenize(text)
	out := make([]int32, 0, len(words))
	seen := make(map[int32]bool, len(words))
	for _, w := range words {
		id, ok := vocab[w]
		if !ok {
			id = int32(len(vocab)) + 1
			vocab[w] = id
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// tokenize splits a text into lower-cased words and numbers (rule
// numbers stay whole: "704.5k").
func tokenize(text string) []string {
	f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '\'' || r == '’' || r == '{' || r == '}' || r == '/')
	})
	out := f[:0]
	for _, w := range f {
		w = strings.Trim(w, ".'’")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}
