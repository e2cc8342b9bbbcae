package engine

// The value of X (107.3a): a spell with X in its cost whose text doesn't
// define X has the value its caster chose as it was cast; the scenario
// states it ("cast Fireball (X=3) targeting opponent"), and the spell
// resolves with X read as that number.

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	reXMods  = regexp.MustCompile(`(?i)\s*\(x\s*(?:=|is)\s*([0-9]+)\)`)
	reXWord  = regexp.MustCompile(`\bX\b`)
	reXDefd  = regexp.MustCompile(`(?i)\bwhere X is\b|\bX is\b`)
	reXBadly = regexp.MustCompile(`(?i)\(x\s*(?:=|is)[^)]*\)`)
)

// cutX reads "(X=3)" or "(X is 3)" in a cast line; it returns the line
// without it.
func cutX(rest string) (string, int, bool, error) {
	m := reXMods.FindStringSubmatchIndex(rest)
	if m == nil {
		if reXBadly.MatchString(rest) {
			return rest, 0, false, errors.New("expected the value of X as a number: (X=3)")
		}
		return rest, 0, false, nil
	}
	x, err := strconv.Atoi(rest[m[2]:m[3]])
	if err != nil {
		return rest, 0, false, errors.New("expected the value of X as a number: (X=3)")
	}
	return strings.TrimSpace(rest[:m[0]] + rest[m[1]:]), x, true, nil
}

// hasX reports a spell with X in its mana cost that its text doesn't
// define (107.3a).
func hasX(d CardDef) bool {
	return strings.Contains(strings.ToUpper(d.ManaCost), "{X}") && !reXDefd.MatchString(d.Text)
}

// ChoosesX reports whether a spell with this mana cost and text has an X
// its caster chooses as it is cast (107.3a): X in its cost that its text
// doesn't define ("where X is …").
func ChoosesX(manaCost, text string) bool {
	return hasX(CardDef{ManaCost: manaCost, Text: text})
}

// withX returns the text a spell resolves with: X replaced by the value
// stated as it was cast.
func (g *game) withX(st *Stmt, d CardDef, text string) (string, bool) {
	if !st.HasX {
		return text, true
	}
	if !hasX(d) {
		g.errorf(st.Line, "%s has no X for its caster to choose (107.3a): \"(X=N)\" doesn't apply", d.Name)
		return "", false
	}
	if st.Check != "resolving" {
		g.note(st.Line, fmt.Sprintf("%s is cast with X = %d", d.Name, st.X), "107.3a")
	}
	return reXWord.ReplaceAllString(text, strconv.Itoa(st.X)), true
}
