package engine

import (
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
)

func init() {
	// "assigns" is the verb of "each creature you control assigns combat
	// damage equal to its toughness rather than its power".
	sentenceVerbs["assigns"], sentenceVerbs["assign"] = true, true
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
	}...)
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
