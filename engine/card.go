package engine

import (
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// CardDef is the printed card an object starts from (CR 613.1: "For a card,
// that means the values of the characteristics printed on that card").
type CardDef struct {
	Name       string   `json:"name"`
	ManaCost   string   `json:"mana_cost,omitempty"`
	Colors     []string `json:"colors,omitempty"` // letters W U B R G
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types,omitempty"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Text       string   `json:"text,omitempty"`
	// Loyalty is a planeswalker's printed loyalty (209.1): it enters with
	// that many loyalty counters (306.5b).
	Loyalty string `json:"loyalty,omitempty"`
	// Back is the back face of a nonmodal double-faced card (712.2), nil
	// for a card with one face; the fields above are its front face.
	Back *CardDef `json:"back,omitempty"`
}

// CardSource looks cards up by name for a scenario.
type CardSource interface {
	Card(name string) (CardDef, bool)
}

// Suggester is implemented by card sources that can name close matches for
// an unknown card (for the error message).
type Suggester interface {
	Suggest(name string) []string
}

// MapSource is a CardSource over a fixed set of cards, keyed by folded name.
// Useful for tests and for callers that already hold the cards they need.
type MapSource map[string]CardDef

// NewMapSource builds a MapSource from cards.
func NewMapSource(cards ...CardDef) MapSource {
	m := MapSource{}
	for _, c := range cards {
		m[fold.Key(c.Name)] = c
	}
	return m
}

// Card implements CardSource.
func (m MapSource) Card(name string) (CardDef, bool) {
	c, ok := m[fold.Key(name)]
	return c, ok
}

// colorOrder is WUBRG, the order colors are listed in.
var colorOrder = []string{"W", "U", "B", "R", "G"}

var colorWords = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

var colorNames = map[string]string{"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

// sortColors returns the distinct colors of cs in WUBRG order.
func sortColors(cs []string) []string {
	out := []string{}
	for _, c := range colorOrder {
		for _, x := range cs {
			if strings.EqualFold(x, c) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// ColorsOfCost derives colors from a mana cost (CR 202.2): every colored
// mana symbol, including hybrid and Phyrexian halves, gives its color.
func ColorsOfCost(cost string) []string {
	var cs []string
	for _, sym := range manaSymbols(cost) {
		for _, part := range strings.Split(sym, "/") {
			if _, ok := colorNames[part]; ok {
				cs = append(cs, part)
			}
		}
	}
	return sortColors(cs)
}

// manaSymbols splits "{2}{W/U}{B}" into "2", "W/U", "B" (upper case).
func manaSymbols(cost string) []string {
	var out []string
	for {
		i := strings.IndexByte(cost, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(cost[i:], '}')
		if j < 0 {
			return out
		}
		out = append(out, strings.ToUpper(cost[i+1:i+j]))
		cost = cost[i+j+1:]
	}
}

// manaValue computes CR 202.3 for a mana cost: generic symbols count their
// number, X counts zero, {2/W} counts two, every other symbol counts one.
func manaValue(cost string) int {
	total := 0
	for _, sym := range manaSymbols(cost) {
		if n, err := strconv.Atoi(sym); err == nil {
			total += n
			continue
		}
		if sym == "X" || sym == "Y" || sym == "Z" {
			continue
		}
		if strings.HasPrefix(sym, "2/") {
			total += 2
			continue
		}
		total++
	}
	return total
}

// ptValue reads a printed power or toughness: "3" is 3, "*" and "1+*" start
// from their number part (the star is defined by an ability, CR 208.2).
func ptValue(s string) int {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	if i := strings.IndexAny(s, "+-*"); i > 0 {
		if n, err := strconv.Atoi(s[:i]); err == nil {
			return n
		}
	}
	return 0
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func addUnique(list []string, items ...string) []string {
	for _, it := range items {
		if !containsFold(list, it) {
			list = append(list, it)
		}
	}
	return list
}

func removeFold(list []string, drop func(string) bool) []string {
	out := list[:0:0]
	for _, x := range list {
		if !drop(x) {
			out = append(out, x)
		}
	}
	return out
}
