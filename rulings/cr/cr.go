// Package cr parses the Magic: The Gathering Comprehensive Rules text file
// into a rule tree (sections, rules, numbered rules, subrules) with examples,
// resolved cross-references and the glossary, and answers look-ups by id.
package cr

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Title is the first line of every CR text file (after an optional BOM).
const Title = "Magic: The Gathering Comprehensive Rules"

// Rule is one node of the rule tree.
type Rule struct {
	ID       string   `json:"id"`
	Level    Level    `json:"-"`
	Parent   string   `json:"parent,omitempty"`
	Children []string `json:"children"`
	// Title is set for sections ("Card Types"), rules ("Creatures") and
	// keyword-style numbered rules whose text is a heading ("702.10. Haste").
	Title string `json:"title,omitempty"`
	// Text is the rule's own text without its number and without examples.
	// Paragraphs that continue a rule are joined with "\n".
	Text     string   `json:"text"`
	Examples []string `json:"examples"`
	// Refs are the ids of the rules this rule cites, resolved and in order
	// of first mention.
	Refs []string `json:"refs"`
	// Line is the 1-based line number in the source file.
	Line int `json:"line"`
}

// GlossaryEntry is one glossary term.
type GlossaryEntry struct {
	Term string `json:"term"`
	// Aliases are the comma-separated parts of the heading ("You, Your").
	Aliases []string `json:"aliases,omitempty"`
	Text    string   `json:"text"`
	// Senses are the numbered meanings ("1. Text on an object ...").
	Senses []string `json:"senses,omitempty"`
	// Refs are the rules the entry cites.
	Refs []string `json:"refs"`
	// SeeAlso are other glossary terms the entry points to ("See X.").
	SeeAlso  []string `json:"see_also,omitempty"`
	Obsolete bool     `json:"obsolete,omitempty"`
	Line     int      `json:"line"`
}

// UnresolvedRef is a cross-reference that names a rule the file lacks.
type UnresolvedRef struct {
	From   string // rule id or "glossary:Term"
	Target string
}

// Rules is one parsed CR file.
type Rules struct {
	EffectiveDate time.Time
	// Order lists every rule id in document order.
	Order []string
	// Glossary entries in document order.
	Glossary []*GlossaryEntry
	// NumberedLines counts the numbered lines of the rules body that became
	// rules (sections, rules, numbered rules, subrules).
	NumberedLines int
	// Unresolved lists cross-references to rules that do not exist.
	Unresolved []UnresolvedRef
	// Warnings are lines the parser could not place (stray characters).
	Warnings []string

	byID    map[string]*Rule
	byTerm  map[string]*GlossaryEntry // folded term and aliases
	sorted  []ID                      // all ids in canonical order, for suggestions
	byAlias map[string]*GlossaryEntry
}

var (
	errNotCR = errors.New("not a Comprehensive Rules text: it must start with “" + Title + "”")

	effectiveRe = regexp.MustCompile(`These rules are effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})`)
)

// IsCR reports whether data looks like a CR text file.
func IsCR(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte(Title))
}

// PeekEffectiveDate reads only the header of a CR file for its date, so a
// loader can pick the newest version without parsing them all.
func PeekEffectiveDate(data []byte) (time.Time, error) {
	if !IsCR(data) {
		return time.Time{}, errNotCR
	}
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	m := effectiveRe.FindSubmatch(head)
	if m == nil {
		return time.Time{}, errors.New("CR header has no “These rules are effective as of …” line")
	}
	return time.Parse("January 2, 2006", string(m[1]))
}

// ParseFile parses the CR file at path.
func ParseFile(path string) (*Rules, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := ParseBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Parse reads a CR text file.
func Parse(r io.Reader) (*Rules, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return ParseBytes(data)
}

// SplitLines normalises a CR file's bytes into lines: the BOM is dropped and
// LF, CRLF and bare CR line endings all end a line. Nothing else changes:
// curly quotes and dashes stay as they are.
func SplitLines(data []byte) []string {
	s := string(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")))
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Split(s, "\n")
}

// ParseBytes parses a whole CR file held in memory.
func ParseBytes(data []byte) (*Rules, error) {
	if !IsCR(data) {
		return nil, errNotCR
	}
	lines := SplitLines(data)
	rs := &Rules{byID: make(map[string]*Rule), byTerm: make(map[string]*GlossaryEntry), byAlias: make(map[string]*GlossaryEntry)}
	date, err := PeekEffectiveDate(data)
	if err != nil {
		return nil, err
	}
	rs.EffectiveDate = date

	bodyStart, glossStart, creditsStart := sections(lines)
	if bodyStart < 0 || glossStart < 0 {
		return nil, errors.New("CR file has no rules body: expected Contents, the numbered rules and a Glossary")
	}
	rs.parseBody(lines, bodyStart, glossStart)
	if creditsStart < 0 {
		creditsStart = len(lines)
	}
	rs.parseGlossary(lines, glossStart+1, creditsStart)
	rs.link()
	if len(rs.Order) == 0 {
		return nil, errors.New("CR file has no numbered rules")
	}
	return rs, nil
}

// sections finds where the rules body, the glossary and the credits start.
// The table of contents lists "Glossary" and "Credits" too, so the body
// starts after the first "Credits" line and the glossary at the next
// "Glossary" heading.
func sections(lines []string) (body, gloss, credits int) {
	body, gloss, credits = -1, -1, -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case body < 0 && t == "Credits":
			body = i + 1
		case body >= 0 && gloss < 0 && t == "Glossary":
			gloss = i
		case gloss >= 0 && credits < 0 && t == "Credits":
			credits = i
		}
	}
	return body, gloss, credits
}

func (rs *Rules) add(id ID, text string, line int) *Rule {
	r := &Rule{ID: id.String(), Level: id.Level(), Text: text, Line: line, Children: []string{}, Examples: []string{}, Refs: []string{}}
	if p, ok := id.Parent(); ok {
		r.Parent = p.String()
	}
	if id.Level() <= LevelRule {
		r.Title = text
		r.Text = ""
	}
	if old, dup := rs.byID[r.ID]; dup {
		rs.Warnings = append(rs.Warnings, fmt.Sprintf("line %d: rule %s appears again (first at line %d); the later text is kept", line, r.ID, old.Line))
	} else {
		rs.Order = append(rs.Order, r.ID)
		rs.sorted = append(rs.sorted, id)
	}
	rs.byID[r.ID] = r
	return r
}

func (rs *Rules) parseBody(lines []string, from, to int) {
	var last *Rule
	for i := from; i < to; i++ {
		raw := lines[i]
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		id, text, matched := numberedLine(line)
		if matched {
			last = rs.add(id, text, i+1)
			rs.NumberedLines++
			continue
		}
		switch {
		case last == nil:
			rs.Warnings = append(rs.Warnings, fmt.Sprintf("line %d: text before the first rule: %q", i+1, line))
		case strings.HasPrefix(line, "Example:"):
			last.Examples = append(last.Examples, strings.TrimSpace(strings.TrimPrefix(line, "Example:")))
		case len([]rune(line)) < 3:
			// A stray character on a line of its own (the 2021 file has an
			// "f" between two rules): not part of any rule.
			rs.Warnings = append(rs.Warnings, fmt.Sprintf("line %d: stray text %q ignored", i+1, line))
		case len(last.Examples) > 0:
			// A paragraph after an example continues the example.
			last.Examples[len(last.Examples)-1] += "\n" + line
		default:
			// An indented paragraph continues the rule above it (205.4c).
			if last.Level <= LevelRule {
				rs.Warnings = append(rs.Warnings, fmt.Sprintf("line %d: paragraph under heading %s: %q", i+1, last.ID, line))
				continue
			}
			last.Text += "\n" + line
		}
	}
	// Keyword rules have a heading as their text ("702.10. Haste"): use it as
	// the title so that lists of children read well.
	for _, id := range rs.Order {
		r := rs.byID[id]
		if r.Level == LevelNumbered && isHeading(r.Text) {
			r.Title = r.Text
		}
	}
}

// numberedLine splits a line of the rules body that starts with a rule
// number: "3. Card Types", "302. Creatures", "302.6. A creature’s …",
// "606.5 If …" (the dot is sometimes missing), "704.5k If …", "119.1d. In …"
// (a stray dot after a subrule letter). Sections and rules need their dot.
func numberedLine(line string) (ID, string, bool) {
	sp := strings.IndexByte(line, ' ')
	if sp < 2 || sp+1 >= len(line) || line[sp+1] == ' ' {
		return ID{}, "", false
	}
	num, text := line[:sp], line[sp+1:]
	dot := strings.HasSuffix(num, ".")
	num = strings.TrimSuffix(num, ".")
	var head, number, letter string
	head, rest, hasNumber := strings.Cut(num, ".")
	if hasNumber {
		number = rest
		if n := len(number); n > 0 && number[n-1] >= 'a' && number[n-1] <= 'z' {
			number, letter = number[:n-1], number[n-1:]
		}
		if number == "" || number[0] == '0' || !allDigits(number) {
			return ID{}, "", false
		}
	}
	if !allDigits(head) || head[0] == '0' || (len(head) != 1 && len(head) != 3) {
		return ID{}, "", false
	}
	if !hasNumber && !dot {
		return ID{}, "", false // "3 Card Types" or "302 Creatures": not a rule line
	}
	if len(head) == 1 && hasNumber {
		return ID{}, "", false
	}
	h, _ := strconv.Atoi(head)
	id := ID{Section: h}
	if len(head) == 3 {
		id = ID{Section: h / 100, Rule: h}
	}
	if hasNumber {
		id.Number, _ = strconv.Atoi(number)
		id.Letter = letter
	}
	return id, text, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isHeading reports whether a numbered rule's text is a bare heading such as
// "Haste" or "Start Your Engines!" rather than a sentence.
func isHeading(text string) bool {
	if strings.Contains(text, "\n") || len([]rune(text)) > 40 {
		return false
	}
	return !strings.HasSuffix(text, ".") && !strings.HasSuffix(text, ":")
}

func (rs *Rules) parseGlossary(lines []string, from, to int) {
	var cur *GlossaryEntry
	flush := func() {
		if cur != nil && cur.Text != "" {
			rs.Glossary = append(rs.Glossary, cur)
		}
		cur = nil
	}
	for i := from; i < to; i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			flush()
			continue
		}
		if cur == nil {
			cur = &GlossaryEntry{Term: line, Line: i + 1, Refs: []string{}}
			if t, ok := strings.CutSuffix(cur.Term, "(Obsolete)"); ok {
				cur.Term = strings.TrimSpace(t)
				cur.Obsolete = true
			}
			continue
		}
		if cur.Text != "" {
			cur.Text += "\n"
		}
		cur.Text += line
		if m := senseRe.FindStringSubmatch(line); m != nil {
			cur.Senses = append(cur.Senses, m[1])
		}
	}
	flush()
	for _, g := range rs.Glossary {
		rs.byTerm[fold.Key(g.Term)] = g
	}
	// Aliases: the comma-separated parts of a heading, unless a part is a
	// term of its own ("Active Player, Nonactive Player Order" must not
	// take "Active Player" from its own entry).
	for _, g := range rs.Glossary {
		parts := strings.Split(g.Term, ",")
		if len(parts) < 2 {
			continue
		}
		for _, p := range parts {
			p = strings.Trim(strings.TrimSpace(p), "“”\"")
			if p == "" {
				continue
			}
			g.Aliases = append(g.Aliases, p)
			k := fold.Key(p)
			if _, own := rs.byTerm[k]; own {
				continue
			}
			if _, taken := rs.byAlias[k]; !taken {
				rs.byAlias[k] = g
			}
		}
	}
}

var senseRe = regexp.MustCompile(`^\d+\. (.+)$`)

// Rule returns the rule with the given id ("302.6", "704.5k", "302", "3",
// "rule 302.6"). It is a map look-up; "702.6" never matches "702.60".
func (rs *Rules) Rule(id string) (*Rule, bool) {
	if r, ok := rs.byID[id]; ok {
		return r, true
	}
	p, err := ParseID(id)
	if err != nil {
		return nil, false
	}
	r, ok := rs.byID[p.String()]
	return r, ok
}

// TitlesAbove lists the titles of the rules above a rule, nearest first:
// 702.10b gives "Haste", "Keyword Abilities", "Additional Rules".
// IsHeading reports whether a rule is only its title ("702.19. Trample",
// "305. Lands"): its text says nothing more, its subrules do.
func (r *Rule) IsHeading() bool { return r.Title != "" && (r.Text == "" || r.Text == r.Title) }

func (rs *Rules) TitlesAbove(r *Rule) []string {
	var out []string
	for p := r.Parent; p != ""; {
		pr, ok := rs.Rule(p)
		if !ok {
			break
		}
		if pr.Title != "" {
			out = append(out, pr.Title)
		}
		p = pr.Parent
	}
	return out
}

// Exists reports whether id names a rule of this file.
func (rs *Rules) Exists(id string) bool {
	_, ok := rs.Rule(id)
	return ok
}

// WithoutExamples returns a copy of the rules whose rules have no
// examples (their text, references and glossary are the same): a measure
// that asks the examples as questions must not find them in the rules.
func (rs *Rules) WithoutExamples() *Rules {
	out := *rs
	out.byID = make(map[string]*Rule, len(rs.byID))
	for id, r := range rs.byID {
		c := *r
		c.Examples = []string{}
		out.byID[id] = &c
	}
	return &out
}

// Len is the number of rules.
func (rs *Rules) Len() int { return len(rs.Order) }

// Effective is the date the rules took effect.
func (rs *Rules) Effective() time.Time { return rs.EffectiveDate }

// IDs lists every rule id in document order.
func (rs *Rules) IDs() []string { return rs.Order }

// Terms lists the glossary entries in document order.
func (rs *Rules) Terms() []*GlossaryEntry { return rs.Glossary }

// Suggest returns up to five existing ids near an id that does not exist:
// the neighbours it would sit between, preferring the same rule.
func (rs *Rules) Suggest(id string) []string {
	p, err := ParseID(id)
	if err != nil {
		return nil
	}
	sorted := rs.sorted
	i := sort.Search(len(sorted), func(i int) bool { return compareIDs(sorted[i], p) >= 0 })
	var out []string
	seen := map[string]bool{}
	addIf := func(j int, same bool) {
		if j < 0 || j >= len(sorted) || len(out) >= 5 {
			return
		}
		s := sorted[j]
		if same && s.Rule != p.Rule {
			return
		}
		if k := s.String(); !seen[k] && k != p.String() {
			seen[k] = true
			out = append(out, k)
		}
	}
	// Nearest first, alternating below and above, within the same rule;
	// then anything near.
	for _, same := range []bool{true, false} {
		for d := 0; d < 4; d++ {
			addIf(i-1-d, same)
			addIf(i+d, same)
		}
	}
	return out
}

// Define looks a glossary term up exactly, after folding case, accents and
// punctuation, then by alias. Fuzzy matching is the caller's (see
// GlossaryTerms).
func (rs *Rules) Define(term string) (*GlossaryEntry, bool) {
	k := fold.Key(term)
	if g, ok := rs.byTerm[k]; ok {
		return g, true
	}
	if g, ok := rs.byAlias[k]; ok {
		return g, true
	}
	return nil, false
}
