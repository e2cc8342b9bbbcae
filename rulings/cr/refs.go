package cr

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var (
	refIDRe = regexp.MustCompile(`^(\d{3}(?:\.\d+[a-z]?)?|\d)\b`)
	// a range end after an en dash or hyphen: "–d" (letter), "–511", "–704.5c"
	refRangeRe = regexp.MustCompile(`^[–-](\d{3}(?:\.\d+[a-z]?)?|[a-z])\b`)
	refSepRe   = regexp.MustCompile(`^(?:,\s+and\s+|,\s+or\s+|\s+and\s+|\s+or\s+|,\s+|\s+through\s+)`)
)

// ExtractRefs returns the rule ids a text cites, in order of first mention,
// with ranges expanded as written ("614.1c–d" gives 614.1c and 614.1d; a
// letter range skips "l" and "o"). The ids are not checked against any CR.
func ExtractRefs(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, start := range refStarts(text) {
		section := start.section
		rest := text[start.end:]
		for {
			m := refIDRe.FindStringSubmatch(rest)
			if m == nil {
				break
			}
			first := m[1]
			if section != (len(first) == 1) {
				break // "section 302" or "rule 7" are not references
			}
			rest = rest[len(m[0]):]
			if r := refRangeRe.FindStringSubmatch(rest); r != nil {
				for _, id := range expandRange(first, r[1]) {
					add(id)
				}
				rest = rest[len(r[0]):]
			} else {
				add(first)
			}
			sep := refSepRe.FindString(rest)
			if sep == "" {
				break
			}
			rest = rest[len(sep):]
		}
	}
	return out
}

type refStart struct {
	end     int // where the first number starts
	section bool
}

// refStarts finds where cross-references begin: "rule 302.6", "Rules
// 613.7 and 613.8", "rules 614.1c–d", "section 7", "sections 1 and 2". A
// plain scan, since most rules cite nothing and a regular expression over
// every rule was a large share of load time.
func refStarts(text string) []refStart {
	var out []refStart
	for _, w := range [...]struct {
		word    string
		section bool
	}{{"ule", false}, {"ection", true}} {
		for from := 0; ; {
			i := strings.Index(text[from:], w.word)
			if i < 0 {
				break
			}
			i += from
			from = i + len(w.word)
			// The letter before: r/R for "rule", s/S for "section", at a word start.
			if i == 0 {
				continue
			}
			first := text[i-1]
			if w.section && first != 's' && first != 'S' || !w.section && first != 'r' && first != 'R' {
				continue
			}
			if i >= 2 && isWordByte(text[i-2]) {
				continue
			}
			j := from
			if j < len(text) && text[j] == 's' {
				j++
			}
			k := j
			for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n') {
				k++
			}
			if k == j || k >= len(text) || text[k] < '0' || text[k] > '9' {
				continue
			}
			out = append(out, refStart{end: k, section: w.section})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].end < out[b].end })
	return out
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// expandRange expands "614.1c"–"d", "506"–"511" and "702.19b"–"702.19d".
func expandRange(from, to string) []string {
	a, err := ParseID(from)
	if err != nil {
		return []string{from}
	}
	if len(to) == 1 && to[0] >= 'a' && to[0] <= 'z' {
		if a.Letter == "" {
			return []string{from}
		}
		var out []string
		for l := a.Letter[0]; l <= to[0] && l <= 'z'; l = nextLetter(l) {
			b := a
			b.Letter = string(l)
			out = append(out, b.String())
		}
		return out
	}
	b, err := ParseID(to)
	if err != nil {
		return []string{from}
	}
	switch {
	case a.Level() == LevelRule && b.Level() == LevelRule && b.Rule >= a.Rule && b.Rule-a.Rule < 50:
		var out []string
		for n := a.Rule; n <= b.Rule; n++ {
			out = append(out, strconv.Itoa(n))
		}
		return out
	case a.Level() == LevelNumbered && b.Level() == LevelNumbered && a.Rule == b.Rule && b.Number >= a.Number && b.Number-a.Number < 50:
		var out []string
		for n := a.Number; n <= b.Number; n++ {
			c := a
			c.Number = n
			out = append(out, c.String())
		}
		return out
	case a.Level() == LevelSubrule && b.Level() == LevelSubrule && a.Rule == b.Rule && a.Number == b.Number:
		return expandRange(from, b.Letter)
	}
	return []string{from, to}
}

// link fills children, resolves every rule's and glossary entry's
// references, and records the ones that name no rule.
func (rs *Rules) link() {
	for _, id := range rs.Order {
		r := rs.byID[id]
		if r.Parent == "" {
			continue
		}
		if p, ok := rs.byID[r.Parent]; ok {
			p.Children = append(p.Children, r.ID)
		} else {
			rs.Warnings = append(rs.Warnings, "rule "+r.ID+" has no parent "+r.Parent)
		}
	}
	for _, id := range rs.Order {
		r := rs.byID[id]
		text := r.Text
		for _, e := range r.Examples {
			text += "\n" + e
		}
		r.Refs = rs.resolve(r.ID, ExtractRefs(text))
	}
	for _, g := range rs.Glossary {
		g.Refs = rs.resolve("glossary:"+g.Term, ExtractRefs(g.Text))
		for _, m := range seeAlsoRe.FindAllStringSubmatch(g.Text, -1) {
			for _, t := range strings.Split(m[1], " and ") {
				t = strings.TrimSpace(t)
				if _, ok := rs.Define(t); ok {
					g.SeeAlso = append(g.SeeAlso, t)
				} else if _, ok := rs.Define(m[1]); ok {
					g.SeeAlso = append(g.SeeAlso, m[1])
					break
				}
			}
		}
	}
	sort.Slice(rs.sorted, func(i, j int) bool { return compareIDs(rs.sorted[i], rs.sorted[j]) < 0 })
}

// seeAlsoRe finds glossary pointers such as "See Active Player, Nonactive
// Player Order." (a capitalised term, not "See rule").
var seeAlsoRe = regexp.MustCompile(`See ([A-Z][^.“”]*?)\.(?:\s|$)`)

func (rs *Rules) resolve(from string, ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if _, ok := rs.byID[id]; ok {
			out = append(out, id)
			continue
		}
		rs.Unresolved = append(rs.Unresolved, UnresolvedRef{From: from, Target: id})
	}
	return out
}
