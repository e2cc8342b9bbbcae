package ask

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

const (
	// ipgPrior multiplies the IPG sections' scores in a tournament call.
	ipgPrior = 1.25
	// infractionMargin is how much better than the next one the
	// infraction a call's words describe best must match, for it to take
	// the place of the IPG section the search put first.
	infractionMargin = 1.1
	// infractionLead is how much better than the next one it must match
	// to take the place of an MTR or JAR section the search put first,
	// when the search found it too, among its first infractionReach.
	infractionLead  = 1.5
	infractionReach = 3
	// jarElsewhere is what a JAR section keeps of its score in a call at
	// Competitive or Professional REL, where the JAR does not apply (MTR
	// 1.12: infractions there are covered by the IPG).
	jarElsewhere = 0.3
	// askedWeight is the weight of the sections the asking sentences
	// find, beside the whole call's: less than a rule question gives them
	// (askWeight), since a call's story tells the situation an
	// infraction is recognised by, and its question is often only "what
	// do you do?".
	askedWeight = 0.3
)

// rankSections orders a tournament call's IPG, MTR and JAR sections: the
// REL the call names decides whether the JAR applies, the IPG's
// infractions go before the MTR's policies, and the infraction the call
// tells (or names) takes the first place when the recogniser is sure of
// it. lvl is the REL the call names (relFinder.rel); trigger says whether
// the call tells a triggered ability (tellsTrigger); wrongCost whether it
// tells a spell cast for mana that cannot pay its cost (paidWrong), a
// Game Rule Violation at its root, which then comes first.
func (a *Asker) rankSections(text, lvl string, docs []Hit, trigger, wrongCost bool) []Hit {
	docs = slices.DeleteFunc(a.withAsked(text, docs), func(d Hit) bool { return onlyPointsElsewhere.MatchString(d.Title) })
	for i := range docs {
		switch docs[i].Kind {
		case tourney.IPG:
			docs[i].Score *= ipgPrior
		case tourney.JAR:
			if lvl == tourney.Competitive || lvl == tourney.Professional {
				docs = a.toCounterpart(docs, i)
				docs[i].Score *= jarElsewhere
			}
		}
	}
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].Score > docs[j].Score })
	if lvl == tourney.Regular {
		// At Regular REL the JAR's fixes answer, not the IPG's penalties.
		sort.SliceStable(docs, func(i, j int) bool { return docs[i].Kind == tourney.JAR && docs[j].Kind != tourney.JAR })
		docs = a.regularFirst(text, docs, trigger)
		if len(docs) > 0 && docs[0].Kind == tourney.JAR {
			return docs
		}
	}
	if cited := a.cited(text); len(cited) > 0 {
		return citedFirst(cited, docs)
	}
	hits := a.infractions.rank(text)
	if !trigger {
		// Something forgotten that does not trigger is a rule not
		// followed: see before.
		docs = a.before(docs, tourney.IPG, a.infractions.ruleViolation(), a.infractions.missedTrigger())
	}
	if asksPolicy(text) {
		return withInfractions(docs, hits)
	}
	docs = withInfractions(a.infractionFirst(hits, docs, trigger), hits)
	if wrongCost {
		docs = a.first(docs, tourney.IPG, a.infractions.ruleViolation())
	}
	return docs
}

// first puts the section id of kind first, with the first place's score.
func (a *Asker) first(docs []Hit, kind, id string) []Hit {
	if id == "" || len(docs) == 0 || docs[0].Kind == kind && docs[0].ID == id {
		return docs
	}
	h := Hit{Kind: kind, ID: id}
	if i := slices.IndexFunc(docs, func(d Hit) bool { return d.Kind == kind && d.ID == id }); i >= 0 {
		h = docs[i]
		docs = slices.Delete(slices.Clone(docs), i, i+1)
	} else if sec, ok := a.kb.Tourney.Section(kind, id); ok {
		h.Title = strings.ToUpper(kind) + " " + sec.Number + " " + sec.Title
	} else {
		return docs
	}
	h.Score = docs[0].Score
	return slices.Insert(docs, 0, h)
}

// Missed Trigger is defined by a triggered ability ("A triggered ability
// triggers, but the player controlling the ability doesn't demonstrate
// awareness of the trigger's existence…"); the rest of its definition
// says when awareness must be shown, in words any story uses (a
// creature one "controls", "targets", "life totals", "casting an
// instant spell"). A call in which nothing triggers — it does not speak
// of a trigger, and none of its cards has a triggered ability (CR 603.1:
// "[When/Whenever/At] [trigger condition or event], [effect]"), nor of
// a keyword ability that is or makes one — tells no Missed Trigger,
// however many of those words it uses: the recogniser's Missed Trigger
// does not take the first place there (infractionFirst, regularFirst).

// What such a call tells forgotten or missed is an action the rules
// require that no ability triggers (drawing in the draw step, untapping,
// attacking with a creature that must attack): Missed Trigger's
// definition hands the problems it does not cover to Game Rule
// Violation ("further problems are treated as a Game Play Error — Game
// Rule Violation"), which "handles violations of the Comprehensive Rules
// that are not covered by the other Game Play Errors" and whose remedies
// name those actions ("If a player forgot to untap …", "If a player
// failed to draw cards …"). There Game Rule Violation goes before Missed
// Trigger, wherever the search put that one (rankSections, with before).
// The recogniser's Missed Trigger is not handed on: it wins such stories
// on the words its definition shares with any story ("casting",
// "targets", "life totals"), which say nothing of a rule not followed.

// before puts the section first of kind before the section second when
// second ranks above it, each taking the other's place and score, and
// gives first second's place when it is not among the sections at all.
func (a *Asker) before(docs []Hit, kind, first, second string) []Hit {
	if first == "" || second == "" {
		return docs
	}
	s := slices.IndexFunc(docs, func(h Hit) bool { return h.Kind == kind && h.ID == second })
	f := slices.IndexFunc(docs, func(h Hit) bool { return h.Kind == kind && h.ID == first })
	if s < 0 || f >= 0 && f < s {
		return docs
	}
	docs = slices.Clone(docs)
	if f < 0 {
		h := Hit{Kind: kind, ID: first, Score: docs[s].Score}
		if sec, ok := a.kb.Tourney.Section(kind, first); ok {
			// Its snippet is the sentence nearest the call
			// (infractions.snippets).
			h.Title = strings.ToUpper(kind) + " " + sec.Number + " " + sec.Title
		}
		docs[s].Score = 0
		if s+1 < len(docs) {
			docs[s].Score = docs[s+1].Score
		}
		return slices.Insert(docs, s, h)
	}
	docs[s], docs[f] = docs[f], docs[s]
	docs[s].Score, docs[f].Score = docs[f].Score, docs[s].Score
	return docs
}

// tellsTrigger reports whether a call speaks of a trigger or of a
// keyword ability that is or makes one ("exalted", "a dashed creature"),
// or names a card with a triggered ability.
func (a *Asker) tellsTrigger(text string, links []Link) bool {
	for _, w := range callWords(text) {
		if w.stem == "trigger" || a.triggerKeywords[w.stem] {
			return true
		}
	}
	folded := fold.Key(text)
	for k := range a.triggerKeywords {
		if strings.Contains(k, " ") && strings.Contains(folded, k) {
			return true
		}
	}
	for _, l := range links {
		if l.Card == nil {
			continue
		}
		// The card's triggered abilities as the engine reads them, and
		// its keywords that are or make one.
		if engine.HasTriggeredAbility(l.Card.Text) || slices.ContainsFunc(l.Card.Faces, func(f cards.Face) bool { return engine.HasTriggeredAbility(f.Text) }) {
			return true
		}
		for _, k := range l.Card.Keywords {
			if k = fold.Key(k); a.triggerKeywords[k] || a.triggerKeywords[stemWord(k)] {
				return true
			}
		}
	}
	return false
}

// onlyPointsElsewhere is the title of a section that only points at
// other resources: the JAR's last section (5, Resources) gives the
// judges' websites and where the MTR can be found, and says nothing of
// any situation.
var onlyPointsElsewhere = regexp.MustCompile(`(?i)\bresources$`)

const (
	// shownInfractions is how many of the recogniser's best infractions a
	// call's sections always include (among the first maxRules), when
	// they score at least shownShare of the best: the search weighs whole
	// documents and may leave the infraction the story tells out.
	shownInfractions = 2
	shownShare       = 0.5
)

// withInfractions makes sure the infractions the call describes best are
// among its first sections, after the first one.
func withInfractions(docs, hits []Hit) []Hit {
	if len(docs) == 0 {
		return docs
	}
	for i, h := range hits {
		if i == shownInfractions || h.Score < shownShare*hits[0].Score {
			break
		}
		at := slices.IndexFunc(docs, func(d Hit) bool { return d.Kind == h.Kind && d.ID == h.ID })
		if at >= 0 && at < maxRules {
			continue
		}
		if at >= 0 {
			docs = slices.Delete(docs, at, at+1)
		}
		pos := min(len(docs), maxRules-shownInfractions+i)
		h.Score = docs[pos-1].Score
		docs = slices.Insert(docs, pos, h)
	}
	return docs
}

// citedFirst puts the sections a call cites first, with the first
// place's score.
func citedFirst(cited, docs []Hit) []Hit {
	top := 0.0
	if len(docs) > 0 {
		top = docs[0].Score
	}
	out := make([]Hit, 0, len(cited)+len(docs))
	for _, c := range cited {
		c.Score = top
		out = append(out, c)
	}
	for _, d := range docs {
		if !slices.ContainsFunc(cited, func(c Hit) bool { return c.Kind == d.Kind && c.ID == d.ID }) {
			out = append(out, d)
		}
	}
	return out
}

// A call either tells a situation, what a player did ("he drew two
// cards", "Angela grabs the top five cards of her library", "what do you
// do?"), which the IPG's infractions are defined by, or asks what the
// documents say ("may players take notes between games?", "a judge told
// us a player must present their deck after shuffling; is that
// right?"), which the MTR states as policy in the words of
// policyWordRe. The infraction the recogniser finds in a policy question
// is at most a neighbour of its answer (a question on notes is put in
// Outside Assistance's words, one on triggers in Missed Trigger's): it
// stays among the sections, but does not take the first place from the
// policy the search found.

// policyWordRe are the words in which the MTR states a policy (what
// players may, must, are allowed, permitted, required or supposed to do,
// what is considered what) and in which a call checks a statement of one
// ("is that right?").
var policyWordRe = regexp.MustCompile(`(?i)\b(?:may|must|allowed|permitted|prohibited|required|considered|legal|supposed to|have to|is (?:that|this|it) (?:right|true|correct|ok|okay))\b`)

// rulingAskRe asks for a ruling on a situation: what the judge does, how
// they rule, what the penalty or fix is.
var rulingAskRe = regexp.MustCompile(`(?i)\b(?:what (?:do|would|should|will) (?:you|we|i) do|how (?:do|would|should|will|can) (?:you|we|i)(?: \w+)? (?:rule|handle|resolve|proceed|fix|deal)|what(?:'s| is| are| would be) the (?:penalty|penalties|fix|remedy|ruling|infraction))`)

// actsRe is a player doing something, told in the present as the IPG's
// examples and judges' scenarios are ("A player passes a booster to
// their left", "my opponent draws"); be, have and wanting are not acts.
var actsRe = regexp.MustCompile(`(?i)\b(?:a|the|my|his|her|their|your|our) (?:player|opponent|spectator|friend)\s+(?:\w+ly\s+)?(\w+s)\b`)

var notActs = map[string]bool{"is": true, "has": true, "was": true, "does": true, "needs": true, "wants": true}

// pastRe is a word before a verb in the past: regular ("attacked"; not
// "need" or "proceed") or as irregularForms lists them ("drew",
// "forgot").
var pastRe = regexp.MustCompile(`(?i)\b(\w+)\s+(\w+[^e\W]ed|` + strings.Join(irregularPasts(), "|") + `)\b`)

// notPast are the words before a past form that make it no act of the
// story: a passive or perfect ("is considered", "has been allowed"), an
// adjective ("the exiled card").
var notPast = map[string]bool{"is": true, "are": true, "be": true, "been": true, "being": true, "was": true, "were": true, "not": true, "get": true, "gets": true, "got": true, "has": true, "have": true, "had": true, "the": true, "a": true, "an": true}

// reportingVerbs tell what someone said, not what happened in the game:
// "a judge told us players may …" asks whether the statement is right.
// Nor are the policy words acts ("am I allowed to …").
var reportingVerbs = map[string]bool{"told": true, "said": true, "asked": true, "thought": true, "claimed": true, "stated": true, "explained": true, "replied": true, "wondered": true, "argued": true, "suggested": true, "believed": true, "heard": true, "read": true, "mentioned": true}

func irregularPasts() []string {
	out := make([]string, 0, len(irregularForms))
	for w := range irregularForms {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// tellsSituation reports whether a call tells what a player did, or asks
// for a ruling on it.
func tellsSituation(text string) bool {
	if rulingAskRe.MatchString(text) {
		return true
	}
	for _, m := range actsRe.FindAllStringSubmatch(text, -1) {
		if !notActs[strings.ToLower(m[1])] {
			return true
		}
	}
	for _, m := range pastRe.FindAllStringSubmatch(text, -1) {
		if !notPast[strings.ToLower(m[1])] && !reportingVerbs[strings.ToLower(m[2])] && !policyWordRe.MatchString(m[2]) {
			return true
		}
	}
	return false
}

// asksPolicy reports whether a call asks what the documents' policy is
// and tells no situation.
func asksPolicy(text string) bool {
	return policyWordRe.MatchString(text) && !tellsSituation(text)
}

// infractionFirst puts the infraction the call tells first among the
// sections, taking the first place (and its score): the search weighs the
// whole of every document, the recogniser tells the neighbouring
// infractions apart by their definitions and names. Over an IPG section
// the search put first it needs a small margin over the next infraction;
// over an MTR or JAR section (a call may ask about a policy, not an
// infraction) a large one, and the search must have found it too. Missed
// Trigger needs a call that tells a trigger (trigger, tellsTrigger).
func (a *Asker) infractionFirst(hits, docs []Hit, trigger bool) []Hit {
	if len(hits) == 0 || len(docs) == 0 || !trigger && hits[0].ID == a.infractions.missedTrigger() {
		return docs
	}
	margin := infractionMargin
	if docs[0].Kind != tourney.IPG {
		margin = infractionLead
		found := false
		for i, d := range docs {
			if i == infractionReach {
				break
			}
			found = found || d.Kind == hits[0].Kind && d.ID == hits[0].ID
		}
		if !found {
			return docs
		}
	}
	if len(hits) > 1 && hits[0].Score < margin*hits[1].Score {
		return docs
	}
	h := hits[0]
	h.Score = docs[0].Score
	out := []Hit{h}
	for _, d := range docs {
		if d.Kind != h.Kind || d.ID != h.ID {
			out = append(out, d)
		}
	}
	return out
}

// withAsked adds the sections the asking sentences of a call find, on the
// scale of the whole call's best: what is asked ("may I take notes?",
// "is the prize split allowed?") weighs beside the story.
func (a *Asker) withAsked(text string, docs []Hit) []Hit {
	ask := asking(text)
	if ask == "" || ask == strings.TrimSpace(text) || len(docs) == 0 {
		return docs
	}
	res := a.kb.Search(ask, search.Options{Kinds: []string{tourney.IPG, tourney.MTR, tourney.JAR}, Limit: 10, NoSnippet: true})
	if len(res) == 0 {
		return docs
	}
	top := docs[0].Score
	for _, r := range res {
		if notACall.MatchString(r.Title) {
			continue
		}
		add := askedWeight * top * r.Score / res[0].Score
		i := slices.IndexFunc(docs, func(d Hit) bool { return d.Kind == r.Kind && d.ID == r.ID })
		if i < 0 {
			docs = append(docs, Hit{Kind: r.Kind, ID: r.ID, Title: r.Title, Snippet: r.Text})
			i = len(docs) - 1
		}
		docs[i].Score += add
	}
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].Score > docs[j].Score })
	if len(docs) > 2*maxRules {
		docs = docs[:2*maxRules]
	}
	return docs
}

// toCounterpart gives the IPG infraction that handles a JAR section's
// error at Competitive REL the JAR section's score, when that is more
// than its own: the call tells the error, the REL decides which document
// handles it.
func (a *Asker) toCounterpart(docs []Hit, i int) []Hit {
	ipg, ok := tourney.JARCounterpart(docs[i].ID)
	if !ok {
		return docs
	}
	score := docs[i].Score * ipgPrior
	at := slices.IndexFunc(docs, func(d Hit) bool { return d.Kind == tourney.IPG && d.ID == ipg })
	if at < 0 {
		h := Hit{Kind: tourney.IPG, ID: ipg, Score: score}
		if sec, ok := a.kb.Tourney.Section(tourney.IPG, ipg); ok {
			h.Title, h.Snippet = "IPG "+sec.Number+" "+sec.Title, sec.Text
		}
		return append(docs, h)
	}
	if at > i {
		// Not yet given its prior.
		score = docs[i].Score
	}
	docs[at].Score = max(docs[at].Score, score)
	return docs
}

// regularFirst puts first, at Regular REL, the JAR section that handles
// the error the call tells, when the recogniser is sure of the IPG
// infraction (by infractionMargin over the next): the JAR's common issue
// that is its counterpart, or the list of unwanted behaviours or serious
// problems that names it. Missed Trigger's (JAR 2.1) needs a call that
// tells a trigger (trigger, tellsTrigger).
func (a *Asker) regularFirst(text string, docs []Hit, trigger bool) []Hit {
	if asksPolicy(text) {
		return docs
	}
	hits := a.infractions.rank(text)
	if len(hits) == 0 || len(docs) == 0 || len(hits) > 1 && hits[0].Score < infractionMargin*hits[1].Score || !trigger && hits[0].ID == a.infractions.missedTrigger() {
		return docs
	}
	jar, ok := tourney.JARFor(hits[0].ID)
	if !ok {
		return docs
	}
	h := Hit{Kind: tourney.JAR, ID: jar, Score: docs[0].Score}
	if i := slices.IndexFunc(docs, func(d Hit) bool { return d.Kind == tourney.JAR && d.ID == jar }); i >= 0 {
		h = docs[i]
		h.Score = docs[0].Score
		docs = slices.Delete(docs, i, i+1)
	} else if sec, ok := a.kb.Tourney.Section(tourney.JAR, jar); ok {
		h.Title, h.Snippet = "JAR "+sec.Number+" "+sec.Title, sec.Text
	} else {
		return docs
	}
	return slices.Insert(docs, 0, h)
}

// documentsReach is how many of the tournament documents' own index's
// results are read for a call's sections.
const documentsReach = 30

// byDocuments scores the tournament sections the whole-knowledge-base
// search found for a question by the tournament documents' own index,
// and adds the first maxRules that index finds. The knowledge base's
// index weighs a word by how rare it is among the CR's rules, the cards
// and their rulings as well: the words of a story ("library", "draws",
// "combat") are common there and count for little, though among the
// tournament documents they are what tells one section from another.
// The order is the documents' index's; the first section keeps the
// score the search gave the first one (the rules' scale), and a section
// that index does not find among its first documentsReach falls to
// zero.
func (a *Asker) byDocuments(text string, docs []Hit, snip func(string) string) []Hit {
	if a.documents == nil || len(docs) == 0 {
		return docs
	}
	own := slices.DeleteFunc(a.documents.Search(text, search.Options{Limit: documentsReach, NoSnippet: true}), func(r search.Result) bool { return notACall.MatchString(r.Title) })
	if len(own) == 0 {
		return docs
	}
	top := docs[0].Score
	score := map[string]float64{}
	for _, r := range own {
		score[r.Kind+":"+r.ID] = top * r.Score / own[0].Score
	}
	for i := range docs {
		docs[i].Score = score[docs[i].Kind+":"+docs[i].ID]
	}
	for _, r := range own[:min(len(own), maxRules)] {
		if !slices.ContainsFunc(docs, func(d Hit) bool { return d.Kind == r.Kind && d.ID == r.ID }) {
			docs = append(docs, Hit{Kind: r.Kind, ID: r.ID, Title: r.Title, Snippet: snip(cmp.Or(r.Text, r.Title)), Score: score[r.Kind+":"+r.ID]})
		}
	}
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].Score > docs[j].Score })
	return docs
}
