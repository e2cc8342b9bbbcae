package ask

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// The rankings of a plain question (no card named, shorter than a story):
// which of near-tied rules says what is asked, which subrule takes its
// header's place, which rule a restating rule gives way to, and which
// rule states the definition a question closes on.

// definitionShown keeps, among the rules a plain question that asks
// whether its subject is or does something is answered with, the rule
// that states the glossary's definition of what it asks ("is an artifact
// colorless": Colorless, "An object with no color is colorless", which
// 105.2c states: "A colorless object has no color"). A rule the question's
// own words found, but below the first maxRules, takes the last of those
// places that is not a header shown below its own subrule (the header
// says what the subrule refines); the places above stay the question's.
func (a *Asker) definitionShown(out []Hit, text string) []Hit {
	if len(out) < 2 {
		return out
	}
	home := a.definitionHome(text)
	if home == "" {
		return out
	}
	at := -1
	for i, h := range out {
		if h.Kind == "rule" && h.ID == home {
			at = i
			break
		}
	}
	if at < maxRules {
		return out
	}
	gives := -1
	for i := min(maxRules, len(out)) - 1; i > 0 && gives < 0; i-- {
		header := false
		for _, o := range out[:i] {
			header = header || out[i].Kind == "rule" && o.Kind == "rule" && o.ID != out[i].ID && a.under(o.ID, []string{out[i].ID})
		}
		if !header {
			gives = i
		}
	}
	if gives < 0 {
		return out
	}
	r, _ := a.kb.CR.Rule(home)
	slot := min(maxRules, len(out)) - 1
	h := Hit{Kind: "rule", ID: home, Title: a.kb.DisplayTitle(r), Snippet: r.Text, Score: out[slot].Score}
	out = slices.Delete(out, at, at+1)
	out = slices.Delete(out, gives, gives+1)
	return slices.Insert(out, slot, h)
}

// definitionHome is the rule stating the sense of the glossary term a
// question closes on as its predicate (closingTerm): of the entry's
// senses, the one sharing most with the question is read, and its home is
// the rule its own words find first among the rules it cites (the
// entry's, when the sense cites none) and their subrules. "" when the
// question closes on no glossary term so.
func (a *Asker) definitionHome(text string) string {
	g := a.closingTerm(text)
	if g == nil || len(g.Refs) == 0 {
		return ""
	}
	q := terms{}
	for _, t := range search.Terms(text) {
		q[t] = true
	}
	senses := g.Senses
	if len(senses) == 0 {
		senses = []string{g.Text}
	}
	sense, shared := "", -1
	for _, s := range senses {
		if n := len(q.held(s)); n > shared {
			sense, shared = s, n
		}
	}
	var refs []string
	for _, id := range cr.ExtractRefs(sense) {
		if a.kb.CR.Exists(id) {
			refs = append(refs, id)
		}
	}
	if len(refs) == 0 {
		// A pointer after the last sense is the entry's.
		refs = g.Refs
	}
	own := strings.TrimSpace(seeRe.ReplaceAllString(sense, ""))
	for _, d := range a.kb.Search(own, search.Options{Kinds: []string{"rule"}, Limit: 60, NoSnippet: true}) {
		if a.under(d.ID, refs) {
			return d.ID
		}
	}
	return ""
}

// closingTerm is the glossary entry whose term (or its singular) closes a
// question that asks whether its subject is or does something ("is an
// artifact colorless", "can a tapped creature block", "what does a copy
// of a permanent copy"): such a question opens on a verb and closes on
// its predicate, which follows the subject's last word (not "to", "on the",
// which close on a complement: "can I respond to a mana ability"). The
// longest term that closes it; nil when there is none or it follows such
// a word.
func (a *Asker) closingTerm(text string) *cr.GlossaryEntry {
	words := wordsOf(strings.ToLower(asking(text)))
	if len(words) < 3 {
		return nil
	}
	if !predicateAsk[words[0]] && !(words[0] == "what" && predicateAsk[words[1]]) {
		return nil
	}
	for n := min(3, len(words)-2); n > 0; n-- {
		term := strings.Join(words[len(words)-n:], " ")
		for _, t := range []string{term, strings.TrimSuffix(term, "s")} {
			if g, ok := a.kb.CR.Define(t); ok {
				if len(search.Terms(words[len(words)-n-1])) == 0 {
					return nil
				}
				return g
			}
		}
	}
	return nil
}

// predicateAsk are the verbs a question asking whether its subject is or
// does something opens on.
var predicateAsk = map[string]bool{}

func init() {
	for _, w := range strings.Fields("is are was were isn't aren't does do did doesn't can could can't may might will would should must has have") {
		predicateAsk[w] = true
	}
}

// termAsk is a question that asks only what a term means, in words the
// rules don't hold: "what does flying mean", "how does trample work",
// "explain deathtouch", "define the stack". ("What is hexproof?" is
// answered by its words already.)
var termAsk = regexp.MustCompile(`(?i)^\s*(?:(?:what|how)\s+(?:does|do)\s+` + termWords + `\s+(?:mean|means|work|works)|(?:explain|define|definition\s+of|meaning\s+of|what\s+is\s+meant\s+by)\s+` + termWords + `)\s*[?.!]*\s*$`)

// termWords is the term of termAsk, after an article or "the word", in
// quotes or not.
const termWords = `(?:the\s+|an?\s+)?(?:(?:word|keyword|term|ability)\s+)?["“‘']?([^"“”‘’'?!.]+?)["”’']?`

// termAsked returns a question that asks only what a glossary term means
// (termAsk) without the words of its frame ("mean", "work", "explain"),
// which the rules hold in senses of their own ("“Afterlife N” means …").
func (a *Asker) termAsked(text string) (string, bool) {
	m := termAsk.FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	g := 2
	if m[2] < 0 {
		g = 4
	}
	t := strings.TrimSpace(text[m[g]:m[g+1]])
	for _, k := range []string{t, strings.TrimSuffix(t, "s")} {
		if _, ok := a.kb.CR.Define(k); ok {
			return t, true
		}
	}
	return "", false
}

// seeRe is a glossary entry's pointer to the rules and entries that say
// more ("See rule 105, “Colors.”", "See also Untapped."): not the
// definition's own words.
var seeRe = regexp.MustCompile(`\bSee (also |rules? |sections? )[\s\S]*$`)

// tieShare is how close to the best a rule must score to be in a near tie
// with it.
const tieShare = 0.95

// nearTie breaks a near tie at the top of a plain question's ranking
// toward the rule that sits under titles naming more of the question's
// terms (its own title and those of the sections above it: "Timing and
// Priority" for a question about priority, not "Restarting the Game"),
// and among those toward the one one of whose own sentences (its text,
// not its title, context or examples) holds more of the question's
// terms: the rule that says what is asked in one statement rather than
// one found through the words around it. A glossary entry only restates
// a rule and is never moved up, nor is a rule above the first (a header
// gave way to its subrule already).
func (a *Asker) nearTie(out []Hit, text string) {
	if len(out) < 2 {
		return
	}
	q := questionTerms(text)
	// own is how many of the question's terms the titles above h hold,
	// and how many the best of its own sentences holds.
	type count struct{ titles, sentence int }
	own := func(h Hit) count {
		var body string
		var titles []string
		switch h.Kind {
		case "rule":
			if r, ok := a.kb.CR.Rule(h.ID); ok {
				body = r.Text
				titles = append(a.kb.CR.TitlesAbove(r), r.Title)
			}
		case "glossary":
			if g, ok := a.kb.CR.Define(h.ID); ok {
				body = g.Text
				titles = []string{g.Term}
			}
		}
		var c count
		c.titles = len(q.held(strings.Join(titles, "\n")))
		for _, sentence := range sentenceRe.FindAllString(body, -1) {
			c.sentence = max(c.sentence, len(q.held(sentence)))
		}
		return c
	}
	more := func(x, y count) bool {
		return x.titles > y.titles || x.titles == y.titles && x.sentence > y.sentence
	}
	top := out[0].Score
	win, most := 0, own(out[0])
	for i := 1; i < len(out) && out[i].Score >= tieShare*top; i++ {
		if out[i].Kind != "rule" || (out[0].Kind == "rule" && strings.HasPrefix(out[0].ID, out[i].ID)) {
			continue
		}
		// Nor is a rule that restates the first and cites it: the first is
		// where the CR states it.
		if out[0].Kind == "rule" && a.restatesCited(out[i].ID, out[0].ID) {
			continue
		}
		if n := own(out[i]); more(n, most) {
			win, most = i, n
		}
	}
	if win == 0 {
		return
	}
	h := out[win]
	h.Score = top
	copy(out[1:win+1], out[:win])
	out[0] = h
}

// sectionAsked answers a plain question that only names a section of the
// CR ("what happens in the untap step": every term of the question is in
// the title "502. Untap Step") with the section's own rules in the CR's
// order ("First, …", "Second, …", "Third, …"), right after the best of
// the section's rules and before the rules of other sections that mention
// it; nothing moves above the best of them.
func (a *Asker) sectionAsked(out []Hit, q terms) []Hit {
	if len(q) == 0 {
		return out
	}
	for _, h := range out[:min(len(out), maxRules)] {
		r, ok := a.kb.CR.Rule(h.ID)
		if h.Kind != "rule" || !ok || !r.IsHeading() || len(r.Children) == 0 || len(q.held(r.Title)) < len(q) {
			continue
		}
		at := map[string]int{}
		best := 0.0
		for i, o := range out {
			if o.Kind == "rule" && (o.ID == r.ID || slices.Contains(r.Children, o.ID)) {
				at[o.ID] = i
				best = max(best, o.Score)
			}
		}
		for i, id := range r.Children {
			s := best * (1 - float64(i+1)/1000)
			if j, ok := at[id]; ok {
				out[j].Score = max(out[j].Score, s)
				continue
			}
			if c, ok := a.kb.CR.Rule(id); ok {
				out = append(out, Hit{Kind: "rule", ID: id, Title: a.kb.DisplayTitle(c), Snippet: c.Text, Score: s})
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
		return out
	}
	return out
}

// variantShare is what a rule of the multiplayer or casual variants keeps
// of its score in a plain question that doesn't name its variant.
const variantShare = 0.7

// variantsBack lowers, in a plain question, the rules of the CR's
// multiplayer and casual variants (chapters 8 and 9) whose titles (the
// variant's section and its chapter) share no word with the question:
// they modify the two-player game's rules, and a question that names no
// variant asks about the game itself ("how many poison counters to lose"
// is 704.5c, not Two-Headed Giant's 810.10b).
func (a *Asker) variantsBack(scores map[string]float64, text string) {
	q := map[string]bool{}
	for _, t := range search.Terms(text) {
		q[t] = true
	}
	generic := map[string]bool{}
	for _, t := range search.Terms("rules general") {
		generic[t] = true
	}
	for key := range scores {
		kind, id, _ := strings.Cut(key, ":")
		if kind != "rule" || (id[0] != '8' && id[0] != '9') {
			continue
		}
		r, ok := a.kb.CR.Rule(id)
		if !ok {
			continue
		}
		named := false
		for _, title := range append(a.kb.CR.TitlesAbove(r), r.Title) {
			for _, t := range search.Terms(title) {
				if q[t] && !generic[t] {
					named = true
				}
			}
		}
		if !named {
			scores[key] *= variantShare
		}
	}
}

// citedHome gives a rule that restates, and cites, the rule stating the
// same thing way to it: 122.1e says "A planeswalker with 0 loyalty is put
// into its owner’s graveyard as a state-based action. See rule 704.", and
// 704.5i, whose every word it holds, is where the CR states it. The
// cited rule (or a subrule of it) among the candidates that holds every
// word of the question the citing rule holds takes the citing rule's
// score, and the citing rule falls just below it.
func (a *Asker) citedHome(scores map[string]float64, q terms, memo ruleTerms) {
	var ids []string
	for key := range scores {
		if kind, id, _ := strings.Cut(key, ":"); kind == "rule" {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	type move struct {
		from, to string
		score    float64
	}
	var moves []move
	for _, id := range ids {
		r, ok := a.kb.CR.Rule(id)
		if !ok || len(r.Refs) == 0 {
			continue
		}
		s := scores["rule:"+id]
		best, bestScore := "", 0.0
		for _, oid := range ids {
			os := scores["rule:"+oid]
			if oid == id || os <= bestScore || os >= s || !a.under(oid, r.Refs) {
				continue
			}
			if !a.restatesCitedIn(memo, id, oid) {
				continue
			}
			// The cited rule holds every term of the question the citing
			// one holds (it holds no other: the citing one holds all its
			// words).
			all := true
			held := memo.of(oid)
			for t := range memo.of(id) {
				if q[t] && !held[t] {
					all = false
					break
				}
			}
			if all {
				best, bestScore = oid, os
			}
		}
		if best != "" {
			moves = append(moves, move{id, best, s})
		}
	}
	for _, m := range moves {
		scores["rule:"+m.to] = max(scores["rule:"+m.to], m.score)
		scores["rule:"+m.from] = m.score * headerShare
	}
}

// under reports whether rule id is one of refs or a subrule of one.
func (a *Asker) under(id string, refs []string) bool {
	for p := id; p != ""; {
		if slices.Contains(refs, p) {
			return true
		}
		r, ok := a.kb.CR.Rule(p)
		if !ok {
			return false
		}
		p = r.Parent
	}
	return false
}

// restatesCited reports whether rule id cites rule home (or a rule above
// it) and holds every term of it, while home cites nothing above id: home
// is where the CR states it. (Two rules that cite each other's sections,
// 704.6c and 903.10a, restate each other, and neither is the other's
// home.)
func (a *Asker) restatesCited(id, home string) bool {
	return a.restatesCitedIn(newRuleTerms(a), id, home)
}

// restatesCitedIn is restatesCited reading the rules' terms through memo.
func (a *Asker) restatesCitedIn(memo ruleTerms, id, home string) bool {
	r, ok := a.kb.CR.Rule(id)
	h, ok2 := a.kb.CR.Rule(home)
	if !ok || !ok2 || !a.under(home, r.Refs) || a.under(id, h.Refs) {
		return false
	}
	text, stated := memo.of(id), memo.of(home)
	if len(stated) == 0 {
		return false
	}
	for t := range stated {
		if !text[t] {
			return false
		}
	}
	return true
}

// ruleTerms reads the terms of rules' texts, each once for the Asker.
type ruleTerms struct{ a *Asker }

func newRuleTerms(a *Asker) ruleTerms { return ruleTerms{a: a} }

// of is the set of the terms of rule id's text (not to be changed).
func (rt ruleTerms) of(id string) terms {
	if t, ok := rt.a.textTerms.Load(id); ok {
		return t.(terms)
	}
	t := terms{}
	if r, ok := rt.a.kb.CR.Rule(id); ok {
		for _, w := range search.Terms(r.Text) {
			t[w] = true
		}
	}
	rt.a.textTerms.Store(id, t)
	return t
}

// narrower returns, in a plain question, the subrule of r that says what
// r's own text says of the question and the rest of what it asks: its
// text holds every term of the question r's text holds, more of them,
// and all of them but one at most ("what is the mana value of a card with
// X in its cost": 202.3 holds "mana value" and "cost", 202.3e "mana
// value", "X" and "cost" too). The best scoring such subrule, or "".
func (a *Asker) narrower(r *cr.Rule, scores map[string]float64, q terms, memo ruleTerms) string {
	held := func(id string) terms {
		out := terms{}
		for t := range memo.of(id) {
			if q[t] {
				out[t] = true
			}
		}
		return out
	}
	var own terms
	best, bestScore := "", 0.0
	for _, c := range r.Children {
		s, ok := scores["rule:"+c]
		if !ok || s <= bestScore {
			continue
		}
		if own == nil {
			if own = held(r.ID); len(own) == 0 {
				return ""
			}
		}
		holds := held(c)
		if len(holds) <= len(own) || len(holds)+1 < len(q) {
			continue
		}
		all := true
		for t := range own {
			all = all && holds[t]
		}
		if all {
			best, bestScore = c, s
		}
	}
	return best
}

// terms is a set of the index's terms.
type terms map[string]bool

// questionTerms is the terms of a question's asking sentences (of the
// whole question when none asks).
func questionTerms(text string) terms {
	q := terms{}
	for _, t := range search.Terms(cmp.Or(asking(text), text)) {
		q[t] = true
	}
	return q
}

// held is the terms of q that body holds.
func (q terms) held(body string) terms {
	out := terms{}
	for _, t := range search.Terms(body) {
		if q[t] {
			out[t] = true
		}
	}
	return out
}
