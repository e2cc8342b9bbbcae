package search

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// quoteKey is the comparable form of a paragraph: its words, folded, without
// stopwords or punctuation.
func quoteKey(text string) string { return joinSurfaces(tokenize(text)) }

func joinSurfaces(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.surface)
	}
	return b.String()
}

// quoteQuery is a query as quoteBoost compares it with the items: read
// once with its terms (the query was tokenized twice more per search).
type quoteQuery struct {
	words int             // the query's words, stopwords left out
	key   string          // quoteKey of the query
	runs  map[string]bool // its three-word runs, when it has minQuoteTerms words
}

func readQuote(q string) quoteQuery {
	qt := tokenize(q)
	if len(qt) < minQuoteTerms {
		return quoteQuery{words: len(qt)}
	}
	return quoteQuery{words: len(qt), key: joinSurfaces(qt), runs: shingles(qt)}
}

// minQuoteOverlap is the share of a paste's three-word runs an item must
// hold to count as its source.
const minQuoteOverlap = 0.5

// minQuoteTerms is how many words a query needs before it is treated as a
// possibly pasted paragraph.
const minQuoteTerms = 8

// quoteBoost finds the paragraph a pasted text comes from. A text that is a
// whole item verbatim (after folding) wins outright; otherwise the best
// candidates are re-ranked by how many of the query's three-word runs they
// contain, which survives small edits and a sentence or two extra or missing.
//
// matched holds, per item, how many of the query's words (words in all) it
// contains: the source of a paste holds most of them, so an item holding
// fewer than half is not tokenized to count runs it cannot have enough of.
func (ix *Index) quoteBoost(q *quoteQuery, scores, matched []float32, words float32, touched *[]int32, allowed func(int) bool, scratch *[]int32) bool {
	if q.words < minQuoteTerms {
		return false
	}
	if i, ok := ix.exact[exactHash(q.key)]; ok && quoteKey(ix.docs[i].Text) == q.key {
		if scores[i] == 0 {
			*touched = append(*touched, int32(i))
		}
		scores[i] += 1000
		return true
	}
	qs := q.runs
	if len(qs) == 0 {
		return false
	}
	cands := (*scratch)[:0]
	for _, d := range *touched {
		if allowed(int(d)) {
			cands = append(cands, d)
		}
	}
	*scratch = cands
	cands = topK(cands, scores, 40)
	best := float32(0)
	for _, d := range cands {
		doc := &ix.docs[d]
		// An item too short to hold half the paste's runs is skipped
		// before tokenizing (a long question is seldom a paste, and most
		// items are short). A token takes at least two bytes with its
		// separator, so an item has at most len/2+1 tokens, and no more
		// runs than tokens.
		if maxTokens := (len(doc.Text)+len(doc.Extra))/2 + 2; float32(maxTokens) < minQuoteOverlap*float32(len(qs)) {
			continue
		}
		if matched[d] < minQuoteOverlap*words {
			continue
		}
		ds := ix.runsOf(d)
		hit := 0
		for s := range qs {
			if _, ok := slices.BinarySearch(ds, s); ok {
				hit++
			}
		}
		overlap := float32(hit) / float32(len(qs))
		// Quoted text makes up most of the item: the share of the item
		// covered keeps a short rule that a long paste merely mentions from
		// beating the paragraph itself.
		cover := float32(hit) / float32(max(len(ds), 1))
		// Below half the paste, shared runs are stock phrasing ("abilities
		// that trigger when a creature enters"), not a quote: no boost.
		if overlap < minQuoteOverlap {
			continue
		}
		scores[d] += 60*overlap + 30*cover
		best = max(best, overlap)
	}
	return best >= minQuoteOverlap
}

// runsOf is the distinct three-word runs of item d's text and extra text,
// sorted.
func (ix *Index) runsOf(d int32) []string {
	if p := ix.quoteRuns[d].Load(); p != nil {
		return *p
	}
	doc := &ix.docs[d]
	ds := shingles(tokenize(doc.Text + "\n" + doc.Extra))
	runs := make([]string, 0, len(ds))
	for s := range ds {
		runs = append(runs, s)
	}
	slices.Sort(runs)
	if ix.nQuoteRuns.Load() < maxQuoteRuns && ix.quoteRuns[d].CompareAndSwap(nil, &runs) {
		ix.nQuoteRuns.Add(1)
	}
	return runs
}

func shingles(toks []token) map[string]bool {
	out := make(map[string]bool, len(toks))
	for i := 2; i < len(toks); i++ {
		out[toks[i-2].term+" "+toks[i-1].term+" "+toks[i].term] = true
	}
	return out
}

// snippet picks the sentence of text with the most query words and cuts it
// to about 200 characters on a word boundary.
func snippet(text string, qts []queryTerm, quote bool) string {
	const max = 200
	if quote || utf8.RuneCountInString(text) <= max {
		return cut(text, max)
	}
	want := map[string]float32{}
	for _, q := range qts {
		if !strings.Contains(q.term, " ") {
			want[q.term] = q.w
		}
	}
	best, bestHits := "", float32(-1)
	for _, s := range sentences(text) {
		var hits float32
		seen := map[string]bool{}
		for _, t := range tokenize(s) {
			if !seen[t.term] {
				hits += want[t.term]
				seen[t.term] = true
			}
		}
		if hits > bestHits {
			best, bestHits = s, hits
		}
	}
	return cut(best, max)
}

func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if (text[i] == '.' || text[i] == '\n') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
			out = append(out, strings.TrimSpace(text[start:i+1]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

func cut(s string, max int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max]
	if i := strings.LastIndexByte(string(r), ' '); i > max/2 {
		return string(r)[:i] + " …"
	}
	return string(r) + "…"
}
