package engine

// Instructions of resolving spells about cards in graveyards: "Return
// target creature card from your graveyard to your hand", "... to the
// battlefield", "Exile target card from a graveyard". The scenario names
// the card by its card name ("cast Raise Dead targeting Grizzly Bears"):
// a card put into a graveyard earlier in the scenario. A card that moves
// becomes a new object (400.7).

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

var reFxExileGraveyard = regexp.MustCompile(`^exile (target player's|target opponent's|each opponent's|your|all) graveyards?$`)

var reFxFromGraveyard = regexp.MustCompile(`^(return|exile|put) target ((?:[a-z]+ )*?)card from (your|a|an opponent's) graveyard(?: (?:to|onto) (your hand|the battlefield|the battlefield tapped|the battlefield under your control))?$`)

// graveKind reads the kind of card ("creature ", "instant or sorcery ", "")
// as a filter of types (counter.go's reading of spell kinds, with lands).
func graveKind(kind string) (*Filter, bool) {
	kind = strings.TrimSpace(kind)
	if kind == "" {
		return nil, true
	}
	if kind == "land" {
		return &Filter{Types: []string{"Land"}}, true
	}
	if rest, ok := strings.CutPrefix(kind, "legendary "); ok {
		// Goryo's Vengeance: "target legendary creature card" (205.4).
		f, ok := graveKind(rest)
		if !ok {
			return nil, false
		}
		if f == nil {
			f = &Filter{}
		}
		l := *f
		l.Supertypes = append(slices.Clone(l.Supertypes), "Legendary")
		return &l, true
	}
	switch kind {
	case "permanent":
		// 110.4: a permanent card is an artifact, battle, creature,
		// enchantment, land or planeswalker card.
		return &Filter{NotTypes: []string{"Instant", "Sorcery"}}, true
	case "nonland permanent":
		return &Filter{NotTypes: []string{"Instant", "Sorcery", "Land"}}, true
	}
	return counterFilter(kind)
}

func graveyardSimple(s string) bool {
	m := reFxFromGraveyard.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	if (m[1] != "exile") == (m[4] == "") { // returned or put somewhere; exiled
		return false
	}
	_, ok := graveKind(m[2])
	return ok
}

// graveCard finds a card in a graveyard by name: the caster's when only
// theirs may hold it, else either player's (the most recent first).
func (g *game) graveCard(r string, only *Player) (Player, int) {
	k := fold.Key(r)
	// By the alias it was put there with ("Grizzly Bears as G (in
	// graveyard)"), then by name.
	for _, byAlias := range []bool{true, false} {
		for _, p := range []Player{You, Opponent} {
			if only != nil && *only != p {
				continue
			}
			gy := g.pl(p).zones[ZoneGraveyard]
			for i := len(gy) - 1; i >= 0; i-- {
				if byAlias && gy[i].alias != "" && fold.Key(gy[i].alias) == k || !byAlias && fold.Key(gy[i].name) == k {
					return p, i
				}
			}
		}
	}
	return You, -1
}

// offBattlefieldRef reports a target of a spell that is not a permanent: a
// spell on the stack for a counterspell, a card in a graveyard for a spell
// that returns or exiles one.
func (g *game) offBattlefieldRef(r, text string) bool {
	low := strings.ToLower(text)
	if strings.Contains(low, "counter target") && g.stackSpell(r) >= 0 {
		return true
	}
	if strings.Contains(low, "graveyard") && g.ref0(r) == nil {
		if _, i := g.graveCard(r, nil); i >= 0 {
			return true
		}
	}
	return false
}

// ref0 finds a permanent by reference without reporting an error.
func (g *game) ref0(r string) *Object {
	if o := g.lastKnown(r); o != nil && o.onBF {
		return o
	}
	return nil
}

// fromGraveyard carries out a return or exile of a target card in a
// graveyard.
func (g *game) fromGraveyard(st *Stmt, it *stackItem, s string) bool {
	m := reFxFromGraveyard.FindStringSubmatch(s)
	f, ok := graveKind(m[2])
	if !ok || m[1] == "put" && m[4] == "" {
		return false // "put target card from a graveyard" says where
	}
	var only *Player
	if m[3] == "your" {
		p := it.ctrl
		only = &p
	} else if m[3] == "an opponent's" {
		p := other(it.ctrl)
		only = &p
	}
	what := "target " + m[2] + "card from " + m[3] + " graveyard"
	if len(it.targets) == 0 {
		g.errorf(st.Line, "%s targets a card in a graveyard: write \"targeting CARD\" with the name of a card there (%s)", it.srcName, what)
		return true
	}
	owner, i := g.graveCard(it.targets[0], only)
	if i < 0 {
		g.errorf(st.Line, "%s targets %s: %q is not a card there (115.1)", it.srcName, what, it.targets[0])
		return true
	}
	ps := g.pl(owner)
	c := ps.zones[ZoneGraveyard][i]
	if !cardMatches(f, c.def, c.token) {
		g.errorf(st.Line, "%s is not a legal target for %s: it targets %s (115.1)", c.name, it.srcName, what)
		return true
	}
	if c.token {
		// 111.7: a token that left the battlefield ceased to exist.
		g.errorf(st.Line, "%s is a token: it ceased to exist when it left the battlefield (111.7)", c.name)
		return true
	}
	ps.zones[ZoneGraveyard] = append(ps.zones[ZoneGraveyard][:i:i], ps.zones[ZoneGraveyard][i+1:]...)
	g.nextID++
	moved := &card{id: g.nextID, name: c.name, def: c.def, owner: owner, line: st.Line}
	switch {
	case m[1] == "exile":
		moved.how = "exiled"
		ps.zones[ZoneExile] = append(ps.zones[ZoneExile], moved)
		g.note(st.Line, fmt.Sprintf("%s exiles %s from %s graveyard: a new object in exile", it.srcName, c.name, poss(owner)), "400.7")
	case m[4] == "your hand":
		moved.how = "returned"
		ps.zones[ZoneHand] = append(ps.zones[ZoneHand], moved)
		g.note(st.Line, fmt.Sprintf("%s returns %s from %s graveyard to %s hand: a new object there", it.srcName, c.name, poss(owner), poss(owner)), "400.7")
	default:
		if !isPermanentCard(c.def) {
			g.errorf(st.Line, "%s is not a permanent card and can't be put onto the battlefield (110.4)", c.name)
			return true
		}
		ctrl := owner
		if strings.HasSuffix(m[4], "under your control") {
			ctrl = it.ctrl
		}
		es := *st
		es.Alias = ""
		o := g.enter(&es, c.def, Mods{New: true, Tapped: strings.HasSuffix(m[4], "tapped"), Owner: owner, HasOwner: true}, ctrl)
		if o != nil {
			o.owner = owner
			g.note(st.Line, fmt.Sprintf("%s returns %s from %s graveyard to the battlefield under %s control: a new object (refer to it as %s)", it.srcName, c.name, poss(owner), poss(ctrl), c.name), "400.7")
		}
	}
	g.cached = nil
	return true
}

// exileGraveyard is "Exile target player's graveyard", "Exile all
// graveyards": every card there is exiled, each a new object (400.7).
func (g *game) exileGraveyard(st *Stmt, it *stackItem, s string) bool {
	m := reFxExileGraveyard.FindStringSubmatch(s)
	var who []Player
	switch m[1] {
	case "all":
		who = []Player{g.active, other(g.active)}
	case "your":
		who = []Player{it.ctrl}
	default:
		who = g.fxPlayers(st, it, strings.TrimSuffix(m[1], "'s"))
	}
	for _, p := range who {
		ps := g.pl(p)
		n := len(ps.zones[ZoneGraveyard])
		for _, c := range ps.zones[ZoneGraveyard] {
			c.how = "exiled"
			ps.zones[ZoneExile] = append(ps.zones[ZoneExile], c)
		}
		ps.zones[ZoneGraveyard] = nil
		g.note(st.Line, fmt.Sprintf("%s exiles %s graveyard: %s", it.srcName, poss(p), plural(n, "card")), "701.13a")
	}
	return true
}

// reGraveTarget is a target card in a graveyard anywhere in a spell's
// text: its kind and whose graveyard.
var reGraveTarget = regexp.MustCompile(`(?i)\btarget ((?:[a-z]+ )*?)card from (your|a|an opponent's|target player's) graveyard\b`)

// GraveyardTarget reads a spell's target card in a graveyard ("target
// creature card from your graveyard"): whether a card is of the kind it
// names, as the spell checks its target (115.1), and whose graveyard the
// text names ("your", "a", "an opponent's", "target player's").
func GraveyardTarget(text string) (fits func(CardDef) bool, whose string, ok bool) {
	m := reGraveTarget.FindStringSubmatch(text)
	if m == nil {
		return nil, "", false
	}
	f, ok := graveKind(strings.ToLower(m[1]))
	if !ok {
		return nil, "", false
	}
	return func(d CardDef) bool { return cardMatches(f, d, false) }, strings.ToLower(m[2]), true
}

// CardOfKind reports whether a card is of the kind the words name
// ("creature", "artifact or creature", "legendary creature", "permanent");
// ok is false for words it doesn't read as a kind.
func CardOfKind(kind string, d CardDef) (fits, ok bool) {
	f, ok := graveKind(strings.ToLower(kind))
	if !ok {
		return false, false
	}
	return cardMatches(f, d, false), true
}
