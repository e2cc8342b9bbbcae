package cards

import (
	"strings"
)

// scryfallCard holds the fields of Scryfall's card object
// (https://scryfall.com/docs/api/cards) that the catalogue uses.
type scryfallCard struct {
	Object        string         `json:"object"`
	ID            string         `json:"id"`
	OracleID      string         `json:"oracle_id"`
	Name          string         `json:"name"`
	PrintedName   string         `json:"printed_name"`
	Lang          string         `json:"lang"`
	Layout        string         `json:"layout"`
	ManaCost      string         `json:"mana_cost"`
	CMC           float64        `json:"cmc"`
	TypeLine      string         `json:"type_line"`
	OracleText    string         `json:"oracle_text"`
	Power         string         `json:"power"`
	Toughness     string         `json:"toughness"`
	Loyalty       string         `json:"loyalty"`
	Defense       string         `json:"defense"`
	Colors        []string       `json:"colors"`
	ColorIdentity []string       `json:"color_identity"`
	Keywords      []string       `json:"keywords"`
	CardFaces     []scryfallFace `json:"card_faces"`
	ScryfallURI   string         `json:"scryfall_uri"`
	// EDHRECRank is a whole number in Scryfall's data; read as a float
	// so that another number does not fail the file.
	EDHRECRank float64 `json:"edhrec_rank"`
}

type scryfallFace struct {
	Object      string   `json:"object"`
	Name        string   `json:"name"`
	PrintedName string   `json:"printed_name"`
	OracleID    string   `json:"oracle_id"`
	ManaCost    string   `json:"mana_cost"`
	TypeLine    string   `json:"type_line"`
	OracleText  string   `json:"oracle_text"`
	Power       string   `json:"power"`
	Toughness   string   `json:"toughness"`
	Loyalty     string   `json:"loyalty"`
	Defense     string   `json:"defense"`
	Colors      []string `json:"colors"`
}

// scryfallRuling is Scryfall's ruling object
// (https://scryfall.com/docs/api/rulings).
type scryfallRuling struct {
	Object      string `json:"object"`
	OracleID    string `json:"oracle_id"`
	Source      string `json:"source"`
	PublishedAt string `json:"published_at"`
	Comment     string `json:"comment"`
}

// scryfallLanguages maps Scryfall's language codes to the language names
// MTGJSON uses, so foreign names from both sources read the same.
var scryfallLanguages = map[string]string{
	"es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "pt": "Portuguese (Brazil)",
	"ja": "Japanese", "ko": "Korean", "ru": "Russian", "zhs": "Chinese Simplified",
	"zht": "Chinese Traditional", "he": "Hebrew", "la": "Latin", "grc": "Ancient Greek",
	"ar": "Arabic", "sa": "Sanskrit", "ph": "Phyrexian", "qya": "Quenya",
}

// notCards are Scryfall layouts that are printed objects but not Magic
// cards a rules question names: tokens share names with real cards
// (Ornithopter), and art-series cards repeat a card's name on both faces.
var notCards = map[string]bool{
	"token": true, "double_faced_token": true, "emblem": true, "art_series": true,
}

func (c *Catalog) addScryfallCard(sc *scryfallCard) {
	if sc.Name == "" || sc.Object != "card" || notCards[sc.Layout] {
		return
	}
	oracleID := sc.OracleID
	if oracleID == "" && len(sc.CardFaces) > 0 {
		oracleID = sc.CardFaces[0].OracleID // reversible cards keep it per face
	}
	if sc.Lang != "" && sc.Lang != "en" {
		// A foreign printing (all_cards): it adds a name, not a card.
		name := sc.PrintedName
		if name == "" && len(sc.CardFaces) > 0 {
			var parts []string
			for _, f := range sc.CardFaces {
				if f.PrintedName != "" {
					parts = append(parts, f.PrintedName)
				}
			}
			name = strings.Join(parts, " // ")
		}
		if name != "" {
			lang := scryfallLanguages[sc.Lang]
			if lang == "" {
				lang = sc.Lang
			}
			c.pendingForeign = append(c.pendingForeign, pendingForeign{
				oracleID: oracleID, english: sc.Name, name: ForeignName{Language: lang, Name: name},
			})
		}
		return
	}
	card := &Card{
		Name:          sc.Name,
		Layout:        sc.Layout,
		ManaValue:     sc.CMC,
		ColorIdentity: nonNil(sc.ColorIdentity),
		Keywords:      sc.Keywords,
		ScryfallURL:   stripQuery(sc.ScryfallURI),
		oracleID:      oracleID,
		EDHRECRank:    rankFrom(sc.EDHRECRank),
	}
	var faces []Face
	if len(sc.CardFaces) > 1 {
		for _, f := range sc.CardFaces {
			colors := f.Colors
			if colors == nil {
				colors = sc.Colors // split cards keep colours on the card
			}
			faces = append(faces, Face{
				Name: f.Name, ManaCost: f.ManaCost, TypeLine: f.TypeLine, Text: f.OracleText,
				Colors: colors, Power: f.Power, Toughness: f.Toughness, Loyalty: f.Loyalty, Defense: f.Defense,
			})
		}
	} else {
		faces = []Face{{
			Name: sc.Name, ManaCost: sc.ManaCost, TypeLine: sc.TypeLine, Text: sc.OracleText,
			Colors: sc.Colors, Power: sc.Power, Toughness: sc.Toughness, Loyalty: sc.Loyalty, Defense: sc.Defense,
		}}
	}
	card.setFaces(faces)
	if len(faces) > 1 && sc.Colors != nil {
		card.Colors = nonNil(sc.Colors)
	}
	c.addPrinting(card)
}

// stripQuery drops Scryfall's utm_source tracking parameters from a card URI.
func stripQuery(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}
