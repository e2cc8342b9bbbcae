package engine

// Mass actions of resolving spells and abilities: "Destroy all creatures",
// "Exile all nonland permanents", "Return all creatures to their owners'
// hands". The objects are found as the instruction is carried out (608.2c)
// and all of them move at once, as one event: abilities that trigger on
// their leaving the battlefield look back in time and see every object
// that left with them (603.10a). State-based actions are checked after the
// spell has resolved, as for any spell (704.3).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// massSpec holds the qualities of a mass action's objects a Filter does
// not: "with power 2 or less", "with mana value 3 or greater", "that
// aren't white".
type massSpec struct {
	stat   string // "power", "toughness" or "mana value"; "" for none
	n      int
	atMost bool // "or less" (else "or greater")
	except *Filter
	combat int // qAttacking, qBlocking (spellfx.go): "target attacking creature"
}

var (
	reTargetQualities = regexp.MustCompile(`^(destroy|exile|put) target (attacking or blocking |attacking |blocking )?(.+?)( with (?:power|toughness|mana value) (?:\d+) or (?:less|greater))?(?: on (top|the bottom) of its owner's library)?$`)
	reMassStat        = regexp.MustCompile(` with (power|toughness|mana value) (\d+|x) or (less|greater)$`)
	reMassExcept      = regexp.MustCompile(` that (?:aren't|are not|isn't|is not) (.+)$`)
)

// massRules are the sentence templates of mass actions, tried before the
// others.
var massRules = []sentenceRule{
	{
		class: "mass destroy/exile/return (all)",
		re:    regexp.MustCompile(`^(destroy|exile|return) (?:all|each) (.+?)(?: to (?:its|their) owners?'s? hands?)?$`),
		when:  func(ctx *sctx) bool { return !ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			if m[1] == "return" && !strings.HasSuffix(m[0], "hand") && !strings.HasSuffix(m[0], "hands") {
				return Selector{}, false // "return all ... to the battlefield" is another instruction
			}
			f, spec, ok := massFilter(m[2])
			if !ok {
				return Selector{}, false
			}
			t.Action = map[string]actionKind{"destroy": actDestroy, "exile": actExile, "return": actBounce}[m[1]]
			t.Mass = spec
			sel := Selector{Kind: selFilter, F: f, Noun: "all " + m[2]}
			return sel, true
		},
	},
	{
		// "Destroy target creature with power 4 or greater", "Exile target
		// attacking creature", "Put target creature on top of its owner's
		// library": a target with qualities a Filter doesn't hold, checked
		// as the spell resolves (608.2b).
		class: "destroy/exile/put on library target with qualities",
		match: func(low string) []string {
			m := reTargetQualities.FindStringSubmatch(low)
			if m == nil || (m[1] == "put") != (m[5] != "") || m[1] != "put" && m[2] == "" && m[4] == "" {
				return nil // without a quality: the general rule's
			}
			return m
		},
		when: func(ctx *sctx) bool { return !ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			_, spec, ok := massFilter(m[3] + m[4])
			if !ok {
				return Selector{}, false
			}
			if spec == nil {
				spec = &massSpec{}
			}
			spec.combat = map[string]int{"attacking ": qAttacking, "blocking ": qBlocking, "attacking or blocking ": qAttacking | qBlocking}[m[2]]
			sel, ok := c.subject(append([]string{"target"}, strings.Fields(m[3])...), ctx)
			if !ok || sel.Kind != selTarget {
				return Selector{}, false
			}
			sel.Noun = strings.TrimSuffix("target "+m[2]+m[3]+m[4], " ")
			t.Mass = spec
			switch m[1] {
			case "destroy":
				t.Action = actDestroy
			case "exile":
				t.Action = actExile
			default:
				t.Action = actLibraryTop
				if m[5] != "top" {
					t.Action = actLibraryBottom
				}
			}
			return sel, true
		},
	},
	{
		// "Destroy target creature. It can't be regenerated." (701.19c):
		// the destruction's regeneration shields are not applied.
		class:      "can't be regenerated (701.19c)",
		re:         regexp.MustCompile(`^(?:it|they) can't be regenerated$`),
		when:       func(ctx *sctx) bool { return ctx.prev != nil && ctx.prev.Action == actDestroy },
		noTemplate: true,
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			ctx.prev.NoRegen = true
			return Selector{}, true
		},
	},
	{
		// "Regenerate target creature", "Regenerate ~" (701.19a).
		class: "regenerate (701.19a)",
		re:    regexp.MustCompile(`^regenerate (.+)$`),
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			sel, ok := c.subject(strings.Fields(m[1]), ctx)
			if !ok || sel.Kind != selTarget && sel.Kind != selSelf && sel.Kind != selFilter {
				return sel, false
			}
			t.Action = actRegenerate
			return sel, true
		},
	},
}

func init() {
	sentenceRules = append(append([]sentenceRule(nil), massRules...), sentenceRules...)
}

// massFilter reads the objects of "destroy all ...": a filter, with the
// qualities a filter doesn't hold in spec.
func massFilter(noun string) (Filter, *massSpec, bool) {
	spec := &massSpec{}
	if m := reMassExcept.FindStringSubmatch(noun); m != nil {
		ex, ok := parseFilter(strings.Fields(strings.TrimPrefix(strings.TrimPrefix(m[1], "a "), "an ")))
		if !ok {
			ex, ok = colorFilter(m[1])
		}
		if !ok {
			return Filter{}, nil, false
		}
		spec.except = &ex
		noun = noun[:len(noun)-len(m[0])]
	}
	if m := reMassStat.FindStringSubmatch(noun); m != nil {
		n, err := strconv.Atoi(m[2])
		if err != nil {
			return Filter{}, nil, false // X: the value chosen as it was cast
		}
		spec.stat, spec.n, spec.atMost = m[1], n, m[3] == "less"
		noun = noun[:len(noun)-len(m[0])]
	}
	var f Filter
	ok := false
	if strings.Contains(noun, " and ") && !strings.Contains(noun, " and all ") {
		// "all artifacts and enchantments", "all artifacts, creatures, and
		// enchantments": each object of any of these kinds (not an object
		// of all of them).
		f, ok = parseFilter(strings.Fields(strings.NewReplacer(", and ", ", or ", " and ", " or ").Replace(noun)))
	}
	if !ok {
		f, ok = parseFilter(strings.Fields(noun))
	}
	if !ok || filterEmpty(f) && noun != "permanents" {
		return Filter{}, nil, false // "all permanents" is every permanent (110.1)
	}
	if spec.stat == "" && spec.except == nil {
		spec = nil
	}
	return f, spec, true
}

// colorFilter reads "white", "black or green" as a filter of colors.
func colorFilter(s string) (Filter, bool) {
	var f Filter
	for _, w := range strings.Fields(strings.ReplaceAll(s, ",", "")) {
		if w == "or" {
			continue
		}
		c, ok := colorWords[w]
		if !ok {
			return Filter{}, false
		}
		f.Colors = append(f.Colors, c)
	}
	return f, len(f.Colors) > 0
}

// filterEmpty reports a filter with no type, kind or quality: it would
// name every object, which the sentences read here never mean.
func filterEmpty(f Filter) bool {
	return len(f.Types) == 0 && len(f.Subtypes) == 0 && len(f.Or) == 0 && len(f.Supertypes) == 0 &&
		len(f.NotTypes) == 0 && f.Name == "" && len(f.Colors) == 0
}

// massHolds reports whether the object in slot i has the qualities of spec.
func (g *game) massHolds(s *state, spec *massSpec, i int, you Player) bool {
	if spec == nil {
		return true
	}
	if !g.inCombat(s.objs[i], spec.combat) {
		return false
	}
	c := s.ch[i]
	if spec.except != nil && s.matches(spec.except, i, you, -1) {
		return false
	}
	if spec.stat != "" {
		v := c.P
		switch spec.stat {
		case "toughness":
			v = c.T
		case "mana value":
			v = manaValue(c.ManaCost)
		}
		if spec.atMost && v > spec.n || !spec.atMost && v < spec.n {
			return false
		}
	}
	return true
}

// massAct carries out a mass action: every object the template names as
// it resolves is destroyed, exiled or returned at once (one event).
func (g *game) massAct(line int, t *Template, srcName string, ctrl Player) {
	s := g.current()
	self := -1
	if g.resolving != nil {
		if i, ok := s.slot[g.resolving]; ok && g.resolving.onBF {
			self = i
			ctrl = s.ch[i].Controller
		}
	}
	var objs []*Object
	for i, o := range s.objs {
		if o.onBF && s.matches(&t.Sel.F, i, ctrl, self) && g.massHolds(s, t.Mass, i, ctrl) {
			objs = append(objs, o)
		}
	}
	if t.Action == actRegenerate {
		// "Regenerate each creature you control": a shield on each
		// (701.19a).
		for _, o := range objs {
			g.addShield(line, o)
		}
		return
	}
	verb, z, rule := "destroys", ZoneGraveyard, "701.8a"
	switch t.Action {
	case actExile:
		verb, z, rule = "exiles", ZoneExile, "701.13a"
	case actBounce:
		verb, z, rule = "returns", ZoneHand, "400.7"
	}
	if len(objs) == 0 {
		g.note(line, fmt.Sprintf("%s %s %s: there are none", srcName, verb, t.Sel.Noun), "608.2c")
		return
	}
	var moved []*Object
	for _, o := range objs {
		if t.Action == actDestroy {
			if s.ch[s.slot[o]].hasKeyword("indestructible") {
				g.note(line, fmt.Sprintf("%s has indestructible and isn't destroyed", o.display()), "702.12b")
				continue
			}
			if g.regenerated(line, o, t.NoRegen) {
				continue
			}
		}
		moved = append(moved, o)
	}
	if len(moved) > 0 {
		var names []string
		for _, o := range moved {
			names = append(names, o.display())
		}
		to := ""
		if t.Action == actBounce {
			to = " to their owners' hands"
		}
		if len(moved) == 1 {
			g.note(line, fmt.Sprintf("%s %s %s%s: %s", srcName, verb, t.Sel.Noun, to, names[0]), rule)
		} else {
			g.note(line, fmt.Sprintf("%s %s %s%s at the same time, as one event: %s; abilities that trigger on their leaving the battlefield see all of them (603.10a)", srcName, verb, t.Sel.Noun, to, strings.Join(names, ", ")), rule)
		}
	}
	for _, o := range moved {
		g.moveTo(o, z, line, verb)
	}
	g.leftTriggers(s, moved, z, line)
	g.clean = false
	g.cached = nil
}

// The actions of "put target creature on top of / on the bottom of its
// owner's library" (401.1: a library is a pile; its top is drawn first).
const (
	actLibraryTop actionKind = 1001 + iota
	actLibraryBottom
)

// actMore performs the actions of this file and regenerate.go.
func (g *game) actMore(line int, t *Template, o *Object) {
	switch t.Action {
	case actRegenerate:
		g.addShield(line, o)
	case actLibraryTop, actLibraryBottom:
		s := g.current()
		where := "on top of"
		if t.Action == actLibraryBottom {
			where = "on the bottom of"
		}
		g.note(line, fmt.Sprintf("%s is put %s its owner's library: a new object there", o.display(), where), "401.1")
		g.moveTo(o, ZoneLibrary, line, "put into the library")
		g.leftTriggers(s, []*Object{o}, ZoneLibrary, line)
	}
}
