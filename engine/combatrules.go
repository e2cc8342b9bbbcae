package engine

import (
	"fmt"
	"regexp"
)

// Rules about how creatures attack, block and deal combat damage that
// static abilities change: attacking as though a creature didn't have
// defender (702.3b) or had haste (702.10b), and assigning combat damage
// equal to toughness rather than power (510.1a). They are rule effects
// (613.11) shown on the objects they name, and the checks of "? can REF
// attack" and the combat damage step read them.

const (
	ruleTextNoDefender = "can attack as though it didn't have defender"
	ruleTextHaste      = "can attack as though it had haste"
	ruleTextToughness  = "assigns combat damage equal to its toughness rather than its power"

	ruleTextAttackCost   = "attacking with it has a cost, paid as attackers are declared (see its text)"
	ruleTextBlockCost    = "blocking with it has a cost, paid as blockers are declared (see its text)"
	ruleTextAttackUnless = "can't attack unless the condition in its text is met: a restriction checked as attackers are declared"
	ruleTextBlockUnless  = "can't block unless the condition in its text is met: a restriction checked as blockers are declared"
)

func init() {
	// "assigns" is the verb of "each creature you control assigns combat
	// damage equal to its toughness rather than its power".
	sentenceVerbs["assigns"], sentenceVerbs["assign"] = true, true
	sentenceVerbs["crews"] = true
	ruleEffects = append(ruleEffects, []struct {
		re         *regexp.Regexp
		text, rule string
	}{
		{regexp.MustCompile(`^can attack as though (?:it|they) didn't have defender$`), ruleTextNoDefender, "702.3b"},
		{regexp.MustCompile(`^can attack as though (?:it|they) had haste$`), ruleTextHaste, "702.10b"},
		{regexp.MustCompile(`^assigns? combat damage equal to (?:its|their) toughness rather than (?:its|their) power$`), ruleTextToughness, "510.1a"},
		// 509.1a, 509.1b: more blocks, or which creatures it may block.
		{regexp.MustCompile(`^can block an additional (?:one|two|three|\d+) creatures each combat$`), "may block more than one creature", "509.1a"},
		{regexp.MustCompile(`^can block (?:[a-z]+ )?(?:creatures|[a-z]+s) as though (?:it|they) had reach$`), "can block some creatures with flying as though it had reach", "702.17b"},
		{regexp.MustCompile(`^can block as though (?:it|they) were untapped$|^can block$`), "can block while tapped", "509.1a"},
		{regexp.MustCompile(`^can only attack alone$|^can attack only alone$`), "can attack only alone: a restriction", "508.1c"},
		{regexp.MustCompile(`^can't block or be blocked by (?:creatures with power (?:\d+) or (?:greater|less)|[a-z]+ creatures)$`), "can't block or be blocked by some creatures: a restriction", "509.1b"},
		{regexp.MustCompile(`^can block an additional creature each combat for each (?:equipment|aura) attached to (?:~|it)$`), "may block more than one creature", "509.1a"},
		{regexp.MustCompile(`^can't block creatures with power (?:greater|less) than ~'s power$`), "can't block some creatures: a restriction", "509.1b"},
		// 702.122a: crewing taps creatures with total power N or greater.
		{regexp.MustCompile(`^crews vehicles (?:using its toughness rather than its power|as though its power were (?:\d+|one|two|three) greater)$`), "counts differently toward the total power that crews a Vehicle", "702.122a"},
		// 301.5c: an Equipment attached to an illegal permanent becomes
		// unattached.
		{regexp.MustCompile(`^can be attached only to (?:a|an) [a-z0-9 ]+$`), "it can be attached only to the permanents named: attached to another, it becomes unattached", "301.5c"},
		// 508.1h, 509.1d: "unless you pay/sacrifice …" is a cost to attack
		// or block; 508.1c, 509.1b: any other "unless" is a restriction
		// checked as attackers or blockers are declared.
		{regexp.MustCompile(`^can't (?:attack|attack or block) unless (?:you|its controller|their controller) (?:pays?|sacrifices?|taps?|returns?|discards?|exiles?) .+$`), ruleTextAttackCost, "508.1h"},
		{regexp.MustCompile(`^can't block unless (?:you|its controller|their controller) (?:pays?|sacrifices?|taps?|returns?|discards?|exiles?) .+$`), ruleTextBlockCost, "509.1d"},
		{regexp.MustCompile(`^can't (?:attack|attack or block) unless .+$`), ruleTextAttackUnless, "508.1c"},
		{regexp.MustCompile(`^can't block unless .+$`), ruleTextBlockUnless, "509.1b"},
	}...)
}

// ruleSource is the first object with a rule effect of this text on
// itself ("Creatures entering the battlefield don't cause abilities to
// trigger" on Torpor Orb), or nil.
func (s *state) ruleSource(text string) *Object {
	for i, o := range s.objs {
		if s.hasRuleEffect(i, text) {
			return o
		}
	}
	return nil
}

// hasRuleEffect reports a rule effect with this text on slot i.
func (s *state) hasRuleEffect(i int, text string) bool {
	for _, r := range s.restrict {
		if r.slot != i || r.op != opRule {
			continue
		}
		for _, p := range r.e.t.Parts {
			if p.Op == opRule && p.RuleText == text {
				return true
			}
		}
	}
	return false
}

// combatDamage is how much combat damage the creature in slot i assigns:
// its power, or its toughness when an effect says so (510.1a).
func (s *state) combatDamage(i int) int {
	if s.hasRuleEffect(i, ruleTextToughness) {
		return s.ch[i].T
	}
	return s.ch[i].P
}

// noteCombatDamage is combatDamage, saying so when an effect makes the
// creature assign combat damage equal to its toughness.
func (g *game) noteCombatDamage(line int, s *state, i int) int {
	n := s.combatDamage(i)
	if w := s.combatDamageWord(i); w != "power" {
		g.note(line, fmt.Sprintf("%s assigns combat damage equal to its %s, %d, rather than its power", s.objs[i].display(), w, n), "510.1a")
	}
	return n
}

// combatDamageWord names what the amount is equal to, for messages.
func (s *state) combatDamageWord(i int) string {
	if s.hasRuleEffect(i, ruleTextToughness) {
		return "toughness"
	}
	return "power"
}

// defenderStops: defender stops the creature attacking unless an effect
// lets it attack as though it didn't have defender (702.3b).
func (s *state) defenderStops(i int) bool {
	return s.ch[i].hasKeyword("defender") && !s.hasRuleEffect(i, ruleTextNoDefender)
}

// asThoughHaste: an effect lets it attack as though it had haste.
func (s *state) asThoughHaste(i int) bool {
	return s.hasRuleEffect(i, ruleTextHaste)
}

// undecided lists the costs and restrictions on attacking ("attack") or
// blocking ("block") with slot i that the check does not decide: they
// are checked or paid as attackers or blockers are declared (508.1c,
// 508.1h, 509.1b, 509.1d), so an answer names them.
func (s *state) undecided(i int, what string) []Reason {
	var out []Reason
	for _, r := range s.restrict {
		if r.slot != i || r.op != opRule {
			continue
		}
		for _, p := range r.e.t.Parts {
			if p.Op != opRule {
				continue
			}
			switch {
			case what == "attack" && (p.RuleID == "508.1c" || p.RuleID == "508.1h"),
				what == "block" && (p.RuleID == "509.1b" || p.RuleID == "509.1d") && p.RuleText != "a restriction on which creatures can block it":
				out = append(out, Reason{p.RuleID, "it is also affected by " + r.e.t.Sentence + " (" + r.e.name() + "), which is checked as " + what + "ers are declared, not by this question"})
			}
		}
	}
	return out
}
