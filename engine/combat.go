package engine

// Combat (506–511): declaring attackers and blockers with the checks of
// 508.1 and 509.1, combat damage with first strike and double strike
// (510.4, 702.7b, 702.4b), trample (702.19b), deathtouch (702.2c), and the
// damage results of damage.go.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// attacker is a creature declared as an attacker.
type attacker struct {
	o        *Object
	pw       *Object // the planeswalker or battle it attacks; nil: the defending player
	def      Player
	blockers []*Object
	blocked  bool // 509.1h: stays blocked even if its blockers leave
}

// combat is the current combat phase.
type combat struct {
	attackers []*attacker
	blocking  map[*Object]*attacker
	// firstDone: the first-strike combat damage step happened; firstStrikers
	// had first strike or double strike as it began (510.4).
	firstDone, regularDone bool
	blocksBegun            bool // a "block" line began the declare blockers step
	unblockedFired         bool // "attacks and isn't blocked" abilities have triggered (509.3g)
	firstStrikers          map[*Object]bool
	// assign: how an attacking creature's controller divides its combat
	// damage ("assigns"), checked as damage is assigned (510.1c, 510.1e).
	assign map[*Object][]assignment
}

func (c *combat) find(o *Object) *attacker {
	for _, a := range c.attackers {
		if a.o == o {
			return a
		}
	}
	return nil
}

// attack declares attackers (508.1).
func (g *game) attack(st *Stmt) {
	starting := g.combat == nil || g.combat.firstDone || g.combat.regularDone
	if starting && len(g.stack) > 0 {
		// Several "attack with" lines declare one set of attackers; the
		// first begins the declare attackers step.
		g.errorf(st.Line, "attackers are declared in the declare attackers step, and the step before it ends only with the stack empty (500.2): \"resolve\" the %s on it first", plural(len(g.stack), "object"))
		return
	}
	s := g.current()
	var pw *Object
	def := other(g.active)
	if st.Ref2 != "" {
		if p, ok := parsePlayer(st.Ref2); ok {
			if p == g.active {
				g.errorf(st.Line, "the active player can't attack themselves: only the defending player, planeswalkers they control and battles they protect can be attacked (506.2)")
				return
			}
		} else {
			o, ok := g.ref(st.Line, st.Ref2)
			if !ok {
				return
			}
			c := s.ch[s.slot[o]]
			if !c.is("Planeswalker") && !c.is("Battle") {
				g.errorf(st.Line, "%s is not a planeswalker or a battle and can't be attacked (506.3)", o.display())
				return
			}
			if c.is("Planeswalker") && c.Controller == g.active {
				g.errorf(st.Line, "%s is controlled by the attacking player: only planeswalkers the defending player controls can be attacked (506.2)", o.display())
				return
			}
			pw = o
		}
	}
	if g.combat == nil || g.combat.firstDone || g.combat.regularDone {
		g.combat = &combat{blocking: map[*Object]*attacker{}}
	}
	var objs []*Object
	for _, r := range st.Targets {
		o, ok := g.ref(st.Line, r)
		if !ok {
			return
		}
		if g.combat.find(o) != nil {
			g.errorf(st.Line, "%s is already attacking", o.display())
			return
		}
		q := s.checkAnswer(o, &Stmt{Line: st.Line, Check: "attack"})
		if !q.Answer {
			var why []string
			for _, r := range q.Reasons {
				why = append(why, r.Text+" ("+r.Rule+")")
			}
			g.errorf(st.Line, "%s can't attack: %s; the declaration of attackers is illegal (508.1)", o.display(), strings.Join(why, "; "))
			return
		}
		objs = append(objs, o)
	}
	g.setStep(stDeclareAttackers)
	for _, o := range objs {
		c := s.ch[s.slot[o]]
		g.combat.attackers = append(g.combat.attackers, &attacker{o: o, pw: pw, def: def})
		at := def.String()
		if pw != nil {
			at = pw.display()
		}
		if c.hasKeyword("vigilance") {
			g.note(st.Line, fmt.Sprintf("%s attacks %s; it has vigilance and doesn't tap", o.display(), at), "702.20b")
		} else {
			o.tapped = true
			g.note(st.Line, fmt.Sprintf("%s attacks %s and becomes tapped", o.display(), at), "508.1f")
		}
	}
	if g.mayTriggerIn(s) {
		for _, o := range objs {
			g.fire(s, tAttacks, o, nil, st.Line)
		}
	}
	g.exaltedTriggers(s, objs, st.Line) // keywordtrigs.go
}

// block declares blockers for one attacking creature (509.1).
func (g *game) block(st *Stmt) {
	if g.combat == nil || len(g.combat.attackers) == 0 {
		g.errorf(st.Line, "no creature is attacking: declare attackers first with \"attack with REF\" (508.8)")
		return
	}
	if g.combat.firstDone || g.combat.regularDone {
		g.errorf(st.Line, "combat damage has been dealt: blockers are declared in the declare blockers step, before it (509.1)")
		return
	}

	if !g.combat.blocksBegun && len(g.stack) > 0 {
		// The first "block" line begins the declare blockers step; the
		// declare attackers step ends only with the stack empty.
		g.errorf(st.Line, "blockers are declared in the declare blockers step, and the declare attackers step ends only with the stack empty (500.2): \"resolve\" the %s on it first", plural(len(g.stack), "object"))
		return
	}
	s := g.current()
	ao, ok := g.ref(st.Line, st.Ref)
	if !ok {
		return
	}
	a := g.combat.find(ao)
	if a == nil {
		g.errorf(st.Line, "%s is not attacking: declare it with \"attack with %s\"", ao.display(), st.Ref)
		return
	}
	ac := s.ch[s.slot[ao]]
	if ab := unblockable(ac); ab != "" {
		g.errorf(st.Line, "%s can't be blocked: %q is a restriction on blocking it (509.1b)", ao.display(), ab)
		return
	}
	var bs []*Object
	for _, r := range st.Targets {
		b, ok := g.ref(st.Line, r)
		if !ok {
			return
		}
		if g.combat.blocking[b] != nil {
			g.errorf(st.Line, "%s is already blocking: a creature blocks one attacking creature (509.1a)", b.display())
			return
		}
		bc := s.ch[s.slot[b]]
		if bc.Controller != a.def {
			g.errorf(st.Line, "%s is controlled by %s: only the defending player's creatures block (509.1a)", b.display(), bc.Controller)
			return
		}
		q := s.checkAnswer(b, &Stmt{Line: st.Line, Check: "block"})
		if !q.Answer {
			var why []string
			for _, r := range q.Reasons {
				why = append(why, r.Text+" ("+r.Rule+")")
			}
			g.errorf(st.Line, "%s can't block: %s; the declaration of blockers is illegal (509.1)", b.display(), strings.Join(why, "; "))
			return
		}
		if prot := protectedFrom(ac, bc); prot != "" {
			g.errorf(st.Line, "%s has %s and can't be blocked by %s (702.16f, 509.1b)", ao.display(), prot, b.display())
			return
		}
		if f, text := cantBlockFilter(bc); f != nil && s.matches(f, s.slot[ao], bc.Controller, s.slot[b]) {
			g.errorf(st.Line, "%s can't block %s: %q is a restriction on blocking (509.1b)", b.display(), ao.display(), text)
			return
		}
		if why := evadesBlocker(s, ac, bc, a.def); why != "" {
			g.errorf(st.Line, "%s can't block %s: %s", b.display(), ao.display(), why)
			return
		}
		if why := blockRestriction(s, s.slot[ao], bc); why != "" { // blockedby.go
			g.errorf(st.Line, "%s can't block %s: %s", b.display(), ao.display(), why)
			return
		}
		bs = append(bs, b)
	}
	if ac.hasKeyword("menace") && len(a.blockers)+len(bs) < 2 {
		g.errorf(st.Line, "%s has menace and can't be blocked except by two or more creatures (702.111b): name them in one statement, \"block %s with B and C\"", ao.display(), st.Ref)
		return
	}
	g.setStep(stDeclareBlockers)
	g.combat.blocksBegun = true
	for _, b := range bs {
		a.blockers = append(a.blockers, b)
		g.combat.blocking[b] = a
		g.note(st.Line, fmt.Sprintf("%s blocks %s", b.display(), ao.display()), "509.1a")
	}
	becomes := len(bs) > 0 && !a.blocked
	if len(bs) > 0 {
		a.blocked = true
		g.note(st.Line, fmt.Sprintf("%s is a blocked creature", ao.display()), "509.1h")
	}
	if g.mayTriggerIn(s) {
		for _, b := range bs {
			g.fire(s, tBlocks, b, nil, st.Line)
		}
		if becomes {
			// 509.3c: once, as it becomes blocked.
			g.fire(s, tBecomesBlocked, ao, nil, st.Line)
		}
	}
}

// combatDamage performs the combat damage steps that remain: a first one
// for creatures with first strike or double strike if any has it as the
// step begins, then the regular one (510.4), with state-based actions and
// triggers between them.
func (g *game) combatDamage(st *Stmt, one bool) {
	c := g.combat
	if c == nil || len(c.attackers) == 0 {
		g.errorf(st.Line, "no creature is attacking: declare attackers first with \"attack with REF\"; with no attackers the combat damage step is skipped (508.8)")
		return
	}
	if c.regularDone {
		g.errorf(st.Line, "combat damage has already been dealt in this combat (510.4)")
		return
	}
	if !c.unblockedFired {
		// 509.3g: the declare blockers step has ended; "attacks and isn't
		// blocked" triggered for each attacker with no blocker declared.
		c.unblockedFired = true
		if s := g.current(); g.mayTriggerIn(s) {
			for _, a := range c.attackers {
				if !a.blocked && a.o.onBF {
					g.fire(s, tUnblocked, a.o, nil, st.Line)
				}
			}
			if len(g.pending) > 0 {
				g.settle(st.Line)
				g.note(st.Line, fmt.Sprintf("\"attacks and isn't blocked\" abilities triggered in the declare blockers step: %d on the stack; \"resolve\", then \"combat damage\" again", len(g.stack)), "509.3g")
				return
			}
		}
	}
	if !c.firstDone {
		s := g.current()
		first := map[*Object]bool{}
		for _, o := range g.combatants() {
			ch := s.ch[s.slot[o]]
			if ch.hasKeyword("first strike") || ch.hasKeyword("double strike") {
				first[o] = true
			}
		}
		if len(first) > 0 {
			c.firstStrikers = first
			c.firstDone = true
			g.setStep(stFirstDamage)
			g.note(st.Line, "first-strike combat damage step: only creatures with first strike or double strike assign combat damage", "510.4")
			g.damageStep(st.Line, s, func(o *Object, ch *Chars) bool { return first[o] })
			if one {
				return
			}
			g.settle(st.Line)
			if len(g.stack) > 0 {
				// 500.2: the step ends only with the stack empty.
				g.note(st.Line, fmt.Sprintf("the first-strike combat damage step ends only when the stack is empty: %d triggered abilit(ies) on the stack; \"resolve\", then \"combat damage\" again for the second step", len(g.stack)), "500.2")
				return
			}
		}
	}
	if len(g.stack) > 0 {
		g.errorf(st.Line, "the %s ends only when the stack is empty (500.2): \"resolve\" the %s on it first", g.step, plural(len(g.stack), "object"))
		return
	}
	s := g.current()
	c.regularDone = true
	g.setStep(stCombatDamage)
	if c.firstDone {
		g.note(st.Line, "second combat damage step: creatures that had neither first strike nor double strike as the first step began, and those that have double strike now, assign combat damage", "510.4")
	}
	g.damageStep(st.Line, s, func(o *Object, ch *Chars) bool {
		if !c.firstDone {
			return true
		}
		return !c.firstStrikers[o] || ch.hasKeyword("double strike")
	})
}

// combatants are the attacking and blocking creatures still on the
// battlefield (506.4).
func (g *game) combatants() []*Object {
	var out []*Object
	for _, a := range g.combat.attackers {
		if a.o.onBF {
			out = append(out, a.o)
		}
		for _, b := range a.blockers {
			if b.onBF {
				out = append(out, b)
			}
		}
	}
	return out
}

// assignment is combat damage one creature assigns to one recipient.
type assignment struct {
	from *Object
	to   dmgTarget
	n    int
}

// damageStep assigns combat damage from the creatures deals says take
// part (510.1) and deals it all at once (510.2).
func (g *game) damageStep(line int, s *state, deals func(*Object, *Chars) bool) {
	c := g.combat
	var as []assignment
	assigned := map[*Object]int{} // damage being assigned to each blocker in this step (702.19b)
	for _, a := range c.attackers {
		i, ok := s.slot[a.o]
		if !ok || !a.o.onBF || !deals(a.o, s.ch[i]) {
			continue
		}
		if chosen, ok := g.chosenAssignment(line, s, a, assigned); ok {
			as = append(as, chosen...)
			continue
		}
		if !s.ch[i].is("Creature") {
			g.note(line, fmt.Sprintf("%s is no longer a creature: it was removed from combat and deals no combat damage", a.o.display()), "506.4")
			continue
		}
		ch := s.ch[i]
		power := g.noteCombatDamage(line, s, i)
		if power <= 0 {
			continue // 510.1a
		}
		var target dmgTarget
		hasTarget := true
		if a.pw != nil {
			if !a.pw.onBF {
				hasTarget = false
			}
			target = dmgTarget{obj: a.pw}
		} else {
			target = dmgTarget{player: a.def}
		}
		var blockers []*Object
		for _, b := range a.blockers {
			if j, ok := s.slot[b]; ok && b.onBF && c.blocking[b] == a && s.ch[j].is("Creature") {
				blockers = append(blockers, b)
			}
		}
		trample := ch.hasKeyword("trample")
		switch {
		case !a.blocked:
			if !hasTarget {
				g.note(line, fmt.Sprintf("%s is attacking nothing (what it attacked has left) and assigns no combat damage", a.o.display()), "510.1b")
				continue
			}
			as = append(as, assignment{a.o, target, power}) // 510.1b
		case len(blockers) == 0:
			if trample && hasTarget {
				g.note(line, fmt.Sprintf("%s is blocked but no creature is blocking it; it has trample and assigns all its damage to %s", a.o.display(), target), "702.19d")
				as = append(as, assignment{a.o, target, power})
				continue
			}
			g.note(line, fmt.Sprintf("%s is blocked but no creature is blocking it: it assigns no combat damage", a.o.display()), "510.1c")
		default:
			left := power
			dt := ch.hasKeyword("deathtouch")
			for k, b := range blockers {
				bi := s.slot[b]
				lethal := lethalDamage(s, bi, assigned[b], dt)
				n := min(left, lethal)
				if k == len(blockers)-1 && !trample {
					n = left // the rest to the last blocker
				}
				if n > 0 {
					as = append(as, assignment{a.o, dmgTarget{obj: b}, n})
					assigned[b] += n
					left -= n
				}
			}
			switch {
			case trample && left > 0 && hasTarget:
				as = append(as, assignment{a.o, target, left})
				rule := "702.19b"
				why := "lethal damage is assigned to each blocking creature"
				if dt {
					why += ", and with deathtouch 1 damage is lethal (702.2c)"
				}
				g.note(line, fmt.Sprintf("%s has trample: %s, and the remaining %d is assigned to %s (its controller may instead assign more to the blockers)", a.o.display(), why, left, target), rule)
			case len(blockers) > 1:
				g.note(line, fmt.Sprintf("%s is blocked by %d creatures and its controller divides its damage among them as they choose; the scenario assigns lethal damage to each in the order they were declared, the rest to the last", a.o.display(), len(blockers)), "510.1c")
			}
		}
	}
	for _, a := range c.attackers {
		for _, b := range a.blockers {
			i, ok := s.slot[b]
			if !ok || !b.onBF || c.blocking[b] != a || !deals(b, s.ch[i]) || s.combatDamage(i) <= 0 {
				continue
			}
			if !s.ch[i].is("Creature") {
				g.note(line, fmt.Sprintf("%s is no longer a creature: it was removed from combat and deals no combat damage", b.display()), "506.4")
				continue
			}
			if !a.o.onBF {
				g.note(line, fmt.Sprintf("%s is blocking no creature any more and assigns no combat damage", b.display()), "510.1d")
				continue
			}
			as = append(as, assignment{b, dmgTarget{obj: a.o}, g.noteCombatDamage(line, s, i)}) // 510.1a, 510.1d
		}
	}
	sortAssignments(as, c)
	// 510.2: all combat damage is dealt at once.
	dealt := map[*Object]*Player{}
	g.batchLifelink()
	for _, x := range as {
		src := sourceOf(s, x.from, nil)
		if g.dealDamage(line, s, src, x.to, x.n, true) > 0 {
			if x.to.obj == nil {
				p := x.to.player
				dealt[x.from] = &p
			} else if _, ok := dealt[x.from]; !ok {
				dealt[x.from] = nil
			}
		}
	}
	g.flushLifelink(line)
	if len(dealt) > 0 && g.mayTriggerIn(s) {
		for _, x := range as {
			if p, ok := dealt[x.from]; ok {
				if p != nil {
					g.fire(s, tCombatDamagePlayer, x.from, p, line)
				} else {
					g.fire(s, tCombatDamage, x.from, nil, line)
				}
				delete(dealt, x.from)
			}
		}
	}
}

// sortAssignments orders the damage by attacker, then blocker, as
// declared, so notes read in a stable order (the damage is simultaneous).
func sortAssignments(as []assignment, c *combat) {
	rank := map[*Object]int{}
	n := 0
	for _, a := range c.attackers {
		rank[a.o] = n
		n++
	}
	for _, a := range c.attackers {
		for _, b := range a.blockers {
			rank[b] = n
			n++
		}
	}
	for i := 1; i < len(as); i++ {
		for j := i; j > 0 && rank[as[j].from] < rank[as[j-1].from]; j-- {
			as[j], as[j-1] = as[j-1], as[j]
		}
	}
}

// removeFromCombat is 506.4 for a permanent that leaves the battlefield.
func (g *game) removeFromCombat(o *Object) {
	if g.combat == nil {
		return
	}
	delete(g.combat.blocking, o)
}

// combatRole says whether an object is attacking or blocking, for answers.
func (g *game) combatRole(o *Object) string {
	if g.combat == nil {
		return ""
	}
	if a := g.combat.find(o); a != nil {
		at := a.def.String()
		if a.pw != nil {
			at = a.pw.display()
		}
		s := "attacking " + at
		if a.blocked {
			s += ", blocked"
		}
		return s
	}
	if a := g.combat.blocking[o]; a != nil {
		return "blocking " + a.o.display()
	}
	return ""
}

// unblockable returns an ability of the attacker that says it can't be
// blocked at all ("~ can't be blocked."), or "".
func unblockable(c *Chars) string {
	for _, ai := range c.Abilities {
		low := strings.ToLower(strings.TrimSpace(reminder.ReplaceAllString(ai.a.Text, "")))
		low = strings.TrimSuffix(low, ".")
		if strings.HasSuffix(low, " can't be blocked") && !strings.Contains(low, " as long as ") && !strings.Contains(low, " if ") {
			rest := strings.TrimSuffix(low, " can't be blocked")
			if rest == "this creature" || rest == strings.ToLower(c.Name) || !strings.Contains(rest, " ") {
				return ai.a.Text
			}
		}
	}
	return ""
}

var reCantBlockWhat = regexp.MustCompile(`^(?:~|this creature) can't block (.+?)\.?$`)

// cantBlockFilter reads a blocker's "~ can't block Humans" (a restriction,
// 509.1b): the attackers it can't block.
func cantBlockFilter(c *Chars) (*Filter, string) {
	for _, ai := range c.Abilities {
		low := strings.ToLower(selfRef(normQuotes(strings.TrimSpace(reminder.ReplaceAllString(ai.a.Text, ""))), c.Name))
		m := reCantBlockWhat.FindStringSubmatch(low)
		if m == nil {
			continue
		}
		f, ok := parseFilter(strings.Fields(m[1]))
		if !ok {
			continue
		}
		if len(f.Types) == 0 && len(f.Subtypes) > 0 {
			f.Types = []string{"Creature"}
		}
		return &f, ai.a.Text
	}
	return nil, ""
}

// assignStmt records how an attacking creature's controller divides its
// combat damage (510.1c); it is checked when the damage is assigned.
func (g *game) assignStmt(st *Stmt) {
	if g.combat == nil {
		g.errorf(st.Line, "no creature is attacking: \"assigns\" says how an attacking creature divides its combat damage (510.1c)")
		return
	}
	o, ok := g.ref(st.Line, st.Ref)
	if !ok {
		return
	}
	if g.combat.find(o) == nil {
		g.errorf(st.Line, "%s is not attacking: only an attacking creature blocked by two or more creatures, or with trample, has a choice of how to assign its combat damage (510.1c, 702.19b)", o.display())
		return
	}
	var parts []assignment
	for i, r := range st.Targets {
		var t dmgTarget
		if p, isP := parsePlayer(r); isP {
			t = dmgTarget{player: p}
		} else {
			x, ok := g.ref(st.Line, r)
			if !ok {
				return
			}
			t = dmgTarget{obj: x}
		}
		parts = append(parts, assignment{o, t, st.Amounts[i]})
	}
	if g.combat.assign == nil {
		g.combat.assign = map[*Object][]assignment{}
	}
	g.combat.assign[o] = parts
}

// chosenAssignment checks the division an attacking creature's controller
// stated against 510.1a-c and 702.19b; an illegal one is reported (510.1e)
// and the engine's own division is used instead.
func (g *game) chosenAssignment(line int, s *state, a *attacker, assigned map[*Object]int) ([]assignment, bool) {
	parts, ok := g.combat.assign[a.o]
	if !ok {
		return nil, false
	}
	ch := s.ch[s.slot[a.o]]
	amount, word := s.combatDamage(s.slot[a.o]), s.combatDamageWord(s.slot[a.o])
	total := 0
	for _, p := range parts {
		total += p.n
	}
	bad := func(why, rule string) ([]assignment, bool) {
		g.errorf(line, "%s's stated damage assignment is illegal: %s (%s, 510.1e); the engine's division is used", a.o.display(), why, rule)
		return nil, false
	}
	if total != amount {
		return bad(fmt.Sprintf("it assigns %d in all, but it assigns combat damage equal to its %s, %d", total, word, amount), "510.1a")
	}
	blocking := map[*Object]bool{}
	for _, b := range a.blockers {
		if b.onBF && g.combat.blocking[b] == a {
			blocking[b] = true
		}
	}
	toPlayer := 0
	for _, p := range parts {
		switch {
		case p.to.obj != nil && blocking[p.to.obj]:
		case p.to.obj == nil && a.pw == nil && p.to.player == a.def, p.to.obj != nil && p.to.obj == a.pw:
			if a.blocked && !ch.hasKeyword("trample") {
				return bad(fmt.Sprintf("it is blocked and has no trample, so it assigns its damage only to the creatures blocking it, not to %s", p.to), "510.1c")
			}
			toPlayer += p.n
		default:
			return bad(fmt.Sprintf("%s is neither blocking it nor what it attacks", p.to), "510.1c")
		}
	}
	if toPlayer > 0 && a.blocked {
		dt := ch.hasKeyword("deathtouch")
		for _, b := range a.blockers {
			if !blocking[b] {
				continue
			}
			got := 0
			for _, p := range parts {
				if p.to.obj == b {
					got += p.n
				}
			}
			if got < lethalDamage(s, s.slot[b], assigned[b], dt) {
				return bad(fmt.Sprintf("it assigns damage to what it attacks before assigning lethal damage to %s", b.display()), "702.19b")
			}
		}
	}
	for _, p := range parts {
		if p.to.obj != nil {
			assigned[p.to.obj] += p.n
		}
	}
	g.note(line, fmt.Sprintf("%s's controller divides its %d combat damage as stated", a.o.display(), amount), "510.1c")
	return parts, true
}

// becomesBlocked is an effect that says an attacking creature becomes
// blocked (509.1h): it is blocked though no creature blocks it, and
// "becomes blocked" abilities trigger if it was unblocked (509.3c).
func (g *game) becomesBlocked(st *Stmt) {
	o, ok := g.ref(st.Line, st.Ref)
	if !ok {
		return
	}
	var a *attacker
	if g.combat != nil {
		a = g.combat.find(o)
	}
	if a == nil {
		g.errorf(st.Line, "%s is not attacking, so it can't become blocked (509.1h)", o.display())
		return
	}
	if a.blocked {
		g.note(st.Line, fmt.Sprintf("%s is already blocked", o.display()), "509.1h")
		return
	}
	a.blocked = true
	g.note(st.Line, fmt.Sprintf("%s becomes a blocked creature though no creature blocks it", o.display()), "509.1h")
	if s := g.current(); g.mayTriggerIn(s) {
		g.fire(s, tBecomesBlocked, o, nil, st.Line)
	}
}

// landwalkTypes are the landwalk keywords of the basic land types
// (702.14a) and the subtype each names.
var landwalkTypes = map[string]string{"islandwalk": "Island", "swampwalk": "Swamp", "forestwalk": "Forest", "mountainwalk": "Mountain", "plainswalk": "Plains"}

// evadesBlocker says why an attacking creature with characteristics ac
// can't be blocked by bc, by its evasion abilities: flying (702.9b),
// shadow (702.28b), intimidate (702.13b), fear (702.36b), horsemanship
// (702.31b), skulk (702.118b) and landwalk (702.14c, while the defending
// player controls a land of its type); "" when none stops the block.
// Protection and "can't block" effects are checked beside it; menace
// counts the blockers together.
func evadesBlocker(s *state, ac, bc *Chars, def Player) string {
	switch {
	case ac.hasKeyword("flying") && !bc.hasKeyword("flying") && !bc.hasKeyword("reach"):
		return "it has flying and can be blocked only by creatures with flying or reach (702.9b, 509.1b)"
	case ac.hasKeyword("shadow") != bc.hasKeyword("shadow"):
		return "a creature with shadow can block or be blocked by only creatures with shadow (702.28b)"
	case ac.hasKeyword("intimidate") && !bc.is("Artifact") && !slices.ContainsFunc(ac.Colors, func(c string) bool { return slices.Contains(bc.Colors, c) }):
		return "it has intimidate and can be blocked only by artifact creatures and creatures that share a color with it (702.13b)"
	case ac.hasKeyword("fear") && !bc.is("Artifact") && !slices.Contains(bc.Colors, "B"):
		return "it has fear and can be blocked only by artifact creatures and black creatures (702.36b)"
	case ac.hasKeyword("horsemanship") && !bc.hasKeyword("horsemanship"):
		return "it has horsemanship and can be blocked only by creatures with horsemanship (702.31b)"
	case ac.hasKeyword("skulk") && !ac.PUnknown && !bc.PUnknown && bc.P > ac.P:
		return fmt.Sprintf("it has skulk and can't be blocked by creatures with greater power (702.118b): %d against %d", bc.P, ac.P)
	}
	for kw, land := range landwalkTypes {
		if !ac.hasKeyword(kw) {
			continue
		}
		for i := range s.objs {
			if c := s.ch[i]; c.Controller == def && c.is("Land") && containsFold(c.Subtypes, land) {
				return fmt.Sprintf("it has %s, and the defending player controls %s, a %s: it can't be blocked (702.14c)", kw, s.objs[i].display(), land)
			}
		}
	}
	return ""
}
