// Package ask answers a question told the way players and judges tell it:
// a situation with cards in it. It links the cards the question names,
// reads what their Oracle text does (keywords and kinds of effect, mapped
// to the rules that govern them), takes the card names out of the words it
// searches for, and ranks the deciding rules, the linked cards' rulings
// and, for a tournament call, the IPG and MTR sections. It returns a plain
// value; the command set turns it into a reply.
package ask

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// Asker answers questions from one loaded knowledge base.
type Asker struct {
	kb    *rulings.KB
	names *names
	// keyword maps a folded keyword ("first strike") to the rule that
	// defines it ("702.7"), read from the CR's own 702 headings.
	keyword map[string]string
	// triggeredKeyword holds the keyword rules whose first subrule says
	// the keyword "is a triggered ability".
	triggeredKeyword map[string]bool
	// triggerKeywords holds the stems of the keyword abilities (702)
	// one of whose subrules speaks of a triggered ability ("Exalted is a
	// triggered ability", dash's "delayed triggered ability"), and the
	// folded names of those of several words: a call that uses one
	// tells a trigger (tellsTrigger).
	triggerKeywords map[string]bool
	// infractions recognises the IPG infraction a tournament call tells.
	infractions *infractions
	// documents indexes the tournament documents alone: how rare a word
	// is among them, not among the cards and rules beside them, says
	// which section a call's words point at (byDocuments).
	documents *search.Index
	// ruleDF counts, for each rule, the cards that point at it
	// (cardRules), out of ruleCards read (countRules), when the Asker is
	// made: read on the first question that named a card, it made that
	// one answer a tenth of a second longer.
	countOnce sync.Once
	ruleDF    map[string]int
	ruleCards int
	// rels reads the Rules Enforcement Level a call names.
	rels *relFinder
	// cardInfos holds what the interactions read of each card
	// (*cards.Card to *cardInfo), read on first use.
	cardInfos sync.Map
	// penalties holds the IPG's penalties, folded ("warning", "game
	// loss"): in a judge call such a word is the penalty, not a card.
	penalties map[string]bool
	// lists holds the CR's sentences that give a list or an order.
	lists []listing
	// textTerms holds the terms of a rule's text (rule id to terms),
	// read on first use.
	textTerms sync.Map
	// namedRules holds what cardRules read of a named card (*cards.Card
	// to *cardRuleSet), at most maxNamedRules cards, counted in
	// namedRulesN.
	namedRules  sync.Map
	namedRulesN atomic.Int64
}

// New builds an Asker over a loaded knowledge base.
func New(kb *rulings.KB) *Asker {
	a := &Asker{kb: kb, keyword: map[string]string{}, triggeredKeyword: map[string]bool{}, triggerKeywords: map[string]bool{}}
	words, written, phrases, gamePhrases := vocabulary(kb)
	a.names = newNames(kb.Cards, words, written, phrases)
	for _, p := range gamePhrases {
		a.names.gamePhrase[p] = true
	}
	a.infractions = newInfractions(kb.Tourney)
	if kb.Tourney != nil {
		a.documents = search.Build(kb.Tourney.SearchDocs())
	}
	a.rels = newRELFinder(kb.Tourney)
	a.lists = listings(kb)
	a.penalties = map[string]bool{}
	if kb.Tourney != nil {
		for _, sec := range kb.Tourney.Sections(tourney.IPG) {
			if sec.Penalty != "" {
				a.penalties[fold.Key(sec.Penalty)] = true
			}
		}
	}
	for _, id := range kb.CR.Order {
		r, _ := kb.CR.Rule(id)
		if r.Level == cr.LevelNumbered && (strings.HasPrefix(id, "702.") || strings.HasPrefix(id, "701.")) && r.Title != "" {
			a.keyword[fold.Key(r.Title)] = id
			if len(r.Children) > 0 {
				if first, ok := kb.CR.Rule(r.Children[0]); ok && strings.Contains(first.Text, "is a triggered ability") {
					a.triggeredKeyword[id] = true
				}
			}
			if strings.HasPrefix(id, "702.") && slices.ContainsFunc(r.Children, func(c string) bool {
				sub, ok := kb.CR.Rule(c)
				return ok && strings.Contains(sub.Text, "triggered abilit")
			}) {
				if k := fold.Key(r.Title); strings.Contains(k, " ") {
					a.triggerKeywords[k] = true
				} else {
					a.triggerKeywords[stemWord(k)] = true
				}
			}
		}
	}
	// cardRules reads the keywords above.
	a.countOnce.Do(a.countRules)
	return a
}

// vocabulary is the words the game's own rules use (the CR, its glossary
// and the tournament documents): a card named only with them needs to be
// written as a name to be linked. Oracle text and rulings are left out:
// they name cards. The CR's examples and the tournament documents tell
// situations with real cards ("Tarmogoyf", "a Brainstorm"): a word of
// theirs is the game's only where they write it in lower case somewhere;
// the words they write only capitalised are returned apart (written), and
// so are the phrases the CR's examples write as names more often than the
// documents write them as words (phrases: "lightning bolt", whose words
// 107.10 uses, is a card), and the cards' names of several words the
// documents write in lower case (gamePhrases: "first strike").
func vocabulary(kb *rulings.KB) (words, written, phrases, gamePhrases []string) {
	seen := map[string]bool{}
	pc := phraseCounter{asName: map[string]int{}, asWords: map[string]int{}}
	capital := map[string]bool{}
	addText := func(s string, spans [][]int) {
		for _, sp := range spans {
			seen[wordKey(s[sp[0]:sp[1]])] = true
		}
	}
	addLower := func(s string, spans [][]int) {
		for _, sp := range spans {
			w := s[sp[0]:sp[1]]
			if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
				capital[fold.Key(w)] = true
			} else {
				seen[wordKey(w)] = true
			}
		}
	}
	// The examples are read first: the phrases they write as names, and
	// the names of several words of the cards, are the ones counted where
	// the documents write them as words.
	if kb.Cards != nil {
		for _, c := range kb.Cards.Cards() {
			if k := fold.Key(c.Name); strings.Contains(k, " ") && strings.Count(k, " ") < maxNameWords {
				pc.addCandidate(k)
			}
		}
	}
	for _, id := range kb.CR.Order {
		r, _ := kb.CR.Rule(id)
		for _, ex := range r.Examples {
			spans := wordSpans(ex)
			addLower(ex, spans)
			pc.addNames(ex, spans)
		}
	}
	for _, id := range kb.CR.Order {
		r, _ := kb.CR.Rule(id)
		spans := wordSpans(r.Text)
		addText(r.Text, spans)
		pc.addWords(r.Text, spans)
		for _, ex := range r.Examples {
			pc.addWords(ex, wordSpans(ex))
		}
	}
	for _, g := range kb.CR.Glossary {
		text := g.Term + ". " + g.Text
		spans := wordSpans(text)
		addText(text, spans)
		pc.addWords(text, spans)
	}
	// The tournament documents' words too ("warning", "loss"): a judge
	// call tells its story in them.
	if kb.Tourney != nil {
		for _, d := range kb.Tourney.SearchDocs() {
			text := d.Title + ". " + d.Text
			spans := wordSpans(text)
			addLower(text, spans)
			pc.addWords(text, spans)
		}
	}
	for w := range seen {
		words = append(words, w)
	}
	for w := range capital {
		if !seen[w] {
			written = append(written, w)
		}
	}
	return words, written, pc.names(), pc.asWordsAtAll()
}

// Hit is one ranked source: a CR rule or a tournament-document section.
type Hit struct {
	Kind    string // "rule", "ipg", "mtr", "jar"
	ID      string
	Title   string
	Snippet string
	Score   float64
}

// Ruling is a published ruling of a card the question names.
type Ruling struct {
	Card string
	Date string
	Text string
	Refs []string
}

// Answer is what a question gets: the cards it names, the rules (and for
// a tournament call the IPG/MTR sections) that decide it, best first, and
// the rulings of the named cards that bear on it.
type Answer struct {
	Question   string
	Cards      []*cards.Card
	Tournament bool
	Rules      []Hit
	Docs       []Hit
	Rulings    []Ruling
	// Setup is the named cards as scenario lines, ready to run (empty
	// when none of them is a permanent).
	Setup []string
	// REL is the Rules Enforcement Level the question names, by the
	// level or by its program (MTR Appendix F); "" when it names none.
	REL string
	// WritesNames says whether the question writes something as a card
	// name ([[Name]], or a capitalised word inside a sentence other than
	// "I"), linked or not.
	WritesNames bool
	// NamesOnly says that the question is the names of the cards it
	// names and nothing else but separators ("Tarmogoyf", "tarmogoyf and
	// lightning bolt"), or those names asked about and nothing else
	// ("what does Tarmogoyf do?", "how does Humility work?"): what the
	// cards say is the answer.
	NamesOnly bool
	// NotEnglish says that the question is told in another language: its
	// words are almost none of the documents' (readsAsEnglish), so what
	// is ranked rests on the card names alone.
	NotEnglish bool
}

// Top is the deciding sources in order: sections first for a tournament
// call, then rules.
func (a Answer) Top() []Hit {
	if a.Tournament {
		return append(append([]Hit(nil), a.Docs...), a.Rules...)
	}
	out := append(append([]Hit(nil), a.Rules...), a.Docs...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}

// Ask answers a question.
func (a *Asker) Ask(q string) Answer {
	ans := Answer{Question: q}
	links := a.penaltiesOut(q, a.names.link(q))
	ans.Cards = Cards(links)
	text := withoutNames(q, a.namesToBlank(links))
	// A card the question writes as a name ("Fred plays Bribery") is the
	// card, not a word of the tournament documents, though its name is
	// kept in the text searched.
	// The cards a call names are its story's, not the infraction's: the
	// IPG's examples name cards of their own (a Dark Confidant trigger
	// resolved without revealing is a Hidden Card Error; one forgotten is
	// a Missed Trigger). callText is read as text is, without them.
	callText := withoutNames(text, writtenNames(q, links))
	tournamentWords := isTournamentCall(callText)
	read := func(s string) string {
		if tournamentWords {
			// An infraction the call rules out says nothing of what it is.
			s = a.infractions.withoutRuledOut(s)
			// Judges' short forms ("the HJ", "they ID'd") are read as the
			// documents' terms they stand for.
			return tourney.SpellShorthands(s)
		}
		if len(links) == 0 {
			if term, ok := a.termAsked(s); ok {
				// "What does flying mean?" asks what the rules say of
				// flying: "mean" and "work" are the question's frame, not
				// words the rules must hold.
				s = term
			}
		}
		s = a.joinKeywords(s)
		// A plain question asking what a player can do asks what the CR
		// permits, and the CR permits a player in "may" ("A player who
		// has priority may cast a sorcery card"); its "can" is what
		// objects and effects can or can't do.
		if len(links) == 0 && len(wordsOf(s)) < situationWords {
			s = playerMay(s)
		}
		return s
	}
	// Most calls write no card as a name: their two texts are one, read
	// once.
	if callText == text {
		text = read(text)
		callText = text
	} else {
		text, callText = read(text), read(callText)
	}
	var rulesTop float64
	rulings := a.scoreRulings(text, ans.Cards)
	ans.Rules, ans.Docs, rulesTop = a.rankRules(text, ans.Cards, copiesNamed(q, links), rulings)
	// On the rules' scale (their first pass is scaled to its best).
	for i := range ans.Docs {
		ans.Docs[i].Score /= max(rulesTop, 1e-9)
	}
	// A call at a tournament names its situation in the documents' words;
	// without those words, the documents must match better than the CR.
	ans.Tournament = len(ans.Docs) > 0 && (tournamentWords || len(ans.Rules) == 0)
	ans.REL = a.rels.rel(text)
	if ans.Tournament {
		ans.Docs = a.rankSections(callText, ans.REL, ans.Docs, a.tellsTrigger(callText, links), paidWrong(q, links))
		a.infractions.snippets(text, ans.Docs)
	}
	for _, r := range rulings {
		if len(ans.Rulings) == maxRulings {
			break
		}
		ans.Rulings = append(ans.Rulings, r.Ruling)
	}
	// A tournament call asks what the documents say of a player's error,
	// not what the cards do on a battlefield; so does a question whose best
	// source is a tournament section.
	if top := ans.Top(); !ans.Tournament && (len(top) == 0 || top[0].Kind == "rule" || top[0].Kind == "glossary") {
		ans.Setup = setup(q, a.names.castHalves(q, links))
	}
	ans.WritesNames = writesNames(q)
	ans.NamesOnly = namesOnly(q, links)
	ans.NotEnglish = !a.readsAsEnglish(q, links)
	return ans
}

// namesOnly says whether q holds nothing but the names linked, separators
// and the words of a question asking only what they are or do.
func namesOnly(q string, links []Link) bool {
	if len(links) == 0 {
		return false
	}
	for _, w := range wordsOf(withoutNames(q, links)) {
		if !aboutCards[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

// aboutCards are the words of a question that asks only what cards are or
// do.
var aboutCards = map[string]bool{"and": true, "what": true, "does": true, "do": true, "how": true, "work": true,
	"works": true, "is": true, "are": true, "explain": true, "about": true, "tell": true, "me": true}

// playerCan is "can" asking what a player can do: "can I", "can you",
// "can a player", "can players".
var playerCan = regexp.MustCompile(`(?i)\bcan (I|you|we|a player|players|the active player|the defending player|each player)\b`)

// playerMay adds the CR's "may" before each "can" of text that asks what a
// player can do; the "can" stays, as the CR also says "A player can
// concede the game at any time."
func playerMay(text string) string { return playerCan.ReplaceAllString(text, "may $0") }

// writesNames says whether a question writes something as a card name:
// bracketed, or a word written as a name (writtenAsName) other than "I".
func writesNames(q string) bool {
	if strings.Contains(q, "[[") {
		return true
	}
	for _, w := range wordSpans(q) {
		word := q[w[0]:w[1]]
		if word == "I" || strings.HasPrefix(word, "I'") || strings.HasPrefix(word, "I’") {
			continue
		}
		if writtenAsName(q, w[0], [][]int{w}) {
			return true
		}
	}
	return false
}

// penaltiesOut leaves out the cards named as an IPG penalty ("Warning")
// when the question is a tournament call without the names it writes:
// there the word is the penalty. A bracketed name is always the card.
func (a *Asker) penaltiesOut(q string, links []Link) []Link {
	var rest []Link
	for _, l := range links {
		if !a.penalties[fold.Key(l.Card.Name)] || strings.HasPrefix(q[l.Start:], "[[") {
			rest = append(rest, l)
		}
	}
	if len(rest) == len(links) || !isTournamentCall(withoutNames(q, writtenNames(q, links))) {
		return links
	}
	return rest
}

// namesToBlank leaves out the links whose name is also a word of the game
// ("Regenerate", "Island", "Fight"): the question may mean the word. A
// name the documents write in their own situations ("Grizzly Bears" in
// the CR's examples) stays too: it finds the rule whose example it is.
func (a *Asker) namesToBlank(links []Link) []Link {
	var out []Link
	for _, l := range links {
		if _, isTerm := a.kb.CR.Define(l.Card.Name); isTerm || a.names.allDocumented(l.Card.Name) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// writtenNames returns the links the question writes as a card name:
// bracketed, or capitalised as writtenAsName says.
func writtenNames(q string, links []Link) []Link {
	words := wordSpans(q)
	var out []Link
	for _, l := range links {
		var span [][]int
		for _, w := range words {
			if w[0] >= l.Start && w[1] <= l.End {
				span = append(span, w)
			}
		}
		if strings.HasPrefix(q[l.Start:], "[[") || len(span) > 0 && writtenAsName(q, span[0][0], span) {
			out = append(out, l)
		}
	}
	return out
}

// joinKeywords writes a keyword split in two words as the keyword
// ("Death touch" -> "deathtouch", "life link" -> "lifelink"). A tournament
// call keeps its words ("back up" is a judge's fix there, not backup).
func (a *Asker) joinKeywords(text string) string {
	words := wordSpans(text)
	var b strings.Builder
	last := 0
	for i := 0; i+1 < len(words); i++ {
		w1, w2 := text[words[i][0]:words[i][1]], text[words[i+1][0]:words[i+1][1]]
		if strings.TrimSpace(text[words[i][1]:words[i+1][0]]) != "" {
			continue
		}
		joined := fold.Key(w1 + w2)
		if _, ok := a.keyword[joined]; !ok {
			continue
		}
		if _, ok := a.keyword[fold.Key(w1+" "+w2)]; ok {
			continue
		}
		b.WriteString(text[last:words[i][0]])
		b.WriteString(joined)
		last = words[i+1][1]
		i++
	}
	b.WriteString(text[last:])
	return b.String()
}

// withoutNames blanks the card names out of a question, so that the words
// of a name ("Awakener", "Wall") do not pull in rules of their own.
func withoutNames(q string, links []Link) string {
	b := []byte(q)
	for _, l := range links {
		for i := l.Start; i < l.End; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

const (
	maxRules = 5
	// featureWeight is how much a rule governing what a named card does
	// adds, relative to the best score of the question's own words.
	featureWeight = 0.5
	// askWeight is the weight of the asking sentences' own search beside
	// the whole question's.
	askWeight = 0.5
	// featureOnly is the score, relative to the best, of a rule that only
	// the named cards point at.
	featureOnly = 0.65
	// maxRulings is how many rulings an answer shows.
	maxRulings = 5
	// bridgeRulings is how many of the best rulings are searched for the
	// rules they state, each with bridgeWeight beside the question's own
	// search, when they share at least minBridgeScore with the question.
	bridgeRulings  = 2
	bridgeWeight   = 0.5
	minBridgeScore = 2
	// subruleShare is how close a subrule's own score must come to its
	// header's for the subrule to take the header's place.
	subruleShare = 0.8
	// headerShare is what a header keeps, of its subrule's score, once the
	// subrule has taken its place.
	headerShare = 0.99
	// headingShare is what a heading keeps of its score in a situation,
	// once its subrule has taken its place.
	headingShare = 0.5
	// situationWords is the length, in words, from which a question is a
	// story rather than a plain question ("what is trample?", answered by
	// the keyword's heading).
	situationWords = 15
)

// quoteRe is a quoted text: a card's own words ("“Create a 1/1 token.”").
var quoteRe = regexp.MustCompile(`“[^”]*”|"[^"]*"`)

// withoutQuotes is the question without the card texts it quotes: what it
// tells of the situation in its own words.
func withoutQuotes(text string) string {
	return quoteRe.ReplaceAllString(text, " ")
}

// quotedShare is the weight of what a quoted card text does, beside a
// named card's.
const quotedShare = 0.7

// quotedRules maps the rules that govern what the card texts a question
// quotes do (cardRules of a card with that text) to quotedShare of their
// weight.
func (a *Asker) quotedRules(text string) map[string]float64 {
	quoted := strings.Join(quoteRe.FindAllString(text, -1), "\n")
	if quoted == "" {
		return nil
	}
	out := a.cardRules(&cards.Card{Text: quoted}, nil)
	for id := range out {
		out[id] *= quotedShare
	}
	return out
}

// toldWeight is the weight of the question's own words, its quotes left
// out, beside the whole question's.
const toldWeight = 0.4

// listWeight is what a rule giving the list a question asks for ("what
// are the steps of combat") adds, as a cue of the question's own phrasing.
const listWeight = 1

// rankRules ranks CR rules: the question's own words first, with a bonus
// for the rules that govern what the named cards do, and a header rule
// replaced by its subrule that matches the question best.
func (a *Asker) rankRules(text string, named []*cards.Card, copies map[*cards.Card]int, rulings []scoredRuling) (hits, docs []Hit, rawTop float64) {
	// Sized for a few passes of results.
	scores := make(map[string]float64, 128)
	info := make(map[string]search.Result, 128)
	best := 0.0
	// The question's terms, and the rules' terms read once, for the
	// rankings of a plain question.
	q, memo := questionTerms(text), newRuleTerms(a)
	// Snippets of the question's words (the documents are only found by
	// the first pass, the whole question).
	snip := a.kb.Index.Snipper(text)
	// The whole story, then the sentences that ask: what is asked weighs
	// more than the set-up around it.
	type pass struct {
		text   string
		weight float64
	}
	passes := []pass{{text, 1}}
	// In a situation, the words the question tells it in, its quotes left
	// out, say what it turns on more than the card texts it quotes.
	situation := len(named) > 0 || len(wordsOf(text)) >= situationWords
	if told := withoutQuotes(text); situation && told != text && strings.TrimSpace(told) != "" {
		passes = append(passes, pass{told, toldWeight})
	}
	if ask := asking(text); ask != "" && ask != strings.TrimSpace(text) && !verdictOnly(ask) {
		passes = append(passes, pass{ask, askWeight})
	}
	// The documents are put on the scale of the question's own passes.
	ownPasses := len(passes)
	// The named cards' rulings that bear on the question state the
	// principle in the rules' own words: their text is searched too, and
	// the rules they cite point at the answer.
	cited := map[string]float64{}
	for i, r := range rulings {
		if i == bridgeRulings || r.score < minBridgeScore {
			break
		}
		passes = append(passes, pass{r.Text, bridgeWeight})
		for _, ref := range r.Refs {
			cited[ref] = 1
		}
	}
	for i, p := range passes {
		// The whole question is searched once for the rules and the
		// tournament documents together; the others for rules.
		kinds := []string{"rule", "glossary"}
		if i == 0 {
			kinds = append(kinds, "ipg", "mtr", "jar")
		}
		all := a.kb.Search(p.text, search.Options{Kinds: kinds, Limit: 60, NoSnippet: true})
		res := make([]search.Result, 0, len(all))
		for _, r := range all {
			if r.Kind == "rule" || r.Kind == "glossary" {
				res = append(res, r)
			} else if len(docs) < maxRules && !notACall.MatchString(r.Title) {
				docs = append(docs, Hit{Kind: r.Kind, ID: r.ID, Title: r.Title, Snippet: snip(cmp.Or(r.Text, r.Title)), Score: r.Score})
			}
		}
		if i == 0 {
			docs = a.byDocuments(p.text, docs, snip)
		}
		top := 1.0
		if len(res) > 0 {
			top = res[0].Score
			if i < ownPasses {
				rawTop = max(rawTop, top)
			}
		}
		for _, r := range res {
			key := r.Kind + ":" + r.ID
			if r.Kind == "rule" && !a.kb.CR.Exists(r.ID) {
				continue
			}
			// Each pass is scaled to its own best, so a short question
			// sentence counts as much as a long story.
			scores[key] += p.weight * r.Score / top
			if _, ok := info[key]; !ok {
				info[key] = r
			}
		}
	}
	// In a plain question, a rule that restates another and cites it
	// gives way to it, before the question's phrasing points anywhere.
	if len(named) == 0 && len(wordsOf(text)) < situationWords {
		a.citedHome(scores, q, memo)
	}
	for _, s := range scores {
		best = max(best, s)
	}
	if best == 0 {
		best = 1
	}
	// The rules that govern what the named cards do: a bonus for those the
	// question's words found too, and candidates of their own otherwise
	// (a question that is mostly card names says little else).
	// A rule both the cards and the question's phrasing point at counts
	// for both.
	pointers := a.featuresOf(named, copies, text)
	// A situation that names no card but quotes what one says ("An effect
	// that reads “...”") tells what that card does: its quoted text points
	// at the rules that govern it, as a named card's text does.
	if len(named) == 0 && situation {
		for id, w := range a.quotedRules(text) {
			pointers[id] = max(pointers[id], w)
		}
	}
	// A question that only asks what happens says nothing of its own: what
	// the named cards do is all there is to go on.
	if len(named) > 0 && openAsk.MatchString(strings.TrimSpace(asking(text))) {
		for id := range pointers {
			pointers[id] *= openAskWeight
		}
	}
	cueWeights, askedCues := readCues(text)
	for id, w := range cueWeights {
		pointers[id] += w
	}
	for _, id := range a.listRules(text) {
		pointers[id] += listWeight
	}
	for id, w := range cardCues(named, text) {
		pointers[id] += w
	}
	for id, w := range cited {
		pointers[id] += w
	}
	for _, id := range a.citedRules(text) {
		pointers[id] += citedRuleWeight
	}
	for id, w := range pointers {
		key := "rule:" + id
		if _, ok := scores[key]; ok {
			scores[key] += featureWeight * best * w
			continue
		}
		r, ok := a.kb.CR.Rule(id)
		if !ok {
			continue
		}
		scores[key] = featureOnly * best * w
		info[key] = search.Result{Kind: "rule", ID: id, Title: a.kb.DisplayTitle(r), Text: r.Text}
	}
	// A header whose subrule the question matches nearly as well gives way
	// to it: the subrule is what decides. Headers are taken shortest number
	// first, so that a subrule that takes its header's place can give way
	// to its own subrule in turn, the same way on every run.
	keys := make([]string, 0, len(scores))
	for key := range scores {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) < len(keys[j])
		}
		return keys[i] < keys[j]
	})
	// In a situation (a story, or cards named) a heading — a rule that is
	// only its title ("702.73 Changeling", "305. Lands") — never decides:
	// its best subrule takes its place however it scored, a keyword's
	// definition (its first subrule) when none did, and the heading falls
	// back.
	for _, key := range keys {
		kind, id, _ := strings.Cut(key, ":")
		r, _ := a.kb.CR.Rule(id)
		if kind != "rule" || r == nil || len(r.Children) == 0 {
			continue
		}
		heading := situation && r.IsHeading()
		bestChild, bestScore := "", 0.0
		for _, c := range r.Children {
			if s, ok := scores["rule:"+c]; ok && s > bestScore {
				bestChild, bestScore = c, s
			}
		}
		if heading && bestChild == "" && r.Level == cr.LevelNumbered {
			first, ok := a.kb.CR.Rule(r.Children[0])
			if !ok {
				continue
			}
			bestChild = first.ID
			info["rule:"+bestChild] = search.Result{Kind: "rule", ID: bestChild, Title: a.kb.DisplayTitle(first), Text: first.Text}
		}
		// In a plain question, a subrule that says what its header says of
		// the question and the rest of what it asks takes the header's
		// place however it scored.
		narrow := ""
		if !situation && !r.IsHeading() {
			if narrow = a.narrower(r, scores, q, memo); narrow != "" {
				bestChild, bestScore = narrow, scores["rule:"+narrow]
			}
		}
		switch {
		case bestChild == "":
		case heading:
			scores["rule:"+bestChild] = max(bestScore, scores[key])
			scores[key] *= headingShare
		case bestScore >= subruleShare*scores[key] || narrow != "":
			scores["rule:"+bestChild] = max(bestScore, scores[key])
			scores[key] = bestScore * headerShare
		}
	}
	if !situation {
		a.variantsBack(scores, text)
	}
	var out []Hit
	for key, s := range scores {
		in := info[key]
		out = append(out, Hit{Kind: in.Kind, ID: in.ID, Title: in.Title, Snippet: in.Text, Score: s})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	if !situation {
		a.nearTie(out, text)
		out = a.sectionAsked(out, q)
		if len(named) == 0 {
			out = a.definitionShown(out, text)
		}
	}
	if situation {
		out = eachAsked(out, askedCues)
	}
	if len(out) > maxRules {
		out = out[:maxRules]
	}
	// Snippets for the rules kept only: making one for every candidate
	// cost more than the ranking.
	for i := range out {
		out[i].Snippet = snip(cmp.Or(out[i].Snippet, out[i].Title))
	}
	return out, docs, rawTop
}

// notACall is the title of an appendix that never answers a call: a
// document's list of changes from its previous versions (MTR Appendix A,
// IPG Appendix B) tells what changed, and the IPG's penalty quick
// reference (Appendix A) restates in a table the penalty each
// infraction's own section states.
var notACall = regexp.MustCompile(`(?i)\b(changes from previous versions|penalty quick reference)$`)

// scoredRuling is a ruling of a named card with how much it shares with
// the question.
type scoredRuling struct {
	Ruling
	score float64
}

// scoreRulings orders the named cards' rulings by how much of the question
// they share, a ruling that names another card of the question first; those
// that share nothing are left out.
func (a *Asker) scoreRulings(text string, named []*cards.Card) []scoredRuling {
	if len(named) == 0 {
		return nil
	}
	qwords := map[string]bool{}
	for _, w := range wordsOf(strings.ToLower(text)) {
		if len(w) > 3 {
			qwords[w] = true
		}
	}
	var all []scoredRuling
	for _, c := range named {
		for _, r := range c.Rulings {
			s := 0.0
			lower := strings.ToLower(r.Text)
			for w := range qwords {
				if strings.Contains(lower, w) {
					s++
				}
			}
			for _, o := range named {
				if o != c && strings.Contains(lower, strings.ToLower(o.Name)) {
					s += 5
				}
			}
			if s > 0 {
				all = append(all, scoredRuling{Ruling{Card: c.Name, Date: r.Date, Text: r.Text, Refs: r.Refs}, s})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	return all
}

// verdictWords are what an asking sentence says when it only asks for a
// verdict on the story before it ("Who's right?", "Is that correct?",
// "Why is that?", "Why not?").
var verdictWords = map[string]bool{}

func init() {
	for _, t := range search.Terms("right correct wrong true false not think thoughts help please ok okay confirm explain anyone someone one us") {
		verdictWords[t] = true
	}
}

// verdictOnly says whether an asking sentence asks only for a verdict:
// it names nothing of the game, and its own search would find rules by
// "right" or "correct" alone; the story says what is asked.
func verdictOnly(ask string) bool {
	for _, t := range search.Terms(ask) {
		if !verdictWords[t] {
			return false
		}
	}
	return true
}

// openAsk is an asking sentence that names nothing of its own: "What
// happens?", "How does that work?", "Can I [card] [card]?", with only card
// names (blanked) and connecting words around it.
var openAsk = regexp.MustCompile(`(?i)^[\s,]*((if|when|so|and|then|now|i|my|opponent|cast|casts|control|controls|play|plays|another|the|a|an|it|he|she|they|him|her|them|with|enchants|targets|targeting|attack|attacks)\b[\s,]*)*(what happens|how does (this|that|it) work|how do they interact|what is the (result|outcome|interaction)|(can|could|may) (i|you|we|they|he|she))\s*\??$`)

// openAskWeight multiplies what the named cards point at when the question
// only asks what happens.
const openAskWeight = 1.5

var sentenceRe = regexp.MustCompile(`[^.!?\n]+[.!?]*`)

// asking returns the sentences of a question that ask (those ending in a
// question mark), or the last sentence when none does.
func asking(q string) string {
	var asks []string
	var last string
	for _, s := range sentenceRe.FindAllString(q, -1) {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		last = s
		if strings.HasSuffix(s, "?") {
			asks = append(asks, s)
		}
	}
	if len(asks) == 0 {
		return last
	}
	return strings.Join(asks, " ")
}

// askedShown is how many of the first sources the reply quotes: a
// question asking several things gets a rule for each among them.
const askedShown = 3

// eachAsked makes sure a question asking several things ("how big is it,
// and can it attack?") has a rule for each among the first askedShown:
// when it asks, in a question, two or more principles (groups: the rules
// of each, readCues), each principle with none of its rules among the
// first gets its best-ranked rule at the last place of them; the first
// rule stays first. A story that asks nothing in a question (a statement,
// or a question without its mark) says what it asks too loosely.
func eachAsked(out []Hit, groups [][]ruleRef) []Hit {
	if len(groups) < 2 || len(out) < askedShown {
		return out
	}
	for _, g := range groups {
		at := -1
		for i, h := range out {
			if h.Kind == "rule" && slices.ContainsFunc(g, func(r ruleRef) bool { return r.id == h.ID }) {
				at = i
				break
			}
		}
		if at < askedShown {
			continue
		}
		// It takes the place's score too: the sources are ordered by score.
		h := out[at]
		h.Score = out[askedShown-1].Score
		out = slices.Delete(out, at, at+1)
		out = slices.Insert(out, askedShown-1, h)
	}
	return out
}
