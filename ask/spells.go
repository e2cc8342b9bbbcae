package ask

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// How the setup casts the spells a question names (601.2): who casts each,
// in which order, which mode and which targets, and, for a question told
// with the stack, which wait on the stack while another is cast in
// response (405.2, 405.5, 608.1). A spell it can't cast as the engine
// requires (a mode the question doesn't make clear, targets no permanent
// it sets up can be) is left out rather than written as a line the engine
// rejects.

// permanent is a named permanent the setup puts on the battlefield, or
// one the question says a player casts: then it starts in its caster's
// hand and is a permanent spell in the story (spell.perm).
type permanent struct {
	alias    string
	card     *cards.Card
	at, end  int  // where the question first names it
	opponent bool // the opponent controls it (casts it)
	cast     bool // a player casts it
	// off: cast, it is not (yet) on the battlefield as the story is told:
	// it waits on the stack or was countered (608.3a, 701.6a).
	off bool
	// grave: a spell targets it as a card in a graveyard ("I Reanimate a
	// Griselbrand"): it starts there, and after the spell it is asked
	// about by name, a new object wherever it went (400.7).
	grave bool
}

// spell is a named instant, sorcery or Aura (or the half of a split card
// the question names).
type spell struct {
	name, text      string
	cost            string // mana cost, "{X}{R}"
	types, subtypes []string
	colors          []string
	at, end         int  // where the question first names it
	opponent        bool // the opponent casts it
	level           int  // 0 for what is cast first; each response one more
	counters        *spell
	paid            bool       // its controller pays for a counterspell's "unless"
	perm            *permanent // a permanent spell: the permanent it becomes
}

// ref is how a scenario names the spell on the stack: a permanent spell
// by the alias of the card cast, others by their name.
func (s *spell) ref() string {
	if s.perm != nil {
		return s.perm.alias
	}
	return s.name
}

// castLines writes the cast lines of the spells and, for a question told
// with the stack, the resolve lines of those that wait. A spell left out
// is left out of the story: what was told in response to it, or as what
// it responded to, is cast again without it.
func castLines(q string, spells []*spell, perms []*permanent, links []Link) []string {
	for {
		if len(spells) == 0 {
			return nil
		}
		stackLevels(q, spells, links)
		lines, dropped := castStory(q, spells, perms, links)
		if len(dropped) == 0 {
			return lines
		}
		spells = slices.DeleteFunc(slices.Clone(spells), func(s *spell) bool { return slices.Contains(dropped, s) })
	}
}

// castStory casts the spells by level: those below the top wait on the
// stack in the order told, the top ones resolve as they are cast, then
// what waits resolves, the last cast first (405.5, 608.1).
func castStory(q string, spells []*spell, perms []*permanent, links []Link) ([]string, []*spell) {
	order := slices.Clone(spells)
	sort.SliceStable(order, func(i, j int) bool { return order[i].level < order[j].level })
	top := order[len(order)-1].level
	var lines []string
	var dropped []*spell
	var waiting []*spell // the spells on the stack, bottom first
	for _, s := range order {
		if s.perm != nil {
			s.perm.off = true
		}
	}
	for _, s := range order {
		s.counters, s.paid = nil, false
		line, ok := castLine(q, s, perms, links, waiting)
		if !ok {
			dropped = append(dropped, s)
			continue
		}
		if s.level < top {
			lines = append(lines, line+" (on the stack)")
			waiting = append(waiting, s)
			continue
		}
		lines = append(lines, line)
		waiting = countered(waiting, s)
		if s.perm != nil {
			s.perm.off = false // it resolves: it enters the battlefield (608.3a)
			if len(waiting) == 0 && mayTrigger(perms) {
				// What triggers as it enters (603.2, 603.6a) resolves
				// before the story goes on; with spells waiting below, it
				// resolves first when they do.
				lines = append(lines, "resolve all")
			}
		}
	}
	if len(waiting) == 0 {
		return lines, dropped
	}
	// What waits resolves, the last cast first; a counterspell that
	// resolves takes the spell it counters off the stack (701.6a). What
	// triggers as they resolve goes on the stack above those still waiting
	// (603.3): "resolve all" resolves it too, before them (117.4, 117.5).
	for len(waiting) > 0 {
		s := waiting[len(waiting)-1]
		waiting = countered(waiting[:len(waiting)-1], s)
		if s.perm != nil {
			s.perm.off = false
		}
	}
	return append(lines, "resolve all"), dropped
}

// mayTrigger reports whether a named permanent has a triggered ability
// (603.1: "When", "Whenever", "At").
func mayTrigger(perms []*permanent) bool {
	return slices.ContainsFunc(perms, func(p *permanent) bool { return engine.HasTriggeredAbility(p.card.Text) })
}

// countered returns the stack after s resolves: without the spell it
// counters, unless that spell can't be countered or its controller pays.
func countered(stack []*spell, s *spell) []*spell {
	if s.counters == nil || s.paid || engine.CantBeCountered(s.counters.name, s.counters.text) {
		return stack
	}
	return slices.DeleteFunc(slices.Clone(stack), func(x *spell) bool { return x == s.counters })
}

// castLine writes "[opponent: ]cast NAME [(mode N)] [targeting REF [and
// REF]] [(paid)|(not paid)]" for a spell; false when the setup can't cast
// it as the engine requires.
func castLine(q string, s *spell, perms []*permanent, links []Link, stack []*spell) (string, bool) {
	text := engine.WithoutReminder(s.text)
	line := "cast " + s.ref()
	if s.opponent {
		line = "opponent: " + line
	}
	// The value of X its caster chose (107.3a), as the question tells it
	// ("for X=3", "with X being 2").
	if m := xTold.FindStringSubmatch(q); m != nil && engine.ChoosesX(s.cost, s.text) {
		x, ok := numberWords[strings.ToLower(m[1])]
		if !ok {
			x, _ = strconv.Atoi(m[1])
		}
		if m[1] == "0" || strings.EqualFold(m[1], "zero") || x > 0 {
			line += " (X=" + strconv.Itoa(x) + ")"
		}
	}
	if s.perm != nil {
		// A permanent spell that isn't an Aura has no targets (601.2c,
		// 115.1): what its abilities target is chosen later.
		return line, true
	}
	// A modal spell's mode is chosen as it is cast (700.2a): the one the
	// question's words tell.
	if modes, least, _, ok := engine.Modes(s.text); ok {
		k := chooseMode(q, modes, links)
		if k == 0 || least > 1 {
			return "", false
		}
		line += " (mode " + strconv.Itoa(k) + ")"
		text = engine.WithoutReminder(modes[k-1])
	}
	var refs []string
	used := map[*permanent]bool{}
	for _, t := range targetsOf(text, s) {
		switch t.Kind {
		case engine.TargetSpell:
			// A spell on the stack below it (115.1): the latest the
			// question tells of that is of the kind it names.
			var found *spell
			for i := len(stack) - 1; i >= 0 && found == nil; i-- {
				if stack[i] != s && t.FitsSpell(stack[i].def()) {
					found = stack[i]
				}
			}
			if found == nil {
				return "", false
			}
			s.counters = found
			refs = append(refs, found.ref())
		case engine.TargetPlayer:
			refs = append(refs, playerRef(t, s))
		case engine.TargetPermanent:
			p := choosePermanent(q, t, s, perms, links, used)
			if p == nil {
				return "", false
			}
			used[p] = true
			refs = append(refs, p.alias)
		default:
			// A card in a graveyard ("Reanimate a Griselbrand"): the
			// permanent card the question names next after the spell, or
			// its first, put there first. Another zone the setup doesn't
			// fill: the first permanent, as the question's own card.
			p := perms[0]
			if fits, whose, ok := engine.GraveyardTarget(text); ok {
				// Of the kind it names, in the graveyard it names.
				may := func(o *permanent) bool {
					return !used[o] && !o.cast && fits(o.def()) &&
						(whose != "your" || o.opponent == s.opponent) && (whose != "an opponent's" || o.opponent != s.opponent)
				}
				p = nil
				for _, o := range perms {
					if may(o) && (p == nil || p.at < s.at && o.at > s.at) {
						p = o
					}
				}
				if p == nil {
					return "", false
				}
				p.grave, p.off = true, true
			}
			used[p] = true
			refs = append(refs, p.alias)
		}
	}
	if len(refs) > 0 {
		line += " targeting " + strings.Join(refs, " and ")
	}
	// "Counter target spell unless its controller pays {3}": whether that
	// player pays is theirs to choose (118.12a); the question says.
	if engine.CountersUnlessPaid(text) {
		switch {
		case notPaying.MatchString(q):
			line += " (not paid)"
		case paying.MatchString(q):
			line += " (paid)"
			s.paid = true
		default:
			return "", false
		}
	}
	// An additional cost of sacrificing (601.2h): the caster's permanent
	// the question tells sacrificed ("sacrificing Kitchen Finks"); with
	// none told, the engine takes the only one that can pay or asks.
	if engine.SacrificesToCast(s.text) {
		if p := sacrificedFor(q, s, perms, links, used); p != nil {
			line += " (sacrificing " + p.alias + ")"
		}
	}
	return line, true
}

// xTold is the value of X a question tells: "X=3", "X is 2", "X equal
// to 1", "with X being 4".
var xTold = regexp.MustCompile(`(?i)\bX\s*(?:=|is|equals|equal to|being|of|as)\s*(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b`)

// sacrificedNear is how far after a word of sacrificing the question names
// what is sacrificed ("sacrifice my Kitchen Finks").
const sacrificedNear = 12

var sacrificeWord = regexp.MustCompile(`(?i)\bsacrific\w*\b`)

// sacrificedFor is the permanent of the spell's caster, not among its
// targets, that the question names right after a word of sacrificing.
func sacrificedFor(q string, s *spell, perms []*permanent, links []Link, used map[*permanent]bool) *permanent {
	for _, w := range sacrificeWord.FindAllStringIndex(q, -1) {
		for _, l := range links {
			if l.Start < w[1] || l.Start-w[1] > sacrificedNear {
				continue
			}
			for _, p := range perms {
				if p.card == l.Card && p.opponent == s.opponent && !p.off && !used[p] {
					return p
				}
			}
		}
	}
	return nil
}

var (
	notPaying = regexp.MustCompile(`(?i)\b(?:doesn't|does not|didn't|did not|don't|do not|can't|cannot|couldn't|won't|not|never|unable to|refuses? to|chooses? not to)\s+(?:\w+\s+){0,2}pay`)
	paying    = regexp.MustCompile(`(?i)\bpa(?:y|ys|id|ying)\b`)
)

// targetsOf reads the targets of a spell's text in order (115.1); an
// Aura's is what it can enchant (303.4a).
func targetsOf(text string, s *spell) []engine.Target {
	return engine.SpellTargets(text, slices.Contains(s.subtypes, "Aura"))
}

// def is a spell as the engine sees a spell on the stack: its name, types
// and colors.
// def is the permanent's card as the engine reads it.
func (p *permanent) def() engine.CardDef {
	c := p.card
	return engine.CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Supertypes: c.Supertypes, Types: c.Types,
		Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text}
}

func (s *spell) def() engine.CardDef {
	return engine.CardDef{Name: s.name, Types: s.types, Subtypes: s.subtypes, Colors: s.colors, Text: s.text}
}

// playerRef is the player a spell targets: its caster's opponent, or
// its caster for a player who draws or gains.
func playerRef(t engine.Target, s *spell) string {
	caster, other := "you", "opponent"
	if s.opponent {
		caster, other = other, caster
	}
	if t.Gains && t.Control != 2 {
		return caster
	}
	return other
}

// choosePermanent picks the permanent a target is: one the question names
// in the spell's own sentence first, then in the order told; of a type the
// target names (as printed, or, if a named card's text makes permanents
// into that type, any), and under the control the target requires.
func choosePermanent(q string, t engine.Target, s *spell, perms []*permanent, links []Link, used map[*permanent]bool) *permanent {
	lo, hi := sentenceAround(q, s.at)
	near := slices.Clone(perms)
	sort.SliceStable(near, func(i, j int) bool {
		ni := near[i].at >= lo && near[i].at < hi
		nj := near[j].at >= lo && near[j].at < hi
		return ni && !nj
	})
	controlFits := func(p *permanent) bool {
		switch t.Control {
		case 1:
			return p.opponent == s.opponent
		case 2:
			return p.opponent != s.opponent
		}
		return true
	}
	printed := func(p *permanent) bool {
		if len(t.Types) > 0 && !slices.ContainsFunc(t.Types, func(ty string) bool { return slices.Contains(p.card.Types, ty) && !notType(p.card, ty) }) {
			return false
		}
		return !slices.ContainsFunc(t.NotTypes, func(ty string) bool { return slices.Contains(p.card.Types, ty) })
	}
	// A permanent spell not yet resolved is no permanent to target
	// (115.1, 608.3a).
	near = slices.DeleteFunc(near, func(p *permanent) bool { return p.off })
	// The permanent the question casts the spell at ("Path to Exile on my
	// Ornithopter"), when it may be the target, is the one.
	for _, p := range near {
		if !used[p] && controlFits(p) && printed(p) && toldAt(q, s, p, links) {
			return p
		}
	}
	// A spell cast "on it" is cast at the permanent named last before it
	// ("I attack with Ornithopter; he casts Path to Exile on it").
	if castAtPronoun.MatchString(q[s.end:]) {
		var last *permanent
		lastAt := -1
		for _, p := range near {
			if used[p] || !controlFits(p) || !printed(p) {
				continue
			}
			for _, l := range links {
				if l.Card == p.card && l.End <= s.at && l.Start > lastAt {
					last, lastAt = p, l.Start
				}
			}
		}
		if last != nil {
			return last
		}
	}
	for _, fresh := range []bool{true, false} {
		for _, p := range near {
			if (!fresh || !used[p]) && controlFits(p) && printed(p) {
				return p
			}
		}
	}
	// An effect may make a permanent the type it names ("Enchanted
	// artifact is a creature"): then any may be.
	if len(t.Types) > 0 && becomesType(t.Types, links) {
		for _, p := range near {
			if !used[p] && controlFits(p) {
				return p
			}
		}
	}
	// A permanent the question casts the spell at ("Ensoul Artifact on my
	// Runeclaw Bear") is its target even if it can't be: the engine's
	// refusal (115.1, 303.4a) answers the question.
	for _, p := range near {
		if !used[p] && toldAt(q, s, p, links) {
			return p
		}
	}
	return nil
}

// toldAt reports whether the question tells a spell cast at a permanent:
// their names, wherever the question writes them, a few words apart,
// joined by "on", "at", "targeting", "with" ("targets Thassa with
// Deicide", "casts Path to Exile on my Ornithopter").
func toldAt(q string, s *spell, p *permanent, links []Link) bool {
	for _, l := range links {
		if l.Card != p.card {
			continue
		}
		lo, hi := s.end, l.Start
		if l.Start < s.at {
			lo, hi = l.End, s.at
		}
		if lo > hi {
			continue
		}
		gap := q[lo:hi]
		if len(wordsOf(gap)) <= 4 && !strings.ContainsAny(gap, ".?!;") && castAt.MatchString(gap) {
			return true
		}
	}
	return false
}

// castAtPronoun is a spell's name followed by the pronoun it is cast at.
var castAtPronoun = regexp.MustCompile(`^\s+(?i:on|onto|at|targeting)\s+(?i:it|him|her|them)\b`)

var castAt = regexp.MustCompile(`(?i)\b(?:on|onto|at|targeting|targets?|with|enchants?)\b`)

// notType reports whether a card's own text says it isn't a type it
// has printed ("As long as your devotion to blue is less than five, Thassa
// isn't a creature"): as the setup puts it on the battlefield, with no
// other permanent of its color, it isn't (700.5, 613.1d).
func notType(c *cards.Card, ty string) bool {
	short := c.Name
	if i := strings.IndexByte(short, ','); i > 0 {
		short = short[:i]
	}
	for _, m := range isntType.FindAllStringSubmatch(c.Text, -1) {
		if (m[1] == c.Name || m[1] == short) && engine.CardType(strings.ToLower(m[2])) == ty {
			return true
		}
	}
	return false
}

var isntType = regexp.MustCompile(`(?:^|\n|\. |, )([^,.\n]+?) isn't an? (creature|artifact|enchantment|land|planeswalker)\b`)

// becomesType reports whether a named card's text makes an object one of
// the types ("is a creature", "becomes a 3/3 artifact creature", "are
// lands").
func becomesType(types []string, links []Link) bool {
	return slices.ContainsFunc(links, func(l Link) bool { return makesTypeOf(l.Card.Text, types) })
}

// makesTypeOf reports whether text makes something one of types ("is a
// creature", "becomes a 4/4 Elemental creature"), not when it says it
// isn't ("isn't a creature").
func makesTypeOf(text string, types []string) bool {
	for _, m := range makesType.FindAllStringSubmatch(strings.ToLower(text), -1) {
		if slices.Contains(types, engine.CardType(m[2])) && !negated.MatchString(m[1]) {
			return true
		}
	}
	return false
}

var (
	makesType = regexp.MustCompile(`\b(?:is|are|becomes?)\b((?: [^ .,;]+){0,5}?) (creature|artifact|enchantment|land|planeswalker)s?\b`)
	negated   = regexp.MustCompile(`\b(?:not|no|than|less|more)\b|n't\b`)
)

// sentenceAround returns the bounds of the sentence holding offset at.
func sentenceAround(q string, at int) (int, int) {
	lo := strings.LastIndexAny(q[:at], ".?!\n") + 1
	hi := len(q)
	if i := strings.IndexAny(q[at:], ".?!\n"); i >= 0 {
		hi = at + i
	}
	return lo, hi
}

// modeStop are words too common in modes to tell one from another.
var modeStop = map[string]bool{"a": true, "an": true, "the": true, "of": true, "to": true, "and": true, "or": true,
	"you": true, "your": true, "it": true, "its": true, "that": true, "this": true, "with": true, "for": true,
	"until": true, "end": true, "turn": true, "target": true, "get": true, "on": true, "in": true, "from": true}

// chooseMode returns the mode (1-based) the question's own words tell: the
// one with the most words no other mode has that the question uses ("I
// return it to my hand with Alley Evasion"); 0 when no mode is told
// more than the others.
func chooseMode(q string, modes []string, links []Link) int {
	words := map[string]bool{}
	for _, w := range wordsOf(withoutNames(q, links)) {
		words[stemWord(w)] = true
	}
	per := make([]map[string]bool, len(modes))
	count := map[string]int{}
	for i, m := range modes {
		per[i] = map[string]bool{}
		for _, w := range wordsOf(m) {
			if st := stemWord(w); len(st) > 2 && !modeStop[st] && !per[i][st] {
				per[i][st] = true
				count[st]++
			}
		}
	}
	best, bestN, second := 0, 0, 0
	for i := range modes {
		n := 0
		for st := range per[i] {
			if count[st] == 1 && words[st] {
				n++
			}
		}
		switch {
		case n > bestN:
			best, bestN, second = i+1, n, bestN
		case n > second:
			second = n
		}
	}
	if bestN == 0 || second == bestN {
		return 0
	}
	return best
}

// The words that tell a spell is cast while another waits on the stack.
var (
	// inResponseTo names the spell responded to right after it.
	inResponseTo = regexp.MustCompile(`(?i)\b(?:in response to|respon(?:d|ds|ded|ding) to)\b`)
	// inResponse: "in response", "responds with", "responded by casting".
	inResponse = regexp.MustCompile(`(?i)\b(?:in response|respon(?:d|ds|ded|ding))\b`)
	// onTheStack: "with Deicide on the stack", "while Deicide is on the
	// stack": the spells between wait.
	onTheStack = regexp.MustCompile(`(?i)\b(?:with|while)\b([^.?!;]{0,60}?)\b(?:(?:is|are|was|were|still)\s+)*on the stack\b`)
	// beforeResolves: "before Deicide resolves", "before it resolves".
	beforeResolves = regexp.MustCompile(`(?i)\bbefore\b([^.?!;]{0,60}?)\bresolv(?:e|es|ed|ing)\b`)
)

// marker is where a question tells of a response, and the span that names
// the spells responded to.
type marker struct{ at, spanLo, spanHi int }

// stackLevels sets each spell's level: the spells told before a response
// (and those it names as responded to) wait on the stack; the response
// is one level up. Levels are numbered from 0 without gaps.
func stackLevels(q string, spells []*spell, links []Link) {
	var ms []marker
	for _, m := range onTheStack.FindAllStringSubmatchIndex(q, -1) {
		ms = append(ms, marker{at: m[1], spanLo: m[2], spanHi: m[3]})
	}
	for _, m := range beforeResolves.FindAllStringSubmatchIndex(q, -1) {
		ms = append(ms, marker{at: m[1], spanLo: m[2], spanHi: m[3]})
	}
	for _, m := range inResponse.FindAllStringIndex(q, -1) {
		if slices.ContainsFunc(ms, func(x marker) bool { return m[0] >= x.spanLo && m[0] < x.at }) {
			continue
		}
		mk := marker{at: m[1], spanLo: m[1], spanHi: m[1]}
		if r := inResponseTo.FindStringIndex(q[m[0]:]); r != nil && r[0] == 0 {
			// "in response to my opponent's Deicide": the spell named
			// right after it.
			end := m[0] + r[1]
			mk.at, mk.spanLo, mk.spanHi = end, end, end
			for _, s := range spells {
				if s.at >= end && s.at-end <= 30 && !strings.ContainsAny(q[end:s.at], ".,;?!") {
					mk.spanHi = s.at + 1
					mk.at = s.at + 1
					break
				}
			}
		}
		ms = append(ms, mk)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].at < ms[j].at })
	for _, s := range spells {
		s.level = 0
		for i, m := range ms {
			if s.at >= m.spanLo && s.at < m.spanHi {
				s.level = i
				break
			}
			if s.at >= m.at {
				s.level = i + 1
			}
		}
	}
	// "Can I cast Turn while Deicide is on the stack?": a spell told in the
	// same sentence before a marker that names a waiting spell responds.
	for i, m := range ms {
		names := slices.ContainsFunc(spells, func(s *spell) bool { return s.at >= m.spanLo && s.at < m.spanHi })
		if !names {
			continue
		}
		lo, _ := sentenceAround(q, m.spanLo)
		for _, s := range spells {
			if s.at >= lo && s.at < m.spanLo && s.level == i {
				s.level = i + 1
			}
		}
	}
	// "He casts Grizzly Bears and I cast Essence Scatter": a spell that
	// targets a spell can be cast only while that spell is on the stack
	// (115.1, 601.2c), so it responds to one told before it at its level
	// or above; what is told after it comes after it, as after a told
	// response.
	shift := 0
	for i, s := range spells {
		s.level += shift
		if s.perm != nil {
			continue // a permanent spell targets nothing (601.2c)
		}
		for _, t := range targetsOf(engine.WithoutReminder(s.text), s) {
			if t.Kind != engine.TargetSpell {
				continue
			}
			top := -1
			for _, e := range spells[:i] {
				if e.level >= s.level && t.FitsSpell(e.def()) {
					top = max(top, e.level)
				}
			}
			if top >= 0 {
				shift += top + 1 - s.level
				s.level = top + 1
			}
			break
		}
	}
	// Levels without gaps.
	var used []int
	for _, s := range spells {
		if !slices.Contains(used, s.level) {
			used = append(used, s.level)
		}
	}
	slices.Sort(used)
	for _, s := range spells {
		s.level = slices.Index(used, s.level)
	}
}

// The player the question says casts a spell: the subject nearest before
// it in its sentence ("my opponent targets Thassa with Deicide", "In
// response I make her a Weird with Turn"), or the opponent's spell
// ("my opponent's Lightning Bolt").
var subjects = regexp.MustCompile(`\b(?i:(?:my|the|an|your)\s+)?(?i:opponent)(?i:s|'s|’s|s')?\b|\b(?:I|I'm|I've|I'd|I'll)\b|\b(?i:he|she|they)\s+(?i:casts?|responds?|responded|targets?|targeted|plays?|played|uses?|used|kills?|killed|flash(?:es|ed)?)\b`)

func castByOpponent(q string, at int) bool {
	lo, _ := sentenceAround(q, at)
	// "he Counterspelled it": the spell's name is the verb, right after
	// its subject.
	if m := verbSubject.FindStringSubmatch(q[lo:at]); m != nil {
		return !strings.EqualFold(m[1], "I")
	}
	ms := subjects.FindAllStringIndex(q[lo:at], -1)
	for i := len(ms) - 1; i >= 0; i-- {
		w := strings.ToLower(q[lo+ms[i][0] : lo+ms[i][1]])
		if strings.HasPrefix(w, "i") && !strings.Contains(w, "opponent") && len(w) <= 4 {
			return false
		}
		if possessive(w) && strings.TrimSpace(q[lo+ms[i][1]:at]) != "" {
			continue // "my opponent's Ornithopter": not who casts
		}
		return true
	}
	return false
}

var verbSubject = regexp.MustCompile(`\b(I|(?i:he|she|they|(?:my|the|your)\s+opponent))\s+$`)

func possessive(w string) bool {
	return strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || strings.HasSuffix(w, "s'")
}

// The opponent controls a permanent the question gives them: "my
// opponent's Excavation Mole", "their Isolation Zone", "my opponent
// controls Containment Priest", "my opponent's got Uba Mask".
var (
	theirs     = regexp.MustCompile(`(?i)(?:\bopponents?(?:'s|’s|'|’)|\b(?:his|their))\s+(?:(?:tapped|untapped|face[- ]down|attacking|blocking|blocked|unblocked|enchanted|equipped|token|new|other|own)\s+){0,2}$`)
	theirsTold = regexp.MustCompile(`(?i)\b(?:opponent|he|she|they)(?:\s+(?:controls?|controlled|has|had|have|has got|casts?|plays?|played|attacks? with|attacked with|blocks? with|blocked with)|(?:'s|’s) got)\s+(?:(?:a|an|the|his|her|their|another)\s+)?(?:(?:tapped|untapped|face[- ]down|token|new|other)\s+){0,2}$`)
)

func opponentControls(q string, at int) bool {
	lo, _ := sentenceAround(q, at)
	before := q[lo:at]
	return theirs.MatchString(before) || theirsTold.MatchString(before)
}
