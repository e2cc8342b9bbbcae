package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// "~ can't be blocked by creatures with power 2 or less" (Questing Beast),
// "can't be blocked except by creatures with flying", "by Walls", "by
// black creatures": a restriction on which creatures can block the
// attacker (509.1b), checked as a blocker is declared.

var reBlockedBy = regexp.MustCompile(`(?i)can't be blocked (by|except by) (.+?)\.?$`)

// blockRestriction says why bc can't block the attacker in slot ai by a
// restriction of this kind on it; "" when none stops the block (or the
// restriction counts blockers, which menace's check shares).
func blockRestriction(s *state, ai int, bc *Chars) string {
	for _, r := range s.restrict {
		if r.slot != ai || r.op != opRule {
			continue
		}
		for _, p := range r.e.t.Parts {
			if p.Op != opRule || p.RuleText != "a restriction on which creatures can block it" {
				continue
			}
			m := reBlockedBy.FindStringSubmatch(strings.TrimSpace(r.e.t.Sentence))
			if m == nil {
				continue
			}
			fits, ok := blockerFits(strings.ToLower(m[2]), bc)
			if !ok {
				continue
			}
			if fits == (strings.ToLower(m[1]) == "by") {
				return fmt.Sprintf("%q (%s) is a restriction on which creatures can block it (509.1b)", r.e.t.Sentence, r.e.name())
			}
		}
	}
	return ""
}

var (
	reByStat    = regexp.MustCompile(`^creatures with (power|toughness) (\d+) or (less|greater)$`)
	reByKeyword = regexp.MustCompile(`^(?:[a-z]+ )?creatures with (flying|reach|defender|horsemanship|shadow)$`)
	reByColor   = regexp.MustCompile(`^(white|blue|black|red|green) creatures$`)
)

var colorLetters = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

// blockerFits reports whether a creature is of the kind the words name;
// ok is false for a kind it doesn't read (a count of blockers).
func blockerFits(kind string, bc *Chars) (fits, ok bool) {
	if m := reByStat.FindStringSubmatch(kind); m != nil {
		n, _ := strconv.Atoi(m[2])
		v, unknown := bc.P, bc.PUnknown
		if m[1] == "toughness" {
			v, unknown = bc.T, bc.TUnknown
		}
		if unknown {
			return false, false
		}
		if m[3] == "less" {
			return v <= n, true
		}
		return v >= n, true
	}
	if m := reByKeyword.FindStringSubmatch(kind); m != nil {
		return bc.hasKeyword(m[1]), true
	}
	if m := reByColor.FindStringSubmatch(kind); m != nil {
		return slices.Contains(bc.Colors, colorLetters[m[1]]), true
	}
	switch kind {
	case "walls":
		return containsFold(bc.Subtypes, "Wall"), true
	case "legendary creatures":
		return containsFold(bc.Supertypes, "Legendary"), true
	case "artifact creatures":
		return bc.is("Artifact"), true
	}
	return false, false
}
