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
}

// delayedSimple: the instruction is one the engine carries out and names
// no target or object (those the delayed ability would have to remember).
func delayedSimple(s string) bool {
	m := reFxDelayed.FindStringSubmatch(s)
	return m != nil && (reEffDraw.MatchString(m[1]) || reEffGain.MatchString(m[1]) || reEffLose.MatchString(m[1]))
}

// delay creates the delayed triggered ability of s.
func (g *game) delay(st *Stmt, it *stackItem, s string) bool {
	m := reFxDelayed.FindStringSubmatch(s)
	d := delayedTrig{kind: tUpkeep, ctrl: it.ctrl, src: it.srcName, effect: m[1]}
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
			text: d.effect, line: line}
		g.pending = append(g.pending, it)
		g.note(line, fmt.Sprintf("%s's delayed triggered ability triggers: %q", d.src, d.effect), "603.7b")
	}
	g.delayed = keep
}
