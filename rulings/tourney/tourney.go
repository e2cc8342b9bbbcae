// Package tourney loads the tournament documents judges cite — the Magic
// Tournament Rules (MTR), the Infraction Procedure Guide (IPG) and Judging
// at Regular REL (JAR) — from the parsed JSON forms that exist of them,
// keeps the newest version of each and answers look-ups by section number
// or by the judges' infraction abbreviations ("hce" -> IPG 2.3).
package tourney

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Document keys.
const (
	MTR = "mtr"
	IPG = "ipg"
	JAR = "jar"
)

// Docs lists the document keys in display order.
var Docs = []string{MTR, IPG, JAR}

// DocTitle is the full name of each document.
var DocTitle = map[string]string{
	MTR: "Magic: The Gathering Tournament Rules",
	IPG: "Magic: The Gathering Infraction Procedure Guide",
	JAR: "Judging at Regular REL",
}

// Section is one numbered part of a document: a top-level section ("4",
// "A" for an appendix) or a subsection ("4.2"). IPG infractions carry
// their base penalty. Refs are the Comprehensive Rules numbers the text
// cites ("rule 103.4c").
type Section struct {
	Doc      string   `json:"doc"`
	Number   string   `json:"number"`
	Title    string   `json:"title"`
	Text     string   `json:"text"`
	Penalty  string   `json:"penalty,omitempty"`
	Refs     []string `json:"refs"`
	Parent   string   `json:"parent,omitempty"`
	Children []string `json:"children,omitempty"`
}

// version is one edition of one document, possibly assembled from several
// files (French-Vanilla ships one file per section).
type version struct {
	doc       string
	source    string
	effective time.Time
	sections  map[string]*Section
}

// Library holds every loaded version and, after Finish, the newest one of
// each document.
type Library struct {
	versions []*version
	current  map[string]*version
}

// NewLibrary returns an empty library.
func NewLibrary() *Library { return &Library{current: map[string]*version{}} }

func (l *Library) version(doc, source string, effective time.Time) *version {
	for _, v := range l.versions {
		if v.doc == doc && v.source == source && v.effective.Equal(effective) {
			return v
		}
	}
	v := &version{doc: doc, source: source, effective: effective, sections: map[string]*Section{}}
	l.versions = append(l.versions, v)
	return v
}

// AddFile recognises a tournament document file by content (path only
// breaks ties a file's content leaves open, such as which document a
// RulesLawyer list is) and loads it. It returns false, nil for files that
// are not tournament documents.
func (l *Library) AddFile(path string, data []byte) (bool, error) {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(data) == 0 {
		return false, nil
	}
	switch data[0] {
	case '{':
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return false, nil
		}
		switch {
		case obj["document_type"] != nil && obj["sections"] != nil:
			return l.addFrenchVanillaIndex(data)
		case obj["section_key"] != nil && (obj["rules"] != nil || obj["infractions"] != nil):
			return l.addFrenchVanillaSection(data)
		}
		return l.addKeyedSections(path, obj)
	case '[':
		return l.addRulesLawyer(path, data)
	}
	return false, nil
}

// parseDate reads "November 10, 2025".
func parseDate(s string) (time.Time, bool) {
	t, err := time.Parse("January 2, 2006", strings.TrimSpace(s))
	return t, err == nil
}

// Finish picks the newest version of each document: a known effective date
// beats an unknown one, a later date beats an earlier one, and between
// versions of the same date (or both undated) the one with more sections
// that have text wins, then the one with more text. It then links parents
// and children. Call it after the last AddFile.
func (l *Library) Finish() {
	l.current = map[string]*version{}
	for _, v := range l.versions {
		best := l.current[v.doc]
		if best == nil || newer(v, best) {
			l.current[v.doc] = v
		}
	}
	for _, v := range l.versions {
		link(v)
	}
}

func newer(a, b *version) bool {
	switch {
	case a.effective.IsZero() != b.effective.IsZero():
		return !a.effective.IsZero()
	case !a.effective.Equal(b.effective):
		return a.effective.After(b.effective)
	}
	if na, nb := textCount(a), textCount(b); na != nb {
		return na > nb
	}
	return textLen(a) > textLen(b)
}

// textCount counts the sections that have text: an index of titles alone
// (hgarus has text for 9 of its 32 sections) loses to a full document.
func textCount(v *version) int {
	n := 0
	for _, s := range v.sections {
		if strings.TrimSpace(s.Text) != "" {
			n++
		}
	}
	return n
}

func textLen(v *version) int {
	n := 0
	for _, s := range v.sections {
		n += len(s.Text)
	}
	return n
}

// link fills Parent and Children from the numbers and gives every section
// its CR references.
func link(v *version) {
	for _, s := range v.sections {
		s.Children = nil
	}
	for _, num := range sortedNumbers(v.sections) {
		s := v.sections[num]
		if i := strings.LastIndexByte(num, '.'); i > 0 {
			s.Parent = num[:i]
			if p, ok := v.sections[s.Parent]; ok {
				p.Children = append(p.Children, num)
			}
		}
		// Only three-digit rule numbers are CR citations here: "section
		// 2.5" and "section 4" in these documents mean their own sections.
		s.Refs = []string{}
		for _, r := range cr.ExtractRefs(s.Text) {
			if len(r) >= 3 && r[0] >= '1' && r[0] <= '9' && r[1] >= '0' && r[1] <= '9' && r[2] >= '0' && r[2] <= '9' {
				s.Refs = append(s.Refs, r)
			}
		}
	}
}

// Section returns a section of the newest version of doc ("mtr", "ipg",
// "jar"). number accepts "4.2", "4.2.", "MTR 4.2", "section 4.2",
// "Appendix B" and "b".
func (l *Library) Section(doc, number string) (*Section, bool) {
	v := l.current[strings.ToLower(doc)]
	if v == nil {
		return nil, false
	}
	s, ok := v.sections[NormalizeNumber(number)]
	return s, ok
}

// NormalizeNumber turns what users type for a section into the stored
// form: "MTR 4.2." -> "4.2", "Appendix b" -> "B", "§ 2.1" -> "2.1".
func NormalizeNumber(s string) string {
	s = strings.TrimSpace(s)
	low := strings.ToLower(s)
	for _, p := range []string{"mtr", "ipg", "jar", "section", "sec.", "appendix", "§"} {
		if strings.HasPrefix(low, p) {
			s = strings.TrimSpace(s[len(p):])
			low = strings.ToLower(s)
		}
	}
	s = strings.TrimRight(s, ". ")
	if len(s) == 1 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return strings.ToUpper(s)
	}
	return s
}

// Sections returns the sections of the newest version of doc in document
// order (1, 1.1, …, 10, then appendices A, B, …).
func (l *Library) Sections(doc string) []*Section {
	v := l.current[strings.ToLower(doc)]
	if v == nil {
		return nil
	}
	var out []*Section
	for _, n := range sortedNumbers(v.sections) {
		out = append(out, v.sections[n])
	}
	return out
}

// EffectiveDate returns the effective date of the version of doc in use;
// it is zero when the source does not state one (RulesLawyer, hgarus).
func (l *Library) EffectiveDate(doc string) time.Time {
	if v := l.current[strings.ToLower(doc)]; v != nil {
		return v.effective
	}
	return time.Time{}
}

// Source names where the version of doc in use came from.
func (l *Library) Source(doc string) string {
	if v := l.current[strings.ToLower(doc)]; v != nil {
		return v.source
	}
	return ""
}

// Loaded reports whether any version of doc is loaded.
func (l *Library) Loaded(doc string) bool { return l.current[strings.ToLower(doc)] != nil }

// Find returns sections of doc whose title contains every word of q, in
// document order; it lets "jar common issues" or "mtr shortcuts" answer.
func (l *Library) Find(doc, q string) []*Section {
	words := strings.Fields(fold.Key(q))
	if len(words) == 0 {
		return nil
	}
	var out []*Section
	for _, s := range l.Sections(doc) {
		title := " " + fold.Key(s.Title) + " "
		all := true
		for _, w := range words {
			if !strings.Contains(title, " "+w) {
				all = false
				break
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}

// FindTypos returns, when Find finds nothing, the sections of doc whose
// title has, for every word of q, a word it is a typo of ("missed
// triger", "hiden card eror"): one edit in a word of four to six letters,
// two in a longer one; a shorter word must be exact. In document order.
func (l *Library) FindTypos(doc, q string) []*Section {
	words := strings.Fields(fold.Key(q))
	if len(words) == 0 {
		return nil
	}
	var out []*Section
	for _, s := range l.Sections(doc) {
		title := strings.Fields(fold.Key(s.Title))
		all := true
		for _, w := range words {
			if !slices.ContainsFunc(title, func(t string) bool { return typoOf(w, t) }) {
				all = false
				break
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}

// typoOf reports whether the typed word w is the title word t with a typo
// at most: none for a word of three letters or fewer, one for four to
// six, two for longer.
func typoOf(w, t string) bool {
	a, b := []rune(w), []rune(t)
	limit := 0
	switch {
	case len(a) >= 7:
		limit = 2
	case len(a) >= 4:
		limit = 1
	}
	return fold.Distance(a, b, limit) <= limit
}

// sortedNumbers orders section numbers numerically part by part, with
// lettered appendices after every numbered section.
func sortedNumbers(m map[string]*Section) []string {
	nums := make([]string, 0, len(m))
	for n := range m {
		nums = append(nums, n)
	}
	sort.Slice(nums, func(i, j int) bool { return lessNumber(nums[i], nums[j]) })
	return nums
}

func lessNumber(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for k := 0; k < len(pa) && k < len(pb); k++ {
		ia, errA := strconv.Atoi(pa[k])
		ib, errB := strconv.Atoi(pb[k])
		switch {
		case errA == nil && errB == nil:
			if ia != ib {
				return ia < ib
			}
		case errA == nil:
			return true // numbers before appendix letters
		case errB == nil:
			return false
		default:
			if pa[k] != pb[k] {
				return pa[k] < pb[k]
			}
		}
	}
	return len(pa) < len(pb)
}

func (v *version) put(s *Section) {
	s.Doc = v.doc
	// Stored numbers take the form look-ups normalise to, so every listed
	// section can be asked for by its own number.
	s.Number = NormalizeNumber(s.Number)
	if s.Number == "" {
		return
	}
	s.Text, s.Title = reflow(s.Text), reflow(s.Title)
	if have, ok := v.sections[s.Number]; ok {
		// The index file gives a title, the section file the text.
		if s.Title == "" {
			s.Title = have.Title
		}
		if s.Text == "" {
			s.Text = have.Text
		}
	}
	v.sections[s.Number] = s
}

func errf(format string, args ...any) error { return fmt.Errorf(format, args...) }
