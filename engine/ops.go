package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// opInfo is one operation of the layer system: the layer work it does on
// one object (apply), what it writes and what its result reads (the fields
// that decide whether one effect can depend on another, 613.8a), the part
// of 613.8a's comparison that reads the game (sig), and whether it can bring
// a creature's toughness to 0 or less (so 704.5f needs checking).
type opInfo struct {
	name   string
	writes int
	reads  int
	apply  func(s *state, p Part, e *Effect, c *Chars) string
	// sig adds to an effect's 613.8a signature what the operation would do
	// to the given slots; nil when that is fixed by the text.
	sig    func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder)
	lowers func(p Part, t *Template) bool
}

func always(Part, *Template) bool { return true }

// isManaAbilityText: an activated ability that adds mana (605.1a), or a
// basic land type's (305.6).
func isManaAbilityText(a *Ability) bool {
	return a.Kind == abIntrinsic || (a.Kind == abActivated && isManaAbility(strings.ToLower(a.Text)))
}

// countFor counts p.Count for an effect applied to an object with
// characteristics c; with p.Shares only objects sharing a creature type
// with it count.
func (s *state) countFor(p Part, e *Effect, c *Chars) int {
	var it *Object // the affected object
	for i, o := range s.objs {
		if s.ch[i] == c {
			it = o
		}
	}
	switch {
	case p.Domain:
		return s.domain(e.ctrlNow(s))
	case p.Counter != "" && p.CounterOnSource:
		if e.src == nil {
			return 0
		}
		return e.src.counters[p.Counter]
	case p.Counter != "":
		if it == nil {
			return 0
		}
		return it.counters[p.Counter]
	case p.Zone != nil:
		n, _, _ := s.countZones([]*zoneCount{p.Zone}, e, c.Controller)
		return n
	case p.More != nil:
		return s.countMore(p, e, it)
	case p.CountAttached != "":
		n := 0
		for i, o := range s.objs {
			if it != nil && o.attachedTo == it && containsFold(s.ch[i].Subtypes, p.CountAttached) {
				n++
			}
		}
		return n
	}
	if p.Count == nil {
		return 0
	}
	self := -1
	if e.src != nil {
		if i, ok := s.slot[e.src]; ok {
			self = i
		}
	}
	n := 0
	for i := range s.objs {
		if s.ch[i] == c {
			if p.Count.Other {
				continue // "each other creature": not the affected object itself
			}
		}
		f := *p.Count
		f.Other = false
		if !s.matches(&f, i, e.ctrlNow(s), self) {
			continue
		}
		if p.Shares && !sharesCreatureType(s.ch[i], c) {
			continue
		}
		n++
	}
	return n
}

// cdaCount is what a characteristic-defining count counts.
func (s *state) cdaCount(p Part, e *Effect) int {
	n, _, _ := s.cdaCountK(p, e)
	return n
}

// cdaCountK is cdaCount with what a count of cards in graveyards or hands
// found (countMoreK).
func (s *state) cdaCountK(p Part, e *Effect) (int, string, []string) {
	switch {
	case p.Zone != nil:
		return s.countZones([]*zoneCount{p.Zone}, e, e.ctrlNow(s))
	case p.More != nil:
		return s.countMoreK(p, e, e.src)
	case p.Domain:
		return s.domain(e.ctrlNow(s)), "", nil
	}
	return s.count(p.Count, e), "", nil
}

// zoneText is what a count of cards in graveyards or hands counts, as
// printed, or "".
func (p Part) zoneText() string {
	switch {
	case p.Zone != nil:
		return p.Zone.Text
	case p.More != nil && len(p.More.Zones) > 0:
		return p.More.Zones[0].Text
	}
	return ""
}

// domain is the number of basic land types among lands p controls (the
// count the ability word "domain" names, 207.2c).
func (s *state) domain(p Player) int {
	seen := map[string]bool{}
	for i := range s.objs {
		c := s.ch[i]
		if c.Controller != p || !c.is("Land") {
			continue
		}
		for _, st := range c.Subtypes {
			if _, ok := basicMana[st]; ok {
				seen[st] = true
			}
		}
	}
	return len(seen)
}

// sharesCreatureType: some creature type is among both objects' subtypes
// (an object with changeling has every creature type, 702.73a).
func sharesCreatureType(a, b *Chars) bool {
	all := func(c *Chars) bool { return containsFold(c.Subtypes, allCreatureTypes) }
	ta, tb := creatureSubtypes(a), creatureSubtypes(b)
	if (all(a) && len(tb) > 0) || (all(b) && len(ta) > 0) || (all(a) && all(b)) {
		return true
	}
	for _, x := range ta {
		if containsFold(tb, x) {
			return true
		}
	}
	return false
}

func creatureSubtypes(c *Chars) []string {
	var out []string
	for _, st := range c.Subtypes {
		if st != allCreatureTypes && subtypeKind(st) == "creature" {
			out = append(out, st)
		}
	}
	return out
}

// typesLower: a permanent that becomes a creature with no toughness set
// has the toughness of its printed or copied values, possibly 0.
func typesLower(p Part, t *Template) bool {
	return containsFold(p.Types, "Creature") && !setsToughness(t)
}

// fitting keeps the subtypes that correspond to one of the types: an
// object can't gain a subtype that doesn't (205.3d), so a creature type
// given to an object that is no longer a creature is not gained.
func fitting(subs, types []string) []string {
	var out []string
	for _, st := range subs {
		if subtypeFits(st, types) {
			out = append(out, st)
		}
	}
	return out
}

// ops is the operation table, indexed by opKind.
var ops = [nOps]opInfo{
	opControl: {
		name:   "control",
		writes: fControl,
		reads:  fControl,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Controller = e.ctrlNow(s)
			return "controlled by " + c.Controller.String()
		},
		sig: func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder) {
			b.WriteString(ctrl.String())
		},
	},
	opSetTypes: {
		name:   "set types",
		writes: fTypes | fGainAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			keep := c.Subtypes[:0:0]
			for _, st := range c.Subtypes {
				if subtypeFits(st, p.Types) && !replacedKind(st, p.Subtypes) {
					keep = append(keep, st)
				}
			}
			c.Types = append([]string(nil), p.Types...)
			c.Supertypes = addUnique(c.Supertypes, p.Supertypes...) // 205.4b
			c.Subtypes = addUnique(keep, fitting(p.Subtypes, c.Types)...)
			s.g.addIntrinsic(c)
			return "is " + typeLine(c) + " (new card types replace the old ones, 205.1a)"
		},
		lowers: typesLower,
	},
	opAddTypes: {
		name:   "add types",
		writes: fTypes | fGainAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Supertypes = addUnique(c.Supertypes, p.Supertypes...)
			c.Types = addUnique(c.Types, p.Types...)
			if p.ReplaceSubtypes {
				c.Subtypes = removeFold(c.Subtypes, func(st string) bool { return replacedKind(st, p.Subtypes) })
			}
			c.Subtypes = addUnique(c.Subtypes, fitting(p.Subtypes, c.Types)...)
			s.g.addIntrinsic(c)
			return "is " + typeLine(c) + " (keeps its other types, 205.1b)"
		},
		lowers: typesLower,
	},
	opSetLandTypes: {
		name:   "set land types",
		writes: fTypes | fLoseAbilities | fGainAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Subtypes = removeFold(c.Subtypes, func(x string) bool { return landTypes[strings.ToLower(x)] })
			c.Subtypes = addUnique(c.Subtypes, p.Subtypes...)
			var kept []abInst
			for _, ai := range c.Abilities {
				if !ai.fromText && ai.a.Kind != abIntrinsic {
					kept = append(kept, ai)
				}
			}
			c.Abilities = kept
			s.g.addIntrinsic(c)
			return "land type becomes " + strings.Join(p.Subtypes, " ") + "; it loses its other land types and the abilities from its rules text and gains the basic land type's mana ability (305.7)"
		},
	},
	opSetColors: {
		name:   "set colors",
		writes: fColors,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Colors = append([]string(nil), p.Colors...)
			return "color becomes " + colorText(c.Colors)
		},
	},
	opAddAbilities: {
		name:   "add abilities",
		writes: fGainAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			var names []string
			for _, a := range p.Abilities {
				c.Abilities = append(c.Abilities, abInst{a: a, grantTS: e.ts, grant: e.key})
				names = append(names, a.Text)
			}
			return "has " + strings.Join(names, ", ")
		},
	},
	opLoseAbilities: {
		name:   "lose abilities",
		writes: fLoseAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Abilities = removeAbilities(c.Abilities, func(a *Ability) bool {
				for _, k := range p.Keywords {
					if a.Keyword == k {
						return true
					}
				}
				return false
			})
			return "loses " + strings.Join(p.Keywords, ", ")
		},
	},
	opLoseAll: {
		name:   "lose all abilities",
		writes: fLoseAbilities,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			switch {
			case p.KeepMana:
				// 605.1a: mana abilities stay.
				c.Abilities = removeAbilities(c.Abilities, func(a *Ability) bool { return !isManaAbilityText(a) })
				return "loses all abilities except mana abilities (605.1a)"
			case p.KeepOwn:
				var kept []abInst
				for _, ai := range c.Abilities {
					if ai.grant == e.key {
						kept = append(kept, ai)
					}
				}
				c.Abilities = kept
				return "loses all other abilities"
			}
			c.Abilities = nil
			return "loses all abilities"
		},
	},
	opSetPT: {
		name:   "set power and toughness",
		writes: fPT,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.P, c.T = p.P, p.T
			c.PUnknown, c.TUnknown = false, false
			return fmt.Sprintf("base power and toughness %d/%d → %d/%d", p.P, p.T, c.P, c.T)
		},
		lowers: func(p Part, _ *Template) bool { return p.T <= 0 },
	},
	opSetPTMV: {
		name:   "P/T equal to mana value",
		writes: fPT,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			mv := manaValue(c.ManaCost)
			c.P, c.T = mv, mv
			c.PUnknown, c.TUnknown = false, false
			return fmt.Sprintf("power and toughness equal to its mana value %d → %d/%d", mv, c.P, c.T)
		},
		sig: func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder) {
			for _, i := range slots {
				b.WriteString(strconv.Itoa(manaValue(s.ch[i].ManaCost)) + ",")
			}
		},
		lowers: always,
	},
	opCDACount: {
		name:   "P/T count",
		writes: fPT,
		reads:  fTypes | fColors | fControl,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			if p.Hidden != "" {
				// 604.3: the ability defines it; what it counts is not
				// in the scenario, so the value is unknown.
				c.PUnknown = c.PUnknown || p.Which&1 != 0
				c.TUnknown = c.TUnknown || p.Which&2 != 0
				return "characteristic-defining ability counts " + p.Hidden + ", which the scenario doesn't hold: unknown"
			}
			n, unknown, details := s.cdaCountK(p, e)
			if unknown != "" {
				c.PUnknown = c.PUnknown || p.Which&1 != 0
				c.TUnknown = c.TUnknown || p.Which&2 != 0
				return "characteristic-defining ability counts " + p.zoneText() + ", which the scenario doesn't hold: unknown (" + unknown + ")"
			}
			if p.Which&1 != 0 {
				c.P, c.PUnknown = n, false
			}
			if p.Which&2 != 0 {
				c.T, c.TUnknown = n+p.TPlus, false
			}
			counted := ""
			if len(details) > 0 {
				counted = " (" + strings.Join(details, "; ") + ")"
			}
			return fmt.Sprintf("characteristic-defining ability counts %d%s → %d/%d", n, counted, c.P, c.T)
		},
		sig: func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder) {
			if p.Count != nil || p.Domain || p.More != nil || p.Zone != nil {
				b.WriteString(strconv.Itoa(s.cdaCount(p, e)))
			}
		},
		lowers: always,
	},
	opModPT: {
		name:   "modify power and toughness",
		writes: fPT,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			if p.XSourceMV {
				x := 0
				if i, ok := s.slot[e.src]; ok && e.src != nil {
					x = manaValue(s.ch[i].ManaCost)
				}
				c.P += p.P * x
				c.T += p.T * x
				return fmt.Sprintf("%+d/%+d (X = %d, the mana value of %s) → %d/%d", p.P*x, p.T*x, x, e.name(), c.P, c.T)
			}
			c.P += p.P
			c.T += p.T
			return fmt.Sprintf("%+d/%+d → %d/%d", p.P, p.T, c.P, c.T)
		},
		sig: func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder) {
			if p.XSourceMV {
				if i, ok := s.slot[e.src]; ok && e.src != nil {
					b.WriteString(strconv.Itoa(manaValue(s.ch[i].ManaCost)))
				}
			}
		},
		lowers: func(p Part, _ *Template) bool { return p.T < 0 },
	},
	opSwitch: {
		name:   "switch power and toughness",
		writes: fPT,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.P, c.T = c.T, c.P
			c.PUnknown, c.TUnknown = c.TUnknown, c.PUnknown
			return fmt.Sprintf("power and toughness switched → %d/%d", c.P, c.T)
		},
		lowers: always,
	},
	opCantAttack: {name: "can't attack"}, // a rule (613.11), read by the checks; applies in no layer
	opCantBlock:  {name: "can't block"},  // a rule (613.11), read by the checks; applies in no layer
	opRemoveTypes: {
		name:   "remove types",
		writes: fTypes,
		reads:  0,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Types = removeFold(c.Types, func(x string) bool { return containsFold(p.Types, x) })
			c.Subtypes = removeFold(c.Subtypes, func(x string) bool { return !subtypeFits(x, c.Types) })
			return "is " + typeLine(c) + " (no longer " + strings.Join(p.Types, ", ") + "; its subtypes of that type go too, 205.1a)"
		},
	},
	opAddColors: {
		name:   "add colors",
		writes: fColors,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Colors = sortColors(append(append([]string(nil), c.Colors...), p.Colors...))
			return "color becomes " + colorText(c.Colors) + " (in addition to its other colors)"
		},
	},
	opModPTCount: {
		name:   "modify power and toughness by a count",
		writes: fPT,
		reads:  fTypes | fColors | fControl,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			if p.Hidden != "" {
				c.PUnknown = c.PUnknown || p.P != 0
				c.TUnknown = c.TUnknown || p.T != 0
				return fmt.Sprintf("%+d/%+d for each of %s, which the scenario doesn't hold: unknown", p.P, p.T, p.Hidden)
			}
			if p.zoneText() != "" {
				var it *Object
				for i, o := range s.objs {
					if s.ch[i] == c {
						it = o
					}
				}
				n, unknown, details := 0, "", []string(nil)
				if p.Zone != nil {
					n, unknown, details = s.countZones([]*zoneCount{p.Zone}, e, c.Controller)
				} else {
					n, unknown, details = s.countMoreK(p, e, it)
				}
				if unknown != "" {
					c.PUnknown = c.PUnknown || p.P != 0
					c.TUnknown = c.TUnknown || p.T != 0
					return fmt.Sprintf("%+d/%+d for each of %s, which the scenario doesn't hold: unknown (%s)", p.P, p.T, p.zoneText(), unknown)
				}
				c.P += n * p.P
				c.T += n * p.T
				return fmt.Sprintf("%+d/%+d for each of %d (%s) → %d/%d", p.P, p.T, n, strings.Join(details, "; "), c.P, c.T)
			}
			n := s.countFor(p, e, c)
			c.P += n * p.P
			c.T += n * p.T
			return fmt.Sprintf("%+d/%+d for each of %d → %d/%d", p.P, p.T, n, c.P, c.T)
		},
		sig: func(s *state, p Part, e *Effect, slots []int, ctrl Player, b *strings.Builder) {
			for _, i := range slots {
				b.WriteString(strconv.Itoa(s.countFor(p, e, s.ch[i])) + ",")
			}
		},
		lowers: func(p Part, _ *Template) bool { return p.T < 0 },
	},
	opSetPTCounters: {
		name:   "power and toughness equal to a number of counters",
		writes: fPT,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			n := 0
			for i, o := range s.objs {
				if s.ch[i] == c {
					n = o.counters[p.Counter]
				}
			}
			if p.Which&1 != 0 {
				c.P, c.PUnknown = n, false
			}
			if p.Which&2 != 0 {
				c.T, c.TUnknown = n, false
			}
			return fmt.Sprintf("equal to the number of %s counters on it, %d → %d/%d", p.Counter, n, c.P, c.T)
		},
		lowers: always,
	},
	opRemoveLandTypes: {
		name:   "lose all land types",
		writes: fTypes | fLoseAbilities,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Subtypes = removeFold(c.Subtypes, func(x string) bool { return landTypes[strings.ToLower(x)] })
			// 305.7: the basic land types' mana abilities go with them.
			c.Abilities = removeAbilities(c.Abilities, func(a *Ability) bool { return a.Kind == abIntrinsic })
			return "loses all land types"
		},
	},
	opRemoveCreatureTypes: {
		name:   "lose all creature types",
		writes: fTypes,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			c.Subtypes = removeFold(c.Subtypes, func(x string) bool {
				return x == allCreatureTypes || creatureTypes[strings.ToLower(x)]
			})
			return "loses all creature types → " + typeLine(c)
		},
	},
	opRule:   {name: "rule effect"},       // applies in no layer: collected after them (613.11) and shown on the object
	opPlayer: {name: "effect on players"}, // applies to players after the layers (613.10): shown by "? you" and "? opponent"

}

// applyPart changes slot i's characteristics and says what it did.
func (s *state) applyPart(p Part, e *Effect, i int) string {
	if f := ops[p.Op].apply; f != nil {
		return f(s, p, e, s.mut(i))
	}
	return ""
}
