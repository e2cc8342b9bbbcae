package cards

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// AddFile recognises a card file by its content and loads it; see
// AddReader.
func (c *Catalog) AddFile(data []byte) (recognised bool, err error) {
	return c.AddReader(bytes.NewReader(data))
}

// AddReader recognises a card file by its content and loads it in one
// streaming pass: memory grows with one card (one set's multi-face cards
// for MTGJSON), not with the file. MTGJSON files (set files, AllPrintings,
// AtomicCards) are an object with "meta" and "data" members; Scryfall bulk
// files are a JSON array of card or ruling objects. Anything else returns
// false with no error, so a directory scan can offer every file to every
// loader. A file that is recognised but broken returns true and an error;
// the cards read before the defect stay loaded.
func (c *Catalog) AddReader(r io.Reader) (recognised bool, err error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	if bom, _ := br.Peek(3); string(bom) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	first, err := firstByte(br)
	if err != nil {
		return false, nil
	}
	dec := json.NewDecoder(br)
	s := &streamer{c: c, dec: dec}
	switch first {
	case '{':
		err = s.mtgjson()
	case '[':
		err = s.scryfall()
	default:
		return false, nil
	}
	if !s.recognised {
		return false, nil
	}
	return true, err
}

func firstByte(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return b, br.UnreadByte()
	}
}

type streamer struct {
	c          *Catalog
	dec        *json.Decoder
	recognised bool
	// pending holds the multi-face entries of the set being read: the
	// faces of one card need not be adjacent (meld).
	pending []mtgjsonCard
}

var errSyntax = errors.New("not the expected JSON shape")

func (s *streamer) delim(want json.Delim) error {
	t, err := s.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return errSyntax
	}
	return nil
}

func (s *streamer) key() (string, error) {
	t, err := s.dec.Token()
	if err != nil {
		return "", err
	}
	k, ok := t.(string)
	if !ok {
		return "", errSyntax
	}
	return k, nil
}

// skip consumes one value without keeping it.
func (s *streamer) skip() error {
	var v discard
	return s.dec.Decode(&v)
}

// discard accepts any JSON value and keeps nothing.
type discard struct{}

func (*discard) UnmarshalJSON([]byte) error { return nil }

// open reads the next token: the opening delimiter of an object or array
// (0 for a scalar, which is then consumed).
func (s *streamer) open() (json.Delim, error) {
	t, err := s.dec.Token()
	if err != nil {
		return 0, err
	}
	if d, ok := t.(json.Delim); ok && (d == '{' || d == '[') {
		return d, nil
	}
	if _, ok := t.(json.Delim); ok {
		return 0, errSyntax
	}
	return 0, nil
}

// skipRest consumes the rest of an object or array whose opening
// delimiter d was read.
func (s *streamer) skipRest(d json.Delim) error {
	for s.dec.More() {
		if d == '{' {
			if _, err := s.key(); err != nil {
				return err
			}
		}
		if err := s.skip(); err != nil {
			return err
		}
	}
	_, err := s.dec.Token()
	return err
}

// mtgjson reads {"meta": …, "data": …} with the object's opening brace not
// yet consumed.
func (s *streamer) mtgjson() error {
	if err := s.delim('{'); err != nil {
		return err
	}
	for s.dec.More() {
		k, err := s.key()
		if err != nil {
			return err
		}
		if k != "data" {
			if err := s.skip(); err != nil {
				return err
			}
			continue
		}
		if err := s.mtgjsonData(); err != nil {
			return s.wrap("MTGJSON data", err)
		}
	}
	return nil
}

func (s *streamer) wrap(what string, err error) error {
	if err == nil || !s.recognised {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// setArrays are array members of a set object that hold no cards of their
// own (tokens are dropped by layout anyway).
var setArrays = map[string]bool{"tokens": true, "sealedProduct": true, "decks": true, "languages": true}

// mtgjsonData reads the data member: a set (set file), set code -> set
// (AllPrintings) or card name -> faces (AtomicCards). Other MTGJSON files
// (SetList, Keywords, …) hold no cards and stay unrecognised.
func (s *streamer) mtgjsonData() error {
	d, err := s.open()
	if err != nil || d == 0 {
		return err
	}
	if d != '{' {
		return s.skipRest(d)
	}
	for s.dec.More() {
		k, err := s.key()
		if err != nil {
			return err
		}
		d, err := s.open()
		if err != nil {
			return err
		}
		switch {
		case d == '[' && k == "cards": // a set file's data is the set
			err = s.setCards()
		case d == '{': // AllPrintings: one set
			err = s.set(k)
		case d == '[' && !setArrays[k]: // AtomicCards: one card's faces
			err = s.atomicFaces()
		case d != 0:
			err = s.skipRest(d)
		}
		if err != nil {
			return err
		}
	}
	return s.delim('}')
}

// atomicFaces reads the faces of one AtomicCards entry, its '[' read.
func (s *streamer) atomicFaces() error {
	var faces []mtgjsonCard
	for s.dec.More() {
		var m mtgjsonCard
		if err := s.dec.Decode(&m); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				continue // a list that is not cards
			}
			return err
		}
		if m.Name != "" {
			faces = append(faces, m)
		}
	}
	if len(faces) > 0 {
		s.recognised = true
		s.c.addMTGJSONCards(faces)
	}
	_, err := s.dec.Token()
	return err
}

// set reads one set object of AllPrintings, its '{' read; objects without a cards array
// (a set file's booster or translations) are read past.
func (s *streamer) set(code string) error {
	for s.dec.More() {
		k, err := s.key()
		if err != nil {
			return err
		}
		d, err := s.open()
		if err != nil {
			return err
		}
		switch {
		case d == '[' && k == "cards":
			if err := s.setCards(); err != nil {
				return fmt.Errorf("set %s: %w", code, err)
			}
		case d != 0:
			if err := s.skipRest(d); err != nil {
				return err
			}
		}
	}
	return s.delim('}')
}

// setCards streams a set's cards array, its '[' read. Single-faced printings go straight
// into the catalogue; the faces of multi-face cards wait for the end of the
// set.
func (s *streamer) setCards() error {
	s.recognised = true
	s.pending = s.pending[:0]
	for s.dec.More() {
		var m mtgjsonCard
		if err := s.dec.Decode(&m); err != nil {
			return err
		}
		if m.Name == "" {
			continue
		}
		s.recognised = true
		if m.Side == "" && !strings.Contains(m.Name, " // ") {
			s.c.addMTGJSONCards([]mtgjsonCard{m})
		} else {
			s.pending = append(s.pending, m)
		}
	}
	if len(s.pending) > 0 {
		s.c.addMTGJSONCards(s.pending)
		s.pending = nil
	}
	return s.delim(']')
}

// scryfall streams a bulk array; the first element's "object" member tells
// cards from rulings.
func (s *streamer) scryfall() error {
	if err := s.delim('['); err != nil {
		return err
	}
	if !s.dec.More() {
		return nil
	}
	var raw json.RawMessage
	if err := s.dec.Decode(&raw); err != nil {
		return err
	}
	var head struct {
		Object string `json:"object"`
	}
	if json.Unmarshal(raw, &head) != nil {
		return nil
	}
	switch head.Object {
	case "card":
		s.recognised = true
		var sc scryfallCard
		if err := json.Unmarshal(raw, &sc); err != nil {
			return fmt.Errorf("reading Scryfall card 0: %w", err)
		}
		s.c.addScryfallCard(&sc)
		for i := 1; s.dec.More(); i++ {
			var sc scryfallCard
			if err := s.dec.Decode(&sc); err != nil {
				return fmt.Errorf("reading Scryfall card %d: %w", i, err)
			}
			s.c.addScryfallCard(&sc)
		}
	case "ruling":
		s.recognised = true
		add := func(r scryfallRuling) {
			if r.OracleID != "" && strings.TrimSpace(r.Comment) != "" {
				s.c.pendingRulings = append(s.c.pendingRulings, r)
			}
		}
		var r scryfallRuling
		if err := json.Unmarshal(raw, &r); err != nil {
			return fmt.Errorf("reading Scryfall ruling 0: %w", err)
		}
		add(r)
		for i := 1; s.dec.More(); i++ {
			var r scryfallRuling
			if err := s.dec.Decode(&r); err != nil {
				return fmt.Errorf("reading Scryfall ruling %d: %w", i, err)
			}
			add(r)
		}
	default:
		return nil
	}
	return s.delim(']')
}

// Merge adds every card of other (a catalogue loaded from other files,
// typically in parallel, and not finished) as if its files had been added
// to c after c's own.
func (c *Catalog) Merge(other *Catalog) {
	for _, card := range other.cards {
		c.addPrinting(card)
	}
	c.pendingRulings = append(c.pendingRulings, other.pendingRulings...)
	c.pendingForeign = append(c.pendingForeign, other.pendingForeign...)
}
