package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// Qualities of permanents that filters read from the game state rather
// than from characteristics alone: being in combat (506.4), being
// enchanted or equipped (301.5, 303.4), being modified (700.9), power and
// toughness (208), and relative clauses such as "that's a Wolf or a
// Werewolf" or "that are enchanted".

// filterMore is the part of a Filter read from the game state.
type filterMore struct {
	// Combat: 1 attacking, 2 blocking, 3 attacking or blocking (506.4).
	Combat int
	// Attached: an object with one of these subtypes ("Aura",
	// "Equipment") is attached to it (303.4, 301.5).
	Attached []string
	// Modified: it has a counter, is equipped, or is enchanted by an Aura
	// its controller controls (700.9).
	Modified bool
	// Power, Tough: bounds on power and toughness (208).
	Power, Tough *bound
	// ToughOverPower: "with toughness greater than its power".
	ToughOverPower bool
	// AnyCounter: "with a counter on it", "with counters on them".
	AnyCounter bool
}

// bound is an inclusive range; a nil side is open.
type bound struct {
	Min, Max *int
}

func (b *bound) holds(n int) bool {
	return b == nil || (b.Min == nil || n >= *b.Min) && (b.Max == nil || n <= *b.Max)
}

func (f *Filter) more() *filterMore {
	if f.More == nil {
		f.More = &filterMore{}
	}
	return f.More
}

// pluralNoun: "creatures", "lands" (not "plains", which is both).
func pluralNoun(w string) bool {
	return strings.HasSuffix(w, "s") && w != "plains"
}

// stateAdjective reads an adjective before the noun of a filter that
// names a state: "attacking creatures", "modified creatures", "enchanted
// creatures", "equipped creatures".
func stateAdjective(f *Filter, w string) bool {
	switch w {
	case "attacking":
		f.more().Combat |= 1
	case "blocking":
		f.more().Combat |= 2
	case "modified":
		f.more().Modified = true
	case "enchanted":
		f.more().Attached = append(f.more().Attached, "Aura")
	case "equipped":
		f.more().Attached = append(f.more().Attached, "Equipment")
	default:
		return false
	}
	return true
}

var (
	// reWithPT: "with power 2 or less", "with toughness 4 or greater",
	// "with power or toughness 1 or less", "with power greater than 3".
	reWithPT = regexp.MustCompile(` with (power|toughness|power or toughness) (?:(\d+|x) or (less|greater)|(less|greater) than (\d+))$`)
	// reToughOverPower: "with toughness greater than its power" (the
	// creature's own).
	reToughOverPower = regexp.MustCompile(` with toughness greater than (?:its|their) power$`)
	// reThatIs: a relative clause on the filter's noun: "that's a Wolf or
	// a Werewolf", "that are enchanted", "that's attacking".
	reThatIs = regexp.MustCompile(` (?:that's|that is|that are) (.+)$`)
	// reWithCountersThem: "with +1/+1 counters on them", "with a counter
	// on it", "with counters on them".
	reWithCountersThem = regexp.MustCompile(` with (?:(\S+) counters on them|(?:a|one or more) counters? on (?:it|them)|counters on them)((?: you control| your opponents control)?)$`)
)

// parseFilterClause reads the state qualities that follow a filter's noun
// (reWithPT, reThatIs, reWithCountersThem); done is false when the words
// hold none, and parseFilter reads them as usual.
func parseFilterClause(words []string) (Filter, bool, bool) {
	join := strings.Join(words, " ")
	if m := reWithPT.FindStringSubmatch(join); m != nil {
		base, ok := parseFilter(strings.Fields(join[:len(join)-len(m[0])]))
		if !ok || len(base.Or) > 0 {
			return Filter{}, false, true
		}
		var b bound
		n, cmp := m[2], m[3]
		if m[4] != "" {
			n, cmp = m[5], m[4]
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			return Filter{}, false, true // X: a value the scenario doesn't state
		}
		switch {
		case cmp == "less" && m[4] == "":
			b.Max = &v
		case cmp == "greater" && m[4] == "":
			b.Min = &v
		case cmp == "less":
			w := v - 1
			b.Max = &w
		default:
			w := v + 1
			b.Min = &w
		}
		with := func(f Filter, tough bool) Filter {
			mm := *f.more()
			if tough {
				mm.Tough = &b
			} else {
				mm.Power = &b
			}
			f.More = &mm
			return f
		}
		switch m[1] {
		case "power":
			return with(base, false), true, true
		case "toughness":
			return with(base, true), true, true
		}
		// 208: "power or toughness N or less": either.
		return Filter{Or: []Filter{with(base, false), with(base, true)}}, true, true
	}
	if m := reToughOverPower.FindStringSubmatch(join); m != nil {
		base, ok := parseFilter(strings.Fields(join[:len(join)-len(m[0])]))
		if !ok || len(base.Or) > 0 {
			return Filter{}, false, true
		}
		base.more().ToughOverPower = true
		return base, true, true
	}
	if m := reWithCountersThem.FindStringSubmatch(join); m != nil {
		base, ok := parseFilter(strings.Fields(join[:len(join)-len(m[0])] + m[2]))
		if !ok || len(base.Or) > 0 {
			return Filter{}, false, true
		}
		if m[1] == "" {
			base.more().AnyCounter = true
		} else {
			base.HasCounter = m[1]
		}
		return base, true, true
	}
	if m := reThatIs.FindStringSubmatch(join); m != nil {
		base, ok := parseFilter(strings.Fields(join[:len(join)-len(m[0])]))
		if !ok || len(base.Or) > 0 {
			return Filter{}, false, true
		}
		if !relativeQuality(&base, m[1]) {
			return Filter{}, false, true
		}
		return base, true, true
	}
	return Filter{}, false, false
}

// relativeQuality reads what follows "that's"/"that are": creature types
// or colours joined by "or" ("a Wolf or a Werewolf", "a Cat, Elemental,
// or Beast", "red or green"), or a state ("enchanted", "enchanted or
// equipped", "attacking", "tapped", "modified").
func relativeQuality(f *Filter, q string) bool {
	q = strings.ReplaceAll(q, ",", "")
	var subs, cols []string
	state := false
	for _, w := range strings.Fields(q) {
		switch {
		case w == "a" || w == "an" || w == "or" || w == "and/or":
		case w == "tapped" || w == "untapped":
			f.Tapped = 1
			if w == "untapped" {
				f.Tapped = 2
			}
			state = true
		case stateAdjective(f, w):
			state = true
		case colorWords[w] != "":
			cols = append(cols, colorWords[w])
		default:
			ct, ok := creatureTypeNoun(w)
			if !ok {
				return false
			}
			subs = append(subs, capitalize(ct))
		}
	}
	if len(subs) > 0 && len(f.Subtypes) > 0 || len(cols) > 0 && len(f.Colors) > 0 {
		return false // "any of" would widen what the noun already narrows
	}
	f.Subtypes = append(f.Subtypes, subs...) // 205.3m: any of them
	f.Colors = append(f.Colors, cols...)
	return state || len(subs) > 0 || len(cols) > 0
}

// matchesMore checks the state qualities of a filter on slot i.
func (s *state) matchesMore(m *filterMore, i int) bool {
	o := s.objs[i]
	c := s.ch[i]
	if m.Combat != 0 {
		in := false
		if s.g != nil && s.g.combat != nil {
			if m.Combat&1 != 0 && s.g.combat.find(o) != nil {
				in = true
			}
			if m.Combat&2 != 0 && s.g.combat.blocking[o] != nil {
				in = true
			}
		}
		if !in {
			return false
		}
	}
	if len(m.Attached) > 0 {
		ok := false
		for _, st := range m.Attached {
			if s.attachedWith(o, st, false) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if m.Modified {
		// 700.9: counters, an Equipment, or an Aura its controller controls.
		mod := false
		for _, n := range o.counters {
			if n > 0 {
				mod = true
			}
		}
		if !mod && !s.attachedWith(o, "Equipment", false) && !s.attachedWith(o, "Aura", true) {
			return false
		}
	}
	if m.AnyCounter {
		any := false
		for _, n := range o.counters {
			if n > 0 {
				any = true
			}
		}
		if !any {
			return false
		}
	}
	if !m.Power.holds(c.P) || !m.Tough.holds(c.T) {
		return false
	}
	if m.ToughOverPower && c.T <= c.P {
		return false
	}
	return true
}

// attachedWith reports an object with subtype st attached to o; with
// sameController, one controlled by o's controller (700.9).
func (s *state) attachedWith(o *Object, st string, sameController bool) bool {
	oi, ok := s.slot[o]
	if !ok {
		return false
	}
	for j, x := range s.objs {
		if x.attachedTo == o && x.onBF && containsFold(s.ch[j].Subtypes, st) {
			if !sameController || s.ch[j].Controller == s.ch[oi].Controller {
				return true
			}
		}
	}
	return false
}

func init() {
	// A team is a group of players in a multiplayer game (glossary,
	// "Team"; 810): in a two-player game, the scenario's, "your team" is you.
	controlSuffixes = append(controlSuffixes, struct {
		s string
		c int
	}{" your team controls", 1})
}
