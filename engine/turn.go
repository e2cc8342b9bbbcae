package engine

// Turn structure (500–514): the steps of a turn in order, the active
// player (102.1), the turn-based actions the scenario models (untapping
// 502.3, drawing 504.1, combat damage 510, cleanup 514.2) and the abilities
// that trigger at the beginning of the upkeep (503.1a) and end step (513.1).

import (
	"fmt"
	"strings"
)

type step int

const (
	stUntap step = iota
	stUpkeep
	stDraw
	stMain1
	stBeginCombat
	stDeclareAttackers
	stDeclareBlockers
	stFirstDamage
	stCombatDamage
	stEndCombat
	stMain2
	stEnd
	stCleanup
)

var stepNames = [...]string{"untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
	"declare attackers step", "declare blockers step", "first-strike combat damage step", "combat damage step",
	"end of combat step", "postcombat main phase", "end step", "cleanup step"}

var stepRules = [...]string{"502.1", "503.1", "504.1", "505.1", "507.1", "508.1", "509.1", "510.4", "510.1", "511.1", "505.1", "513.1", "514.1"}

func (s step) String() string { return stepNames[s] }

// setStep moves the turn forward to a step a statement implies ("attack
// with" happens in the declare attackers step).
func (g *game) setStep(s step) {
	if s > g.step {
		g.step = s
	}
}

// nextStep ends the current step or phase and begins the next one (500.2:
// only with the stack empty). It returns false when it could not.
func (g *game) nextStep(st *Stmt) bool {
	if len(g.stack) > 0 {
		g.errorf(st.Line, "the %s ends only when the stack is empty and all players pass in succession (500.2): %s on the stack, \"resolve\" them first", g.step, plural(len(g.stack), "object"))
		return false
	}
	line := st.Line
	switch g.step {
	case stDeclareAttackers:
		if g.combat == nil || len(g.combat.attackers) == 0 {
			g.routine(line, "no creatures were declared as attackers: the declare blockers and combat damage steps are skipped", "508.8")
			g.begin(line, stEndCombat)
			return true
		}
	case stDeclareBlockers, stFirstDamage:
		if g.combat != nil && len(g.combat.attackers) > 0 && !g.combat.regularDone {
			g.combatDamage(st, true)
			return true
		}
	case stCleanup:
		g.newTurn(line)
		return true
	}
	next := g.step + 1
	if next == stFirstDamage {
		next = stCombatDamage
	}
	g.begin(line, next)
	return true
}

// begin starts a step and performs what happens as it begins.
func (g *game) begin(line int, s step) {
	g.step = s
	g.routine(line, fmt.Sprintf("turn %d (%s turn): the %s begins", g.turn, poss(g.active), s), stepRules[s])
	switch s {
	case stUpkeep:
		g.stepTriggers(tUpkeep, line)
	case stBeginCombat:
		g.stepTriggers(tBeginCombat, line)
	case stEndCombat:
		g.stepTriggers(tEndCombat, line)
	case stDraw:
		g.draw(line, g.active, 1)
	case stMain2:
		if g.combat != nil {
			g.combat = nil
			g.note(line, "the combat phase is over: all creatures are removed from combat", "511.3")
		}
	case stEnd:
		g.stepTriggers(tEndStep, line)
	case stCleanup:
		g.cleanup(line)
	}
}

func (g *game) stepTriggers(kind trigKind, line int) {
	g.fireDelayed(kind, line) // delayed.go
	if !g.mayTrigger() {
		return
	}
	g.fire(g.current(), kind, nil, nil, line)
}

// cleanup is 514.2: damage marked on permanents is removed and "until end
// of turn" and "this turn" effects end, simultaneously.
func (g *game) cleanup(line int) {
	// 514.1: the active player discards down to their maximum hand size
	// (seven); which cards is their choice: unnamed ones first here.
	ps := g.pl(g.active)
	if n := len(ps.zones[ZoneHand]) + ps.handUnknown; n > 7 {
		extra := n - 7
		from := min(extra, ps.handUnknown)
		ps.handUnknown -= from
		for i := from; i < extra; i++ {
			c := ps.zones[ZoneHand][0]
			ps.zones[ZoneHand] = ps.zones[ZoneHand][1:]
			g.cardToGraveyard(line, c)
		}
		g.note(line, fmt.Sprintf("%s %s down to the maximum hand size of seven (which ones is that player's choice)", says(g.active, "discards"), plural(extra, "card")), "514.1")
	}
	healed := 0
	for _, o := range g.objs {
		o.damagedBy = nil // "this turn" ends (514.2)
		if o.onBF && o.damage > 0 {
			o.damage, o.dmgNoted = 0, false
			healed++
		}
	}
	ended := 0
	for _, e := range g.effects {
		if e.ended || e.t == nil || !e.t.UntilEOT {
			continue
		}
		low := strings.ToLower(e.t.Sentence)
		if strings.Contains(low, "until your next turn") || strings.Contains(low, "next untap step") || strings.Contains(low, "until end of your next turn") {
			continue
		}
		e.ended = true
		ended++
	}
	say := g.note
	if healed == 0 && ended == 0 {
		say = g.routine
	}
	say(line, fmt.Sprintf("cleanup: damage is removed from %s and %s end", plural(healed, "permanent"), plural(ended, "\"until end of turn\" effect")), "514.2")
	g.endShields(line)
	g.cached = nil
}

// newTurn begins the next player's turn with its untap step: the new
// active player's permanents have been under their control since their
// turn began (302.6), and they untap (502.3).
func (g *game) newTurn(line int) {
	g.turn++
	if !g.takeExtraTurn(line) { // spellfx.go
		g.active = other(g.active)
	}
	g.combat = nil
	g.begin(line, stUntap)
	// The whole state: the effects that keep a permanent from untapping
	// are among the rules effects the layers leave aside (613.11).
	s := g.compute(false)
	n := 0
	for i, o := range s.objs {
		if s.ch[i].Controller != g.active {
			continue
		}
		o.continuous = true
		// "Doesn't untap during its controller's next untap step" is used
		// up by this untap step, tapped or not.
		next := o.noUntapNext
		o.noUntapNext = false
		if !o.tapped {
			continue
		}
		if next || s.hasRuleEffect(i, ruleTextNoUntap) {
			g.note(line, fmt.Sprintf("%s stays tapped: an effect keeps it from untapping during %s untap step", o.display(), poss(g.active)), "502.3")
			continue
		}
		o.tapped = false
		n++
	}
	say := g.note
	if n == 0 {
		say = g.routine
	}
	say(line, fmt.Sprintf("%s %s", says(g.active, "untaps"), plural(n, "permanent")), "502.3")
	g.cached = nil
}

// ruleTextNoUntap is the rules effect of "doesn't untap during its
// controller's untap step" (502.3: effects can keep a player's permanents
// from untapping).
const ruleTextNoUntap = "doesn't untap during its controller's untap step"

// advance runs next steps until done says to stop, or the stack is not
// empty (then it says where it stopped).
func (g *game) advance(st *Stmt, done func() bool) {
	for i := 0; i < 40; i++ {
		if !g.nextStep(st) {
			return
		}
		g.settle(st.Line)
		if done() {
			return
		}
		if len(g.stack) > 0 {
			g.note(st.Line, fmt.Sprintf("stopped in the %s: %d triggered abilit(ies) on the stack; \"resolve\" them, then continue", g.step, len(g.stack)), "500.2")
			return
		}
	}
}

// turnAnswer is "? turn".
func (g *game) turnAnswer(st *Stmt) QueryResult {
	text := fmt.Sprintf("turn %d, %s turn (%s the active player, %s the nonactive player); %s", g.turn, poss(g.active), says(g.active, "is"), other(g.active), g.step)
	rs := []Reason{{"102.1", "the active player is the player whose turn it is"}, {stepRules[g.step], "the current step or phase"}}
	if g.combat != nil && len(g.combat.attackers) > 0 {
		rs = append(rs, Reason{"506.2", fmt.Sprintf("in this combat %s is the attacking player and %s the defending player", g.active, other(g.active))})
	}
	return QueryResult{Line: st.Line, Query: queryText(st), Info: &InfoView{Kind: "turn", Answer: text, Turn: g.turn, Active: g.active.String(), Step: g.step.String()}, Reasons: rs}
}
