package cards

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	jsoniter "github.com/json-iterator/go"
)

// mtgjsonReader streams an MTGJSON file ({"meta": …, "data": …}) with a
// pull iterator that reads each byte once: the members the catalogue uses
// are decoded in place and every other value (prices, legalities, booster
// sheets, foreign texts…) is skipped without being kept.
//
// It reads what encoding/json would decode into mtgjsonCard: keys match
// exactly (as MTGJSON writes them), a null leaves a string or object
// member as it was and clears a list or number, an empty list is empty
// but not nil, and invalid UTF-8 becomes U+FFFD byte by byte. A value of
// the wrong type makes the card a defect, as encoding/json's
// UnmarshalTypeError does.
type mtgjsonReader struct {
	c          *Catalog
	it         *jsoniter.Iterator
	recognised bool
	// pending holds the multi-face entries of the set being read: the
	// faces of one card need not be adjacent (meld).
	pending []mtgjsonCard
	// typeErr is set when a member had a value of the wrong type.
	typeErr error
	err     error
	// in is the file; in.eof tells a file that ends early from a defect.
	in *eofReader
}

// eofReader notes when its reader has been read to the end.
type eofReader struct {
	r   io.Reader
	eof bool
}

func (e *eofReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.eof = true
	}
	return n, err
}

// readBufSize is the iterator's buffer: reads from a bufio.Reader of the
// same size go straight through it.
const readBufSize = 64 << 10

// iterators holds idle iterators with their buffers: a data directory
// holds hundreds of set files.
var iterators sync.Pool // *jsoniter.Iterator

func newMTGJSONReader(c *Catalog, r io.Reader) *mtgjsonReader {
	in := &eofReader{r: r}
	it, _ := iterators.Get().(*jsoniter.Iterator)
	if it == nil {
		it = jsoniter.Parse(jsoniter.ConfigDefault, in, readBufSize)
	} else {
		it.Reset(in)
		it.Error = nil
	}
	return &mtgjsonReader{c: c, it: it, in: in}
}

// release returns the iterator for the next file; s is done.
func (s *mtgjsonReader) release() {
	s.it.Reset(nil)
	s.it.Error = nil
	iterators.Put(s.it)
	s.it = nil
}

// read reads the file, its opening brace not yet consumed. Members after
// "data" are read past; once a member has been read whole, what ends the
// object (its brace, or the end of a truncated file) is not checked.
func (s *mtgjsonReader) read() error {
	inMember := false
	s.it.ReadObjectCB(func(it *jsoniter.Iterator, k string) bool {
		if it.Error != nil {
			return false // a key without its colon
		}
		inMember = true
		if k != "data" {
			it.Skip()
		} else if err := s.data(); err != nil {
			s.err = s.wrap("MTGJSON data", err)
			return false
		}
		inMember = false
		return it.Error == nil
	})
	if s.err != nil {
		return s.err
	}
	if s.it.Error != nil && inMember {
		return s.wrap("MTGJSON data", s.iterErr())
	}
	return nil
}

func (s *mtgjsonReader) wrap(what string, err error) error {
	if err == nil || !s.recognised {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// iterErr is the iterator's error, an end of input inside a value being
// io.ErrUnexpectedEOF.
func (s *mtgjsonReader) iterErr() error {
	if s.it.Error == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return s.it.Error
}

// setArrays are array members of a set object that hold no cards of their
// own (tokens are dropped by layout anyway).
var setArrays = map[string]bool{"tokens": true, "sealedProduct": true, "decks": true, "languages": true}

// data reads the data member: a set (set file), set code -> set
// (AllPrintings) or card name -> faces (AtomicCards). Other MTGJSON files
// (SetList, Keywords, …) hold no cards and stay unrecognised.
func (s *mtgjsonReader) data() error {
	it := s.it
	if it.WhatIsNext() != jsoniter.ObjectValue {
		it.Skip()
		return s.iterErr()
	}
	it.ReadObjectCB(func(it *jsoniter.Iterator, k string) bool {
		if it.Error != nil {
			return false // a key without its colon
		}
		switch next := it.WhatIsNext(); {
		case next == jsoniter.ArrayValue && k == "cards": // a set file's data is the set
			s.err = s.setCards()
		case next == jsoniter.ObjectValue: // AllPrintings: one set
			s.err = s.set(k)
		case next == jsoniter.ArrayValue && !setArrays[k]: // AtomicCards: one card's faces
			s.err = s.atomicFaces()
		default:
			it.Skip()
		}
		return s.err == nil && it.Error == nil
	})
	if s.err != nil {
		return s.err
	}
	return s.iterErr()
}

// set reads one set object of AllPrintings; objects without a cards array
// (a set file's booster or translations) are read past.
func (s *mtgjsonReader) set(code string) error {
	s.it.ReadObjectCB(func(it *jsoniter.Iterator, k string) bool {
		if it.Error != nil {
			return false // a key without its colon
		}
		if k == "cards" && it.WhatIsNext() == jsoniter.ArrayValue {
			if err := s.setCards(); err != nil {
				s.err = fmt.Errorf("set %s: %w", code, err)
				return false
			}
		} else {
			it.Skip()
		}
		return it.Error == nil
	})
	if s.err != nil {
		return s.err
	}
	return s.iterErr()
}

// setCards streams a set's cards array. Single-faced printings go straight
// into the catalogue; the faces of multi-face cards wait for the end of the
// set.
func (s *mtgjsonReader) setCards() error {
	s.recognised = true
	s.pending = s.pending[:0]
	inCard := false
	s.it.ReadArrayCB(func(it *jsoniter.Iterator) bool {
		inCard = true
		m, ok := s.card()
		inCard = it.Error != nil
		if s.typeErr != nil {
			s.err = s.typeErr
			return false
		}
		if !ok || m.Name == "" {
			return it.Error == nil
		}
		if m.Side == "" && !strings.Contains(m.Name, " // ") {
			s.c.addMTGJSONCards([]mtgjsonCard{m})
		} else {
			s.pending = append(s.pending, m)
		}
		return it.Error == nil
	})
	if s.err != nil {
		return s.err
	}
	// A file that ends between two cards keeps the faces read.
	if err := s.iterErr(); err != nil && (inCard || !s.in.eof) {
		return err
	}
	if len(s.pending) > 0 {
		s.c.addMTGJSONCards(s.pending)
		s.pending = nil
	}
	return s.iterErr()
}

// atomicFaces reads the faces of one AtomicCards entry; an element that is
// not a card (a value of another type) is read past.
func (s *mtgjsonReader) atomicFaces() error {
	var faces []mtgjsonCard
	inCard := false
	s.it.ReadArrayCB(func(it *jsoniter.Iterator) bool {
		inCard = true
		m, _ := s.card()
		inCard = it.Error != nil
		if s.typeErr != nil {
			s.typeErr = nil
			return it.Error == nil
		}
		if m.Name != "" {
			faces = append(faces, m)
		}
		return it.Error == nil
	})
	// A file that ends between two faces keeps the faces read.
	if err := s.iterErr(); err != nil && (inCard || !s.in.eof) {
		return err
	}
	if len(faces) > 0 {
		s.recognised = true
		s.c.addMTGJSONCards(faces)
	}
	return s.iterErr()
}

// mismatch records a value of the wrong type for a member and reads it past.
func (s *mtgjsonReader) mismatch(what string) {
	next := s.it.WhatIsNext()
	s.it.Skip()
	if s.typeErr == nil {
		s.typeErr = fmt.Errorf("%w: a %s where %s was expected", errSyntax, kindName(next), what)
	}
}

func kindName(v jsoniter.ValueType) string {
	switch v {
	case jsoniter.StringValue:
		return "string"
	case jsoniter.NumberValue:
		return "number"
	case jsoniter.BoolValue:
		return "boolean"
	case jsoniter.ArrayValue:
		return "list"
	case jsoniter.ObjectValue:
		return "object"
	}
	return "value"
}

// card reads one card object (ok) or null (not ok, nothing read).
func (s *mtgjsonReader) card() (m mtgjsonCard, ok bool) {
	it := s.it
	switch it.WhatIsNext() {
	case jsoniter.NilValue:
		it.Skip()
		return m, false
	case jsoniter.ObjectValue:
	default:
		s.mismatch("a card")
		return m, false
	}
	it.ReadObjectCB(func(it *jsoniter.Iterator, k string) bool {
		if it.Error != nil {
			return false // a key without its colon
		}
		if !s.cardMember(&m, k) {
			if k = cardKeys.fold(k); k != "" {
				s.cardMember(&m, k)
			} else {
				it.Skip()
			}
		}
		return it.Error == nil
	})
	return m, it.Error == nil
}

// cardMember reads the member k of a card into m, or returns false for a
// member the catalogue does not use.
func (s *mtgjsonReader) cardMember(m *mtgjsonCard, k string) bool {
	switch k {
	case "name":
		s.str(&m.Name)
	case "faceName":
		s.str(&m.FaceName)
	case "side":
		s.str(&m.Side)
	case "layout":
		s.str(&m.Layout)
	case "manaCost":
		s.str(&m.ManaCost)
	case "manaValue":
		s.number(&m.ManaValue)
	case "convertedManaCost":
		s.number(&m.ConvertedManaCost)
	case "faceManaValue":
		s.number(&m.FaceManaValue)
	case "colors":
		s.strings(&m.Colors)
	case "colorIdentity":
		s.strings(&m.ColorIdentity)
	case "supertypes":
		s.strings(&m.Supertypes)
	case "types":
		s.strings(&m.Types)
	case "subtypes":
		s.strings(&m.Subtypes)
	case "type":
		s.str(&m.Type)
	case "text":
		s.str(&m.Text)
	case "power":
		s.str(&m.Power)
	case "toughness":
		s.str(&m.Toughness)
	case "loyalty":
		s.str(&m.Loyalty)
	case "defense":
		s.str(&m.Defense)
	case "keywords":
		s.strings(&m.Keywords)
	case "foreignData":
		s.foreign(&m.ForeignData)
	case "rulings":
		s.rulings(&m.Rulings)
	case "identifiers":
		s.identifiers(&m.Identifiers)
	case "setCode":
		s.str(&m.SetCode)
	case "number":
		s.str(&m.Number)
	case "edhrecRank":
		s.number(&m.EDHRECRank)
	default:
		return false
	}
	return true
}

// str reads a string member; null leaves it as it was.
func (s *mtgjsonReader) str(dst *string) {
	switch s.it.WhatIsNext() {
	case jsoniter.StringValue:
		*dst = validUTF8(s.it.ReadString())
	case jsoniter.NilValue:
		s.it.Skip()
	default:
		s.mismatch("a string")
	}
}

// number reads a number member; null clears it.
func (s *mtgjsonReader) number(dst **float64) {
	switch s.it.WhatIsNext() {
	case jsoniter.NumberValue:
		lit := string(s.it.ReadNumber())
		v, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			if s.typeErr == nil {
				s.typeErr = fmt.Errorf("%w: number %s: %v", errSyntax, lit, err)
			}
			return
		}
		*dst = &v
	case jsoniter.NilValue:
		s.it.Skip()
		*dst = nil
	default:
		s.mismatch("a number")
	}
}

// readList reads a list member element by element with elem, as
// encoding/json decodes into a slice: null clears it, an empty list is
// empty but not nil, and each element is read over what the slice's
// storage held at its place (which matters only for a repeated key).
func readList[T any](s *mtgjsonReader, dst *[]T, elem func(*T)) {
	switch s.it.WhatIsNext() {
	case jsoniter.ArrayValue:
		v, i := *dst, 0
		s.it.ReadArrayCB(func(it *jsoniter.Iterator) bool {
			if i < cap(v) {
				v = v[:i+1]
			} else {
				var zero T
				v = append(v[:i], zero)
			}
			elem(&v[i])
			i++
			return it.Error == nil
		})
		if i == 0 {
			v = []T{}
		}
		*dst = v[:i]
	case jsoniter.NilValue:
		s.it.Skip()
		*dst = nil
	default:
		s.mismatch("a list")
	}
}

func (s *mtgjsonReader) strings(dst *[]string) {
	readList(s, dst, s.str)
}

func (s *mtgjsonReader) foreign(dst *[]mtgjsonForeign) {
	readList(s, dst, func(f *mtgjsonForeign) {
		s.object("a foreign name", foreignKeys, func(k string) {
			switch k {
			case "language":
				s.str(&f.Language)
			case "name":
				s.str(&f.Name)
			case "faceName":
				s.str(&f.FaceName)
			default:
				s.it.Skip()
			}
		})
	})
}

func (s *mtgjsonReader) rulings(dst *[]mtgjsonRuling) {
	readList(s, dst, func(r *mtgjsonRuling) {
		s.object("a ruling", rulingKeys, func(k string) {
			switch k {
			case "date":
				s.str(&r.Date)
			case "text":
				s.str(&r.Text)
			default:
				s.it.Skip()
			}
		})
	})
}

func (s *mtgjsonReader) identifiers(dst *mtgjsonIDs) {
	s.object("identifiers", idKeys, func(k string) {
		if k == "scryfallOracleId" {
			s.str(&dst.ScryfallOracleID)
		} else {
			s.it.Skip()
		}
	})
}

// object reads an object member with member, which is given the names of
// keys (the keys that match one of them but for case as that name); null
// leaves it as it was.
func (s *mtgjsonReader) object(what string, keys *foldSet, member func(k string)) {
	switch s.it.WhatIsNext() {
	case jsoniter.ObjectValue:
		s.it.ReadObjectCB(func(it *jsoniter.Iterator, k string) bool {
			if it.Error != nil {
				return false // a key without its colon
			}
			if !keys.has(k) {
				k = keys.fold(k)
			}
			member(k)
			return it.Error == nil
		})
	case jsoniter.NilValue:
		s.it.Skip()
	default:
		s.mismatch(what)
	}
}

// validUTF8 replaces each byte of s that is not valid UTF-8 with U+FFFD,
// as encoding/json does.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// The members of each object that the catalogue uses.
var (
	cardKeys = newFoldSet("name", "faceName", "side", "layout", "manaCost", "manaValue", "convertedManaCost", "faceManaValue",
		"colors", "colorIdentity", "supertypes", "types", "subtypes", "type", "text", "power", "toughness", "loyalty", "defense",
		"keywords", "foreignData", "rulings", "identifiers", "setCode", "number", "edhrecRank")
	foreignKeys = newFoldSet("language", "name", "faceName")
	rulingKeys  = newFoldSet("date", "text")
	idKeys      = newFoldSet("scryfallOracleId")
)

// foldSet matches keys to names as encoding/json matches keys to fields:
// a key that is no name exactly may be one but for case (Unicode simple
// folding, so "ſide" is "side").
type foldSet struct {
	names []string
	lower map[string]string // ASCII lower case -> name
}

func newFoldSet(names ...string) *foldSet {
	f := &foldSet{names: names, lower: map[string]string{}}
	for _, n := range names {
		f.lower[strings.ToLower(n)] = n
	}
	return f
}

func (f *foldSet) has(k string) bool { return slices.Contains(f.names, k) }

// fold returns the name k matches but for case, or "".
func (f *foldSet) fold(k string) string {
	var buf [32]byte
	if len(k) <= len(buf) {
		ascii := true
		for i := 0; i < len(k); i++ {
			c := k[i]
			if c >= utf8.RuneSelf {
				ascii = false
				break
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		if ascii {
			return f.lower[string(buf[:len(k)])]
		}
	}
	for _, n := range f.names {
		if strings.EqualFold(k, n) {
			return n
		}
	}
	return ""
}
