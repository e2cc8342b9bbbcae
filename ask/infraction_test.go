package ask

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// The recogniser tells an infraction by the IPG's own definitions and the
// judges' names for it: situations told in other words than the IPG's
// examples land on the infraction whose definition they meet.
func TestInfractionRecogniser(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		call, want string
	}{
		// 3.5: the deck does not match the decklist, which is what the
		// player meant to play.
		{"During a deck check the deck had 59 cards although the decklist registered 60, and the list is what he meant to play.", "3.5"},
		// 3.4: the decklist itself is illegal or does not say what the
		// player meant to play.
		{"The registered decklist is illegal: it only lists 58 cards and the player did not intend that.", "3.4"},
		// The judges' abbreviations name their infractions.
		{"Is this an MPE?", "2.4"},
		{"Would you give a GRV here?", "2.5"},
	}
	for _, c := range cases {
		hits := a.infractions.rank(c.call)
		if len(hits) == 0 || hits[0].ID != c.want {
			var got []string
			for _, h := range hits {
				got = append(got, h.ID)
			}
			t.Errorf("%q: want IPG %s first, got %v", c.call, c.want, got)
		}
	}
}

// An infraction named outright, by its name in the IPG or the judges'
// abbreviation table, is found where the call names it; an infraction the
// call rules out is set aside, and a name of one ordinary word does not
// name it.
func TestNamedInfractions(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		call     string
		want     string // the infraction named, "" for none
		ruledOut bool
	}{
		// The abbreviation table: OA is Outside Assistance (IPG 3.2).
		{"I ruled OA and gave a Match Loss.", "3.2", false},
		// The IPG's name "Missed Trigger", a few words apart.
		{"They missed their Scarab God trigger and drew a card.", "2.1", false},
		// A former name of the table: Drawing Extra Cards is now handled
		// as a Hidden Card Error (2.3).
		{"Is this still Drawing Extra Cards?", "2.3", false},
		{"It is clearly not outside assistance.", "3.2", true},
		{"After a short investigation you discard cheating.", "4.8", true},
		// A lower-case "oa" is not the abbreviation.
		{"the koala and the boa", "", false},
		// A name's stems apart, written otherwise, tell a story: this is
		// not "Slow Play" named (the IPG's example of Stalling), though
		// "slow plays" is.
		{"A player losing a game starts slowing down the pace of play to run out the clock.", "", false},
		{"He slow plays every game.", "3.3", false},
	}
	for _, c := range cases {
		var got []namedInfraction
		for _, n := range a.infractions.named(c.call) {
			if !n.word || n.ruledOut {
				got = append(got, n)
			}
		}
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%q: named %+v, want none", c.call, got)
		case c.want != "" && (len(got) == 0 || got[0].number != c.want || got[0].ruledOut != c.ruledOut):
			t.Errorf("%q: named %+v, want %s (ruled out %v)", c.call, got, c.want, c.ruledOut)
		}
	}
	// A name of one word is an ordinary word: asking whether something is
	// cheating does not name IPG 4.8.
	for _, n := range a.infractions.named("Is it cheating to keep notes of the opponent's deck?") {
		if !n.word {
			t.Errorf("one ordinary word named %+v", n)
		}
	}
	// Names joined by a slash name each infraction: "Deck/Decklist
	// Problem" is Deck Problem (3.5) or Decklist Problem (3.4).
	both := map[string]bool{}
	for _, n := range a.infractions.named("It's a Game Loss for Deck/Decklist Problem.") {
		both[n.number] = !n.ruledOut
	}
	if !both["3.4"] || !both["3.5"] {
		t.Errorf("Deck/Decklist Problem named %v, want 3.4 and 3.5", both)
	}
	if got := a.infractions.withoutRuledOut("you discard cheating. What do you do?"); strings.Contains(got, "cheating") {
		t.Errorf("a ruled-out infraction is kept: %q", got)
	}
	// A named infraction comes first in the recogniser even when the story
	// around it describes another.
	if hits := a.infractions.rank("The spectator told them about the forgotten trigger, so I ruled OA."); len(hits) == 0 || hits[0].ID != "3.2" {
		t.Errorf("named OA: got %v", hits)
	}
}

// The level a call names: by the level's own words, or by the program it
// is played at as MTR Appendix F charts it (and former programs).
func TestRELNamed(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string]string{
		"You are head judging a Competitive Legacy event.":          "competitive",
		"At Regular REL my opponent forgot a trigger":               "regular",
		"At Friday Night Magic he drew an extra card":               "regular",
		"At the prerelease he drew an extra card":                   "regular",
		"Round 5 of a Pro Tour Qualifier":                           "competitive",
		"Top 8 of the World Championship":                           "professional",
		"It's the last round of a PPTQ":                             "competitive",
		"Day 2 of the Pro Tour, a player looked at an extra card":   "professional",
		"My opponent missed a trigger":                              "",
		"At FNM and at an RCQ the same thing happened":              "",
		"he plays four regular lands and one competitive sideboard": "",
		// The judges' short form, and a program's name however it is
		// written.
		"I judged a reg rel event last week":                                      "regular",
		"At the pre release he drew an extra card":                                "regular",
		"At our pre-release he drew an extra card":                                "regular",
		"Is this handled differently at Comp REL than at our reg rel prerelease?": "regular",
		"At a PPTQ, would this be different at Regular REL?":                      "",
		"Comp. REL Modern event, slow play?":                                      "competitive",
		"a Regional Pro Tour Qualifier, round 5":                                  "competitive",
		"World Championship top 8":                                                "professional",
		"I judge at Regular REL mostly":                                           "regular",
		"at a casual event he drew an extra card":                                 "regular",
		"He plays 4 (3 regular + 1 foil) copies":                                  "",
		"Open the pack and count":                                                 "",
	} {
		if got := a.rels.rel(q); got != want {
			t.Errorf("rel(%q) = %q, want %q", q, got, want)
		}
	}
}

// A call that cites a section is about it: by document and number, or by
// a number in the document whose section the call names by its title.
func TestCitedSections(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string]string{
		"From Bribery section 5.2: what does the exception mean?": "mtr:5.2",
		"Per MTR 4.3, can I resolve them out of order?":           "mtr:4.3",
		"Is this IPG 2.1 or a Game Rule Violation?":               "ipg:2.1",
		"Does section 3.1 Tardiness apply here?":                  "ipg:3.1",
	} {
		got := a.cited(q)
		if len(got) == 0 || got[0].Kind+":"+got[0].ID != want {
			t.Errorf("cited(%q) = %v, want %s", q, got, want)
		}
	}
	// MTR 3.1 is Tiebreakers, IPG 3.1 Tardiness: a bare number whose
	// title the call does not name is not read.
	if got := a.cited("What about section 3.1?"); len(got) != 0 {
		t.Errorf("an ambiguous section was read: %v", got)
	}
}

// At Competitive and Professional REL the JAR does not apply (MTR 1.12:
// infractions there are covered by the IPG); at Regular REL its fixes
// answer first.
func TestSectionsFollowTheNamedREL(t *testing.T) {
	a := testAsker(t)
	call := "my opponent accidentally drew an extra card and had more cards in his hand than he was supposed to. What do we do?"
	first := func(q string) string {
		t.Helper()
		ans := a.Ask(q)
		if !ans.Tournament || len(ans.Docs) == 0 {
			t.Fatalf("%q: not answered as a tournament call: %+v", q, ans.Docs)
		}
		return ans.Docs[0].Kind
	}
	if got := first("At FNM " + call); got != "jar" {
		t.Errorf("at FNM the first section is %s, want the JAR", got)
	}
	// JAR 2.3 (a player draws more cards than supposed to) is handled at
	// Competitive REL by IPG 2.3, Hidden Card Error.
	ans := a.Ask("At a Competitive REL PPTQ " + call)
	at := func(kind, id string) int {
		return slices.IndexFunc(ans.Docs, func(h Hit) bool { return h.Kind == kind && h.ID == id })
	}
	if ipg, jar := at("ipg", "2.3"), at("jar", "2.3"); len(ans.Docs) == 0 || ans.Docs[0].Kind == "jar" || ipg < 0 || jar >= 0 && jar < ipg {
		t.Errorf("at Competitive REL the sections are %v, want IPG 2.3 before JAR 2.3 and no JAR first", ans.Docs)
	}
}

// The IPG's examples are told in the present ("A player draws four cards
// after casting Ancestral Recall", "forgets to exile the Angel token");
// told in the past, as calls tell them, they are the same infraction.
func TestInfractionsToldInThePast(t *testing.T) {
	a := testAsker(t)
	for call, want := range map[string]string{
		"A player drew four cards after casting Ancestral Recall.":                       "2.3",
		"A player, going first, drew for their turn.":                                    "2.3",
		"A player forgot to exile the Angel token created by Geist of Saint Traft.":      "2.1",
		"A player saw the bottom card of their deck when presenting it to the opponent.": "2.2",
	} {
		if hits := a.infractions.rank(call); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: want IPG %s first, got %v", call, want, hits)
		}
	}
	if got := baseForms("He drew two and had drawn one; she forgot it."); got != "He draws two and had draws one; she forgets it." {
		t.Errorf("baseForms: %q", got)
	}
}

// A player's opening hand is what the mulligan process leaves (103.5): a
// call told by it ("drew 8 cards for his opening hand") is the IPG's
// Mulligan Procedure Error, whose text speaks of the mulligan, not of an
// opening hand.
func TestOpeningHandIsTheMulligan(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("At an RCQ my opponent drew 8 cards for his opening hand. What's the penalty?")
	if !ans.Tournament || len(ans.Docs) == 0 || ans.Docs[0].Kind != "ipg" || ans.Docs[0].ID != "2.4" {
		t.Errorf("want IPG 2.4 first, got %+v", ans.Docs)
	}
}

// The infractions the recogniser finds best are among a call's first five
// sections, after the first, even when the search of whole documents left
// them out; one found already stays where it is.
func TestWithInfractions(t *testing.T) {
	docs := []Hit{{Kind: "mtr", ID: "2.8", Score: 5}, {Kind: "mtr", ID: "4.8", Score: 4}, {Kind: "jar", ID: "2.3", Score: 3}, {Kind: "mtr", ID: "4.7", Score: 2}, {Kind: "mtr", ID: "3.10", Score: 1}}
	hits := []Hit{{Kind: "ipg", ID: "2.3", Score: 10}, {Kind: "ipg", ID: "2.2", Score: 6}, {Kind: "ipg", ID: "4.3", Score: 5.5}}
	got := withInfractions(slices.Clone(docs), hits)
	var ids []string
	for _, h := range got[:5] {
		ids = append(ids, h.Kind+":"+h.ID)
	}
	if want := "mtr:2.8 mtr:4.8 jar:2.3 ipg:2.3 ipg:2.2"; strings.Join(ids, " ") != want {
		t.Errorf("got %v, want the two best infractions in places 4 and 5", ids)
	}
	if got[0].ID != "2.8" {
		t.Errorf("the first section moved: %v", got[0])
	}
	// An infraction scoring under half the best is not added.
	weak := []Hit{{Kind: "ipg", ID: "2.3", Score: 10}, {Kind: "ipg", ID: "2.2", Score: 4}}
	for _, h := range withInfractions(slices.Clone(docs), weak) {
		if h.ID == "2.2" {
			t.Errorf("a weak infraction was added")
		}
	}
	// One already among the first five stays where it is.
	in := append([]Hit{{Kind: "ipg", ID: "2.3", Score: 6}}, docs...)
	if got := withInfractions(in, hits[:1]); got[0].ID != "2.3" || len(got) != len(in) {
		t.Errorf("an infraction already shown moved: %v", got)
	}
}

// What a call asks weighs beside its story: the MTR section on taking
// notes (2.11) answers "am I allowed to take notes during the match?"
// told after a story of the game, and is added when the story's search
// left it out.
func TestAskedSections(t *testing.T) {
	a := testAsker(t)
	call := "In round 3 of the tournament my opponent and I were playing a long game with lots of creatures on the battlefield and a judge was watching us. Am I allowed to take notes during the match?"
	docs := a.withAsked(call, []Hit{{Kind: "mtr", ID: "C", Score: 2}})
	i := slices.IndexFunc(docs, func(h Hit) bool { return h.Kind == "mtr" && h.ID == "2.11" })
	if i < 0 || docs[i].Score <= 0 {
		t.Fatalf("MTR 2.11 not added: %v", docs)
	}
	if ans := a.Ask(call); len(ans.Docs) == 0 || ans.Docs[0].ID != "2.11" {
		t.Errorf("the call is answered first by %v, want MTR 2.11", ans.Docs)
	}
}

// A word of one infraction's name that few infractions' texts use tells
// its subject ("mulligan": Mulligan Procedure Error, 2.4); a name word the
// IPG uses throughout ("play" of Slow Play) does not; a story that keeps
// coming back to the subject is about that infraction.
func TestInfractionSubjectWords(t *testing.T) {
	a := testAsker(t)
	in := a.infractions
	if got := in.subject["mulligan"]; got != "2.4" {
		t.Errorf("subject of \"mulligan\" = %q, want 2.4", got)
	}
	if got, ok := in.subject["play"]; ok {
		t.Errorf("\"play\" tells the subject %s; the IPG uses it throughout", got)
	}
	story := "She kept her seven while he was mulliganing to six; after he announced a mulligan to five she shuffled her hand back into her library and said she would mulligan too."
	hits := in.rank(story)
	if i := slices.IndexFunc(hits, func(h Hit) bool { return h.ID == "2.4" }); i < 0 || i > 1 {
		t.Errorf("2.4 at %d in %v", i, hits)
	}
	// Named once, the word adds nothing of itself.
	once := in.rank("After the mulligan she cast a spell that drew three cards.")
	twice := in.rank("After the mulligan she mulliganed again and cast a spell that drew three cards.")
	score := func(hs []Hit) float64 {
		for _, h := range hs {
			if h.ID == "2.4" {
				return h.Score / hs[0].Score
			}
		}
		return 0
	}
	if score(twice) <= score(once) {
		t.Errorf("a repeated subject does not count: once %.2f, twice %.2f", score(once), score(twice))
	}
}

// The JAR tells each common error in a player's words, and its
// counterpart (tourney.JARCounterparts) is the IPG infraction that
// handles it at Competitive REL: a call told in the JAR's words is that infraction ("another
// player's cards in the deck" is a Deck Problem, "an in-game error not
// mentioned above" a Game Rule Violation).
func TestInfractionToldInTheJARsWords(t *testing.T) {
	a := testAsker(t)
	for call, want := range map[string]string{
		"She has another player's cards in her deck.":                      "3.5",
		"He made an in-game error that isn't mentioned anywhere else.":     "2.5",
		"The player has more cards in her hand than she was supposed to.":  "2.3",
		"A player saw a card in his library that he should not have seen.": "2.2",
	} {
		if hits := a.infractions.rank(call); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: want IPG %s first, got %v", call, want, hits)
		}
	}
}

// exampleFloor is the share of the IPG's own examples the recogniser puts
// first when that example is left out of the infraction it illustrates:
// how well it tells a situation it has not read, measured on the
// documents alone.
const exampleFloor = 0.40

// Each IPG example, left out of its infraction's text, is recognised as
// that infraction often enough: the recogniser generalises from the
// definitions and the other examples, not from the example's own words.
func TestInfractionExamplesLeftOut(t *testing.T) {
	a := testAsker(t)
	lib := a.kb.Tourney
	n, first, top3 := 0, 0, 0
	// instead counts, per infraction, the examples of others it comes
	// first on: the infractions that win stories not theirs.
	instead := map[string]int{}
	for _, s := range lib.Sections(tourney.IPG) {
		if s.Penalty == "" {
			continue
		}
		examples := examplesOf(s)
		if len(examples) == 0 {
			t.Errorf("IPG %s has no examples", s.Number)
		}
		for _, ex := range examples {
			in := buildInfractions(lib, func(number, e string) bool { return number == s.Number && e == ex })
			if _, ok := in.ix.Doc(tourney.IPG, s.Number); !ok || strings.Contains(docText(in, s.Number), ex) {
				t.Fatalf("IPG %s: the example %q was not left out", s.Number, ex)
			}
			n++
			hits := in.rank(ex)
			if i := slices.IndexFunc(hits, func(h Hit) bool { return h.ID == s.Number }); i == 0 {
				first++
			} else if len(hits) > 0 {
				instead[hits[0].ID]++
			}
			if slices.ContainsFunc(hits[:min(len(hits), 3)], func(h Hit) bool { return h.ID == s.Number }) {
				top3++
			}
		}
	}
	rate := float64(first) / float64(max(n, 1))
	t.Logf("IPG examples left out: %d of %d recognised first (%.1f%%), %d among the first three", first, n, 100*rate, top3)
	var wins []string
	for id, k := range instead {
		if k >= 3 {
			wins = append(wins, fmt.Sprintf("%s ×%d", id, k))
		}
	}
	slices.Sort(wins)
	t.Logf("first on three or more examples of other infractions: %s", strings.Join(wins, ", "))
	if n < 80 || rate < exampleFloor {
		t.Errorf("%d of %d examples recognised first, floor %.2f", first, n, exampleFloor)
	}
}

func docText(in *infractions, number string) string {
	d, _ := in.ix.Doc(tourney.IPG, number)
	return d.Text
}

// "Draw" is drawing cards in most calls and a match's result in the IPG's
// Improperly Determining a Winner ("two players about to draw roll a
// die") and Bribery ("in exchange for a draw"): a story of cards drawn
// does not point at those, and a story of a drawn match still does.
func TestMatchDrawIsAWordOfItsOwn(t *testing.T) {
	for in, want := range map[string]string{
		"As time is called, two players about to draw roll a die": "As time is called, two players about to matchdraw roll a die",
		"A player asks for a draw.":                               "A player asks for a matchdraw.",
		"they intentionally drew their match in game 5":           "they intentionally matchdraw their match in game 5",
		"an opponent into conceding, drawing, or changing":        "an opponent into conceding, matchdraw, or changing",
		"I just drew for the turn and should not have drawn.":     "I just drew for the turn and should not have drawn.",
		"discard a card or draw a card in the draw step":          "discard a card or draw a card in the draw step",
		"Andrew is on the draw":                                   "Andrew is on the draw",
	} {
		if got := matchDraws(in); got != want {
			t.Errorf("matchDraws(%q) = %q, want %q", in, got, want)
		}
	}
	a := testAsker(t)
	for call, want := range map[string]string{
		"I drew two cards for the turn because they were stuck together, and I know which one was on top.": "2.3",
		"They agreed to a draw and then rolled a die to decide who gets the win.":                          "4.3",
		"He offered me his rare if I would agree to draw the match.":                                       "4.4",
	} {
		hits := a.infractions.rank(call)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: want IPG %s first, got %v", call, want, hits)
		}
		for _, h := range hits {
			if strings.Contains(h.Snippet, matchDraw) {
				t.Errorf("the snippet of IPG %s shows the recogniser's word: %q", h.ID, h.Snippet)
			}
		}
	}
}

// The answer carries the level its call names, for the command set to
// order the documents by.
func TestAnswerCarriesTheNamedREL(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string]string{
		"At our Store Championship my opponent drew an extra card.": "regular",
		"At Eternal Weekend my opponent drew an extra card.":        "competitive",
		"My opponent drew an extra card.":                           "",
	} {
		if got := a.Ask(q).REL; got != want {
			t.Errorf("Ask(%q).REL = %q, want %q", q, got, want)
		}
	}
}

// At Regular REL the JAR section that handles the error the call tells
// comes first: the common issue that is its counterpart, or the list of
// unwanted behaviours or serious problems that names it.
func TestRegularCallGetsItsJARSection(t *testing.T) {
	a := testAsker(t)
	for call, want := range map[string]string{
		"At FNM my opponent takes an unreasonable amount of time for every play decision and we keep going to time. What can I do?": "3",
		"At our prerelease a player lied to the judge about what happened in the game to win. How is this handled?":                 "4",
		"At FNM my opponent forgot his upkeep trigger and drew his card. What do we do?":                                            "2.1",
	} {
		ans := a.Ask(call)
		if len(ans.Docs) == 0 || ans.Docs[0].Kind != "jar" || ans.Docs[0].ID != want {
			t.Errorf("%q: want JAR %s first, got %v", call, want, ans.Docs)
		}
	}
}

// A call that asks what the documents' policy is, and tells nothing a
// player did, is a policy question; a story of what happened, or a call
// that asks for a ruling on it, is not, in whatever tense it is told.
func TestAsksPolicy(t *testing.T) {
	for call, want := range map[string]bool{
		"May players take notes between games?":                                                      true,
		"A judge told us that players must present their deck after shuffling. Is that right?":       true,
		"Am I allowed to use my phone to keep track of life totals during a match?":                  true,
		"Is it legal to ask the judge for the Oracle text of a card in the middle of a game?":        true,
		"My opponent drew an extra card and is now at eight cards. Is that allowed?":                 false,
		"He forgot his upkeep trigger. Must he put it on the stack now?":                             false,
		"A player passes a booster to their left when it is supposed to go to their right.":          false,
		"A player may have looked at the top card of their library. What do you do?":                 false,
		"Players are required to keep their life totals visible; the opponent is considered honest.": true,
		"What is the penalty for a decklist with 59 cards?":                                          false,
	} {
		if got := asksPolicy(call); got != want {
			t.Errorf("asksPolicy(%q) = %v, want %v", call, got, want)
		}
	}
}

// A policy question put in an infraction's words is answered by the MTR
// section that states the policy: MTR 5.6 says players may not seek play
// advice from spectators, which Outside Assistance (IPG 3.2) penalises;
// told as a story of a spectator's advice, the infraction comes first.
func TestPolicyQuestionAnsweredByItsPolicy(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("At our Competitive tournament a judge told us: during matches, players may not seek play advice from spectators and spectators may not give play advice to players. Is that right?")
	if len(ans.Docs) == 0 || ans.Docs[0].Kind != tourney.MTR || ans.Docs[0].ID != "5.6" {
		t.Errorf("the policy question is answered first by %v, want MTR 5.6", ans.Docs)
	}
	ans = a.Ask("At our Competitive tournament a spectator pointed out the correct play to a player during the match. What do you do?")
	if len(ans.Docs) == 0 || ans.Docs[0].Kind != tourney.IPG || ans.Docs[0].ID != "3.2" {
		t.Errorf("the story is answered first by %v, want IPG 3.2", ans.Docs)
	}
}

// The JAR's last section (5, Resources) only gives the judges' websites
// and where to find the MTR: it never answers a call, nor is it one of a
// call's sections.
func TestCallsLeaveOutResources(t *testing.T) {
	a := testAsker(t)
	sec, ok := a.kb.Tourney.Section(tourney.JAR, "5")
	if !ok || !onlyPointsElsewhere.MatchString("JAR 5 "+sec.Title) {
		t.Fatalf("JAR 5 (%v) is not recognised as a section that only points elsewhere", sec)
	}
	for _, q := range []string{
		"At a casual event a player knowingly let his opponent make an illegal attack. How do you deal with that at Regular REL?",
		"At FNM (Regular REL) my opponent lied to me about the number of cards in his hand. How do you deal with cheating then?",
	} {
		ans := a.Ask(q)
		if !ans.Tournament {
			t.Fatalf("%q: not taken as a tournament call", q)
		}
		for _, d := range ans.Docs {
			if d.Kind == tourney.JAR && d.ID == "5" {
				t.Errorf("%q: section JAR 5 (%s) among the answers", q, d.Title)
			}
		}
	}
}

// A call tells a trigger when it speaks of one, of a keyword ability the
// CR defines with a triggered ability ("exalted", a "dashed" creature's
// return), or names a card with a triggered ability; a story of casting
// and targeting tells none, and Missed Trigger does not take the first
// place there.
func TestTellsTrigger(t *testing.T) {
	a := testAsker(t)
	for text, want := range map[string]bool{
		"He forgot his upkeep trigger and drew a card.":                                       true,
		"The ability triggered but nobody noticed.":                                           true,
		"Art attacks with a dashed creature and passes the turn without returning it.":        true,
		"My exalted creature attacked alone and my opponent said take two.":                   true,
		"She tapped three tokens and a Mountain, cast the spell targeting her opponent.":      false,
		"Albert activates a land targeting one of his creatures and then proceeds to attack.": false,
	} {
		if got := a.tellsTrigger(text, nil); got != want {
			t.Errorf("tellsTrigger(%q) = %v, want %v", text, got, want)
		}
	}
	missed := a.infractions.missedTrigger()
	if missed != "2.1" {
		t.Fatalf("Missed Trigger is IPG %q, want 2.1", missed)
	}
	hits := []Hit{{Kind: tourney.IPG, ID: missed, Score: 10}, {Kind: tourney.IPG, ID: "2.5", Score: 2}}
	docs := []Hit{{Kind: tourney.IPG, ID: "2.5", Score: 1}, {Kind: tourney.IPG, ID: missed, Score: 0.9}}
	if got := a.infractionFirst(hits, docs, false); got[0].ID != "2.5" {
		t.Errorf("with nothing triggering, %s took the first place", got[0].ID)
	}
	if got := a.infractionFirst(hits, docs, true); got[0].ID != missed {
		t.Errorf("with a trigger told, %s is first, want %s", got[0].ID, missed)
	}
}

// Missed Trigger's definition hands what it does not cover to Game Rule
// Violation ("further problems are treated as a Game Play Error — Game
// Rule Violation"), which "handles violations of the Comprehensive Rules
// that are not covered by the other Game Play Errors": a call that tells
// something forgotten but no trigger (a draw in the draw step, a creature
// that must attack and does not, GRV's example B) tells a Game Rule
// Violation, which goes before Missed Trigger wherever the search put
// that one; a call that tells a trigger keeps Missed Trigger first.
func TestForgottenWithoutATriggerIsAGameRuleViolation(t *testing.T) {
	a := testAsker(t)
	missed, violation := a.infractions.missedTrigger(), a.infractions.ruleViolation()
	if missed != "2.1" || violation != "2.5" {
		t.Fatalf("Missed Trigger hands its further problems from IPG %q to %q, want 2.1 to 2.5", missed, violation)
	}
	docs := []Hit{{Kind: tourney.IPG, ID: missed, Score: 3}, {Kind: tourney.MTR, ID: "2.4", Score: 2}, {Kind: tourney.IPG, ID: violation, Score: 1}}
	got := a.before(docs, tourney.IPG, violation, missed)
	var ids []string
	for _, h := range got {
		ids = append(ids, fmt.Sprintf("%s:%s(%g)", h.Kind, h.ID, h.Score))
	}
	if want := "ipg:2.5(3) mtr:2.4(2) ipg:2.1(1)"; strings.Join(ids, " ") != want {
		t.Errorf("got %v, want %s", ids, want)
	}
	if docs[0].ID != missed {
		t.Errorf("the sections given were changed: %v", docs)
	}
	// One already before Missed Trigger stays where it is; one not among
	// the sections takes Missed Trigger's place.
	if got := a.before(got, tourney.IPG, violation, missed); got[0].ID != violation || len(got) != 3 {
		t.Errorf("moved again: %v", got)
	}
	got = a.before(docs[:2], tourney.IPG, violation, missed)
	if len(got) != 3 || got[0].ID != violation || got[0].Score != 3 || !strings.Contains(got[0].Title, "Game Rule Violation") || got[1].ID != missed {
		t.Errorf("not added in Missed Trigger's place: %v", got)
	}
	for call, want := range map[string]string{
		"My opponent forgot to draw a card in his draw step at competitive, what's the penalty?":                                                                          violation,
		"At Competitive REL, a player does not attack with a creature that must attack each turn. What is the penalty?":                                                   violation,
		"At Competitive REL, a player casts Manic Vandal, then forgets its triggered ability by not choosing a target for it. What is the penalty?":                       missed,
		"At Competitive REL, a player forgets to remove the final time counter from a suspended spell and then draws a card during their draw step. What is the penalty?": missed,
	} {
		if ans := a.Ask(call); len(ans.Docs) == 0 || ans.Docs[0].Kind != tourney.IPG || ans.Docs[0].ID != want {
			t.Errorf("%q: first %v, want IPG %s", call, ans.Docs[:min(len(ans.Docs), 3)], want)
		}
	}
}
