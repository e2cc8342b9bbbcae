package engine

// Replacement and prevention effects of static abilities and resolved
// effects (614, 615), applied where the engine makes the event happen:
// damage (120.4b: damage is dealt as modified by them) in dealDamage, and
// a permanent being put into a graveyard in moveTo. Each compiles to an
// opRule part (it applies to the objects its selector names: the object
// dealt the damage, the one dealing it, or the one that would be put into
// a graveyard) or an opPlayer part (it applies to the players it names),
// with the event it watches for in Part.Repl. A replaced event never
// happens (614.6, 615.6): a creature exiled instead of being put into a
// graveyard didn't die (700.4), prevented damage has no results (no
// lifelink, no deathtouch, no "deals damage" trigger).

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// replKind is what a replacement or prevention effect does.
type replKind int

const (
	rkPrevent       replKind = iota + 1 // prevents damage (615.1a)
	rkUnpreventable                     // damage can't be prevented (615.12)
	rkDamageMod                         // the damage dealt is doubled, tripled or increased (614.1a)
	rkZone                              // put elsewhere instead of into a graveyard (614.1a, 614.6)
	rkCounters                          // more or fewer counters are put instead (614.1a, 614.16)
	rkRedirect                          // damage is dealt to another object or player instead (614.9)
	rkLifeFloor                         // damage reduces a life total to no less than N (614.1a)
	rkRegenerate                        // destruction is replaced by regeneration (701.19b, 614.8)
)

// Sides of a damage event the affected object (or player) is on.
const (
	roleTo  = 1 // it is dealt the damage
	roleBy  = 2 // it deals the damage
	roleAny = 4 // the effect names the event by its filters only (the affected object is the effect's source)
)

// Replacement is the event a replacement or prevention effect watches
// for and what it does to it.
type Replacement struct {
	Kind replKind
	Role int
	// Combat: 0 any damage, 1 combat damage only, 2 noncombat damage only.
	Combat int
	// Amount: rkPrevent prevents this much of the damage (615.7 wording
	// "prevent N of that damage"); 0 prevents all of it.
	Amount int
	// AtMost: only damage of this amount or less ("3 or less damage").
	AtMost int
	// Src: the source must match ("by creatures", "a red source", "a
	// source an opponent controls"); nil: any source.
	Src *Filter
	// SrcBlocked: the source is a creature the affected object is
	// blocking ("by creatures it's blocking"); SrcBlocking: a creature
	// blocking it ("by creatures blocking it").
	SrcBlocked, SrcBlocking bool
	// SrcSpell: the source is an instant or sorcery spell (120.2b: a
	// resolving spell deals its damage).
	SrcSpell bool
	// WhileCounter: only while the affected object has a counter of this
	// kind on it.
	WhileCounter string
	// Then: what else happens when the effect applies (615.6: a modified
	// event may occur instead).
	Then []replThen
	// Shield: rkPrevent is a shield of this much damage for each object
	// or player it applies to (615.7, 615.11).
	Shield int
	// HalfUp: rkPrevent prevents half the damage, rounded up; AllBut:
	// it prevents all but this much.
	HalfUp bool
	AllBut int
	// rkDamageMod: the damage becomes Mult times it, plus Plus (Plus may
	// be negative: "that much damage minus 1"); HalfDown: half of it,
	// rounded down; Cap: at most this much ("3 or more damage … deals 3
	// damage instead", with AtLeast).
	Mult, Plus, Cap, AtLeast int
	HalfDown                 bool
	// roleAny (or Recip): the recipients the event must have: players (1
	// the effect's controller, 2 opponents, 3 any) and permanents (nil:
	// none).
	Recip        bool
	RecipPlayers int
	RecipPerms   *Filter
	// rkZone: where it goes instead of a graveyard, and where in a
	// library ("top", "bottom", "shuffle").
	To    Zone
	Where string
	// Owner: whose graveyard: 1 the effect's controller's, 2 an
	// opponent's (0 any).
	Owner int
	// Anywhere: it also applies to cards put into a graveyard from
	// another zone than the battlefield ("from anywhere"): a spell that
	// resolves (608.2n) or is countered, a discarded card; CardF is what
	// such a card must be.
	Anywhere bool
	CardF    *Filter
	// DamagedBy: only a creature dealt damage this turn by the effect's
	// source (1) or by the object the source is attached to (2).
	DamagedBy int
	// rkCounters: counters of this kind ("" any) become CMult times as
	// many, plus CPlus (negative: "minus one").
	Counter      string
	CMult, CPlus int
	// rkRedirect: where the damage goes instead: 1 the effect's source,
	// 2 the object the source is attached to, 3 the affected object's
	// controller. SrcUnblocked: only damage from unblocked attacking
	// creatures.
	RedirTo      int
	SrcUnblocked bool
	// Replace: rkPrevent's damage is replaced by its additional effects
	// ("put that many +1/+1 counters on it instead", 614.1a), not
	// prevented, so "can't be prevented" doesn't stop it.
	Replace bool
	// Attacking: the affected object must be an attacking creature;
	// YourTurn: only during its controller's turn.
	Attacking, YourTurn bool
	// Floor: rkLifeFloor's life total.
	Floor int
	// Text says what it does, for answers.
	Text string
}

// replThen is an additional effect of a prevention effect, once per
// damage event ("Remove a +1/+1 counter from ~": the rulings of Phantom
// Flock say one counter however many sources deal damage at once).
type replThen struct {
	counter string
	n       int  // how many; -1: as many as the damage ("that many")
	remove  bool // remove them (else put them)
	// perUnit: "for each 1 damage prevented this way": none when the
	// damage couldn't be prevented (615.12).
	perUnit bool
	// onSource: on the effect's source (~), not on the object dealt the
	// damage; onRecipient: on the object dealt the damage when the
	// effect is on its source ("put that many -1/-1 counters on that
	// creature instead").
	onSource, onRecipient bool
	// gain: its controller gains that much life; draw: the source's
	// controller draws that many cards.
	gain, draw bool
}

// replRule is the rule a replacement kind is defined by.
func (r *Replacement) rule() string {
	switch r.Kind {
	case rkPrevent:
		return "615.1a"
	case rkUnpreventable:
		return "615.12"
	}
	return "614.1a"
}

// replHit is one effect that applies to one event.
type replHit struct {
	e    *Effect
	r    *Replacement
	slot int    // the affected object's slot (-1: a player)
	who  string // the affected object or player, for messages
}

// replacementsOn lists the replacement effects of opRule parts on the
// object in slot i (or every slot when i < 0), in timestamp order.
func (s *state) replacementsOn(i int, kind replKind) []replHit {
	var out []replHit
	seen := map[string]bool{}
	for _, r := range s.restrict {
		if r.op != opRule || (i >= 0 && r.slot != i) {
			continue
		}
		for k := range r.e.t.Parts {
			p := &r.e.t.Parts[k]
			if p.Op != opRule || p.Repl == nil || p.Repl.Kind != kind {
				continue
			}
			key := fmt.Sprintf("%s/%d/%d", r.e.key, r.slot, k)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, replHit{e: r.e, r: p.Repl, slot: r.slot, who: s.objs[r.slot].display()})
		}
	}
	sortHits(out)
	return out
}

func (s *state) slotOf(o *Object) (int, bool) {
	if s == nil {
		return 0, false
	}
	i, ok := s.slot[o]
	return i, ok
}

func sortHits(hs []replHit) {
	sort.SliceStable(hs, func(a, b int) bool {
		if hs[a].e.ts != hs[b].e.ts {
			return hs[a].e.ts < hs[b].e.ts
		}
		return hs[a].e.sub < hs[b].e.sub
	})
}

// srcMatches reports whether a damage source matches a filter for an
// effect controlled by you: by its current characteristics when it is on
// the battlefield, else by what is known of it.
func (s *state) srcMatches(f *Filter, src dmgSource, you Player, self int) bool {
	if f == nil {
		return true
	}
	if src.obj != nil {
		if i, ok := s.slot[src.obj]; ok && src.obj.onBF {
			return s.matches(f, i, you, self)
		}
	}
	if f.Control == 1 && src.ctrl != you || f.Control == 2 && src.ctrl == you {
		return false
	}
	if src.ch == nil {
		return len(f.Types) == 0 && len(f.Colors) == 0 && len(f.Subtypes) == 0 && len(f.Or) == 0
	}
	for _, t := range f.Types {
		if !src.ch.is(t) {
			return false
		}
	}
	if len(f.Colors) > 0 {
		ok := false
		for _, c := range f.Colors {
			ok = ok || containsFold(src.ch.Colors, c)
		}
		if !ok {
			return false
		}
	}
	return true
}

// appliesTo reports whether a damage effect applies to this event.
func (s *state) dmgApplies(h replHit, src dmgSource, t dmgTarget, n int, combat bool) bool {
	r := h.r
	if r.Combat == 1 && !combat || r.Combat == 2 && combat {
		return false
	}
	if r.AtMost > 0 && n > r.AtMost || r.AtLeast > 0 && n < r.AtLeast {
		return false
	}
	you := h.e.ctrlNow(s)
	self := -1
	if h.e.src != nil {
		if i, ok := s.slot[h.e.src]; ok {
			self = i
		}
	}
	if r.SrcSpell && (src.obj != nil || src.ch == nil || !src.ch.is("Instant") && !src.ch.is("Sorcery")) {
		return false
	}
	if !s.srcMatches(r.Src, src, you, self) {
		return false
	}
	if r.SrcBlocking {
		c := s.g.combat
		if h.slot < 0 || c == nil || src.obj == nil {
			return false
		}
		a := c.blocking[src.obj]
		if a == nil || a.o != s.objs[h.slot] {
			return false
		}
	}
	if r.YourTurn && s.g.active != you {
		return false
	}
	if r.Attacking {
		c := s.g.combat
		if h.slot < 0 || c == nil {
			return false
		}
		attacking := false
		for _, a := range c.attackers {
			attacking = attacking || a.o == s.objs[h.slot]
		}
		if !attacking {
			return false
		}
	}
	if r.WhileCounter != "" && (h.slot < 0 || s.objs[h.slot].counters[r.WhileCounter] <= 0) {
		return false
	}
	if r.SrcUnblocked {
		c := s.g.combat
		if c == nil || src.obj == nil {
			return false
		}
		unblocked := false
		for _, a := range c.attackers {
			if a.o == src.obj && !a.blocked {
				unblocked = true
			}
		}
		if !unblocked {
			return false
		}
	}
	if r.SrcBlocked {
		c := s.g.combat
		if h.slot < 0 || c == nil || src.obj == nil {
			return false
		}
		a := c.blocking[s.objs[h.slot]]
		if a == nil || a.o != src.obj {
			return false
		}
	}
	if r.Role == roleAny || r.Recip {
		if t.obj == nil {
			p := r.RecipPlayers
			return p == 3 || p == 1 && t.player == you || p == 2 && t.player != you
		}
		i, ok := s.slot[t.obj]
		return ok && r.RecipPerms != nil && s.matches(r.RecipPerms, i, you, self)
	}
	return true
}

// damageHits lists the damage effects that apply to an event, in
// timestamp order: those on the object dealt damage, on the object
// dealing it, on the player dealt damage, and those that name the event.
func (s *state) damageHits(kind replKind, src dmgSource, t dmgTarget, n int, combat bool) []replHit {
	tSlot, srcSlot := -1, -1
	if t.obj != nil {
		if i, ok := s.slot[t.obj]; ok {
			tSlot = i
		}
	}
	if src.obj != nil && src.obj.onBF {
		if i, ok := s.slot[src.obj]; ok {
			srcSlot = i
		}
	}
	var out []replHit
	for _, h := range s.replacementsOn(-1, kind) {
		role := h.r.Role
		switch {
		case role == roleAny:
		case role&roleTo != 0 && h.slot == tSlot && tSlot >= 0:
		case role&roleBy != 0 && h.slot == srcSlot && srcSlot >= 0:
		default:
			continue
		}
		if s.dmgApplies(h, src, t, n, combat) {
			out = append(out, h)
		}
	}
	// A resolved effect that names the event alone ("Prevent all combat
	// damage that would be dealt this turn") applies to no object.
	for _, e := range s.g.effects {
		if e.ended || e.static {
			continue
		}
		for k := range e.t.Parts {
			p := &e.t.Parts[k]
			if p.Repl == nil || p.Repl.Kind != kind || p.Repl.Role != roleAny || p.Op != opRule {
				continue
			}
			h := replHit{e: e, r: p.Repl, slot: -1, who: t.String()}
			if s.dmgApplies(h, src, t, n, combat) {
				out = append(out, h)
			}
		}
	}
	if t.obj == nil {
		for _, pe := range s.playerFx {
			if pe.p.Repl == nil || pe.p.Repl.Kind != kind || pe.who != t.player {
				continue
			}
			h := replHit{e: pe.e, r: pe.p.Repl, slot: -1, who: t.player.String()}
			if s.dmgApplies(h, src, t, n, combat) {
				out = append(out, h)
			}
		}
	}
	sortHits(out)
	return out
}

// replaceDamage applies the replacement and prevention effects to n
// damage src would deal to t (120.4b) and returns the damage left to deal
// and whether it can't be prevented (615.12).
func (g *game) replaceDamage(line int, s *state, src dmgSource, t *dmgTarget, n int, combat bool) (int, bool) {
	if !g.comp.repl {
		return n, false
	}
	if t.obj != nil {
		i, ok := s.slot[t.obj]
		if !ok || !t.obj.onBF {
			return n, false
		}
		if c := s.ch[i]; !c.is("Creature") && !c.is("Planeswalker") && !c.is("Battle") {
			return n, false // it can't be dealt damage at all (120.1a)
		}
	}
	kind := "damage"
	if combat {
		kind = "combat damage"
	}
	g.redirect(line, s, src, t, n, combat)
	if t.obj != nil {
		if _, ok := s.slot[t.obj]; !ok || !t.obj.onBF {
			return n, false
		}
	}
	unprev := false
	if hs := s.damageHits(rkUnpreventable, src, *t, n, combat); len(hs) > 0 {
		unprev = true
		g.note(line, fmt.Sprintf("the %d %s %s would deal to %s can't be prevented: %s (%s)", n, kind, src.name, t, hs[0].e.t.Sentence, hs[0].e.name()), "615.12")
	}
	if t.obj != nil && src.ch != nil && !unprev {
		if protectedFrom(s.ch[s.slot[t.obj]], src.ch) != "" {
			// 616.1: its controller chooses the order; applying
			// protection (702.16e) first leaves nothing for the others.
			return n, false
		}
	}
	mods := s.damageHits(rkDamageMod, src, *t, n, combat)
	prevs := s.damageHits(rkPrevent, src, *t, n, combat)
	if len(mods)+len(prevs) > 1 {
		g.note(line, fmt.Sprintf("%d replacement and prevention effects apply to the %s %s would deal to %s: the affected player or controller chooses the order; the scenario applies the ones that increase it first, then the prevention effects, each in timestamp order", len(mods)+len(prevs), kind, src.name, t), "616.1")
	}
	for _, h := range mods {
		before := n
		n = h.r.modify(n)
		g.note(line, fmt.Sprintf("%s would deal %d %s to %s; %s (%s) replaces it: it deals %d instead", src.name, before, kind, t, h.e.t.Sentence, h.e.name(), n), "614.1a")
	}
	if g.lifelinkBatch == nil {
		g.dmgEvent++ // a noncombat damage event of its own
	}
	for _, h := range prevs {
		if n <= 0 {
			break
		}
		p := h.r.prevents(n)
		key := fmt.Sprintf("%s/%d/%s", h.e.key, h.slot, h.who)
		if h.r.Shield > 0 {
			left := h.r.Shield - g.shieldUsed[key]
			if left <= 0 {
				continue // the shield is used up (615.7)
			}
			p = min(left, n)
		}
		if h.r.Replace {
			n -= p
			g.note(line, fmt.Sprintf("the %d %s %s would deal to %s is replaced by %s (%s): it isn't dealt", p, kind, src.name, t, h.e.name(), h.e.t.Sentence), "614.1a")
			g.replThen(line, s, h, p, true, src, *t)
			continue
		}
		if unprev {
			g.note(line, fmt.Sprintf("%s (%s) would prevent the %s to %s, but it can't be prevented; its other effects still happen", h.e.t.Sentence, h.e.name(), kind, t), "615.12")
			g.replThen(line, s, h, p, false, src, *t)
			continue
		}
		n -= p
		rule := "615.1a"
		if h.r.Shield > 0 {
			if g.shieldUsed == nil {
				g.shieldUsed = map[string]int{}
			}
			g.shieldUsed[key] += p
			rule = "615.7"
		}
		g.note(line, fmt.Sprintf("%d of the %d %s %s would deal to %s is prevented by %s (%s): prevented damage is never dealt, %d left", p, p+n, kind, src.name, t, h.e.name(), h.e.t.Sentence, n), rule)
		g.replThen(line, s, h, p, true, src, *t)
	}
	if n <= 0 {
		g.note(line, fmt.Sprintf("no %s is dealt to %s: lifelink, deathtouch and \"deals damage\" abilities see no damage dealt", kind, t), "615.6")
	}
	return n, unprev
}

// redirect applies redirection effects (614.9) to the recipient t, each
// at most once (614.5).
func (g *game) redirect(line int, s *state, src dmgSource, t *dmgTarget, n int, combat bool) {
	used := map[string]bool{}
	for k := 0; k < 4; k++ {
		var h *replHit
		for _, x := range s.damageHits(rkRedirect, src, *t, n, combat) {
			if !used[x.e.key] {
				h = &x
				break
			}
		}
		if h == nil {
			return
		}
		used[h.e.key] = true
		var to dmgTarget
		switch h.r.RedirTo {
		case 1:
			to.obj = h.e.src
		case 2:
			if h.e.src != nil {
				to.obj = h.e.src.attachedTo
			}
		case 3:
			if h.slot < 0 {
				continue
			}
			to.player = s.ch[h.slot].Controller
		}
		if h.r.RedirTo != 3 {
			i, ok := s.slot[to.obj]
			if to.obj == nil || !ok || !to.obj.onBF || !s.ch[i].is("Creature") && !s.ch[i].is("Planeswalker") && !s.ch[i].is("Battle") {
				g.note(line, fmt.Sprintf("%s (%s) would redirect the damage to %s, but what it names is no longer a creature, planeswalker or battle on the battlefield: it does nothing", h.e.t.Sentence, h.e.name(), t), "614.9")
				continue
			}
			if to.obj == t.obj {
				continue
			}
		}
		g.note(line, fmt.Sprintf("the %d damage %s would deal to %s is dealt to %s instead: %s (%s)", n, src.name, t, to, h.e.t.Sentence, h.e.name()), "614.9")
		*t = to
	}
}

// replaceCounters applies the effects that change how many counters are
// put on o (614.1a; 614.16: counters put by an effect; 122.6: counters it
// enters with are put on it too) and returns how many are put.
func (g *game) replaceCounters(line int, o *Object, kind string, n int) int {
	if !g.comp.repl || n <= 0 || !o.onBF {
		return n
	}
	s := g.cached
	if _, ok := s.slotOf(o); s == nil || !ok {
		s = g.compute(false)
	}
	i, ok := s.slot[o]
	if !ok {
		return n
	}
	var hits []replHit
	for _, h := range s.replacementsOn(i, rkCounters) {
		if h.r.Counter == "" || h.r.Counter == kind {
			hits = append(hits, h)
		}
	}
	if len(hits) > 1 {
		g.note(line, fmt.Sprintf("%d replacement effects change the %s counters put on %s: its controller chooses the order (the scenario applies them in timestamp order)", len(hits), kind, o.display()), "616.1")
	}
	for _, h := range hits {
		before := n
		n = max(n*h.r.CMult+h.r.CPlus, 0)
		g.note(line, fmt.Sprintf("%s would be put on %s; %s (%s) replaces that: %d are put on it instead", countersOf(before, kind), o.display(), h.e.t.Sentence, h.e.name(), n), "614.1a")
	}
	return n
}

// putCountersEvent puts n counters on o as an event replacement effects
// can change (a statement saying what counters an object has is not).
func (g *game) putCountersEvent(line int, o *Object, kind string, n int) int {
	n = g.replaceCounters(line, o, kind, n)
	g.putCounters(o, kind, n)
	return n
}

// lifeFloor is the life a player loses from n damage, with effects that
// keep their life total from going below a floor applied (614.1a: the
// damage is still dealt in full; only its result changes).
func (g *game) lifeFloor(line int, s *state, p Player, n int) int {
	if !g.comp.repl || s == nil {
		return n
	}
	life := g.pl(p).life
	for _, pe := range s.playerFx {
		if pe.who != p || pe.p.Repl == nil || pe.p.Repl.Kind != rkLifeFloor {
			continue
		}
		f := pe.p.Repl.Floor
		if life >= f && life-n < f {
			g.note(line, fmt.Sprintf("the damage would reduce %s life total to less than %d; %s (%s) reduces it to %d instead", poss(p), f, pe.e.t.Sentence, pe.e.name(), f), "614.1a")
			n = life - f
		}
	}
	return n
}

// regenerates applies a static regeneration effect (701.19b) when o would
// be destroyed: instead all damage is removed from it, its controller
// taps it, and it is removed from combat. It reports whether it applied.
func (g *game) regenerates(line int, s *state, o *Object) bool {
	if !g.comp.repl {
		return false
	}
	i, ok := s.slot[o]
	if !ok {
		return false
	}
	hs := s.replacementsOn(i, rkRegenerate)
	if len(hs) == 0 {
		return false
	}
	rule := "701.19b"
	if e := hs[0].e; !e.static {
		// 701.19a: a regeneration shield from a resolved spell or
		// ability is used up the first time it applies.
		e.ended = true
		rule = "701.19a"
	}
	g.note(line, fmt.Sprintf("%s would be destroyed; %s (%s) regenerates it instead: all damage is removed from it, it is tapped and removed from combat", o.display(), hs[0].e.t.Sentence, hs[0].e.name()), rule)
	o.damage, o.deathtouched, o.dmgNoted = 0, false, false
	o.tapped = true
	g.leaveCombat(o)
	g.clean = false
	g.cached = nil
	return true
}

// modify is the damage a damage-changing effect makes of n.
func (r *Replacement) modify(n int) int {
	switch {
	case r.HalfDown:
		return n / 2
	case r.Cap > 0:
		return min(n, r.Cap)
	}
	return max(n*r.Mult+r.Plus, 0)
}

// prevents is how much of n damage a prevention effect prevents.
func (r *Replacement) prevents(n int) int {
	switch {
	case r.HalfUp:
		return (n + 1) / 2
	case r.AllBut > 0:
		return max(n-r.AllBut, 0)
	case r.Amount > 0:
		return min(r.Amount, n)
	}
	return n
}

// replThen carries out the additional effects of a prevention effect
// (615.6): once per damage event unless they count the damage.
func (g *game) replThen(line int, s *state, h replHit, prevented int, wasPrevented bool, src dmgSource, t dmgTarget) {
	if len(h.r.Then) == 0 {
		return
	}
	var o *Object
	if h.slot >= 0 {
		o = s.objs[h.slot]
	}
	key := fmt.Sprintf("%s/%d", h.e.key, h.slot)
	once := g.replOnce[key] == g.dmgEvent && g.dmgEvent > 0
	for _, th := range h.r.Then {
		if th.gain || th.draw {
			if !wasPrevented || prevented <= 0 {
				continue
			}
			if th.gain {
				g.lifeChange(line, h.e.ctrlNow(s), prevented, fmt.Sprintf("%s: the damage prevented, 615.6", h.e.name()))
			} else {
				g.note(line, fmt.Sprintf("%s: the source's controller draws as many cards as the damage prevented", h.e.name()), "615.6")
				g.draw(line, src.ctrl, prevented)
			}
			continue
		}
		target := o
		switch {
		case th.onRecipient:
			target = t.obj
		case th.onSource || target == nil:
			target = h.e.src
		}
		if target == nil || !target.onBF {
			continue
		}
		n := th.n
		if n < 0 {
			if th.perUnit && !wasPrevented {
				continue // "for each 1 damage prevented this way": none was
			}
			n = prevented // "that many": the damage it applied to
		} else if once {
			continue
		}
		if th.remove {
			have := target.counters[th.counter]
			if have == 0 {
				g.note(line, fmt.Sprintf("%s has no %s counter to remove", target.display(), th.counter), "614.6")
				continue
			}
			g.setCounters(target, th.counter, have-min(n, have))
			g.clean = false
			g.note(line, fmt.Sprintf("%s: %s removed from %s (%d left)", h.e.name(), countersOf(min(n, have), th.counter), target.display(), target.counters[th.counter]), "615.6")
		} else {
			g.putCounters(target, th.counter, n)
			g.note(line, fmt.Sprintf("%s: %s put on %s", h.e.name(), countersOf(n, th.counter), target.display()), "615.6")
		}
	}
	if g.replOnce == nil {
		g.replOnce = map[string]int{}
	}
	g.replOnce[key] = g.dmgEvent
	g.cached = nil
}

// replaceZoneChange applies the effects that put a permanent elsewhere
// when it would be put into a graveyard (614.1a): the first in timestamp
// order applies (616.1, 614.5). The object remembers it didn't go to the
// graveyard, so it didn't die (700.4, 614.6).
func (g *game) replaceZoneChange(o *Object, z Zone, line int, how string) (Zone, string) {
	o.diverted = false
	if z != ZoneGraveyard || !g.comp.repl || !o.onBF {
		return z, how
	}
	s := g.cached
	if s == nil {
		s = g.compute(false) // not kept: the object is about to leave
	}
	i, ok := s.slot[o]
	if !ok {
		return z, how
	}
	var hits []replHit
	for _, h := range s.replacementsOn(i, rkZone) {
		you := h.e.ctrlNow(s)
		switch {
		case h.r.Owner == 1 && o.owner != you, h.r.Owner == 2 && o.owner == you:
			continue
		case h.r.DamagedBy == 1 && (h.e.src == nil || !o.damagedBy[h.e.src]):
			continue
		case h.r.DamagedBy == 2 && (h.e.src == nil || h.e.src.attachedTo == nil || !o.damagedBy[h.e.src.attachedTo]):
			continue
		}
		hits = append(hits, h)
	}
	if len(hits) == 0 {
		return z, how
	}
	h := hits[0]
	if len(hits) > 1 {
		g.note(line, fmt.Sprintf("%d replacement effects would apply to %s being put into a graveyard: its owner or controller chooses one (the scenario takes the oldest); the others no longer apply to the modified event", len(hits), o.display()), "616.1")
	}
	dest := h.r.To.String()
	if h.r.To == ZoneLibrary {
		dest = map[string]string{"top": "the top of its owner's library", "bottom": "the bottom of its owner's library"}[h.r.Where]
		if h.r.Where == "shuffle" || dest == "" {
			dest = "its owner's library, shuffled"
		}
	} else if h.r.To == ZoneHand {
		dest = "its owner's hand"
	}
	g.note(line, fmt.Sprintf("%s would be put into %s graveyard; %s (%s) replaces that: it is put into %s instead, and the replaced event never happens (it doesn't die)", o.display(), poss(o.owner), h.e.t.Sentence, h.e.name(), dest), "614.6")
	o.diverted = true
	return h.r.To, how + ", " + dest + " instead (614.1a)"
}

// cardToGraveyard puts a card from the stack or a hand into its owner's
// graveyard (608.2n, 514.1), or where a replacement effect that applies
// to cards "from anywhere" puts it instead (614.1a).
func (g *game) cardToGraveyard(line int, c *card) {
	ps := g.pl(c.owner)
	if g.comp.repl {
		s := g.cached
		if s == nil {
			s = g.compute(false)
		}
		for _, e := range s.candidates(lRules, map[string]bool{}) {
			if !s.exists(e) {
				continue
			}
			for _, p := range e.t.Parts {
				r := p.Repl
				if r == nil || r.Kind != rkZone || !r.Anywhere || !cardMatches(r.CardF, c.def, c.token) {
					continue
				}
				you := e.ctrlNow(s)
				if r.Owner == 1 && c.owner != you || r.Owner == 2 && c.owner == you {
					continue
				}
				z := r.To
				dest := z.String()
				if z == ZoneLibrary {
					dest = "its owner's library"
					if ps.library >= 0 {
						ps.library++
					}
				}
				g.note(line, fmt.Sprintf("%s would be put into %s graveyard; %s (%s) replaces that: it is put into %s instead", c.name, poss(c.owner), e.t.Sentence, e.name(), dest), "614.1a")
				c.how += ", " + dest + " instead (614.1a)"
				ps.zones[z] = append(ps.zones[z], c)
				return
			}
		}
	}
	ps.zones[ZoneGraveyard] = append(ps.zones[ZoneGraveyard], c)
}

// cardMatches reports whether a card off the battlefield or a spell
// matches a filter of its types, subtypes and colors ("an instant or
// sorcery card", "counter target noncreature spell"); a nil filter matches
// every card.
func cardMatches(f *Filter, d CardDef, token bool) bool {
	if f == nil {
		return true
	}
	if len(f.Or) > 0 {
		for k := range f.Or {
			if cardMatches(&f.Or[k], d, token) {
				return true
			}
		}
		return false
	}
	if f.Token == 1 && !token || f.Token == 2 && token {
		return false
	}
	for _, t := range f.Types {
		if !containsFold(d.Types, t) {
			return false
		}
	}
	for _, t := range f.NotTypes {
		if containsFold(d.Types, t) {
			return false
		}
	}
	for _, t := range f.Supertypes {
		if !containsFold(d.Supertypes, t) {
			return false
		}
	}
	if len(f.Subtypes) > 0 {
		ok := false
		for _, t := range f.Subtypes {
			ok = ok || containsFold(d.Subtypes, t)
		}
		if !ok {
			return false
		}
	}
	if len(f.Colors) > 0 {
		ok := false
		for _, c := range f.Colors {
			ok = ok || containsFold(d.Colors, c)
		}
		if !ok {
			return false
		}
	}
	for _, c := range f.NotColors {
		if containsFold(d.Colors, c) {
			return false
		}
	}
	return true
}

// replTemplate fills t with a replacement effect on the players (an
// opPlayer part) and/or the objects sel names (an opRule part).
func (c *compiler) replTemplate(t *Template, r *Replacement, players int, sel *Selector) Selector {
	c.repl = true
	if players != 0 {
		t.Parts = append(t.Parts, Part{Layer: lRules, Op: opPlayer, Players: players, RuleID: r.rule(), RuleText: r.Text, Repl: r})
	}
	if sel == nil {
		return Selector{Kind: selSelf, Noun: "~"}
	}
	t.Parts = append(t.Parts, Part{Layer: lRules, Op: opRule, RuleID: r.rule(), RuleText: r.Text, Repl: r})
	return *sel
}

// replSubject reads who an effect on damage applies to: players ("you",
// "an opponent"), objects ("~", "enchanted creature", "creatures you
// control", "a creature you control"), or both ("you or a creature you
// control", "you and other permanents you control").
func (c *compiler) replSubject(x string, ctx *sctx) (players int, sel *Selector, ok bool) {
	switch x {
	case "you":
		return 1, nil, true
	case "an opponent", "each opponent", "your opponents":
		return 2, nil, true
	case "a player", "each player", "players":
		return 3, nil, true
	}
	for _, pre := range []string{"you or ", "you and ", "you and/or "} {
		if rest, cut := strings.CutPrefix(x, pre); cut {
			_, s, ok := c.replSubject(rest, ctx)
			if !ok || s == nil {
				return 0, nil, false
			}
			return 1, s, true
		}
	}
	if (x == "it" || x == "this creature" || x == "this permanent") && ctx.self && ctx.condSel == nil {
		x = "~"
	}
	words := anotherAsOther(strings.Fields(x))
	if len(words) > 1 && (words[0] == "a" || words[0] == "an") {
		words = words[1:]
	}
	s, ok := c.subject(words, ctx)
	if !ok || s.Kind == selSelf && !ctx.self {
		return 0, nil, false
	}
	if ctx.self && s.Kind == selTarget {
		return 0, nil, false
	}
	return 0, &s, true
}

// parseSource reads a damage source ("a source", "a red source", "a
// creature", "a source an opponent controls", "creatures", "a spell"
// fails: spells are not objects on the battlefield here).
func parseSource(x string) (*Filter, bool) {
	f, spell, ok := parseSourceSpell(x)
	if spell || !ok {
		return nil, false
	}
	return f, ok
}

var reSpellSource = regexp.MustCompile(`^(?:(white|blue|black|red|green) )?(instant or sorcery |instant and sorcery )?(spells?|source|sources)( you control| your opponents control| an opponent controls)?$`)

// parseSourceSpell reads a damage source that may be a spell ("a red
// spell", "an instant or sorcery source you control", "instant and
// sorcery spells"): spell reports that only an instant or sorcery spell
// matches.
func parseSourceSpell(x string) (*Filter, bool, bool) {
	x = strings.TrimPrefix(strings.TrimPrefix(x, "a "), "an ")
	if m := reSpellSource.FindStringSubmatch(x); m != nil && (strings.HasPrefix(m[3], "spell") || m[2] != "") {
		f := &Filter{}
		if m[1] != "" {
			f.Colors = []string{colorWords[m[1]]}
		}
		switch m[4] {
		case " you control":
			f.Control = 1
		case "":
		default:
			f.Control = 2
		}
		return f, true, true
	}
	f, ok := parseSourcePermanent(x)
	return f, false, ok
}

func parseSourcePermanent(x string) (*Filter, bool) {
	switch x {
	case "source", "sources":
		return nil, true
	case "creature", "creatures":
		return &Filter{Types: []string{"Creature"}}, true
	}
	words := anotherAsOther(strings.Fields(x))
	for i, w := range words {
		switch w {
		case "source":
			words[i] = "permanent"
		case "sources":
			words[i] = "permanents"
		}
	}
	f, ok := parseFilter(words)
	if !ok || f.ThatPlayer {
		return nil, false
	}
	return &f, true
}

// combatWord reads "combat " / "noncombat " before "damage".
func combatWord(w string) int {
	switch strings.TrimSpace(w) {
	case "combat":
		return 1
	case "noncombat":
		return 2
	}
	return 0
}

// anotherAsOther reads "another creature you control" as "other
// creature you control": every such object but the source.
func anotherAsOther(words []string) []string {
	if len(words) > 1 && words[0] == "another" {
		return append([]string{"other"}, words[1:]...)
	}
	return words
}

// filters lists the filters a replacement reads (for checks that every
// filter names real subtypes).
func (r *Replacement) filters() []*Filter {
	if r == nil {
		return nil
	}
	var out []*Filter
	for _, f := range []*Filter{r.Src, r.RecipPerms, r.CardF} {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}
