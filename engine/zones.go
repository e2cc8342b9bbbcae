package engine

// Players (102.1, 119, 122.1f) and the zones other than the battlefield
// (400.1): each player's hand, library, graveyard and command zone, the
// shared exile zone and the stack. An object that moves from the
// battlefield to another zone becomes a new object there with no memory of
// its previous existence (400.7).

import (
	"fmt"
	"strings"
)

// Zone is a zone of the game (400.1).
type Zone int

// The zones a permanent can be moved to by a scenario.
const (
	ZoneBattlefield Zone = iota
	ZoneGraveyard
	ZoneExile
	ZoneHand
	ZoneLibrary
	ZoneStack
	ZoneCommand
	nZones
)

var zoneNames = [...]string{"battlefield", "graveyard", "exile", "hand", "library", "stack", "command"}

func (z Zone) String() string { return zoneNames[z] }

// card is an object in a zone other than the battlefield and the stack.
type card struct {
	id    int
	name  string
	alias string // the alias it was put there with ("CARD as ALIAS (in graveyard)")
	def   CardDef
	owner Player
	token bool
	line  int
	how   string // how it got there ("died", "exiled")
}

// playerState is a player's life total (119), poison counters (122.1f),
// whether they lost the game (104.3) and their zones.
type playerState struct {
	life, poison  int
	lost, lostWhy string // the rule by which the player lost, and why
	// library is the number of cards in the library; -1 when the
	// scenario has not said (then drawing never empties it).
	library int
	// handUnknown counts cards in hand the scenario has not named (drawn
	// cards, "has N cards in hand").
	handUnknown int
	// handStated: the scenario has stated the hand's size, so the number
	// of cards in it is known (zonecounts.go).
	handStated bool
	// graveUnknown counts cards in the graveyard the scenario has not
	// named ("you have N cards in graveyard").
	graveUnknown int
	// lifeAtLeast, handAtLeast, graveAtLeast: the scenario stated a
	// lower bound ("you have at least 7 cards in graveyard"): a count of
	// that zone is known only as a bound (zonecond.go).
	lifeAtLeast, handAtLeast, graveAtLeast bool

	drewEmpty bool // attempted to draw from an empty library since the last check (704.5b)
	zones     [nZones][]*card
}

func newPlayer() *playerState { return &playerState{life: 20, library: -1} }

// pl returns a player's state, made on first use (119.1: each player
// begins with 20 life).
func (g *game) pl(p Player) *playerState {
	if g.players[p] == nil {
		g.players[p] = newPlayer()
	}
	return g.players[p]
}

// says is "you gain" or "the opponent gains": the player and a verb given
// in the third person.
func says(p Player, verb string) string {
	if p == Opponent {
		return "the opponent " + verb
	}
	switch verb {
	case "has":
		return "you have"
	case "is":
		return "you are"
	case "loses":
		return "you lose"
	case "lost":
		return "you lost"
	}
	return "you " + strings.TrimSuffix(verb, "s")
}

// poss is "your" or "the opponent's".
func poss(p Player) string {
	if p == Opponent {
		return "the opponent's"
	}
	return "your"
}

func other(p Player) Player {
	if p == You {
		return Opponent
	}
	return You
}

// moveTo moves a permanent from the battlefield to a zone of its owner:
// it becomes a new object there (400.7). A token that leaves the battlefield
// goes to that zone and ceases to exist the next time state-based actions
// are checked (704.5d).
func (g *game) moveTo(o *Object, z Zone, line int, how string) *card {
	z, how = g.replaceZoneChange(o, z, line, how)
	g.leave(o)
	o.leftTo = poss(o.owner) + " " + z.String()
	if z == ZoneExile {
		o.leftTo = "exile"
	}
	p := g.pl(o.owner)
	g.nextID++
	c := &card{id: g.nextID, name: o.frontDef().Name, def: o.frontDef(), owner: o.owner, token: o.token, line: line, how: how}
	o.became = c
	if z == ZoneLibrary && p.library >= 0 {
		p.library++
	}
	p.zones[z] = append(p.zones[z], c)
	if z == ZoneExile && g.resolving != nil {
		// Exiled by a resolving ability of g.resolving: its linked
		// ability can find the card (607.2a).
		g.resolving.linked = append(g.resolving.linked, c)
	}
	return c
}

// returnExiled is "return the exiled card to the battlefield under its
// owner's control", the ability linked to the one that exiled it
// (607.2a): each card still in exile enters as a new object (400.7).
func (g *game) returnExiled(st *Stmt, it *stackItem) bool {
	if it.src == nil || len(it.src.linked) == 0 {
		g.note(st.Line, fmt.Sprintf("%s exiled nothing with its linked ability: nothing returns", it.srcName), "607.2a")
		return true
	}
	for _, c := range it.src.linked {
		p := g.pl(c.owner)
		i := -1
		for k, x := range p.zones[ZoneExile] {
			if x == c {
				i = k
			}
		}
		if i < 0 {
			continue // it has left exile: a new object the ability can't find (400.7)
		}
		p.zones[ZoneExile] = append(p.zones[ZoneExile][:i:i], p.zones[ZoneExile][i+1:]...)
		g.note(st.Line, fmt.Sprintf("%s returns to the battlefield under its owner's control as a new object", c.name), "607.2a")
		g.enter(&Stmt{Line: st.Line, Card: c.name, Player: c.owner}, c.def, Mods{New: true}, c.owner)
	}
	it.src.linked = nil
	return true
}

// zoneList names the cards of a zone, oldest first.
func (p *playerState) zoneList(z Zone) []string {
	out := []string{}
	for _, c := range p.zones[z] {
		n := c.name
		if c.token {
			n += " (token)"
		}
		out = append(out, n)
	}
	return out
}

// lifeChange makes a player gain or lose life (119.3).
func (g *game) lifeChange(line int, p Player, n int, why string) {
	if n == 0 {
		return
	}
	ps := g.pl(p)
	ps.life += n
	g.clean, g.cached = false, nil // a life total may define a P/T (zonecounts.go) or decide a condition (zonecond.go)
	verb := "gains"
	if n < 0 {
		verb, n = "loses", -n
	}
	text := fmt.Sprintf("%s %d life (%s): %d life", says(p, verb), n, why, ps.life)
	if why == "" {
		text = fmt.Sprintf("%s %d life: %d life", says(p, verb), n, ps.life)
	}
	g.note(line, text, "119.3")
	if n > 0 && (g.lifeTrig || g.grantsTrig) && g.mayTrigger() {
		// 119.9: "whenever you gain life" triggers once for each source
		// that causes a gain.
		g.fire(g.computeTo(L6, false), tGainLife, nil, &p, line)
	}
}

// draw makes a player draw n cards (121.1); drawing from an empty library
// is remembered for 704.5b when the library's size is known.
func (g *game) draw(line int, p Player, n int) {
	ps := g.pl(p)
	for i := 0; i < n; i++ {
		if ps.library == 0 {
			ps.drewEmpty = true
			g.note(line, fmt.Sprintf("%s to draw a card from an empty library", says(p, "attempts")), "704.5b")
			continue
		}
		if ps.library > 0 {
			ps.library--
		}
		ps.handUnknown++
	}
	g.note(line, fmt.Sprintf("%s %s: %s", says(p, "draws"), plural(n, "card"), ps.handText()), "121.1")
}

func (p *playerState) handText() string {
	n := len(p.zones[ZoneHand]) + p.handUnknown
	lib := "library size not stated"
	if p.library >= 0 {
		lib = fmt.Sprintf("%d in library", p.library)
	}
	switch {
	case p.handAtLeast || !p.handStated && n > 0:
		// Unstated, a hand holds the cards the scenario put or drew
		// into it and any number of others.
		return fmt.Sprintf("at least %d in hand, %s", n, lib)
	case !p.handStated:
		return "hand size not stated, " + lib
	}
	return fmt.Sprintf("%d in hand, %s", n, lib)
}

// playerSummary is one line about a player for answers.
func (g *game) playerSummary(p Player) string {
	ps := g.pl(p)
	life := fmt.Sprintf("%d life", ps.life)
	if ps.lifeAtLeast {
		life = "at least " + life
	}
	s := fmt.Sprintf("%s: %s, %s, %s", p, life, countersOf(ps.poison, "poison"), ps.handText())
	if ps.lost != "" {
		s += fmt.Sprintf("; has lost the game (%s: %s)", ps.lost, ps.lostWhy)
	}
	return s
}

// PlayerView is a player's state in an answer; "? you" and "? opponent"
// add the continuous effects that apply to that player now (613.10).
type PlayerView struct {
	Player    string         `json:"player"`
	Life      int            `json:"life"`
	Poison    int            `json:"poison"`
	Hand      int            `json:"hand"`
	Library   *int           `json:"library"` // null when the scenario has not said
	Graveyard []string       `json:"graveyard"`
	Exile     []string       `json:"exile"`
	HandCards []string       `json:"hand_cards"`
	Lost      bool           `json:"lost"`
	LostRule  string         `json:"lost_rule,omitempty"`
	Effects   []PlayerEffect `json:"effects,omitempty"`
}

func (g *game) playerView(p Player) PlayerView {
	ps := g.pl(p)
	v := PlayerView{Player: p.String(), Life: ps.life, Poison: ps.poison, Hand: len(ps.zones[ZoneHand]) + ps.handUnknown,
		Graveyard: ps.zoneList(ZoneGraveyard), Exile: ps.zoneList(ZoneExile), HandCards: ps.zoneList(ZoneHand),
		Lost: ps.lost != "", LostRule: ps.lost}
	if ps.library >= 0 {
		n := ps.library
		v.Library = &n
	}
	return v
}

// parsePlayer reads "you" or "opponent" (and "me", "your opponent").
func parsePlayer(s string) (Player, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "you", "me", "yourself":
		return You, true
	case "opponent", "your opponent", "the opponent":
		return Opponent, true
	}
	return You, false
}

// fromHand takes a cast card out of its caster's hand when the scenario
// put it there (601.2a: the card moves to the stack); a card the scenario
// never put in a hand is cast from nowhere it says.
func (g *game) fromHand(st *Stmt, d CardDef) {
	ps := g.pl(st.Player)
	for i, c := range ps.zones[ZoneHand] {
		if c.name == d.Name {
			ps.zones[ZoneHand] = append(ps.zones[ZoneHand][:i:i], ps.zones[ZoneHand][i+1:]...)
			g.note(st.Line, fmt.Sprintf("%s is cast from %s hand", d.Name, poss(st.Player)), "601.2a")
			return
		}
	}
}
