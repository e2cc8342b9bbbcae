package engine

// Modal spells (700.2): "Choose one —" followed by a bulleted list of
// modes. The caster chooses the modes as the spell is cast (700.2a); the
// scenario states them: "cast Jund Charm (mode 2)", "cast Cryptic Command
// (modes 1 and 3) targeting ...". The spell then resolves as though its
// text were its other instructions and the chosen modes, in the order
// printed; targets are those of the chosen modes (700.2c).

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	reChooseModes = regexp.MustCompile(`^choose (one|two|three|four|one or both|one or more|any number|up to one|up to two|up to three)(?: —|—| -)$`)
	reModesMods   = regexp.MustCompile(`(?i)\s*\((modes?) ([0-9][0-9, ]*(?:(?:,? and) [0-9]+)?)\)\s*$`)
)

// modal is the shape of a modal spell's text.
type modal struct {
	choose   string
	min, max int
	modes    []string // the text of each mode, without its bullet
	rest     []string // the other lines, before and after the list
	at       int      // where the modes go among rest
}

// parseModal reads a modal text; false when the text has no "Choose ... —"
// line followed by bulleted modes.
func parseModal(text string) (*modal, bool) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		low := strings.ToLower(strings.TrimSpace(reminder.ReplaceAllString(l, "")))
		m := reChooseModes.FindStringSubmatch(low)
		if m == nil {
			continue
		}
		md := &modal{choose: m[1], rest: append([]string(nil), lines[:i]...), at: i}
		j := i + 1
		for ; j < len(lines); j++ {
			b, ok := strings.CutPrefix(strings.TrimSpace(lines[j]), "•")
			if !ok {
				break
			}
			md.modes = append(md.modes, strings.TrimSpace(b))
		}
		if len(md.modes) < 2 {
			return nil, false
		}
		md.rest = append(md.rest, lines[j:]...)
		n := len(md.modes)
		r := map[string][2]int{"one": {1, 1}, "two": {2, 2}, "three": {3, 3}, "four": {4, 4}, "one or both": {1, 2},
			"one or more": {1, n}, "any number": {0, n}, "up to one": {0, 1}, "up to two": {0, 2}, "up to three": {0, 3}}[m[1]]
		md.min, md.max = r[0], r[1]
		return md, true
	}
	return nil, false
}

// Modes returns the modes of a modal spell's text, each without its
// bullet, and how few and how many of them the caster may choose (700.2a:
// "Choose one —", "Choose one or both —"); false when the text is not
// modal, so a scenario must not write "(mode N)" for it.
func Modes(text string) (modes []string, min, max int, ok bool) {
	md, ok := parseModal(text)
	if !ok {
		return nil, 0, 0, false
	}
	return md.modes, md.min, md.max, true
}

// text is the spell's text with the chosen modes (1-based) in place of the
// list.
func (md *modal) text(chosen []int) string {
	var out []string
	out = append(out, md.rest[:md.at]...)
	for _, k := range chosen {
		out = append(out, md.modes[k-1])
	}
	out = append(out, md.rest[md.at:]...)
	return strings.Join(out, "\n")
}

// chooseModes returns the text a cast spell resolves with: a modal spell's
// chosen modes, checked against "choose one", "choose one or both" (700.2a,
// 700.2d); false after reporting an error.
func (g *game) chooseModes(st *Stmt, d CardDef) (string, bool) {
	md, ok := parseModal(d.Text)
	if !ok {
		if len(st.Modes) > 0 {
			g.errorf(st.Line, "%s is not modal: it has no \"Choose one —\" and modes, so \"(mode N)\" doesn't apply (700.2)", d.Name)
			return "", false
		}
		return d.Text, true
	}
	n := len(md.modes)
	if len(st.Modes) == 0 {
		g.errorf(st.Line, "%s is modal (choose %s —): write \"cast %s (mode N)\" or \"(modes N and N)\" with modes from 1 to %d, chosen as it is cast (700.2a)", d.Name, md.choose, d.Name, n)
		return "", false
	}
	seen := map[int]bool{}
	for _, k := range st.Modes {
		if k < 1 || k > n {
			g.errorf(st.Line, "%s has %d modes: mode %d doesn't exist (700.2)", d.Name, n, k)
			return "", false
		}
		if seen[k] {
			g.errorf(st.Line, "%s: mode %d is chosen twice; a mode can't be chosen more than once unless the spell says so (700.2d)", d.Name, k)
			return "", false
		}
		seen[k] = true
	}
	if len(st.Modes) < md.min || len(st.Modes) > md.max {
		g.errorf(st.Line, "%s says \"choose %s\": %s chosen (700.2a)", d.Name, md.choose, plural(len(st.Modes), "mode"))
		return "", false
	}
	chosen := append([]int(nil), st.Modes...)
	// The modes are carried out in the order printed (608.2c).
	for i := 1; i < len(chosen); i++ {
		for j := i; j > 0 && chosen[j] < chosen[j-1]; j-- {
			chosen[j], chosen[j-1] = chosen[j-1], chosen[j]
		}
	}
	var names []string
	for _, k := range chosen {
		names = append(names, fmt.Sprintf("%d (%s)", k, md.modes[k-1]))
	}
	if st.Check != "resolving" {
		g.note(st.Line, fmt.Sprintf("%s: mode %s chosen as it is cast", d.Name, strings.Join(names, " and ")), "700.2a")
	}
	return md.text(chosen), true
}

// cutModes reads "(mode 2)", "(modes 1 and 3)", "(modes 1, 2 and 4)" at the
// end of a cast line; it returns the line without it.
func cutModes(rest string) (string, []int, error) {
	m := reModesMods.FindStringSubmatchIndex(rest)
	if m == nil {
		return rest, nil, nil
	}
	list := rest[m[4]:m[5]]
	var modes []int
	for _, f := range strings.FieldsFunc(strings.ReplaceAll(list, "and", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
		k, err := strconv.Atoi(f)
		if err != nil {
			return rest, nil, errors.New("expected mode numbers: (mode N) or (modes N and N)")
		}
		modes = append(modes, k)
	}
	if len(modes) == 0 {
		return rest, nil, errors.New("expected mode numbers: (mode N) or (modes N and N)")
	}
	return strings.TrimSpace(rest[:m[0]]), modes, nil
}
