package cards

import (
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Catalog holds every loaded card. Add files with AddFile, then call Finish
// once before any look-up: Finish joins Scryfall rulings to their cards and
// builds the name indexes.
type Catalog struct {
	cards  []*Card
	byKey  map[string]int // fold.Key(name) -> index in cards
	byOrID map[string]int // Scryfall oracle_id -> index in cards

	pendingRulings []scryfallRuling
	pendingForeign []pendingForeign

	// idx is built by Finish, or on first look-up for a catalogue that
	// was never finished; atomic so concurrent first look-ups are safe.
	idx atomic.Pointer[nameIndex]
}

type pendingForeign struct {
	oracleID, english string
	name              ForeignName
}

// NewCatalog returns an empty catalogue.
func NewCatalog() *Catalog {
	return &Catalog{byKey: map[string]int{}, byOrID: map[string]int{}}
}

// addPrinting merges a printing into the catalogue: a card already known by
// name (or by oracle id) gains the printing's rulings, foreign names and
// keywords; a new name becomes a new card.
func (c *Catalog) addPrinting(p *Card) {
	c.idx.Store(nil)
	key := fold.Key(p.Name)
	i, ok := c.byKey[key]
	if !ok && p.oracleID != "" {
		i, ok = c.byOrID[p.oracleID]
	}
	if !ok {
		c.cards = append(c.cards, p)
		i = len(c.cards) - 1
		c.byKey[key] = i
		if p.oracleID != "" {
			c.byOrID[p.oracleID] = i
		}
		return
	}
	have := c.cards[i]
	// A reprint repeats the card's rulings and foreign names: the exact
	// repeats are dropped here, so that a file of many printings (such as
	// AllPrintings) does not pile them up until Finish.
	for _, r := range p.Rulings {
		if !slices.ContainsFunc(have.Rulings, func(h Ruling) bool { return h.Date == r.Date && h.Text == r.Text }) {
			have.Rulings = append(have.Rulings, r)
		}
	}
	for _, f := range p.ForeignNames {
		if !slices.Contains(have.ForeignNames, f) {
			have.ForeignNames = append(have.ForeignNames, f)
		}
	}
	have.Keywords = appendUnique(have.Keywords, p.Keywords...)
	if have.oracleID == "" && p.oracleID != "" {
		have.oracleID = p.oracleID
		c.byOrID[p.oracleID] = i
	}
	if have.ScryfallURL == "" {
		have.ScryfallURL = p.ScryfallURL
	}
	have.EDHRECRank = betterRank(have.EDHRECRank, p.EDHRECRank)
}

// Finish joins pending Scryfall rulings and foreign names to their cards,
// removes duplicate rulings and foreign names left by reprints, extracts
// rule references and builds the name indexes. Call it after the last
// AddFile; calling it again after more files is fine.
func (c *Catalog) Finish() {
	c.FinishCards()
	c.BuildNameIndex()
}

// FinishCards is Finish without building the name indexes: BuildNameIndex
// does that, and may run on another goroutine while the cards are read
// (not modified) elsewhere, such as to build a search index.
func (c *Catalog) FinishCards() {
	for _, r := range c.pendingRulings {
		if i, ok := c.byOrID[r.OracleID]; ok {
			c.cards[i].Rulings = append(c.cards[i].Rulings, Ruling{Date: r.PublishedAt, Text: r.Comment})
		}
	}
	c.pendingRulings = nil
	var keep []pendingForeign
	for _, f := range c.pendingForeign {
		i, ok := c.byOrID[f.oracleID]
		if !ok {
			i, ok = c.byKey[fold.Key(f.english)]
		}
		if ok {
			c.cards[i].ForeignNames = append(c.cards[i].ForeignNames, f.name)
		} else {
			keep = append(keep, f) // its English card may come in a later file
		}
	}
	c.pendingForeign = keep
	for _, card := range c.cards {
		card.Rulings = dedupeRulings(card.Rulings)
		card.ForeignNames = dedupeForeign(card.ForeignNames)
		if card.Rulings == nil {
			card.Rulings = []Ruling{}
		}
		for i := range card.Rulings {
			card.Rulings[i].Refs = ExtractRefs(card.Rulings[i].Text)
		}
		if card.ScryfallURL == "" {
			card.ScryfallURL = "https://scryfall.com/search?q=" + url.QueryEscape("!\""+card.Name+"\"")
		}
	}
}

// BuildNameIndex builds the name indexes (look-ups would build them on
// first use otherwise).
func (c *Catalog) BuildNameIndex() { c.idx.Store(buildNameIndex(c.cards)) }

// Len returns the number of distinct cards.
func (c *Catalog) Len() int { return len(c.cards) }

// Cards returns every card in load order. The slice is shared: do not
// modify it.
func (c *Catalog) Cards() []*Card { return c.cards }

// dedupeRulings drops rulings repeated by reprints (same date and same text
// after folding quotes and case) and sorts by date, keeping the published
// order within a date.
func dedupeRulings(in []Ruling) []Ruling {
	seen := map[string]bool{}
	out := in[:0]
	for _, r := range in {
		k := r.Date + "\x00" + fold.Text(strings.TrimSpace(r.Text))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	return out
}

func dedupeForeign(in []ForeignName) []ForeignName {
	seen := map[string]bool{}
	out := in[:0]
	for _, f := range in {
		k := f.Language + "\x00" + f.Name
		if f.Name == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

// ExtractRefs returns the Comprehensive Rules numbers a ruling cites ("See
// rule 302.6", "rules 613.7, 613.8, and 613.9", "rules 614.1c–d"), in order
// of first appearance and without duplicates. It uses the CR parser's own
// reference reader so rulings and rules cite alike; the result is never nil.
func ExtractRefs(text string) []string {
	refs := cr.ExtractRefs(text)
	if refs == nil {
		return []string{}
	}
	return refs
}
