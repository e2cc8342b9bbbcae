package tourney

import (
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Lookup finds the section of doc that a user's query names, trying in
// turn what a judge types: the section number ("2.1"), for the IPG a
// judges' abbreviation ("GRV", "usc minor"), the words of a title ("mtr
// shortcuts" finds the first title holding them all), and a title typed
// with a typo ("missed triger") when only one title fits. When none
// names a section it returns the numbers worth suggesting instead: every
// title the typo fits, then what Complete offers for the query.
func (l *Library) Lookup(doc, query string) (*Section, []string) {
	if s, ok := l.Section(doc, query); ok {
		return s, nil
	}
	if strings.EqualFold(doc, IPG) {
		if n, ok := l.ResolveAbbrev(query); ok {
			if s, ok := l.Section(doc, n); ok {
				return s, nil
			}
		}
	}
	if found := l.Find(doc, query); len(found) > 0 {
		return found[0], nil
	}
	typos := l.FindTypos(doc, query)
	if len(typos) == 1 {
		return typos[0], nil
	}
	var sug []string
	for _, t := range typos {
		sug = append(sug, t.Number)
	}
	for _, c := range l.Complete(doc, query, 5) {
		if !slices.Contains(sug, c.Number) {
			sug = append(sug, c.Number)
		}
	}
	return nil, sug
}

// Completion is one section offered for a partly typed query: its number
// and the label to show ("2.1 Missed Trigger", "GRV — 2.5 Game Rule
// Violation").
type Completion struct{ Number, Label string }

// Complete offers at most n sections for a partly typed query: for the
// IPG the judges' abbreviations it begins first, then section numbers it
// begins, then titles that hold it. An empty query offers the sections
// in order.
func (l *Library) Complete(doc, prefix string, n int) []Completion {
	if !l.Loaded(doc) {
		return nil
	}
	q := strings.TrimSpace(strings.ToLower(prefix))
	var out []Completion
	seen := map[string]bool{}
	add := func(number, label string) {
		if !seen[number] && len(out) < n {
			seen[number] = true
			out = append(out, Completion{Number: number, Label: label})
		}
	}
	if strings.EqualFold(doc, IPG) && q != "" {
		for _, a := range Abbreviations {
			if strings.HasPrefix(strings.ToLower(a.Abbrev), q) {
				if s, ok := l.Section(doc, a.Number); ok {
					add(s.Number, a.Abbrev+" — "+s.Number+" "+s.Title)
				}
			}
		}
	}
	for _, s := range l.Sections(doc) {
		if q == "" || strings.HasPrefix(strings.ToLower(s.Number), q) {
			add(s.Number, s.Number+" "+s.Title)
		}
	}
	if k := fold.Key(q); k != "" {
		for _, s := range l.Sections(doc) {
			if strings.Contains(fold.Key(s.Title), k) {
				add(s.Number, s.Number+" "+s.Title)
			}
		}
	}
	return out
}
