package engine

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Object is a permanent on (or once on) the battlefield.
type Object struct {
	id       int
	name     string // the name it entered with
	alias    string
	def      CardDef
	printed  []*Ability
	owner    Player
	ctrl     Player // the controller it entered under
	token    bool
	tapped   bool
	faceDown bool
	// front: the front face of a double-faced card whose back face is up
	// (def is then the back face, 712.8e); nil otherwise (faces.go).
	front *CardDef
	// manifested: put onto the battlefield face down by manifest
	// (701.40a), for as long as it is face down.
	manifested bool
	ts         int
	counters   map[string]int
	counterTS  map[string]int
	attachedTo *Object
	pairedWith *Object // soulbond (702.95b), stated with "(paired with REF)"
	onBF       bool
	continuous bool   // under its current controller since the turn began (302.6)
	lastCtrl   Player // controller after the previous statement
	line       int
	base       *Chars // printed characteristics, shared by every computed state
	// damage is marked on it (120.3e) until the cleanup step (514.2);
	// deathtouched: dealt damage by a source with deathtouch since the
	// last state-based action check (704.5h); dmgNoted: 702.12b was noted
	// for the damage it has.
	damage       int
	deathtouched bool
	dmgNoted     bool
	pw           bool             // its loyalty is tracked: it has had loyalty counters (704.5i)
	untapNoted   bool             // 502.3 was noted: it untapped since it entered tapped
	hasTrig      bool             // it has a triggered ability the engine runs
	leftTo       string           // where it went when it left ("its owner's graveyard")
	diverted     bool             // a replacement effect sent it elsewhere than the graveyard (614.6): it didn't die
	damagedBy    map[*Object]bool // sources that dealt it damage this turn (cleared in cleanup)
	// noUntapNext: a resolved effect keeps it from untapping during its
	// controller's next untap step (502.3).
	noUntapNext bool
	// became is the card it became when it left the battlefield (400.7),
	// for an ability that returns that card (persist, undying).
	became *card
	// linked: the cards its abilities exiled, for its linked ability that
	// returns "the exiled card" (607.2a).
	linked []*card
	// condHolds: "(condition holds)": its conditions on what the scenario
	// doesn't hold hold.
	condHolds bool
	aliasKey  string
	nameKey   string // folded name, "" until keys is called
}

// keys returns the folded alias and name references match against.
func (o *Object) keys() (string, string) {
	if o.nameKey == "" {
		o.aliasKey, o.nameKey = fold.Key(o.alias), fold.Key(o.name)
	}
	return o.aliasKey, o.nameKey
}

func (o *Object) display() string {
	if o.alias != "" && !strings.EqualFold(o.alias, o.name) {
		return o.name + " (" + o.alias + ")"
	}
	return o.name
}

type game struct {
	ctx      context.Context // nil: never cancelled
	cards    CardSource
	defs     map[string]CardDef
	comp     *compiler
	objs     []*Object
	effects  []*Effect
	copies   []*copyEffect
	texts    []*textChange // text-changing effects (612), applied in layer 3
	ts       int
	nextID   int
	rep      *Report
	seenUnm  map[string]bool
	tracking bool   // a control-changing effect exists: recompute control after each statement
	cached   *state // full state, valid until a statement changes the game
	// resolved is what the latest effect statement or cast card of each
	// name (folded alias or card name) started, for "end NAME".
	resolved map[string]resolution

	players    [2]*playerState
	active     Player // the player whose turn it is (102.1)
	turn       int
	step       step
	combat     *combat
	stack      []*stackItem // bottom first
	pending    []*stackItem // triggered, waiting to be put on the stack (603.3)
	trigs      map[*Ability]*trigSpec
	grantsTrig bool // an effect grants a triggered ability
	batchSeen  map[batchKey]bool
	resolving  *Object // the source of the triggered ability resolving now
	lifeTrig   bool    // a permanent has a "whenever you gain life" ability
	// zoneLate: sentences reported as entering with a condition on a zone
	// the scenario didn't hold then (zonecond.go).
	zoneLate []zoneReport
	casting  *CardDef // the instant or sorcery resolving now
	// dealt lists the objects dealt damage, in order: a resolving
	// spell's "dealt damage this way" is those after where it began
	// (stackItem.dealtFrom).
	dealt []*Object
	// clean: nothing that a state-based action of a permanent reads
	// (characteristics, damage, attachments, control) has changed since
	// the last full check found none to perform; settle then skips it.
	clean bool
	// spells caches compiled spell and effect texts for the run (the
	// templates are never changed once compiled, like compileCard's).
	spells map[string]compiledSpell
	// gameDepends quotes the text not modelled that may change what the
	// game questions answer (life, zones, the stack): triggered abilities
	// whose trigger event is not recognised, effects of resolving spells
	// and abilities that were not carried out.
	gameDepends []string
	// lifelinkBatch sums lifelink per source while one damage event is
	// dealt (combat damage, 510.2).
	lifelinkBatch map[lifelinkKey]int
	lifelinkOrder []lifelinkKey
	// dmgEvent numbers damage events; replOnce remembers the event in
	// which a prevention effect's additional effect last happened, so it
	// happens once per event (replacement.go).
	dmgEvent int
	replOnce map[string]int
	// shields counts each permanent's regeneration shields (701.19a,
	// regenerate.go).
	shields map[*Object]int
	// selfExile: the resolving instant or sorcery said "Exile ~" (608.2n).
	selfExile bool
	// extraTurns: the players given extra turns, the last given on top
	// (500.7).
	extraTurns []Player
	// delayed: delayed triggered abilities waiting for their event (603.7).
	delayed []delayedTrig
	// shieldUsed: damage already prevented by each prevention shield
	// ("prevent the next 3 damage", 615.7).
	shieldUsed map[string]int
}

// dependsOn records text a game answer may depend on.
func (g *game) dependsOn(text string) {
	text = strings.TrimSuffix(strings.TrimSpace(text), ".")
	for _, d := range g.gameDepends {
		if d == text {
			return
		}
	}
	g.gameDepends = append(g.gameDepends, text)
}

type compiledSpell struct {
	tmpls []*Template
	bad   []string
}

// compileSpell is the compiler's compileSpell, once per text and name.
func (g *game) compileSpell(text, name string) ([]*Template, []string) {
	k := name + "\x00" + text
	if c, ok := g.spells[k]; ok {
		return c.tmpls, c.bad
	}
	t, b := g.comp.compileSpell(text, name)
	if g.spells == nil {
		g.spells = map[string]compiledSpell{}
	}
	g.spells[k] = compiledSpell{t, b}
	return t, b
}

// resolution is what resolving a named effect or cast card started.
type resolution struct {
	line      int
	effects   int      // continuous effects it started
	actions   int      // one-shot actions it performed (610.1)
	unmodeled []string // sentences of its text that were not modelled
	failed    bool     // it reported an error and started nothing more
}

// current returns the full layer state, reusing it across consecutive
// queries (queries do not change the game).
func (g *game) current() *state {
	if g.cached == nil {
		g.cached = g.compute(false)
	}
	return g.cached
}

// Run executes a parsed scenario against a card source. It never panics on
// bad input: problems become Errors in the report and the run continues.
//
// Run stops when ctx is cancelled, between statements and while it applies
// the layers: it then returns the report of the statements that finished
// (nothing of the statement it was in) and ctx.Err().
func Run(ctx context.Context, s *Script, cards CardSource) (*Report, error) {
	g := &game{ctx: ctx, cards: cards, defs: map[string]CardDef{}, comp: newCompiler(),
		rep: &Report{Results: []QueryResult{}, Unmodeled: []Unmodeled{}, Errors: []RunError{}, Notes: []Note{}}, seenUnm: map[string]bool{},
		turn: 1, step: stMain1}
	if s == nil {
		return g.rep, ctx.Err()
	}
	for i := range s.Stmts {
		if err := ctx.Err(); err != nil {
			return g.rep, err
		}
		st := &s.Stmts[i]
		mark := g.mark()
		// Every statement gets the next timestamp; using its line number
		// keeps the order and lets answers say "timestamp 7" for line 7
		// (a Script built by hand without lines still gets increasing ones).
		g.ts = max(g.ts+1, st.Line)
		if !isQuestion(st.Kind) {
			g.cached = nil
		}
		if !keepsClean(st.Kind) {
			g.clean = false
		}
		g.exec(st)
		if !isQuestion(st.Kind) {
			g.cached = nil // the statement may have looked at the state, then changed it
		}
		if changesState(st.Kind) {
			g.settle(st.Line)
		}
		if err := ctx.Err(); err != nil {
			// The statement may have worked on a half-computed state:
			// report none of it.
			g.rewind(mark)
			return g.rep, err
		}
	}
	g.dropStatedZones()
	return g.rep, nil
}

// cancelled reports whether the run's context is done; long loops call it.
func (g *game) cancelled() bool {
	if g.ctx == nil {
		return false
	}
	select {
	case <-g.ctx.Done():
		return true
	default:
		return false
	}
}

// reportMark is the length of each report list before a statement.
type reportMark struct{ results, unmodeled, errors, notes int }

func (g *game) mark() reportMark {
	r := g.rep
	return reportMark{len(r.Results), len(r.Unmodeled), len(r.Errors), len(r.Notes)}
}

// rewind drops what the report gained since m.
func (g *game) rewind(m reportMark) {
	r := g.rep
	r.Results, r.Unmodeled, r.Errors, r.Notes = r.Results[:m.results], r.Unmodeled[:m.unmodeled], r.Errors[:m.errors], r.Notes[:m.notes]
}

func (g *game) errorf(line int, format string, args ...any) {
	g.rep.Errors = append(g.rep.Errors, RunError{Line: line, Message: fmt.Sprintf(format, args...)})
}

func (g *game) unmodeled(line int, source, sentence string) {
	key := source + "\x00" + sentence
	if g.seenUnm[key] {
		return
	}
	g.seenUnm[key] = true
	g.rep.Unmodeled = append(g.rep.Unmodeled, Unmodeled{Line: line, Source: source, Sentence: sentence})
}

// card finds a defined card first, then one from the card source.
// cardNames checks the card names among stated choices ("named NAME"):
// a chosen name must be a card's (201.4); it is written as the card spells
// it.
func (g *game) cardNames(line int, chosen []string) []string {
	out := make([]string, 0, len(chosen))
	for _, c := range chosen {
		if !hasPrefixFold(c, "named ") {
			out = append(out, c)
			continue
		}
		name := strings.TrimSpace(c[len("named "):])
		d, ok := g.defs[fold.Key(name)]
		if !ok && g.cards != nil {
			d, ok = g.cards.Card(name)
		}
		if !ok {
			g.errorf(line, "%q is not the name of a card: a player choosing a card name must choose the name of a card in the Oracle card reference (201.4)", name)
			continue
		}
		out = append(out, "named "+d.Name)
	}
	return out
}

func (g *game) card(line int, name string) (CardDef, bool) {
	if d, ok := g.defs[fold.Key(name)]; ok {
		return d, true
	}
	if g.cards != nil {
		if d, ok := g.cards.Card(name); ok {
			return d, true
		}
	}
	var sugg []string
	for _, d := range g.defs {
		if strings.Contains(fold.Key(d.Name), fold.Key(name)) {
			sugg = append(sugg, d.Name)
		}
	}
	if sg, ok := g.cards.(Suggester); ok {
		sugg = append(sugg, sg.Suggest(name)...)
	}
	msg := fmt.Sprintf("unknown card %q: define it (define NAME = ...) or load card data", name)
	if len(sugg) > 0 {
		msg = fmt.Sprintf("unknown card %q; did you mean %s?", name, strings.Join(sugg, ", "))
	}
	g.rep.Errors = append(g.rep.Errors, RunError{Line: line, Message: msg, Suggestions: sugg})
	return CardDef{}, false
}

// known reports whether a card is defined or in the card source, without
// reporting anything.
func (g *game) known(name string) bool {
	if _, ok := g.defs[fold.Key(name)]; ok {
		return true
	}
	if g.cards != nil {
		_, ok := g.cards.Card(name)
		return ok
	}
	return false
}

// castAlias reports "cast CARD as ALIAS": a cast spell takes no alias. A
// card whose own name has " as " in it (Fight as One) is found by its whole
// name first.
func (g *game) castAlias(st *Stmt) bool {
	i := lastIndexFold(st.Card, " as ")
	if i <= 0 || g.known(st.Card) {
		return false
	}
	card := strings.TrimSpace(st.Card[:i])
	const expected = "\"cast\" takes no alias: expected cast CARD [targeting REF [and REF ...]]"
	d, ok := g.defs[fold.Key(card)]
	if !ok && g.cards != nil {
		d, ok = g.cards.Card(card)
	}
	switch {
	case !ok:
		g.errorf(st.Line, "%s, here \"cast %s\"", expected, card)
		g.card(st.Line, card) // and say the card itself is unknown
	case isPermanentCard(d):
		g.errorf(st.Line, "%s, here \"cast %s\": refer to it as %s, or have it enter with an alias instead of casting it: \"%s as ALIAS (MODIFIERS)\"", expected, d.Name, d.Name, d.Name)
	default:
		g.errorf(st.Line, "%s, here \"cast %s\"; its effects end with \"end %s\" (to name an effect, write effect \"TEXT\" as ALIAS)", expected, d.Name, d.Name)
	}
	return true
}

// ref resolves an alias or the name an object entered with.
func (g *game) ref(line int, r string) (*Object, bool) {
	m := g.lookup(r)
	byAlias, byName, gone := m.byAlias, m.byName, m.gone
	left := gone != nil
	switch {
	case len(byAlias) == 1:
		return byAlias[0], true
	case len(byAlias) > 1:
		g.errorf(line, "%q names %d objects: give each an alias with \"as ALIAS\"", r, len(byAlias))
		return nil, false
	case len(byName) == 1:
		return byName[0], true
	case len(byName) > 1:
		var lines []string
		for _, o := range byName {
			lines = append(lines, fmt.Sprintf("line %d", o.line))
		}
		g.errorf(line, "%q is ambiguous (%d objects entered with that name, %s): give them aliases with \"as ALIAS\"", r, len(byName), strings.Join(lines, ", "))
		return nil, false
	case left:
		if gone != nil && gone.leftTo != "" {
			g.errorf(line, "%q has left the battlefield: it went to %s, where it is a new object (400.7)", r, gone.leftTo)
			return nil, false
		}
		g.errorf(line, "%q has left the battlefield", r)
		return nil, false
	}
	g.errorf(line, "no object %q on the battlefield (use the alias or the name it entered with)", r)
	return nil, false
}

// departed returns the permanent a question names that has left the
// battlefield (by its alias, or by the name it entered with when nothing
// else has it), if no permanent answers to the reference now: a question
// about it is answered by where it went.
func (g *game) departed(r string) *Object {
	m := g.lookup(r)
	if len(m.byAlias)+len(m.byName) > 0 {
		return nil
	}
	var byAlias, byName []*Object
	for _, o := range m.goneAlias {
		if o.leftTo != "" {
			byAlias = append(byAlias, o)
		}
	}
	for _, o := range m.goneName {
		if o.leftTo != "" {
			byName = append(byName, o)
		}
	}
	switch {
	case len(byAlias) == 1:
		return byAlias[0]
	case len(byAlias) == 0 && len(byName) == 1:
		return byName[0]
	}
	return nil
}

// matches are the objects a reference names: on the battlefield by alias
// and by name (or the name of the face up, faces.go), and those that have
// left, gone being the last of them.
type matches struct {
	byAlias, byName     []*Object
	goneAlias, goneName []*Object
	gone                *Object
}

// lookup finds the objects a reference names.
func (g *game) lookup(r string) matches {
	k := fold.Key(r)
	var m matches
	for _, o := range g.objs {
		ak, nk := o.keys()
		switch {
		case o.alias != "" && ak == k && o.onBF:
			m.byAlias = append(m.byAlias, o)
		case o.alias != "" && ak == k:
			m.goneAlias, m.gone = append(m.goneAlias, o), o
		case (nk == k || o.faceName(k)) && o.onBF:
			m.byName = append(m.byName, o)
		case nk == k || o.faceName(k):
			m.goneName, m.gone = append(m.goneName, o), o
		}
	}
	return m
}

// departedResult answers a question about a permanent that has left the
// battlefield: the object it became is a new one, which the question's
// reference no longer names (400.7); a check of what it can do answers no.
func departedResult(st *Stmt, o *Object, check bool) QueryResult {
	ans := fmt.Sprintf("%s has left the battlefield: it went to %s, where it is a new object", o.display(), o.leftTo)
	rs := []Reason{{Rule: "400.7", Text: "An object that moves from one zone to another becomes a new object with no memory of, or relation to, its previous existence."}}
	if check {
		return QueryResult{Line: st.Line, Query: queryText(st), IsCheck: true, Summary: "No: " + ans + ".", Reasons: rs}
	}
	return QueryResult{Line: st.Line, Query: queryText(st), Info: &InfoView{Kind: "left", Answer: ans, Object: o.display()}, Reasons: rs}
}

func isPermanentCard(d CardDef) bool {
	return !containsFold(d.Types, "Instant") && !containsFold(d.Types, "Sorcery")
}

func (g *game) exec(st *Stmt) {
	switch st.Kind {
	case StmtDefine:
		if st.Def == nil {
			g.linkFaces(st) // "define FRONT // BACK" (faces.go)
			return
		}
		g.defs[fold.Key(st.Card)] = *st.Def
	case StmtEnter:
		if st.Alias != "" && g.known(st.Card+" as "+st.Alias) {
			// "Iname as One" is a card's whole name, not Iname with an
			// alias (the whole name wins when both are cards).
			whole := *st
			whole.Card, whole.Alias = st.Card+" as "+st.Alias, ""
			st = &whole
		}
		d, ok := g.card(st.Line, st.Card)
		if !ok {
			return
		}
		if st.Mods.Zone != "" {
			g.putInZone(st, d) // offfield.go
			return
		}
		face, front, ok := g.enterTransformed(st, d, st.Mods) // faces.go
		if !ok {
			return
		}
		if !isPermanentCard(face) && !st.Mods.Manifested {
			g.errorf(st.Line, "%s is not a permanent card: use \"cast %s targeting REF\"", face.Name, face.Name)
			return
		}
		if o := g.enter(st, face, st.Mods, st.Player); o != nil {
			o.front, o.manifested = front, st.Mods.Manifested
		}
	case StmtCast:
		st = g.handAlias(st) // "cast ALIAS" of a card in the hand (offfield.go)
		if g.castAlias(st) {
			return
		}
		d, ok := g.card(st.Line, st.Card)
		if !ok {
			return
		}
		if st.Check != "resolving" {
			g.fromHand(st, d)
		}
		text, ok := g.chooseModes(st, d) // modal.go
		if !ok {
			return
		}
		if text, ok = g.withX(st, d, text); !ok { // xvalue.go
			return
		}
		if st.Check != "resolving" {
			if !g.additionalCosts(st, d) { // addcost.go
				return
			}
			g.prowessTriggers(st, d) // keywordtrigs.go
		}
		if st.Check == "stack" {
			g.castToStack(st, d)
			return
		}
		if isPermanentCard(d) {
			// A permanent spell resolves by entering the battlefield; an Aura
			// enters attached to its target (303.4a).
			mods := Mods{New: true, Cast: true, FaceDown: st.Mods.FaceDown, SpellX: st.X, HasSpellX: st.HasX} // cast face down, it enters face down (708.4, 702.37c)
			if len(st.Targets) > 0 {
				if !containsFold(d.Subtypes, "Aura") {
					g.errorf(st.Line, "%s is not an Aura: a permanent spell without enchant has no target and enters unattached (303.4h, 301.5b); use \"attach\" for Equipment", d.Name)
					return
				}
				mods.AttachedTo = st.Targets[0]
				if !g.auraTargetLegal(st, d) {
					return
				}
			}
			g.enter(st, d, mods, st.Player)
			return
		}
		g.casting, g.selfExile = &d, false
		r := g.resolve(st, d.Name, d.Name, text, st.Targets)
		g.remember(d.Name, r)
		g.casting = nil
		// 608.2n: the spell is put into its owner's graveyard as it
		// finishes resolving (or as it doesn't resolve, 608.2b), or into
		// exile if its text says "Exile ~".
		g.nextID++
		c := &card{id: g.nextID, name: d.Name, def: d, owner: st.Player, line: st.Line, how: "resolved"}
		if g.selfExile {
			ps := g.pl(st.Player)
			ps.zones[ZoneExile] = append(ps.zones[ZoneExile], c)
		} else {
			g.cardToGraveyard(st.Line, c)
		}
	case StmtEffect:
		name := st.Alias
		if name == "" {
			name = fmt.Sprintf("effect (line %d)", st.Line)
		}
		r := g.resolve(st, name, "", st.Text, st.Targets)
		if st.Alias != "" {
			g.remember(st.Alias, r)
		}
	case StmtPutCounters, StmtRemoveCounters:
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		if st.Kind == StmtPutCounters {
			g.putCountersEvent(st.Line, o, st.Counter, st.N)
		} else {
			o.counters[st.Counter] -= st.N
			if o.counters[st.Counter] <= 0 {
				delete(o.counters, st.Counter)
				delete(o.counterTS, st.Counter)
			}
		}
	case StmtCopy:
		g.copy(st)
	case StmtText:
		g.textStmt(st)
	case StmtControl:
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		t := &Template{Sentence: fmt.Sprintf("%s gains control of %s", st.Player, st.Ref),
			Sel: Selector{Kind: selTarget}, Parts: []Part{{Layer: L2, Op: opControl}}}
		if st.UntilEOT {
			// It ends in the cleanup step (514.2).
			t.Sentence += " until end of turn"
			t.UntilEOT = true
		}
		g.addEffect(&Effect{t: t, srcName: fmt.Sprintf("control change (line %d)", st.Line), ctrl: st.Player,
			targets: []*Object{o}, alias: st.Alias, line: st.Line})
		g.tracking = true
	case StmtAttach:
		a, ok1 := g.ref(st.Line, st.Ref)
		b, ok2 := g.ref(st.Line, st.Ref2)
		if !ok1 || !ok2 {
			return
		}
		if a == b {
			g.errorf(st.Line, "an object can't be attached to itself (303.4d, 301.5c)")
			return
		}
		s := g.current()
		ac, bc := s.ch[s.slot[a]], s.ch[s.slot[b]]
		switch {
		case containsFold(ac.Subtypes, "Aura"):
			if !s.canEnchant(ac, s.slot[b], false) {
				g.errorf(st.Line, "%s can't enchant %s, so it doesn't move (303.4j)", a.display(), b.display())
				return
			}
		case containsFold(ac.Subtypes, "Equipment"):
			if ac.is("Creature") || !bc.is("Creature") {
				g.errorf(st.Line, "%s can't equip %s (an Equipment equips only a creature and can't equip while it is a creature), so it doesn't move (301.5b, 301.5c)", a.display(), b.display())
				return
			}
		}
		a.attachedTo = b
		a.ts = g.ts // 613.7e: a new timestamp each time it becomes attached
	case StmtTap, StmtUntap:
		o, ok := g.ref(st.Line, st.Ref)
		if ok {
			o.tapped = st.Kind == StmtTap
		}
	case StmtTurnFace:
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		down := st.Check == "down"
		if (down && g.cantTurnFaceDown(st, o)) || (!down && g.cantTurnFaceUp(st, o)) { // faces.go
			return
		}
		if o.faceDown == down {
			if down {
				// 708.2b: a face-down permanent can't be turned face down.
				g.errorf(st.Line, "%s is already face down: nothing happens (708.2b)", o.display())
			} else {
				g.errorf(st.Line, "%s is already face up", o.display())
			}
			return
		}
		o.faceDown = down
		o.ts = g.ts // 613.7f: a new timestamp each time it turns face up or down
	case StmtEnd:
		g.end(st)
	case StmtLeaves:
		o, ok := g.ref(st.Line, st.Ref)
		if ok {
			s := g.current()
			g.leave(o)
			g.leftTriggers(s, []*Object{o}, ZoneBattlefield, st.Line)
		}
	case StmtQuery:
		if p, ok := parsePlayer(st.Ref); ok {
			g.rep.Results = append(g.rep.Results, g.current().playerQuery(p, st, g.playerView(p)))
			return
		}
		if q, ok := g.offQuery(st); ok {
			if q.Object != nil {
				g.rep.Results = append(g.rep.Results, q) // a card outside the battlefield (offfield.go)
			}
			return
		}
		if o := g.departed(st.Ref); o != nil {
			g.rep.Results = append(g.rep.Results, departedResult(st, o, false))
			return
		}
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		g.rep.Results = append(g.rep.Results, g.current().query(o, st))
	case StmtCheck:
		if o := g.departed(st.Ref); o != nil {
			g.rep.Results = append(g.rep.Results, departedResult(st, o, true))
			return
		}
		o, ok := g.ref(st.Line, st.Ref)
		if !ok {
			return
		}
		g.rep.Results = append(g.rep.Results, g.current().check(o, st))
	default:
		g.execGame(st)
	}
}

func isQuestion(k StmtKind) bool { return k == StmtQuery || k == StmtCheck || k == StmtInfo }

// keepsClean: statements that change no characteristics, damage or
// attachment of a permanent by themselves (an object entering and an
// ability resolving say so themselves, in enter and effect).
func keepsClean(k StmtKind) bool {
	switch k {
	case StmtQuery, StmtCheck, StmtInfo, StmtDefine, StmtLife, StmtEnter, StmtResolve:
		return true
	}
	return false
}

// auraTargetLegal checks an Aura spell's target against its enchant
// ability (303.4a); an illegal target means it doesn't resolve (608.2b).
// Cast "(on the stack)", it can't be chosen as the target at all
// (601.2c).
func (g *game) auraTargetLegal(st *Stmt, d CardDef) bool {
	t, ok := g.ref(st.Line, st.Targets[0])
	if !ok {
		return false
	}
	s := g.current()
	if !s.canEnchant(g.auraChars(d, st.Player), s.slot[t], false) {
		if st.Check == "stack" {
			g.errorf(st.Line, "%s can't enchant %s (303.4a), so it can't be chosen as the Aura spell's target as it is cast (601.2c)", d.Name, t.display())
			return false
		}
		g.errorf(st.Line, "%s can't enchant %s (303.4a): the spell doesn't resolve (608.2b)", d.Name, t.display())
		return false
	}
	return true
}

// auraChars is an Aura spell as its enchant ability sees what it may
// enchant (303.4a): its card's abilities, under its caster's control.
func (g *game) auraChars(d CardDef, ctrl Player) *Chars {
	aura := &Chars{Controller: ctrl}
	for _, a := range g.comp.compileCard(d).abilities {
		aura.Abilities = append(aura.Abilities, abInst{a: a})
	}
	return aura
}

func (g *game) enter(st *Stmt, d CardDef, m Mods, p Player) *Object {
	owner := p
	if m.HasOwner {
		owner = m.Owner
	}
	if g.exiledInstead(st, d, m, owner) { // uncast.go
		return nil
	}
	g.nextID++
	o := &Object{id: g.nextID, name: d.Name, alias: st.Alias, def: d, owner: p, ctrl: p, lastCtrl: p,
		token: m.Token, tapped: m.Tapped, faceDown: m.FaceDown, ts: g.ts,
		counters: map[string]int{}, counterTS: map[string]int{}, onBF: true, continuous: !m.New, line: st.Line, condHolds: m.CondHolds}
	cc := g.comp.compileCard(d)
	if len(m.Chosen) > 0 {
		m.Chosen = g.cardNames(st.Line, m.Chosen)
		// 614.12a: the text that refers to the choice reads it.
		cd, msg := applyChoices(d, m.Chosen)
		if msg != "" {
			g.errorf(st.Line, "%s", msg)
		}
		cc = g.comp.compileCard(cd)
	}
	o.printed = cc.abilities
	var edits []copyEdit
	if !quietEntry(cc, d, m) || g.comp.lowers {
		// What it brings can change what other permanents are, or it may
		// itself be put into the graveyard by a state-based action.
		g.clean = false
	}
	for _, a := range cc.abilities {
		if a.Kind == abTriggered {
			if t := g.trigger(a, d.Name); t != nil {
				o.hasTrig = true
				if t.kind == tGainLife {
					g.lifeTrig = true
				}
			}
		}
		for _, t := range a.Statics {
			for _, p := range t.Parts {
				for _, x := range p.Abilities {
					if x.Kind == abTriggered {
						g.grantsTrig = true
					}
				}
			}
		}
	}
	for _, u := range cc.unmodeled {
		if m.CondHolds && strings.HasSuffix(u, hiddenHint) {
			continue // stated to hold
		}
		if c, ok := cc.zoneUnm[u]; ok {
			if g.condKnown(c, o.ctrl) {
				if m.CondHolds {
					g.note(st.Line, fmt.Sprintf("%s: the condition %q reads what the scenario holds, so the game decides it, not \"condition holds\"", o.display(), c.Text), "611.3a")
				}
				continue
			}
			if m.CondHolds {
				continue // stated to hold
			}
			g.zoneLate = append(g.zoneLate, zoneReport{source: d.Name, sentence: u, cond: c, ctrl: o.ctrl})
		}
		if low := strings.ToLower(selfRef(normQuotes(u), d.Name)); reCantBlockWhat.MatchString(low) || strings.HasSuffix(strings.TrimSuffix(low, "."), "~ can't be blocked") {
			u += " [a restriction on blocking: applied when blockers are declared (509.1b), not by \"? can REF block\"]"
		}
		if text, ok := strings.CutSuffix(u, trigUnmodelledNote); ok {
			t := parseTrigger(text, d.Name)
			switch {
			case t == nil && m.FaceDown:
				u = text
			case t == nil:
				g.dependsOn(text)
			default:
				bad := g.effectModelled(t, d.Name)
				if len(bad) == 0 {
					continue // run: it triggers and resolves (triggers.go)
				}
				// A game answer depends on the unmodelled part only once
				// the ability resolves (triggers.go records it then).
				u = text + " [triggered ability: it triggers and goes on the stack, but this part of its effect is not modelled: " + strings.Join(bad, "; ") + "]"
				if m.FaceDown {
					u = text
				}
			}
		}
		if m.FaceDown {
			// Face down it has no text (708.2a): nothing of it applies yet.
			g.unmodeled(st.Line, d.Name, u+" [face down, it has no abilities (708.2a): this applies only once it is turned face up]")
			continue
		}
		if m.CopyOf != "" {
			covers, sentence, ed := g.copyModifierCovers(u, m)
			edits = append(edits, ed...)
			if covers {
				continue // "(copy of REF)" is that ability's choice, carried out (707.5)
			}
			if sentence != "" {
				note := "this exception is not applied"
				if len(ed) > 0 {
					note = "the parts of this exception about its types and abilities are applied, the rest is not"
				}
				u = sentence + " [it entered with \"(copy of REF)\": the copy is made, " + note + "]"
			}
		}
		g.unmodeled(st.Line, d.Name, u)
	}
	if m.AttachedTo != "" {
		t, ok := g.ref(st.Line, m.AttachedTo)
		if !ok {
			return nil
		}
		o.attachedTo = t
	}
	if m.PairedWith != "" {
		t, ok := g.ref(st.Line, m.PairedWith)
		if !ok {
			return nil
		}
		g.pair(o, t)
	}
	var of *Object
	if m.CopyOf != "" {
		t, ok := g.ref(st.Line, m.CopyOf)
		if !ok {
			return nil
		}
		of = t
	}
	g.objs = append(g.objs, o)
	if of != nil {
		// 707.5: it enters as a copy, not enters and then becomes one.
		g.addCopy(o, of, m.CopyExcept, m.CopyKeepColor, st.Line, edits)
	}
	if cc.entersTapped && !m.FaceDown && !m.Tapped && !g.untappedSince(o, m) {
		// "Enters tapped" (603.6d) is a replacement effect: it applies if
		// the permanent as it would exist on the battlefield, with the
		// continuous effects that would apply to it, has it (614.12), so
		// Blood Moon's "Nonbasic lands are Mountains" stops it.
		s := g.computeTo(L7d, false)
		if i, ok := s.slot[o]; ok && s.ch[i].hasAbility(cc.entersTappedAb.id, "") {
			o.tapped = true
		}
	}
	for _, c := range m.Counters {
		g.putCounters(o, c.Kind, c.N)
	}
	g.entersWithCounters(o, cc, m)
	if o.counters["loyalty"] > 0 {
		o.pw = true
	}
	if g.comp.control {
		g.tracking = true
	}
	if m.New && g.mayTrigger() {
		// Only an object that enters now ("new", or a resolving permanent
		// spell) triggers enters abilities: one without "new" has been on
		// the battlefield since before the turn began.
		// Triggered abilities and what the filters of their trigger
		// events read are known after layer 6.
		g.fire(g.computeTo(L6, false), tEnters, o, nil, st.Line)
	}
	return o
}

// untappedSince reports whether o, stated without "new", has been on the
// battlefield under the active player's control since before the turn
// began, so that it untapped during their untap step (502.3) whatever it
// entered as; it notes so when o would enter tapped. A permanent entering
// now, or the other player's, is as it entered.
func (g *game) untappedSince(o *Object, m Mods) bool {
	if m.New || o.ctrl != g.active {
		return false
	}
	// What keeps it from untapping kept it tapped (Leviathan).
	s := g.compute(false)
	if i, ok := s.slot[o]; ok && s.hasRuleEffect(i, ruleTextNoUntap) {
		return false
	}
	if !o.untapNoted {
		o.untapNoted = true
		g.note(o.line, fmt.Sprintf("%s would have entered tapped, but it has been on the battlefield since before the turn, so it untapped during %s untap step (502.3); write \"(new)\" for one that enters now", o.display(), poss(g.active)), "502.3")
	}
	return true
}

// quietEntry reports whether a permanent entering can't make a
// state-based action of a permanent apply: it has no static ability, isn't
// legendary or a planeswalker, has positive printed toughness, and enters
// without counters, attachment or a copy effect.
func quietEntry(cc *compiledCard, d CardDef, m Mods) bool {
	if m.CopyOf != "" || m.AttachedTo != "" || len(m.Counters) > 0 || m.FaceDown || len(cc.entersWith) > 0 {
		return false
	}
	if containsFold(d.Supertypes, "Legendary") || containsFold(d.Types, "Planeswalker") || containsFold(d.Subtypes, "Aura") {
		return false
	}
	if containsFold(d.Types, "Creature") && (d.Toughness == "" || strings.Contains(d.Toughness, "*") || ptValue(d.Toughness) <= 0) {
		return false
	}
	for _, a := range cc.abilities {
		if a.Kind == abStatic || a.Kind == abEnchant || len(a.Statics) > 0 {
			return false
		}
	}
	return len(cc.unmodeled) == 0 || allTriggered(cc.unmodeled)
}

func allTriggered(us []string) bool {
	for _, u := range us {
		if !strings.HasSuffix(u, trigUnmodelledNote) {
			return false
		}
	}
	return true
}

// trigUnmodelledNote is how the compiler marks a triggered ability.
const trigUnmodelledNote = " [triggered ability: not run by the scenario; state its result with a statement]"

var (
	reEnterAsCopy   = regexp.MustCompile(`(?i)\benters?(?: the battlefield)? as a copy of\b`)
	reCopyException = regexp.MustCompile(`(?i),? except (.+)$`)
	reCopyNoColor   = regexp.MustCompile(`(?i)\bit doesn't copy that creature's colou?r\b`)
	reCopyThisAb    = regexp.MustCompile(`(?i)\bit has this ability\b`)
	reOnlyJoiners   = regexp.MustCompile(`(?i)^[\s,.]*(?:and[\s,.]*)*$`)
)

// copyModifierCovers reports whether an unmodelled sentence is the "you may
// have this enter as a copy of ..." replacement effect (614.1c) that an
// object entering with "(copy of REF)" carries out (707.5). The exceptions
// the modifiers state are carried out by them; those about types, abilities,
// legendary and power and toughness are returned as edits of the copiable
// values (707.9b, 707.9d); any
// other exception is not applied, so such a sentence stays reported. The
// sentence without the compiler's annotation is returned for an
// enter-as-a-copy sentence.
func (g *game) copyModifierCovers(sentence string, m Mods) (bool, string, []copyEdit) {
	if i := strings.LastIndex(sentence, " ["); i >= 0 && strings.HasSuffix(sentence, "]") {
		sentence = sentence[:i] // the compiler's annotation
	}
	if !reEnterAsCopy.MatchString(sentence) {
		return false, "", nil
	}
	ex := reCopyException.FindStringSubmatch(strings.TrimSuffix(strings.TrimSpace(sentence), "."))
	if ex == nil {
		return true, sentence, nil
	}
	var quoted []string
	rest := reQuoted.ReplaceAllStringFunc(ex[1], func(q string) string {
		quoted = append(quoted, strings.Trim(q, "\"“”"))
		return "«" + strconv.Itoa(len(quoted)-1) + "»"
	})
	if m.CopyKeepColor {
		rest = reCopyNoColor.ReplaceAllString(rest, "")
	}
	if m.CopyExcept {
		rest = reCopyThisAb.ReplaceAllString(rest, "")
	}
	var edits []copyEdit
	covered := true
	for i, cl := range strings.Split(rest, " and it") {
		if i > 0 {
			cl = "it" + cl
		}
		cl = strings.Trim(strings.TrimSpace(cl), ",")
		if reOnlyJoiners.MatchString(cl) {
			continue
		}
		ed, ok := g.copyExceptionEdit(strings.TrimSpace(cl), quoted)
		if !ok {
			covered = false
			continue
		}
		edits = append(edits, ed)
	}
	return covered, sentence, edits
}

var (
	reExAddTypes  = regexp.MustCompile(`(?i)^it's (?:a |an )?(.+?) in addition to its other types$`)
	reExHas       = regexp.MustCompile(`(?i)^it has (.+)$`)
	reExNotLegend = regexp.MustCompile(`(?i)^it isn't legendary(?: if that (?:permanent|creature) is legendary)?$`)
	reExPT        = regexp.MustCompile(`(?i)^it's (\d+)/(\d+)$`)

	reQuotedPlaceholder = regexp.MustCompile(`«\d+»`)
)

// copyEdit is one exception of a copy effect as an edit of the copiable
// values (707.9b), and how the trace states it.
type copyEdit struct {
	apply func(*Chars)
	text  string
}

// copyExceptionEdit reads one exception of a copy effect (707.9a) that
// changes types, abilities, the legendary supertype or power and
// toughness.
func (g *game) copyExceptionEdit(cl string, quoted []string) (copyEdit, bool) {
	f, ok := g.copyExceptionFunc(cl, quoted)
	if !ok {
		return copyEdit{}, false
	}
	// The trace quotes a granted ability as printed, not as the
	// placeholder the reading used ("it has «0»").
	shown := reQuotedPlaceholder.ReplaceAllStringFunc(cl, func(ph string) string {
		if i, err := strconv.Atoi(strings.Trim(ph, "«»")); err == nil && i < len(quoted) {
			return "\"" + quoted[i] + "\""
		}
		return ph
	})
	text := shown + " (707.9b)"
	if reExPT.MatchString(cl) {
		text = cl + " (707.9d: a characteristic-defining ability that defines its power or toughness is not copied)"
	}
	return copyEdit{apply: f, text: text}, true
}

func (g *game) copyExceptionFunc(cl string, quoted []string) (func(*Chars), bool) {
	if reExNotLegend.MatchString(cl) {
		return func(c *Chars) {
			c.Supertypes = removeFold(c.Supertypes, func(x string) bool { return strings.EqualFold(x, "Legendary") })
		}, true
	}
	if m := reExAddTypes.FindStringSubmatch(cl); m != nil {
		var types, subs []string
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			switch {
			case w == "and":
			case typeNouns[w] != "":
				types = append(types, typeNouns[w])
			case knownSubtype(w):
				subs = append(subs, capitalize(w))
			default:
				if ct, ok := creatureTypeNoun(w); ok {
					subs = append(subs, capitalize(ct))
					continue
				}
				return nil, false
			}
		}
		return func(c *Chars) {
			c.Types = addUnique(c.Types, types...)
			c.Subtypes = addUnique(c.Subtypes, fitting(subs, c.Types)...)
		}, true
	}
	if m := reExPT.FindStringSubmatch(cl); m != nil {
		// Quicksilver Gargantuan's "except it's 7/7": the copiable power
		// and toughness are these, and a characteristic-defining ability
		// of the copied object that defines them is not copied (707.9d).
		p, _ := strconv.Atoi(m[1])
		t, _ := strconv.Atoi(m[2])
		return func(c *Chars) {
			c.P, c.T, c.PUnknown, c.TUnknown = p, t, false, false
			kept := c.Abilities[:0:0]
			for _, ai := range c.Abilities {
				if !definesPT(ai.a) {
					kept = append(kept, ai)
				}
			}
			c.Abilities = kept
		}, true
	}
	if m := reExHas.FindStringSubmatch(cl); m != nil {
		abs, ok := g.comp.grantList(strings.ToLower(m[1]), quoted)
		if !ok {
			return nil, false
		}
		return func(c *Chars) {
			for _, a := range abs {
				c.Abilities = append(c.Abilities, abInst{a: a, fromText: true})
			}
		}, true
	}
	return nil, false
}

// definesPT: a characteristic-defining ability that defines power or
// toughness (604.3, applied in layer 7a).
func definesPT(a *Ability) bool {
	for _, t := range a.Statics {
		if t.CDA && t.hasLayer(L7a) {
			return true
		}
	}
	return false
}

// putCounters adds counters; every counter of that kind gets the new
// timestamp (613.7c).
func (g *game) putCounters(o *Object, kind string, n int) {
	if n <= 0 {
		return
	}
	g.clean = false
	o.counters[kind] += n
	o.counterTS[kind] = g.ts
	if kind == "loyalty" {
		o.pw = true
	}
}

func (g *game) addEffect(e *Effect) {
	g.clean = false
	for _, p := range e.t.Parts {
		for _, a := range p.Abilities {
			if a.Kind == abTriggered {
				g.grantsTrig = true
			}
		}
	}
	e.ts = g.ts
	e.sub = len(g.effects)
	e.key = fmt.Sprintf("r%d", len(g.effects))
	g.effects = append(g.effects, e)
}

// resolve runs the text of a spell or an effect statement: one-shot actions
// happen now, continuous effects start now (611.2).
func (g *game) resolve(st *Stmt, srcName, castName, text string, refs []string) (res resolution) {
	var targets []*Object
	for _, r := range refs {
		if _, ok := parsePlayer(r); ok && castName != "" {
			continue // a player: the target of a damage or life effect (spelleffects)
		}
		if castName != "" && g.offBattlefieldRef(r, text) {
			continue // a spell on the stack or a card in a graveyard (graveyard.go)
		}
		o, ok := g.ref(st.Line, r)
		if !ok {
			res.line = st.Line
			res.failed = true
			return res
		}
		targets = append(targets, o)
	}
	return g.resolveObjs(st, srcName, castName, text, targets)
}

// resolveObjs runs a text with its targets found.
func (g *game) resolveObjs(st *Stmt, srcName, castName, text string, targets []*Object) (res resolution) {
	res.line = st.Line
	selfName := castName
	if selfName == "" && len(targets) > 0 {
		// An effect statement acts for its first target: its name in the
		// text is that object, as "this creature" is.
		selfName = targets[0].name
	}
	tmpls, bad := g.compileSpell(text, selfName)
	var simple []string
	if castName != "" {
		// Damage, life and card draw the spell compiler leaves to the
		// engine's effects (triggers.go): carried out as it resolves.
		simple, bad = g.spellEffects(castName, bad)
	}
	for _, b := range bad {
		g.unmodeled(st.Line, srcName, b)
		if castName != "" {
			g.dependsOn(b)
		}
	}
	defer func() {
		if len(simple) > 0 && !res.failed {
			g.carrySpell(st, castName, simple)
			res.actions += len(simple)
		}
	}()
	res.unmodeled = append(res.unmodeled, bad...)
	g.comp.noteSpellMisses(st.Line, srcName, bad, targets)
	if castName != "" && len(targets) > 0 {
		// 608.2b: a spell whose targets are all illegal doesn't resolve.
		s := g.current()
		for _, t := range tmpls {
			if t.Sel.Kind != selTarget {
				continue
			}
			for _, o := range targetsOf(t, targets) {
				if g.casting != nil {
					spell := g.spellChars(st.Player, *g.casting) // its characteristics on the stack (offfield.go)
					if prot := protectedFrom(s.ch[s.slot[o]], spell); prot != "" {
						g.errorf(st.Line, "%s has %s and can't be the target of %s (702.16b): the spell doesn't resolve (608.2b)", o.display(), prot, srcName)
						res.failed = true
						return res
					}
				}
				if !s.matches(&t.Sel.F, s.slot[o], st.Player, -1) || !g.massHolds(s, t.Mass, s.slot[o], st.Player) {
					g.errorf(st.Line, "%s is not a legal target for %q (%s): the spell doesn't resolve (608.2b)", o.display(), t.Sel.Noun, srcName)
					res.failed = true
					return res
				}
			}
		}
	}
	if g.comp.control {
		g.tracking = true
	}
	for _, t := range tmpls {
		switch t.Sel.Kind {
		case selTarget:
			if t.Sel.Target >= len(targets) {
				g.errorf(st.Line, "%s: %q needs a target: add \"targeting REF\"", srcName, t.Sentence)
				res.failed = true
				continue
			}
		case selSelf:
			// In an effect statement "this creature" is the object it names.
			if len(targets) == 0 {
				g.errorf(st.Line, "%s: %q refers to an object: add \"targeting REF\"", srcName, t.Sentence)
				res.failed = true
				continue
			}
			t = retarget(t)
		case selEnchanted, selEquipped:
			g.unmodeled(st.Line, srcName, t.Sentence+" [refers to an enchanted or equipped object outside a permanent]")
			res.unmodeled = append(res.unmodeled, t.Sentence)
			continue
		}
		if t.If != nil && t.Sel.Kind == selTarget {
			// 608.2c: "if that creature is a Snake" is checked as it resolves.
			s := g.current()
			met := false
			for _, o := range targetsOf(t, targets) {
				if i, ok := s.slot[o]; ok && o.onBF && s.matches(t.If, i, st.Player, -1) {
					met = true
				}
			}
			if !met {
				continue
			}
		}
		if t.Action != actNone && t.Sel.Kind == selFilter {
			g.massAct(st.Line, t, srcName, st.Player) // mass.go
			res.actions++
			continue
		}
		if t.Action != actNone {
			for _, o := range targetsOf(t, targets) {
				g.act(st.Line, t, o)
			}
			res.actions++
			continue
		}
		e := &Effect{t: t, srcName: srcName, ctrl: st.Player, targets: targets, alias: st.Alias, line: st.Line, castName: castName}
		if t.Sel.Count > 1 {
			e.locked, e.fixedSet = targetsOf(t, targets), true
		}
		if t.Sel.Kind == selFilter {
			// 611.2c: the affected set is fixed when the effect begins.
			s := g.compute(false)
			f := t.Sel.F
			var that *Object
			if f.ThatPlayer {
				// "Each other creature that player controls": the player
				// who controlled the first target (last known, 608.2h).
				if len(targets) == 0 {
					continue
				}
				that = targets[0]
				f.ThatPlayer, f.Control = false, 2
				if that.lastCtrl == st.Player {
					f.Control = 1
				}
			}
			for i := range s.objs {
				if s.objs[i] == that && f.Other {
					continue
				}
				if s.matches(&f, i, st.Player, -1) {
					e.locked = append(e.locked, s.objs[i])
				}
			}
			e.fixedSet = true
		}
		g.addEffect(e)
		res.effects++
	}
	return res
}

// remember records what the latest effect or cast card of a name started.
func (g *game) remember(name string, r resolution) {
	if g.resolved == nil {
		g.resolved = map[string]resolution{}
	}
	g.resolved[fold.Key(name)] = r
}

// targetsOf returns the objects a template's target selector names ("up to
// two target creatures each" takes the ones given).
func targetsOf(t *Template, targets []*Object) []*Object {
	n := max(t.Sel.Count, 1)
	from := t.Sel.Target
	if from >= len(targets) {
		return nil
	}
	return targets[from:min(from+n, len(targets))]
}

// act performs a one-shot action of a resolving spell or effect.
func (g *game) act(line int, t *Template, o *Object) {
	if !o.onBF {
		return
	}
	switch t.Action {
	case actTap:
		o.tapped = true
	case actUntap:
		o.tapped = false
	case actCounters:
		g.putCountersEvent(line, o, t.Counter, t.N)
	case actDestroy:
		s := g.current()
		if s.ch[s.slot[o]].hasKeyword("indestructible") {
			g.note(line, fmt.Sprintf("%s has indestructible and isn't destroyed", o.display()), "702.12b")
			return
		}
		if g.destructionRegenerated(line, s, o, t.NoRegen) {
			return
		}
		g.note(line, fmt.Sprintf("%s is destroyed: put into its owner's graveyard", o.display()), "701.8a")
		g.moveTo(o, ZoneGraveyard, line, "destroyed")
		g.leftTriggers(s, []*Object{o}, ZoneGraveyard, line)
	case actExile:
		s := g.current()
		g.note(line, fmt.Sprintf("%s is exiled", o.display()), "701.13a")
		g.moveTo(o, ZoneExile, line, "exiled")
		g.leftTriggers(s, []*Object{o}, ZoneExile, line)
	case actBounce:
		s := g.current()
		g.note(line, fmt.Sprintf("%s is returned to its owner's hand", o.display()), "400.7")
		g.moveTo(o, ZoneHand, line, "returned")
		g.leftTriggers(s, []*Object{o}, ZoneHand, line)
	default:
		g.actMore(line, t, o) // mass.go: regeneration, library
	}
	g.cached = nil
}

func retarget(t *Template) *Template {
	n := *t
	n.Sel = Selector{Kind: selTarget, Target: 0, Noun: t.Sel.Noun}
	return &n
}

func (g *game) copy(st *Stmt) {
	x, ok1 := g.ref(st.Line, st.Ref)
	y, ok2 := g.ref(st.Line, st.Ref2)
	if !ok1 || !ok2 {
		return
	}
	g.addCopy(x, y, st.Except, st.KeepColor, st.Line, nil)
}

// addCopy makes x a copy of y's copiable values as they are now (707.2,
// 707.2b).
func (g *game) addCopy(x, y *Object, except, keepColor bool, line int, edits []copyEdit) {
	s := g.compute(true)
	vals := s.ch[s.slot[y]].clone()
	// 707.9b: the exceptions of the copy effect are part of the copiable
	// values.
	var excepts []string
	for _, ed := range edits {
		ed.apply(vals)
		excepts = append(excepts, ed.text)
	}
	if keepColor {
		// 707.9b: the exception modifies the copiable values: the copy
		// keeps the color it has.
		vals.Colors = append([]string{}, s.ch[s.slot[x]].Colors...)
	}
	cp := &copyEffect{target: x, values: vals, of: s.objs[s.slot[y]].display(), ts: g.ts, line: line,
		srcName: fmt.Sprintf("copy effect (line %d)", line), keepColor: keepColor, excepts: excepts}
	if except {
		// "except it has this ability" (707.9a): the copy keeps its own
		// copy-granting ability, and that exception is part of its copiable
		// values for anything that copies it later.
		for _, a := range x.printed {
			if strings.Contains(strings.ToLower(a.Text), "copy") {
				cp.keep = append(cp.keep, abInst{a: a, fromText: true})
			}
		}
		cur := s.ch[s.slot[x]]
		for _, ai := range cur.Abilities {
			if strings.Contains(strings.ToLower(ai.a.Text), "copy") && !containsAbility(cp.keep, ai.a) {
				cp.keep = append(cp.keep, abInst{a: ai.a, fromText: true})
			}
		}
	}
	for _, ai := range vals.Abilities {
		if ai.a.Kind == abTriggered {
			g.lifeTrig = true // a copied "whenever you gain life" is possible
		}
		for _, t := range ai.a.Statics {
			if t.hasLayer(L2) {
				g.tracking = true
			}
		}
	}
	g.copies = append(g.copies, cp)
}

func containsAbility(list []abInst, a *Ability) bool {
	for _, ai := range list {
		if ai.a == a {
			return true
		}
	}
	return false
}

func (g *game) end(st *Stmt) {
	k := fold.Key(st.Ref)
	found := false
	for _, tc := range g.texts {
		if !tc.ended && tc.alias != "" && fold.Key(tc.alias) == k {
			tc.ended, found = true, true
		}
	}
	for _, e := range g.effects {
		if !e.ended && e.alias != "" && fold.Key(e.alias) == k {
			e.ended, found = true, true
		}
	}
	if !found {
		for _, e := range g.effects {
			if !e.ended && e.castName != "" && fold.Key(e.castName) == k {
				e.ended, found = true, true
			}
		}
	}
	if found {
		return
	}
	r, named := g.resolved[k]
	switch {
	case !named:
		g.errorf(st.Line, "no running effect named %q: name effects with \"effect \\\"TEXT\\\" as ALIAS\" or end a cast card's effects by its name", st.Ref)
	case r.effects > 0:
		g.errorf(st.Line, "the effects of %q (line %d) have already ended", st.Ref, r.line)
	case len(r.unmodeled) > 0 && r.actions == 0 && !r.failed:
		g.errorf(st.Line, "the text of %q (line %d) was not modelled (%s), so no effect of it is running and there is nothing to end", st.Ref, r.line, strings.Join(r.unmodeled, "; "))
	default:
		var why []string
		if r.actions > 0 {
			why = append(why, "what it did happened once and has no duration (610.1)")
		}
		if len(r.unmodeled) > 0 {
			part := "its text"
			if r.actions > 0 {
				part = "the rest of its text"
			}
			why = append(why, fmt.Sprintf("%s was not modelled (%s)", part, strings.Join(r.unmodeled, "; ")))
		}
		if r.failed {
			why = append(why, fmt.Sprintf("see the error on line %d", r.line))
		}
		if len(why) == 0 {
			why = append(why, "its text has no continuous effect")
		}
		g.errorf(st.Line, "%q (line %d) started no continuous effect: %s, so there is nothing to end", st.Ref, r.line, strings.Join(why, "; "))
	}
}

// leave removes an object. Auras attached to it go to the graveyard and
// Equipment becomes unattached as state-based actions (303.4c, 301.5c).
func (g *game) leave(o *Object) {
	g.clean = false
	o.onBF = false
	o.attachedTo = nil
	g.removeFromCombat(o)
	for _, x := range g.objs {
		if x.onBF && x.attachedTo == o {
			if containsFold(x.def.Subtypes, "Aura") {
				g.moveTo(x, ZoneGraveyard, x.line, "put into the graveyard with what it enchanted (704.5m)")
			} else {
				x.attachedTo = nil
			}
		}
	}
}

func changesState(k StmtKind) bool {
	switch k {
	case StmtDefine, StmtQuery, StmtCheck, StmtTap, StmtUntap, StmtInfo:
		return false
	}
	return true
}

// protectedFrom returns the protection ability of t that src has the
// quality of ("protection from red" against a red source), or "" (702.16a):
// it can't be enchanted or equipped by such a source (702.16c, 702.16d).
func protectedFrom(t, src *Chars) string {
	for _, ai := range t.Abilities {
		q, ok := strings.CutPrefix(ai.a.Keyword, "protection from ")
		if !ok {
			continue
		}
		hit := false
		switch {
		case q == "everything":
			hit = true
		case colorWords[q] != "":
			hit = containsFold(src.Colors, colorWords[q])
		case q == "multicolored":
			hit = len(src.Colors) > 1
		case q == "monocolored":
			hit = len(src.Colors) == 1
		case typeNouns[q] != "":
			hit = src.is(typeNouns[q])
		}
		if hit {
			return ai.a.Text
		}
	}
	return ""
}

// annihilateCounters is 704.5q.
func (g *game) annihilateCounters(line int) bool {
	acted := false
	for _, o := range g.objs {
		p, m := o.counters["+1/+1"], o.counters["-1/-1"]
		if !o.onBF || p == 0 || m == 0 {
			continue
		}
		n := min(p, m)
		g.note(line, fmt.Sprintf("%d +1/+1 and %d -1/-1 counters are removed from %s", n, n, o.display()), "704.5q")
		for _, k := range []string{"+1/+1", "-1/-1"} {
			if o.counters[k] -= n; o.counters[k] == 0 {
				delete(o.counters, k)
				delete(o.counterTS, k)
			}
		}
		g.cached = nil
		acted = true
	}
	return acted
}

// mayLowerToughness reports whether any creature could have toughness 0 or
// less: something lowers or sets toughness, switches, counts, or a printed
// toughness is 0 or less. Otherwise 704.5f needs no full computation.
func (g *game) mayLowerToughness() bool {
	if g.comp.lowers {
		return true
	}
	for _, o := range g.objs {
		if !o.onBF {
			continue
		}
		if o.def.Toughness != "" && ptValue(o.def.Toughness) <= 0 {
			return true
		}
		for k, n := range o.counters {
			if _, dt, ok := parseCounterPT(k); ok && dt < 0 && n > 0 {
				return true
			}
		}
	}
	for _, cp := range g.copies {
		if !cp.ended && cp.target.onBF && cp.values.T <= 0 {
			return true
		}
	}
	return false
}

// canEnchant checks an Aura's "Enchant X" ability against the object in
// slot ti (303.4c); an Aura without one is left alone.
func (s *state) canEnchant(aura *Chars, ti int, self bool) bool {
	if self {
		return false // 303.4d
	}
	for _, ai := range aura.Abilities {
		if ai.a.Kind != abEnchant {
			continue
		}
		what := strings.TrimPrefix(ai.a.Keyword, "enchant ")
		f, ok := parseFilter(strings.Fields(what))
		if !ok {
			continue
		}
		if !s.matches(&f, ti, aura.Controller, -1) {
			return false
		}
	}
	return true
}

func (g *game) note(line int, text, rule string) {
	g.rep.Notes = append(g.rep.Notes, Note{Line: line, Rule: rule, Text: text})
}

// routine notes a step of the turn in which nothing happened: the whole
// report keeps it, the brief answer leaves it out.
func (g *game) routine(line int, text, rule string) {
	g.rep.Notes = append(g.rep.Notes, Note{Line: line, Rule: rule, Text: text, Routine: true})
}

// trackControl notes objects whose controller changed: they have not been
// under their controller's control continuously since the turn began
// (302.6).
func (g *game) trackControl(s *state) {
	for i, o := range s.objs {
		c := s.ch[i].Controller
		if c != o.lastCtrl {
			o.continuous = false
			o.lastCtrl = c
		}
	}
}
