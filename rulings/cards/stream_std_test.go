package cards

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// stdStreamer is the MTGJSON reader the catalogue used before
// mtgjsonReader: encoding/json tokens to reach the cards, then one Decode
// per card. The tests hold the new reader to what it reads.
type stdStreamer struct {
	c          *Catalog
	dec        *json.Decoder
	recognised bool
	pending    []mtgjsonCard
}

// addReaderStd is AddReader with stdStreamer for MTGJSON files.
func addReaderStd(c *Catalog, r io.Reader) (recognised bool, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if bom, _ := br.Peek(3); string(bom) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	first, err := firstByte(br)
	if err != nil || first != '{' {
		return false, nil
	}
	s := &stdStreamer{c: c, dec: json.NewDecoder(br)}
	err = s.mtgjson()
	if !s.recognised {
		return false, nil
	}
	return true, err
}

func (s *stdStreamer) delim(want json.Delim) error {
	t, err := s.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return errSyntax
	}
	return nil
}

func (s *stdStreamer) key() (string, error) {
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
func (s *stdStreamer) skip() error {
	var v discard
	return s.dec.Decode(&v)
}

// discard accepts any JSON value and keeps nothing.
type discard struct{}

func (*discard) UnmarshalJSON([]byte) error { return nil }

// open reads the next token: the opening delimiter of an object or array
// (0 for a scalar, which is then consumed).
func (s *stdStreamer) open() (json.Delim, error) {
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
func (s *stdStreamer) skipRest(d json.Delim) error {
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
func (s *stdStreamer) mtgjson() error {
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

func (s *stdStreamer) wrap(what string, err error) error {
	if err == nil || !s.recognised {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// mtgjsonData reads the data member: a set (set file), set code -> set
// (AllPrintings) or card name -> faces (AtomicCards). Other MTGJSON files
// (SetList, Keywords, …) hold no cards and stay unrecognised.
func (s *stdStreamer) mtgjsonData() error {
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
func (s *stdStreamer) atomicFaces() error {
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
func (s *stdStreamer) set(code string) error {
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
func (s *stdStreamer) setCards() error {
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
