package cards

import (
	"sort"
	"strings"
)

// mtgjsonCard holds the MTGJSON v5 card fields the catalogue uses. Set
// files, AllPrintings and AtomicCards share these names; a multi-face card
// is one entry per face with the full name in Name and the face in FaceName.
type mtgjsonCard struct {
	Name              string           `json:"name"`
	FaceName          string           `json:"faceName"`
	Side              string           `json:"side"`
	Layout            string           `json:"layout"`
	ManaCost          string           `json:"manaCost"`
	ManaValue         *float64         `json:"manaValue"`
	ConvertedManaCost *float64         `json:"convertedManaCost"`
	FaceManaValue     *float64         `json:"faceManaValue"`
	Colors            []string         `json:"colors"`
	ColorIdentity     []string         `json:"colorIdentity"`
	Supertypes        []string         `json:"supertypes"`
	Types             []string         `json:"types"`
	Subtypes          []string         `json:"subtypes"`
	Type              string           `json:"type"`
	Text              string           `json:"text"`
	Power             string           `json:"power"`
	Toughness         string           `json:"toughness"`
	Loyalty           string           `json:"loyalty"`
	Defense           string           `json:"defense"`
	Keywords          []string         `json:"keywords"`
	ForeignData       []mtgjsonForeign `json:"foreignData"`
	Rulings           []mtgjsonRuling  `json:"rulings"`
	Identifiers       mtgjsonIDs       `json:"identifiers"`
	SetCode           string           `json:"setCode"`
	Number            string           `json:"number"`
	EDHRECRank        *float64         `json:"edhrecRank"`
}

// mtgjsonIDs holds the one identifier the catalogue uses (decoding the whole
// identifiers object into a map cost one map per printing).
type mtgjsonIDs struct {
	ScryfallOracleID string `json:"scryfallOracleId"`
}

type mtgjsonForeign struct {
	Language string `json:"language"`
	Name     string `json:"name"`
	FaceName string `json:"faceName"`
}

type mtgjsonRuling struct {
	Date string `json:"date"`
	Text string `json:"text"`
}

// addMTGJSONCards groups face entries by full name and adds one printing per
// card.
func (c *Catalog) addMTGJSONCards(list []mtgjsonCard) {
	// Faces of one card are adjacent in MTGJSON but may also come from
	// different printings; group by name and keep the first entry per side.
	type group struct {
		faces []mtgjsonCard
		sides map[string]bool
	}
	var order []string
	groups := map[string]*group{}
	for _, m := range list {
		// MTGJSON uses Scryfall's layout names for tokens and art cards.
		if m.Name == "" || notCards[m.Layout] {
			continue
		}
		g := groups[m.Name]
		if g == nil {
			g = &group{sides: map[string]bool{}}
			groups[m.Name] = g
			order = append(order, m.Name)
		}
		side := m.Side
		if side == "" {
			side = m.FaceName
		}
		if g.sides[side] {
			// Another printing of the same face: keep its rulings and
			// foreign names, they are merged later.
			g.faces = append(g.faces, m)
			continue
		}
		g.sides[side] = true
		g.faces = append(g.faces, m)
	}
	for _, name := range order {
		c.addPrinting(cardFromMTGJSON(groups[name].faces))
	}
}

// cardFromMTGJSON builds a card from the face entries of one name.
func cardFromMTGJSON(entries []mtgjsonCard) *Card {
	// Sides sort "a" < "b" < "c"; entries with no side keep their order.
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Side < entries[j].Side })
	first := entries[0]
	name := first.Name
	if first.Layout == "meld" && first.FaceName != "" {
		// MTGJSON names a meld card's front "Bruna, the Fading Light //
		// Brisela, Voice of Nightmares"; the card is Bruna (712.4), and
		// Brisela is a card of its own.
		name = first.FaceName
	}
	card := &Card{
		Name:          name,
		Layout:        first.Layout,
		ColorIdentity: nonNil(first.ColorIdentity),
		Keywords:      nil,
	}
	if id := first.Identifiers.ScryfallOracleID; id != "" {
		card.oracleID = id
	}
	if first.SetCode != "" && first.Number != "" {
		card.ScryfallURL = "https://scryfall.com/card/" + strings.ToLower(first.SetCode) + "/" + first.Number
	}
	switch {
	case first.ManaValue != nil:
		card.ManaValue = *first.ManaValue
	case first.ConvertedManaCost != nil:
		card.ManaValue = *first.ConvertedManaCost
	}
	seenSide := map[string]bool{}
	var faces []Face
	for _, m := range entries {
		for _, r := range m.Rulings {
			card.Rulings = append(card.Rulings, Ruling{Date: r.Date, Text: r.Text})
		}
		for _, f := range m.ForeignData {
			name := f.Name
			if name == "" {
				name = f.FaceName
			}
			if name != "" {
				card.ForeignNames = append(card.ForeignNames, ForeignName{Language: f.Language, Name: name})
			}
		}
		card.Keywords = appendUnique(card.Keywords, m.Keywords...)
		if m.EDHRECRank != nil {
			card.EDHRECRank = betterRank(card.EDHRECRank, rankFrom(*m.EDHRECRank))
		}
		side := m.Side
		if side == "" {
			side = m.FaceName
		}
		if seenSide[side] {
			continue
		}
		seenSide[side] = true
		faces = append(faces, Face{
			Name:       firstNonEmpty(m.FaceName, m.Name),
			ManaCost:   m.ManaCost,
			TypeLine:   m.Type,
			Supertypes: m.Supertypes,
			Types:      m.Types,
			Subtypes:   m.Subtypes,
			Text:       m.Text,
			Colors:     m.Colors,
			Power:      m.Power,
			Toughness:  m.Toughness,
			Loyalty:    m.Loyalty,
			Defense:    m.Defense,
		})
	}
	// Meld and similar layouts list a back face under another name; sides
	// sort "a" < "b" < "c" already in MTGJSON order.
	card.setFaces(faces)
	return card
}

// setFaces fills the card-level characteristics from its faces: one face
// copies straight through, several are joined with " // ".
func (c *Card) setFaces(faces []Face) {
	if len(faces) == 0 {
		return
	}
	if len(faces) == 1 {
		f := faces[0]
		c.ManaCost, c.TypeLine, c.Text = f.ManaCost, f.TypeLine, f.Text
		c.Supertypes, c.Types, c.Subtypes = f.Supertypes, f.Types, f.Subtypes
		c.Colors = nonNil(f.Colors)
		c.Power, c.Toughness, c.Loyalty, c.Defense = f.Power, f.Toughness, f.Loyalty, f.Defense
		if len(c.Types) == 0 && c.TypeLine != "" {
			c.Supertypes, c.Types, c.Subtypes = ParseTypeLine(c.TypeLine)
		}
		return
	}
	c.Faces = faces
	var costs, lines, texts []string
	c.Colors = c.Colors[:0:0]
	for i := range faces {
		f := &faces[i]
		if len(f.Types) == 0 && f.TypeLine != "" {
			f.Supertypes, f.Types, f.Subtypes = ParseTypeLine(f.TypeLine)
		}
		if f.ManaCost != "" {
			costs = append(costs, f.ManaCost)
		}
		lines = append(lines, f.TypeLine)
		texts = append(texts, f.Text)
		c.Supertypes = appendUnique(c.Supertypes, f.Supertypes...)
		c.Types = appendUnique(c.Types, f.Types...)
		c.Subtypes = appendUnique(c.Subtypes, f.Subtypes...)
		c.Colors = appendUnique(c.Colors, f.Colors...)
		if c.Power == "" && c.Toughness == "" {
			c.Power, c.Toughness = f.Power, f.Toughness
		}
		if c.Loyalty == "" {
			c.Loyalty = f.Loyalty
		}
		if c.Defense == "" {
			c.Defense = f.Defense
		}
	}
	c.ManaCost = strings.Join(costs, " // ")
	c.TypeLine = strings.Join(lines, " // ")
	c.Text = strings.Join(texts, "\n//\n")
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
