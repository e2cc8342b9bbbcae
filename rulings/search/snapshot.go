package search

import (
	"encoding/binary"
	"math"
	"sort"
	"unsafe"

	"github.com/arbiter-mtg/arbiter/rulings/internal/snap"
)

// EncodeSnapshot writes the whole index: items, lengths, postings, the
// word list and the quote and title tables, so that DecodeSnapshot does no
// tokenising or stemming.
func (ix *Index) EncodeSnapshot(w *snap.Writer) {
	p := ix.p
	for _, f := range []float32{p.Title, p.Text, p.Extra, p.Context, p.Phrase, p.K1, p.B, p.RefBoost, p.TitleMatch, p.Rare, p.Concept, p.Opening, p.Broken, p.Derived} {
		w.Float32(f)
	}
	w.Float64(p.IDFPow)
	w.Float64(p.Coord)
	w.Int(int64(p.RareDF))
	w.Uint(uint64(len(ix.docs)))
	for i := range ix.docs {
		d := &ix.docs[i]
		w.String(d.Kind)
		w.String(d.ID)
		w.String(d.Title)
		w.String(d.Text)
		w.Strings(d.Refs)
		w.String(d.Extra)
		w.String(d.Context)
		w.Bool(d.BoostRefs)
		w.Bool(d.NoTitleBonus)
		w.Float32(d.Weight)
		w.String(d.Opening)
		w.Float32(ix.lens[i])
	}
	w.Float32(ix.avgLen)
	tt := ix.terms
	w.String(tt.blob)
	w.Uint(uint64(tt.len()))
	for i := range tt.len() {
		w.Uint(uint64(tt.off[i+1] - tt.off[i]))
		w.Uint(uint64(tt.start[i+1] - tt.start[i]))
	}
	w.Raw(postingBytes(tt.posts))
	v := ix.vocab
	w.Uint(uint64(len(v.words)))
	for i := range v.words {
		w.String(v.words[i])
		w.String(v.stems[i])
	}
	hashes := make([]uint64, 0, len(ix.exact))
	for h := range ix.exact {
		hashes = append(hashes, h)
	}
	sort.Slice(hashes, func(i, j int) bool { return hashes[i] < hashes[j] })
	w.Uint(uint64(len(hashes)))
	for _, h := range hashes {
		w.Uint(h)
		w.Uint(uint64(ix.exact[h]))
	}
	titles := make([]string, 0, len(ix.titles))
	for t := range ix.titles {
		titles = append(titles, t)
	}
	sort.Strings(titles)
	w.Uint(uint64(len(titles)))
	for _, t := range titles {
		w.String(t)
		w.Uint(uint64(len(ix.titles[t])))
		for _, d := range ix.titles[t] {
			w.Uint(uint64(d))
		}
	}
}

// DecodeSnapshot reads an index written by EncodeSnapshot; nil when the
// stream is corrupt.
func DecodeSnapshot(r *snap.Reader) *Index {
	var p Params
	for _, f := range []*float32{&p.Title, &p.Text, &p.Extra, &p.Context, &p.Phrase, &p.K1, &p.B, &p.RefBoost, &p.TitleMatch, &p.Rare, &p.Concept, &p.Opening, &p.Broken, &p.Derived} {
		*f = r.Float32()
	}
	p.IDFPow = r.Float64()
	p.Coord = r.Float64()
	p.RareDF = int(r.Int())
	n := r.Len()
	ix := &Index{p: p, docs: make([]Doc, n), lens: make([]float32, n), byKey: make(map[docKey]int32, n)}
	doc := func() int32 {
		d := r.Uint()
		if d >= uint64(n) {
			r.Corrupt()
			return 0
		}
		return int32(d)
	}
	for i := range ix.docs {
		d := &ix.docs[i]
		d.Kind = r.String()
		d.ID = r.String()
		d.Title = r.String()
		d.Text = r.String()
		d.Refs = r.Strings()
		d.Extra = r.String()
		d.Context = r.String()
		d.BoostRefs = r.Bool()
		d.NoTitleBonus = r.Bool()
		d.Weight = r.Float32()
		d.Opening = r.String()
		ix.lens[i] = r.Float32()
		ix.byKey[docKey{d.Kind, d.ID}] = int32(i)
	}
	ix.avgLen = r.Float32()
	ix.indexKinds()
	tt := &termTable{blob: r.String()}
	nt := r.Len()
	tt.off = make([]uint32, nt+1)
	tt.start = make([]uint32, nt+1)
	for i := range nt {
		tt.off[i+1] = tt.off[i] + uint32(r.Uint())
		tt.start[i+1] = tt.start[i] + uint32(r.Uint())
	}
	tt.posts = postingsOf(r.Raw())
	if r.Err() != nil || int(tt.off[nt]) != len(tt.blob) || int(tt.start[nt]) != len(tt.posts) {
		r.Corrupt()
		return nil
	}
	for _, p := range tt.posts {
		if p.doc < 0 || int(p.doc) >= n {
			r.Corrupt()
			return nil
		}
	}
	ix.terms = tt
	ix.readyTerms()
	nw := r.Len()
	words, stems := make([]string, nw), make([]string, nw)
	for i := range nw {
		words[i] = r.String()
		stems[i] = r.String()
	}
	nh := r.Len()
	ix.exact = make(map[uint64]int32, nh)
	for range nh {
		h := r.Uint()
		ix.exact[h] = doc()
	}
	ntt := r.Len()
	ix.titles = make(map[string][]int32, ntt)
	for range ntt {
		t := r.String()
		m := r.Len()
		ds := make([]int32, m)
		for i := range ds {
			ds[i] = doc()
		}
		ix.titles[t] = ds
	}
	if r.Err() != nil {
		return nil
	}
	ix.vocab = newVocabulary(words, stems)
	ix.derive()
	return ix
}

// postingBytes is the little-endian form of postings: doc then tf, 8 bytes
// each.
func postingBytes(ps []posting) []byte {
	if len(ps) == 0 {
		return nil
	}
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(&ps[0])), len(ps)*8)
	}
	b := make([]byte, 0, len(ps)*8)
	for _, p := range ps {
		b = binary.LittleEndian.AppendUint32(b, uint32(p.doc))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(p.tf))
	}
	return b
}

// postingsOf reads postingBytes: on a little-endian machine with an
// aligned buffer it is a view of b, with no copy.
func postingsOf(b []byte) []posting {
	n := len(b) / 8
	if n == 0 {
		return nil
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*posting)(unsafe.Pointer(&b[0])), n)
	}
	ps := make([]posting, n)
	for i := range ps {
		ps[i] = posting{doc: int32(binary.LittleEndian.Uint32(b[8*i:])), tf: math.Float32frombits(binary.LittleEndian.Uint32(b[8*i+4:]))}
	}
	return ps
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()
