package cr

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Level says where a rule sits in the tree.
type Level int

const (
	LevelSection  Level = iota + 1 // "3. Card Types"
	LevelRule                      // "302. Creatures"
	LevelNumbered                  // "302.6"
	LevelSubrule                   // "704.5k"
)

func (l Level) String() string {
	switch l {
	case LevelSection:
		return "section"
	case LevelRule:
		return "rule"
	case LevelNumbered:
		return "numbered rule"
	case LevelSubrule:
		return "subrule"
	}
	return "unknown"
}

// ID is a parsed rule number.
type ID struct {
	Section int    // 3
	Rule    int    // 302 (0 for a section)
	Number  int    // 6 (0 when absent)
	Letter  string // "k" ("" when absent)
	// Alone is set when the number was written with a trailing dot on a
	// numbered rule ("614.1."): the rule without its subrules.
	Alone bool
}

// Level of the id.
func (id ID) Level() Level {
	switch {
	case id.Letter != "":
		return LevelSubrule
	case id.Number > 0:
		return LevelNumbered
	case id.Rule > 0:
		return LevelRule
	default:
		return LevelSection
	}
}

// String is the canonical form: "3", "302", "302.6", "704.5k".
func (id ID) String() string {
	switch id.Level() {
	case LevelSection:
		return strconv.Itoa(id.Section)
	case LevelRule:
		return strconv.Itoa(id.Rule)
	case LevelNumbered:
		return fmt.Sprintf("%d.%d", id.Rule, id.Number)
	default:
		return fmt.Sprintf("%d.%d%s", id.Rule, id.Number, id.Letter)
	}
}

// Parent is the id one level up ("704.5k" -> "704.5" -> "704" -> "7").
func (id ID) Parent() (ID, bool) {
	switch id.Level() {
	case LevelSubrule:
		return ID{Section: id.Section, Rule: id.Rule, Number: id.Number}, true
	case LevelNumbered:
		return ID{Section: id.Section, Rule: id.Rule}, true
	case LevelRule:
		return ID{Section: id.Section}, true
	}
	return ID{}, false
}

// idPattern accepts what people type: "302.6", "302.6.", "704.5k", "704.5K",
// "302", "3", optionally after "rule", "CR", "section" or "§".
var idPattern = regexp.MustCompile(`^(?i:(?:cr|rule|rules|section|§)\s*)?(\d{1,3})(?:\.(\d{1,3})([a-zA-Z])?)?(\.)?$`)

// ParseID parses a rule number as a user or the CR writes it. A section is
// one digit, a rule three digits. Letters "l" and "o" are never subrule
// letters in the CR, but they still parse so that "did you mean" can answer.
func ParseID(s string) (ID, error) {
	s = strings.TrimSpace(s)
	m := idPattern.FindStringSubmatch(s)
	if m == nil {
		return ID{}, fmt.Errorf("%q is not a rule number (try 302.6, 704.5k, 302 or 3)", s)
	}
	head, _ := strconv.Atoi(m[1])
	var id ID
	switch len(m[1]) {
	case 1:
		if m[2] != "" {
			return ID{}, fmt.Errorf("%q is not a rule number: a section is one digit, a rule three (try 302.6)", s)
		}
		if head == 0 {
			return ID{}, fmt.Errorf("%q is not a rule number: sections run from 1 to 9", s)
		}
		id.Section = head
	case 3:
		if head < 100 {
			return ID{}, fmt.Errorf("%q is not a rule number: rules run from 100 upward", s)
		}
		id.Section = head / 100
		id.Rule = head
	default:
		return ID{}, fmt.Errorf("%q is not a rule number: a section is one digit, a rule three (try 302.6)", s)
	}
	if m[2] != "" {
		n, _ := strconv.Atoi(m[2])
		if n == 0 || strings.HasPrefix(m[2], "0") {
			return ID{}, fmt.Errorf("%q is not a rule number", s)
		}
		id.Number = n
		id.Letter = strings.ToLower(m[3])
	}
	id.Alone = m[4] != "" && id.Level() == LevelNumbered
	return id, nil
}

// compareIDs orders ids as the CR does: numerically, a parent before its
// children, subrule letters alphabetically.
func compareIDs(a, b ID) int {
	ka := [4]int{a.Section, a.Rule, a.Number, letterRank(a.Letter)}
	kb := [4]int{b.Section, b.Rule, b.Number, letterRank(b.Letter)}
	for i := range ka {
		if ka[i] != kb[i] {
			if ka[i] < kb[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func letterRank(l string) int {
	if l == "" {
		return 0
	}
	return int(l[0]-'a') + 1
}

// nextLetter is the subrule letter after l; the CR skips "l" and "o".
func nextLetter(l byte) byte {
	n := l + 1
	for n == 'l' || n == 'o' {
		n++
	}
	return n
}
