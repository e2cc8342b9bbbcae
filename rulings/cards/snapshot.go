package cards

import (
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/internal/snap"
)

// EncodeSnapshot writes the finished catalogue (cards, rulings, foreign
// names and the folded name keys) to w.
func (c *Catalog) EncodeSnapshot(w *snap.Writer) {
	ix := c.index()
	w.Uint(uint64(len(c.cards)))
	for _, card := range c.cards {
		encodeCard(w, card)
	}
	nk := ix.keys
	for _, k := range nk.full {
		w.String(k)
	}
	encodeKeyed(w, nk.faces)
	encodeKeyed(w, nk.foreign)
}

// DecodeSnapshot reads a catalogue written by EncodeSnapshot. Its strings
// share the snapshot's memory.
func DecodeSnapshot(r *snap.Reader) *Catalog {
	n := r.Len()
	c := &Catalog{cards: make([]*Card, n), byKey: make(map[string]int, n), byOrID: make(map[string]int, n)}
	all := make([]Card, n) // one allocation for every card
	for i := range all {
		decodeCard(r, &all[i])
		c.cards[i] = &all[i]
	}
	nk := &nameKeys{full: make([]string, n)}
	for i := range nk.full {
		nk.full[i] = r.String()
	}
	nk.faces = decodeKeyed(r, n)
	nk.foreign = decodeKeyed(r, n)
	if r.Err() != nil {
		return NewCatalog()
	}
	for i, card := range c.cards {
		c.byKey[fold.Key(card.Name)] = i
		if card.oracleID != "" {
			c.byOrID[card.oracleID] = i
		}
	}
	c.idx.Store(assembleNameIndex(c.cards, nk))
	return c
}

func encodeKeyed(w *snap.Writer, list []keyed) {
	w.Uint(uint64(len(list)))
	for _, e := range list {
		w.String(e.key)
		w.Uint(uint64(e.card))
	}
}

func decodeKeyed(r *snap.Reader, cards int) []keyed {
	n := r.Len()
	out := make([]keyed, n)
	for i := range out {
		out[i].key = r.String()
		ci := r.Uint()
		if ci >= uint64(cards) {
			r.Corrupt()
			ci = 0
		}
		out[i].card = int32(ci)
	}
	return out
}

func encodeCard(w *snap.Writer, c *Card) {
	w.String(c.Name)
	w.Count(len(c.Faces), c.Faces == nil)
	for i := range c.Faces {
		f := &c.Faces[i]
		w.String(f.Name)
		w.String(f.ManaCost)
		w.String(f.TypeLine)
		w.Strings(f.Supertypes)
		w.Strings(f.Types)
		w.Strings(f.Subtypes)
		w.String(f.Text)
		w.Strings(f.Colors)
		w.String(f.Power)
		w.String(f.Toughness)
		w.String(f.Loyalty)
		w.String(f.Defense)
	}
	w.String(c.Layout)
	w.String(c.ManaCost)
	w.Float64(c.ManaValue)
	w.Strings(c.Colors)
	w.Strings(c.ColorIdentity)
	w.Strings(c.Supertypes)
	w.Strings(c.Types)
	w.Strings(c.Subtypes)
	w.String(c.TypeLine)
	w.String(c.Text)
	w.String(c.Power)
	w.String(c.Toughness)
	w.String(c.Loyalty)
	w.String(c.Defense)
	w.Strings(c.Keywords)
	w.Count(len(c.ForeignNames), c.ForeignNames == nil)
	for _, f := range c.ForeignNames {
		w.String(f.Language)
		w.String(f.Name)
	}
	w.Count(len(c.Rulings), c.Rulings == nil)
	for _, r := range c.Rulings {
		w.String(r.Date)
		w.String(r.Text)
		w.Strings(r.Refs)
	}
	w.String(c.ScryfallURL)
	w.String(c.oracleID)
	w.Uint(uint64(c.EDHRECRank))
}

func decodeCard(r *snap.Reader, c *Card) {
	c.Name = r.String()
	if n, isNil := r.Count(); !isNil {
		c.Faces = make([]Face, n)
		for i := range c.Faces {
			f := &c.Faces[i]
			f.Name = r.String()
			f.ManaCost = r.String()
			f.TypeLine = r.String()
			f.Supertypes = r.Strings()
			f.Types = r.Strings()
			f.Subtypes = r.Strings()
			f.Text = r.String()
			f.Colors = r.Strings()
			f.Power = r.String()
			f.Toughness = r.String()
			f.Loyalty = r.String()
			f.Defense = r.String()
		}
	}
	c.Layout = r.String()
	c.ManaCost = r.String()
	c.ManaValue = r.Float64()
	c.Colors = r.Strings()
	c.ColorIdentity = r.Strings()
	c.Supertypes = r.Strings()
	c.Types = r.Strings()
	c.Subtypes = r.Strings()
	c.TypeLine = r.String()
	c.Text = r.String()
	c.Power = r.String()
	c.Toughness = r.String()
	c.Loyalty = r.String()
	c.Defense = r.String()
	c.Keywords = r.Strings()
	if n, isNil := r.Count(); !isNil {
		c.ForeignNames = make([]ForeignName, n)
		for i := range c.ForeignNames {
			c.ForeignNames[i] = ForeignName{Language: r.String(), Name: r.String()}
		}
	}
	if n, isNil := r.Count(); !isNil {
		c.Rulings = make([]Ruling, n)
		for i := range c.Rulings {
			c.Rulings[i] = Ruling{Date: r.String(), Text: r.String(), Refs: r.Strings()}
		}
	}
	c.ScryfallURL = r.String()
	c.oracleID = r.String()
	if v := r.Uint(); v <= maxRank {
		c.EDHRECRank = int(v)
	} else {
		r.Corrupt()
	}
}
