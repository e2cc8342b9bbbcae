// Package cards loads Magic cards (Oracle text, foreign names and official
// rulings) from MTGJSON v5 files and Scryfall bulk data, merges reprints into
// one card, and answers name look-ups: exact, prefix, fuzzy, typo-tolerant
// and foreign names, plus autocomplete for Discord's option lists. Files are
// read in one streaming pass (AddReader), so memory follows the cards kept,
// not the size of the file; LookupAll also lists the other names an
// ambiguous name matches.
package cards

import (
	"strings"
)

// Card is one Oracle card: every printing of the same name is merged into
// one Card. Multi-face cards (split, adventure, transform, modal DFC) keep
// each face in Faces; the card-level fields then hold the faces joined with
// " // " the way the Oracle shows them.
type Card struct {
	Name          string        `json:"name"`
	Faces         []Face        `json:"faces,omitempty"`
	Layout        string        `json:"layout,omitempty"`
	ManaCost      string        `json:"mana_cost"`
	ManaValue     float64       `json:"mana_value"`
	Colors        []string      `json:"colors"`
	ColorIdentity []string      `json:"color_identity"`
	Supertypes    []string      `json:"supertypes,omitempty"`
	Types         []string      `json:"types"`
	Subtypes      []string      `json:"subtypes,omitempty"`
	TypeLine      string        `json:"type_line"`
	Text          string        `json:"oracle_text"`
	Power         string        `json:"power,omitempty"`
	Toughness     string        `json:"toughness,omitempty"`
	Loyalty       string        `json:"loyalty,omitempty"`
	Defense       string        `json:"defense,omitempty"`
	Keywords      []string      `json:"keywords,omitempty"`
	ForeignNames  []ForeignName `json:"foreign_names,omitempty"`
	Rulings       []Ruling      `json:"rulings"`
	ScryfallURL   string        `json:"scryfall_url,omitempty"`
	// EDHRECRank is how much the card is played: its rank on EDHREC
	// (1 is the most played card), the best over its printings, 0 when no
	// source ranks it. MTGJSON's edhrecRank and Scryfall's edhrec_rank
	// carry it. Look-ups use it to order names that match a query equally
	// well.
	EDHRECRank int `json:"edhrec_rank,omitempty"`

	oracleID string // Scryfall oracle_id, used to join Scryfall rulings
}

// Face is one face of a multi-face card.
type Face struct {
	Name       string   `json:"name"`
	ManaCost   string   `json:"mana_cost,omitempty"`
	TypeLine   string   `json:"type_line"`
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Text       string   `json:"oracle_text"`
	Colors     []string `json:"colors,omitempty"`
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Loyalty    string   `json:"loyalty,omitempty"`
	Defense    string   `json:"defense,omitempty"`
}

// ForeignName is a printed name in another language.
type ForeignName struct {
	Language string `json:"language"`
	Name     string `json:"name"`
}

// Ruling is one official ruling. Refs holds the Comprehensive Rules numbers
// the ruling cites ("See rule 302.6" gives "302.6").
type Ruling struct {
	Date string   `json:"date"`
	Text string   `json:"text"`
	Refs []string `json:"refs"`
}

// rankFrom reads a source's rank: a positive number, 0 for none or for a
// value that is no rank.
func rankFrom(v float64) int {
	if !(v >= 1) { // also NaN
		return 0
	}
	if v > maxRank {
		return maxRank
	}
	return int(v)
}

// maxRank bounds a rank read from a file (there are about 30,000 cards).
const maxRank = 1 << 30

// betterRank is the better of two ranks, 0 being none.
func betterRank(a, b int) int {
	if a == 0 || (b != 0 && b < a) {
		return b
	}
	return a
}

// HasFaces reports whether the card has more than one face.
func (c *Card) HasFaces() bool { return len(c.Faces) > 1 }

// knownSupertypes are the supertypes of CR 205.4a. Everything left of the
// dash that is not a supertype is a card type.
var knownSupertypes = map[string]bool{
	"Basic": true, "Legendary": true, "Ongoing": true, "Snow": true, "World": true,
	"Elite": true, "Host": true,
}

// ParseTypeLine splits a type line such as "Legendary Artifact Creature —
// Equipment Golem" into supertypes, card types and subtypes (CR 205). Both
// the em dash and a plain " - " separate types from subtypes. A multi-face
// type line ("Instant // Sorcery") is parsed face by face and merged.
func ParseTypeLine(line string) (supertypes, types, subtypes []string) {
	for _, face := range strings.Split(line, "//") {
		left, right := face, ""
		if i := strings.Index(face, "—"); i >= 0 {
			left, right = face[:i], face[i+len("—"):]
		} else if i := strings.Index(face, " - "); i >= 0 {
			left, right = face[:i], face[i+3:]
		}
		for _, w := range strings.Fields(left) {
			if knownSupertypes[w] {
				supertypes = appendUnique(supertypes, w)
			} else {
				types = appendUnique(types, w)
			}
		}
		for _, w := range strings.Fields(right) {
			subtypes = appendUnique(subtypes, w)
		}
	}
	return supertypes, types, subtypes
}

func appendUnique(list []string, s ...string) []string {
	for _, v := range s {
		dup := false
		for _, have := range list {
			if have == v {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, v)
		}
	}
	return list
}
