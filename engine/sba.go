package engine

// State-based actions (704): checked whenever a player would receive
// priority, performed simultaneously as a single event, and checked again
// until none applies; then triggered abilities go on the stack (704.3,
// 117.5, 603.3b). The scenario gives a player priority after every
// statement that changes the game.

import (
	"fmt"
	"sort"
)

// settle runs after every statement that changes the game: it notes control
// changes (302.6), performs state-based actions until none applies (704.3),
// then puts the abilities that triggered on the stack (603.3b) and checks
// again, computing only the layers those need.
func (g *game) settle(line int) {
	for round := 0; round < 20 && !g.cancelled(); round++ {
		acted := g.annihilateCounters(line)
		if g.playerActions(line) {
			acted = true
		}
		if g.tokensCease(line) {
			acted = true
		}
		attached := false
		for _, o := range g.objs {
			if o.onBF && (o.attachedTo != nil || containsFold(o.def.Subtypes, "Aura")) {
				attached = true
				break
			}
		}
		lowers := g.mayLowerToughness()
		marked := g.needsFullCheck()
		if g.clean && !acted {
			// Nothing a permanent's state-based action reads has changed
			// since the last check found none (players' and tokens' were
			// checked above).
			lowers, marked, attached = false, false, false
		}
		// Control needs layer 2; attachment legality needs types, subtypes
		// and control (layer 4), colors and protection (layers 5 and 6);
		// toughness, damage, loyalty and the legend rule need every layer.
		var s *state
		switch {
		case lowers, attached, marked:
			s = g.current()
		case g.tracking:
			s = g.computeTo(L2, false)
		}
		if s != nil {
			if g.tracking {
				g.trackControl(s)
			}
			if g.stateBased(s, lowers, marked, line) {
				acted = true
			}
		}
		if !acted {
			g.clean = true
		}
		if acted {
			g.cached = nil
			continue
		}
		if len(g.pending) > 0 {
			g.stackPending(line)
			g.cached = nil
			continue
		}
		return
	}
}

// needsFullCheck reports whether a state-based action other than 704.5f
// may apply to a permanent: one with damage marked on it or dealt damage
// by a source with deathtouch, a planeswalker whose loyalty the scenario
// tracks, or two legendary permanents with the same printed name.
func (g *game) needsFullCheck() bool {
	if len(g.texts) > 0 {
		return true // a changed name or text (612) may bring two legends together
	}
	legend := map[string]bool{}
	for _, o := range g.objs {
		if !o.onBF {
			continue
		}
		if o.damage > 0 || o.deathtouched || o.pw {
			return true
		}
		if containsFold(o.def.Supertypes, "Legendary") {
			if legend[o.name] {
				return true
			}
			legend[o.name] = true
		}
	}
	for _, cp := range g.copies {
		if !cp.ended && cp.target.onBF && containsFold(cp.values.Supertypes, "Legendary") {
			return true
		}
	}
	return false
}

// playerActions are 704.5a, 704.5b and 704.5c: a player with 0 or less
// life, who attempted to draw from an empty library, or with ten or more
// poison counters loses the game.
func (g *game) playerActions(line int) bool {
	acted := false
	for _, p := range []Player{You, Opponent} {
		ps := g.players[p]
		if ps == nil || ps.lost != "" {
			continue
		}
		switch {
		case ps.life <= 0:
			ps.lost, ps.lostWhy = "704.5a", fmt.Sprintf("%d life", ps.life)
		case ps.drewEmpty:
			ps.lost, ps.lostWhy = "704.5b", "attempted to draw a card from an empty library"
		case ps.poison >= 10:
			ps.lost, ps.lostWhy = "704.5c", fmt.Sprintf("%d poison counters", ps.poison)
		default:
			continue
		}
		g.note(line, fmt.Sprintf("%s the game: %s", says(p, "loses"), ps.lostWhy), ps.lost)
		acted = true
	}
	return acted
}

// tokensCease is 704.5d: a token in a zone other than the battlefield
// ceases to exist.
func (g *game) tokensCease(line int) bool {
	acted := false
	for _, ps := range g.players {
		if ps == nil {
			continue
		}
		for z := ZoneGraveyard; z < nZones; z++ {
			keep := ps.zones[z][:0]
			for _, c := range ps.zones[z] {
				if c.token {
					g.note(line, fmt.Sprintf("%s is a token in the %s and ceases to exist", c.name, z), "704.5d")
					acted = true
					continue
				}
				keep = append(keep, c)
			}
			ps.zones[z] = keep
		}
	}
	return acted
}

// sbAction is one state-based action found in a check.
type sbAction struct {
	o         *Object
	unattach  bool
	rule, txt string
}

// stateBased checks the state-based actions of permanents on a computed
// state and performs all that apply at once (704.3): a creature with
// toughness 0 or less is put into its owner's graveyard (704.5f, checked
// when lowers says toughness may be 0), a creature with lethal damage or
// damage from a source with deathtouch is destroyed unless it has
// indestructible (704.5g, 704.5h, 702.12b), a planeswalker with 0 loyalty
// is put into its owner's graveyard (704.5i), the legend rule (704.5j), an
// Aura attached illegally goes to the graveyard (704.5m, 303.4c, 303.4d),
// an Equipment attached illegally becomes unattached (704.5n, 301.5c).
// +1/+1 and -1/-1 counters annihilate (704.5q) in annihilateCounters.
func (g *game) stateBased(s *state, lowers, marked bool, line int) bool {
	var acts []sbAction
	add := func(o *Object, rule, txt string) { acts = append(acts, sbAction{o: o, rule: rule, txt: txt}) }
	for i, o := range s.objs {
		if !o.onBF {
			continue
		}
		c := s.ch[i]
		creature := c.is("Creature")
		if lowers && creature && c.T <= 0 && !c.TUnknown {
			add(o, "704.5f", fmt.Sprintf("%s has toughness %d and is put into its owner's graveyard", o.display(), c.T))
			continue
		}
		if marked && creature && c.T > 0 && !c.TUnknown && (o.damage >= c.T || o.deathtouched) {
			rule, why := "704.5g", fmt.Sprintf("%d damage marked on it and toughness %d: lethal damage", o.damage, c.T)
			if !c.PUnknown {
				why = fmt.Sprintf("it is %d/%d with %d damage marked on it: lethal damage", c.P, c.T, o.damage)
			}
			if o.damage < c.T {
				rule, why = "704.5h", "it was dealt damage by a source with deathtouch since the last check"
			}
			if c.hasKeyword("indestructible") {
				if !o.dmgNoted {
					o.dmgNoted = true
					g.note(line, fmt.Sprintf("%s has %s, but it has indestructible and isn't destroyed", o.display(), why), "702.12b")
				}
			} else if !g.destructionRegenerated(line, s, o, false) {
				add(o, rule, fmt.Sprintf("%s is destroyed: %s", o.display(), why))
				continue
			}
		}
		if marked && c.is("Planeswalker") && o.pw && o.counters["loyalty"] <= 0 {
			add(o, "704.5i", fmt.Sprintf("%s is a planeswalker with 0 loyalty and is put into its owner's graveyard", o.display()))
			continue
		}
		if o.attachedTo == nil && c.is("Enchantment") && containsFold(c.Subtypes, "Aura") {
			add(o, "704.5m", fmt.Sprintf("%s is an Aura attached to nothing and is put into its owner's graveyard (use \"attached to REF\")", o.display()))
			continue
		}
		if o.attachedTo == nil || !o.attachedTo.onBF {
			continue
		}
		t := s.ch[s.slot[o.attachedTo]]
		switch {
		case c.is("Enchantment") && containsFold(c.Subtypes, "Aura"):
			if prot := protectedFrom(s.withoutSparing(t, o), c); prot != "" {
				add(o, "704.5m", fmt.Sprintf("%s is attached to %s, which has %s, and is put into its owner's graveyard (702.16c)", o.display(), o.attachedTo.display(), prot))
				continue
			}
			if c.is("Creature") || !s.canEnchant(c, s.slot[o.attachedTo], o.attachedTo == o) {
				add(o, "704.5m", fmt.Sprintf("%s is attached to an illegal object and is put into its owner's graveyard", o.display()))
			}
		case containsFold(c.Subtypes, "Equipment"):
			if prot := protectedFrom(t, c); prot != "" {
				acts = append(acts, sbAction{o: o, unattach: true, rule: "704.5n", txt: fmt.Sprintf("%s becomes unattached: %s has %s (702.16d)", o.display(), o.attachedTo.display(), prot)})
				continue
			}
			if c.is("Creature") || !t.is("Creature") {
				acts = append(acts, sbAction{o: o, unattach: true, rule: "704.5n", txt: fmt.Sprintf("%s becomes unattached: an Equipment that's also a creature can't equip, and it can equip only a creature (301.5c)", o.display())})
			}
		case containsFold(c.Subtypes, "Fortification"):
		default:
			acts = append(acts, sbAction{o: o, unattach: true, rule: "303.4h", txt: fmt.Sprintf("%s is not an Aura, Equipment or Fortification and can't be attached; it is unattached", o.display())})
		}
	}
	if marked {
		acts = append(acts, g.legendRule(s)...)
	}
	for _, o := range s.objs {
		o.deathtouched = false // 702.2b: "since the last time state-based actions were checked"
	}
	if len(acts) == 0 {
		return false
	}
	// 704.3: all at once, as a single event.
	var moved []*Object
	done := map[*Object]bool{}
	for _, a := range acts {
		if done[a.o] {
			continue
		}
		done[a.o] = true
		g.note(line, a.txt, a.rule)
		if a.unattach {
			a.o.attachedTo = nil
			continue
		}
		moved = append(moved, a.o)
	}
	for _, o := range moved {
		if o.onBF {
			g.moveTo(o, ZoneGraveyard, line, "put into the graveyard by a state-based action")
		}
	}
	g.leftTriggers(s, moved, ZoneGraveyard, line)
	return true
}

// legendRule is 704.5j: of two or more legendary permanents with the same
// name controlled by one player, that player chooses one to keep; the
// scenario keeps the one that came under their control last and says so.
func (g *game) legendRule(s *state) []sbAction {
	type key struct {
		p    Player
		name string
	}
	groups := map[key][]int{}
	var keys []key
	for i, o := range s.objs {
		c := s.ch[i]
		if !o.onBF || !containsFold(c.Supertypes, "Legendary") || c.Name == "" {
			continue
		}
		k := key{c.Controller, c.Name}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	var out []sbAction
	for _, k := range keys {
		is := groups[k]
		if len(is) < 2 {
			continue
		}
		sort.Slice(is, func(a, b int) bool { return s.objs[is[a]].id < s.objs[is[b]].id })
		keep := s.objs[is[len(is)-1]]
		for _, i := range is[:len(is)-1] {
			out = append(out, sbAction{o: s.objs[i], rule: "704.5j", txt: fmt.Sprintf("legend rule: %s two or more legendary permanents named %s and chooses one to keep (here the newest, %s); %s is put into its owner's graveyard", says(k.p, "controls"), k.name, keep.display(), s.objs[i].display())})
		}
	}
	return out
}
