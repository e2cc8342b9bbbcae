package engine

import (
	"fmt"
	"regexp"
)

// Torpor Orb, Hushwing Gryff, Hushbringer: "Creatures entering the
// battlefield don't cause abilities to trigger" (and "or dying"). Such an
// ability changes the rules of triggering (603.2): an event of the kind it
// names involving a creature triggers nothing, neither the creature's own
// abilities nor any other's. A replacement effect that modifies how the
// creature enters ("enters with counters", "enters tapped") is no
// triggered ability and still applies (614.1c).

// The rules texts, by what the ability names ("creatures", "artifacts
// and creatures", "permanents") and the event.
func noTriggerText(noun string, dying bool) string {
	if dying {
		return noun + " dying don't cause abilities to trigger"
	}
	return noun + " entering the battlefield don't cause abilities to trigger"
}

// noTriggerNouns are what such an ability may name, and whether an
// object's characteristics are of it.
var noTriggerNouns = []struct {
	noun string
	of   func(c *Chars) bool
}{
	{"creatures", func(c *Chars) bool { return c.is("Creature") }},
	{"artifacts and creatures", func(c *Chars) bool { return c.is("Creature") || c.is("Artifact") }},
	{"permanents", func(*Chars) bool { return true }},
}

var reNoTriggers = regexp.MustCompile(`^(creatures|permanents|artifacts and creatures) entering(?: the battlefield)?( or dying)? (?:don't|doesn't) cause abilities to trigger$`)

func init() {
	addSentenceRules(sentenceRule{
		class: "trigger rule (603.2)",
		re:    reNoTriggers,
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			c.noTriggers = true
			t.Parts = []Part{{Layer: lRules, Op: opRule, RuleID: "603.2", RuleText: noTriggerText(m[1], false)}}
			if m[2] != "" {
				t.Parts = append(t.Parts, Part{Layer: lRules, Op: opRule, RuleID: "603.2", RuleText: noTriggerText(m[1], true)})
			}
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
	})
}

// triggersStopped reports whether a permanent of s stops abilities
// triggering on subj's event of this kind (a creature entering or
// dying), and notes it once for the event.
func (g *game) triggersStopped(s *state, kind trigKind, subj *Object, line int) bool {
	if !g.comp.noTriggers || kind != tEnters && kind != tDies {
		return false
	}
	if kind == tEnters {
		// The triggers' state stops before the rules effects.
		s = g.compute(false)
	}
	j, ok := s.slot[subj]
	if !ok {
		return false
	}
	event := map[trigKind]string{tEnters: "entering the battlefield", tDies: "dying"}[kind]
	for _, n := range noTriggerNouns {
		if !n.of(s.ch[j]) {
			continue
		}
		text := noTriggerText(n.noun, kind == tDies)
		if o := s.ruleSource(text); o != nil {
			g.note(line, fmt.Sprintf("%s: %s %s, so no ability triggers (%s)", o.display(), subj.display(), event, text), "603.2")
			return true
		}
	}
	return false
}
