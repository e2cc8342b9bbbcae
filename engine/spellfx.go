package engine

// More instructions of resolving spells and abilities, carried out by the
// engine's effects (608.2c): damage to each creature of a kind, damage to a
// target creature of a kind, drawing, gaining life and discarding by a
// target player or each player, fighting (701.14), a spell that exiles
// itself ("Exile ~", 608.2n), and "... and you gain N life" after any of
// these.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

var (
	reFxEachDamage   = regexp.MustCompile(`^(~|it) deals (\w+) damage to each (.+?)( and each player)?$`)
	reFxTargetDamage = regexp.MustCompile(`^(~|it) deals (\w+) damage to target (.+)$`)
	reFxPlayerDraws  = regexp.MustCompile(`^(target player|target opponent|each player|each opponent) draws (a card|\w+ cards)$`)
	reFxPlayerGains  = regexp.MustCompile(`^(target player|each player) gains (\w+) life$`)
	reFxDiscards     = regexp.MustCompile(`^(target player|target opponent|each player|each opponent) discards (a card|\w+ cards)$`)
	reFxFight        = regexp.MustCompile(`^target (creature(?: you control)?) fights (?:another )?target (creature(?: you don't control| an opponent controls)?)$`)
	reFxBite         = regexp.MustCompile(`^target (creature(?: you control)?) deals damage equal to its power to (?:another )?target (creature(?: you don't control| an opponent controls)?)$`)
	reFxExtraTurn    = regexp.MustCompile(`^(take|target player takes|you take) an extra turn after this one$`)
	reFxDrawLose     = regexp.MustCompile(`^(target player|target opponent|each player|each opponent) draws (a card|\w+ cards) and loses (\w+) life$`)
	reFxGainForEach  = regexp.MustCompile(`^you gain (\w+) life for each (.+)$`)
	reFxLoot         = regexp.MustCompile(`^draw (a card|\w+ cards), then discard (a card|\w+ cards)$`)
	reFxAndGain      = regexp.MustCompile(`^(.+) and you gain (\w+) life$`)
	// "Then that creature fights target creature you don't control" (Hunt
	// the Weak): "it" is the spell's first target.
	reFxThenFight = regexp.MustCompile(`^then (?:it|that creature) fights (?:another )?target (creature(?: you don't control| an opponent controls)?)$`)
	// "If that creature would die this turn, exile it instead" (Magma
	// Spray), "If a creature dealt damage this way would die this turn,
	// exile it instead" (Pillar of Flame): a replacement effect the
	// resolving spell makes, on the spell's target or on what its damage
	// was dealt to, until the turn ends (614.1a, 611.2a).
	// "It doesn't untap during its controller's next untap step" (Take
	// into Custody), "Those creatures don't untap during their
	// controller's next untap step" (Decision Paralysis): the spell's
	// target, or each of its targets (502.3).
	reFxNoUntap   = regexp.MustCompile(`^(it|that creature|that permanent|those creatures|those permanents|they) (?:doesn't|don't) untap during (?:its|their) controller's next untap step$`)
	reFxDiesExile = regexp.MustCompile(`^if (that creature|that creature or planeswalker|a creature dealt damage this way|a permanent dealt damage this way) would die this turn, exile it instead$`)
)

// moreSimple reports the sentences moreEffect carries out.
func moreSimple(s string) bool {
	switch {
	case s == "exile ~", s == "this spell can't be countered", reFxLoot.MatchString(s), reFxExtraTurn.MatchString(s), reFxExileGraveyard.MatchString(s), sacrificeSimple(s), delayedSimple(s), reFxDrawLose.MatchString(s), graveyardSimple(s), reFxPlayerDraws.MatchString(s), reFxPlayerGains.MatchString(s), reFxDiscards.MatchString(s),
		reFxFight.MatchString(s), reFxBite.MatchString(s), reFxThenFight.MatchString(s), reFxDiesExile.MatchString(s), reFxNoUntap.MatchString(s), s == counteredExiled, additionalCostSimple(s):
		return true
	}
	if m := reFxAndGain.FindStringSubmatch(s); m != nil {
		if _, n := effNumber(m[2]); n && simpleEffect(m[1]) {
			return true
		}
	}
	if m := reFxGainForEach.FindStringSubmatch(s); m != nil {
		_, n := effNumber(m[1])
		_, ok := parseFilter(strings.Fields(m[2]))
		return n && ok
	}
	if m := reFxEachDamage.FindStringSubmatch(s); m != nil {
		if _, known := damageRecipients["each "+m[3]+m[4]]; known {
			return false
		}
		_, _, ok := combatFilter(m[3])
		_, n := effNumber(m[2])
		return ok && n
	}
	if m := reFxTargetDamage.FindStringSubmatch(s); m != nil {
		_, _, ok := targetCreatureFilter(m[3])
		_, n := effNumber(m[2])
		return ok && n
	}
	return false
}

// targetCreatureFilter reads "creature with flying", "attacking or
// blocking creature", "tapped creature": the creature a damage spell
// targets, when its kind is one damageRecipients doesn't list.
func targetCreatureFilter(what string) (Filter, int, bool) {
	if _, known := damageRecipients["target "+what]; known {
		return Filter{}, 0, false
	}
	f, q, ok := combatFilter(what)
	if !ok {
		return f, 0, false
	}
	is := func(f Filter) bool { return containsFold(f.Types, "Creature") }
	if len(f.Or) > 0 {
		for _, o := range f.Or {
			if !is(o) {
				return f, 0, false
			}
		}
		return f, q, true
	}
	return f, q, is(f)
}

// Combat qualities of a creature: "attacking", "blocking", "attacking or
// blocking" (506.4: a creature stays attacking or blocking until combat
// ends or it is removed from combat).
const (
	qAttacking = 1 << iota
	qBlocking
)

var reCombatQual = regexp.MustCompile(`^(attacking or blocking|attacking|blocking|unblocked attacking) `)

// combatFilter reads a filter after a combat quality, which Filter doesn't
// hold.
func combatFilter(what string) (Filter, int, bool) {
	q := 0
	if m := reCombatQual.FindStringSubmatch(what); m != nil {
		switch m[1] {
		case "attacking":
			q = qAttacking
		case "blocking":
			q = qBlocking
		case "attacking or blocking":
			q = qAttacking | qBlocking
		default:
			return Filter{}, 0, false
		}
		what = what[len(m[0]):]
	}
	f, ok := parseFilter(strings.Fields(what))
	return f, q, ok
}

// inCombat reports whether o has one of the combat qualities q (any
// object when q is 0).
func (g *game) inCombat(o *Object, q int) bool {
	if q == 0 {
		return true
	}
	if g.combat == nil {
		return false
	}
	if q&qAttacking != 0 && g.combat.find(o) != nil {
		return true
	}
	_, blocking := g.combat.blocking[o]
	return q&qBlocking != 0 && blocking
}

// moreEffect carries out a sentence moreSimple reports; false otherwise.
func (g *game) moreEffect(st *Stmt, it *stackItem, s string) bool {
	line := st.Line
	switch {
	case s == "exile ~":
		if it.src == nil {
			// 608.2n: an instant or sorcery that exiles itself goes to
			// exile instead of its owner's graveyard as it finishes.
			g.selfExile = true
			g.note(line, fmt.Sprintf("%s exiles itself as it resolves, instead of being put into its owner's graveyard", it.srcName), "608.2n")
			return true
		}
		if !it.src.onBF {
			g.note(line, fmt.Sprintf("%s has left the battlefield: \"exile ~\" finds a new object it can't exile", it.srcName), "400.7")
			return true
		}
		s0 := g.current()
		g.note(line, fmt.Sprintf("%s is exiled", it.src.display()), "701.13a")
		g.moveTo(it.src, ZoneExile, line, "exiled")
		g.leftTriggers(s0, []*Object{it.src}, ZoneExile, line)
		g.cached = nil
		return true
	}
	if graveyardSimple(s) {
		return g.fromGraveyard(st, it, s) // graveyard.go
	}
	if reFxExileGraveyard.MatchString(s) {
		return g.exileGraveyard(st, it, s) // graveyard.go
	}
	if m := reFxDrawLose.FindStringSubmatch(s); m != nil {
		n, ok1 := cardsAmount(m[2])
		l, ok2 := effNumber(m[3])
		if !ok1 || !ok2 {
			return false
		}
		for _, p := range g.fxPlayers(st, it, m[1]) {
			g.draw(line, p, n)
			g.lifeChange(line, p, -l, it.srcName)
		}
		return true
	}
	if m := reFxGainForEach.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[1])
		f, ok2 := parseFilter(strings.Fields(m[2]))
		if !ok || !ok2 {
			return false
		}
		s0 := g.current()
		k := 0
		for i, o := range s0.objs {
			if o.onBF && s0.matches(&f, i, it.ctrl, -1) {
				k++
			}
		}
		g.note(line, fmt.Sprintf("%s: %d %s as it resolves (608.2h)", it.srcName, k, m[2]), "608.2h")
		g.lifeChange(line, it.ctrl, n*k, it.srcName)
		return true
	}
	if sacrificeSimple(s) {
		return g.sacrifice(st, it, s) // edict.go
	}
	if delayedSimple(s) {
		return g.delay(st, it, s) // delayed.go
	}
	if m := reFxExtraTurn.FindStringSubmatch(s); m != nil {
		p := it.ctrl
		if m[1] == "target player takes" {
			ps := g.fxPlayers(st, it, "target player")
			if len(ps) == 0 {
				return true
			}
			p = ps[0]
		}
		g.extraTurns = append(g.extraTurns, p)
		g.note(line, fmt.Sprintf("%s an extra turn directly after this one", says(p, "takes")), "500.7")
		return true
	}
	if s == "this spell can't be countered" {
		// It functions while the spell is on the stack (113.6, counter.go);
		// as it resolves it does nothing.
		return true
	}
	if m := reFxLoot.FindStringSubmatch(s); m != nil {
		d, ok1 := cardsAmount(m[1])
		k, ok2 := cardsAmount(m[2])
		if !ok1 || !ok2 {
			return false
		}
		g.draw(line, it.ctrl, d)
		g.discard(line, it.ctrl, k)
		return true
	}
	if m := reFxAndGain.FindStringSubmatch(s); m != nil && simpleEffect(m[1]) {
		n, _ := effNumber(m[2])
		g.effect(st, it, m[1])
		g.lifeChange(line, it.ctrl, n, it.srcName)
		return true
	}
	if m := reFxPlayerDraws.FindStringSubmatch(s); m != nil {
		n, ok := cardsAmount(m[2])
		if !ok {
			return false
		}
		for _, p := range g.fxPlayers(st, it, m[1]) {
			g.draw(line, p, n)
		}
		return true
	}
	if m := reFxPlayerGains.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[2])
		if !ok {
			return false
		}
		for _, p := range g.fxPlayers(st, it, m[1]) {
			g.lifeChange(line, p, n, it.srcName)
		}
		return true
	}
	if m := reFxDiscards.FindStringSubmatch(s); m != nil {
		n, ok := cardsAmount(m[2])
		if !ok {
			return false
		}
		for _, p := range g.fxPlayers(st, it, m[1]) {
			g.discard(line, p, n)
		}
		return true
	}
	if m := reFxEachDamage.FindStringSubmatch(s); m != nil {
		return g.eachDamage(st, it, m)
	}
	if m := reFxTargetDamage.FindStringSubmatch(s); m != nil {
		return g.targetDamage(st, it, m)
	}
	if m := reFxFight.FindStringSubmatch(s); m != nil {
		return g.fight(st, it, m[1], m[2], true)
	}
	if m := reFxBite.FindStringSubmatch(s); m != nil {
		return g.fight(st, it, m[1], m[2], false)
	}
	if m := reFxThenFight.FindStringSubmatch(s); m != nil {
		return g.fight(st, it, "creature", m[1], true)
	}
	if m := reFxDiesExile.FindStringSubmatch(s); m != nil {
		return g.exileIfDies(st, it, m[1])
	}
	if m := reFxNoUntap.FindStringSubmatch(s); m != nil {
		return g.noUntapNext(st, it, m[1])
	}
	if s == counteredExiled {
		return true // counterSpell read it (counter.go)
	}
	if additionalCostSimple(s) {
		return true // paid as the spell was cast (addcost.go)
	}
	return false
}

// counteredExiled is reCounteredExiled's instruction as a sentence.
const counteredExiled = "if that spell is countered this way, exile it instead of putting it into its owner's graveyard"

// noUntapNext keeps the spell's target ("it", "that creature"), or each
// of its targets ("those creatures"), from untapping during its
// controller's next untap step (502.3).
func (g *game) noUntapNext(st *Stmt, it *stackItem, what string) bool {
	refs := it.targets
	if !strings.HasPrefix(what, "those") && what != "they" {
		refs = refs[:min(len(refs), 1)]
	}
	for _, r := range refs {
		if _, isPlayer := parsePlayer(r); isPlayer {
			continue
		}
		o := g.lastKnown(r)
		if o == nil {
			continue
		}
		if !o.onBF {
			g.note(st.Line, fmt.Sprintf("%s is no longer on the battlefield: %q applies to nothing", o.display(), "doesn't untap during its controller's next untap step"), "400.7")
			continue
		}
		o.noUntapNext = true
		g.note(st.Line, fmt.Sprintf("%s: %s doesn't untap during its controller's next untap step", it.srcName, o.display()), "502.3")
	}
	return true
}

// exileIfDies makes "if WHAT would die this turn, exile it instead" a
// replacement effect on each object WHAT names until the turn ends
// (614.1a; it lasts until the cleanup step, 514.2): the spell's target
// ("that creature"), or each creature (or permanent) its damage was dealt
// to as it resolved ("dealt damage this way": damage prevented was not
// dealt, 615.1). It applies however the object would die, not only from
// that damage, and a replaced event never happens (614.6): the object
// doesn't die, and its "dies" abilities don't trigger.
func (g *game) exileIfDies(st *Stmt, it *stackItem, what string) bool {
	var objs []*Object
	if strings.HasPrefix(what, "that ") {
		if len(it.targets) == 0 {
			return false
		}
		if _, isPlayer := parsePlayer(it.targets[0]); isPlayer {
			return true
		}
		o, ok := g.targetObject(st, it)
		if !ok {
			return true
		}
		objs = append(objs, o)
	} else {
		s := g.current()
		for _, o := range g.dealt[min(it.dealtFrom, len(g.dealt)):] {
			i, ok := s.slot[o]
			if !ok || !o.onBF || slices.Contains(objs, o) || strings.HasPrefix(what, "a creature") && !s.ch[i].is("Creature") {
				continue
			}
			objs = append(objs, o)
		}
	}
	for _, o := range objs {
		if !o.onBF {
			g.note(st.Line, fmt.Sprintf("%s is no longer on the battlefield: %q applies to nothing", o.display(), "if it would die this turn, exile it instead"), "400.7")
			continue
		}
		r := &Replacement{Kind: rkZone, To: ZoneExile, Text: "if it would die this turn, it is exiled instead: a replacement effect"}
		tm := &Template{Sentence: "if it would die this turn, exile it instead", Sel: Selector{Kind: selTarget, Noun: "it"}, UntilEOT: true,
			Parts: []Part{{Layer: lRules, Op: opRule, RuleID: r.rule(), RuleText: r.Text, Repl: r}}}
		g.comp.repl = true
		g.addEffect(&Effect{t: tm, srcName: it.srcName, ctrl: it.ctrl, targets: []*Object{o}, line: st.Line})
		g.note(st.Line, fmt.Sprintf("%s: until the turn ends, if %s would die, it is exiled instead", it.srcName, o.display()), "614.1a")
	}
	return true
}

// fxPlayers are the players "target player", "each opponent" name.
func (g *game) fxPlayers(st *Stmt, it *stackItem, who string) []Player {
	switch who {
	case "each player":
		return []Player{g.active, other(g.active)}
	case "each opponent":
		return []Player{other(it.ctrl)}
	}
	if who == "target opponent" && len(it.targets) == 0 {
		return []Player{other(it.ctrl)}
	}
	p, ok := g.targetPlayer(st, it)
	if !ok {
		return nil
	}
	if who == "target opponent" && p == it.ctrl {
		g.errorf(st.Line, "%s targets an opponent: %s can't be its target (115.1)", it.srcName, p)
		return nil
	}
	return []Player{p}
}

// discard: the player chooses the cards (701.9b); the scenario discards
// the cards it has not named first, then the named ones in the order they
// were put in the hand, and says so.
func (g *game) discard(line int, p Player, n int) {
	ps := g.pl(p)
	have := len(ps.zones[ZoneHand]) + ps.handUnknown
	n = min(n, have)
	unnamed := min(n, ps.handUnknown)
	ps.handUnknown -= unnamed
	var named []string
	for i := unnamed; i < n; i++ {
		c := ps.zones[ZoneHand][0]
		ps.zones[ZoneHand] = ps.zones[ZoneHand][1:]
		ps.zones[ZoneGraveyard] = append(ps.zones[ZoneGraveyard], c)
		named = append(named, c.name)
	}
	what := plural(n, "card")
	if len(named) > 0 {
		what += " (" + strings.Join(named, ", ") + ")"
	}
	g.note(line, fmt.Sprintf("%s %s, which that player chooses (cards the scenario has not named first): %s", says(p, "discards"), what, ps.handText()), "701.9b")
}

// eachDamage is "~ deals N damage to each CREATURES [and each player]":
// one event, to the objects found as it resolves (608.2c).
func (g *game) eachDamage(st *Stmt, it *stackItem, m []string) bool {
	n, ok := effNumber(m[2])
	f, q, ok2 := combatFilter(m[3])
	if !ok || !ok2 {
		return false
	}
	s0 := g.current()
	src := g.fxSource(s0, it)
	self := -1
	if i, ok := s0.slot[it.src]; ok && it.src != nil {
		self = i
	}
	var to []dmgTarget
	for i, o := range s0.objs {
		if o.onBF && s0.matches(&f, i, it.ctrl, self) && g.inCombat(o, q) {
			to = append(to, dmgTarget{obj: o})
		}
	}
	if m[4] != "" {
		to = append(to, dmgTarget{player: g.active}, dmgTarget{player: other(g.active)})
	}
	for _, t := range to {
		g.dealDamage(st.Line, s0, src, t, n, false)
	}
	return true
}

func (g *game) fxSource(s0 *state, it *stackItem) dmgSource {
	src := dmgSource{name: it.srcName, ch: it.lki, ctrl: it.ctrl}
	if it.src != nil {
		src = sourceOf(s0, it.src, it.lki)
		src.name = it.srcName
	}
	return src
}

// targetDamage is "~ deals N damage to target CREATURE-KIND", checked
// against its kind as it resolves (608.2b).
func (g *game) targetDamage(st *Stmt, it *stackItem, m []string) bool {
	n, ok := effNumber(m[2])
	f, q, ok2 := targetCreatureFilter(m[3])
	if !ok || !ok2 {
		return false
	}
	o, ok := g.targetObject(st, it)
	if !ok {
		return true
	}
	s0 := g.current()
	if !s0.matches(&f, s0.slot[o], it.ctrl, -1) || !g.inCombat(o, q) {
		g.errorf(st.Line, "%s is not a legal target for %s: it targets %s (115.1, 608.2b)", o.display(), it.srcName, "target "+m[3])
		return true
	}
	g.dealDamage(st.Line, s0, g.fxSource(s0, it), dmgTarget{obj: o}, n, false)
	return true
}

// fight is 701.14a: each of two creatures deals damage equal to its power
// to the other (both = false: only the first deals damage, "deals damage
// equal to its power to"). 701.14b: if either is no longer on the
// battlefield or no longer a creature, no damage is dealt; 701.14c: a
// creature that fights itself deals damage to itself twice.
func (g *game) fight(st *Stmt, it *stackItem, k1, k2 string, both bool) bool {
	if len(it.targets) < 2 {
		g.errorf(st.Line, "%s has two targets: write \"targeting REF and REF\"", it.srcName)
		return true
	}
	a, ok1 := g.ref(st.Line, it.targets[0])
	b, ok2 := g.ref(st.Line, it.targets[1])
	if !ok1 || !ok2 {
		return true
	}
	s0 := g.current()
	ia, ib := s0.slot[a], s0.slot[b]
	ca, cb := s0.ch[ia], s0.ch[ib]
	if !ca.is("Creature") || !cb.is("Creature") {
		g.note(st.Line, fmt.Sprintf("%s: one of them is not a creature, so no damage is dealt", it.srcName), "701.14b")
		return true
	}
	if strings.HasSuffix(k1, "you control") && ca.Controller != it.ctrl {
		g.errorf(st.Line, "%s is not a legal target: the first target is a creature you control (115.1)", a.display())
		return true
	}
	if k2 != "creature" && cb.Controller == it.ctrl {
		g.errorf(st.Line, "%s is not a legal target: the second target is a creature you don't control (115.1)", b.display())
		return true
	}
	rule := "701.14a"
	if !both {
		rule = "120.3"
	}
	g.note(st.Line, fmt.Sprintf("%s: %s deals damage equal to its power (%d) to %s", it.srcName, a.display(), max(ca.P, 0), b.display()), rule)
	g.dealDamage(st.Line, s0, sourceOf(s0, a, nil), dmgTarget{obj: b}, ca.P, false)
	if both {
		g.note(st.Line, fmt.Sprintf("%s: %s deals damage equal to its power (%d) to %s", it.srcName, b.display(), max(cb.P, 0), a.display()), rule)
		g.dealDamage(st.Line, s0, sourceOf(s0, b, nil), dmgTarget{obj: a}, cb.P, false)
	}
	return true
}

// takeExtraTurn begins the most recently given extra turn, if any (500.7).
func (g *game) takeExtraTurn(line int) bool {
	n := len(g.extraTurns)
	if n == 0 {
		return false
	}
	g.active = g.extraTurns[n-1]
	g.extraTurns = g.extraTurns[:n-1]
	g.note(line, fmt.Sprintf("%s an extra turn", says(g.active, "takes")), "500.7")
	return true
}

// cardsAmount reads "a card" or "N cards" of a draw or discard.
func cardsAmount(s string) (int, bool) {
	if s == "a card" {
		return 1, true
	}
	return effNumber(strings.TrimSuffix(s, " cards"))
}
