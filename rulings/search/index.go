// Package search is Arbiter's one ranked index over rules, glossary, cards,
// rulings and tournament documents: BM25F over stemmed words and two-word
// phrases, Magic-aware tokens, typo tolerance, a boost from glossary entries
// to the rules they cite, and a quote mode that finds the paragraph a pasted
// text comes from.
package search

import (
	"math"
	"math/bits"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Doc is one searchable item.
type Doc struct {
	Kind  string   `json:"kind"` // rule, glossary, card, ruling, mtr, ipg, jar
	ID    string   `json:"id"`
	Title string   `json:"title,omitempty"`
	Text  string   `json:"text"`
	Refs  []string `json:"refs,omitempty"`
	// Extra is text that belongs to the item but weighs less: a rule's
	// examples, a card's rulings.
	Extra string `json:"-"`
	// Context names where the item sits ("Creatures", "Haste"), so that a
	// subrule is found by its rule's subject.
	Context string `json:"-"`
	// BoostRefs passes part of this item's score to the rule docs it cites
	// (glossary entries, card rulings).
	BoostRefs bool `json:"-"`
	// NoTitleBonus keeps the item out of the title-match bonus: a chapter
	// heading ("704. State-Based Actions") names a subject its rules answer.
	NoTitleBonus bool `json:"-"`
	// Weight scales the item's score: below 1 for headings and summaries
	// that should not outrank the rules that say the thing itself.
	Weight float32 `json:"-"`
	// Opening is, for a heading, the rule that opens its section and says
	// what the heading names ("514.1" for "514. Cleanup Step"): what is lent
	// to the heading is lent to it too.
	Opening string `json:"-"`
}

// Result is one ranked hit.
type Result struct {
	Kind    string   `json:"kind"`
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Snippet string   `json:"snippet"`
	Text    string   `json:"text"`
	Score   float64  `json:"score"`
	Refs    []string `json:"refs"`
}

// Options narrow a search.
type Options struct {
	Kinds []string // empty: every kind
	Limit int      // 0: 10
	// NoSnippet leaves the results' Snippet empty: a caller that re-ranks
	// many results makes snippets for the few it keeps (Index.Snippet).
	NoSnippet bool
}

// Params are the ranking constants. Defaults were chosen on the evaluation
// set in rulings/testdata/eval.tsv.
type Params struct {
	// Field weights (BM25F): a word in a title says more than one in running
	// text, and an example says less.
	Title, Text, Extra, Context float32
	// Phrase is the query weight of a two-word phrase term.
	Phrase float32
	K1, B  float32
	// RefBoost is the share of a glossary entry's score given to the rules
	// it cites.
	RefBoost float32
	// TitleMatch is added, per word of the title, to an item whose whole
	// title the query names ("how does first strike work" names the
	// glossary entry and rule titled "First Strike").
	TitleMatch float32
	// IDFPow sharpens inverse document frequency (1 is plain BM25): above 1,
	// a rare word such as "Hero" counts for more against common ones.
	IDFPow float64
	// Rare multiplies, by 1+Rare, the weight of a query word found in at most
	// RareDF items.
	Rare   float32
	RareDF int
	// Concept is the query weight of words added for a known phrasing.
	Concept float32
	// Derived is the query weight of the stems a query word is linked to
	// by a derivation ("concede" for "concession"; see derive).
	Derived float32
	// Opening is the share of a loan to a heading that goes to the rule
	// opening its section, when the query names the lending item: it is
	// scaled by the share of the query's words the item's title takes, so
	// that "what happens in the cleanup step" finds 514.1 while a story
	// that mentions a step in passing is left alone.
	Opening float32
	// Broken is the weight, relative to other phrases, of two words with
	// punctuation between them ("declare blockers step, combat damage
	// step"): they seldom say one thing.
	Broken float32
	// Coord rewards items that match more of the query's words: the score is
	// multiplied by (share of query words matched)^Coord.
	Coord float64
}

// DefaultParams are used by Build.
var DefaultParams = Params{Title: 3, Text: 1, Extra: 0.4, Context: 1.2, Phrase: 0.7, K1: 1.2, B: 0.75, RefBoost: 0.5, Opening: 0.5, Broken: 0.3, Coord: 0.25, TitleMatch: 8, Concept: 0.8, Derived: 0.4}

type posting struct {
	doc int32
	tf  float32 // weighted term frequency across fields
}

// Index is immutable once built and safe for concurrent searches.
type Index struct {
	p      Params
	docs   []Doc
	lens   []float32
	avgLen float32
	terms  *termTable
	vocab  *vocabulary        // surface words by length, for typo look-ups
	byKey  map[docKey]int32   // kind and id -> doc
	exact  map[uint64]int32   // hash of the folded whole text -> doc, for pasted paragraphs
	titles map[string][]int32 // stemmed title words -> docs with that title
	pool   sync.Pool          // *scratch
	// derived links a stem to the stems of the words made from it, or it
	// from, by a derivation the stemmer does not undo (see derive).
	derived map[string][]string
	// kindNames lists the kinds of item; kindCode holds, per item, the
	// index of its kind, with lends set when it passes score to the rules
	// it cites. A search narrowed to some kinds scores only the items it
	// may return and those that lend.
	kindNames []string
	kindCode  []uint8
	// narrowCode marks the kind codes whose items' postings the term
	// table also keeps apart (see narrowPostings).
	narrowCode [256]bool
	// refDocs holds, per item that lends, the rule items its Refs name
	// (those the index holds, in the order of Refs): looked up once rather
	// than for every search that scores the item.
	refDocs [][]int32
	// fixes remembers typo corrections (word -> fix, "" for none), at most
	// maxFixes of them: a correction scans the vocabulary, and the same
	// unknown words (card names, slang) come back in query after query.
	fixes  sync.Map
	nFixes atomic.Int32
	// quoteRuns remembers, per item, its distinct three-word runs, sorted
	// (see quoteBoost), for at most maxQuoteRuns items: the items a paste
	// is compared with are mostly the same few rules from query to query,
	// and tokenizing them again cost more than the rest of the comparison.
	quoteRuns  []atomic.Pointer[[]string]
	nQuoteRuns atomic.Int32
	// snipTexts remembers texts' sentences for Snipper (see sentenceWords).
	snipTexts  sync.Map
	nSnipTexts atomic.Int32
	// recent holds the terms of the last few queries read (see
	// recentTerms): one question is often searched twice, for different
	// kinds of item or another limit.
	recent atomic.Pointer[[]readQuery]
}

// readQuery is a query and its terms, which no search changes, and what
// quoteBoost compares with the items.
type readQuery struct {
	q     string
	qts   []queryTerm
	quote quoteQuery
}

// maxRecent is how many queries' terms an Index keeps.
const maxRecent = 8

// recentTerms returns the terms of q, read again only when q is not
// among the last maxRecent queries read.
func (ix *Index) recentTerms(q string) []queryTerm { return ix.recentQuery(q).qts }

// recentQuery returns q read (its terms, and its words as quoteBoost
// compares them), read again only when q is not among the last maxRecent
// queries read.
func (ix *Index) recentQuery(q string) readQuery {
	old := ix.recent.Load()
	if old != nil {
		for _, r := range *old {
			if r.q == q {
				return r
			}
		}
	}
	read := readQuery{q: q, qts: ix.queryTerms(q), quote: readQuote(q)}
	next := make([]readQuery, 0, maxRecent)
	next = append(next, read)
	if old != nil {
		next = append(next, (*old)[:min(len(*old), maxRecent-1)]...)
	}
	// Another search may have stored its query meanwhile: keeping either
	// list is right, so a lost race is left lost.
	ix.recent.CompareAndSwap(old, &next)
	return read
}

// maxQuoteRuns bounds the items whose runs an Index remembers.
const maxQuoteRuns = 1 << 13

// maxFixes bounds the corrections an Index remembers.
const maxFixes = 1 << 16

// lends marks, in a kindCode, an item that lends score to the rules it
// cites.
const lends = 0x80

// indexKinds fills kindNames and kindCode from the items, and refDocs.
func (ix *Index) indexKinds() {
	ix.kindNames = ix.kindNames[:0]
	ix.kindCode = make([]uint8, len(ix.docs))
	for i := range ix.docs {
		d := &ix.docs[i]
		k := slices.Index(ix.kindNames, d.Kind)
		if k < 0 {
			k = len(ix.kindNames)
			ix.kindNames = append(ix.kindNames, d.Kind)
		}
		code := uint8(k & 0x7f)
		if d.BoostRefs && len(d.Refs) > 0 {
			code |= lends
		}
		ix.kindCode[i] = code
	}
	ix.refDocs = make([][]int32, len(ix.docs))
	ix.quoteRuns = make([]atomic.Pointer[[]string], len(ix.docs))
	for i := range ix.docs {
		d := &ix.docs[i]
		if !d.BoostRefs {
			continue
		}
		for _, ref := range d.Refs {
			if j, ok := ix.byKey[docKey{"rule", ref}]; ok {
				ix.refDocs[i] = append(ix.refDocs[i], j)
			}
		}
	}
}

// readyTerms makes the term table's look-ups once its items' kinds are
// known: its hash table and its narrow postings.
func (ix *Index) readyTerms() {
	ix.terms.hashTerms()
	ix.narrowPostings()
}

// wideShare is the share of the items from which a kind is wide: its
// items' postings are not kept among the narrow ones.
const wideShare = 4

// narrowPostings keeps apart, per term, the postings of the items of
// narrow kinds and of the items that lend (see termTable.nstart): with
// the whole catalogue, cards and rulings hold nine postings in ten, and a
// search for rules passed over them one by one.
func (ix *Index) narrowPostings() {
	counts := make([]int, len(ix.kindNames))
	for _, c := range ix.kindCode {
		counts[c&0x7f]++
	}
	wide := false
	for code := range 256 {
		k := code & 0x7f
		if k < len(counts) && counts[k]*wideShare > len(ix.docs) && code&lends == 0 {
			wide = true
			continue
		}
		ix.narrowCode[code] = true
	}
	if !wide || len(ix.kindNames) > 0x7f {
		return
	}
	ix.terms.keepNarrow(func(d int32) bool { return ix.narrowCode[ix.kindCode[d]] })
}

// onlyNarrow reports whether every kind code scored marks has its
// postings among the narrow ones (and the table keeps them).
func (ix *Index) onlyNarrow(scored *[256]bool) bool {
	if scored == nil || ix.terms.nstart == nil {
		return false
	}
	for code, s := range scored {
		if s && !ix.narrowCode[code] {
			return false
		}
	}
	return true
}

// kindFilter returns which kind codes a search may return and which it
// must score (those it returns and those that lend), or nil for every
// kind.
func (ix *Index) kindFilter(kinds []string) (returns, scores *[256]bool) {
	if len(kinds) == 0 || len(ix.kindNames) > 0x7f {
		return nil, nil
	}
	returns, scores = new([256]bool), new([256]bool)
	for code := range 256 {
		k := code & 0x7f
		if k < len(ix.kindNames) && slices.Contains(kinds, ix.kindNames[k]) {
			returns[code], scores[code] = true, true
		}
		if code&lends != 0 {
			scores[code] = true
		}
	}
	return returns, scores
}

type docKey struct{ kind, id string }

// scratch is the per-search working memory, pooled so that a search
// allocates nothing in proportion to the number of items: scores and
// matched are indexed by item and cleared at the touched items only.
type scratch struct {
	scores, matched []float32
	touched, hits   []int32
	cands           []int32
	// loan holds, per rule, the largest loan to it so far; lent marks the
	// rules in loaned, which lists those given one.
	loan   []float32
	lent   []bool
	loaned []int32
}

func (ix *Index) getScratch() *scratch {
	if s, ok := ix.pool.Get().(*scratch); ok {
		return s
	}
	n := len(ix.docs)
	return &scratch{scores: make([]float32, n), matched: make([]float32, n), touched: make([]int32, 0, 256), loan: make([]float32, n), lent: make([]bool, n)}
}

func (ix *Index) putScratch(s *scratch) {
	for _, d := range s.touched {
		s.scores[d], s.matched[d] = 0, 0
	}
	// A search touching most items leaves a large list; keep it only when
	// it is not much larger than usual.
	if cap(s.touched) > 1<<16 {
		s.touched = make([]int32, 0, 256)
	}
	for _, d := range s.loaned {
		s.loan[d], s.lent[d] = 0, false
	}
	s.touched, s.hits, s.cands, s.loaned = s.touched[:0], s.hits[:0], s.cands[:0], s.loaned[:0]
	ix.pool.Put(s)
}

// exactHash hashes a quote key (FNV-1a, stable across runs so that
// snapshots can store it).
func exactHash(k string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(k); i++ {
		h ^= uint64(k[i])
		h *= 1099511628211
	}
	return h
}

// Build indexes docs.
func Build(docs []Doc) *Index { return BuildWith(docs, DefaultParams) }

// BuildWith indexes docs with the given ranking constants.
func BuildWith(docs []Doc, p Params) *Index {
	ix := &Index{
		p:      p,
		docs:   docs,
		lens:   make([]float32, len(docs)),
		byKey:  make(map[docKey]int32, len(docs)),
		exact:  make(map[uint64]int32, len(docs)),
		titles: map[string][]int32{},
	}
	for i, d := range docs {
		ix.byKey[docKey{d.Kind, d.ID}] = int32(i)
	}
	// Items are tokenised in contiguous chunks on every processor; the
	// chunks are merged in item order, so the index is the same whatever
	// the number of processors.
	nChunks := min(runtime.GOMAXPROCS(0), max(1, len(docs)/2000))
	chunks := make([]*buildChunk, nChunks)
	var wg sync.WaitGroup
	for c := range chunks {
		lo, hi := c*len(docs)/nChunks, (c+1)*len(docs)/nChunks
		chunks[c] = &buildChunk{stems: map[string]string{}, titles: map[string][]int32{}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			chunks[c].index(ix, lo, hi)
		}()
	}
	wg.Wait()
	stems := map[string]string{}
	for _, ch := range chunks {
		for _, e := range ch.exact {
			ix.exact[e.hash] = e.doc
		}
		for k, ds := range ch.titles {
			ix.titles[k] = append(ix.titles[k], ds...)
		}
		for w, st := range ch.stems {
			stems[w] = st
		}
	}
	var total float64
	for _, l := range ix.lens {
		total += float64(l)
	}
	if len(docs) > 0 {
		ix.avgLen = float32(total / float64(len(docs)))
	}
	ix.terms = newTermTable(chunks)
	ix.vocab = vocabFromStems(stems)
	ix.indexKinds()
	ix.readyTerms()
	ix.derive()
	return ix
}

// buildChunk is what indexing a range of items gives.
type buildChunk struct {
	terms  []string    // sorted
	lists  [][]posting // the postings of each term
	stems  map[string]string
	exact  []exactDoc
	titles map[string][]int32
}

type exactDoc struct {
	hash uint64
	doc  int32
}

func (ch *buildChunk) index(ix *Index, lo, hi int) {
	p := ix.p
	// Terms get small ids so that accumulating a document's term
	// frequencies needs no map and a phrase no string until it is new.
	ids := make(map[string]int32, 1<<14)
	pairs := make(map[uint64]int32, 1<<15)
	var terms []string
	var lists [][]posting
	var last, slot []int32 // per term: 1 + the document last counted, its acc entry
	type entry struct {
		id int32
		tf float32
	}
	var acc []entry
	id := func(t string) int32 {
		if i, ok := ids[t]; ok {
			return i
		}
		i := int32(len(terms))
		ids[t] = i
		terms = append(terms, t)
		lists = append(lists, nil)
		last = append(last, 0)
		slot = append(slot, 0)
		return i
	}
	for i := lo; i < hi; i++ {
		d := &ix.docs[i]
		acc = acc[:0]
		mark := int32(i + 1)
		add := func(t int32, w float32) {
			if last[t] != mark {
				last[t], slot[t] = mark, int32(len(acc))
				acc = append(acc, entry{t, w})
			} else {
				acc[slot[t]].tf += w
			}
		}
		var length float32
		var titleToks []token
		for fi, f := range []struct {
			text string
			w    float32
		}{{d.Title, p.Title}, {d.Text, p.Text}, {d.Extra, p.Extra}, {d.Context, p.Context}} {
			if f.text == "" {
				continue
			}
			// As addTerms: every word, and every two neighbouring words
			// as a phrase.
			toks := tokenizeWith(f.text, ch.stems)
			prev := int32(-1)
			for k, t := range toks {
				cur := id(t.term)
				add(cur, f.w)
				if k > 0 && toks[k-1].pos >= t.pos-2 && (!t.broken || p.Broken > 0) {
					key := uint64(uint32(prev))<<32 | uint64(uint32(cur))
					ph, ok := pairs[key]
					if !ok {
						ph = id(phrase(toks[k-1].term, t.term))
						pairs[key] = ph
					}
					w := f.w
					if t.broken {
						w *= p.Broken
					}
					add(ph, w)
				}
				prev = cur
			}
			if fi == 0 {
				titleToks = toks
			}
			length += f.w * float32(len(toks))
			if f.text == d.Text {
				if k := joinSurfaces(toks); len(k) > 40 {
					ch.exact = append(ch.exact, exactDoc{exactHash(k), int32(i)})
				}
			}
		}
		for _, e := range acc {
			lists[e.id] = append(lists[e.id], posting{doc: int32(i), tf: e.tf})
		}
		ix.lens[i] = length
		if n := len(titleToks); n > 0 && n <= maxTitleWords && !d.NoTitleBonus {
			ch.titles[joinTerms(titleToks)] = append(ch.titles[joinTerms(titleToks)], int32(i))
		}
	}
	order := make([]int32, len(terms))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(terms[a], terms[b]) })
	ch.terms = make([]string, len(order))
	ch.lists = make([][]posting, len(order))
	for k, i := range order {
		ch.terms[k], ch.lists[k] = terms[i], lists[i]
	}
}

// joinTerms is titleKey's key for tokens already made.
func joinTerms(toks []token) string {
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.term
	}
	return strings.Join(parts, " ")
}

// Len is the number of indexed items.
func (ix *Index) Len() int { return len(ix.docs) }

// Doc returns the item of a kind and id.
func (ix *Index) Doc(kind, id string) (Doc, bool) {
	i, ok := ix.byKey[docKey{kind, id}]
	if !ok {
		return Doc{}, false
	}
	return ix.docs[i], true
}

func (ix *Index) idf(df int) float32 {
	n := float64(len(ix.docs))
	idf := math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
	if ix.p.IDFPow != 0 && ix.p.IDFPow != 1 {
		idf = math.Pow(idf, ix.p.IDFPow)
	}
	return float32(idf)
}

// maxTitleWords bounds the titles matched inside queries.
const maxTitleWords = 5

// titleBoost rewards items whose whole title appears in the query as a run
// of words, longer titles more.
// It returns the items so named, with the number of words of their title.
func (ix *Index) titleBoost(qts []queryTerm, scores []float32, touched *[]int32) (named []titled) {
	if ix.p.TitleMatch == 0 {
		return nil
	}
	var words []string
	for _, q := range qts {
		if q.word {
			words = append(words, q.term)
		}
	}
	for i := range words {
		for n := 1; n <= maxTitleWords && i+n <= len(words); n++ {
			for _, d := range ix.titles[strings.Join(words[i:i+n], " ")] {
				if scores[d] == 0 {
					*touched = append(*touched, d)
				}
				scores[d] += ix.p.TitleMatch * float32(n)
				named = append(named, titled{d, n})
			}
		}
	}
	return named
}

// opening is the rule that opens heading j's section, following headings
// that open with another heading; -1 when j is no heading.
func (ix *Index) opening(j int32) int32 {
	o := int32(-1)
	for range 3 {
		k, ok := ix.byKey[docKey{"rule", ix.docs[j].Opening}]
		if !ok {
			break
		}
		o, j = k, k
	}
	return o
}

// titled is an item whose whole title a query names, and the title's
// length in words.
type titled struct {
	doc   int32
	words int
}

// queryTerm is a weighted term of a query.
type queryTerm struct {
	term string
	w    float32
	// word is set for the query's own words (typo-corrected or not), as
	// opposed to synonyms, phrases and concept words added for it.
	word bool
	// ps is the term's postings when looked is set (a query word is looked
	// up once, when the query is read), and narrow those of its narrow
	// items.
	ps, narrow []posting
	looked     bool
}

// Search ranks the items that match q.
func (ix *Index) Search(q string, opt Options) []Result {
	limit := opt.Limit
	if limit <= 0 {
		limit = 10
	}
	if len(ix.docs) == 0 || strings.TrimSpace(q) == "" {
		return nil
	}
	returns, scored := ix.kindFilter(opt.Kinds)
	allowed := func(i int) bool {
		return returns == nil || returns[ix.kindCode[i]]
	}
	read := ix.recentQuery(q)
	qts := read.qts
	onlyNarrow := ix.onlyNarrow(scored)
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	scores, matched := sc.scores, sc.matched
	// matched counts, per item, the query words (not phrases or synonyms)
	// it contains, for the coordination factor.
	touched := &sc.touched
	var words float32
	k1, b := ix.p.K1, ix.p.B
	for _, qt := range qts {
		word := qt.word
		if word {
			words++
		}
		ps, narrow := qt.ps, qt.narrow
		if !qt.looked {
			ps, narrow = ix.terms.lookupBoth(qt.term)
		}
		if len(ps) == 0 {
			continue
		}
		idf := ix.idf(len(ps)) * qt.w
		// A word found in only a handful of items ("Hero", "Treasure")
		// names the thing asked about: it counts once more.
		if word && len(ps) <= ix.p.RareDF {
			idf *= 1 + ix.p.Rare
		}
		// The items passed over below are none of the narrow ones.
		if onlyNarrow {
			ps = narrow
		}
		for _, p := range ps {
			// An item the search may not return and that lends nothing
			// cannot change the results.
			if scored != nil && !scored[ix.kindCode[p.doc]] {
				continue
			}
			norm := k1 * (1 - b + b*ix.lens[p.doc]/ix.avgLen)
			if scores[p.doc] == 0 {
				*touched = append(*touched, p.doc)
			}
			scores[p.doc] += idf * p.tf * (k1 + 1) / (p.tf + norm)
			if word {
				matched[p.doc]++
			}
		}
	}
	named := ix.titleBoost(qts, scores, touched)
	if words > 1 && ix.p.Coord > 0 {
		// (m/words)^Coord for each possible count m.
		factor := make([]float32, int(words)+1)
		for m := range factor {
			factor[m] = float32(math.Pow(float64(m)/float64(words), ix.p.Coord))
		}
		for _, d := range *touched {
			scores[d] *= factor[min(int(matched[d]), len(factor)-1)]
		}
	}
	// Glossary entries and rulings lend weight to the rules they cite: the
	// question "summoning sickness" is answered by rule 302.6. A rule takes
	// the largest loan, not the sum: dozens of token entries cite 111.10,
	// and together they must not make it the answer to every token question.
	// (kindCode marks the items that lend: BoostRefs with Refs.)
	loans, lent := sc.loan, sc.lent
	lend := func(j int32, loan float32) {
		if !lent[j] {
			lent[j] = true
			sc.loaned = append(sc.loaned, j)
		}
		loans[j] = max(loans[j], loan)
	}
	for _, d := range *touched {
		if ix.kindCode[d]&lends == 0 || scores[d] <= 0 {
			continue
		}
		loan := ix.p.RefBoost * scores[d] / float32(len(ix.docs[d].Refs))
		// The share of the query's words the item's title takes: 1 when
		// the query names the item and little else.
		about := float32(0)
		for _, t := range named {
			if t.doc == d {
				about = max(about, float32(t.words)/words)
			}
		}
		for _, j := range ix.refDocs[d] {
			lend(j, loan)
			// A glossary entry the query names that cites a heading ("See
			// rule 514, Cleanup Step") is answered by the rule that opens
			// the heading's section; a heading opened by another heading
			// ("5. Turn Structure", "500. General") by the rule under both.
			if about > 0 {
				if o := ix.opening(j); o >= 0 {
					lend(o, ix.p.Opening*about*loan)
				}
			}
		}
	}
	for _, j := range sc.loaned {
		if scores[j] == 0 {
			*touched = append(*touched, j)
		}
		scores[j] += loans[j]
	}
	for _, d := range *touched {
		if w := ix.docs[d].Weight; w > 0 {
			scores[d] *= w
		}
	}
	quote := ix.quoteBoost(&read.quote, scores, matched, words, touched, allowed, &sc.cands)
	hits := sc.hits[:0]
	for _, d := range *touched {
		if scores[d] > 0 && allowed(int(d)) {
			hits = append(hits, d)
		}
	}
	sc.hits = hits
	hits = topK(hits, scores, limit)
	out := make([]Result, 0, len(hits))
	for _, d := range hits {
		doc := ix.docs[d]
		r := Result{Kind: doc.Kind, ID: doc.ID, Title: doc.Title, Text: doc.Text, Score: round(float64(scores[d])), Refs: nonNil(doc.Refs)}
		if !opt.NoSnippet {
			r.Snippet = snippet(cmpOr(doc.Text, doc.Title), qts, quote)
		}
		out = append(out, r)
	}
	return out
}

// Snippet is the sentence of text holding most of q's words, cut to about
// 200 characters, as a result's snippet is made; words are compared folded,
// a plural "s" aside, without stemming, since a caller asks for a few
// snippets of long items at once.
func (ix *Index) Snippet(q, text string) string { return ix.Snipper(q)(text) }

// Snipper reads q's words once and returns Snippet for any text: a caller
// that makes snippets of many texts for one query folds it only once.
func (ix *Index) Snipper(q string) func(text string) string {
	const max = 200
	want := map[string]bool{}
	for _, w := range strings.Fields(fold.Key(q)) {
		if len(w) > 2 && !stopwords[w] {
			want[strings.TrimSuffix(w, "s")] = true
		}
	}
	return func(text string) string {
		if utf8.RuneCountInString(text) <= max {
			return cut(text, max)
		}
		best, bestHits := "", -1
		for _, s := range ix.sentenceWords(text) {
			hits := 0
			for _, w := range s.words {
				if want[w] {
					hits++
				}
			}
			if hits > bestHits {
				best, bestHits = s.text, hits
			}
		}
		return cut(best, max)
	}
}

// sentenceWords is a text's sentences, each with its distinct words
// folded, a plural "s" aside, as Snipper compares them with a query's.
// The texts snippets are made of are mostly the same rules from query to
// query: an Index remembers the sentences of at most maxSnipTexts texts.
func (ix *Index) sentenceWords(text string) []foldedSentence {
	if v, ok := ix.snipTexts.Load(text); ok {
		return v.([]foldedSentence)
	}
	ss := sentences(text)
	out := make([]foldedSentence, len(ss))
	for i, s := range ss {
		var words []string
		// A folded key is words between single spaces.
		for k := fold.Key(s); k != ""; {
			var w string
			w, k, _ = strings.Cut(k, " ")
			if w = strings.TrimSuffix(w, "s"); !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		out[i] = foldedSentence{s, words}
	}
	if ix.nSnipTexts.Load() < maxSnipTexts {
		if _, loaded := ix.snipTexts.LoadOrStore(text, out); !loaded {
			ix.nSnipTexts.Add(1)
		}
	}
	return out
}

// foldedSentence is a sentence of a text and its distinct folded words.
type foldedSentence struct {
	text  string
	words []string
}

// maxSnipTexts bounds the texts whose sentences an Index remembers.
const maxSnipTexts = 1 << 13

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func round(f float64) float64 { return math.Round(f*1000) / 1000 }

// queryTerms turns a query into weighted terms: words (with Magic synonyms
// and typo corrections) and two-word phrases.
func (ix *Index) queryTerms(q string) []queryTerm {
	q = expandAbbreviations(q)
	q = howMany.ReplaceAllString(q, "$1")
	toks := tokenize(q)
	seen := map[string]int{}
	var out []queryTerm
	add := func(t string, w float32, word bool) int {
		if i, ok := seen[t]; ok {
			out[i].w = max(out[i].w, w)
			out[i].word = out[i].word || word
			return i
		}
		seen[t] = len(out)
		out = append(out, queryTerm{term: t, w: w, word: word})
		return len(out) - 1
	}
	for i, t := range toks {
		if ps, narrow := ix.terms.lookupBoth(t.term); ps != nil {
			j := add(t.term, 1, true)
			out[j].ps, out[j].narrow, out[j].looked = ps, narrow, true
		} else if fix := ix.correct(t.surface); fix != "" {
			add(fix, 0.8, true)
			toks[i].term = fix
		}
		for _, syn := range synonyms[t.term] {
			add(syn, 0.5, false)
		}
		if ix.p.Derived > 0 {
			for _, d := range ix.derivedTerms(t) {
				add(d, ix.p.Derived, false)
			}
		}
		for _, kind := range symbolKinds(t.term) {
			add(kind, 0.5, false)
		}
		if i > 0 && toks[i-1].pos >= t.pos-2 && (!t.broken || ix.p.Broken > 0) {
			w := ix.p.Phrase
			if t.broken {
				w *= ix.p.Broken
			}
			add(phrase(toks[i-1].term, toks[i].term), w, false)
		}
	}
	// Known phrasings add the CR's words for the same idea, and their
	// phrases, at half weight.
	ct := tokenize(expandConcepts(q))
	for i, t := range ct {
		add(t.term, ix.p.Concept, false)
		if i > 0 && ct[i-1].pos >= t.pos-2 {
			add(phrase(ct[i-1].term, t.term), ix.p.Concept*ix.p.Phrase, false)
		}
	}
	return out
}

// howMany asks for an amount ("how many poison counters to lose"): the
// rule that answers states the amount ("ten or more poison counters"),
// and the CR's own "many" is the amount of something else ("that many",
// "as many as"), so the query keeps the "how" (a stopword) only.
var howMany = regexp.MustCompile(`(?i)\b(how) many\b`)

// correct finds, for an unknown word, the stem of the most frequent indexed
// word within a small edit distance of it: one edit for words of 4 to 7 letters, two beyond.
func (ix *Index) correct(w string) string {
	if v, ok := ix.fixes.Load(w); ok {
		return v.(string)
	}
	fix := ix.correction(w)
	if ix.nFixes.Load() < maxFixes {
		if _, loaded := ix.fixes.LoadOrStore(w, fix); !loaded {
			ix.nFixes.Add(1)
		}
	}
	return fix
}

// correction is correct without the memory.
func (ix *Index) correction(w string) string {
	n := len(w)
	if n < 4 || strings.ContainsAny(w, "{}/.") {
		return ""
	}
	maxD := 1
	if n >= 8 {
		maxD = 2
	}
	best, bestDF, bestD := "", 0, maxD+1
	wr := []rune(w)
	wm := letterMask(wr)
	for l := n - maxD; l <= n+maxD; l++ {
		r := ix.vocab.byLen[l]
		for i := r[0]; i < r[1]; i++ {
			if m := ix.vocab.masks[i]; bits.OnesCount32(m&^wm) > maxD || bits.OnesCount32(wm&^m) > maxD {
				continue
			}
			d := fold.Distance(wr, ix.vocab.runes[i], maxD)
			if d > maxD {
				continue
			}
			st := ix.vocab.stems[i]
			if df := len(ix.terms.lookup(st)); d < bestD || (d == bestD && df > bestDF) {
				best, bestDF, bestD = st, df, d
			}
		}
	}
	return best
}

// topK returns the k best of cands by score, best first, ties by position:
// a bounded selection, since sorting every hit dominated query time.
func topK(cands []int32, scores []float32, k int) []int32 {
	better := func(a, b int32) bool {
		if scores[a] != scores[b] {
			return scores[a] > scores[b]
		}
		return a < b
	}
	if k <= 0 || len(cands) == 0 {
		return nil
	}
	// heap holds the best k so far with the worst of them at heap[0].
	heap := make([]int32, 0, k)
	down := func(i int) {
		for {
			l, w := 2*i+1, i
			if l < len(heap) && better(heap[w], heap[l]) {
				w = l
			}
			if r := l + 1; r < len(heap) && better(heap[w], heap[r]) {
				w = r
			}
			if w == i {
				return
			}
			heap[i], heap[w] = heap[w], heap[i]
			i = w
		}
	}
	for _, c := range cands {
		if len(heap) < k {
			heap = append(heap, c)
			for i := len(heap) - 1; i > 0; {
				p := (i - 1) / 2
				if !better(heap[p], heap[i]) {
					break
				}
				heap[i], heap[p] = heap[p], heap[i]
				i = p
			}
			continue
		}
		if better(c, heap[0]) {
			heap[0] = c
			down(0)
		}
	}
	sort.Slice(heap, func(i, j int) bool { return better(heap[i], heap[j]) })
	return heap
}
