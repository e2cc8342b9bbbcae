package engine

// Characteristics (109.3) and what reads them: printed values (613.1),
// filters, counts and devotion, and the type line rules of 205.

import (
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Chars are an object's characteristics at one point of the layer system
// (plus its controller, which layer 2 decides).
type Chars struct {
	Name       string
	ManaCost   string
	Colors     []string
	Supertypes []string
	Types      []string
	Subtypes   []string
	Abilities  []abInst
	P, T       int
	// PUnknown, TUnknown: the printed value is "*" (or "1+*") and no
	// characteristic-defining ability or setting effect has given it a
	// value the engine knows (208.2a, 604.3). The number in P or T is then
	// not the creature's power or toughness.
	PUnknown, TUnknown bool
	Controller         Player
}

// abInst is an ability an object has, with where it came from: fromText for
// abilities from its rules text (305.7 removes those), or the timestamp and
// key of the effect that granted it (613.7a).
type abInst struct {
	a        *Ability
	fromText bool
	grantTS  int
	grant    string
}

func (c *Chars) clone() *Chars {
	n := *c
	n.Colors = append([]string(nil), c.Colors...)
	n.Supertypes = append([]string(nil), c.Supertypes...)
	n.Types = append([]string(nil), c.Types...)
	n.Subtypes = append([]string(nil), c.Subtypes...)
	n.Abilities = append([]abInst(nil), c.Abilities...)
	return &n
}

func (c *Chars) is(t string) bool { return containsFold(c.Types, t) }

func (c *Chars) hasKeyword(kw string) bool {
	for _, ai := range c.Abilities {
		if ai.a.Keyword == kw {
			return true
		}
	}
	return false
}

func (c *Chars) hasAbility(abID int, grant string) bool {
	for _, ai := range c.Abilities {
		if ai.a.id == abID && ai.grant == grant {
			return true
		}
	}
	return false
}

// baseChars are the printed characteristics (613.1).
func (g *game) baseChars(o *Object) *Chars {
	d := o.def
	c := &Chars{
		Name: d.Name, ManaCost: d.ManaCost, Colors: sortColors(d.Colors),
		Supertypes: append([]string(nil), d.Supertypes...), Types: append([]string(nil), d.Types...),
		Subtypes: append([]string(nil), d.Subtypes...), P: ptValue(d.Power), T: ptValue(d.Toughness),
		PUnknown: strings.Contains(d.Power, "*"), TUnknown: strings.Contains(d.Toughness, "*"),
		Controller: o.ctrl,
	}
	for _, a := range o.printed {
		c.Abilities = append(c.Abilities, abInst{a: a, fromText: true})
	}
	g.addIntrinsic(c)
	return c
}

// addIntrinsic gives a land its basic land types' mana abilities (305.6).
func (g *game) addIntrinsic(c *Chars) {
	if !c.is("Land") {
		return
	}
	for _, st := range c.Subtypes {
		if _, ok := basicMana[st]; ok {
			a := g.comp.intrinsic(st)
			if !c.hasAbility(a.id, "") {
				c.Abilities = append(c.Abilities, abInst{a: a})
			}
		}
	}
}

// matches evaluates a filter against the current characteristics of slot i
// for an effect controlled by you; self is the source's slot (-1 for none).
func (s *state) matches(f *Filter, i int, you Player, self int) bool {
	c := s.ch[i]
	if len(f.Or) > 0 {
		for k := range f.Or {
			if s.matches(&f.Or[k], i, you, self) {
				return true
			}
		}
		return false
	}
	if f.Name != "" && fold.Key(c.Name) != fold.Key(f.Name) {
		return false
	}
	if f.Other && i == self {
		return false
	}
	for _, t := range f.Types {
		if !c.is(t) {
			return false
		}
	}
	for _, t := range f.NotTypes {
		if c.is(t) {
			return false
		}
	}
	for _, t := range f.Supertypes {
		if !containsFold(c.Supertypes, t) {
			return false
		}
	}
	for _, t := range f.NotSupertypes {
		if containsFold(c.Supertypes, t) {
			return false
		}
	}
	if len(f.Subtypes) > 0 {
		ok := false
		for _, t := range f.Subtypes {
			if hasSubtype(c.Subtypes, c.Types, t) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, t := range f.NotSubtypes {
		if containsFold(c.Subtypes, t) {
			return false
		}
	}
	if len(f.Colors) > 0 {
		ok := false
		for _, col := range f.Colors {
			if containsFold(c.Colors, col) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, col := range f.NotColors {
		if containsFold(c.Colors, col) {
			return false
		}
	}
	for _, kw := range f.With {
		if !c.hasKeyword(kw) {
			return false
		}
	}
	for _, kw := range f.Without {
		if c.hasKeyword(kw) {
			return false
		}
	}
	if f.Tapped != 0 && s.objs[i].tapped != (f.Tapped == 1) {
		return false
	}
	if f.NoAbilities && len(c.Abilities) > 0 {
		return false
	}
	if f.HasCounter != "" && s.objs[i].counters[f.HasCounter] <= 0 {
		return false
	}
	if f.Token != 0 && s.objs[i].token != (f.Token == 1) {
		return false
	}
	if f.More != nil && !s.matchesMore(f.More, i) {
		return false
	}
	switch f.ColorCount {
	case 1:
		if len(c.Colors) != 0 {
			return false
		}
	case 2:
		if len(c.Colors) != 1 {
			return false
		}
	case 3:
		if len(c.Colors) < 2 {
			return false
		}
	}
	switch f.Control {
	case 1:
		return c.Controller == you
	case 2:
		return c.Controller != you
	}
	return true
}

func (s *state) count(f *Filter, e *Effect) int {
	self := -1
	if e.src != nil {
		if i, ok := s.slot[e.src]; ok {
			self = i
		}
	}
	n := 0
	for i := range s.objs {
		if s.matches(f, i, e.ctrlNow(s), self) {
			n++
		}
	}
	return n
}

// devotion is 700.5: the mana symbols of that color among the mana costs of
// permanents the player controls (hybrid symbols count for each color).
func (s *state) devotion(p Player, color string) int {
	n := 0
	for i := range s.objs {
		if s.ch[i].Controller != p {
			continue
		}
		for _, sym := range manaSymbols(s.ch[i].ManaCost) {
			for _, part := range strings.Split(sym, "/") {
				// 700.5: devotion to two colors counts a symbol of
				// either color once.
				if len(part) == 1 && strings.Contains(color, part) {
					n++
					break
				}
			}
		}
	}
	return n
}

// subtypeKind is the set a subtype belongs to (205.3).
func subtypeKind(st string) string {
	low := strings.ToLower(st)
	switch {
	case landTypes[low]:
		return "land"
	case artifactTypes[low]:
		return "artifact"
	case enchantmentTypes[low]:
		return "enchantment"
	}
	return "creature"
}

// replacedKind: new subtypes replace old ones of the same kind (205.1a).
func replacedKind(old string, news []string) bool {
	for _, n := range news {
		if subtypeKind(n) == subtypeKind(old) {
			return true
		}
	}
	return false
}

// subtypeFits keeps a subtype when its card type is kept (205.1a).
// hasSubtype: st is among subs, or it is a creature type and subs holds
// "every creature type" on a creature or kindred object (702.73a, 205.3d).
func hasSubtype(subs, types []string, st string) bool {
	if containsFold(subs, st) {
		return true
	}
	low := strings.ToLower(st)
	return containsFold(subs, allCreatureTypes) && (containsFold(types, "Creature") || containsFold(types, "Kindred")) &&
		!landTypes[low] && !artifactTypes[low] && !enchantmentTypes[low]
}

func subtypeFits(st string, types []string) bool {
	low := strings.ToLower(st)
	switch {
	case landTypes[low]:
		return containsFold(types, "Land")
	case artifactTypes[low]:
		return containsFold(types, "Artifact")
	case enchantmentTypes[low]:
		return containsFold(types, "Enchantment")
	}
	return containsFold(types, "Creature") || containsFold(types, "Kindred")
}

func typeLine(c *Chars) string {
	var b strings.Builder
	parts := append(append([]string(nil), c.Supertypes...), c.Types...)
	b.WriteString(strings.Join(parts, " "))
	if len(c.Subtypes) > 0 {
		b.WriteString(" — ")
		b.WriteString(strings.Join(c.Subtypes, " "))
	}
	if b.Len() == 0 {
		return "(no types)"
	}
	return b.String()
}

func colorText(cs []string) string {
	if len(cs) == 0 {
		return "colorless"
	}
	var names []string
	for _, c := range cs {
		names = append(names, colorNames[c])
	}
	return strings.Join(names, " and ")
}

func removeAbilities(in []abInst, drop func(*Ability) bool) []abInst {
	var out []abInst
	for _, ai := range in {
		if !drop(ai.a) {
			out = append(out, ai)
		}
	}
	return out
}

func ptCounter(kind string) bool {
	_, _, ok := parseCounterPT(kind)
	return ok
}

func parseCounterPT(kind string) (int, int, bool) {
	i := strings.IndexByte(kind, '/')
	if i < 0 || len(kind) < 4 || (kind[0] != '+' && kind[0] != '-') {
		return 0, 0, false
	}
	p, err1 := strconv.Atoi(kind[:i])
	t, err2 := strconv.Atoi(kind[i+1:])
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return p, t, true
}
