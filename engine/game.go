package engine

// The statements about the game beyond the battlefield's characteristics:
// combat, damage, life, zones, the stack and the turn, and the questions
// about them.

import (
	"fmt"
	"strings"
)

// execGame runs the statements of game.go's kinds.
func (g *game) execGame(st *Stmt) {
	switch st.Kind {
	case StmtAttack:
		g.attack(st)
	case StmtBlock:
		g.block(st)
	case StmtCombatDamage:
		g.combatDamage(st, false)
	case StmtStep:
		switch st.Check {
		case "next step":
			g.nextStep(st)
		case "next turn":
			turn := g.turn
			g.advance(st, func() bool { return g.turn > turn && g.step == stMain1 })
		case "end of turn":
			if g.step == stCleanup {
				g.errorf(st.Line, "the turn is already in its cleanup step: \"next step\" begins the next turn")
				return
			}
			g.advance(st, func() bool { return g.step == stCleanup })
		}
	case StmtResolve:
		if st.Check == "all" {
			g.resolveAll(st)
			return
		}
		g.resolveTop(st)
	case StmtDamage:
		g.damageStmt(st)
	case StmtLife:
		g.lifeStmt(st)
	case StmtMove:
		g.moveStmt(st)
	case StmtInfo:
		g.info(st)
	case StmtAssign:
		g.assignStmt(st)
	case StmtBlocked:
		g.becomesBlocked(st)
	case StmtTransform:
		g.transformStmt(st)
	case StmtEmblem:
		g.emblemStmt(st)
	}
}

// damageStmt is "REF deals N damage to T" and "T takes N damage"
// (noncombat damage, 120.2b).
func (g *game) damageStmt(st *Stmt) {
	s := g.current()
	src := dmgSource{name: "a source", ctrl: other(g.active)}
	if st.Ref != "" {
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		src = sourceOf(s, o, nil)
	}
	var t dmgTarget
	if p, ok := parsePlayer(st.Ref2); ok {
		t = dmgTarget{player: p}
	} else {
		o, ok := g.ref(st.Line, st.Ref2)
		if !ok {
			return
		}
		t = dmgTarget{obj: o}
	}
	g.dealDamage(st.Line, s, src, t, st.N, false)
}

// lifeStmt: gaining and losing life (119.3), or stating a player's life,
// poison counters, hand or library size.
func (g *game) lifeStmt(st *Stmt) {
	ps := g.pl(st.Player)
	switch st.Check {
	case "gain":
		g.lifeChange(st.Line, st.Player, st.N, "")
	case "lose":
		g.lifeChange(st.Line, st.Player, -st.N, "")
	case "life":
		ps.life, ps.lifeAtLeast = st.N, st.AtLeast
		g.clean = false // a life total may define a P/T or decide a condition
	case "poison":
		ps.poison = st.N
	case "hand":
		ps.handUnknown = max(st.N-len(ps.zones[ZoneHand]), 0)
		ps.handStated, ps.handAtLeast = true, st.AtLeast
		g.clean = false // a count of cards in hand may read it (zonecounts.go)
	case "graveyard":
		ps.graveUnknown = max(st.N-len(ps.zones[ZoneGraveyard]), 0)
		ps.graveAtLeast = st.AtLeast
		g.clean = false
	case "library":
		ps.library = st.N
	}
}

// moveStmt destroys (701.8a), sacrifices (701.21a), exiles (701.13a) or
// returns to hand permanents, all at once: each becomes a new object in
// that zone (400.7).
func (g *game) moveStmt(st *Stmt) {
	refs := st.Targets
	if len(refs) == 0 {
		refs = []string{st.Ref}
	}
	var objs []*Object
	for _, r := range refs {
		o, ok := g.ref(st.Line, r)
		if !ok {
			return
		}
		objs = append(objs, o)
	}
	g.moveObjects(st.Line, st.Check, objs)
}

// moveObjects destroys, sacrifices, exiles or returns to their owners'
// hands (verb "destroy", "sacrifice", "exile", "return") the objects, in
// one event: indestructible and regeneration stop destruction (702.12b,
// 701.19a), not sacrifice (701.21a); what left triggers, looking back
// (603.10a).
func (g *game) moveObjects(line int, verb string, objs []*Object) {
	s := g.current()
	z := map[string]Zone{"destroy": ZoneGraveyard, "sacrifice": ZoneGraveyard, "exile": ZoneExile, "return": ZoneHand}[verb]
	var moved []*Object
	for _, o := range objs {
		switch verb {
		case "destroy":
			if s.ch[s.slot[o]].hasKeyword("indestructible") {
				g.note(line, fmt.Sprintf("%s has indestructible and isn't destroyed", o.display()), "702.12b")
				continue
			}
			if g.destructionRegenerated(line, s, o, false) {
				continue
			}
			g.note(line, fmt.Sprintf("%s is destroyed: put into its owner's graveyard", o.display()), "701.8a")
		case "sacrifice":
			g.note(line, fmt.Sprintf("%s is sacrificed: its controller moves it to its owner's graveyard (indestructible doesn't stop that)", o.display()), "701.21a")
		case "exile":
			g.note(line, fmt.Sprintf("%s is exiled", o.display()), "701.13a")
		case "return":
			g.note(line, fmt.Sprintf("%s is returned to its owner's hand: a new object there", o.display()), "400.7")
		}
		moved = append(moved, o)
	}
	for _, o := range moved {
		if o.onBF {
			g.moveTo(o, z, line, verb)
		}
	}
	g.leftTriggers(s, moved, z, line)
	g.cached = nil
}

// InfoView answers a question about the game rather than one object: life
// totals, zones, the stack, the turn, damage marked on a permanent.
type InfoView struct {
	Kind    string       `json:"kind"`
	Answer  string       `json:"answer"`
	Players []PlayerView `json:"players,omitempty"`
	Stack   []StackView  `json:"stack,omitempty"`
	Object  string       `json:"object,omitempty"`
	Damage  *int         `json:"damage,omitempty"`
	Turn    int          `json:"turn,omitempty"`
	Active  string       `json:"active,omitempty"`
	Step    string       `json:"step,omitempty"`
}

func queryText(st *Stmt) string { return strings.TrimSpace(strings.TrimPrefix(st.Src, "?")) }

// info answers "? life", "? stack", "? turn", "? graveyard", "? exile",
// "? hand" and "? damage REF".
func (g *game) info(st *Stmt) {
	q := QueryResult{Line: st.Line, Query: queryText(st)}
	ps := []PlayerView{g.playerView(You), g.playerView(Opponent)}
	switch st.Check {
	case "life":
		var parts []string
		rs := []Reason{{"119.1", "each player begins the game with 20 life"}, {"119.3", "gaining and losing life adjusts the life total; damage to a player makes them lose that much life (120.3a)"}}
		for _, p := range []Player{You, Opponent} {
			parts = append(parts, g.playerSummary(p))
			ps := g.pl(p)
			if ps.poison > 0 {
				rs = append(rs, Reason{"122.1f", fmt.Sprintf("%s %s; ten or more lose the game", says(p, "has"), countersOf(ps.poison, "poison"))})
			}
			if ps.lost != "" {
				rs = append(rs, Reason{ps.lost, fmt.Sprintf("%s the game as a state-based action: %s", says(p, "lost"), ps.lostWhy)})
			}
		}
		q.Info = &InfoView{Kind: "life", Answer: strings.Join(parts, "; "), Players: ps}
		q.Reasons = rs
	case "graveyard", "exile", "hand":
		z := map[string]Zone{"graveyard": ZoneGraveyard, "exile": ZoneExile, "hand": ZoneHand}[st.Check]
		var parts []string
		for _, p := range []Player{You, Opponent} {
			list := g.pl(p).zoneList(z)
			extra := ""
			ps := g.pl(p)
			switch {
			case z == ZoneHand && ps.handAtLeast, z == ZoneGraveyard && ps.graveAtLeast:
				n := ps.handUnknown
				if z == ZoneGraveyard {
					n = ps.graveUnknown
				}
				extra = fmt.Sprintf(" and at least %s not named", plural(n, "card"))
				if n == 0 {
					extra = " and perhaps cards not named"
				}
			case z == ZoneHand && ps.handUnknown > 0:
				extra = " and " + plural(ps.handUnknown, "card") + " not named"
			case z == ZoneGraveyard && ps.graveUnknown > 0:
				extra = " and " + plural(ps.graveUnknown, "card") + " not named"
			}
			if len(list) == 0 && extra != "" {
				parts = append(parts, fmt.Sprintf("%s %s: %s", poss(p), z, strings.TrimPrefix(extra, " and ")))
			} else if len(list) == 0 {
				parts = append(parts, fmt.Sprintf("%s %s: empty%s", poss(p), z, extra))
			} else {
				parts = append(parts, fmt.Sprintf("%s %s: %s%s", poss(p), z, strings.Join(list, ", "), extra))
			}
		}
		rule := map[Zone]Reason{ZoneGraveyard: {"404.1", "a player's graveyard holds what was destroyed, sacrificed, died or was put there"},
			ZoneExile: {"406.1", "the exile zone holds exiled objects"}, ZoneHand: {"402.1", "the hand holds drawn cards and cards returned there"}}[z]
		q.Info = &InfoView{Kind: st.Check, Answer: strings.Join(parts, "; "), Players: ps}
		q.Reasons = []Reason{rule, {"400.7", "an object that moves to another zone is a new object with no memory of its previous existence"}}
	case "stack":
		var views []StackView
		var parts []string
		for i := len(g.stack) - 1; i >= 0; i-- {
			it := g.stack[i]
			if it.spell != nil {
				views = append(views, StackView{Source: it.srcName, Controller: it.ctrl.String(), Text: it.text, Kind: "spell"})
				parts = append(parts, fmt.Sprintf("%d. the spell %s (%s)", len(g.stack)-i, it.text, it.ctrl))
				continue
			}
			views = append(views, StackView{Source: it.srcName, Controller: it.ctrl.String(), Text: it.text, Kind: "triggered ability"})
			parts = append(parts, fmt.Sprintf("%d. %s's triggered ability (%s): %q", len(g.stack)-i, it.srcName, it.ctrl, it.text))
		}
		ans := "the stack is empty"
		if len(parts) > 0 {
			ans = "top first: " + strings.Join(parts, "; ")
		}
		q.Info = &InfoView{Kind: "stack", Answer: ans, Stack: views}
		q.Reasons = []Reason{{"405.2", "each object put on the stack goes on top of those already there"},
			{"603.3b", "abilities that triggered since a player last received priority go on the stack in APNAP order: the active player's first, so the nonactive player's are on top"},
			{"405.5", "the top object resolves first (\"resolve\")"}}
	case "turn":
		q = g.turnAnswer(st)
		g.rep.Results = append(g.rep.Results, q)
		return
	case "damage":
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		s := g.current()
		c := s.ch[s.slot[o]]
		d := o.damage
		ans := fmt.Sprintf("%s has %d damage marked on it", o.display(), d)
		rs := []Reason{{"120.6", "damage marked on a creature remains until the cleanup step"}}
		if c.is("Creature") && !c.TUnknown {
			ans += fmt.Sprintf(" (toughness %d)", c.T)
			if d >= c.T && c.T > 0 {
				rs = append(rs, Reason{"702.12b", "it has lethal damage but indestructible, so it isn't destroyed"})
			}
		}
		rs = append(rs, Reason{"514.2", "all damage marked on permanents is removed in the cleanup step"})
		q.Info = &InfoView{Kind: "damage", Answer: ans, Object: o.display(), Damage: &d}
		q.Reasons = rs
	}
	// What the engine could not model of triggered abilities and
	// resolving effects may change life totals, zones and the stack.
	q.DependsOnUnmodelled = append([]string(nil), g.gameDepends...)
	g.rep.Results = append(g.rep.Results, q)
}
