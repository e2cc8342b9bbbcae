package engine

// Delayed triggered abilities (603.7) a resolving spell or ability
// creates: "Draw a card at the beginning of the next turn's upkeep"
// (Balduvian Rage), "... at the beginning of your next upkeep", "... at the
// beginning of the next end step". Each triggers once, the next time its
// event occurs (603.7b); its source is the spell and its controller the
// player who controlled the spell (603.7d).

import (
	"fmt"
	"regexp"
)

var reFxDelayed = regexp.MustCompile(`^(.+?) at the beginning of (the next turn's upkeep|your next upkeep|the next end step)$`)

// delayedTrig is a delayed triggered ability waiting for its event.
type delayedTrig struct {
	kind   trigKind
	yours  bool // "your next upkeep": only its controller's
	ctrl   Player
	src    string
	effect string
	// obj is the object the ability refers to ("exile it"): it affects
	// that object only, and does nothing once the object has left the
	// zone it was in (603.7c, 400.7).
	obj *Object
}

// reFxOnObject is what a delayed triggered ability does to the object it
// refers to: "exile it" (Goryo's Vengeance), "sacrifice it" (Slave of
// Bolas), "return it to its owner's hand".
var reFxOnObject = regexp.MustCompile(`^(exile|sacrifice|destroy) (?:it|that creature|the creature)$|^(return) (?:it|that creature|the creature) to its owner's hand$`)

// delayedSimple: the instruction is one the engine carries out and names
// no target, or an action on the object the spell put onto the
// battlefield or targets.
func delayedSimple(s string) bool {
	m := reFxDelayed.FindStringSubmatch(s)
	return m != nil && (reEffDraw.MatchString(m[1]) || reEffGain.MatchString(m[1]) || reEffLose.MatchString(m[1]) || reFxOnObject.MatchString(m[1]))
}

// delay creates the delayed triggered ability of s.
func (g *game) delay(st *Stmt, it *stackItem, s string) bool {
	m := reFxDelayed.FindStringSubmatch(s)
	d := delayedTrig{kind: tUpkeep, ctrl: it.ctrl, src: it.srcName, effect: m[1]}
	if reFxOnObject.MatchString(m[1]) {
		// "It" is what the spell put onto the battlefield as it resolved
		// (a card returned from a graveyard is a new object, 400.7), else
		// its target.
		for _, o := range g.objs[min(it.objsFrom, len(g.objs)):] {
			if o.onBF {
				d.obj = o
				break
			}
		}
		if d.obj == nil {
			for _, r := range it.targets {
				if _, isPlayer := parsePlayer(r); isPlayer {
					continue
				}
				if o := g.lastKnown(r); o != nil && o.onBF {
					d.obj = o
					break
				}
			}
		}
		if d.obj == nil {
			return false
		}
	}
	switch m[2] {
	case "your next upkeep":
		d.yours = true
	case "the next end step":
		d.kind = tEndStep
	}
	g.delayed = append(g.delayed, d)
	g.note(st.Line, fmt.Sprintf("%s creates a delayed triggered ability: %q at the beginning of %s", it.srcName, m[1], m[2]), "603.7a")
	return true
}

// fireDelayed makes the delayed triggered abilities whose event is the
// beginning of this step trigger, once each (603.7b).
func (g *game) fireDelayed(kind trigKind, line int) {
	var keep []delayedTrig
	for _, d := range g.delayed {
		if d.kind != kind || d.yours && d.ctrl != g.active {
			keep = append(keep, d)
			continue
		}
		it := &stackItem{srcName: d.src, ctrl: d.ctrl, spec: &trigSpec{kind: kind, each: true, effect: d.effect, rule: "603.7"},
			text: d.effect, line: line, delayedObj: d.obj}
		g.pending = append(g.pending, it)
		g.note(line, fmt.Sprintf("%s's delayed triggered ability triggers: %q", d.src, d.effect), "603.7b")
	}
	g.delayed = keep
}

// onObject carries out a delayed triggered ability's action on the object
// it refers to (reFxOnObject) as the scenario's own statements do
// (moveObjects): nothing once that object has left the battlefield, even
// if it has come back (a new object, 603.7c, 400.7); a player sacrifices
// only a permanent they control (701.21a).
func (g *game) onObject(st *Stmt, it *stackItem, m []string) bool {
	o := it.delayedObj
	if o == nil {
		return false
	}
	verb := m[1] + m[2]
	if !o.onBF {
		g.note(st.Line, fmt.Sprintf("%s's delayed triggered ability does nothing: %s has left the battlefield, and the ability refers to that object only", it.srcName, o.display()), "603.7c")
		return true
	}
	if s := g.current(); verb == "sacrifice" && s.ch[s.slot[o]].Controller != it.ctrl {
		g.note(st.Line, fmt.Sprintf("%s %s: another player controls it now", says(it.ctrl, "can't sacrifice"), o.display()), "701.21a")
		return true
	}
	g.moveObjects(st.Line, verb, []*Object{o})
	return true
}
