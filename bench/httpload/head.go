package main

import (
	"errors"
	"strconv"
)

// responseHead reads an interaction response's "type" and "data"."flags"
// in one pass over the bytes, skipping every other value without decoding
// it. The driver shares the machine with the server, and decoding each
// answer with encoding/json (which scans a body twice: once to validate,
// once to decode) was a fifth of the driver's CPU. It is not a validator:
// it checks the structure it walks (objects, strings, nesting), and
// encoding/json still decodes every answer that looks like an error.
func responseHead(b []byte) (typ, flags int, err error) {
	s := skimmer{b: b}
	seenType := false
	err = s.object(func(key []byte) error {
		switch string(key) {
		case "type":
			n, err := s.int()
			typ, seenType = n, true
			return err
		case "data":
			s.space()
			if s.i < len(s.b) && s.b[s.i] == '{' {
				return s.object(func(key []byte) error {
					if string(key) == "flags" {
						n, err := s.int()
						flags = n
						return err
					}
					return s.skip()
				})
			}
		}
		return s.skip()
	})
	if err == nil {
		s.space()
		if s.i != len(s.b) {
			err = errors.New("bytes after the object")
		} else if !seenType {
			err = errors.New("no type")
		}
	}
	return typ, flags, err
}

type skimmer struct {
	b []byte
	i int
}

var errSyntax = errors.New("malformed JSON")

func (s *skimmer) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\n' || s.b[s.i] == '\r' || s.b[s.i] == '\t') {
		s.i++
	}
}

// object walks {"key": value, ...}; member is called after each key's
// colon and must consume the value.
func (s *skimmer) object(member func(key []byte) error) error {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return errSyntax
	}
	s.i++
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return nil
	}
	for {
		s.space()
		key, err := s.str()
		if err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return errSyntax
		}
		s.i++
		if err := member(key); err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.b) {
			return errSyntax
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return nil
		default:
			return errSyntax
		}
	}
}

// str reads a string and returns its raw bytes (escapes left as they are:
// the keys looked for have none).
func (s *skimmer) str() ([]byte, error) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, errSyntax
	}
	start := s.i + 1
	for j := start; j < len(s.b); j++ {
		switch s.b[j] {
		case '\\':
			j++
		case '"':
			s.i = j + 1
			return s.b[start:j], nil
		}
	}
	return nil, errSyntax
}

func (s *skimmer) int() (int, error) {
	s.space()
	start := s.i
	for s.i < len(s.b) && (s.b[s.i] == '-' || (s.b[s.i] >= '0' && s.b[s.i] <= '9')) {
		s.i++
	}
	return strconv.Atoi(string(s.b[start:s.i]))
}

// skip passes over one value of any kind.
func (s *skimmer) skip() error {
	s.space()
	if s.i >= len(s.b) {
		return errSyntax
	}
	switch s.b[s.i] {
	case '"':
		_, err := s.str()
		return err
	case '{', '[':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '"':
				if _, err := s.str(); err != nil {
					return err
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return nil
				}
			}
			s.i++
		}
		return errSyntax
	default:
		start := s.i
		for s.i < len(s.b) && s.b[s.i] != ',' && s.b[s.i] != '}' && s.b[s.i] != ']' && s.b[s.i] != ' ' && s.b[s.i] != '\n' {
			s.i++
		}
		if s.i == start {
			return errSyntax
		}
		return nil
	}
}
