package engine

// Additional costs of casting a spell (601.2f, 601.2h): "As an additional
// cost to cast this spell, sacrifice a creature" (Village Rites), "pay N
// life", "discard a card". They are paid as the spell is cast, before any
// player can respond: a creature sacrificed this way has died by the time
// the spell is on the stack, and its "dies" abilities trigger then
// (603.2), going on the stack above the spell; a spell countered later
// gives nothing back.

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	reAddCost      = regexp.MustCompile(`(?im)^as an additional cost to cast this spell, (.+?)\.?$`)
	reAddSacrifice = regexp.MustCompile(`^sacrifice (a|an|one|two|three) (.+)$`)
	reAddLife      = regexp.MustCompile(`^pay (\w+) life$`)
	reAddDiscard   = regexp.MustCompile(`^discard (a card|\w+ cards)$`)
)

// additionalCostSimple reports an additional cost additionalCosts pays: as
// an instruction of the resolving spell it does nothing (it was paid).
func additionalCostSimple(s string) bool {
	cost, ok := strings.CutPrefix(s, "as an additional cost to cast this spell, ")
	if !ok {
		return false
	}
	if m := reAddSacrifice.FindStringSubmatch(cost); m != nil {
		_, ok := sacrificeFilter(strings.TrimSuffix(m[2], "s"))
		return ok
	}
	return reAddLife.MatchString(cost) || reAddDiscard.MatchString(cost)
}

// additionalCosts pays the additional costs d's text states as st casts
// it; false (with an error) when they can't be paid or the statement must
// say what is sacrificed.
func (g *game) additionalCosts(st *Stmt, d CardDef) bool {
	text := strings.ToLower(normQuotes(selfRef(d.Text, d.Name)))
	for _, m := range reAddCost.FindAllStringSubmatch(text, -1) {
		cost := m[1]
		switch {
		case reAddSacrifice.MatchString(cost):
			if !g.sacrificeToCast(st, d, reAddSacrifice.FindStringSubmatch(cost)) {
				return false
			}
		case reAddLife.MatchString(cost):
			n, ok := effNumber(reAddLife.FindStringSubmatch(cost)[1])
			if !ok {
				continue
			}
			// 119.4: life can be paid only from a life total at least
			// that large.
			if life := g.pl(st.Player).life; life < n {
				g.errorf(st.Line, "%s %s: paying %d life needs a life total of at least %d (119.4, 601.2h), and it is %d", says(st.Player, "can't cast"), d.Name, n, n, life)
				return false
			}
			g.note(st.Line, fmt.Sprintf("%s %d life to cast %s: an additional cost, paid as it is cast", says(st.Player, "pays"), n, d.Name), "601.2h")
			g.lifeChange(st.Line, st.Player, -n, d.Name)
		case reAddDiscard.MatchString(cost):
			n, ok := cardsAmount(reAddDiscard.FindStringSubmatch(cost)[1])
			if !ok {
				continue
			}
			ps := g.pl(st.Player)
			if have := len(ps.zones[ZoneHand]) + ps.handUnknown; have < n {
				g.errorf(st.Line, "%s %s: its additional cost discards %s, and the hand holds %d (601.2h); state the hand with \"you have N cards in hand\"", says(st.Player, "can't cast"), d.Name, plural(n, "card"), have)
				return false
			}
			g.note(st.Line, fmt.Sprintf("%s to cast %s: an additional cost, paid as it is cast", says(st.Player, "discards"), d.Name), "601.2h")
			g.discard(st.Line, st.Player, n)
		}
	}
	return true
}

// sacrificeToCast sacrifices what st names ("(sacrificing REF)"), or the
// only permanents that can pay, as d is cast (601.2h, 701.21a).
func (g *game) sacrificeToCast(st *Stmt, d CardDef, m []string) bool {
	n := 1
	if k, ok := effNumber(m[1]); ok {
		n = k
	}
	kind := m[2]
	f, ok := sacrificeFilter(strings.TrimSuffix(kind, "s"))
	if !ok {
		return true // not modelled: reported with the spell's text
	}
	s0 := g.current()
	can := func(o *Object) bool {
		i, ok := s0.slot[o]
		return ok && o.onBF && s0.ch[i].Controller == st.Player && s0.matches(&f, i, st.Player, -1)
	}
	var pay []*Object
	if len(st.Sacrificing) > 0 {
		for _, r := range st.Sacrificing {
			o, ok := g.ref(st.Line, r)
			if !ok {
				return false
			}
			if !can(o) {
				g.errorf(st.Line, "%s can't be sacrificed to cast %s: the cost is to sacrifice %s %s %s (701.21a)", o.display(), d.Name, m[1], kind, says(st.Player, "controls"))
				return false
			}
			pay = append(pay, o)
		}
		if len(pay) != n {
			g.errorf(st.Line, "%s's additional cost sacrifices %d, and the statement names %d", d.Name, n, len(pay))
			return false
		}
	} else {
		var cands []string
		for _, o := range s0.objs {
			if can(o) {
				pay = append(pay, o)
				cands = append(cands, o.display())
			}
		}
		switch {
		case len(pay) < n:
			g.errorf(st.Line, "%s %s: its additional cost is to sacrifice %s %s, and %s %d (601.2h)", says(st.Player, "can't cast"), d.Name, m[1], kind, says(st.Player, "controls"), len(pay))
			return false
		case len(pay) > n:
			g.errorf(st.Line, "%s's additional cost: %s what to sacrifice among %s; write \"cast %s (sacrificing REF)\"", d.Name, says(st.Player, "chooses"), strings.Join(cands, ", "), d.Name)
			return false
		}
	}
	for _, o := range pay {
		g.note(st.Line, fmt.Sprintf("%s %s to cast %s: an additional cost, paid as it is cast, before anyone can respond", says(st.Player, "sacrifices"), o.display(), d.Name), "601.2h")
		g.moveTo(o, ZoneGraveyard, st.Line, "sacrificed to cast "+d.Name)
	}
	g.leftTriggers(s0, pay, ZoneGraveyard, st.Line)
	g.cached = nil
	return true
}

// SacrificesToCast reports whether a card's text makes its caster
// sacrifice a permanent as an additional cost: a scenario that casts it
// says which with "(sacrificing REF)" when there is a choice.
func SacrificesToCast(text string) bool {
	for _, m := range reAddCost.FindAllStringSubmatch(strings.ToLower(normQuotes(text)), -1) {
		if reAddSacrifice.MatchString(m[1]) {
			return true
		}
	}
	return false
}
