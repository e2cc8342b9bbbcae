package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Conditions on graveyards, hands and life totals: threshold's "seven or
// more cards are in your graveyard", delirium's "there are four or more
// card types among cards in your graveyard", hellbent's "you have no cards
// in hand", "you have 30 or more life". Like every condition of a static
// ability they are checked whenever the layers are applied (611.3a, 613),
// so they read the game as it is then, through the counts of
// zonecounts.go: a graveyard holds what the scenario put there and what
// went there during it (it starts empty, 404.1); a hand is counted once
// the scenario has stated its size; a life total starts at 20 (119.1) and
// follows every gain, loss and statement (119.3).
//
// When the scenario doesn't hold what a condition reads (a hand whose size
// it hasn't stated, the kinds of the cards it put in a zone without naming
// them), the condition is decided as a hidden condition is: it holds when
// the statement says "(condition holds)", and otherwise answers say they
// depend on it. When the scenario does hold it, the game decides, and
// "(condition holds)" is not read for it.

// zoneCond is a condition on a count of zonecounts.go: Min <= n, and n <=
// Max unless Max is negative; with Than, n > the count of Than.
type zoneCond struct {
	Count    *zoneCount
	Min, Max int
	Than     *zoneCount
}

var (
	// reCondCardsAre: "seven or more cards are in your graveyard", "an
	// artifact card is in your graveyard".
	reCondCardsAre = regexp.MustCompile(`^(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( or more)? ((?:[a-z/-]+ )*?cards?) (?:is|are) in (your|a) graveyard$`)
	// reCondThereAre: "there are four or more card types among cards in
	// your graveyard", "there is a land card in your graveyard", "there
	// are no cards in your graveyard".
	reCondThereAre = regexp.MustCompile(`^there (?:are|is) (no|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( or more| or fewer)? (.+ in (?:your|a) graveyard)$`)
	// reCondHas: "you have no cards in hand", "you have seven or more
	// cards in hand", "an opponent has eight or more cards in their
	// graveyard", "you have 30 or more life", "an opponent has 10 or less
	// life".
	reCondHas = regexp.MustCompile(`^(you|an opponent|its controller) (?:have|has) (no|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( or more| or fewer| or less)? (cards in hand|cards in (?:their|your) graveyard|life)$`)
	// reCondMoreInHand: "you have more cards in hand than each opponent".
	reCondMoreInHand = regexp.MustCompile(`^you have more cards in hand than (?:each opponent|an opponent|that player|defending player)$`)
)

// parseZoneCondition reads a condition on a count of cards in a graveyard
// or hand or on a life total; ok is false for any other condition, and
// for the forms no count of zonecounts.go reads ("five or more mana values
// among cards in your graveyard"), which stay hidden.
func parseZoneCondition(low string) (*Condition, bool) {
	mk := func(what, n, cmp string) (*Condition, bool) {
		z, ok := parseZoneCount(what)
		if !ok {
			return nil, false
		}
		zc := &zoneCond{Count: z, Max: -1}
		k := 0
		if n != "no" {
			if k, ok = number(n); !ok {
				return nil, false
			}
		}
		switch {
		case n == "no":
			zc.Max = 0
		case cmp == "":
			// "there is a land card", "an artifact card is": at least one;
			// "you have 7 life" alone is no form of these cards.
			if k != 1 {
				return nil, false
			}
			zc.Min = 1
		case cmp == " or more":
			zc.Min = k
		default:
			zc.Max = k
		}
		return &Condition{Zone: zc, Text: low}, true
	}
	if m := reCondCardsAre.FindStringSubmatch(low); m != nil {
		whose := "your graveyard"
		if m[4] == "a" {
			whose = "all graveyards" // "in a graveyard": in any of them
		}
		return mk(m[3]+" in "+whose, m[1], m[2])
	}
	if m := reCondThereAre.FindStringSubmatch(low); m != nil {
		what := strings.Replace(m[3], " in a graveyard", " in all graveyards", 1)
		return mk(what, m[1], m[2])
	}
	if m := reCondHas.FindStringSubmatch(low); m != nil {
		whose := map[string]string{"you": "your", "an opponent": "an opponent's", "its controller": "its controller's"}[m[1]]
		what := whose + " life total"
		switch {
		case m[4] == "cards in hand":
			what = "cards in " + whose + " hand"
		case strings.HasSuffix(m[4], "graveyard"):
			what = "cards in " + whose + " graveyard"
		case m[1] == "its controller":
			return nil, false
		}
		if m[2] == "no" && m[4] == "life" {
			return nil, false
		}
		return mk(what, m[2], m[3])
	}
	if reCondMoreInHand.MatchString(low) {
		a, _ := parseZoneCount("cards in your hand")
		b, _ := parseZoneCount("cards in an opponent's hand")
		return &Condition{Zone: &zoneCond{Count: a, Max: -1, Than: b}, Text: low}, true
	}
	return nil, false
}

// zoneCondMet decides a condition on a zone for the effect e: known is
// false when the scenario doesn't hold what it reads (why says what to
// state), and then met is false.
func (s *state) zoneCondMet(e *Effect, c *Condition) (met, known bool, why string) {
	zc := c.Zone
	if s.counting > 1 {
		// A count of a zone reading a card whose characteristics depend
		// on this condition, itself read by a count: not decided.
		return false, false, "a count of a zone that reads itself"
	}
	its := e.ctrlNow(s)
	if o := s.sentenceObject(e); o != nil {
		if i, ok := s.slot[o]; ok {
			its = s.ch[i].Controller
		}
	}
	if zc.Than != nil {
		n, unknown, _ := s.countZone(zc.Count, e, its)
		if unknown != "" {
			return false, false, unknown
		}
		k, unknown, _ := s.countZone(zc.Than, e, its)
		if unknown != "" {
			return false, false, unknown
		}
		return n > k, true, ""
	}
	n, atLeast, unknown, detail := s.countZoneB(zc.Count, e, its)
	if unknown != "" {
		return false, false, unknown
	}
	return boundMet(zc, n, atLeast, detail)
}

// boundMet decides Min <= n <= Max for a count n, or for a count of at
// least n: "seven or more" is met by at least seven, "no cards" is not
// met by at least one; anything else about a lower bound is unknown.
func boundMet(zc *zoneCond, n int, atLeast bool, detail string) (met, known bool, why string) {
	if !atLeast {
		return n >= zc.Min && (zc.Max < 0 || n <= zc.Max), true, ""
	}
	switch {
	case zc.Max >= 0 && n > zc.Max:
		return false, true, ""
	case zc.Max < 0 && n >= zc.Min:
		return true, true, ""
	}
	return false, false, "the scenario says " + detail + ", not how many"
}

// zoneCondDetail says what a condition on a zone read, for the trace of
// an effect whose condition is not met: the count, or why the scenario
// doesn't decide it. It is empty for other conditions.
func (s *state) zoneCondDetail(e *Effect, c *Condition) string {
	if c.Zone == nil {
		return ""
	}
	if _, known, why := s.zoneCondMet(e, c); !known {
		return " as far as the scenario says: it doesn't hold what the condition reads (" + why + "), so it holds only if the statement says \"condition holds\""
	}
	if c.Zone.Than != nil {
		return ""
	}
	n, _, _, d := s.countZoneB(c.Zone.Count, e, e.ctrlNow(s))
	return fmt.Sprintf(" (%s: %d, %s)", c.Zone.Count.Text, n, d)
}

// condKnown reports whether the scenario holds what a condition reads,
// for a static ability whose controller is you: a hidden condition never,
// a condition on a zone when its counts are known (the checks of
// countZone).
func (g *game) condKnown(c *Condition, you Player) bool {
	switch {
	case c == nil:
		return true
	case c.Hidden:
		return false
	case c.Zone != nil && c.Zone.Than == nil:
		if !g.zoneKnown(c.Zone.Count, you) {
			return false
		}
		if n, atLeast := g.plainBound(c.Zone.Count, you); atLeast {
			_, known, _ := boundMet(c.Zone, n, true, "")
			return known
		}
		return true
	case c.Zone != nil:
		return g.zoneKnown(c.Zone.Count, you) && g.zoneKnown(c.Zone.Than, you) && !g.anyBound(c.Zone.Count, you) && !g.anyBound(c.Zone.Than, you)
	}
	for _, x := range append(append([]*Condition(nil), c.All...), c.Any...) {
		if !g.condKnown(x, you) {
			return false
		}
	}
	return true
}

// zoneKnown: a count of zonecounts.go the scenario holds. "Its
// controller's" is taken as you's: a scenario's permanents and what they
// are attached to are seldom under two controllers, and both players'
// zones are known or not alike.
func (g *game) zoneKnown(z *zoneCount, you Player) bool {
	return g.zoneUnknown(z, z.players(you, you)) == ""
}

// anyBound: a player whose zone z counts has only a lower bound stated.
func (g *game) anyBound(z *zoneCount, you Player) bool {
	for _, p := range z.players(you, you) {
		ps := g.players[p]
		if ps != nil && (z.Life && ps.lifeAtLeast || !z.Life && z.Zone == ZoneGraveyard && ps.graveAtLeast || !z.Life && z.Zone == ZoneHand && ps.handAtLeast) {
			return true
		}
	}
	return false
}

// plainBound is a plain count of z (every card, or a life total) read
// from the game without the layers, and whether it is only a lower bound.
func (g *game) plainBound(z *zoneCount, you Player) (n int, atLeast bool) {
	if !g.anyBound(z, you) {
		return 0, false
	}
	for _, p := range z.players(you, you) {
		ps := g.pl(p)
		switch {
		case z.Life:
			n += ps.life
		case z.Zone == ZoneGraveyard:
			n += ps.graveUnknown
		case z.Zone == ZoneHand:
			n += ps.handUnknown
		}
	}
	if !z.Life {
		for _, x := range g.offObjects(z.Zone) {
			if !x.token && slices.Contains(z.players(you, you), x.owner) {
				n++
			}
		}
	}
	return n, true
}

// readsZones reports whether a condition, or a part of it, is a condition
// on a zone, which the scenario may not hold.
func (c *Condition) readsZones() bool {
	if c == nil {
		return false
	}
	if c.Zone != nil {
		return true
	}
	for _, x := range append(append([]*Condition(nil), c.All...), c.Any...) {
		if x.readsZones() {
			return true
		}
	}
	return false
}

// zoneReport is the report of a sentence whose condition read a zone the
// scenario didn't hold as its permanent entered.
type zoneReport struct {
	source, sentence string
	cond             *Condition
	ctrl             Player
}

// dropStatedZones takes out of the report's unmodelled text the
// sentences whose zone the scenario stated after they entered ("you have
// 0 cards in hand" after the permanent): the game decides them now. An
// answer given before the statement still says it depended on them.
func (g *game) dropStatedZones() {
	drop := map[[2]string]bool{}
	for _, z := range g.zoneLate {
		if g.condKnown(z.cond, z.ctrl) {
			drop[[2]string{z.source, z.sentence}] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	kept := g.rep.Unmodeled[:0]
	for _, u := range g.rep.Unmodeled {
		if !drop[[2]string{u.Source, u.Sentence}] {
			kept = append(kept, u)
		}
	}
	g.rep.Unmodeled = kept
}

// ZonesRead says what a permanent card's static abilities read, as the
// compiler reads them, that a scenario may not have been told: cards in
// graveyards (Tarmogoyf's count, threshold), in a hand (hellbent, Maro),
// or a life total (Serra Avatar, "30 or more life").
func ZonesRead(d CardDef) (graveyard, hand, life bool) {
	see := func(z *zoneCount) {
		switch {
		case z == nil:
		case z.Life:
			life = true
		case z.Zone == ZoneHand:
			hand = true
		default:
			graveyard = true
		}
	}
	var cond func(c *Condition)
	cond = func(c *Condition) {
		if c == nil {
			return
		}
		if c.Zone != nil {
			see(c.Zone.Count)
			see(c.Zone.Than)
		}
		for _, x := range append(append([]*Condition(nil), c.All...), c.Any...) {
			cond(x)
		}
	}
	for _, a := range newCompiler().compileCard(d).abilities {
		for _, t := range a.Statics {
			cond(t.Cond)
			for _, p := range t.Parts {
				see(p.Zone)
				if p.More != nil {
					for _, z := range p.More.Zones {
						see(z)
					}
				}
			}
		}
	}
	return graveyard, hand, life
}
