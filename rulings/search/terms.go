package search

import (
	"hash/maphash"
	"slices"
	"sort"
	"strings"
)

// termTable holds every indexed term and its postings in three flat
// arrays instead of a map: about a tenth of the memory of a map of 440,000
// terms, and a snapshot loads it without building anything.
type termTable struct {
	blob  string   // the terms, sorted, concatenated
	off   []uint32 // term i is blob[off[i]:off[i+1]]
	start []uint32 // the postings of term i are posts[start[i]:start[i+1]]
	posts []posting
	// nstart and nposts hold, per term, the postings of the narrow items
	// only (see Index.narrowPostings), in the same order: a search that
	// scores none of the wide kinds (cards, rulings: nine items in ten)
	// reads these instead of passing over the others one by one. nil when
	// the index has no wide kind.
	nstart []uint32
	nposts []posting
	// slots is an open-addressing hash table of the terms (term index
	// plus one, 0 for an empty slot), a power of two at least twice their
	// number, made by hashTerms: a query looks up some hundreds of terms,
	// each a binary search of nineteen comparisons among 430,000 terms.
	// (A Go map of the terms, keyed by slices of blob, takes 10.7 MiB for
	// 430,000 terms; the slots take 4 MiB.)
	slots []uint32
	seed  maphash.Seed
}

// hashTerms fills slots.
func (tt *termTable) hashTerms() {
	n := tt.len()
	size := 1
	for size < 2*n {
		size <<= 1
	}
	tt.seed = maphash.MakeSeed()
	tt.slots = make([]uint32, size)
	mask := uint64(size - 1)
	for i := range n {
		j := maphash.String(tt.seed, tt.term(i)) & mask
		for tt.slots[j] != 0 {
			j = (j + 1) & mask
		}
		tt.slots[j] = uint32(i + 1)
	}
}

// find returns the index of term, -1 when it is not indexed.
func (tt *termTable) find(term string) int {
	if tt.slots == nil {
		n := tt.len()
		i := sort.Search(n, func(i int) bool { return tt.term(i) >= term })
		if i == n || tt.term(i) != term {
			return -1
		}
		return i
	}
	mask := uint64(len(tt.slots) - 1)
	for j := maphash.String(tt.seed, term) & mask; ; j = (j + 1) & mask {
		s := tt.slots[j]
		if s == 0 {
			return -1
		}
		if tt.term(int(s-1)) == term {
			return int(s - 1)
		}
	}
}

// newTermTable merges the postings of contiguous chunks of items, in
// chunk order, walking their sorted term lists together.
func newTermTable(chunks []*buildChunk) *termTable {
	total, size, terms := 0, 0, 0
	for _, ch := range chunks {
		terms += len(ch.terms)
		for i, t := range ch.terms {
			total += len(ch.lists[i])
			size += len(t)
		}
	}
	tt := &termTable{off: make([]uint32, 1, terms+1), start: make([]uint32, 1, terms+1), posts: make([]posting, 0, total)}
	var b strings.Builder
	b.Grow(size)
	next := make([]int, len(chunks)) // per chunk, its next term
	for {
		// The smallest term not yet written, over every chunk.
		least, found := "", false
		for c, ch := range chunks {
			if next[c] < len(ch.terms) && (!found || ch.terms[next[c]] < least) {
				least, found = ch.terms[next[c]], true
			}
		}
		if !found {
			break
		}
		b.WriteString(least)
		tt.off = append(tt.off, uint32(b.Len()))
		for c, ch := range chunks {
			if next[c] < len(ch.terms) && ch.terms[next[c]] == least {
				tt.posts = append(tt.posts, ch.lists[next[c]]...)
				next[c]++
			}
		}
		tt.start = append(tt.start, uint32(len(tt.posts)))
	}
	tt.blob = b.String()
	return tt
}

func (tt *termTable) len() int { return len(tt.off) - 1 }

func (tt *termTable) term(i int) string { return tt.blob[tt.off[i]:tt.off[i+1]] }

// lookup returns the postings of term, nil when it is not indexed.
func (tt *termTable) lookup(term string) []posting {
	ps, _ := tt.lookupBoth(term)
	return ps
}

// lookupBoth returns the postings of term and those of its narrow items
// (nil when the table keeps no narrow postings or term is not indexed).
func (tt *termTable) lookupBoth(term string) (ps, narrow []posting) {
	i := tt.find(term)
	if i < 0 {
		return nil, nil
	}
	ps = tt.posts[tt.start[i]:tt.start[i+1]]
	if tt.nstart != nil {
		narrow = tt.nposts[tt.nstart[i]:tt.nstart[i+1]]
	}
	return ps, narrow
}

// keepNarrow fills nstart and nposts with the postings of the items
// narrow marks (by item), in their order.
func (tt *termTable) keepNarrow(narrow func(doc int32) bool) {
	n := tt.len()
	tt.nstart = make([]uint32, n+1)
	count := 0
	for _, p := range tt.posts {
		if narrow(p.doc) {
			count++
		}
	}
	tt.nposts = make([]posting, 0, count)
	for i := range n {
		for _, p := range tt.posts[tt.start[i]:tt.start[i+1]] {
			if narrow(p.doc) {
				tt.nposts = append(tt.nposts, p)
			}
		}
		tt.nstart[i+1] = uint32(len(tt.nposts))
	}
}

// vocabulary lists the surface words (before stemming), sorted by length
// then alphabetically, with their stems and runes, for typo correction.
type vocabulary struct {
	words, stems []string
	runes        [][]rune
	// masks holds, per word, the set of letters it uses (a bit per letter
	// a–z, one bit for anything else): an edit adds at most one letter to
	// the set and removes at most one, so a word whose set differs by more
	// than the allowed edits is passed over without aligning it.
	masks []uint32
	byLen map[int][2]int // length -> range of words
}

// letterMask is the set of letters a word uses.
func letterMask(w []rune) uint32 {
	var m uint32
	for _, r := range w {
		if r >= 'a' && r <= 'z' {
			m |= 1 << (r - 'a')
		} else {
			m |= 1 << 26
		}
	}
	return m
}

func newVocabulary(words, stems []string) *vocabulary {
	v := &vocabulary{words: words, stems: stems, runes: make([][]rune, len(words)), masks: make([]uint32, len(words)), byLen: map[int][2]int{}}
	total := 0
	for _, w := range words {
		total += len(w)
	}
	flat := make([]rune, 0, total) // one allocation for every word
	for i, w := range words {
		s := len(flat)
		flat = append(flat, []rune(w)...)
		v.runes[i] = flat[s:len(flat):len(flat)]
		v.masks[i] = letterMask(v.runes[i])
		r := v.byLen[len(w)]
		if r[1] == 0 {
			r[0] = i
		}
		r[1] = i + 1
		v.byLen[len(w)] = r
	}
	return v
}

// vocabFromStems sorts a surface -> stem map into a vocabulary.
func vocabFromStems(m map[string]string) *vocabulary {
	words := make([]string, 0, len(m))
	for w := range m {
		words = append(words, w)
	}
	sortByLen(words)
	stems := make([]string, len(words))
	for i, w := range words {
		stems[i] = m[w]
	}
	return newVocabulary(words, stems)
}

func sortByLen(words []string) {
	slices.SortFunc(words, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
}
