package engine

// Damage (120): what a damage event does to a player, a creature, a
// planeswalker or a battle, and the keywords that change it (deathtouch,
// lifelink, infect, wither, protection).

import "fmt"

// dmgSource is what deals damage: an object's characteristics now, or as
// it last existed on the battlefield (608.2h), or nothing known.
type dmgSource struct {
	name string
	ch   *Chars // nil: no characteristics known (a "takes N damage" statement)
	ctrl Player
	obj  *Object
}

func (d dmgSource) has(kw string) bool { return d.ch != nil && d.ch.hasKeyword(kw) }

// sourceOf is an object as a source of damage, with its characteristics in
// s (or the last ones known if it has left the battlefield).
func sourceOf(s *state, o *Object, lki *Chars) dmgSource {
	d := dmgSource{name: o.display(), obj: o, ctrl: o.ctrl}
	if i, ok := s.slot[o]; ok {
		d.ch = s.ch[i]
		d.ctrl = s.ch[i].Controller
	} else if lki != nil {
		d.ch = lki
		d.ctrl = lki.Controller
	}
	return d
}

// dmgTarget is what receives damage: a permanent or a player.
type dmgTarget struct {
	obj    *Object // nil for a player
	player Player
}

func (t dmgTarget) String() string {
	if t.obj != nil {
		return t.obj.display()
	}
	return t.player.String()
}

// dealDamage processes n damage from src to t into its results (120.3,
// 120.4) and returns the damage dealt (0 when it is prevented or cannot be
// dealt). s must hold the current characteristics of t.
func (g *game) dealDamage(line int, s *state, src dmgSource, t dmgTarget, n int, combat bool) int {
	if n <= 0 {
		return 0
	}
	g.clean = false
	kind := "damage"
	if combat {
		kind = "combat damage"
	}
	// 120.4b: damage is dealt as modified by replacement and prevention
	// effects (614, 615).
	n, unpreventable := g.replaceDamage(line, s, src, &t, n, combat)
	if n <= 0 {
		return 0
	}
	if t.obj != nil {
		i, ok := s.slot[t.obj]
		if !ok || !t.obj.onBF {
			return 0
		}
		c := s.ch[i]
		if !c.is("Creature") && !c.is("Planeswalker") && !c.is("Battle") {
			g.note(line, fmt.Sprintf("%s can't be dealt damage: it is not a battle, a creature or a planeswalker", t), "120.1a")
			return 0
		}
		if src.ch != nil && !unpreventable {
			if prot := protectedFrom(c, src.ch); prot != "" {
				g.note(line, fmt.Sprintf("%d %s that %s would deal to %s is prevented: it has %s", n, kind, src.name, t, prot), "702.16e")
				return 0
			}
		}
		g.dealt = append(g.dealt, t.obj)
		if src.obj != nil {
			if t.obj.damagedBy == nil {
				t.obj.damagedBy = map[*Object]bool{}
			}
			t.obj.damagedBy[src.obj] = true
		}
		if c.is("Creature") {
			switch {
			case src.has("infect"):
				g.putCounters(t.obj, "-1/-1", n)
				g.note(line, fmt.Sprintf("%s deals %d %s to %s: it has infect, so %s put on it instead of marking damage", src.name, n, kind, t, areOrIs(countersOf(n, "-1/-1"), n)), "702.90c")
			case src.has("wither"):
				g.putCounters(t.obj, "-1/-1", n)
				g.note(line, fmt.Sprintf("%s deals %d %s to %s: it has wither, so %s put on it instead of marking damage", src.name, n, kind, t, areOrIs(countersOf(n, "-1/-1"), n)), "702.80a")
			default:
				t.obj.damage += n
				t.obj.dmgNoted = false
				g.note(line, fmt.Sprintf("%s deals %d %s to %s: %d damage marked on it (toughness %s)", src.name, n, kind, t, t.obj.damage, ptText(c.T, c.TUnknown)), "120.3e")
			}
			if src.has("deathtouch") {
				t.obj.deathtouched = true
				g.note(line, fmt.Sprintf("%s has deathtouch: %s has been dealt damage by a source with deathtouch", src.name, t), "702.2b")
			}
		}
		if c.is("Planeswalker") {
			left := max(t.obj.counters["loyalty"]-n, 0)
			g.setCounters(t.obj, "loyalty", left)
			t.obj.pw = true
			g.note(line, fmt.Sprintf("%s deals %d %s to %s: %s removed, %d left", src.name, n, kind, t, countersOf(n, "loyalty"), left), "120.3c")
		}
		if c.is("Battle") {
			left := max(t.obj.counters["defense"]-n, 0)
			g.setCounters(t.obj, "defense", left)
			g.note(line, fmt.Sprintf("%s deals %d %s to %s: %s removed, %d left", src.name, n, kind, t, countersOf(n, "defense"), left), "120.3h")
		}
	} else {
		ps := g.pl(t.player)
		if src.has("infect") {
			ps.poison += n
			g.note(line, fmt.Sprintf("%s deals %d %s to %s: it has infect, so %s %s instead of losing life (%d in all)", src.name, n, kind, t, says(t.player, "gets"), countersOf(n, "poison"), ps.poison), "702.90b")
		} else {
			loss := g.lifeFloor(line, s, t.player, n)
			ps.life -= loss
			g.note(line, fmt.Sprintf("%s deals %d %s to %s: %s %d life (%d life)", src.name, n, kind, t, says(t.player, "loses"), loss, ps.life), "120.3a")
		}
		if combat && src.ch != nil {
			if tox := toxicValue(src.ch); tox > 0 {
				ps.poison += tox
				g.note(line, fmt.Sprintf("%s has toxic %d: %s %s (%d in all)", src.name, tox, says(t.player, "gets"), countersOf(tox, "poison"), ps.poison), "120.3g")
			}
		}
	}
	if g.lifelinkBatch == nil && src.obj != nil && g.mayTrigger() {
		// A noncombat damage event (combat damage fires in damageStep, once
		// per source for the whole step): "whenever ~ deals damage" (120.4b).
		if t.obj == nil {
			p := t.player
			g.fire(s, tDealsDamagePlayer, src.obj, &p, line)
		} else {
			g.fire(s, tDealsDamage, src.obj, nil, line)
		}
	}
	if src.has("lifelink") {
		if g.lifelinkBatch != nil {
			// Damage dealt at once: the source causes one life gain
			// (119.9), given when the event is complete.
			k := lifelinkKey{src.name, src.ctrl}
			if _, ok := g.lifelinkBatch[k]; !ok {
				g.lifelinkOrder = append(g.lifelinkOrder, k)
			}
			g.lifelinkBatch[k] += n
		} else {
			g.lifeChange(line, src.ctrl, n, fmt.Sprintf("lifelink of %s, 702.15b", src.name))
		}
	}
	g.cached = nil
	return n
}

// lifelinkKey is a source of lifelink damage in one damage event.
type lifelinkKey struct {
	name string
	ctrl Player
}

// batchLifelink makes the damage dealt until flushLifelink one event for
// lifelink: each source's controller gains the total once.
func (g *game) batchLifelink() {
	g.lifelinkBatch, g.lifelinkOrder = map[lifelinkKey]int{}, nil
	g.dmgEvent++
}

func (g *game) flushLifelink(line int) {
	batch, order := g.lifelinkBatch, g.lifelinkOrder
	g.lifelinkBatch, g.lifelinkOrder = nil, nil
	for _, k := range order {
		g.lifeChange(line, k.ctrl, batch[k], fmt.Sprintf("lifelink of %s, 702.15b", k.name))
	}
}

// toxicValue is a creature's total toxic value (702.164).
func toxicValue(c *Chars) int {
	n := 0
	for _, ai := range c.Abilities {
		var v int
		if _, err := fmt.Sscanf(ai.a.Keyword, "toxic %d", &v); err == nil {
			n += v
		}
	}
	return n
}

// setCounters sets the number of counters of a kind on an object.
func (g *game) setCounters(o *Object, kind string, n int) {
	if n <= 0 {
		delete(o.counters, kind)
		return
	}
	o.counters[kind] = n
	o.counterTS[kind] = g.ts
}

func ptText(v int, unknown bool) string {
	if unknown {
		return "unknown"
	}
	return fmt.Sprint(v)
}

// lethalDamage is the damage that is lethal to the creature in slot i
// given what is already marked and already assigned in this step (702.19b,
// 120.6): any nonzero damage from a source with deathtouch is lethal
// (702.2c).
func lethalDamage(s *state, i int, assigned int, deathtouch bool) int {
	o := s.objs[i]
	left := max(s.ch[i].T-o.damage-assigned, 0)
	if deathtouch {
		return min(left, 1)
	}
	return left
}
