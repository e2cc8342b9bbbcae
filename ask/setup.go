package ask

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// setup writes the named cards as scenario lines the user can run
// (/scenario add, or arbiter scenario): each permanent enters with an
// alias, under the control of the player the question gives it to ("my
// opponent's Ornithopter"), and with what the question says of it ("face
// down", "tapped", "with two +1/+1 counters"); after a regeneration shield
// on the first creature when the question speaks of regenerating, each instant,
// sorcery or Aura is cast (601.2) by the player the question says casts
// it, in the order the question tells them, at the targets its text asks
// for (spells.go). A question told with the stack ("in response", "with
// Deicide on the stack", "before it resolves") has the spells told before
// the response wait on the stack while the response is cast and resolves;
// then they resolve, the last cast first (405.5, 608.1), with what
// triggers meanwhile ("resolve all", 603.3). A permanent the question
// says a player casts starts in that player's hand and is cast from
// there: a permanent spell a counterspell may counter (701.6a), or that
// resolves into a permanent (608.3a). When the
// question asks whether something dies or survives, the stack and
// graveyards are shown (what triggers, 603.10a), the creature told dying
// being destroyed when no spell is named; otherwise the first is asked about. What the
// question plainly says is in a graveyard or a hand is put there first
// (zonesetup.go), so the engine counts it. A Clone enters as a copy of the
// permanent named with it, a told Equipment is attached, a told combat is
// fought (combatsetup.go) and a permanent told leaving the battlefield
// leaves (eventsetup.go). It is empty
// when no named card is a permanent that could be put on the battlefield.
func setup(q string, links []Link) []string {
	var lines []string
	var perms []*permanent
	var spells []*spell
	var creature bool
	seen := map[string]bool{}
	zs := zoneStatements(q, links)
	for i, l := range links {
		if zs.inGrave[i] {
			continue // put in a graveyard (zonesetup.go)
		}
		c := l.Card
		name, types, subtypes, text, colors, cost := c.Name, c.Types, c.Subtypes, c.Text, c.Colors, c.ManaCost
		if len(c.Faces) > 0 {
			// A card with several faces is the face the question names
			// (Turn of Turn // Burn), or its first: what a scenario
			// casts by the card's name (712.8a, 709.3).
			f := namedFace(c, q[l.Start:l.End])
			name, types, subtypes, text, colors, cost = f.Name, f.Types, f.Subtypes, f.Text, f.Colors, f.ManaCost
			if colors == nil {
				colors = engine.ColorsOfCost(f.ManaCost)
			}
		}
		if seen[fold.Key(name)] {
			continue
		}
		seen[fold.Key(name)] = true
		switch {
		case slices.Contains(types, "Instant") || slices.Contains(types, "Sorcery") || slices.Contains(subtypes, "Aura"):
			spells = append(spells, &spell{name: name, text: text, cost: cost, types: types, subtypes: subtypes, colors: colors, at: l.Start, end: l.End,
				opponent: castByOpponent(q, l.Start)})
		case isPermanent(c) && len(c.Faces) == 0:
			p := &permanent{alias: fmt.Sprintf("P%d", len(perms)+1), card: c, at: l.Start, end: l.End, opponent: opponentControls(q, l.Start)}
			perms = append(perms, p)
			line := c.Name + " as " + p.alias
			if toldCast(q, l.Start, c) {
				// A permanent a player casts is a permanent spell (110.1,
				// 601.2a): it is in its caster's hand, cast from there.
				p.cast, p.opponent = true, castByOpponent(q, l.Start)
				line += " (in hand)"
				spells = append(spells, &spell{name: c.Name, text: c.Text, cost: c.ManaCost, types: c.Types, subtypes: c.Subtypes, colors: c.Colors,
					at: l.Start, end: l.End, opponent: p.opponent, perm: p})
			} else if mods := modifiers(q, links, c); len(mods) > 0 {
				line += " (" + strings.Join(mods, ", ") + ")"
			}
			if p.opponent {
				line = "opponent: " + line
			}
			lines = append(lines, line)
			creature = creature || slices.Contains(c.Types, "Creature")
		}
	}
	if len(perms) == 0 {
		return nil
	}
	lines = copiesTold(q, perms, lines)
	fight, fought := combatTold(q, links, perms)
	if fought {
		lines = fight.sides(lines)
	}
	// What is in graveyards goes first, so the permanents enter with it
	// there; a hand's size after the cards put in it to be cast.
	lines = append(append(zs.front, lines...), zs.hand...)
	// "a regeneration shield", "he regenerates it": the first creature on
	// the battlefield has one before anything happens to it (701.19a).
	if i := slices.IndexFunc(perms, func(p *permanent) bool { return !p.cast && slices.Contains(p.card.Types, "Creature") }); i >= 0 && regenerates.MatchString(q) {
		lines = append(lines, "regenerate "+perms[i].alias)
	}
	// A creature of the player's told attacking ("I attack with Borderland
	// Marauder") whose attack makes one of the named permanents' abilities
	// trigger (its own "whenever ~ attacks", exalted) is declared an
	// attacker, and what triggers resolves, so that the answer shows it
	// (508.1, 603.2).
	attacker := toldAttacker(q, links, perms)
	lines = append(lines, equipsTold(q, links, perms)...)
	switch {
	case fought:
		// A told combat (combatsetup.go): what is cast comes after the
		// blocks, before combat damage.
		lines = append(lines, fight.declare(attackTriggers(perms))...)
		lines = append(lines, castLines(q, spells, perms, links)...)
		return append(lines, "combat damage", "? "+fight.attacker.alias, "? "+fight.blocker.alias, "? stack", "? graveyard", "? life")
	case attacker != nil && attackTriggers(perms):
		lines = append(lines, "attack with "+attacker.alias, "resolve all")
	default:
		attacker = nil
	}
	lines = append(lines, castLines(q, spells, perms, links)...)
	lines = intoGraveyards(perms, lines)
	// What the questions ask about is the first permanent on the
	// battlefield when the story is told: a permanent spell that was
	// countered or still waits is not (608.3a, 701.6a).
	first := ""
	if i := slices.IndexFunc(perms, func(p *permanent) bool { return !p.off }); i >= 0 {
		first = perms[i].alias
	}
	// A permanent told leaving by a player's hand (eventsetup.go), when no
	// spell named does it.
	if !slices.ContainsFunc(spells, func(s *spell) bool { return s.perm == nil }) {
		if stmt, show, out := leavingTold(q, links, perms, lines); stmt != "" {
			return append(out, stmt, "? stack", show)
		}
	}
	showGraveyard := false
	if m := asksAboutDying.FindStringIndex(q); m != nil && (creature || unnamedTold(q, links, m[0])) {
		// The spells named may be what kills it (Wrath of God), or the
		// permanent cast when the question asks whether they die (Mogg
		// Squad); with none, the creature told dying is destroyed.
		spellCause := slices.ContainsFunc(spells, func(s *spell) bool { return s.perm == nil })
		permCause := !spellCause && asked(q, m[0]) && slices.ContainsFunc(spells, func(s *spell) bool { return s.perm != nil })
		if d, made := dying(q, links, perms); !spellCause && !permCause && (d != nil || made != "") {
			if made != "" {
				lines = append(lines, "define "+unnamedName+" = Creature 2/2", made+unnamedName+" as C1")
				lines = append(lines, "destroy C1")
			} else {
				lines = append(lines, "destroy "+d.alias)
			}
		}
		if permCause {
			// Each permanent is asked about below, with the graveyards.
			showGraveyard = true
		} else if creature || spellCause {
			return append(lines, "? stack", "? graveyard")
		}
	}
	// Each permanent is asked about (up to maxAsked): what one card does
	// may show on another (Blood Moon on Urborg, Tomb of Yawgmoth).
	for _, p := range perms[:min(len(perms), maxAsked)] {
		if p.grave {
			lines = append(lines, "? "+p.card.Name) // a new object (400.7)
			continue
		}
		lines = append(lines, "? "+p.alias)
	}
	// A card that reads what is in graveyards or a hand, or a life total
	// (engine.ZonesRead), is answered from the scenario's: graveyards that
	// hold only what the question said, a hand of the size it said, life
	// totals of 20 unless it said otherwise. The answer shows them, so
	// that what it was counted from is in sight.
	graveyard, players := showGraveyard, false
	for _, p := range perms {
		g, h, l := engine.ZonesRead(p.def())
		graveyard, players = graveyard || g, players || h || l
	}
	if graveyard {
		lines = append(lines, "? graveyard")
	}
	if players {
		// The players' summary: life totals and hands.
		lines = append(lines, "? life")
	}
	// A spell may make a noncreature permanent a creature (Ensoul
	// Artifact); a permanent spell cast is asked about as itself.
	animates := slices.ContainsFunc(spells, func(s *spell) bool { return s.perm == nil && makesTypeOf(s.text, []string{"Creature"}) })
	if first != "" && (creature || animates) && attacker == nil {
		// Whether a creature can attack is asked of one of the player's
		// own ("I attack with Ornithopter"): the scenario's turn is theirs
		// (508.1a), so an opponent's creature could not.
		attacker := first
		if i := slices.IndexFunc(perms, func(p *permanent) bool {
			return !p.off && !p.opponent && slices.Contains(p.card.Types, "Creature")
		}); i >= 0 {
			attacker = perms[i].alias
		}
		// Asked whether it can block, or be tapped for a cost, the
		// engine is asked that of the creature the question names
		// nearest those words.
		theirs := slices.ContainsFunc(perms, func(p *permanent) bool { return p.alias == attacker && p.opponent })
		switch asks := askedAction.FindStringSubmatch(q); {
		case asks == nil && theirs:
			// None of the player's own: an opponent's creature can't
			// attack on the player's turn, which says nothing.
		case asks == nil:
			lines = append(lines, "? can "+attacker+" attack")
		default:
			lines = append(lines, "? can "+nearestCreature(q, links, perms, askedAction.FindStringIndex(q)[0], attacker)+" "+strings.ToLower(asks[1]))
		}
	}
	return lines
}

// dying is the creature the question tells dying: the one it names last
// before its first word of dying, in the same sentence ("With Rest in
// Peace out, if my Kitchen Finks dies"); when an unnamed creature is
// nearer ("one of my opponent's creatures dies"), one is made for the
// player it names (made is "opponent: " or "you: "); else the first
// creature on the battlefield. Never a noncreature permanent, which
// doesn't die (700.4).
func dying(q string, links []Link, perms []*permanent) (told *permanent, made string) {
	onBattlefield := func(p *permanent) bool { return !p.off && slices.Contains(p.card.Types, "Creature") }
	if m := asksAboutDying.FindStringIndex(q); m != nil {
		from, _ := sentenceAround(q, m[0])
		at := -1
		for _, l := range links {
			if l.Start < from || l.End > m[0] || l.Start < at {
				continue
			}
			if i := slices.IndexFunc(perms, func(p *permanent) bool { return p.card == l.Card && onBattlefield(p) }); i >= 0 {
				told, at = perms[i], l.Start
			}
		}
		// A creature of no name nearer the dying than the last named one.
		if at2, whose := unnamedDying(q, links, from, m[0]); at2 > at {
			return nil, whose
		}
		if told != nil {
			return told, ""
		}
	}
	if i := slices.IndexFunc(perms, onBattlefield); i >= 0 {
		return perms[i], ""
	}
	return nil, ""
}

// unnamedDying finds a creature the question doesn't name told dying at
// offset die, in the sentence from offset from: the word "creature" or
// "creatures" a few words before it ("one of my opponent's creatures
// dies", "a creature I control would die"), not inside a card's name, in
// a sentence that tells rather than asks. It returns where, or -1, and whose: "opponent: " when the words just
// before say so, else "you: ".
func unnamedDying(q string, links []Link, from, die int) (at int, whose string) {
	if asked(q, die) {
		return -1, "" // "do my artifact lands become 0/0 creatures and die?"
	}
	ms := creatureWord.FindAllStringIndex(q[from:die], -1)
	if len(ms) == 0 {
		return -1, ""
	}
	w := ms[len(ms)-1]
	start, end := from+w[0], from+w[1]
	between := q[end:die]
	if inLink(links, start) || strings.ContainsAny(between, ",;:") || len(strings.Fields(between)) > 3 {
		return -1, ""
	}
	before := strings.ToLower(q[max(from, start-len("one of my opponent's ")):start])
	if strings.Contains(before, "opponent") || strings.Contains(before, "his ") || strings.Contains(before, "her ") || strings.Contains(before, "their ") {
		return start, "opponent: "
	}
	return start, "you: "
}

var creatureWord = regexp.MustCompile(`(?i)\bcreatures?\b`)

// unnamedName is the name of the creature a set-up makes for an
// unnamed one that dies.
const unnamedName = "Creature"

// unnamedTold reports whether the question tells a creature it doesn't
// name dying at offset die.
func unnamedTold(q string, links []Link, die int) bool {
	from, _ := sentenceAround(q, die)
	at, _ := unnamedDying(q, links, from, die)
	return at >= 0
}

// inLink reports whether offset at is inside a linked card name.
func inLink(links []Link, at int) bool {
	return slices.ContainsFunc(links, func(l Link) bool { return at >= l.Start && at < l.End })
}

// asked reports whether the sentence holding offset at asks ("Do both
// Mogg Squad and the Shapeshifter die?") rather than tells.
func asked(q string, at int) bool {
	lo, hi := sentenceAround(q, at)
	s := strings.ToLower(strings.TrimSpace(q[lo:hi]))
	return hi < len(q) && q[hi] == '?' && askWords.MatchString(s)
}

var askWords = regexp.MustCompile(`^(?:so |and |but |then )?(?:do|does|did|will|would|can|could|is|are|should|which|what|who)\b|\bwhether\b`)

// copiesTold has each named permanent that may enter as a copy (Clone,
// Phantasmal Image) enter as a copy of another the question names: the
// one of a kind it may copy named next in the same sentence, or the one
// it is told copying ("Phantasmal Image copying my Tarmogoyf"), else the
// first of a kind it may copy. Without one it enters as itself, a 0/0
// Clone that dies (707.2, 704.5f). The copy's line moves after the one
// it copies.
func copiesTold(q string, perms []*permanent, lines []string) []string {
	for _, p := range perms {
		m := copyKind.FindStringSubmatch(p.card.Text)
		if p.cast || m == nil {
			continue
		}
		may := func(o *permanent) bool {
			return o != p && !o.cast && !copyKind.MatchString(o.card.Text)
		}
		var of *permanent
		_, end := sentenceAround(q, p.at)
		for _, o := range perms {
			// Of a kind it may copy, or told copied ("copying an
			// animated Rhystic Study").
			told := may(o) && o.at > p.at && o.at < end && (copyable(m[1], o) || strings.Contains(strings.ToLower(q[p.end:o.at]), "cop"))
			if told && (of == nil || o.at < of.at) {
				of = o
			}
		}
		if of == nil {
			for _, o := range perms {
				if may(o) && copyable(m[1], o) {
					of = o
					break
				}
			}
		}
		if of == nil {
			continue
		}
		i := permLine(lines, p)
		if i < 0 {
			continue
		}
		line := withModifier(lines[i], "copy of "+of.alias)
		lines = slices.Delete(lines, i, i+1)
		// After what it copies.
		k := max(permLine(lines, of)+1, i)
		lines = slices.Insert(lines, min(k, len(lines)), line)
	}
	return lines
}

// copyKind is an enter-as-a-copy ability and what it may copy ("any
// creature", "an artifact or creature").
var copyKind = regexp.MustCompile(`(?i)\benters?(?: the battlefield)? as a copy of (?:any|an?|target)? ?([a-z ,]+?)(?: on the battlefield| you control| an opponent controls|,|\.|$)`)

// copyable reports whether a permanent is of the kind an enter-as-a-copy
// ability names ("any creature", "an artifact or creature").
func copyable(kind string, p *permanent) bool {
	fits, _ := engine.CardOfKind(strings.TrimSpace(kind), p.def())
	return fits
}

// equipsTold attaches each named Equipment to the creature the question
// equips with it ("I equip Anger with Skullclamp", "Specter's Shroud
// equipped to my Abyssal Specter"): the named creature nearest to it in
// a sentence with a word of equipping (301.5, 702.6a).
func equipsTold(q string, links []Link, perms []*permanent) []string {
	var lines []string
	for _, e := range perms {
		if e.cast || !slices.Contains(e.card.Subtypes, "Equipment") {
			continue
		}
		var to *permanent
		dist := len(q)
		for _, w := range equipWord.FindAllStringIndex(q, -1) {
			lo, hi := sentenceAround(q, w[0])
			for _, le := range links {
				if le.Card != e.card || le.Start < lo || le.End > hi {
					continue
				}
				for _, lc := range links {
					if lc.Start < lo || lc.End > hi {
						continue
					}
					i := slices.IndexFunc(perms, func(p *permanent) bool {
						return p.card == lc.Card && p != e && !p.cast && slices.Contains(p.card.Types, "Creature")
					})
					if d := abs(lc.Start - le.Start); i >= 0 && d < dist {
						to, dist = perms[i], d
					}
				}
			}
		}
		if to != nil {
			lines = append(lines, "attach "+e.alias+" to "+to.alias)
		}
	}
	return lines
}

var equipWord = regexp.MustCompile(`(?i)\bequip(?:s|ped|ping)?\b`)

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// askedAction is a question whether something can block or tap ("Can
// it block?", "can I tap Ornithopter").
var askedAction = regexp.MustCompile(`(?i)\b(?:can|could|may|is)\b[^.?!]{0,40}?\b(block|tap)(?:s|ped|ping)?\b`)

// nearestCreature is the alias of the named creature on the battlefield
// nearest offset at, or fallback.
func nearestCreature(q string, links []Link, perms []*permanent, at int, fallback string) string {
	best, dist := fallback, len(q)+1
	for _, l := range links {
		i := slices.IndexFunc(perms, func(p *permanent) bool {
			return p.card == l.Card && !p.off && slices.Contains(p.card.Types, "Creature")
		})
		if d := abs(l.Start - at); i >= 0 && d < dist {
			best, dist = perms[i].alias, d
		}
	}
	return best
}

// intoGraveyards has each permanent a spell targets as a card in a
// graveyard start there ("(in graveyard)", offfield.go).
func intoGraveyards(perms []*permanent, lines []string) []string {
	for _, p := range perms {
		if i := permLine(lines, p); p.grave && i >= 0 {
			lines[i] = withModifier(lines[i], "in graveyard")
		}
	}
	return lines
}

// permLine is the index of the line a permanent enters with ("[opponent: ]
// NAME as ALIAS [(MODIFIERS)]"), or -1.
func permLine(lines []string, p *permanent) int {
	head := p.card.Name + " as " + p.alias
	return slices.IndexFunc(lines, func(l string) bool {
		l = strings.TrimPrefix(l, "opponent: ")
		return l == head || strings.HasPrefix(l, head+" ")
	})
}

// withModifier adds a modifier to a permanent's line: "X as P1 (tapped)"
// with "in graveyard" is "X as P1 (tapped, in graveyard)".
func withModifier(line, mod string) string {
	if strings.HasSuffix(line, ")") {
		return strings.TrimSuffix(line, ")") + ", " + mod + ")"
	}
	return line + " (" + mod + ")"
}

// toldCast reports whether the question tells a player casting a
// permanent card ("my opponent casts Grizzly Bears", "I flash in an
// Ambush Viper", "he played a Courser of Kruphix"): a land is played,
// never cast (305.1).
func toldCast(q string, at int, c *cards.Card) bool {
	if slices.Contains(c.Types, "Land") {
		return false
	}
	return castsPermanent.MatchString(q[:at])
}

var castsPermanent = regexp.MustCompile(`(?i)\b(?:cast|casts|casting|flash(?:es|ed|ing)? in|play|plays|played|playing)\s+(?:(?:a|an|the|my|his|her|their|your|another|second)\s+){0,2}(?:\[\[)?$`)

// namedFace returns the face of a multi-face card a question's words name,
// else its first.
func namedFace(c *cards.Card, words string) cards.Face {
	k := fold.Key(strings.Trim(words, "[]"))
	for _, f := range c.Faces {
		if fk := fold.Key(f.Name); fk == k || fk == trimEnding(k) {
			return f
		}
	}
	return c.Faces[0]
}

// maxAsked is how many of the named permanents a set-up asks about.
const maxAsked = 3

var (
	// asksAboutDying: "dies", "die", "is destroyed", "goes to the graveyard".
	asksAboutDying = regexp.MustCompile(`(?i)\b(dies|die|died|dying|destroyed|surviv\w*|goes to (?:the|my|your|its owner's) graveyard)\b`)
	regenerates    = regexp.MustCompile(`(?i)\bregenerat\w*`)
	faceDown       = regexp.MustCompile(`(?i)\bface[- ]down\b`)
	tapped         = regexp.MustCompile(`(?i)\btapped\b`)
	counters       = regexp.MustCompile(`(?i)\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) ([+-]\d+/[+-]\d+) counters?\b`)
	clauseEnd      = regexp.MustCompile(`[.?!;:]|,\s*(?:and|but|then|so)\b|\b(?:and|then|but|while|when|whenever|if)\b`)
)

var numberWords = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// modifiers reads what the question says of a named permanent, in the
// scenario language's modifiers: the words just before its first mention
// ("a face-down Solemn Simulacrum") and the rest of that clause ("Ornithopter
// with a +1/+1 counter", "my Solemn Simulacrum is face down").
func modifiers(q string, links []Link, c *cards.Card) []string {
	i := slices.IndexFunc(links, func(l Link) bool { return l.Card == c })
	if i < 0 {
		return nil
	}
	l := links[i]
	start := max(0, l.Start-len("a tapped face-down "))
	if i > 0 && links[i-1].End > start {
		start = links[i-1].End
	}
	before := q[start:l.Start]
	after := q[l.End:]
	if i+1 < len(links) && links[i+1].Start >= l.End {
		after = q[l.End:links[i+1].Start]
	}
	// "with a +1/+1 counter and Titanic Growth": the clause ends at the
	// next conjunction or sentence mark, past any counter it names.
	if loc := clauseEnd.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	var mods []string
	if faceDown.MatchString(before) || faceDown.MatchString(after) {
		mods = append(mods, "face down")
	}
	if tapped.MatchString(before) || tapped.MatchString(after) {
		mods = append(mods, "tapped")
	}
	for _, m := range counters.FindAllStringSubmatch(after, -1) {
		mods = appendCounters(mods, m[1], m[2])
	}
	// The size the question gives a creature that enters with X +1/+1
	// counters ("a 4/4 Ugin's Conjurant", printed 0/0): the counters it
	// entered with (107.3m, 614.1c).
	if m := sizeTold.FindStringSubmatch(before); m != nil && entersWithX.MatchString(c.Text) && !slices.ContainsFunc(mods, func(s string) bool { return strings.Contains(s, "+1/+1") }) {
		p, t := atoi(m[1])-atoi(c.Power), atoi(m[2])-atoi(c.Toughness)
		if _, err := strconv.Atoi(c.Power); err == nil && p == t && p >= 0 {
			if p == 0 {
				mods = append(mods, "0 +1/+1 counters")
			} else {
				mods = appendCounters(mods, strconv.Itoa(p), "+1/+1")
			}
		}
	}
	// Counters of a kind the card's own text names ("Garruk with two
	// loyalty counters", "a Shrine with three charge counters").
	kinds := counterKinds(c)
	for _, m := range kindCounters.FindAllStringSubmatch(after, -1) {
		if k := strings.ToLower(m[2]); kinds[k] {
			mods = appendCounters(mods, m[1], k)
		}
	}
	return mods
}

var (
	// sizeTold is a size written before a name ("a 4/4 Ugin's Conjurant").
	sizeTold = regexp.MustCompile(`\b(\d+)/(\d+)\s+$`)
	// entersWithX: "enters with X +1/+1 counters on it".
	entersWithX = regexp.MustCompile(`(?i)\benters(?: the battlefield)? with (?:x|a number of) \+1/\+1 counters\b`)
)

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// kindCounters is a number of counters of a kind written as a word.
var kindCounters = regexp.MustCompile(`(?i)\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) ([a-z]+) counters?\b`)

// counterKinds are the kinds of counter a card's text names ("a charge
// counter", "loyalty counters"), and loyalty for a planeswalker (306.5b).
func counterKinds(c *cards.Card) map[string]bool {
	kinds := map[string]bool{}
	for _, m := range counterKind.FindAllStringSubmatch(strings.ToLower(c.Text), -1) {
		if !notKind[m[1]] {
			kinds[m[1]] = true
		}
	}
	if slices.Contains(c.Types, "Planeswalker") {
		kinds["loyalty"] = true
	}
	return kinds
}

var counterKind = regexp.MustCompile(`\b([a-z]+) counters?\b`)

// notKind are the words before "counters" that aren't a kind ("one or
// more counters", "those counters").
var notKind = map[string]bool{"more": true, "those": true, "these": true, "the": true, "its": true, "that": true, "all": true,
	"any": true, "other": true, "additional": true, "many": true, "of": true, "each": true, "such": true, "no": true, "kind": true}

// appendCounters adds the modifier for n counters of a kind, n as the
// question writes it ("two", "3").
func appendCounters(mods []string, n, kind string) []string {
	k, ok := numberWords[strings.ToLower(n)]
	if !ok {
		k, _ = strconv.Atoi(n)
	}
	switch {
	case k == 1:
		return append(mods, "1 "+kind+" counter")
	case k > 1:
		return append(mods, fmt.Sprintf("%d %s counters", k, kind))
	}
	return mods
}

func isPermanent(c *cards.Card) bool {
	for _, t := range c.Types {
		switch t {
		case "Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle":
			return true
		}
	}
	return false
}

// castHalves adds to a question's links the halves of split cards it
// names as the spell a player casts ("I make her a Weird with Turn", "he
// casts Death"): a half whose name is also a word of the game is not
// linked as a card (link.go), but written as a name right after a word
// that tells of casting, it is the spell. It adds the spells the question
// names as verbs too ("he Counterspelled it"). The setup casts them; the
// answer's cards and ranking are left as they were.
func (n *names) castHalves(q string, links []Link) []Link {
	out := links
	words := wordSpans(q)
	for _, w := range words {
		s, e := w[0], w[1]
		if slices.ContainsFunc(links, func(l Link) bool { return s < l.End && l.Start < e }) {
			continue
		}
		k := fold.Key(q[s:e])
		if !n.face[k] || !castWords.MatchString(q[:s]) || !writtenAsName(q, s, [][]int{w}) {
			continue
		}
		c := n.full[k]
		if c == nil || len(c.Faces) == 0 {
			continue
		}
		if f := namedFace(c, q[s:e]); fold.Key(f.Name) == k && (slices.Contains(f.Types, "Instant") || slices.Contains(f.Types, "Sorcery")) {
			if len(out) == len(links) {
				out = slices.Clone(links)
			}
			out = append(out, Link{Card: c, Start: s, End: e})
		}
	}
	// "he Counterspelled it", "I Doom Bladed his Bear": a spell's name
	// as the verb for casting it (lookupVerb), written as a name.
	for i := 0; i < len(words); i++ {
		if r := q[words[i][0]]; r < 'A' || r > 'Z' {
			continue // a name is written with a capital
		}
		for k := min(maxNameWords, len(words)-i); k >= 1; k-- {
			s, e := words[i][0], words[i+k-1][1]
			last := q[words[i+k-1][0]:e]
			if !strings.HasSuffix(last, "d") && !strings.HasSuffix(last, "ing") {
				continue
			}
			if slices.ContainsFunc(out, func(l Link) bool { return s < l.End && l.Start < e }) || !writtenAsName(q, s, words[i:i+k]) {
				continue
			}
			c := n.lookupVerb(q[s:e])
			if c == nil {
				continue
			}
			if len(out) == len(links) {
				out = slices.Clone(links)
			}
			out = append(out, Link{Card: c, Start: s, End: e})
			i += k - 1
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// castWords end the words before a spell a player casts: "cast", "casts",
// "with", "responds with", "plays".
var castWords = regexp.MustCompile(`(?i)\b(?:cast|casts|casting|with|play|plays|playing)\s+$`)

// attackTold is what a question writes before or after a creature's name
// to tell it attacks: "I attack with (my) NAME", "NAME attacks (alone)".
var (
	attackBefore = regexp.MustCompile(`(?i)\battack(?:s|ed|ing)?(?:\s+alone)?\s+with\s+(?:my\s+|the\s+|an?\s+)?$`)
	attackAfter  = regexp.MustCompile(`(?i)^\s+(?:attacks|attacked|is attacking)\b`)
)

// toldAttacker is the player's own creature the question tells attacking,
// in a sentence that tells rather than asks ("Can I attack with it?"
// asks whether it can, which the set-up asks the engine).
func toldAttacker(q string, links []Link, perms []*permanent) *permanent {
	for _, l := range links {
		if !attackBefore.MatchString(tail(q[:l.Start])) && !attackAfter.MatchString(q[l.End:]) {
			continue
		}
		if end := strings.IndexAny(q[l.End:], ".!?\n"); end >= 0 && q[l.End+end] == '?' {
			continue
		}
		for _, p := range perms {
			if p.card == l.Card && !p.opponent && !p.cast && !p.off && slices.Contains(p.card.Types, "Creature") {
				return p
			}
		}
	}
	return nil
}

// attacksTrigger is a triggered ability on an attack: "Whenever
// Borderland Marauder attacks", "whenever a Minotaur you control attacks".
var attacksTrigger = regexp.MustCompile(`(?im)^whenever [^,.]*\battacks\b`)

// attackTriggers reports whether one of the player's named permanents
// has an ability that triggers on an attack: "whenever … attacks", or
// exalted (702.83a).
func attackTriggers(perms []*permanent) bool {
	for _, p := range perms {
		if p.opponent {
			continue
		}
		if slices.Contains(p.card.Keywords, "Exalted") || attacksTrigger.MatchString(p.card.Text) {
			return true
		}
	}
	return false
}
