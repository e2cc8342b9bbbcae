package ask

import (
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// listing is a sentence of the CR that gives a list: "A turn consists of
// five phases, in this order: …", "The combat phase has five steps, which
// proceed in order: …", "There are six permanent types: …".
type listing struct {
	rule  string
	terms map[string]bool // the sentence's terms and its rule's subject's
}

// listSentence is a sentence that counts the things it lists or gives
// their order.
var listSentence = regexp.MustCompile(`(?i)\b(there are|consists? of|has|have)\s+(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\b[^:]*:|\bin (this|the following) order\b|\bproceed in order\b`)

// listAsk is a question that asks for a list, a number or an order:
// "what are the steps of combat", "how many steps does the ending phase
// have", "in what order are the layers applied".
var listAsk = regexp.MustCompile(`(?i)^\s*(what|which) (are|were) the\b|\b(in )?(what|which) order\b|\bhow many\b`)

// listings reads the CR's listing sentences.
func listings(kb *rulings.KB) []listing {
	var out []listing
	for _, id := range kb.CR.Order {
		r, _ := kb.CR.Rule(id)
		if r.Level < cr.LevelNumbered {
			continue
		}
		for _, s := range sentenceRe.FindAllString(r.Text, -1) {
			if !listSentence.MatchString(s) {
				continue
			}
			l := listing{rule: id, terms: map[string]bool{}}
			for _, t := range search.Terms(s + " " + strings.Join(append([]string{r.Title}, kb.CR.TitlesAbove(r)...), " ")) {
				l.terms[t] = true
			}
			out = append(out, l)
		}
	}
	return out
}

// listRules returns the rules whose listing sentence holds every word of
// a question that asks for a list (the asking words aside).
func (a *Asker) listRules(text string) []string {
	ask := strings.TrimSpace(asking(text))
	loc := listAsk.FindStringIndex(ask)
	if loc == nil {
		return nil
	}
	terms := search.Terms(ask[:loc[0]] + " " + ask[loc[1]:])
	if len(terms) == 0 {
		return nil
	}
	var out []string
	for _, l := range a.lists {
		all := true
		for _, t := range terms {
			if !l.terms[t] {
				all = false
				break
			}
		}
		if all && !slices.Contains(out, l.rule) {
			out = append(out, l.rule)
		}
	}
	return out
}
