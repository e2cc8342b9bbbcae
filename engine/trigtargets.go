package engine

import (
	"fmt"
	"strings"
)

// Targets of a triggered ability as it is put on the stack (603.3d): its
// controller chooses them then, as for a spell (601.2c), among what the
// ability's text allows (115.1, 115.4). With exactly one legal choice the
// engine makes it; with none, the ability is removed from the stack.

// trigChoice is what the engine knows of a triggered ability's target.
type trigChoice struct {
	noun  string   // how the text names it ("target creature an opponent controls")
	legal []string // references to the legal choices, players first
}

// trigTargets returns the legal choices for the one target of a triggered
// ability; false when the engine can't tell (several targets, a target
// off the battlefield, a sentence it doesn't read, or a legal object the
// scenario can't name by a single reference).
func (g *game) trigTargets(it *stackItem) (trigChoice, bool) {
	if it.spec == nil || it.spell != nil || !targetsToChoose(it.spec.effect) {
		return trigChoice{}, false
	}
	text := strings.TrimSuffix(strings.TrimSpace(it.spec.effect), ".")
	if m := reIfClause.FindStringSubmatch(text); m != nil {
		text = m[1]
	}
	var found *trigChoice
	for _, sentence := range reEffSentences.Split(text, -1) {
		sentence = strings.TrimPrefix(strings.TrimSpace(strings.TrimSuffix(sentence, ".")), "you may ")
		if sentence == "" || !targetsToChoose(sentence) {
			continue
		}
		if found != nil {
			return trigChoice{}, false // two targets: the statement names them
		}
		c, ok := g.sentenceTargets(it, sentence)
		if !ok {
			return trigChoice{}, false
		}
		found = &c
	}
	if found == nil {
		return trigChoice{}, false
	}
	return *found, true
}

// sentenceTargets reads the one target of a sentence of a triggered
// ability's effect, in the forms the engine carries out (effect).
func (g *game) sentenceTargets(it *stackItem, s string) (trigChoice, bool) {
	st := g.current()
	var players []Player
	var obj func(i int) bool
	noun := ""
	creatureFilter := func(what string) (Filter, bool) {
		switch what {
		case "target creature":
			return Filter{Types: []string{"Creature"}}, true
		case "target creature you control":
			return Filter{Types: []string{"Creature"}, Control: 1}, true
		case "target permanent":
			return Filter{}, true
		}
		return Filter{}, false
	}
	byFilter := func(f Filter) func(i int) bool {
		return func(i int) bool { return st.matches(&f, i, it.ctrl, -1) }
	}
	switch m, p, c, d := reEffOppLose.FindStringSubmatch(s), reEffPump.FindStringSubmatch(s), reEffCounters.FindStringSubmatch(s), reEffDamage.FindStringSubmatch(s); {
	case m != nil && m[1] == "target player":
		noun, players = m[1], []Player{You, Opponent}
	case p != nil:
		f, ok := creatureFilter(p[1])
		if !ok {
			return trigChoice{}, false
		}
		noun, obj = p[1], byFilter(f)
	case c != nil:
		f, ok := creatureFilter(c[3])
		if !ok {
			return trigChoice{}, false
		}
		noun, obj = c[3], byFilter(f)
	case d != nil && !moreSimple(s):
		what := d[3]
		if !damageRecipients[what] {
			return trigChoice{}, false
		}
		noun = what
		if what == "any target" || strings.Contains(what, "player") {
			players = []Player{You, Opponent}
		}
		obj = func(i int) bool {
			ch := st.ch[i]
			legal := ch.is("Creature") && (strings.Contains(what, "creature") || what == "any target") ||
				ch.is("Planeswalker") && (strings.Contains(what, "planeswalker") || what == "any target") ||
				ch.is("Battle") && what == "any target"
			if legal && (strings.Contains(what, "opponent controls") || strings.Contains(what, "don't control")) {
				legal = ch.Controller != it.ctrl
			}
			return legal
		}
	default:
		if moreSimple(s) || it.src == nil {
			return trigChoice{}, false
		}
		tmpls, miss := g.compileSpell(s, strings.TrimSpace(it.src.name))
		if len(miss) > 0 {
			return trigChoice{}, false
		}
		var sel *Template
		for _, t := range tmpls {
			if t.Sel.Kind != selTarget {
				continue
			}
			if t.Sel.Target != 0 || t.Sel.Count > 1 || t.Sel.Zones != 0 || t.Sel.F.ThatPlayer {
				return trigChoice{}, false
			}
			if sel == nil {
				sel = t
			}
		}
		if sel == nil {
			return trigChoice{}, false
		}
		noun = "target " + strings.TrimPrefix(sel.Sel.Noun, "target ")
		f, mass := sel.Sel.F, sel.Mass
		obj = func(i int) bool { return st.matches(&f, i, it.ctrl, -1) && g.massHolds(st, mass, i, it.ctrl) }
	}
	ch := trigChoice{noun: noun}
	for _, p := range players {
		ch.legal = append(ch.legal, p.String())
	}
	if obj == nil {
		return ch, true
	}
	for i, o := range st.objs {
		if !o.onBF || !obj(i) || !g.targetable(st, i, it) {
			continue
		}
		r, ok := g.uniqueRef(o)
		if !ok {
			return trigChoice{}, false
		}
		ch.legal = append(ch.legal, r)
	}
	return ch, true
}

// targetable: the permanent can be the target of an ability its
// controller's opponent controls and of this source: hexproof (702.11b),
// shroud (702.18a), protection (702.16b).
func (g *game) targetable(st *state, i int, it *stackItem) bool {
	c := st.ch[i]
	if c.hasKeyword("shroud") || c.hasKeyword("hexproof") && c.Controller != it.ctrl {
		return false
	}
	return it.lki == nil || protectedFrom(c, it.lki) == ""
}

// uniqueRef is the reference that names o alone on the battlefield: its
// alias, or its name when no other permanent has it.
func (g *game) uniqueRef(o *Object) (string, bool) {
	r := o.name
	if o.alias != "" {
		r = o.alias
	}
	m := g.lookup(r)
	byAlias, byName := len(m.byAlias), len(m.byName)
	if o.alias != "" {
		return r, byAlias == 1
	}
	return r, byAlias == 0 && byName == 1
}

// chooseTrigTargets chooses the targets of a triggered ability being put
// on the stack (603.3d): the only legal one is chosen; with none the
// ability is removed from the stack (false). With several, they are left
// to the statement that resolves it.
func (g *game) chooseTrigTargets(line int, it *stackItem) bool {
	ch, ok := g.trigTargets(it)
	if !ok {
		return true
	}
	it.choice = &ch
	switch len(ch.legal) {
	case 0:
		g.note(line, fmt.Sprintf("%s's triggered ability %q has no legal target (%s): it is removed from the stack", it.srcName, it.text, ch.noun), "603.3d")
		return false
	case 1:
		it.targets = []string{ch.legal[0]}
		g.note(line, fmt.Sprintf("%s's triggered ability targets %s, the only legal target (%s)", it.srcName, ch.legal[0], ch.noun), "603.3d")
	}
	return true
}

// legalList is "A, B or C".
func legalList(refs []string) string {
	if len(refs) < 2 {
		return strings.Join(refs, "")
	}
	return strings.Join(refs[:len(refs)-1], ", ") + " or " + refs[len(refs)-1]
}
