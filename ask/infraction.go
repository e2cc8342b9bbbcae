package ask

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// infractions recognises the IPG infraction a tournament call describes.
// Each infraction is indexed by its name, the judges' abbreviations for it
// and its definition with its examples: the situations players tell are
// the ones the IPG itself describes. The philosophy, remedies and upgrades
// that follow are left out, since they name the neighbouring infractions
// ("treat it as a Decklist Problem instead").
type infractions struct {
	ix     *search.Index
	titles map[string]string
	// texts are the infractions' texts as the IPG writes them, for
	// snippets.
	texts map[string]string
	// names are the infractions' names and abbreviations, for the calls
	// that name one outright.
	names []infractionName
	// subject maps the stem of a word of one infraction's name that few
	// infractions' texts use ("mulligan" of Mulligan Procedure Error) to
	// that infraction's number.
	subject map[string]string
	// missed is the number of the infraction named by a trigger
	// (Missed Trigger).
	missed string
	// violation is the number of the infraction Missed Trigger's
	// definition hands the problems it does not cover to (Game Rule
	// Violation), "" if there is none.
	violation string
}

// subjectSpread is how many infractions' texts may use a word of a name
// for it to tell that infraction's subject.
const subjectSpread = 3

// infractionParts are the headings after which an infraction's text no
// longer describes the situation.
var infractionParts = []string{"\nPhilosophy", "\nAdditional Remedy", "\nUpgrade:"}

func newInfractions(lib *tourney.Library) *infractions {
	return buildInfractions(lib, nil)
}

// buildInfractions indexes the infractions, leaving out the examples
// held says to (the measurement of how the recogniser tells an example
// it has not read).
func buildInfractions(lib *tourney.Library, held func(number, example string) bool) *infractions {
	if lib == nil || !lib.Loaded(tourney.IPG) {
		return nil
	}
	// The JAR tells each common error in a player's words ("A player
	// forgets a triggered ability") where the IPG defines the infraction
	// that handles it at Competitive REL: its heading is one more way of
	// telling that infraction, weighed as extra text (as the CR's
	// examples are): it is not the IPG's own definition.
	told := map[string][]string{}
	for jar, ipg := range tourney.JARCounterparts {
		if s, ok := lib.Section(tourney.JAR, jar); ok {
			told[ipg] = append(told[ipg], s.Title)
		}
	}
	// The JAR's lists of unwanted behaviours and serious problems tell
	// an infraction in a phrase of their own ("knowingly breaking or
	// letting an opponent break game or tournament rules, or lying" of
	// Cheating): one more way of telling it, weighed as extra text.
	for ipg, l := range tourney.JARListed {
		told[ipg] = append(told[ipg], l.Says)
	}
	var docs []search.Doc
	titles, texts := map[string]string{}, map[string]string{}
	for _, s := range lib.Sections(tourney.IPG) {
		if s.Penalty == "" || strings.TrimSpace(s.Text) == "" {
			continue
		}
		text := s.Text
		for _, h := range infractionParts {
			if i := strings.Index(text, h); i >= 0 {
				text = text[:i]
			}
		}
		if held != nil {
			text = withoutExamples(text, func(ex string) bool { return held(s.Number, ex) })
		}
		sort.Strings(told[s.Number])
		extra := strings.Join(told[s.Number], "\n")
		name := s.Title
		if _, after, ok := strings.Cut(name, "—"); ok {
			name = strings.TrimSpace(after)
		}
		for _, ab := range tourney.Abbreviations {
			if ab.Number == s.Number {
				name += " " + ab.Abbrev
			}
		}
		title := "IPG " + s.Number + " " + s.Title
		titles[s.Number] = title
		texts[s.Number] = text
		// The name is a line of the text too: its words say what the
		// infraction is about, and its definition seldom repeats them
		// (Deck Problem's speaks of a "deck" that "does not match the
		// registered decklist"). A call that names the whole infraction
		// gains namedWeight (rank), not the search's title bonus as well.
		docs = append(docs, search.Doc{Kind: tourney.IPG, ID: s.Number, Title: name, Text: name + "\n" + matchDraws(text), Extra: extra, NoTitleBonus: true})
	}
	if len(docs) == 0 {
		return nil
	}
	in := &infractions{ix: search.Build(docs), titles: titles, texts: texts, names: infractionNames(lib), subject: subjectWords(docs)}
	for _, d := range docs {
		for _, w := range callWords(d.Title) {
			if w.stem == "trigger" {
				in.missed = d.ID
			}
		}
	}
	// Missed Trigger's definition hands what it does not cover to
	// another infraction by its full title ("further problems are
	// treated as a Game Play Error — Game Rule Violation").
	for _, s := range lib.Sections(tourney.IPG) {
		if s.Penalty != "" && in.missed != "" && s.Number != in.missed && strings.Contains(texts[in.missed], s.Title) {
			in.violation = s.Number
		}
	}
	return in
}

// exampleRe is one of an infraction's examples, on a line of its own:
// "A. A player draws four cards after casting Ancestral Recall."
var exampleRe = regexp.MustCompile(`(?m)^[A-Z]\.\s+(.+)\n?`)

// examplesOf returns an infraction's examples.
func examplesOf(s *tourney.Section) []string {
	text := s.Text
	for _, h := range infractionParts {
		if i := strings.Index(text, h); i >= 0 {
			text = text[:i]
		}
	}
	_, ex, ok := strings.Cut(text, "\nExamples")
	if !ok {
		return nil
	}
	var out []string
	for _, m := range exampleRe.FindAllStringSubmatch(ex, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
}

// withoutExamples leaves out of an infraction's text the examples drop
// says to.
func withoutExamples(text string, drop func(string) bool) string {
	def, ex, ok := strings.Cut(text, "\nExamples")
	if !ok {
		return text
	}
	ex = exampleRe.ReplaceAllStringFunc(ex, func(line string) string {
		if drop(strings.TrimSpace(exampleRe.FindStringSubmatch(line)[1])) {
			return ""
		}
		return line
	})
	return def + "\nExamples" + ex
}

// subjectWords maps each stem that is a word of exactly one infraction's
// name, and that at most subjectSpread infractions' texts use, to that
// infraction.
func subjectWords(docs []search.Doc) map[string]string {
	inNames := map[string][]string{}
	inTexts := map[string]int{}
	for _, d := range docs {
		name := d.Title
		seen := map[string]bool{}
		for _, w := range callWords(name) {
			if !seen[w.stem] {
				seen[w.stem] = true
				inNames[w.stem] = append(inNames[w.stem], d.ID)
			}
		}
		seen = map[string]bool{}
		for _, w := range callWords(d.Text) {
			if !seen[w.stem] {
				seen[w.stem] = true
				inTexts[w.stem]++
			}
		}
	}
	out := map[string]string{}
	for stem, ids := range inNames {
		if len(ids) == 1 && inTexts[stem] <= subjectSpread {
			out[stem] = ids[0]
		}
	}
	return out
}

// rank returns the infractions the text describes, best first. An
// infraction the text names (and does not rule out) gains the best
// score of the description: naming it says more than any story.
func (in *infractions) rank(text string) []Hit {
	if in == nil {
		return nil
	}
	var out []Hit
	for _, r := range in.ix.Search(matchDraws(baseForms(text)), search.Options{Limit: 30, NoSnippet: true}) {
		out = append(out, Hit{Kind: tourney.IPG, ID: r.ID, Title: in.titles[r.ID], Score: r.Score})
	}
	top := 1.0
	if len(out) > 0 {
		top = out[0].Score
	}
	given := map[string]bool{}
	for _, n := range in.named(text) {
		if n.ruledOut || n.word || given[n.number] {
			continue
		}
		given[n.number] = true
		i := slices.IndexFunc(out, func(h Hit) bool { return h.ID == n.number })
		if i < 0 {
			out = append(out, Hit{Kind: tourney.IPG, ID: n.number, Title: in.titles[n.number]})
			i = len(out) - 1
		}
		out[i].Score += namedWeight * top
	}
	// A story that keeps coming back to the subject of one infraction's
	// name ("mulliganing to 6 … mulligan to 5 … I'll mulligan") is about
	// it.
	count := map[string]int{}
	for _, w := range callWords(text) {
		count[w.stem]++
	}
	for stem, n := range count {
		number, ok := in.subject[stem]
		if !ok || n < 2 || given[number] {
			continue
		}
		given[number] = true
		i := slices.IndexFunc(out, func(h Hit) bool { return h.ID == number })
		if i < 0 {
			out = append(out, Hit{Kind: tourney.IPG, ID: number, Title: in.titles[number]})
			i = len(out) - 1
		}
		out[i].Score += subjectWeight * top
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}

// ruleViolation is the number of the infraction Missed Trigger's
// definition hands the problems it does not cover to (Game Rule
// Violation), "" if there is none.
func (in *infractions) ruleViolation() string {
	if in == nil {
		return ""
	}
	return in.violation
}

// missedTrigger is the number of Missed Trigger, "" if there is none.
func (in *infractions) missedTrigger() string {
	if in == nil {
		return ""
	}
	return in.missed
}

// snippets gives the infractions among a call's first sections that have
// none the sentence of their text nearest the call (rank leaves them out:
// most of its hits are never shown).
func (in *infractions) snippets(text string, docs []Hit) {
	if in == nil {
		return
	}
	var snip func(string) string
	for i := range docs[:min(len(docs), maxRules)] {
		if docs[i].Kind != tourney.IPG || docs[i].Snippet != "" || in.texts[docs[i].ID] == "" {
			continue
		}
		if snip == nil {
			snip = in.ix.Snipper(text)
		}
		docs[i].Snippet = snip(in.texts[docs[i].ID])
	}
}

// subjectWeight is what a story's repeated subject adds, relative to the
// best description's score.
const subjectWeight = 0.5

// namedWeight is what naming an infraction adds, relative to the best
// description's score.
const namedWeight = 1.0

// irregularForms are the irregular past forms of the verbs the IPG's
// definitions and examples use in the present ("A player draws four
// cards", "forgets to remove", "sees the bottom card"), which a story
// tells in the past ("he drew two cards", "she forgot her trigger"): the
// stemmer does not join them.
var irregularForms = map[string]string{
	"drew": "draws", "drawn": "draws",
	"forgot": "forgets", "forgotten": "forgets",
	"saw": "sees", "seen": "sees",
	"took": "takes", "taken": "takes",
	"gave": "gives", "given": "gives",
	"chose": "chooses", "chosen": "chooses",
	"shown": "shows",
	"knew":  "knows", "known": "knows",
	"held":  "holds",
	"dealt": "deals",
	"began": "begins", "begun": "begins",
	"kept":  "keeps",
	"threw": "throws", "thrown": "throws",
	"fell": "falls", "fallen": "falls",
	"stole": "steals", "stolen": "steals",
	"wrote": "writes", "written": "writes",
	"spoke": "speaks", "spoken": "speaks",
	"told":  "tells",
	"said":  "says",
	"paid":  "pays",
	"found": "finds",
	"made":  "makes",
	"sat":   "sits",
	"lost":  "loses",
	"won":   "wins",
}

var irregularRe = func() *regexp.Regexp {
	words := make([]string, 0, len(irregularForms))
	for w := range irregularForms {
		words = append(words, w)
	}
	sort.Strings(words)
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(words, "|") + `)\b`)
}()

// baseForms writes a story's irregular past forms as the IPG writes the
// verbs.
func baseForms(text string) string {
	return irregularRe.ReplaceAllStringFunc(text, func(w string) string { return irregularForms[strings.ToLower(w)] })
}

// "Draw" is two words in a call: drawing cards ("he drew two cards", "I
// drew for the turn"), which most of the IPG's game play errors speak of,
// and a match's result ("two players about to draw roll a die", "in
// exchange for a draw"), which Improperly Determining a Winner and
// Bribery speak of. The recogniser reads the second as a word of its own,
// in the IPG and in the call, so that a story of drawing cards does not
// point at those.

// matchDrawRe is "draw" meaning a match's result: after "a",
// "intentionally", "about to", "agree to", "or", "conceding", or before
// "the match" or "their game".
var matchDrawRe = regexp.MustCompile(`(?i)\b(?:(an?|intentional(?:ly)?|(?:about|going|agreed?|agreeing|offers?|offered) to|or|conceding,?)\s+)(draw(?:s|n|ing)?|drew)\b|\b(draw(?:s|n|ing)?|drew)(\s+(?:the|their|this|that|our|his|her)?\s*(?:match|matches|game|games)\b)`)

// drawsCards follows a "draw" that is of cards: "or draw a card", "to
// draw two", "or draw from the library".
var drawsCards = regexp.MustCompile(`(?i)^\s+(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+|another|extra|cards?|for|from|up|into|step)\b`)

// matchDraw is the word the recogniser reads for a match's draw.
const matchDraw = "matchdraw"

// matchDraws writes each "draw" of a text that means a match's result as
// matchDraw.
func matchDraws(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range matchDrawRe.FindAllStringSubmatchIndex(text, -1) {
		// m[4:6] is the draw word after its cue, m[6:8] the one before
		// "the match".
		at := m[4:6]
		if at[0] < 0 {
			at = m[6:8]
		} else if drawsCards.MatchString(text[at[1]:]) {
			continue
		}
		b.WriteString(text[last:at[0]])
		b.WriteString(matchDraw)
		last = at[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
