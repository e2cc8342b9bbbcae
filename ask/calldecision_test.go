//go:build !race

// Asking the CR's and the IPG's examples and the MTR's sentences takes
// long under the race detector, as the policy measurement does.

package ask

import (
	"os"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// readAsCall is the decision the product makes: a question is a
// tournament call when ask reads it as one, or when its first source is a
// section of the MTR, the IPG or the JAR (commands.answerReply).
func readAsCall(ans Answer) bool {
	if ans.Tournament {
		return true
	}
	top := ans.Top()
	return len(top) > 0 && (top[0].Kind == tourney.MTR || top[0].Kind == tourney.IPG || top[0].Kind == tourney.JAR)
}

// decisionCount counts the texts of one set and those the decision got
// wrong.
type decisionCount struct {
	name     string
	call     bool // the set's texts are calls
	n, wrong int
	misses   []string
}

func (c *decisionCount) add(a *Asker, text string) {
	c.n++
	if readAsCall(a.Ask(text)) != c.call {
		c.wrong++
		if len(c.misses) < 40 {
			c.misses = append(c.misses, text)
		}
	}
}

// crExampleTexts are the CR's examples: situations of the game told as
// players tell theirs, none of them a call.
func crExampleTexts(t *testing.T) []string {
	var out []string
	for _, ex := range crExamples(testkb.CR(t)) {
		out = append(out, ex.text)
	}
	return out
}

// plainRulesQuestions are the questions of rulings/testdata/eval.tsv, all
// of them about the game's rules.
func plainRulesQuestions(t *testing.T) []string {
	data, err := os.ReadFile("../rulings/testdata/eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, _, _ := strings.Cut(line, "\t")
		out = append(out, q)
	}
	return out
}

// ipgExampleTexts are the IPG's examples of its infractions: each is a
// call, told in the documents' own words.
func ipgExampleTexts(a *Asker) []string {
	var out []string
	for _, s := range a.kb.Tourney.Sections(tourney.IPG) {
		if s.Penalty != "" {
			out = append(out, examplesOf(s)...)
		}
	}
	return out
}

// mtrPolicySentences are the MTR's sentences that state a policy (as
// TestMTRPolicySentences chooses them), told bare: a question about what
// players may or must do at a tournament.
func mtrPolicySentences(a *Asker) []string {
	var out []string
	for _, p := range mtrPolicies(a) {
		out = append(out, p.sent)
	}
	return out
}

// callDecisionCeilings are the most texts of each set the decision may get
// wrong, with no slack: 5, 0, 2, 2, 2 and 0 when the measurement was
// added; the CR's examples 2 and the tune rules questions 1 once the CR's
// own sense of "back up" and "game loss" and a name cast stopped making
// calls; the tune rules questions 4 as measured when the set grew in
// December 2026 (no pipeline changed with it); the tune calls 1 as
// measured when the set grew a third time (a call told in one line,
// "draws 5 cards instead of 4. What do you do?", read as a rules
// question; the set grew, no pipeline changed).
var callDecisionCeilings = map[string]int{
	"CR examples (not calls)":          2,
	"eval.tsv (not calls)":             0,
	"IPG examples (calls)":             2,
	"MTR policy sentences (calls)":     2,
	"tune rules questions (not calls)": 4,
	"tune tournament calls (calls)":    1,
}

// TestCallDecision measures the first decision of the pipeline, whether a
// question is a tournament call or a question of the game's rules, on
// texts whose side the documents themselves fix: the CR's examples and
// the plain rules questions are never calls, the IPG's examples and the
// MTR's policy sentences always are. It counts the false calls and the
// calls missed, and the same on the tune half of the real questions.
func TestCallDecision(t *testing.T) {
	measureCallDecision(t, testAsker(t), examplesLeftOutAsker(t), callDecisionCeilings)
}

// measureCallDecision counts the decision's mistakes on every set; the
// CR's examples are asked of left (with the examples left out of the
// knowledge base, so that no example answers itself).
func measureCallDecision(t *testing.T, a, left *Asker, ceilings map[string]int) {
	t.Helper()
	type set struct {
		c     *decisionCount
		asker *Asker
		texts []string
	}
	sets := []set{
		{&decisionCount{name: "CR examples (not calls)"}, left, crExampleTexts(t)},
		{&decisionCount{name: "eval.tsv (not calls)"}, a, plainRulesQuestions(t)},
		{&decisionCount{name: "IPG examples (calls)", call: true}, a, ipgExampleTexts(a)},
		{&decisionCount{name: "MTR policy sentences (calls)", call: true}, a, mtrPolicySentences(a)},
	}
	var tuneRules, tuneCalls []string
	for _, q := range evalset.Split(evalset.Dev(), evalset.SplitTune) {
		if q.Kind == evalset.KindTournament {
			tuneCalls = append(tuneCalls, q.Question)
		} else {
			tuneRules = append(tuneRules, q.Question)
		}
	}
	sets = append(sets,
		set{&decisionCount{name: "tune rules questions (not calls)"}, a, tuneRules},
		set{&decisionCount{name: "tune tournament calls (calls)", call: true}, a, tuneCalls})
	falseCalls, missed := 0, 0
	for _, s := range sets {
		for _, text := range s.texts {
			s.c.add(s.asker, text)
		}
		if s.c.call {
			missed += s.c.wrong
		} else {
			falseCalls += s.c.wrong
		}
		t.Logf("%-34s %4d texts, %3d decided wrong", s.c.name, s.c.n, s.c.wrong)
		if testing.Verbose() {
			for _, m := range s.c.misses {
				t.Logf("  wrong (%s): %.140q", s.c.name, m)
			}
		}
		if limit, ok := ceilings[s.c.name]; !ok || s.c.wrong > limit {
			t.Errorf("%s: %d of %d decided wrong, at most %d", s.c.name, s.c.wrong, s.c.n, limit)
		}
	}
	t.Logf("false calls %d, calls missed %d", falseCalls, missed)
}

// callDecisionFullCeilings are callDecisionCeilings over the whole
// catalogue, where names of cards that are also the documents' words
// ("Bribery", "Warning") are linked: the CR's examples 4 and the tune
// calls 1 when the measurement was added, 2 and 0 since; the tune rules
// questions 2 as measured when the set grew in December 2026 (no pipeline
// changed with it); the tune calls 1 as measured when the set grew a
// third time (the same call as above; no pipeline changed).
var callDecisionFullCeilings = map[string]int{
	"CR examples (not calls)":          2,
	"eval.tsv (not calls)":             0,
	"IPG examples (calls)":             2,
	"MTR policy sentences (calls)":     2,
	"tune rules questions (not calls)": 2,
	"tune tournament calls (calls)":    1,
}

// TestCallDecisionFullCatalogue is TestCallDecision with every card
// linkable.
func TestCallDecisionFullCatalogue(t *testing.T) {
	a := fullAsker(t)
	measureCallDecision(t, a, New(a.kb.WithoutExamples()), callDecisionFullCeilings)
}
