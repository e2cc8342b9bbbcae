package cards

import (
	"cmp"
	"iter"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sahilm/fuzzy"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Name look-up works on fold.Key forms ("Æther Vial" -> "aether vial") and
// goes from the most to the least certain match, stopping at the first tier
// that answers:
//
//  1. exact name, then exact face name ("Fire" finds "Fire // Ice"),
//     then exact foreign name ("Artefaktbeseelung" finds Ensoul Artifact);
//  2. prefix of a name or face name, one that ends a word of the name
//     first ("thassa" ends the first word of Thassa, God of the Sea but
//     not of Thassa's Oracle);
//  3. every typed word is the prefix of a name word, in order ("ens art");
//  4. a typo within a small edit distance (Damerau-Levenshtein), nearest
//     first;
//  5. sahilm/fuzzy subsequence match whose first letter starts a word of the
//     name and whose letters are mostly anchored (see fuzzy);
//  6. prefix of a foreign name.
//
// Cards a tier finds equally well go more played first (Card.EDHRECRank;
// a card no source ranks after those ranked), then shorter names, then
// alphabetical: "lightning" is a whole word of Lightning Axe, Lightning
// Bolt and Lightning Greaves alike, and the shortest name is the least
// likely meant of the three. How well a
// tier finds a card is never traded for how much the card is played: an
// exact name, a face name or a foreign name answers however obscure, and
// a prefix ending a word beats one ending inside a word.
//
// Foreign exact names come before the fuzzy tiers because a German or
// French name is often a subsequence of some long English name.
// The word-start rule in tier 5 is what keeps "Opt" from answering
// Flowstone Thopter and "Nix" from answering Phoenix: their letters appear
// in order, but not from the start of a word.

// fuzzyMaxRunes caps the query given to sahilm/fuzzy: its adjacency bonus
// grows with every consecutive matched rune and overflows int at about 40.
// Card names typed by hand are far shorter.
const fuzzyMaxRunes = 32

// fuzzyMaxScored bounds how many pre-filtered names sahilm scores per
// query (see fuzzy).
const fuzzyMaxScored = 100

type keyed struct {
	key  string
	card int32
}

type nameIndex struct {
	cards []*Card
	// rank is each card's EDHRECRank, with none as the largest value, so
	// that a smaller value is always the more played card.
	rank  []uint32
	keys  *nameKeys
	exact map[string]int32 // full name key
	faces map[string]int32 // face name key

	sorted     []keyed // full and face name keys, by key
	words      []keyed // every name key suffix that starts at a word, by key
	foreignSrt []keyed // foreign name keys, by key

	// fuzzy candidates: one per full name, parallel slices.
	fKeys []string
	// fRunes holds each fKeys entry as runes (one shared array), so that
	// edit distances decode nothing per query.
	fRunes [][]rune
	// grams is an inverted index from letter pairs (hashed into
	// gramBuckets, with start and end marks) to the positions of the names
	// that hold them: a name within d edits of a query shares all but 3d of
	// the query's distinct pairs, which rules out nearly every name before
	// any distance is computed.
	gramStart   []uint32
	gramPos     []int32   // per code, ordered by name length in runes, then position
	gramLen     []uint8   // the name length (capped at 255) of each gramPos entry
	fLen        []uint8   // per name, its length in runes (capped at 255)
	countPool   sync.Pool // *[]uint8, one counter per name
	wvOnce      sync.Once
	wordScratch sync.Pool // *wordScratch
	wv          *wordVocabulary
	touchedPool sync.Pool // *[]int32
	fMasks      []uint64
	fCard       []int32
	fWords      [][]string
	// fWordMasks holds runeMask of each word in fWords, for a cheap lower
	// bound on edit distance.
	fWordMasks [][]uint64
	// posOfCard maps a card to its position in the fuzzy slices, -1 for a
	// name that folds to nothing.
	posOfCard []int32
	// initials lists, for each first byte of a word, the positions (in the
	// fuzzy slices) of the names with a word starting with it: a fuzzy
	// match must start at a word, so only those names are tried.
	initials [256][]int32
}

// nameKeys are the folded keys of a catalogue's names: the costly part of
// a name index (accent folding of 130,000 foreign names), which snapshots
// store so that a load only assembles the index.
type nameKeys struct {
	full    []string // per card: nameKey(Name), "" for none
	faces   []keyed  // face names that differ from the full name, first card per key
	foreign []keyed  // foreign names and their "//" parts, by key then card, no repeats
}

func computeNameKeys(cards []*Card) *nameKeys {
	nk := &nameKeys{full: make([]string, len(cards))}
	seenFace := map[string]bool{}
	for i, c := range cards {
		ci := int32(i)
		key := nameKey(c.Name)
		nk.full[i] = key
		if key == "" {
			continue
		}
		for _, f := range c.Faces {
			fk := fold.Key(f.Name)
			if fk == "" || fk == key || seenFace[fk] {
				continue
			}
			seenFace[fk] = true
			nk.faces = append(nk.faces, keyed{fk, ci})
		}
		for _, fn := range c.ForeignNames {
			if fk := fold.Key(fn.Name); fk != "" {
				nk.foreign = append(nk.foreign, keyed{fk, ci})
			}
			// "Feu // Glace" is also found as "Feu" and "Glace".
			if parts := strings.Split(fn.Name, "//"); len(parts) > 1 {
				for _, p := range parts {
					if fk := fold.Key(p); fk != "" {
						nk.foreign = append(nk.foreign, keyed{fk, ci})
					}
				}
			}
		}
	}
	sortKeyed(nk.foreign)
	nk.foreign = slices.Compact(nk.foreign)
	return nk
}

func sortKeyed(s []keyed) {
	slices.SortFunc(s, func(a, b keyed) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return int(a.card - b.card)
	})
}

func buildNameIndex(cards []*Card) *nameIndex {
	return assembleNameIndex(cards, computeNameKeys(cards))
}

// assembleNameIndex builds the look-up structures from the keys; it does
// no folding.
func assembleNameIndex(cards []*Card, nk *nameKeys) *nameIndex {
	ix := &nameIndex{
		cards:      cards,
		keys:       nk,
		exact:      make(map[string]int32, len(cards)),
		faces:      make(map[string]int32, len(nk.faces)),
		posOfCard:  make([]int32, len(cards)),
		foreignSrt: nk.foreign,
		rank:       make([]uint32, len(cards)),
	}
	for i := range ix.posOfCard {
		ix.posOfCard[i] = -1
	}
	for i, c := range cards {
		ix.rank[i] = math.MaxUint32
		if c.EDHRECRank > 0 {
			ix.rank[i] = uint32(c.EDHRECRank)
		}
	}
	for i := range cards {
		ci := int32(i)
		key := nk.full[i]
		if key == "" {
			continue
		}
		ix.exact[key] = ci
		ix.sorted = append(ix.sorted, keyed{key, ci})
		ix.addWords(key, ci)
		ix.fKeys = append(ix.fKeys, key)
		ix.fMasks = append(ix.fMasks, runeMask(key))
		ix.fCard = append(ix.fCard, ci)
		ix.fWords = append(ix.fWords, strings.Fields(key))
		wm := make([]uint64, len(ix.fWords[len(ix.fWords)-1]))
		for j, w := range ix.fWords[len(ix.fWords)-1] {
			wm[j] = runeMask(w)
		}
		ix.fWordMasks = append(ix.fWordMasks, wm)
		pos := int32(len(ix.fKeys) - 1)
		ix.posOfCard[ci] = pos
		var seenInitial [256]bool
		for _, w := range ix.fWords[pos] {
			if b := w[0]; !seenInitial[b] {
				seenInitial[b] = true
				ix.initials[b] = append(ix.initials[b], pos)
			}
		}
	}
	for _, f := range nk.faces {
		ix.faces[f.key] = f.card
		ix.sorted = append(ix.sorted, f)
	}
	ix.buildGrams()
	ix.wordVocab() // built now, not by the first query that needs it
	sortKeyed(ix.sorted)
	sortKeyed(ix.words)
	return ix
}

func (ix *nameIndex) addWords(key string, ci int32) {
	for i := 1; i < len(key); i++ {
		if key[i-1] == ' ' {
			ix.words = append(ix.words, keyed{key[i:], ci})
		}
	}
}

// runeMask has one bit per letter or digit present in s, so a name that
// lacks one of the query's letters is skipped before fuzzy matching.
func runeMask(s string) uint64 {
	var m uint64
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			m |= 1 << uint(r-'a')
		case r >= '0' && r <= '9':
			m |= 1 << uint(26+r-'0')
		case r == ' ':
		default:
			m |= 1 << uint(36+int(r)%28)
		}
	}
	return m
}

// byPlay compares two cards by how much they are played: negative when a
// is the more played, 0 when neither is ranked above the other.
func (ix *nameIndex) byPlay(a, b int32) int { return cmp.Compare(ix.rank[a], ix.rank[b]) }

// prefixRange returns the entries of s whose key starts with p.
func prefixRange(s []keyed, p string) []keyed {
	lo := sort.Search(len(s), func(i int) bool { return s[i].key >= p })
	hi := lo
	for hi < len(s) && strings.HasPrefix(s[hi].key, p) {
		hi++
	}
	return s[lo:hi]
}

// Lookup finds the card a user most likely meant. See the tier list above.
func (c *Catalog) Lookup(name string) (*Card, bool) {
	ix := c.index()
	ids := ix.lookup(queryKey(name), 1)
	if len(ids) == 0 {
		return nil, false
	}
	return ix.cards[ids[0]], true
}

// Misspelled returns the card whose name a word is a typo of, when only
// one name is that close: one edit for a word of four to seven letters,
// two for eight to fifteen ("Tarmagoyf" is Tarmogoyf). Unlike Lookup it
// reads no prefixes, words of longer names or foreign names: a word of a
// sentence that is none of the game's is a name only if it is nearly one.
func (c *Catalog) Misspelled(word string) (*Card, bool) {
	ix := c.index()
	k := queryKey(word)
	if _, exact := ix.exact[k]; exact || k == "" {
		return nil, false
	}
	ids := ix.typos(k, strictTypoLimit(k), 2)
	if len(ids) != 1 {
		return nil, false
	}
	return ix.cards[ids[0]], true
}

// maxOthers bounds the other matches LookupAll lists.
const maxOthers = 10

// LookupAll is Lookup that also says what else the name matches: others
// lists, best first, up to ten other cards the same tier found (a prefix
// several names share, a typo close to several names, a foreign name two
// cards were printed with). "thassa" gives Thassa, Deep-Dwelling and lists
// Thassa, God of the Sea, Thassa's Oracle, …; an exact name lists nothing.
// A reply shows others as "Did you mean".
func (c *Catalog) LookupAll(name string) (best *Card, others []string, ok bool) {
	ix := c.index()
	ids := ix.lookup(queryKey(name), maxOthers+1)
	if len(ids) == 0 {
		return nil, nil, false
	}
	for _, id := range ids[1:] {
		others = append(others, ix.cards[id].Name)
	}
	return ix.cards[ids[0]], others, true
}

// lookup returns the cards of the first tier that answers k, best first, at
// most n of them.
func (ix *nameIndex) lookup(k string, n int) []int32 {
	if k == "" {
		return nil
	}
	if i, ok := ix.exact[k]; ok {
		return []int32{i}
	}
	if i, ok := ix.faces[k]; ok {
		return []int32{i}
	}
	if ids := ix.mostPlayed(distinctCards(exactRange(ix.foreignSrt, k), 0), n); len(ids) > 0 {
		// A foreign name printed on several cards: the more played
		// first.
		return ids
	}
	if ids := ix.bestPrefixes(prefixRange(ix.sorted, k), k, n); len(ids) > 0 {
		return ix.withTypos(ids, k, n)
	}
	if ids := ix.wordPrefixes(k, n); len(ids) > 0 {
		// "Plans" is a word of Secret Plans and one letter from Plains:
		// the first answers, the second is listed.
		return ix.withTypos(ids, k, n)
	}
	if ids := ix.typos(k, strictTypoLimit(k), n); len(ids) > 0 {
		return ids
	}
	if ids := ix.oneLetterShort(k, n); len(ids) > 0 {
		return ids
	}
	if ids := ix.fuzzy(k, n); len(ids) > 0 {
		return ids
	}
	return ix.bestPrefixes(prefixRange(ix.foreignSrt, k), k, n)
}

// mostPlayed orders ids more played first, keeping their order otherwise,
// and keeps at most n (0: all).
func (ix *nameIndex) mostPlayed(ids []int32, n int) []int32 {
	slices.SortStableFunc(ids, ix.byPlay)
	if n > 0 && len(ids) > n {
		ids = ids[:n]
	}
	return ids
}

// withTypos appends to ids (when more than one is wanted) the names a typo
// away from k, so that the other reading of the typed text is listed.
func (ix *nameIndex) withTypos(ids []int32, k string, n int) []int32 {
	if n <= 1 || len(ids) >= n {
		return ids
	}
	for _, id := range append(ix.typos(k, min(strictTypoLimit(k), 1), n), ix.oneLetterShort(k, n)...) {
		if len(ids) < n && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// exactRange returns the entries of s whose key is k.
func exactRange(s []keyed, k string) []keyed {
	r := prefixRange(s, k)
	i := 0
	for i < len(r) && r[i].key == k {
		i++
	}
	return r[:i]
}

// distinctCards returns the cards of r in order, each once, at most n of
// them (0: all).
func distinctCards(r []keyed, n int) []int32 {
	var out []int32
	for _, e := range r {
		if n > 0 && len(out) == n {
			break
		}
		if !slices.Contains(out, e.card) {
			out = append(out, e.card)
		}
	}
	return out
}

// bestPrefixes orders the names that start with k (r, in key order): the
// name that is k first, then those where k ends a word ("thassa" is
// Thassa, God of the Sea's first word, not a part of "Thassa's"), then the
// more played cards, then shorter names, then alphabetical; at most n
// cards.
func (ix *nameIndex) bestPrefixes(r []keyed, k string, n int) []int32 {
	if len(r) == 0 {
		return nil
	}
	// class: 0 the whole name, 1 k ends a word, 2 k ends inside a word.
	class := func(e keyed) int {
		switch {
		case len(e.key) == len(k):
			return 0
		case e.key[len(k)] == ' ':
			return 1
		}
		return 2
	}
	order := func(a, b keyed) int {
		if c := class(a) - class(b); c != 0 {
			return c
		}
		if c := ix.byPlay(a.card, b.card); c != 0 {
			return c
		}
		return len(a.key) - len(b.key)
	}
	if n == 1 { // the common case, without sorting
		best := r[0]
		for _, e := range r[1:] {
			if order(e, best) < 0 {
				best = e
			}
		}
		return []int32{best.card}
	}
	sorted := slices.Clone(r)
	slices.SortStableFunc(sorted, order)
	return distinctCards(sorted, n)
}

// Suggest returns up to n card names close to name, best first, for a "did
// you mean" answer after a miss. It is looser than Lookup.
func (c *Catalog) Suggest(name string, n int) []string {
	ix := c.index()
	k := queryKey(name)
	if k == "" || n <= 0 {
		return nil
	}
	out := newCollector(ix, n)
	for _, m := range []map[string]int32{ix.exact, ix.faces} {
		if i, ok := m[k]; ok {
			out.add(i)
		}
	}
	out.addKeyed(exactRange(ix.foreignSrt, k))
	out.addKeyed(prefixRange(ix.sorted, k))
	out.add(ix.wordPrefixes(k, n)...)
	out.add(ix.typosCapped(k, looseTypoLimit(k), n, maxLooseCandidates)...)
	out.add(ix.fuzzy(k, n)...)
	out.add(ix.wordTypos(k, n)...)
	out.addKeyed(prefixRange(ix.foreignSrt, k))
	return out.names
}

// Autocomplete returns up to n names for a partly typed name, the way
// Discord's option autocomplete wants them: names starting with the text
// first (the name that is the text, then the more played cards, then
// alphabetical), then names with a word starting with it, then foreign
// names starting with it (each group more played first), then fuzzy
// matches. A name being typed is not yet a word, so unlike Lookup it does
// not put a name where the text ends a word first: "light" lists
// Lightning Bolt before Light of Hope. It never runs fuzzy matching when
// the cheap tiers already filled the list.
func (c *Catalog) Autocomplete(prefix string, n int) []string {
	ix := c.index()
	k := queryKey(prefix)
	if k == "" || n <= 0 {
		return nil
	}
	out := newCollector(ix, n)
	out.add(ix.topPlayed(prefixRange(ix.sorted, k), k, n)...)
	if out.full() {
		return out.names
	}
	out.add(ix.topPlayed(prefixRange(ix.words, k), k, n)...)
	if out.full() {
		return out.names
	}
	if strings.IndexByte(k, ' ') >= 0 {
		out.add(ix.wordPrefixes(k, n)...)
		if out.full() {
			return out.names
		}
	}
	out.add(ix.topPlayed(prefixRange(ix.foreignSrt, k), k, n)...)
	if out.full() {
		return out.names
	}
	out.add(ix.fuzzy(k, n)...)
	return out.names
}

// topPlayed returns the n best distinct cards of r (entries in key order):
// a card whose key is k first, then the more played, then in r's order.
// A short prefix holds thousands of names, so the best n are kept as r
// is read instead of sorting r.
func (ix *nameIndex) topPlayed(r []keyed, k string, n int) []int32 {
	type pick struct {
		card  int32
		exact bool
	}
	better := func(a, b pick) bool {
		if a.exact != b.exact {
			return a.exact
		}
		return ix.rank[a.card] < ix.rank[b.card]
	}
	top := make([]pick, 0, min(n, len(r)))
	for _, e := range r {
		p := pick{e.card, e.key == k}
		if i := slices.IndexFunc(top, func(q pick) bool { return q.card == p.card }); i >= 0 {
			if !better(p, top[i]) {
				continue
			}
			top = slices.Delete(top, i, i+1) // seen again as its whole name
		} else if len(top) == n && !better(p, top[n-1]) {
			continue
		}
		// After the equal ones already kept: r's order breaks ties.
		at := len(top)
		for at > 0 && better(p, top[at-1]) {
			at--
		}
		if len(top) == n {
			top = top[:n-1]
			at = min(at, len(top))
		}
		top = slices.Insert(top, at, p)
	}
	ids := make([]int32, len(top))
	for i, p := range top {
		ids[i] = p.card
	}
	return ids
}

func (c *Catalog) index() *nameIndex {
	if ix := c.idx.Load(); ix != nil {
		return ix
	}
	ix := buildNameIndex(c.cards)
	c.idx.CompareAndSwap(nil, ix)
	return c.idx.Load()
}

// collector gathers distinct card names up to a limit.
type collector struct {
	ix    *nameIndex
	n     int
	seen  map[int32]bool
	names []string
}

func newCollector(ix *nameIndex, n int) *collector {
	return &collector{ix: ix, n: n, seen: make(map[int32]bool, n)}
}

func (o *collector) full() bool { return len(o.names) >= o.n }

func (o *collector) add(ids ...int32) {
	for _, id := range ids {
		if o.full() {
			return
		}
		if o.seen[id] {
			continue
		}
		o.seen[id] = true
		o.names = append(o.names, o.ix.cards[id].Name)
	}
}

func (o *collector) addKeyed(r []keyed) {
	for _, e := range r {
		if o.full() {
			return
		}
		o.add(e.card)
	}
}

// wordPrefixes returns cards whose name words start with each typed word in
// order ("ens art" -> Ensoul Artifact), the more played first, then the
// shortest name. limit 0 means all of them.
func (ix *nameIndex) wordPrefixes(k string, limit int) []int32 {
	q := strings.Fields(k)
	if len(q) == 0 {
		return nil
	}
	type hit struct {
		card int32
		n    int
	}
	var hits []hit
	// Candidates are the names with a word starting with the longest typed
	// word, read from the sorted name and word-suffix lists instead of
	// scanning every name.
	longest := q[0]
	for _, w := range q[1:] {
		if len(w) > len(longest) {
			longest = w
		}
	}
	seen := map[int32]bool{}
	for _, r := range [][]keyed{prefixRange(ix.sorted, longest), prefixRange(ix.words, longest)} {
		for _, e := range r {
			if seen[e.card] {
				continue
			}
			seen[e.card] = true
			pos := ix.posOfCard[e.card]
			if pos < 0 {
				continue
			}
			words := ix.fWords[pos]
			if len(words) < len(q) {
				continue
			}
			j := 0
			for _, w := range words {
				if j < len(q) && strings.HasPrefix(w, q[j]) {
					j++
				}
			}
			if j == len(q) {
				hits = append(hits, hit{e.card, len(ix.fKeys[pos])})
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if c := ix.byPlay(a.card, b.card); c != 0 {
			return c
		}
		return a.n - b.n
	})
	out := make([]int32, 0, len(hits))
	for _, h := range hits {
		out = append(out, h.card)
		if limit > 0 && len(out) == limit {
			break
		}
	}
	return out
}

// wordTypos compares word by word, for misses with a typo in several words
// or an extra word ("Ensol Artefact Thing"): a name scores one point per
// typed word that is a prefix of, or a few edits from, one of its words.
// Names matching at least half the typed words (and at least one) rank by
// points, then total edits, then the more played, then length.
func (ix *nameIndex) wordTypos(k string, n int) []int32 {
	var qs [][]rune
	var qm []uint64
	for _, w := range strings.Fields(k) {
		// Card names have few words; more typed words than a long name
		// has only cost time.
		if utf8.RuneCountInString(w) >= 3 && len(qs) < 8 {
			qs = append(qs, []rune(w))
			qm = append(qm, runeMask(w))
		}
	}
	if len(qs) == 0 {
		return nil
	}
	need := max(1, (len(qs)+1)/2)
	wv := ix.wordVocab()
	sc := ix.getWordScratch()
	defer ix.wordScratch.Put(sc)
	for qi, qr := range qs {
		limit := 1
		if len(qr) >= 6 {
			limit = 2
		}
		qw := string(qr)
		// best holds, per name, 1 + the fewest edits of one of its words
		// to this typed word (0: none matched yet).
		note := func(word int32, d int) {
			for _, pos := range wv.names[word] {
				if b := sc.best[pos]; b == 0 {
					sc.best[pos] = uint8(d + 1)
					sc.bestTouched = append(sc.bestTouched, pos)
				} else if int(b) > d+1 {
					sc.best[pos] = uint8(d + 1)
				}
			}
		}
		// Words the typed word starts (no edits), then words a few edits
		// away.
		for _, e := range prefixRange(wv.sorted, qw) {
			note(e.card, 0)
		}
		// Only words of a length within limit of the typed word's (words
		// it starts are noted already).
		last := len(wv.lenStart) - 1
		for _, wi := range wv.byLen[wv.lenStart[min(max(len(qr)-limit, 0), last)]:wv.lenStart[min(len(qr)+limit+1, last)]] {
			wr := wv.runes[wi]
			m := wv.masks[wi]
			if bits.OnesCount64(m&^qm[qi]) > limit || bits.OnesCount64(qm[qi]&^m) > limit {
				continue
			}
			if d := fold.Distance(qr, wr, limit); d <= limit {
				note(int32(wi), d)
			}
		}
		for _, pos := range sc.bestTouched {
			if sc.points[pos] == 0 {
				sc.touched = append(sc.touched, pos)
			}
			sc.points[pos]++
			sc.edits[pos] += uint16(sc.best[pos] - 1)
			sc.best[pos] = 0
		}
		sc.bestTouched = sc.bestTouched[:0]
	}
	type hit struct {
		pos           int32
		points, edits int
		n             int
	}
	var hits []hit
	for _, pos := range sc.touched {
		if p := int(sc.points[pos]); p >= need {
			hits = append(hits, hit{pos, p, int(sc.edits[pos]), len(ix.fKeys[pos])})
		}
		sc.points[pos], sc.edits[pos] = 0, 0
	}
	sc.touched = sc.touched[:0]
	slices.SortFunc(hits, func(x, y hit) int {
		if x.points != y.points {
			return y.points - x.points
		}
		if x.edits != y.edits {
			return x.edits - y.edits
		}
		if c := ix.byPlay(ix.fCard[x.pos], ix.fCard[y.pos]); c != 0 {
			return c
		}
		if x.n != y.n {
			return x.n - y.n
		}
		return int(x.pos - y.pos) // name order, as a scan would give
	})
	var out []int32
	for _, h := range hits {
		out = append(out, ix.fCard[h.pos])
		if len(out) == n {
			break
		}
	}
	return out
}

// wordScratch is wordTypos' working memory, one counter per name,
// pooled and cleared where touched.
type wordScratch struct {
	points               []uint8
	edits                []uint16
	best                 []uint8
	touched, bestTouched []int32
}

func (ix *nameIndex) getWordScratch() *wordScratch {
	if sc, ok := ix.wordScratch.Get().(*wordScratch); ok {
		return sc
	}
	n := len(ix.fKeys)
	return &wordScratch{points: make([]uint8, n), edits: make([]uint16, n), best: make([]uint8, n)}
}

// wordVocabulary lists the distinct words of the names, each with the
// names (fuzzy positions) that hold it: word-by-word matching reads each
// distinct word once instead of every word of every name.
type wordVocabulary struct {
	words  []string
	runes  [][]rune
	masks  []uint64
	names  [][]int32
	sorted []keyed // word -> word id (in card), by word
	// byLen lists the word ids by length in runes: byLen[lenStart[n]:
	// lenStart[n+1]] hold the words of n runes.
	byLen    []int32
	lenStart []int
}

func (ix *nameIndex) wordVocab() *wordVocabulary {
	ix.wvOnce.Do(func() {
		wv := &wordVocabulary{}
		id := map[string]int32{}
		for pos, words := range ix.fWords {
			for _, w := range words {
				i, ok := id[w]
				if !ok {
					i = int32(len(wv.words))
					id[w] = i
					wv.words = append(wv.words, w)
					wv.runes = append(wv.runes, []rune(w))
					wv.masks = append(wv.masks, runeMask(w))
					wv.names = append(wv.names, nil)
					wv.sorted = append(wv.sorted, keyed{w, i})
				}
				if l := wv.names[i]; len(l) == 0 || l[len(l)-1] != int32(pos) {
					wv.names[i] = append(l, int32(pos))
				}
			}
		}
		sortKeyed(wv.sorted)
		wv.byLen = make([]int32, len(wv.words))
		for i := range wv.byLen {
			wv.byLen[i] = int32(i)
		}
		slices.SortStableFunc(wv.byLen, func(a, b int32) int { return len(wv.runes[a]) - len(wv.runes[b]) })
		longest := 0
		for _, r := range wv.runes {
			longest = max(longest, len(r))
		}
		// lenStart[n] is where the words of n runes start; lenStart[n]
		// for n > longest is len(byLen).
		wv.lenStart = make([]int, longest+2)
		n := 0
		for i, wi := range wv.byLen {
			for ; n <= len(wv.runes[wi]); n++ {
				wv.lenStart[n] = i
			}
		}
		for ; n < len(wv.lenStart); n++ {
			wv.lenStart[n] = len(wv.byLen)
		}
		ix.wv = wv
	})
	return ix.wv
}

// oneLetterShort answers a three-letter name that is a four-letter name
// with one letter left out ("pek" for Peek, "sit" for Sift): too short for
// a general typo guess, but a dropped letter is the likeliest slip, and
// a better answer than a long name that merely holds the letters.
func (ix *nameIndex) oneLetterShort(k string, n int) []int32 {
	q := []rune(k)
	if len(q) != 3 {
		return nil
	}
	var out []int32
	for _, id := range ix.typos(k, 1, 0) {
		if pos := ix.posOfCard[id]; pos >= 0 && len(ix.fRunes[pos]) == 4 {
			out = append(out, id)
			if len(out) == n {
				break
			}
		}
	}
	return out
}

func strictTypoLimit(k string) int {
	switch n := utf8.RuneCountInString(k); {
	case n < 4:
		return 0 // three letters have too many neighbours to guess one
	case n < 8:
		return 1
	case n < 16:
		return 2
	default:
		return 3
	}
}

func looseTypoLimit(k string) int {
	n := utf8.RuneCountInString(k)
	if n < 4 {
		return 1
	}
	return min(max(2, n/3), 5)
}

// maxQueryRunes bounds what a look-up reads of its input. The longest card
// name has 141 characters; a pasted paragraph must not make every tier
// compare it against every name in full.
const maxQueryRunes = 150

// nameKey is fold.Key, or for a name with no letter or digit at all
// ("_____", an Unhinged card) the name itself in lower case.
func nameKey(s string) string {
	if k := fold.Key(s); k != "" {
		return k
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// queryKey folds a typed name and cuts it to maxQueryRunes.
func queryKey(s string) string {
	if len(s) > 4*maxQueryRunes {
		s = s[:4*maxQueryRunes] // fold works on runes; a cut rune folds away
	}
	k := nameKey(s)
	if utf8.RuneCountInString(k) > maxQueryRunes {
		k = strings.TrimSpace(string([]rune(k)[:maxQueryRunes]))
	}
	return k
}

const gramBuckets = 1 << 13

func gramCode(a, b rune) uint32 {
	return (uint32(a)*0x9E3779B1 ^ uint32(b)*0x85EBCA77) >> (32 - 13)
}

// gramCodes appends the distinct pair codes of rs, padded with start and
// end marks, to dst.
func gramCodes(dst []uint32, rs []rune) []uint32 {
	prev := rune(2)
	for i := 0; i <= len(rs); i++ {
		cur := rune(3)
		if i < len(rs) {
			cur = rs[i]
		}
		c := gramCode(prev, cur)
		if !slices.Contains(dst, c) {
			dst = append(dst, c)
		}
		prev = cur
	}
	return dst
}

func (ix *nameIndex) buildGrams() {
	total := 0
	for _, k := range ix.fKeys {
		total += utf8.RuneCountInString(k)
	}
	flat := make([]rune, 0, total)
	ix.fRunes = make([][]rune, len(ix.fKeys))
	ix.fLen = make([]uint8, len(ix.fKeys))
	codes := make([][]uint32, len(ix.fKeys))
	var count [gramBuckets + 1]uint32
	for i, k := range ix.fKeys {
		s := len(flat)
		for _, r := range k {
			flat = append(flat, r)
		}
		ix.fRunes[i] = flat[s:len(flat):len(flat)]
		ix.fLen[i] = uint8(min(len(ix.fRunes[i]), 255))
		codes[i] = gramCodes(nil, ix.fRunes[i])
		for _, c := range codes[i] {
			count[c+1]++
		}
	}
	for c := 1; c <= gramBuckets; c++ {
		count[c] += count[c-1]
	}
	ix.gramStart = count[:]
	ix.gramPos = make([]int32, count[gramBuckets])
	ix.gramLen = make([]uint8, count[gramBuckets])
	fill := make([]uint32, gramBuckets)
	copy(fill, count[:gramBuckets])
	// Positions by length, so that each list comes out ordered by length.
	order := make([]int32, len(ix.fKeys))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return len(ix.fRunes[a]) - len(ix.fRunes[b]) })
	for _, i := range order {
		for _, c := range codes[i] {
			ix.gramPos[fill[c]] = i
			ix.gramLen[fill[c]] = uint8(min(len(ix.fRunes[i]), 255))
			fill[c]++
		}
	}
}

// typoCandidates returns the positions, in name order, of the names that
// may lie within limit edits of q: a name that close is at most limit
// runes longer or shorter and shares all but 3·limit of the query's
// distinct letter pairs. When that bound says nothing (very short
// queries, large limits) every name of a fitting length is a candidate.
// With maxCands > 0 and more candidates than that, only the maxCands
// sharing the most pairs with q are kept: the loose limits of Suggest
// otherwise compute thousands of distances for a query that is no name.
func (ix *nameIndex) typoCandidates(q []rune, limit, maxCands int) []int32 {
	lo, hi := max(len(q)-limit, 0), len(q)+limit
	codes := gramCodes(make([]uint32, 0, 32), q)
	need := len(codes) - 3*limit
	cp, _ := ix.countPool.Get().(*[]uint8)
	if cp == nil {
		c := make([]uint8, len(ix.fKeys))
		cp = &c
	}
	counts := *cp
	tp, _ := ix.touchedPool.Get().(*[]int32)
	if tp == nil {
		t := make([]int32, 0, 1024)
		tp = &t
	}
	touched := (*tp)[:0]
	var out []int32
	if need < 1 || hi >= 255 {
		touched = ix.countAll(codes, lo, hi, counts, touched)
		// Every name of a fitting length; with a cap, the selection
		// keepMostShared would make, without listing them all first.
		inWindow := func(i int) bool {
			l := int(ix.fLen[i])
			if l == 255 {
				l = len(ix.fRunes[i])
			}
			return l >= lo && l <= hi
		}
		var hist [256]int
		total := 0
		for i := range ix.fLen {
			if inWindow(i) {
				total++
				hist[counts[i]]++
			}
		}
		cut, atCut := -1, 0 // -1: keep them all
		if maxCands > 0 && total > maxCands {
			cut, atCut = cutOff(&hist, maxCands)
			total = maxCands
		}
		out = make([]int32, 0, total)
		for i := range ix.fLen {
			if !inWindow(i) {
				continue
			}
			switch c := int(counts[i]); {
			case c > cut:
				out = append(out, int32(i))
			case c == cut && atCut > 0:
				out = append(out, int32(i))
				atCut--
			}
		}
	} else {
		touched = ix.countAll(codes, lo, hi, counts, touched)
		for _, pos := range touched {
			if int(counts[pos]) >= need {
				out = append(out, pos)
			}
		}
		// Name order, as a full scan would give: for many names, reading
		// the counters in order is cheaper than sorting.
		if len(out) > len(counts)/16 {
			out = out[:0]
			for pos, n := range counts {
				if int(n) >= need {
					out = append(out, int32(pos))
				}
			}
		} else {
			slices.Sort(out)
		}
	}
	out = keepMostShared(out, counts, maxCands)
	for _, pos := range touched {
		counts[pos] = 0
	}
	*tp = touched
	ix.touchedPool.Put(tp)
	ix.countPool.Put(cp)
	return out
}

// lenRange returns the part of code c's posting list whose names have
// lo..hi runes (the lists are ordered by length).
func (ix *nameIndex) lenRange(c uint32, lo, hi int) (int, int) {
	s, e := int(ix.gramStart[c]), int(ix.gramStart[c+1])
	lens := ix.gramLen[s:e]
	from := sort.Search(len(lens), func(i int) bool { return int(lens[i]) >= lo })
	to := from + sort.Search(len(lens)-from, func(i int) bool { return int(lens[from+i]) > hi })
	return s + from, s + to
}

// countAll adds one to counts for each pair code a name in the length
// window shares with the query, appending each name counted for the
// first time to touched.
func (ix *nameIndex) countAll(codes []uint32, lo, hi int, counts []uint8, touched []int32) []int32 {
	for _, c := range codes {
		s, e := ix.lenRange(c, lo, hi)
		for _, pos := range ix.gramPos[s:e] {
			if counts[pos] == 0 {
				touched = append(touched, pos)
			}
			// Codes are distinct per name and per query: a count never
			// exceeds len(codes) <= maxQueryRunes+1 < 256.
			counts[pos]++
		}
	}
	return touched
}

// keepMostShared keeps, with maxCands > 0 and more candidates than that,
// the maxCands sharing the most pairs (counts), the earlier of equal ones
// first; out is in name order and stays so. Counts are small, so the
// cut-off is found from their histogram instead of by sorting.
func keepMostShared(out []int32, counts []uint8, maxCands int) []int32 {
	if maxCands <= 0 || len(out) <= maxCands {
		return out
	}
	var hist [256]int
	for _, pos := range out {
		hist[counts[pos]]++
	}
	cut, atCut := cutOff(&hist, maxCands)
	kept := out[:0]
	for _, pos := range out {
		switch c := int(counts[pos]); {
		case c > cut:
			kept = append(kept, pos)
		case c == cut && atCut > 0:
			kept = append(kept, pos)
			atCut--
		}
	}
	return kept
}

// cutOff finds, from a histogram of shared-pair counts holding more than
// maxCands entries, the count cut such that every entry above it is kept
// and atCut of the entries at it.
func cutOff(hist *[256]int, maxCands int) (cut, atCut int) {
	above := 0
	for cut = 255; cut > 0 && above+hist[cut] < maxCands; cut-- {
		above += hist[cut]
	}
	return cut, maxCands - above
}

// maxLooseCandidates bounds the distances Suggest computes for typos.
const maxLooseCandidates = 600

// typos returns cards whose name key is within limit edits of k, nearest
// first, then the more played, then shortest.
func (ix *nameIndex) typos(k string, limit, n int) []int32 { return ix.typosCapped(k, limit, n, 0) }

// typosCapped is typos that computes at most maxCands distances (0: no
// bound), for the names sharing the most letter pairs with k.
func (ix *nameIndex) typosCapped(k string, limit, n, maxCands int) []int32 {
	if limit <= 0 {
		return nil
	}
	q := []rune(k)
	if n > 0 && maxCands == 0 && limit > 1 {
		// The hits one edit away come first in the answer, in the same
		// order: when there are n of them they are the answer, and one
		// edit rules out far more names by their letter pairs (a
		// 16-letter query allows 3 edits, under which almost every name
		// of a near length is a candidate; most typos are one edit). A
		// pass at two edits as well cost a name that is no name more
		// than it saved.
		if out := ix.typosWithin(k, q, 1, n, 0); len(out) == n {
			return out
		}
	}
	return ix.typosWithin(k, q, limit, n, maxCands)
}

// typosWithin is typosCapped without the one-edit pass.
func (ix *nameIndex) typosWithin(k string, q []rune, limit, n, maxCands int) []int32 {
	type hit struct {
		card int32
		d, n int
	}
	var hits []hit
	qm := runeMask(k)
	for _, i := range ix.typoCandidates(q, limit, maxCands) {
		r := ix.fRunes[i]
		if abs(len(r)-len(q)) > limit {
			continue
		}
		m := ix.fMasks[i]
		if bits.OnesCount64(m&^qm) > limit || bits.OnesCount64(qm&^m) > limit {
			continue
		}
		if d := fold.Distance(q, r, limit); d <= limit {
			hits = append(hits, hit{ix.fCard[i], d, len(r)})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool {
		if hits[a].d != hits[b].d {
			return hits[a].d < hits[b].d
		}
		if c := ix.byPlay(hits[a].card, hits[b].card); c != 0 {
			return c < 0
		}
		return hits[a].n < hits[b].n
	})
	var out []int32
	for _, h := range hits {
		out = append(out, h.card)
		if len(out) == n {
			break
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fuzzy runs sahilm/fuzzy over the names that contain every letter of k.
// sahilm's score grows exponentially with runs of adjacent letters, so it
// cannot be compared across names or held to a fixed minimum; instead a
// match is kept when its first letter starts a word of the name and at
// least two thirds of the typed letters are anchored (start a word or
// follow the previous matched letter). Matches rank by anchored letters,
// then the more played, then shorter names, then sahilm's score.
func (ix *nameIndex) fuzzy(k string, n int) []int32 {
	q := strings.ReplaceAll(k, " ", "")
	if utf8.RuneCountInString(q) > fuzzyMaxRunes {
		q = string([]rune(q)[:fuzzyMaxRunes])
	}
	if q == "" {
		return nil
	}
	qm := runeMask(q)
	type pre struct {
		pos      int32
		anchored int
	}
	var pres []pre
	for _, i := range ix.initials[q[0]] {
		// Cheap filters first: a word starts with the first typed letter
		// (the initials list), every letter is present, then the typed
		// letters appear in order from the start of some word.
		if ix.fMasks[i]&qm != qm || len(ix.fKeys[i]) < len(q) {
			continue
		}
		if ok, a := subsequenceFromWord(q, ix.fKeys[i]); ok {
			pres = append(pres, pre{i, a})
		}
	}
	if len(pres) == 0 {
		return nil
	}
	// sahilm allocates per match; short queries can leave a thousand
	// names at this point. Only the best fuzzyMaxScored by the leftmost
	// alignment (more anchored letters, then more played, then shorter)
	// are scored.
	if limit := max(fuzzyMaxScored, 4*n); len(pres) > limit {
		// Select without sorting everything: anchored counts are small,
		// so find the cut-off count, keep everything above it and the
		// shortest names at it.
		var count [fuzzyMaxRunes + 2]int
		for _, p := range pres {
			count[p.anchored]++
		}
		cut, above := len(count)-1, 0
		for ; cut > 0 && above+count[cut] < limit; cut-- {
			above += count[cut]
		}
		kept := pres[:0:0]
		var tie []pre
		for _, p := range pres {
			switch {
			case p.anchored > cut:
				kept = append(kept, p)
			case p.anchored == cut:
				tie = append(tie, p)
			}
		}
		slices.SortStableFunc(tie, func(a, b pre) int {
			if c := ix.byPlay(ix.fCard[a.pos], ix.fCard[b.pos]); c != 0 {
				return c
			}
			return len(ix.fKeys[a.pos]) - len(ix.fKeys[b.pos])
		})
		pres = append(kept, tie[:min(len(tie), limit-len(kept))]...)
	}
	cand := make([]int32, len(pres)) // positions in fKeys
	for i, p := range pres {
		cand[i] = p.pos
	}
	seq := iter.Seq[string](func(yield func(string) bool) {
		for _, i := range cand {
			if !yield(ix.fKeys[i]) {
				return
			}
		}
	})
	type hit struct {
		card        int32
		anchored, n int
		score       int
	}
	qRunes := utf8.RuneCountInString(q)
	var hits []hit
	for _, m := range fuzzy.FindFromIterNoSort(q, seq) {
		a := anchoredLetters(m.Str, m.MatchedIndexes)
		if a < 0 || 3*a < 2*qRunes {
			continue
		}
		hits = append(hits, hit{ix.fCard[cand[m.Index]], a, len(m.Str), m.Score})
	}
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.anchored != b.anchored {
			return a.anchored > b.anchored
		}
		if c := ix.byPlay(a.card, b.card); c != 0 {
			return c < 0
		}
		if a.n != b.n {
			return a.n < b.n
		}
		return a.score > b.score
	})
	var out []int32
	for _, h := range hits {
		out = append(out, h.card)
		if len(out) == n {
			break
		}
	}
	return out
}

// subsequenceFromWord reports whether q's bytes appear in order in key,
// starting at the first letter of a word of key, and how many of them are
// anchored (start a word or follow the previous match) in the leftmost
// alignment. Folded keys are compared byte by byte, which is exact for the
// ASCII they almost always are and merely permissive for other scripts
// (sahilm checks runes afterwards).
func subsequenceFromWord(q, key string) (bool, int) {
	for start := 0; start < len(key); start++ {
		if key[start] != q[0] || (start > 0 && key[start-1] != ' ') {
			continue
		}
		j, anchored, last := 1, 1, start
		for i := start + 1; i < len(key) && j < len(q); i++ {
			if key[i] == q[j] {
				if i == last+1 || key[i-1] == ' ' {
					anchored++
				}
				last = i
				j++
			}
		}
		// a later word start can only match fewer letters
		return j == len(q), anchored
	}
	return false, 0
}

// anchoredLetters counts the matched letters that start a word of key or
// directly follow the previous matched letter. It returns -1 when the first
// matched letter does not start a word ("nix" inside "phoenix"). idx holds
// sahilm's byte offsets into key; a space is a single byte, so looking at
// the byte before an offset is safe in any UTF-8 string.
func anchoredLetters(key string, idx []int) int {
	if len(idx) == 0 {
		return -1
	}
	wordStart := func(i int) bool { return i == 0 || key[i-1] == ' ' }
	if !wordStart(idx[0]) {
		return -1
	}
	a := 1
	for i := 1; i < len(idx); i++ {
		_, size := utf8.DecodeRuneInString(key[idx[i-1]:])
		if wordStart(idx[i]) || idx[i] == idx[i-1]+size {
			a++
		}
	}
	return a
}
