package ask

import (
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// A call that cites a section ("MTR 4.3", "IPG 2.1", "from Bribery
// section 5.2") is about that section: it comes first. A number without
// its document is read in the document that has a section of that number
// whose title the call names, or the only one that has it.

var citedRe = regexp.MustCompile(`(?i)\b(?:(MTR|IPG|JAR)\s*(?:section\s*|§\s*)?|(?:section|§)\s*)(\d{1,2}(?:\.\d{1,2})?|[A-F])\b`)

// cited returns the sections a call cites, in the order it cites them.
func (a *Asker) cited(text string) []Hit {
	lib := a.kb.Tourney
	if lib == nil {
		return nil
	}
	words := map[string]bool{}
	for _, w := range callWords(text) {
		words[w.stem] = true
	}
	var out []Hit
	seen := map[string]bool{}
	for _, m := range citedRe.FindAllStringSubmatch(text, -1) {
		doc, num := strings.ToLower(m[1]), m[2]
		if doc == "" && len(num) == 1 && (num[0] < '0' || num[0] > '9') {
			continue // "section A" alone is too often a word
		}
		docs := tourney.Docs
		if doc != "" {
			docs = []string{doc}
		}
		var found []*tourney.Section
		for _, d := range docs {
			if s, ok := lib.Section(d, num); ok {
				found = append(found, s)
			}
		}
		if len(found) > 1 {
			// The document whose section's title the call names.
			var named []*tourney.Section
			for _, s := range found {
				if titleNamed(s.Title, words) {
					named = append(named, s)
				}
			}
			found = named
		}
		if len(found) != 1 {
			continue
		}
		s := found[0]
		key := s.Doc + ":" + s.Number
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Hit{Kind: s.Doc, ID: s.Number, Title: strings.ToUpper(s.Doc) + " " + s.Number + " " + s.Title, Snippet: s.Text})
	}
	return out
}

// titleNamed reports whether every word of a section's title (after an
// infraction's group, "Game Play Error — Missed Trigger") is among the
// call's words.
func titleNamed(title string, words map[string]bool) bool {
	if _, after, ok := strings.Cut(title, "—"); ok {
		title = after
	}
	ws := callWords(title)
	for _, w := range ws {
		if !words[w.stem] {
			return false
		}
	}
	return len(ws) > 0
}

// A question that cites a rule by its number ("what does 702.19b mean?",
// "rule 613.8 says …") is about that rule: it weighs citedRuleWeight
// pointers, enough to come first among what the question's words find.
const citedRuleWeight = 2

var citedRuleRe = regexp.MustCompile(`\b(\d{3}\.\d{1,3}[a-z]?)\b`)

// seeRuleRe ends a text that refers on to a rule ("… new timestamps (see
// rule 613.7e)"), in the CR's way of pointing at a neighbour rather than
// asking about it.
var seeRuleRe = regexp.MustCompile(`(?i)\bsee (?:also )?(?:rules? )?$`)

// citedRules returns the rules of the loaded CR a question cites by
// number, in the order it cites them, each once.
func (a *Asker) citedRules(text string) []string {
	var out []string
	for _, m := range citedRuleRe.FindAllStringSubmatchIndex(text, -1) {
		if seeRuleRe.MatchString(text[:m[0]]) {
			continue
		}
		id := strings.ToLower(text[m[2]:m[3]])
		if a.kb.CR.Exists(id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
