package engine

// Characteristics of objects outside the battlefield. The layer system
// applies to objects in every zone (613.1 starts from "the actual object",
// wherever it is): a static ability of a permanent applies at any moment to
// whatever its text indicates (611.3a), cards in a graveyard or a hand and
// spells on the stack included ("Cards in graveyards lose all abilities",
// "All cards that aren't on the battlefield, spells, and permanents are
// colorless"), and a card's own characteristic-defining abilities function
// everywhere (113.6a, 604.3). Other abilities of a card function only on
// the battlefield (113.6), so they generate no effects from a graveyard.

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// zoneMask is a set of zones (bit 1<<Zone).
type zoneMask uint8

func zoneBit(z Zone) zoneMask { return 1 << zoneMask(z) }

// zonesOffBattlefield: "all cards that aren't on the battlefield, spells,
// and permanents": every zone but the battlefield, and the stack.
const zonesOffBattlefield = zoneMask(1<<ZoneGraveyard | 1<<ZoneExile | 1<<ZoneHand | 1<<ZoneLibrary | 1<<ZoneStack | 1<<ZoneCommand)

var (
	// reZoneSubject: "Cards in graveyards ...", "Creature cards in your
	// graveyard have ...", "Each land card in your hand has ...".
	reZoneSubject = regexp.MustCompile(`^(?:each |all )?((?:[a-z-]+ )*?)cards? in (?:(your|all|each player's|your opponents'|each opponent's|an opponent's) )?(graveyards?|hands?|libraries|library|exile) ((?:has|have|loses?|gains?|is|are|gets?) .+)$`)
	// reZoneAbilities: Necrotic Ooze's "it has all activated abilities of
	// all creature cards in all graveyards" (611.3b: the condition "as
	// long as ~ is on the battlefield" is where a permanent's static
	// ability functions anyway).
	reZoneAbilities          = regexp.MustCompile(`^(?:as long as ~ is on the battlefield, )?(?:~|it) (?:has|have) all activated abilities of all ((?:[a-z-]+ )*?)cards in (all graveyards|graveyards|your graveyard|your opponents' graveyards)$`)
	reOffBattlefieldSentence = regexp.MustCompile(`^all cards that aren't on the battlefield, spells, and permanents (.+)$`)
	// reSameIsTrue: Conspiracy's, Maskwood Nexus's and Celestial Dawn's
	// "The same is true for creature spells you control and creature
	// cards you own that aren't on the battlefield": the previous
	// sentence's effect reaches those objects too.
	reSameIsTrue = regexp.MustCompile(`^the same is true for ((?:[a-z-]+ )*?)spells you control and ((?:[a-z-]+ )*?)cards you own that aren't on the battlefield$`)
	// reOwnedOff: Teferi, Mage of Zhalfir's "Creature cards you own that
	// aren't on the battlefield have flash".
	reOwnedOff = regexp.MustCompile(`^((?:[a-z-]+ )*?)cards you own that aren't on the battlefield ((?:has|have|are|is|gets?) .+)$`)
)

// zonesCards: the zones of cards that aren't on the battlefield, the stack
// aside.
const zonesCards = zonesOffBattlefield &^ zoneMask(1<<ZoneStack)

// zoneSentence compiles the sentences whose subject is cards in a zone
// other than the battlefield. done is false for any other sentence.
func (c *compiler) zoneSentence(raw string, ctx *sctx) (ts []*Template, ok, done bool) {
	if !strings.Contains(raw, "card") && !strings.Contains(raw, "Card") {
		return nil, false, false // every form names cards (a cheap test before lowering)
	}
	low := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(raw), ".")))
	if m := reOffBattlefieldSentence.FindStringSubmatch(low); m != nil && ctx.self {
		// The sentence's permanents part is the battlefield's; the
		// same effect reaches cards in every other zone and spells.
		ts, ok := c.sentence("all permanents "+m[1], ctx)
		if !ok {
			return nil, false, true
		}
		for _, t := range ts {
			t.Sentence = strings.TrimSpace(raw)
			if t.Sel.Kind == selFilter {
				t.Sel.Zones = zonesOffBattlefield
				t.Sel.Noun = "all cards that aren't on the battlefield, spells, and permanents"
			}
		}
		ctx.class = "cards that aren't on the battlefield, spells, and permanents (611.3a)"
		return ts, true, true
	}
	if !ctx.self {
		return nil, false, false
	}
	if m := reSameIsTrue.FindStringSubmatch(low); m != nil {
		ctx.outcome, ctx.class = outRejected, "the same is true for spells and cards that aren't on the battlefield (611.3a)"
		prev := ctx.prev
		spells, ok1 := zoneWords(m[1])
		cards, ok2 := zoneWords(m[2])
		if prev == nil || prev.Sel.Kind != selFilter || !ok1 || !ok2 {
			return nil, false, true
		}
		var out []*Template
		for _, z := range []struct {
			f     Filter
			zones zoneMask
			noun  string
		}{{spells, zoneBit(ZoneStack), strings.TrimSpace(m[1] + "spells you control")}, {cards, zonesCards, strings.TrimSpace(m[2] + "cards you own that aren't on the battlefield")}} {
			t := *prev
			t.Sentence = strings.TrimSpace(raw)
			z.f.Control = 1
			t.Sel = Selector{Kind: selZone, F: z.f, Zones: z.zones, Noun: z.noun}
			out = append(out, &t)
		}
		ctx.outcome = outModelled
		return out, true, true
	}
	if m := reOwnedOff.FindStringSubmatch(low); m != nil {
		ctx.outcome, ctx.class = outRejected, "cards in a zone other than the battlefield (611.3a)"
		f, ok := zoneWords(m[1])
		if !ok {
			return nil, false, true
		}
		f.Control = 1
		t, ok := c.zoneTemplate(raw, m[2], Selector{Kind: selZone, F: f, Zones: zonesCards, Noun: strings.TrimSpace(m[1] + "cards you own that aren't on the battlefield")}, ctx)
		if !ok {
			return nil, false, true
		}
		return []*Template{t}, true, true
	}
	if m := reZoneAbilities.FindStringSubmatch(low); m != nil {
		ctx.outcome, ctx.class = outRejected, "has all activated abilities of cards in graveyards"
		f := Filter{}
		if w := strings.Fields(m[1]); len(w) > 0 {
			pf, ok := parseFilter(w)
			if !ok {
				return nil, false, true
			}
			f = pf
		}
		switch m[2] {
		case "your graveyard":
			f.Control = 1
		case "your opponents' graveyards":
			f.Control = 2
		}
		t := &Template{Sentence: strings.TrimSpace(raw), Sel: Selector{Kind: selSelf, Noun: "~"},
			Parts: []Part{{Layer: L6, Op: opZoneAbilities, Count: &f}}}
		ctx.outcome = outModelled
		return []*Template{t}, true, true
	}
	m := reZoneSubject.FindStringSubmatch(low)
	if m == nil {
		return nil, false, false
	}
	ctx.outcome, ctx.class = outRejected, "cards in a zone other than the battlefield (611.3a)"
	f := Filter{}
	if w := strings.Fields(m[1]); len(w) > 0 {
		pf, ok := parseFilter(w)
		if !ok {
			return nil, false, true
		}
		f = pf
	}
	switch m[2] {
	case "your":
		f.Control = 1
	case "your opponents'", "each opponent's", "an opponent's":
		f.Control = 2
	}
	var z Zone
	switch {
	case strings.HasPrefix(m[3], "graveyard"):
		z = ZoneGraveyard
	case strings.HasPrefix(m[3], "hand"):
		z = ZoneHand
	case strings.HasPrefix(m[3], "librar"):
		z = ZoneLibrary
	default:
		z = ZoneExile
	}
	t, ok := c.zoneTemplate(raw, m[4], Selector{Kind: selZone, F: f, Zones: zoneBit(z), Noun: strings.TrimSpace(low[:len(low)-len(m[4])])}, ctx)
	if !ok {
		return nil, false, true
	}
	return []*Template{t}, true, true
}

// zoneWords reads the words before "cards" or "spells" ("creature ",
// "nonland ", ""): a filter of card types.
func zoneWords(w string) (Filter, bool) {
	if strings.TrimSpace(w) == "" {
		return Filter{}, true
	}
	if f, ok := parseFilter(strings.Fields(w)); ok {
		return f, true
	}
	// "nonland": a card type word with no noun after it.
	return parseFilter(append(strings.Fields(w), "permanents"))
}

// zoneTemplate compiles the predicate of a sentence about cards outside
// the battlefield ("have flying", "lose all abilities", "are black") for
// the selector sel.
func (c *compiler) zoneTemplate(raw, predicate string, sel Selector, ctx *sctx) (*Template, bool) {
	var quoted []string
	pred := reQuoted.ReplaceAllStringFunc(predicate, func(q string) string {
		quoted = append(quoted, strings.Trim(q, "\"“”"))
		return "«" + strconv.Itoa(len(quoted)-1) + "»"
	})
	if len(quoted) > 0 {
		// The quoted abilities keep their case: take them from the raw
		// sentence.
		quoted = quoted[:0]
		reQuoted.ReplaceAllStringFunc(raw, func(q string) string {
			quoted = append(quoted, strings.Trim(q, "\"“”"))
			return q
		})
	}
	t := &Template{Sentence: strings.TrimSpace(raw), Sel: sel}
	for _, clause := range splitClauses(strings.Fields(pred)) {
		parts, ok := c.predicate(clause, quoted, ctx)
		if !ok {
			return nil, false
		}
		t.Parts = append(t.Parts, parts...)
	}
	for _, p := range t.Parts {
		if p.Layer == L2 || p.Layer == lRules {
			return nil, false // control and game rules concern permanents
		}
	}
	ctx.outcome, ctx.class = outModelled, "cards in a zone other than the battlefield (611.3a)"
	return t, true
}

func init() {
	ops[opZoneAbilities] = opInfo{
		name:   "has the activated abilities of cards in graveyards",
		writes: fGainAbilities,
		apply: func(s *state, p Part, e *Effect, c *Chars) string {
			var names []string
			for _, x := range s.g.offObjects(ZoneGraveyard) {
				xc, _ := s.offChars(x)
				if !matchOff(s.g, p.Count, xc, x, e.ctrlNow(s)) {
					continue
				}
				for _, ai := range xc.Abilities {
					if ai.a.Kind != abActivated {
						continue
					}
					c.Abilities = append(c.Abilities, abInst{a: ai.a, grantTS: e.ts, grant: e.key})
					names = append(names, fmt.Sprintf("%q (from %s %s)", ai.a.Text, x.name, x.at()))
				}
			}
			if len(names) == 0 {
				return "gains no abilities: no card it names in a graveyard has an activated ability now (611.3a)"
			}
			return "has " + strings.Join(names, ", ") + " (611.3a: it reads the cards' abilities as they are now)"
		},
	}
}

// offObject is a card in a zone other than the battlefield, or a spell on
// the stack, as the layer system sees it.
type offObject struct {
	c     *card      // a card in a player's zone
	spell *stackItem // or a spell on the stack
	name  string
	alias string
	def   CardDef
	owner Player
	ctrl  Player // a spell's controller; a card's owner (108.4a)
	zone  Zone
	token bool
	// faceDown: a spell cast face down (708.4): a 2/2 creature spell with
	// no text, name, subtypes or mana cost (708.2a).
	faceDown bool
}

func (x offObject) at() string {
	if x.zone == ZoneStack {
		return "on the stack"
	}
	return "in " + x.where()
}

func (x offObject) where() string {
	switch x.zone {
	case ZoneStack:
		return "the stack"
	case ZoneExile:
		return "exile"
	case ZoneCommand:
		return "the command zone"
	}
	return poss(x.owner) + " " + x.zone.String()
}

// offObjects lists the objects in a zone, for both players (oldest
// first), or the spells on the stack (bottom first).
func (g *game) offObjects(z Zone) []offObject {
	var out []offObject
	if z == ZoneStack {
		for _, it := range g.stack {
			if it.spell != nil {
				out = append(out, offObject{spell: it, name: it.spell.Name, alias: it.cast.Alias, def: *it.spell, owner: it.ctrl, ctrl: it.ctrl, zone: ZoneStack, faceDown: it.cast.Mods.FaceDown})
			}
		}
		return out
	}
	for _, p := range []Player{You, Opponent} {
		if g.players[p] == nil {
			continue
		}
		for _, c := range g.players[p].zones[z] {
			out = append(out, offObject{c: c, name: c.name, alias: c.alias, def: c.def, owner: c.owner, ctrl: c.owner, zone: z, token: c.token})
		}
	}
	return out
}

// findOff finds a card in a zone other than the battlefield or a spell on
// the stack by alias, then by name. ok is false when none matches; an
// ambiguous name is an error.
func (g *game) findOff(line int, ref string) (offObject, bool, bool) {
	k := fold.Key(ref)
	var byAlias, byName []offObject
	for z := ZoneGraveyard; z < nZones; z++ {
		for _, x := range g.offObjects(z) {
			switch {
			case x.alias != "" && fold.Key(x.alias) == k:
				byAlias = append(byAlias, x)
			case fold.Key(x.name) == k:
				byName = append(byName, x)
			}
		}
	}
	list := byAlias
	if len(list) == 0 {
		list = byName
	}
	switch len(list) {
	case 0:
		return offObject{}, false, false
	case 1:
		return list[0], true, false
	}
	var where []string
	for _, x := range list {
		where = append(where, x.where())
	}
	g.errorf(line, "%q names %d objects outside the battlefield (%s): give each an alias with \"as ALIAS\"", ref, len(list), strings.Join(where, ", "))
	return offObject{}, false, true
}

// onBattlefield reports whether a reference names a permanent, without
// reporting anything.
func (g *game) onBattlefield(ref string) bool {
	m := g.lookup(ref)
	return len(m.byAlias)+len(m.byName) > 0
}

// offEffect is a continuous effect as it reaches an object outside the
// battlefield.
type offEffect struct {
	e   *Effect
	own *Ability // the object's own characteristic-defining ability (113.6a)
}

// offChars applies the layers to an object outside the battlefield: its
// printed characteristics (its front face, 712.8a), its own
// characteristic-defining abilities (113.6a, 613.3), then the effects of
// static abilities of permanents whose text reaches its zone (611.3a), in
// timestamp order within each layer (613.7).
func (s *state) offChars(x offObject) (*Chars, []TraceStep) {
	g := s.g
	d := x.def
	c := &Chars{
		Name: d.Name, ManaCost: d.ManaCost, Colors: sortColors(d.Colors),
		Supertypes: append([]string(nil), d.Supertypes...), Types: append([]string(nil), d.Types...),
		Subtypes: append([]string(nil), d.Subtypes...), P: ptValue(d.Power), T: ptValue(d.Toughness),
		PUnknown: strings.Contains(d.Power, "*"), TUnknown: strings.Contains(d.Toughness, "*"),
		Controller: x.ctrl,
	}
	for _, a := range g.comp.compileCard(d).abilities {
		c.Abilities = append(c.Abilities, abInst{a: a, fromText: true})
	}
	g.addIntrinsic(c)
	var trace []TraceStep
	if x.faceDown {
		// 613.2b, 708.4: turned face down before it was put on the stack.
		c = &Chars{Types: []string{"Creature"}, P: 2, T: 2, Controller: x.ctrl}
		trace = append(trace, TraceStep{Layer: L1b.String(), Rule: "708.4", Source: "face-down status",
			Effect: "cast face down: a 2/2 creature spell with no text, no name, no subtypes and no mana cost (708.2a)"})
	}
	var fx []offEffect
	for _, ai := range c.Abilities {
		for idx, t := range ai.a.Statics {
			if t.CDA && t.Sel.Kind == selSelf {
				fx = append(fx, offEffect{e: &Effect{key: "own/" + strconv.Itoa(ai.a.id) + "/" + strconv.Itoa(idx), t: t, srcName: x.name, ctrl: x.ctrl, srcCard: x.c}, own: ai.a})
			}
		}
	}
	bit := zoneBit(x.zone)
	for i, o := range s.objs {
		for _, ai := range s.ch[i].Abilities {
			for idx, t := range ai.a.Statics {
				if t.Sel.Zones&bit == 0 {
					continue
				}
				ts := o.ts
				if ai.grantTS > ts {
					ts = ai.grantTS
				}
				e := &Effect{key: staticKey(o, ai, idx), t: t, src: o, srcName: o.display(), ctrl: s.ch[i].Controller,
					ts: ts, sub: ai.grantTS, static: true, abID: ai.a.id, grant: ai.grant}
				if t.Cond != nil && !s.condHolds(e) {
					continue
				}
				fx = append(fx, offEffect{e: e})
			}
		}
	}
	for _, e := range g.effects {
		// An emblem's static ability functions in the command zone and
		// reaches the cards its text names (114.4, 611.3a).
		if e.emblem && !e.ended && e.t.Sel.Zones&bit != 0 {
			fx = append(fx, offEffect{e: e})
		}
	}
	if len(fx) == 0 {
		return c, trace
	}
	var ptCDA []*Ability // its own abilities that define a * power or toughness
	for _, f := range fx {
		if f.own != nil && f.e.t.hasLayer(L7a) {
			ptCDA = append(ptCDA, f.own)
		}
	}
	// 613.3: characteristic-defining abilities first, then timestamp
	// order (613.7); a static ability's effect has its source's
	// timestamp (613.7a).
	sort.SliceStable(fx, func(i, j int) bool {
		if (fx[i].own != nil) != (fx[j].own != nil) {
			return fx[i].own != nil
		}
		if fx[i].e.ts != fx[j].e.ts {
			return fx[i].e.ts < fx[j].e.ts
		}
		return fx[i].e.sub < fx[j].e.sub
	})
	started := map[string]bool{}
	last := L7d
	if s.counting > 0 {
		// Read by a count of its zone (zonecounts.go): what is counted
		// is decided by layer 6.
		last = L6
	}
	for l := L1a; l <= last; l++ {
		for _, f := range fx {
			t := f.e.t
			if !t.hasLayer(l) {
				continue
			}
			if f.own != nil && !c.hasAbility(f.own.id, "") && !started[f.e.key] {
				continue // the ability was removed in an earlier layer (613.6 does not keep it)
			}
			if f.own == nil && !started[f.e.key] && !matchOff(g, &t.Sel.F, c, x, f.e.ctrl) {
				continue
			}
			started[f.e.key] = true // 613.6: it keeps applying to this object in later layers
			for _, p := range t.Parts {
				if p.Layer != l {
					continue
				}
				apply := ops[p.Op].apply
				if apply == nil || p.Op == opControl {
					continue
				}
				what := apply(s, p, f.e, c)
				rule := layerRules[l]
				how := fmt.Sprintf(" (%s: a static ability applies to whatever its text indicates, 611.3a)", x.at())
				if f.own != nil {
					rule, how = "613.3", " (a characteristic-defining ability functions in every zone, 113.6a, 604.3)"
				}
				trace = append(trace, TraceStep{Layer: l.String(), Rule: rule, Source: f.e.srcName, Effect: t.Sentence + " → " + what + how, ts: f.e.ts})
			}
		}
	}
	if len(ptCDA) == 0 || !(c.PUnknown || c.TUnknown) || s.counting > 0 {
		return c, trace
	}
	for _, a := range ptCDA {
		if c.hasAbility(a.id, "") {
			return c, trace
		}
	}
	// The ability that defines its * is gone: the * is 0 (the
	// published ruling on Yixlid Jailer: Tarmogoyf is a 0/1 card
	// in a graveyard then).
	c.PUnknown, c.TUnknown = false, false
	trace = append(trace, TraceStep{Layer: L7a.String(), Rule: "208.2a", Source: x.name,
		Effect: fmt.Sprintf("the characteristic-defining ability that sets its * power or toughness was removed, so nothing defines the *: it counts as 0 → %d/%d", c.P, c.T)})
	return c, trace
}

// matchOff evaluates a filter against the characteristics of an object
// outside the battlefield; "your graveyard" is the graveyard of the
// effect's controller (a card's owner stands for its controller, 108.4a).
func matchOff(g *game, f *Filter, c *Chars, x offObject, you Player) bool {
	o := &Object{token: x.token}
	t := &state{g: g, objs: []*Object{o}, ch: []*Chars{c}, slot: map[*Object]int{o: 0}, owned: []bool{true}, trace: [][]TraceStep{nil}}
	return t.matches(f, 0, you, -1)
}

// offQuery answers "? REF" for a card outside the battlefield or a spell
// on the stack; ok is false when REF names a permanent or nothing there.
func (g *game) offQuery(st *Stmt) (QueryResult, bool) {
	if g.onBattlefield(st.Ref) {
		return QueryResult{}, false
	}
	x, ok, failed := g.findOff(st.Line, st.Ref)
	if !ok {
		return QueryResult{}, failed
	}
	s := g.current()
	c, tr := s.offChars(x)
	v := &ObjectView{
		Name: c.Name, Owner: x.owner.String(), Token: x.token, Zone: x.where(),
		Supertypes: nonNil(append([]string(nil), c.Supertypes...)), Types: nonNil(append([]string(nil), c.Types...)),
		Subtypes: nonNil(append([]string(nil), c.Subtypes...)), Colors: nonNil(append([]string(nil), c.Colors...)),
		Abilities: []string{}, Counters: map[string]int{},
	}
	if x.zone == ZoneStack || x.zone == ZoneCommand {
		v.Controller = x.ctrl.String() // a spell's controller (112.2); an emblem's owner controls it (114.2)
	}
	seen := map[string]bool{}
	for _, ai := range c.Abilities {
		if !seen[ai.a.Text] {
			seen[ai.a.Text] = true
			v.Abilities = append(v.Abilities, ai.a.Text)
		}
	}
	if c.is("Creature") && !c.PUnknown && !c.TUnknown {
		p, t := c.P, c.T
		v.Power, v.Toughness = &p, &t
	}
	if tr == nil {
		tr = []TraceStep{}
	}
	q := QueryResult{Line: st.Line, Query: queryText(st), Object: v, Trace: tr}
	q.DependsOnUnmodelled = g.offDepends(s)
	return q, true
}

// offDepends quotes the unmodelled static sentences of permanents that
// speak of cards or spells: they may change an answer about an object
// outside the battlefield.
func (g *game) offDepends(s *state) []string {
	var out []string
	here := map[string]bool{}
	for _, o := range s.objs {
		here[o.def.Name] = true
	}
	for _, u := range g.rep.Unmodeled {
		if !here[u.Source] {
			continue
		}
		low := strings.ToLower(u.Sentence)
		if strings.Contains(low, "triggered ability") || strings.Contains(low, "activated ability") {
			continue
		}
		if strings.Contains(low, " card") || strings.Contains(low, "spell") || strings.Contains(low, "graveyard") {
			out = append(out, u.Source+": "+u.Sentence)
		}
	}
	return out
}

// zoneModifier reads "in hand", "in your graveyard", "in exile", "in
// library".
func zoneModifier(low string) (string, bool) {
	w := strings.TrimPrefix(strings.TrimPrefix(low, "in "), "the ")
	w = strings.TrimPrefix(strings.TrimPrefix(w, "your "), "its owner's ")
	switch w {
	case "hand", "graveyard", "exile", "library":
		return w, true
	}
	return "", false
}

// putInZone puts a card in its owner's hand, graveyard or library, or in
// exile ("CARD [as ALIAS] (in graveyard)"): an object in that zone
// (400.1), which the layer system sees there too.
func (g *game) putInZone(st *Stmt, d CardDef) {
	m := st.Mods
	var bad []string
	if m.Tapped {
		bad = append(bad, "tapped")
	}
	if len(m.Counters) > 0 {
		bad = append(bad, "counters")
	}
	if m.AttachedTo != "" {
		bad = append(bad, "attached to")
	}
	if m.CopyOf != "" {
		bad = append(bad, "copy of")
	}
	if m.FaceDown || m.Transformed {
		bad = append(bad, "face down or transformed")
	}
	if m.Token {
		bad = append(bad, "token")
	}
	if len(bad) > 0 {
		g.errorf(st.Line, "%s is put in a zone other than the battlefield (in %s): %s apply only to a permanent (110.5, 111.7), expected only \"in ZONE\" and \"as ALIAS\"", d.Name, m.Zone, strings.Join(bad, ", "))
		return
	}
	z := map[string]Zone{"hand": ZoneHand, "graveyard": ZoneGraveyard, "exile": ZoneExile, "library": ZoneLibrary}[m.Zone]
	p := g.pl(st.Player)
	g.nextID++
	p.zones[z] = append(p.zones[z], &card{id: g.nextID, name: d.Name, alias: st.Alias, def: d, owner: st.Player, line: st.Line, how: "put there"})
	if z == ZoneLibrary && p.library >= 0 {
		p.library++
	}
	// A count of cards in graveyards or hands may have changed a
	// permanent's toughness (zonecounts.go): state-based actions are
	// checked again.
	g.clean = false
}

// spellChars are a spell's characteristics as it resolves: the layers
// apply to it on the stack too (611.3a), so a red spell under Mycosynth
// Lattice is colorless when protection asks its color (702.16b, 702.16e).
func (g *game) spellChars(p Player, d CardDef) *Chars {
	c, _ := g.current().offChars(offObject{name: d.Name, def: d, owner: p, ctrl: p, zone: ZoneStack})
	return c
}

// handAlias reads "cast ALIAS" where ALIAS names a card in the caster's
// hand ("CARD as ALIAS (in hand)"): that card is cast (601.2a), and a
// permanent spell's permanent keeps the alias for the scenario to refer to
// it (it is a new object all the same, 400.7).
func (g *game) handAlias(st *Stmt) *Stmt {
	if g.known(st.Card) || g.players[st.Player] == nil {
		return st
	}
	hand := g.players[st.Player].zones[ZoneHand]
	k := fold.Key(st.Card)
	for i, c := range hand {
		if c.alias == "" || fold.Key(c.alias) != k {
			continue
		}
		// The card cast is this one: put it first among its namesakes,
		// which is the one casting takes from the hand.
		copy(hand[1:i+1], hand[:i])
		hand[0] = c
		n := *st
		n.Card, n.Alias = c.def.Name, c.alias
		return &n
	}
	return st
}

// castFaceDown takes "(face down)" off the end of a cast statement: the
// spell is cast face down (708.4, as morph allows, 702.37c).
func castFaceDown(rest string, st *Stmt) string {
	if i := lastIndexFold(rest, "(face down)"); i >= 0 && strings.TrimSpace(rest[i+len("(face down)"):]) == "" {
		st.Mods.FaceDown = true
		return strings.TrimSpace(rest[:i])
	}
	return rest
}
