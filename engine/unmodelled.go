package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// An answer that may depend on text the engine could not model says so in
// the answer itself, not only in the list of unmodelled text at the end.

// staticMiss is an unmodelled sentence of a static ability of a permanent.
type staticMiss struct {
	ab   *Ability
	text string // as printed
	norm string // lower case, the card's name as ~
	// hidden: the sentence is modelled but its condition reads what the
	// scenario doesn't hold; it matters unless the statement says it holds.
	hidden bool
	// cond: with hidden, a condition on a zone (zonecond.go): it matters
	// only while the scenario doesn't hold that zone.
	cond *Condition
}

// spellMiss is an unmodelled sentence of a resolved spell or effect
// statement, with the objects it targeted (none: it may affect anything).
type spellMiss struct {
	line    int
	source  string
	text    string
	targets []*Object
}

// noteSpellMisses records a resolved spell's or effect's unmodelled
// sentences so that answers about what it may affect can say so.
func (c *compiler) noteSpellMisses(line int, source string, bad []string, targets []*Object) {
	for _, b := range bad {
		c.spellMiss = append(c.spellMiss, spellMiss{line: line, source: source, text: b, targets: targets})
	}
}

// missScope is who an unmodelled static sentence may affect, read from
// how the sentence starts.
type missScope int

const (
	scopeAny missScope = iota
	scopeSelf
	scopeAttached
	scopeNone // works only on the stack or as the permanent enters
)

// rePlayerOrSpell: sentences about players, spells or one-shot actions of
// players affect no permanent's characteristics or checks (613.10).
var rePlayerOrSpell = regexp.MustCompile(`^(?:(?:[a-z]+ )*spells? |you |your |each player |players |each opponent |an opponent |target player |target opponent |draw |scry |surveil |mill |create |you may )`)

// reOthers: words that reach objects other than the source.
var reOthers = regexp.MustCompile(`\b(?:creatures?|permanents?|lands?|artifacts?|enchantments?|planeswalkers?|other|another|enchanted|equipped|target|tokens?)\b`)

func scopeOf(norm string) missScope {
	switch {
	case rePlayerOrSpell.MatchString(norm):
		return scopeNone
	case strings.HasPrefix(norm, "this spell "), strings.HasPrefix(norm, "as ~ enters"),
		strings.HasPrefix(norm, "~ enters"), strings.HasPrefix(norm, "you may cast ~"):
		return scopeNone
	case strings.HasPrefix(norm, "~ "), strings.HasPrefix(norm, "~'s "), strings.HasPrefix(norm, "its "):
		return scopeSelf
	case strings.HasPrefix(norm, "enchanted "), strings.HasPrefix(norm, "equipped "), strings.HasPrefix(norm, "fortified "):
		return scopeAttached
	case strings.Contains(norm, "~") && !reOthers.MatchString(norm):
		// "If ~ would die, exile it instead", "Prevent all damage that
		// would be dealt to ~": only the object itself.
		return scopeSelf
	}
	return scopeAny
}

// dependsOnUnmodelled lists the unmodelled text that may change what is
// said about o now: static sentences of permanents that still have the
// ability (its own, its attachments', and those that may apply to any
// object), and sentences of resolved spells and effects that targeted o or
// targeted nothing.
func (s *state) dependsOnUnmodelled(o *Object) []string {
	var out []string
	seen := map[string]bool{}
	add := func(sentence, text string) {
		if !seen[sentence] {
			seen[sentence] = true
			out = append(out, text)
		}
	}
	for i, src := range s.objs {
		// The abilities it has now: printed, copied or granted (an ability
		// it lost no longer matters).
		for _, ai := range s.ch[i].Abilities {
			for _, m := range s.g.comp.missByAb[ai.a.id] {
				s.addMiss(m, src, o, add)
			}
		}
	}
	for _, m := range s.g.comp.spellMiss {
		hit := len(m.targets) == 0
		for _, t := range m.targets {
			if t == o {
				hit = true
			}
		}
		if hit && scopeOf(strings.ToLower(m.text)) != scopeNone {
			add(m.text, fmt.Sprintf("“%s” (%s, line %d)", m.text, m.source, m.line))
		}
	}
	return out
}

// addMiss adds an unmodelled static sentence of src if it may affect o.
func (s *state) addMiss(m staticMiss, src, o *Object, add func(string, string)) {
	if m.hidden && src.condHolds {
		return // stated to hold
	}
	if m.cond != nil && s.g.condKnown(m.cond, (&Effect{src: src, ctrl: src.ctrl}).ctrlNow(s)) {
		return // the game decides it
	}
	switch scopeOf(m.norm) {
	case scopeNone:
		return
	case scopeSelf:
		if src != o {
			return
		}
	case scopeAttached:
		if src.attachedTo != o {
			return
		}
	}
	add(m.text, fmt.Sprintf("“%s” (%s)", m.text, src.display()))
}

// withDepends fills a result's DependsOnUnmodelled for object o.
func (s *state) withDepends(o *Object, q QueryResult) QueryResult {
	q.DependsOnUnmodelled = s.dependsOnUnmodelled(o)
	return q
}

// dependsText is how the readable output says it.
func dependsText(ds []string) string {
	if len(ds) == 0 {
		return ""
	}
	return " But this depends on text I could not model: " + strings.Join(ds, "; ") + "."
}

// entersWithCounters applies "enters with N KIND counters" (614.1c) to an
// object entering the battlefield, unless the statement already states how
// many counters of that kind it has, and "enters tapped unless ..."
// (614.1d).
func (g *game) entersWithCounters(o *Object, cc *compiledCard, m Mods) {
	if m.FaceDown {
		return // a face-down permanent has no abilities (708.2a)
	}
	stated := map[string]bool{}
	for _, c := range m.Counters {
		stated[c.Kind] = true
	}
	if n, err := strconv.Atoi(o.def.Loyalty); err == nil && n > 0 && !stated["loyalty"] && containsFold(o.def.Types, "Planeswalker") {
		// A planeswalker enters with loyalty counters equal to its
		// printed loyalty (306.5b), an event replacement effects modify
		// (Doubling Season, 614.1c).
		got := g.putCountersEvent(o.line, o, "loyalty", n)
		g.note(o.line, fmt.Sprintf("%s enters with %s (printed loyalty %d)", o.display(), countersOf(got, "loyalty"), n), "306.5b")
	}
	if !m.Tapped && !o.tapped {
		if src, ok := g.othersEnterTapped(o); ok {
			o.tapped = true
			g.note(o.line, fmt.Sprintf("%s enters the battlefield tapped (%s)", o.display(), src), "614.1d")
		}
	}
	for _, t := range cc.entersWith {
		switch {
		case t.Action == actNone:
			continue // a choice as it enters: what it decides follows
		case t.Action == actTap && t.EntersNote != "":
			// "As ~ enters, you may pay 2 life. If you don't, it enters
			// tapped": the statement says which (614.12a).
			if !m.Tapped {
				g.note(o.line, fmt.Sprintf("%s entered untapped, so its controller chose to %s as it entered; write \"(tapped)\" if they didn't", o.display(), t.EntersNote), "614.12a")
			}
			continue
		case t.Action == actTap && t.Cond == nil:
			if !g.untappedSince(o, m) {
				o.tapped = true // "~ enters tapped" (614.1c)
			}
			continue
		case t.Action == actCounters && t.EntersNote != "" && m.HasSpellX && strings.HasPrefix(t.EntersNote, "X:") && !stated[t.Counter]:
			// X is the value chosen for the spell it resolved from
			// (107.3m), put on it as it enters (614.1c, 122.6).
			got := g.putCountersEvent(o.line, o, t.Counter, m.SpellX)
			g.note(o.line, fmt.Sprintf("%s enters with %s: X is %d, the value chosen as it was cast", o.display(), countersOf(got, t.Counter), m.SpellX), "107.3m")
			continue
		case t.Action == actCounters && t.EntersNote != "":
			// How many depends on how it was cast: the statement says.
			if !stated[t.Counter] {
				g.errorf(o.line, "%s enters with %s counters %s (614.1c), which the scenario doesn't decide: state the counters it entered with, e.g. \"%s (2 %s counters)\", or \"(0 %s counters)\" for none", o.display(), t.Counter, t.EntersNote, o.name, t.Counter, t.Counter)
			}
			continue
		}
		if t.Action == actTap {
			// "enters tapped unless you control N or more other lands":
			// counted on the board it enters (614.1d).
			s := g.computeTo(L4, false)
			e := &Effect{t: t, src: o, ctrl: o.ctrl}
			var met bool
			// "N or fewer" sets AtMost alone; "you control a Swamp" (at
			// least one) is the condition as written.
			if c := t.Cond; c.Control != nil && c.AtMost > 0 && c.AtLeast == 0 && !c.None {
				met = s.count(c.Control, e) <= c.AtMost // "N or fewer"
			} else {
				met = s.condHolds(e)
			}
			if !met && !g.untappedSince(o, m) {
				o.tapped = true
			}
			continue
		}
		if !stated[t.Counter] && g.entersCondHolds(o, t) {
			g.putCountersEvent(o.line, o, t.Counter, t.N)
		}
	}
}
