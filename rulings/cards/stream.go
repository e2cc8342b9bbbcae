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
	br, ok := r.(bufferedReader)
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
	switch first {
	case '{':
		s := newMTGJSONReader(c, br)
		err = s.read()
		s.release()
		if !s.recognised {
			return false, nil
		}
	case '[':
		s := &streamer{c: c, dec: json.NewDecoder(br)}
		err = s.scryfall()
		if !s.recognised {
			return false, nil
		}
	default:
		return false, nil
	}
	return true, err
}

// bufferedReader is what AddReader needs of its input; a *bufio.Reader
// (or a reader embedding one, such as an opened data file) is used as it
// is, anything else gets a buffer.
type bufferedReader interface {
	io.Reader
	io.ByteScanner
	Peek(n int) ([]byte, error)
	Discard(n int) (int, error)
}

func firstByte(br bufferedReader) (byte, error) {
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

// streamer reads a Scryfall bulk file with encoding/json, one array
// element at a time.
type streamer struct {
	c          *Catalog
	dec        *json.Decoder
	recognised bool
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
