package engine

// Triggered abilities (603): the trigger events the engine recognises
// (enters, dies or is put into a graveyard from the battlefield, leaves the
// battlefield, attacks, blocks, deals combat damage, the beginning of the
// upkeep and of the end step), the stack they go on the next time a player
// would receive priority in APNAP order (603.3, 603.3b), and the effects
// a resolving ability carries out (608.2). An effect the engine does not
// model is reported when the ability resolves, never dropped.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

type trigKind int

const (
	tEnters trigKind = iota
	tDies
	tLeaves
	tAttacks
	tBlocks
	tAttacksOrBlocks
	tCombatDamage
	tCombatDamagePlayer
	tUpkeep
	tEndStep
	tGainLife          // "whenever you gain life" (119.9)
	tBecomesBlocked    // "whenever ~ becomes blocked" (509.3c)
	tBeginCombat       // "at the beginning of combat on your turn" (507.1)
	tEndCombat         // "at end of combat" (511.2)
	tUnblocked         // "whenever ~ attacks and isn't blocked" (509.3g)
	tDealsDamage       // "whenever ~ deals damage" (120.4b)
	tDealsDamagePlayer // "whenever ~ deals damage to a player / an opponent"
	tCastNoncreature   // "whenever you cast a noncreature spell" (prowess, 702.108a)
)

// trigSpec is a triggered ability the engine can run.
type trigSpec struct {
	kind trigKind
	self bool    // the event is about the ability's own object ("When ~ dies")
	f    *Filter // else the objects it is about ("Whenever another creature you control dies")
	// orSelf: "~ or another creature": itself too; batch: "one or more":
	// once per event.
	orSelf, batch bool
	opp           bool // "to an opponent": not its controller
	dealtBy       bool // "a creature dealt damage by ~ this turn"
	// each: "at the beginning of each upkeep" (otherwise "your").
	each   bool
	effect string // the effect, lower case, "~" for the object
	rule   string // the rule that describes the trigger event
}

var (
	reTrigEvent  = regexp.MustCompile(`^(?:when|whenever) (.+?) (enters(?: the battlefield)?|enter(?: the battlefield)?|dies|die|is put into a graveyard from the battlefield|are put into a graveyard from the battlefield|leaves the battlefield|attacks or blocks|attacks and isn't blocked|attacks|blocks a creature|blocks|becomes blocked|deals combat damage to a player(?: or planeswalker)?|deals combat damage to an opponent|deals combat damage|deals damage to a player|deals damage to an opponent|deals damage), (.+?)\.?$`)
	reTrigStep   = regexp.MustCompile(`^at the beginning of (your|each|the) (upkeep|end step), (.+?)\.?$`)
	reTrigLife   = regexp.MustCompile(`^whenever (you|a player) gains? life, (.+?)\.?$`)
	reTrigCombat = regexp.MustCompile(`^at (the beginning of combat on your turn|the beginning of each combat|end of combat), (.+?)\.?$`)
)

// trigger returns what the engine knows of a triggered ability's text (nil
// when its trigger event is not one it recognises); it is cached per
// ability.
func (g *game) trigger(a *Ability, name string) *trigSpec {
	if g.trigs == nil {
		g.trigs = map[*Ability]*trigSpec{}
	}
	if t, ok := g.trigs[a]; ok {
		return t
	}
	t := parseTrigger(a.Text, name)
	g.trigs[a] = t
	return t
}

func parseTrigger(text, name string) *trigSpec {
	low := strings.ToLower(selfRef(normQuotes(strings.TrimSpace(reminder.ReplaceAllString(text, ""))), name))
	if m := reAbilityWord.FindStringSubmatch(low); m != nil && abilityWords[m[1]] {
		low = strings.TrimSpace(low[len(m[0]):])
	}
	if m := reTrigCombat.FindStringSubmatch(low); m != nil {
		if m[1] == "end of combat" {
			return &trigSpec{kind: tEndCombat, each: true, effect: m[2], rule: "511.2"}
		}
		return &trigSpec{kind: tBeginCombat, each: m[1] == "the beginning of each combat", effect: m[2], rule: "507.1"}
	}
	if m := reTrigLife.FindStringSubmatch(low); m != nil {
		return &trigSpec{kind: tGainLife, each: m[1] == "a player", effect: m[2], rule: "119.9"}
	}
	if m := reTrigStep.FindStringSubmatch(low); m != nil {
		t := &trigSpec{kind: tUpkeep, each: m[1] == "each", effect: m[3], rule: "503.1a"}
		if m[2] == "end step" {
			t.kind, t.rule, t.each = tEndStep, "513.1", m[1] != "your"
		}
		return t
	}
	m := reTrigEvent.FindStringSubmatch(low)
	if m == nil {
		return nil
	}
	t := &trigSpec{effect: m[3]}
	switch {
	case strings.HasPrefix(m[2], "enter"):
		t.kind, t.rule = tEnters, "603.6a"
	case m[2] == "dies" || m[2] == "die" || strings.HasSuffix(m[2], "put into a graveyard from the battlefield"):
		t.kind, t.rule = tDies, "700.4"
	case m[2] == "leaves the battlefield":
		t.kind, t.rule = tLeaves, "603.6c"
	case m[2] == "attacks":
		t.kind, t.rule = tAttacks, "508.3a"
	case m[2] == "attacks and isn't blocked":
		t.kind, t.rule = tUnblocked, "509.3g"
	case m[2] == "blocks":
		t.kind, t.rule = tBlocks, "509.3a"
	case m[2] == "blocks a creature":
		// 509.3b: once for each creature it blocks (a blocker here blocks one).
		t.kind, t.rule = tBlocks, "509.3b"
	case m[2] == "becomes blocked":
		t.kind, t.rule = tBecomesBlocked, "509.3c"
	case m[2] == "attacks or blocks":
		t.kind, t.rule = tAttacksOrBlocks, "508.3a"
	case m[2] == "deals combat damage":
		t.kind, t.rule = tCombatDamage, "510.3a"
	case m[2] == "deals damage":
		t.kind, t.rule = tDealsDamage, "120.4b"
	case strings.HasPrefix(m[2], "deals damage to "):
		t.kind, t.rule, t.opp = tDealsDamagePlayer, "120.4b", strings.HasSuffix(m[2], "opponent")
	case strings.HasSuffix(m[2], "opponent"):
		t.kind, t.rule, t.opp = tCombatDamagePlayer, "510.3a", true
	default:
		t.kind, t.rule = tCombatDamagePlayer, "510.3a"
	}
	subj := m[1]
	switch subj {
	case "~", "it":
		t.self = true
		return t
	}
	if rest, ok := strings.CutPrefix(subj, "~ or "); ok {
		// "Whenever ~ or another creature you control dies": itself, or
		// another object the filter describes.
		t.orSelf = true
		subj = rest
	}
	if subj == "a creature dealt damage by ~ this turn" {
		// "Whenever a creature dealt damage by ~ this turn dies" (Sengir
		// Vampire, Abattoir Ghoul).
		t.dealtBy = true
		return t
	}
	if rest, ok := strings.CutPrefix(subj, "one or more "); ok {
		// "Whenever one or more other creatures you control die": once for
		// each event, however many it moves.
		t.batch = true
		subj = rest
	}
	ws := strings.Fields(subj)
	oth := false
	if len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || ws[0] == "another" || ws[0] == "other") {
		oth = ws[0] == "another" || ws[0] == "other"
		ws = ws[1:]
	}
	if len(ws) > 0 && ws[0] == "nontoken" {
		ws = ws[1:]
		f, ok := parseFilter(ws)
		if !ok {
			return nil
		}
		f.Token, f.Other = 2, oth
		t.f = &f
		return t
	}
	f, ok := parseFilter(ws)
	if !ok {
		return nil
	}
	f.Other = f.Other || oth
	t.f = &f
	return t
}

// stackItem is a triggered ability waiting to go on the stack or on it.
type stackItem struct {
	src     *Object
	srcName string
	ctrl    Player
	spec    *trigSpec
	text    string
	lki     *Chars      // the source as it last existed (608.2h)
	subj    *Object     // the object the event was about
	player  *Player     // the player it dealt combat damage to
	lost    int         // life lost by its effect so far ("the life lost this way")
	subjLKI *Chars      // the object the event was about, as it was then
	line    int         // the statement during which it triggered
	targets []string    // chosen as it goes on the stack when only one is legal (603.3d), else as it resolves
	choice  *trigChoice // its legal targets as it went on the stack, when the engine can tell
	// spell: a spell cast "(on the stack)"; cast is its statement,
	// carried out as it resolves.
	spell *CardDef
	cast  Stmt
	// returns is the card a persist or undying ability returns, and
	// counter the kind of counter it enters with (persist.go).
	returns *card
	counter string
	// delayedObj is the object a delayed triggered ability refers to
	// (delayedTrig.obj).
	delayedObj *Object
	// objsFrom is how many objects the game had when it began to
	// resolve: those after entered as it resolved.
	objsFrom int
	// dealtFrom is how many objects the game had dealt damage to
	// (game.dealt) when it began to resolve: those after were dealt
	// damage "this way".
	dealtFrom int
}

// fire finds the triggered abilities of the objects of s whose trigger
// event is kind about subj (nil for the beginning of a step) and makes
// them wait to be put on the stack (603.2, 603.3).
func (g *game) fire(s *state, kind trigKind, subj *Object, player *Player, line int) {
	if subj != nil && g.triggersStopped(s, kind, subj, line) { // notrigger.go
		return
	}
	for i, src := range s.objs {
		c := s.ch[i]
		for _, ai := range c.Abilities {
			if ai.a.Kind != abTriggered {
				continue
			}
			t := g.trigger(ai.a, triggerName(src, c))
			if t == nil || !trigMatches(t.kind, kind) {
				continue
			}
			switch {
			case kind == tUpkeep || kind == tEndStep || kind == tBeginCombat || kind == tEndCombat:
				if !t.each && c.Controller != g.active {
					continue
				}
			case kind == tGainLife:
				if !t.each && (player == nil || c.Controller != *player) {
					continue
				}
			case t.self:
				if src != subj {
					continue
				}
			case t.orSelf && src == subj:
			case t.dealtBy:
				j, ok := s.slot[subj]
				if !ok || !s.ch[j].is("Creature") || !subj.damagedBy[src] {
					continue
				}
			default:
				j, ok := s.slot[subj]
				if !ok || !s.matches(t.f, j, c.Controller, i) {
					continue
				}
			}
			if t.opp && (player == nil || *player == c.Controller) {
				continue
			}
			if t.batch {
				k := batchKey{src, ai.a}
				if g.batchSeen[k] {
					continue
				}
				if g.batchSeen != nil {
					g.batchSeen[k] = true
				}
			}
			it := &stackItem{src: src, srcName: src.display(), ctrl: c.Controller, spec: t,
				text: ai.a.Text, lki: c.clone(), subj: subj, player: player, line: line}
			if j, ok := s.slot[subj]; ok && subj != nil {
				it.subjLKI = s.ch[j].clone()
			}
			g.pending = append(g.pending, it)
			g.note(line, fmt.Sprintf("%s's ability triggers: %q", src.display(), ai.a.Text), t.rule)
		}
	}
}

// batchKey is one ability of one object, triggered once per event.
type batchKey struct {
	o *Object
	a *Ability
}

func trigMatches(spec, event trigKind) bool {
	if spec == event {
		return true
	}
	switch spec {
	case tAttacksOrBlocks:
		return event == tAttacks || event == tBlocks
	case tLeaves:
		return event == tDies
	case tCombatDamage:
		return event == tCombatDamagePlayer
	case tDealsDamage:
		return event == tCombatDamage || event == tCombatDamagePlayer || event == tDealsDamagePlayer
	case tDealsDamagePlayer:
		return event == tCombatDamagePlayer
	}
	return false
}

// mayTrigger reports whether any object has a triggered ability; the
// engine computes the state for trigger events only then.
func (g *game) mayTrigger() bool {
	for _, o := range g.objs {
		if o.onBF && o.hasTrig {
			return true
		}
	}
	return g.grantsTrig
}

// leftTriggers fires the leaves-the-battlefield and dies abilities of the
// objects that moved from the battlefield, looking back in time: s is the
// state just before the event, so the abilities of the objects that left
// with them trigger too (603.10a).
func (g *game) leftTriggers(s *state, moved []*Object, z Zone, line int) {
	// Hushbringer's "creatures dying don't cause abilities to trigger"
	// stops persist and undying too (notrigger.go).
	stopped := map[*Object]bool{}
	if z == ZoneGraveyard {
		for _, o := range moved {
			if o.diverted {
				continue
			}
			if g.triggersStopped(s, tDies, o, line) {
				stopped[o] = true
				continue
			}
			g.returnsFromDying(s, o, line) // persist.go
		}
	}
	if len(moved) == 0 || !g.mayTriggerIn(s) {
		return
	}
	g.batchSeen = map[batchKey]bool{}
	defer func() { g.batchSeen = nil }()
	for _, o := range moved {
		kind := tLeaves
		if z == ZoneGraveyard && !o.diverted {
			kind = tDies
		}
		if stopped[o] {
			continue
		}
		g.fire(s, kind, o, nil, line)
		g.noteFaceDownLeft(s, o, kind, line)
	}
}

// noteFaceDownLeft says why a permanent that left the battlefield face
// down doesn't trigger its own card's leaves-the-battlefield or dies
// abilities: looking back in time (603.10a), it had no text then (708.2a).
func (g *game) noteFaceDownLeft(s *state, o *Object, kind trigKind, line int) {
	i, ok := s.slot[o]
	if !ok || !s.objs[i].faceDown {
		return
	}
	for _, a := range g.comp.compileCard(o.def).abilities {
		if a.Kind != abTriggered {
			continue
		}
		if t := g.trigger(a, o.def.Name); t != nil && t.self && trigMatches(t.kind, kind) {
			g.note(line, fmt.Sprintf("%s left the battlefield face down: looking back in time, it had no abilities as it left (708.2a), so %s's %q doesn't trigger", o.display(), o.def.Name, a.Text), "603.10a")
		}
	}
}

func (g *game) mayTriggerIn(s *state) bool {
	for _, o := range s.objs {
		if o.hasTrig {
			return true
		}
	}
	return g.grantsTrig
}

// stackPending puts the waiting triggered abilities on the stack: the
// active player's first, then the nonactive player's, each in the order
// they triggered (603.3b, 101.4); the last one put there is on top.
func (g *game) stackPending(line int) {
	var ordered []*stackItem
	for _, p := range []Player{g.active, other(g.active)} {
		for _, it := range g.pending {
			if it.ctrl == p {
				ordered = append(ordered, it)
			}
		}
	}
	g.pending = nil
	rule := "603.3"
	if len(ordered) > 1 {
		rule = "603.3b"
	}
	for _, it := range ordered {
		g.stack = append(g.stack, it)
		g.note(line, fmt.Sprintf("%s %s's triggered ability on the stack (%d on the stack): %q", says(it.ctrl, "puts"), it.srcName, len(g.stack), it.text), rule)
		if !g.chooseTrigTargets(line, it) {
			g.stack = g.stack[:len(g.stack)-1]
		}
	}
}

// resolveTop resolves the top object of the stack (405.5, 608.2).
func (g *game) resolveTop(st *Stmt) {
	if len(g.stack) == 0 {
		g.errorf(st.Line, "the stack is empty: nothing to resolve (405.5)")
		return
	}
	it := g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	if it.spell != nil {
		g.resolveSpell(st, it)
		return
	}
	if len(st.Targets) > 0 || len(it.targets) == 0 {
		it.targets = st.Targets
	}
	g.note(st.Line, fmt.Sprintf("%s's triggered ability resolves: %q", it.srcName, it.text), "608.2")
	g.carryOut(st, it)
	g.cached = nil
}

// resolveSpell resolves a spell that waited on the stack (608.2, 608.3):
// its targets are checked now (608.2b, 608.3b) and what it makes has the
// timestamp of its resolution. A permanent spell becomes a permanent and
// enters the battlefield under its controller's control (608.3a), an
// Aura attached to what it targets (608.3c).
func (g *game) resolveSpell(st *Stmt, it *stackItem) {
	cs := it.cast
	cs.Check, cs.Line = "resolving", st.Line
	perm := isPermanentCard(*it.spell)
	if len(cs.Targets) > 0 {
		legal := 0
		for _, r := range cs.Targets {
			if _, isP := parsePlayer(r); isP || g.offBattlefieldRef(r, it.spell.Text) {
				legal++
			} else if o := g.lastKnown(r); o != nil && o.onBF {
				legal++
			}
		}
		rule := "608.2b"
		if perm {
			rule = "608.3b"
		}
		if legal == 0 {
			g.note(st.Line, fmt.Sprintf("%s doesn't resolve: its targets are all illegal (no longer on the battlefield), and it is put into its owner's graveyard", it.text), rule)
			g.spellToGraveyard(st.Line, it, "countered on resolution")
			return
		}
		if perm && !g.auraStillLegal(it) {
			g.note(st.Line, fmt.Sprintf("%s doesn't resolve: its target is illegal, as its enchant ability can't enchant it now (303.4a), and it is put into its owner's graveyard", it.text), rule)
			g.spellToGraveyard(st.Line, it, "countered on resolution")
			return
		}
	}
	switch {
	case perm && len(cs.Targets) > 0:
		g.note(st.Line, fmt.Sprintf("%s resolves (cast on line %d): it becomes a permanent and enters the battlefield under %s control attached to %s", it.srcName, it.line, poss(it.ctrl), cs.Targets[0]), "608.3c")
	case perm:
		g.note(st.Line, fmt.Sprintf("%s resolves (cast on line %d): it becomes a permanent and enters the battlefield under %s control", it.srcName, it.line, poss(it.ctrl)), "608.3a")
	default:
		g.note(st.Line, fmt.Sprintf("%s resolves (cast on line %d)", it.srcName, it.line), "608.2")
	}
	g.exec(&cs)
	g.cached = nil
}

// auraStillLegal: an Aura spell's target is still one its enchant ability
// can enchant (608.3b, 303.4a); true for a spell that isn't an Aura.
func (g *game) auraStillLegal(it *stackItem) bool {
	if !containsFold(it.spell.Subtypes, "Aura") || len(it.cast.Targets) == 0 {
		return true
	}
	o := g.ref0(it.cast.Targets[0])
	if o == nil {
		return false
	}
	s := g.current()
	return s.canEnchant(g.auraChars(*it.spell, it.ctrl), s.slot[o], false)
}

// spellToGraveyard puts a spell that leaves the stack without resolving
// into its owner's graveyard (701.6a, 608.2b), as the card it was cast
// as (its alias kept), through the effects that replace where it goes.
func (g *game) spellToGraveyard(line int, it *stackItem, how string) {
	g.nextID++
	g.cardToGraveyard(line, &card{id: g.nextID, name: it.spell.Name, alias: it.cast.Alias, def: *it.spell, owner: it.ctrl, line: line, how: how})
}

// maxResolveAll bounds "resolve all": objects that keep putting more on
// the stack would never let it end (104.4b).
const maxResolveAll = 100

// resolveAll is "resolve all": the players pass in succession, each time,
// until the stack is empty (117.4, 405.5). After each object resolves,
// state-based actions are performed and the abilities that triggered go
// on the stack, on top of what waits there, before a player receives
// priority again (117.3b, 117.5, 603.3): they resolve before the spells
// below them. A triggered ability whose targets the statement can't
// choose (603.3d), having several legal ones, stops it, with the stack as it is. With the stack
// already empty, nothing resolves.
func (g *game) resolveAll(st *Stmt) {
	if len(g.stack) == 0 {
		g.note(st.Line, "the stack is empty: nothing resolves", "405.5")
		return
	}
	for n := 0; len(g.stack) > 0; n++ {
		if g.cancelled() {
			return
		}
		if n == maxResolveAll {
			g.errorf(st.Line, "\"resolve all\" stopped after %d objects with %d still on the stack: the objects keep adding to it (104.4b)", n, len(g.stack))
			return
		}
		it := g.stack[len(g.stack)-1]
		if it.spell == nil && it.spec != nil && len(it.targets) == 0 && targetsToChoose(it.spec.effect) {
			if c := it.choice; c != nil {
				g.errorf(st.Line, "\"resolve all\" stops at %s's triggered ability %q: its controller chooses its target (603.3d), and %q has %d legal choices: %s; write \"resolve targeting REF\" with one of them, then \"resolve all\" (%d on the stack)", it.srcName, it.text, c.noun, len(c.legal), legalList(c.legal), len(g.stack))
				return
			}
			g.errorf(st.Line, "\"resolve all\" stops at %s's triggered ability %q: its controller chooses its targets (603.3d), which the statement can't; write \"resolve targeting REF\" for it, then \"resolve all\" (%d on the stack)", it.srcName, it.text, len(g.stack))
			return
		}
		if n > 0 {
			// Each object resolves at its own time: what it makes is
			// later than what the one before made (613.7b, 613.7d).
			g.ts++
			g.clean = false
		}
		g.resolveTop(st)
		g.cached = nil
		g.settle(st.Line)
	}
}

// targetsToChoose reports whether a triggered ability's effect has a
// target its controller chooses: an instance of the word "target"
// (115.1d) other than "target opponent", which in a two-player game is
// the one opponent (102.2).
func targetsToChoose(effect string) bool {
	low := strings.ToLower(effect)
	for _, m := range reTargetWord.FindAllStringIndex(low, -1) {
		if !strings.HasPrefix(low[m[1]:], " opponent") {
			return true
		}
	}
	return false
}

var (
	reEffGain         = regexp.MustCompile(`^(?:you )?gain (\w+) life$`)
	reEffLose         = regexp.MustCompile(`^you lose (\w+) life$`)
	reEffOppLose      = regexp.MustCompile(`^(each opponent|each player|target player|target opponent|that player|defending player) loses (\w+) life(?: and you gain (\w+) life)?(?:, where x is your devotion to (white|blue|black|red|green))?$`)
	reEffGainLost     = regexp.MustCompile(`^you gain life equal to the life lost this way$`)
	reEffItsCtrl      = regexp.MustCompile(`^its controller (gains|loses) (\w+) life$`)
	reEffReturnExiled = regexp.MustCompile(`^return the exiled (?:card|cards|permanent|permanents) to the battlefield under (?:its|their) owners?'s? control$`)
	reEffGainEqual    = regexp.MustCompile(`^you gain life equal to that creature's (power|toughness)$`)
	reEffPump         = regexp.MustCompile(`^(~|it|that creature|target creature|target creature you control) gets? ([+-]\d+)/([+-]\d+) until end of turn( for each creature blocking it)?$`)
	reEffDamage       = regexp.MustCompile(`^(~|it|enchanted creature|equipped creature) deals (\w+) damage to (.+)$`)
	reEffDraw         = regexp.MustCompile(`^(?:you )?draws? (a card|\w+ cards)$`)
	reEffCounters     = regexp.MustCompile(`^put (\w+) (\S+) counters? on (~|it|target creature|target creature you control|target creature or enchantment you control|target permanent|each creature you control|each other creature you control)$`)
	reEffSentences    = regexp.MustCompile(`\.\s+`)
)

// carryOut follows a resolving ability's instructions in order (608.2c).
func (g *game) carryOut(st *Stmt, it *stackItem) {
	text := strings.TrimSuffix(strings.TrimSpace(it.spec.effect), ".")
	if m := reIfClause.FindStringSubmatch(text); m != nil {
		g.unmodeled(st.Line, it.srcName, it.text+" [an intervening \"if\" clause (603.4) is not checked: the effect is carried out]")
		text = m[1]
	}
	for _, sentence := range reEffSentences.Split(text, -1) {
		sentence = strings.TrimSpace(strings.TrimSuffix(sentence, "."))
		if sentence == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(sentence, "you may "); ok {
			g.note(st.Line, fmt.Sprintf("%q is optional: the scenario has its controller (%s) choose to do it", sentence, it.ctrl), "603.5")
			sentence = rest
		}
		if !g.effect(st, it, sentence) {
			g.unmodeled(st.Line, it.srcName, sentence+" [effect of a resolving triggered ability: not modelled, state its result with a statement]")
			g.dependsOn(it.text)
		}
	}
}

var reIfClause = regexp.MustCompile(`^if [^,]+, (.+)$`)

// effectModelled reports whether carryOut models every sentence of a
// triggered ability's effect (for the report when the object enters).
func (g *game) effectModelled(t *trigSpec, name string) []string {
	var bad []string
	text := strings.TrimSuffix(strings.TrimSpace(t.effect), ".")
	if m := reIfClause.FindStringSubmatch(text); m != nil {
		bad = append(bad, "intervening \"if\" clause (603.4)")
		text = m[1]
	}
	for _, s := range reEffSentences.Split(text, -1) {
		s = strings.TrimPrefix(strings.TrimSpace(strings.TrimSuffix(s, ".")), "you may ")
		if s == "" {
			continue
		}
		if simpleEffect(s) {
			continue
		}
		if _, miss := g.compileSpell(s, name); len(miss) == 0 {
			continue
		}
		bad = append(bad, s)
	}
	return bad
}

func simpleEffect(s string) bool {
	switch {
	case reEffGain.MatchString(s), reEffLose.MatchString(s), reEffOppLose.MatchString(s), reEffDraw.MatchString(s), reEffCounters.MatchString(s), reEffGainLost.MatchString(s), reEffItsCtrl.MatchString(s), reEffPump.MatchString(s), reEffGainEqual.MatchString(s), reEffReturnExiled.MatchString(s):
		return true
	}
	if m := reEffDamage.FindStringSubmatch(s); m != nil {
		if _, ok := damageRecipients[m[3]]; ok {
			return true
		}
	}
	if m := reEffCounter.FindStringSubmatch(s); m != nil {
		_, ok := counterFilter(m[1]) // counter.go
		return ok
	}
	return moreSimple(s) // spellfx.go
}

// damageRecipients are the recipients of "~ deals N damage to ..." the
// engine models: true when the ability targets (a target chosen with
// "resolve targeting REF").
var damageRecipients = map[string]bool{
	"any target": true, "target creature": true, "target player": true, "target opponent": true,
	"target creature or player": true, "target player or planeswalker": true, "target creature or planeswalker": true,
	"target creature an opponent controls": true, "target creature you don't control": true,
	"each opponent": false, "each player": false, "each creature": false, "each other creature": false,
	"each creature your opponents control": false, "each creature you don't control": false, "you": false,
	"that player": false, "defending player": false, "each creature and each player": false,
	"its owner": false, "its controller": false,
}

func effNumber(s string) (int, bool) {
	if n, ok := numberWords[s]; ok {
		return n, true
	}
	return number(s)
}

// effect carries out one sentence of a resolving triggered ability; false
// when the engine does not model it.
func (g *game) effect(st *Stmt, it *stackItem, s string) bool {
	line := st.Line
	if !reEffGain.MatchString(s) && !reEffLose.MatchString(s) && !reEffOppLose.MatchString(s) && !reEffDraw.MatchString(s) && !reEffGainLost.MatchString(s) && !reEffItsCtrl.MatchString(s) {
		g.clean = false // it may change a permanent
	}
	if m := reEffGain.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[1])
		if !ok {
			return false
		}
		g.lifeChange(line, it.ctrl, n, it.srcName)
		return true
	}
	if m := reEffLose.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[1])
		if !ok {
			return false
		}
		g.lifeChange(line, it.ctrl, -n, it.srcName)
		return true
	}
	if m := reEffItsCtrl.FindStringSubmatch(s); m != nil {
		// "Its controller gains 4 life": the controller of the target, as
		// it last existed if it has left (608.2h).
		n, ok := effNumber(m[2])
		if !ok || len(it.targets) == 0 {
			return false
		}
		var who Player
		if p, isP := parsePlayer(it.targets[0]); isP {
			who = p
		} else if o := g.lastKnown(it.targets[0]); o != nil {
			who = o.lastCtrl
		} else {
			return false
		}
		if m[1] == "loses" {
			n = -n
		}
		g.lifeChange(line, who, n, it.srcName)
		return true
	}
	if m := reEffPump.FindStringSubmatch(s); m != nil {
		return g.pump(st, it, m)
	}
	if m := reEffCounter.FindStringSubmatch(s); m != nil {
		return g.counterSpell(st, it, m[1], m[2])
	}
	if reEffReturnExiled.MatchString(s) {
		return g.returnExiled(st, it)
	}
	if m := reEffGainEqual.FindStringSubmatch(s); m != nil {
		// The creature the event was about, as it last existed (608.2h).
		if it.subjLKI == nil {
			return false
		}
		n := it.subjLKI.T
		if m[1] == "power" {
			n = it.subjLKI.P
		}
		g.lifeChange(line, it.ctrl, max(n, 0), it.srcName)
		return true
	}
	if reEffGainLost.MatchString(s) {
		g.lifeChange(line, it.ctrl, it.lost, it.srcName+", the life lost this way")
		return true
	}
	if m := reEffOppLose.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[2])
		if m[2] == "x" && m[4] != "" {
			// 700.5: devotion counts the mana symbols of that color among
			// the mana costs of permanents its controller controls.
			n, ok = g.current().devotion(it.ctrl, colorWords[m[4]]), true
			g.note(line, fmt.Sprintf("X is %s devotion to %s: %d", poss(it.ctrl), m[4], n), "700.5")
		}
		if !ok {
			return false
		}
		var who []Player
		switch m[1] {
		case "each player":
			who = []Player{g.active, other(g.active)}
		case "that player", "defending player":
			if it.player != nil {
				who = []Player{*it.player}
			} else {
				who = []Player{other(it.ctrl)}
			}
		case "target player":
			p, ok := g.targetPlayer(st, it)
			if !ok {
				return true
			}
			who = []Player{p}
		default:
			who = []Player{other(it.ctrl)}
		}
		for _, p := range who {
			g.lifeChange(line, p, -n, it.srcName)
			it.lost += n
		}
		if m[3] != "" {
			k, ok := effNumber(m[3])
			if !ok {
				return false
			}
			g.lifeChange(line, it.ctrl, k, it.srcName)
		}
		return true
	}
	if m := reEffDraw.FindStringSubmatch(s); m != nil {
		n := 1
		if m[1] != "a card" {
			k, ok := effNumber(strings.TrimSuffix(m[1], " cards"))
			if !ok {
				return false
			}
			n = k
		}
		g.draw(line, it.ctrl, n)
		return true
	}
	if m := reEffCounters.FindStringSubmatch(s); m != nil {
		n, ok := effNumber(m[1])
		if !ok {
			return false
		}
		var o *Object
		if each, ok := strings.CutPrefix(m[3], "each "); ok {
			s0 := g.current()
			f := Filter{Types: []string{"Creature"}, Control: 1, Other: strings.HasPrefix(each, "other ")}
			self := -1
			if i, ok := s0.slot[it.src]; ok && it.src != nil {
				self = i
			}
			k := 0
			for i, x := range s0.objs {
				if s0.matches(&f, i, it.ctrl, self) {
					g.putCountersEvent(line, x, m[2], n)
					k++
				}
			}
			g.note(line, fmt.Sprintf("%s put on each of %s", countersOf(n, m[2]), plural(k, "creature")), "122.1")
			return true
		}
		if m[3] == "~" || m[3] == "it" {
			o = it.src
			if m[3] == "it" && it.spec != nil && !it.spec.self && it.subj != nil {
				o = it.subj // the object the event was about
			}
			if o == nil || !o.onBF {
				g.note(line, fmt.Sprintf("%s has left the battlefield: no counters are put on it", it.srcName), "400.7")
				return true
			}
		} else {
			t, ok := g.targetObject(st, it)
			if !ok {
				return true
			}
			o = t
		}
		put := g.putCountersEvent(line, o, m[2], n)
		if m[2] == "loyalty" {
			o.pw = true
		}
		g.note(line, fmt.Sprintf("%s put on %s", countersOf(put, m[2]), o.display()), "122.1")
		return true
	}
	if moreSimple(s) && g.moreEffect(st, it, s) { // spellfx.go
		return true
	}
	if it.returns != nil && s == returnText(it.counter) {
		return g.returnDied(st, it) // persist.go
	}
	if m := reFxOnObject.FindStringSubmatch(s); m != nil && it.delayedObj != nil {
		return g.onObject(st, it, m) // delayed.go
	}
	if m := reEffDamage.FindStringSubmatch(s); m != nil {
		who := m[1]
		m = m[1:]
		targeted, known := damageRecipients[m[2]]
		n, ok := effNumber(m[1])
		if !known || !ok {
			return false
		}
		s0 := g.current()
		src := dmgSource{name: it.srcName, ch: it.lki, ctrl: it.ctrl}
		if it.src != nil {
			src = sourceOf(s0, it.src, it.lki)
			src.name = it.srcName
		}
		if who == "enchanted creature" || who == "equipped creature" {
			// The object the source is attached to deals the damage, with
			// its own characteristics (deathtouch, infect, lifelink).
			if it.src == nil || it.src.attachedTo == nil || !it.src.attachedTo.onBF {
				g.note(line, fmt.Sprintf("%s is attached to nothing: %q does nothing", it.srcName, s), "608.2b")
				return true
			}
			src = sourceOf(s0, it.src.attachedTo, nil)
		}
		var to []dmgTarget
		switch {
		case targeted:
			t, ok := g.anyTarget(st, it, m[2])
			if !ok {
				return true
			}
			to = append(to, t)
		case m[2] == "each opponent":
			to = append(to, dmgTarget{player: other(it.ctrl)})
		case m[2] == "you":
			to = append(to, dmgTarget{player: it.ctrl})
		case m[2] == "its owner" || m[2] == "its controller":
			o := it.src
			if who == "enchanted creature" || who == "equipped creature" {
				o = it.src.attachedTo
			}
			p := o.owner
			if m[2] == "its controller" {
				p = src.ctrl
			}
			to = append(to, dmgTarget{player: p})
		case m[2] == "that player" || m[2] == "defending player":
			p := other(it.ctrl)
			if it.player != nil {
				p = *it.player
			}
			to = append(to, dmgTarget{player: p})
		default:
			f := Filter{Types: []string{"Creature"}}
			switch m[2] {
			case "each other creature":
				f.Other = true
			case "each creature your opponents control", "each creature you don't control":
				f.Control = 2
			}
			self := -1
			if i, ok := s0.slot[it.src]; ok && it.src != nil {
				self = i
			}
			for i, o := range s0.objs {
				if s0.matches(&f, i, it.ctrl, self) {
					to = append(to, dmgTarget{obj: o})
				}
			}
			if m[2] == "each player" || m[2] == "each creature and each player" {
				to = append(to, dmgTarget{player: g.active}, dmgTarget{player: other(g.active)})
			}
		}
		for _, t := range to {
			g.dealDamage(line, s0, src, t, n, false)
		}
		return true
	}
	// Anything the spell compiler models ("target creature gets +2/+2
	// until end of turn", "~ gets +1/+1 until end of turn", "destroy
	// target creature").
	if it.src == nil {
		return false
	}
	tmpls, miss := g.compileSpell(s, strings.TrimSpace(it.src.name))
	if len(miss) > 0 || len(tmpls) == 0 {
		return false
	}
	var targets []*Object
	self := false
	for _, t := range tmpls {
		if t.Sel.Kind == selSelf {
			self = true
		}
	}
	if self {
		obj := it.src
		if it.spec != nil && !it.spec.self && it.subj != nil && (strings.HasPrefix(s, "it ") || strings.HasPrefix(s, "that creature ")) {
			// "Whenever a creature you control becomes blocked, it gets
			// +1/+1": "it" is the object the event was about.
			obj = it.subj
		}
		if !obj.onBF {
			g.note(line, fmt.Sprintf("%s has left the battlefield: %q has no object to apply to", obj.display(), s), "400.7")
			return true
		}
		targets = []*Object{obj}
	} else {
		for _, r := range it.targets {
			o, ok := g.ref(line, r)
			if !ok {
				return true
			}
			targets = append(targets, o)
		}
	}
	g.resolving = it.src
	g.resolveObjs(st, it.srcName, "", s, targets)
	g.resolving = nil
	return true
}

// targetPlayer is the player an ability targets: "resolve targeting
// opponent".
func (g *game) targetPlayer(st *Stmt, it *stackItem) (Player, bool) {
	if len(it.targets) == 0 {
		g.errorf(st.Line, "%s's ability targets a player: write \"resolve targeting you\" or \"resolve targeting opponent\"", it.srcName)
		return You, false
	}
	p, ok := parsePlayer(it.targets[0])
	if !ok {
		g.errorf(st.Line, "%q is not a player: expected you or opponent", it.targets[0])
	}
	return p, ok
}

func (g *game) targetObject(st *Stmt, it *stackItem) (*Object, bool) {
	if len(it.targets) == 0 {
		g.errorf(st.Line, "%s's ability targets: write \"resolve targeting REF\"", it.srcName)
		return nil, false
	}
	return g.ref(st.Line, it.targets[0])
}

// anyTarget is the target of a damage ability: a player (you, opponent) or
// a permanent, checked against what the ability may target (608.2b).
func (g *game) anyTarget(st *Stmt, it *stackItem, what string) (dmgTarget, bool) {
	if len(it.targets) == 0 {
		if what == "target opponent" {
			return dmgTarget{player: other(it.ctrl)}, true
		}
		g.errorf(st.Line, "%s's ability deals damage to %s: write \"resolve targeting REF\" (or you, opponent)", it.srcName, what)
		return dmgTarget{}, false
	}
	if p, ok := parsePlayer(it.targets[0]); ok {
		if !strings.Contains(what, "player") && !strings.Contains(what, "opponent") && what != "any target" {
			g.errorf(st.Line, "%s can't be the target of %q: it targets %s (115.1)", p, it.text, what)
			return dmgTarget{}, false
		}
		return dmgTarget{player: p}, true
	}
	o, ok := g.ref(st.Line, it.targets[0])
	if !ok {
		return dmgTarget{}, false
	}
	s := g.current()
	c := s.ch[s.slot[o]]
	legal := c.is("Creature") && (strings.Contains(what, "creature") || what == "any target") ||
		c.is("Planeswalker") && (strings.Contains(what, "planeswalker") || what == "any target") ||
		c.is("Battle") && what == "any target"
	if legal && strings.Contains(what, "opponent controls") || legal && strings.Contains(what, "don't control") {
		legal = c.Controller != it.ctrl
	}
	if !legal {
		g.errorf(st.Line, "%s is not a legal target for %q (it targets %s) (115.1)", o.display(), it.text, what)
		return dmgTarget{}, false
	}
	if it.lki != nil {
		if prot := protectedFrom(c, it.lki); prot != "" {
			g.errorf(st.Line, "%s has %s and can't be the target of abilities from %s (702.16b)", o.display(), prot, it.srcName)
			return dmgTarget{}, false
		}
	}
	return dmgTarget{obj: o}, true
}

// StackView is an object on the stack in an answer, top first.
type StackView struct {
	Kind       string `json:"kind"` // "spell" or "triggered ability"
	Source     string `json:"source"`
	Controller string `json:"controller"`
	Text       string `json:"text"`
}

// triggerName is the name an ability's text calls its object by: the
// object's name now (a copy's abilities name what it copied, 707.2), or
// the name it entered with.
func triggerName(o *Object, c *Chars) string {
	if c.Name != "" {
		return c.Name
	}
	return o.name
}

// spellEffects splits the sentences of a spell the compiler did not model
// into those the engine's effects carry out (damage, life, drawing) and
// the rest.
func (g *game) spellEffects(name string, bad []string) (simple, rest []string) {
	for _, b := range bad {
		low := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(selfRef(normQuotes(b), name)), "."))
		if simpleEffect(low) {
			simple = append(simple, low)
			continue
		}
		rest = append(rest, b)
	}
	return simple, rest
}

// carrySpell carries out those sentences of a resolving instant or
// sorcery, with the spell as the source of its damage (120.2b) and its
// targets from the statement.
func (g *game) carrySpell(st *Stmt, name string, sentences []string) {
	it := &stackItem{srcName: name, ctrl: st.Player, text: name, targets: st.Targets, dealtFrom: len(g.dealt), objsFrom: len(g.objs)}
	if d := g.casting; d != nil {
		it.lki = g.spellChars(st.Player, *d) // its characteristics on the stack (offfield.go)
	}
	for _, s := range sentences {
		g.effect(st, it, s)
	}
}

// lastKnown finds the object a reference named, on the battlefield or not
// (for the last known information of a target that has left, 608.2h).
func (g *game) lastKnown(r string) *Object {
	k := fold.Key(r)
	var found *Object
	for _, o := range g.objs {
		ak, nk := o.keys()
		if (o.alias != "" && ak == k) || nk == k {
			found = o
		}
	}
	return found
}

// castToStack puts a spell on the stack (601.2a, 405.1) with its targets
// chosen now (601.2c); "resolve" resolves it once what is above it has.
func (g *game) castToStack(st *Stmt, d CardDef) {
	if isPermanentCard(d) && len(st.Targets) > 0 && !containsFold(d.Subtypes, "Aura") {
		g.errorf(st.Line, "%s is not an Aura: a permanent spell without enchant has no target and enters unattached (303.4h, 301.5b); use \"attach\" for Equipment", d.Name)
		return
	}
	for _, r := range st.Targets {
		if _, ok := parsePlayer(r); ok || g.offBattlefieldRef(r, d.Text) {
			continue
		}
		if _, ok := g.ref(st.Line, r); !ok {
			return
		}
	}
	if isPermanentCard(d) && len(st.Targets) > 0 && !g.auraTargetLegal(st, d) {
		return // 601.2c: an Aura spell targets what it can enchant (303.4a)
	}
	text := d.Name
	if st.Alias != "" {
		text += " (" + st.Alias + ")"
	}
	if len(st.Targets) > 0 {
		text += " targeting " + strings.Join(st.Targets, " and ")
	}
	g.stack = append(g.stack, &stackItem{srcName: d.Name, ctrl: st.Player, text: text, line: st.Line, spell: &d, cast: *st})
	g.note(st.Line, fmt.Sprintf("%s %s: it is put on the stack (%d on the stack)", says(st.Player, "casts"), text, len(g.stack)), "601.2a")
}

// pump carries out "it gets +N/+N until end of turn [for each creature
// blocking it]": a continuous effect in layer 7c (613.4c) on the object
// the sentence names, the count taken once as it resolves (608.2h).
func (g *game) pump(st *Stmt, it *stackItem, m []string) bool {
	p, _ := strconv.Atoi(m[2])
	t, _ := strconv.Atoi(m[3])
	var o *Object
	switch m[1] {
	case "~":
		o = it.src
	case "it", "that creature":
		o = it.src
		if it.spec != nil && !it.spec.self && it.subj != nil {
			o = it.subj
		}
	default:
		x, ok := g.targetObject(st, it)
		if !ok {
			return true
		}
		o = x
	}
	if o == nil || !o.onBF {
		g.note(st.Line, fmt.Sprintf("%s is no longer on the battlefield: %q does nothing", it.srcName, m[0]), "400.7")
		return true
	}
	if m[4] != "" {
		n := 0
		if g.combat != nil {
			if a := g.combat.find(o); a != nil {
				for _, b := range a.blockers {
					if b.onBF && g.combat.blocking[b] == a {
						n++
					}
				}
			}
		}
		p, t = p*n, t*n
	}
	if t < 0 {
		g.comp.lowers = true
	}
	tm := &Template{Sentence: m[0], Sel: Selector{Kind: selTarget, Noun: "it"}, UntilEOT: true,
		Parts: []Part{{Layer: L7c, Op: opModPT, P: p, T: t}}}
	g.addEffect(&Effect{t: tm, srcName: it.srcName, ctrl: it.ctrl, targets: []*Object{o}, line: st.Line})
	return true
}
