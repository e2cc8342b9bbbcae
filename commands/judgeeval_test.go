package commands_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/evalset"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

// suggestedRe reads a suggestion's source from its field name on the call
// message: "Suggested: IPG 2.3 Game Play Error — …", "Suggested: MTR 4.2
// …", "Suggested: 302.6. …" or "Suggested: Rule 302.6".
var suggestedRe = regexp.MustCompile(`^Suggested: (?:(MTR|IPG|JAR) (\S+)|(?:Rule )?(\d{3}(?:\.\d+[a-z]?)?)\.?)`)

func suggestedIDs(call commands.Reply) []string {
	var out []string
	for _, f := range call.Fields {
		m := suggestedRe.FindStringSubmatch(f.Name)
		switch {
		case m == nil:
		case m[1] != "":
			out = append(out, strings.ToLower(m[1])+":"+m[2])
		default:
			out = append(out, "cr:"+m[3])
		}
	}
	return out
}

// judgeCallFloors are the shares of real tournament calls whose /judge
// call suggestion, at a server set to Competitive REL, puts an expected
// section first: a change that suggests worse fails. The dev floors were
// measured when the set grew in December 2026 (20 calls more); no
// pipeline changed with it.
var judgeCallFloors = map[string]float64{
	// Raised to 35 of 49 when a word and the words derived from it
	// ("concession", "concede") met in the search, to 36 when Game Rule
	// Violation went before Missed Trigger in calls in which nothing
	// triggers, to 37 when a spell cast for mana that cannot pay its cost
	// put Game Rule Violation first. Set to 45 of 62 when the dev set grew
	// a fourth time (44 of 58 before, one of the four tune calls added put
	// first): the set grew, no pipeline changed.
	evalset.SplitTune: 45.0 / 62,
	// Raised to 26 of 48 when Missed Trigger stopped taking the first
	// place in calls in which nothing triggers; the held-out sets raised
	// when a call's sections were ordered by the tournament documents'
	// own index (report 28, unseen2 11, unseen4 8, unseen5 6); report
	// raised to 29 when Game Rule Violation went before Missed Trigger in
	// calls in which nothing triggers. Lowered to 35 of 61 when the dev set
	// grew a fourth time (35 of 57 before; none of the four report calls
	// added put first): the set grew, no pipeline changed.
	evalset.SplitReport: 35.0 / 61,
	// The second held-out set, at what it reached when it was added (9 of
	// 21), raised to 10 of 21 when infractions' names became part of
	// their text.
	evalset.SplitUnseen2: 11.0 / 21,
	// The third held-out set, at what it reached when it was added (6 of
	// 12).
	evalset.SplitUnseen3: 6.0 / 12,
	// The fourth held-out set, at what it reached when it was added (6 of
	// 15).
	evalset.SplitUnseen4: 8.0 / 15,
	// The fifth held-out set, at what it reached when it was added (5 of
	// 15).
	evalset.SplitUnseen5: 6.0 / 15,
}

// TestJudgeCallSuggestionsOnRealCalls measures the real tournament calls
// of the development set (the tune half, which may be tuned on, and the
// report half, which may not) and of the second to fifth held-out sets
// (unseen2, unseen3, unseen4 and unseen5, which may not either) through /judge
// call at a server set to Competitive REL, and at one with no REL set: how
// often the call's first suggestion is a section the judge's answer rests
// on. Misses are shown for the tune half only.
func TestJudgeCallSuggestionsOnRealCalls(t *testing.T) {
	ctx := context.Background()
	for _, rel := range []string{"competitive", ""} {
		desk := &fakeDesk{}
		r := testrouter.With(t, func(d *commands.Deps) {
			d.Desk = desk
			d.Judge = commands.JudgeConfig{Channel: "judges", Roles: []string{judgeRole}, REL: rel}
		})
		for _, set := range []struct {
			split string
			qs    []evalset.Question
		}{
			{evalset.SplitTune, evalset.Split(evalset.Dev(), evalset.SplitTune)},
			{evalset.SplitReport, evalset.Split(evalset.Dev(), evalset.SplitReport)},
			{evalset.SplitUnseen2, evalset.Unseen2()},
			{evalset.SplitUnseen3, evalset.Unseen3()},
			{evalset.SplitUnseen4, evalset.Unseen4()},
			{evalset.SplitUnseen5, evalset.Unseen5()},
		} {
			split := set.split
			qs := evalset.Kind(set.qs, evalset.KindTournament)
			first, any := 0, 0
			for _, q := range qs {
				desk.mu.Lock()
				before := len(desk.opened)
				desk.mu.Unlock()
				if rep := r.Serve(ctx, judgeReq("call", "player", "play", false, "question", clipRunes(q.Question, 1000))); rep.Error {
					t.Fatalf("%s: /judge call: %s", q.ID, fieldsText(rep))
				}
				desk.mu.Lock()
				call := desk.opened[before].rep
				desk.mu.Unlock()
				ids := suggestedIDs(call)
				expected := func(id string) bool { return slices.Contains(q.Expect, id) }
				if len(ids) > 0 && expected(ids[0]) {
					first++
				} else if testing.Verbose() && split == evalset.SplitTune && rel != "" {
					t.Logf("miss %s want %v got %v", q.ID, q.Expect, ids)
				}
				if slices.ContainsFunc(ids, expected) {
					any++
				}
			}
			rate := float64(first) / float64(max(len(qs), 1))
			t.Logf("rel %-12q %-7s %d tournament calls: right section first %d (%.1f%%), among the suggestions %d (%.1f%%)",
				rel, split, len(qs), first, 100*rate, any, 100*float64(any)/float64(max(len(qs), 1)))
			if rel != "" && rate < judgeCallFloors[split] {
				t.Errorf("%s: %.2f below the floor %.2f", split, rate, judgeCallFloors[split])
			}
		}
	}
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
