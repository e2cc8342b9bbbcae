package engine

// Regeneration (701.19, 614.8): "Regenerate [permanent]" creates a
// replacement effect, a regeneration shield, that protects the permanent
// the next time it would be destroyed this turn: instead all damage marked
// on it is removed, its controller taps it, and if it is attacking or
// blocking it is removed from combat (701.19a). It replaces destruction
// only: by an effect that says "destroy" or by the state-based actions for
// lethal damage and deathtouch damage (701.8b, 704.5g, 704.5h), never a
// creature put into the graveyard for toughness 0 or less (704.5f) or
// sacrificed. "It can't be regenerated" stops shields from being applied
// (701.19c). Shields that are not used end in the cleanup step with the
// other "this turn" effects (514.2).

import "fmt"

// actRegenerate is the action of "Regenerate ~" and "Regenerate target
// creature": a regeneration shield on the object (701.19a).
const actRegenerate actionKind = 1000

// addShield gives a permanent a regeneration shield until end of turn.
func (g *game) addShield(line int, o *Object) {
	if g.shields == nil {
		g.shields = map[*Object]int{}
	}
	g.shields[o]++
	g.note(line, fmt.Sprintf("%s gets a regeneration shield (%d): the next time it would be destroyed this turn, instead all damage is removed from it, it is tapped and removed from combat", o.display(), g.shields[o]), "701.19a")
}

// destructionRegenerated replaces the destruction of o by regeneration,
// if anything regenerates it: a static "If ~ would be destroyed,
// regenerate it" (701.19b; its controller applies it rather than use up a
// shield, 616.1), else a shield; neither when it can't be regenerated
// (701.19c).
func (g *game) destructionRegenerated(line int, s *state, o *Object, noRegen bool) bool {
	if !noRegen && g.regenerates(line, s, o) {
		return true
	}
	return g.regenerated(line, o, noRegen)
}

// regenerated applies a regeneration shield of o in place of its
// destruction; false when o has none or it can't be regenerated (then o
// is destroyed and keeps its shields, 701.19c).
func (g *game) regenerated(line int, o *Object, noRegen bool) bool {
	if g.shields[o] == 0 || !o.onBF {
		return false
	}
	if noRegen {
		g.note(line, fmt.Sprintf("%s has a regeneration shield, but it can't be regenerated: the shield isn't applied", o.display()), "701.19c")
		return false
	}
	g.shields[o]--
	if g.shields[o] == 0 {
		delete(g.shields, o)
	}
	o.damage, o.dmgNoted, o.deathtouched = 0, false, false
	o.tapped = true
	what := "all damage marked on it is removed and it is tapped"
	if g.leaveCombat(o) {
		what += ", and it is removed from combat (506.4)"
	}
	g.note(line, fmt.Sprintf("%s would be destroyed; it regenerates instead: %s", o.display(), what), "701.19a")
	g.clean = false
	g.cached = nil
	return true
}

// leaveCombat removes an attacking or blocking creature from combat
// (506.4); it reports whether it was in combat.
func (g *game) leaveCombat(o *Object) bool {
	c := g.combat
	if c == nil {
		return false
	}
	if _, ok := c.blocking[o]; ok {
		delete(c.blocking, o)
		return true
	}
	for i, a := range c.attackers {
		if a.o == o {
			c.attackers = append(c.attackers[:i:i], c.attackers[i+1:]...)
			return true
		}
	}
	return false
}

// endShields ends the regeneration shields not used this turn (514.2).
func (g *game) endShields(line int) {
	n := 0
	for o, k := range g.shields {
		if o.onBF {
			n += k
		}
	}
	if n > 0 {
		g.note(line, fmt.Sprintf("%s not used this turn end", plural(n, "regeneration shield")), "514.2")
	}
	g.shields = nil
}
