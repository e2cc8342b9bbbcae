package engine

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Counts of cards in graveyards and hands, for characteristic-defining
// abilities (604.3, applied in layer 7a, 613.4a) and "for each" counts
// (613.4c): Tarmogoyf's "the number of card types among cards in all
// graveyards", Lhurgoyf's "the number of creature cards in all
// graveyards", Maro's "the number of cards in your hand". The value is
// read from the game as it is whenever the layers are applied (611.3a,
// 613), so a spell put into its owner's graveyard as the last step of its
// resolution (608.2n) counts before state-based actions are checked
// (704.3), and a card in a graveyard counts itself there (113.6a, 604.3).
//
// A graveyard holds what the scenario put there: the cards it put "in
// graveyard" and the cards that went there during it (404.1; it starts
// empty, as "? graveyard" says). A hand is counted once the scenario has
// stated its size ("you have N cards in hand"); what its cards are is known
// only for the cards it named, so a count of some kind of card in a hand
// holding unnamed cards is unknown, and said so, never guessed. Tokens are
// not cards (108.2, 111.1): a token in a graveyard, until it ceases to
// exist (704.5d), is not counted.

// zoneCount is one count of cards in graveyards or hands.
type zoneCount struct {
	Zone Zone // ZoneGraveyard or ZoneHand
	// Whose: 0 every player's, 1 the controller's of the ability ("your";
	// a card's owner outside the battlefield, 108.4a), 2 their opponent's
	// (a scenario has one), 3 the controller's of the object the effect
	// applies to ("its controller's", Death's Approach).
	Whose int
	F     Filter // the cards counted (no Control: Whose says whose)
	Other bool   // "other": not the object with the ability itself
	Types bool   // the number of card types among them (205.2a)
	// Symbols: a color letter: the number of mana symbols of that color
	// in the mana costs of the cards (chroma; a hybrid symbol is a symbol
	// of each of its colors, 107.4e).
	Symbols string
	// Life: not cards but a life total ("your life total", Serra
	// Avatar): the player's life as the engine tracks it (119.1: 20 at
	// the start unless the scenario states it, 119.3).
	Life bool
	Text string // what the ability counts, as printed
}

var (
	// reZoneCount: "[the number of] [card types among] [WORDS] cards in
	// WHOSE graveyard(s)|hand(s)".
	reZoneCount = regexp.MustCompile(`^(?:(card types) among |(other )?((?:[a-z/-]+ )*?))cards? in (your|all|your opponents'|each opponent's|an opponent's|all players'|each player's|its controller's) (graveyards?|hands?)$`)
	// reZoneCountOf: what a characteristic-defining ability or a
	// "where X is" sets a value to: "the number of ...", "the total number
	// of cards in all players' hands", "twice the number of ...", "N plus
	// the number of ...".
	// reSymbolsIn: chroma's "black mana symbols in the mana costs of
	// cards in your graveyard".
	reSymbolsIn = regexp.MustCompile(`^(white|blue|black|red|green) mana symbols in the mana costs of (.+)$`)
	// reOppMostInHand: Adamaro's "cards in the hand of the opponent with
	// the most cards in hand": a scenario has one opponent.
	reOppMostInHand = regexp.MustCompile(`^cards in the hand of the opponent with the most cards in hand$`)
	reZoneCountOf   = regexp.MustCompile(`^(?:(one|two|three|four|five|\d+) plus |(twice) )?the (?:total )?number of (.+)$`)
)

// parseZoneCount reads what a count of cards in graveyards or hands
// counts; ok is false for anything else (or a kind of card it can't read).
func parseZoneCount(what string) (*zoneCount, bool) {
	switch what {
	case "your life total":
		return &zoneCount{Life: true, Whose: 1, Text: what}, true
	case "your opponent's life total", "an opponent's life total":
		return &zoneCount{Life: true, Whose: 2, Text: what}, true // a scenario has one opponent
	}
	if reOppMostInHand.MatchString(what) {
		return &zoneCount{Zone: ZoneHand, Whose: 2, Text: what}, true
	}
	if m := reSymbolsIn.FindStringSubmatch(what); m != nil {
		z, ok := parseZoneCount(m[2])
		if !ok || z.Types {
			return nil, false
		}
		z.Symbols, z.Text = colorWords[m[1]], what
		return z, true
	}
	m := reZoneCount.FindStringSubmatch(what)
	if m == nil {
		return nil, false
	}
	z := &zoneCount{Types: m[1] != "", Other: m[2] != "", Text: what}
	if w := strings.TrimSpace(m[3]); w != "" {
		f, ok := cardTypeWords(w)
		if !ok {
			f, ok = zoneWords(w)
		}
		if !ok || f.Control != 0 || f.Other || f.Token != 0 || f.More != nil {
			return nil, false
		}
		z.F = f
	}
	switch m[4] {
	case "your":
		z.Whose = 1
	case "your opponents'", "each opponent's", "an opponent's":
		z.Whose = 2
	case "its controller's":
		z.Whose = 3
	}
	z.Zone = ZoneGraveyard
	if strings.HasPrefix(m[5], "hand") {
		z.Zone = ZoneHand
	}
	if z.Types && z.Zone == ZoneHand {
		return nil, false // no card has this form; its unnamed cards' types are unknown anyway
	}
	return z, true
}

// cardTypes are the card types of 205.2a a count of cards can name.
var cardTypes = map[string]string{"artifact": "Artifact", "battle": "Battle", "creature": "Creature", "enchantment": "Enchantment",
	"instant": "Instant", "kindred": "Kindred", "tribal": "Tribal", "land": "Land", "planeswalker": "Planeswalker", "sorcery": "Sorcery"}

// cardTypeWords reads "instant", "instant and sorcery", "artifact and/or
// enchantment": cards of any of these card types ("instant and sorcery
// cards" are the cards that are instants and those that are sorceries).
func cardTypeWords(w string) (Filter, bool) {
	var or []Filter
	for _, x := range strings.Fields(w) {
		if x == "and" || x == "or" || x == "and/or" {
			continue
		}
		t, ok := cardTypes[strings.TrimSuffix(x, ",")]
		if !ok {
			return Filter{}, false
		}
		or = append(or, Filter{Types: []string{t}})
	}
	switch len(or) {
	case 0:
		return Filter{}, false
	case 1:
		return or[0], true
	}
	return Filter{Or: or}, true
}

// zoneCountOf reads "[N plus | twice] the [total] number of ZONE-COUNT" as
// a count of counts.go; ok is false when WHAT is no count of cards in
// graveyards or hands.
func zoneCountOf(what string) (*countMore, bool) {
	m := reZoneCountOf.FindStringSubmatch(what)
	if m == nil {
		return nil, false
	}
	cm := &countMore{}
	switch {
	case m[1] != "":
		n, ok := number(m[1])
		if !ok {
			return nil, false
		}
		cm.Plus = n
	case m[2] != "":
		cm.Times = 2
	}
	z, ok := parseZoneCount(m[3])
	if !ok {
		return nil, false
	}
	cm.Zones = []*zoneCount{z}
	return cm, true
}

// zoneChars is offChars, set in init: the layer operations (ops) count
// cards in zones, and reading a card's characteristics compiles its text,
// whose sentences consult ops.
var zoneChars func(s *state, x offObject) *Chars

func init() {
	zoneChars = func(s *state, x offObject) *Chars {
		c, _ := s.offChars(x)
		return c
	}
}

// players are the players whose zone a count reads: you control the
// effect, its is the controller of the object it applies to.
func (z *zoneCount) players(you, its Player) []Player {
	switch z.Whose {
	case 1:
		return []Player{you}
	case 2:
		return []Player{other(you)}
	case 3:
		return []Player{its}
	}
	return []Player{You, Opponent}
}

// countZone counts z for the effect e applied to an object controlled by
// its. unknown is not empty when the
// scenario doesn't hold what it counts (it says what); detail says what
// was counted.
func (s *state) countZone(z *zoneCount, e *Effect, its Player) (n int, unknown, detail string) {
	n, atLeast, unknown, detail := s.countZoneB(z, e, its)
	if unknown == "" && atLeast {
		return 0, fmt.Sprintf("the scenario says at least %d (%s), not how many", n, detail), ""
	}
	return n, unknown, detail
}

// countZoneB is countZone with lower bounds: atLeast is true when the
// scenario stated only a lower bound of what it counts ("you have at
// least 7 cards in graveyard"), and n is then that bound.
func (s *state) countZoneB(z *zoneCount, e *Effect, its Player) (n int, atLeast bool, unknown, detail string) {
	you := e.ctrlNow(s)
	if z.Life {
		// Life totals are tracked from 20 (119.1) through every gain and
		// loss (119.3) and every statement of a life total.
		var said []string
		for _, p := range z.players(you, its) {
			ps := s.g.pl(p)
			n += ps.life
			atLeast = atLeast || ps.lifeAtLeast
			if ps.lifeAtLeast {
				said = append(said, fmt.Sprintf("%s at least %d life", says(p, "has"), ps.life))
			} else {
				said = append(said, fmt.Sprintf("%s %d life", says(p, "has"), ps.life))
			}
		}
		return n, atLeast, "", strings.Join(said, ", ")
	}
	if why := s.g.zoneUnknown(z, z.players(you, its)); why != "" {
		return 0, false, why, ""
	}
	plain := z.plain()
	var names []string
	unnamed := 0
	for _, p := range z.players(you, its) {
		ps := s.g.players[p]
		if ps == nil {
			continue
		}
		// "you have N cards in graveyard": their number is known, what
		// they are is not (zoneUnknown: only a plain count reads them).
		switch z.Zone {
		case ZoneGraveyard:
			unnamed += ps.graveUnknown
			atLeast = atLeast || ps.graveAtLeast
		case ZoneHand:
			unnamed += ps.handUnknown
			atLeast = atLeast || ps.handAtLeast
		}
	}
	whose := map[Player]bool{}
	for _, p := range z.players(you, its) {
		whose[p] = true
	}
	// The characteristics of the cards counted are read through the
	// layers (they may have been changed, 611.3a), but not their power
	// and toughness: nothing a count reads is in layer 7, and a card's
	// own count of its zone (Tarmogoyf in a graveyard) must not read
	// itself without end.
	s.counting++
	defer func() { s.counting-- }()
	types := map[string]bool{}
	f := z.F
	for _, x := range s.g.offObjects(z.Zone) {
		if !whose[x.owner] || x.token {
			continue
		}
		if z.Other && e.srcCard != nil && x.c == e.srcCard {
			continue
		}
		if plain {
			// Every card counts: what they are is not read.
			n++
			names = append(names, x.name)
			continue
		}
		xc := zoneChars(s, x)
		if !matchOff(s.g, &f, xc, x, you) {
			continue
		}
		if z.Symbols != "" {
			k := 0
			for _, sym := range manaSymbols(xc.ManaCost) {
				for _, part := range strings.Split(sym, "/") {
					if part == z.Symbols {
						k++
						break
					}
				}
			}
			if k == 0 {
				continue
			}
			n += k
			names = append(names, fmt.Sprintf("%s %s", x.name, xc.ManaCost))
			continue
		}
		n++
		names = append(names, x.name)
		for _, t := range xc.Types {
			types[t] = true
		}
	}
	if z.Types {
		var ts []string
		for t := range types {
			ts = append(ts, strings.ToLower(t))
		}
		sort.Strings(ts)
		if len(ts) == 0 {
			return 0, false, "", "none"
		}
		return len(ts), false, "", strings.Join(ts, ", ") + " among " + strings.Join(names, ", ")
	}
	n += unnamed
	switch {
	case len(names) == 0 && unnamed == 0:
		detail = "none"
	case unnamed > 0 && len(names) > 0:
		detail = strings.Join(names, ", ") + " and " + plural(unnamed, "card") + " not named"
	case unnamed > 0:
		detail = plural(unnamed, "card") + " not named"
	default:
		detail = strings.Join(names, ", ")
	}
	if atLeast {
		detail = "at least: " + detail
	}
	return n, atLeast, "", detail
}

// plain: the count reads every card of its zone, not what they are.
func (z *zoneCount) plain() bool {
	return !z.Types && !z.Other && z.Symbols == "" && matchesEveryCard(&z.F)
}

// zoneUnknown says why the scenario doesn't hold what z counts of players'
// zones ("" when it does): cards it put there without naming them, read
// by a count of what they are; a hand whose size it hasn't stated; only a
// lower bound of the cards there, read by such a count. A life total is
// always held (119.1).
func (g *game) zoneUnknown(z *zoneCount, players []Player) string {
	if z.Life {
		return ""
	}
	plain := z.plain()
	atLeast := false
	for _, p := range players {
		ps := g.players[p]
		if z.Zone == ZoneGraveyard && ps != nil && ps.graveUnknown > 0 && !plain {
			return fmt.Sprintf("the %s in %s graveyard the scenario has not named", plural(ps.graveUnknown, "card"), poss(p))
		}
		if ps != nil && (z.Zone == ZoneGraveyard && ps.graveAtLeast || z.Zone == ZoneHand && ps.handAtLeast) {
			atLeast = true
		}
		if z.Zone != ZoneHand {
			continue
		}
		if ps == nil || !ps.handStated {
			stmt := "you have"
			if p == Opponent {
				stmt = "opponent has"
			}
			return fmt.Sprintf("state the size of %s hand: \"%s N cards in hand\"", poss(p), stmt)
		}
		if ps.handUnknown > 0 && !plain {
			return fmt.Sprintf("the %s in %s hand the scenario has not named", plural(ps.handUnknown, "card"), poss(p))
		}
	}
	if atLeast && !plain {
		// Only a lower bound of the cards there: what they are is not
		// known.
		return "cards there the scenario states only a lower bound of"
	}
	return ""
}

// matchesEveryCard: the filter has no condition.
func matchesEveryCard(f *Filter) bool {
	return len(f.Types) == 0 && len(f.NotTypes) == 0 && len(f.Supertypes) == 0 && len(f.NotSupertypes) == 0 &&
		len(f.Subtypes) == 0 && len(f.NotSubtypes) == 0 && len(f.Colors) == 0 && len(f.NotColors) == 0 &&
		f.ColorCount == 0 && len(f.With) == 0 && len(f.Without) == 0 && f.Name == "" && len(f.Or) == 0 &&
		f.HasCounter == "" && !f.NoAbilities && f.More == nil
}

// countZones sums the zone counts of a count; unknown names the first
// the scenario doesn't hold.
func (s *state) countZones(zs []*zoneCount, e *Effect, its Player) (n int, unknown string, details []string) {
	for _, z := range zs {
		k, u, d := s.countZone(z, e, its)
		if u != "" {
			return 0, u, nil
		}
		n += k
		details = append(details, fmt.Sprintf("%s: %d (%s)", z.Text, k, d))
	}
	return n, "", details
}
