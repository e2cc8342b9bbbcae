package ask

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

var (
	askerOnce sync.Once
	asker     *Asker
)

func testAsker(t testing.TB) *Asker {
	t.Helper()
	kb := testkb.KB(t)
	askerOnce.Do(func() { asker = New(kb) })
	return asker
}

// Every rule the effect table names exists in the CR and says, in its own
// words, what the table claims it governs.
func TestEffectKindsCiteRulesThatSayIt(t *testing.T) {
	rules := testkb.CR(t)
	tables := map[string][]ruleRef{}
	for _, k := range effectKinds {
		tables["effect "+k.name] = k.rules
	}
	for _, c := range questionCues {
		tables["cue "+c.name] = c.rules
	}
	for _, p := range interactions {
		tables["interaction "+strings.Join(p.kinds, "/")] = p.rules
	}
	for _, k := range typeKinds {
		tables["type "+k.name] = k.rules
	}
	for _, k := range survivalKinds {
		for _, r := range k.rules {
			tables["survival "+k.name] = append(tables["survival "+k.name], r.ruleRef)
		}
	}
	for _, p := range pairRules {
		tables["pair "+p.name] = p.rules
	}
	for _, q := range cardQuestions {
		tables["card-question "+q.name] = q.rules
	}
	tables["transform"] = transformRules
	tables["split"] = splitRules
	tables["replaced response"] = replacedResponse
	tables["multitype"] = multiTypeRules
	tables["several copies"] = []ruleRef{legendCopies, costCopies}
	for _, k := range costKinds {
		tables["cost "+k.name] = k.rules
	}
	for name, refs := range tables {
		for _, r := range refs {
			rule, ok := rules.Rule(r.id)
			if !ok {
				t.Errorf("%s: rule %s is not in the CR", name, r.id)
				continue
			}
			if !strings.Contains(strings.ToLower(rule.Text+" "+rule.Title), strings.ToLower(r.says)) {
				t.Errorf("%s: rule %s does not say %q: %s", name, r.id, r.says, rule.Text)
			}
		}
	}
}

// hit reports whether a ranked source is one of the question's ids.
func hit(h Hit, expect []string) bool {
	kind := h.Kind
	if kind == "rule" {
		kind = "cr"
	}
	for _, e := range expect {
		if e == kind+":"+h.ID {
			return true
		}
	}
	return false
}

type score struct{ n, top1, top5 int }

func (s score) String() string {
	if s.n == 0 {
		return "no questions"
	}
	return fmt.Sprintf("%d questions, top-1 %.1f%%, top-5 %.1f%%", s.n, 100*float64(s.top1)/float64(s.n), 100*float64(s.top5)/float64(s.n))
}

func (s score) rate1() float64 { return float64(s.top1) / float64(max(s.n, 1)) }
func (s score) rate5() float64 { return float64(s.top5) / float64(max(s.n, 1)) }

// realFloors are the rates (top-1, top-5) the pipeline reached on the real
// questions over the small catalogue (M15 and THS).
var realFloors = map[string][2]float64{
	// Dev floors measured when the set grew in December 2026 (rules 40 and
	// 51 of 95 tune, 10 and 23 of 95 report; tournament 33 and 42 of 49
	// tune, 25 and 41 of 48 report; no pipeline changed with it), raised
	// since to what the pipeline reaches. The tune floors were set again
	// when the set grew a third time (rules 44 and 58 of 114, tournament
	// 44 and 54 of 58; the report rates did not drop): the set grew, no
	// pipeline changed. Set again when the set grew a fourth time (rules 46
	// and 61 of 123, tournament 45 and 56 of 62): the set grew, no
	// pipeline changed.
	"tune rules":      {46.0 / 123, 61.0 / 123},
	"tune tournament": {45.0 / 62, 56.0 / 62},
	"report rules":    {10.0 / 95, 24.0 / 95},
	// Tournament floors set to what the pipeline reached when a call's
	// sections were ordered by the tournament documents' own index
	// (pooled held-out top-1 up, 68 to 71 of 135; report top-5 down 41 to
	// 40, unseen top-1 13 to 12, unseen5 top-5 12 to 11); raised to 29
	// and 41 of 48 when Game Rule Violation went before Missed Trigger in
	// calls in which nothing triggers. Lowered to 35 and 52 of 61 when the
	// dev set grew a fourth time: the four report calls added were none of
	// them answered first (two within the top five), so the rates fell
	// from 35 and 50 of 57; the set grew, no pipeline changed.
	"report tournament": {35.0 / 61, 52.0 / 61},
	// Unseen rules: 16 and 23 of 52 since survival questions are told
	// from asked (top-5 was 24 of 52; chosen on tune and the CR examples,
	// both up, with held-out report and unseen top-1 up elsewhere).
	"unseen rules":      {16.0 / 52, 23.0 / 52},
	"unseen tournament": {12.0 / 24, 20.0 / 24},
	// unseen2 floors are exactly what the pipeline reached when the set
	// was added (rules 10 and 19 of 43, tournament 9 and 14 of 21);
	// tournament top-1 raised to 10 of 21 when infractions' names became
	// part of their text.
	"unseen2 rules":      {10.0 / 43, 19.0 / 43},
	"unseen2 tournament": {11.0 / 21, 14.0 / 21},
	// unseen3 floors are exactly what the pipeline reached when the set
	// was added (rules 5 and 12 of 30, tournament 6 and 9 of 12).
	"unseen3 rules":      {5.0 / 30, 12.0 / 30},
	"unseen3 tournament": {6.0 / 12, 9.0 / 12},
	// unseen4 floors are exactly what the pipeline reached when the set
	// was added (rules 7 and 15 of 34, tournament 7 and 13 of 15); rules
	// top-1 raised to 8 of 34 when a question of a player at 0 life
	// pointed at the rules that make them lose (104.3b, 704.5a).
	"unseen4 rules":      {8.0 / 34, 15.0 / 34},
	"unseen4 tournament": {8.0 / 15, 14.0 / 15},
	// unseen5 floors are exactly what the pipeline reached when the set
	// was added (rules 7 and 14 of 40, tournament 6 and 12 of 15).
	"unseen5 rules":      {7.0 / 40, 14.0 / 40},
	"unseen5 tournament": {6.0 / 15, 11.0 / 15},
}

// fullFloors are the rates reached over the whole catalogue, where most
// named cards are linked.
var fullFloors = map[string][2]float64{
	// Dev floors measured when the set grew in December 2026 (rules 67 and
	// 73 of 95 tune, 16 and 36 of 95 report; tournament 32 and 41 of 49
	// tune, 24 and 40 of 48 report; no pipeline changed with it), raised
	// since to what the pipeline reaches. Tune rules set again when the set
	// grew a third time (69 and 78 of 114; the other dev rates did not
	// drop): the set grew, no pipeline changed. Both tune floors set again
	// when the set grew a fourth time (rules 71 and 81 of 123, tournament
	// 44 and 57 of 62): the set grew, no pipeline changed.
	"tune rules":      {71.0 / 123, 81.0 / 123},
	"tune tournament": {44.0 / 62, 57.0 / 62},
	"report rules":    {16.0 / 95, 39.0 / 95},
	// Tournament floors set when a call's sections were ordered by the
	// tournament documents' own index (pooled held-out top-1 65 to 70 of
	// 135, top-5 105 to 109; tune top-1 down 34 to 33, report top-5 40
	// to 39, unseen top-1 13 to 12, unseen5 top-5 13 to 11); raised to 30
	// and 40 of 48 (tune top-1 to 34 of 49) when Game Rule Violation went
	// before Missed Trigger in calls in which nothing triggers. Lowered to
	// 36 and 51 of 61 when the dev set grew a fourth time: none of the four
	// report calls added was answered first (two within the top five), so
	// top-1 fell from 36 of 57; the set grew, no pipeline changed.
	"report tournament": {36.0 / 61, 51.0 / 61},
	"unseen rules":      {18.0 / 52, 0.65},
	"unseen tournament": {12.0 / 24, 20.0 / 24},
	// Reached when unseen2 was added: rules 16 and 22 of 43, tournament 9
	// and 15 of 21; tournament top-1 raised to 10 of 21 when infractions'
	// names became part of their text.
	"unseen2 rules":      {16.0 / 43, 22.0 / 43},
	"unseen2 tournament": {10.0 / 21, 15.0 / 21},
	// Reached when unseen3 was added: rules 6 and 18 of 30, tournament 6
	// and 9 of 12.
	"unseen3 rules":      {6.0 / 30, 18.0 / 30},
	"unseen3 tournament": {6.0 / 12, 10.0 / 12},
	// Reached when unseen4 was added: rules 8 and 18 of 34, tournament 6
	// and 12 of 15.
	"unseen4 rules":      {8.0 / 34, 18.0 / 34},
	"unseen4 tournament": {8.0 / 15, 14.0 / 15},
	// Reached when unseen5 was added: rules 9 and 18 of 40, tournament 5
	// and 13 of 15.
	"unseen5 rules":      {9.0 / 40, 18.0 / 40},
	"unseen5 tournament": {6.0 / 15, 11.0 / 15},
}

// plainFloors are ask's rates on the knowledge core's plain questions:
// the tunable set (eval.tsv) and the held-out ones, raised as the search
// they rest on improved.
var plainFloors = map[string][2]float64{
	// eval.tsv top-5 84 of 85 since a question asking whether its subject
	// is or does a glossary term shows the rule stating the definition.
	"eval.tsv":     {0.90, 0.98},
	"holdout.tsv":  {0.75, 0.89},
	"holdout2.tsv": {0.83, 0.87},
}

func (s *score) add(ranked []Hit, expect []string) {
	s.n++
	for i, h := range ranked {
		if i == 5 {
			break
		}
		if hit(h, expect) {
			if i == 0 {
				s.top1++
			}
			s.top5++
			return
		}
	}
}

// logMiss shows a question the answer did not put first: what it was
// after, what came back, and the cards it linked.
func logMiss(t *testing.T, q evalset.Question, ans Answer) {
	t.Helper()
	top := ans.Top()
	if len(top) > 0 && hit(top[0], q.Expect) {
		return
	}
	var ids []string
	for _, h := range top {
		ids = append(ids, fmt.Sprintf("%s:%s(%.2f)", h.Kind, h.ID, h.Score))
	}
	var names []string
	for _, c := range ans.Cards {
		names = append(names, c.Name)
	}
	t.Logf("miss %s want %v got %v cards %v", q.ID, q.Expect, ids, names)
}

// searchBaseline is what plain search answers: the product before ask.
func searchBaseline(a *Asker, q string) []Hit {
	var out []Hit
	for _, r := range a.kb.Search(q, search.Options{Limit: 5}) {
		out = append(out, Hit{Kind: r.Kind, ID: r.ID})
	}
	return out
}

// realSet is a set of real questions by the name its figures are printed
// and floored under.
type realSet struct {
	name string
	qs   []evalset.Question
}

// realSets are the real questions' sets: the tune half (which the
// pipeline may be shaped by), the report half and the held-out sets
// (which it may not).
func realSets() []realSet {
	return []realSet{
		{"tune", evalset.Split(evalset.Dev(), evalset.SplitTune)},
		{"report", evalset.Split(evalset.Dev(), evalset.SplitReport)},
		{"unseen", evalset.Unseen()},
		{"unseen2", evalset.Unseen2()},
		{"unseen3", evalset.Unseen3()},
		{"unseen4", evalset.Unseen4()},
		{"unseen5", evalset.Unseen5()},
	}
}

// TestRealQuestions measures the deciding rule's rank over the real
// questions: the tune half (which the pipeline may be shaped by), the
// report half and the held-out sets (which it may not), each beside
// plain search measured in the same run.
func TestRealQuestions(t *testing.T) {
	a := testAsker(t)
	for _, set := range realSets() {
		for _, kind := range []string{evalset.KindRules, evalset.KindTournament} {
			var base, got score
			for _, q := range set.qs {
				if q.Kind != kind {
					continue
				}
				base.add(searchBaseline(a, q.Question), q.Expect)
				ans := a.Ask(q.Question)
				got.add(ans.Top(), q.Expect)
				if testing.Verbose() && set.name == "tune" {
					logMiss(t, q, ans)
				}
			}
			t.Logf("%-7s %-10s ask: %s | search: %s", set.name, kind, got, base)
			// Floors at what the pipeline reached when these sets were
			// added: a change that answers real questions worse fails.
			if f, ok := realFloors[set.name+" "+kind]; ok && (got.rate1() < f[0] || got.rate5() < f[1]) {
				t.Errorf("%s %s fell below its floor (top-1 %.2f, top-5 %.2f): %s", set.name, kind, f[0], f[1], got)
			}
		}
	}
}

// TestPlainQuestions measures the plain-question sets of the knowledge
// core (rulings/testdata) through ask, beside plain search: a question
// that names no card must not be answered worse than search answers it.
func TestPlainQuestions(t *testing.T) {
	a := testAsker(t)
	rules := testkb.CR(t)
	for _, file := range []string{"eval.tsv", "holdout.tsv", "holdout2.tsv"} {
		data, err := os.ReadFile("../rulings/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var base, got score
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			q, w, _ := strings.Cut(line, "\t")
			var expect []string
			for _, id := range strings.Split(w, ",") {
				if rules.Exists(id) {
					expect = append(expect, "cr:"+id)
				} else if g, ok := rules.Define(id); ok {
					// A glossary answer is right through the rules it cites.
					expect = append(expect, "glossary:"+g.Term)
					for _, ref := range g.Refs {
						expect = append(expect, "cr:"+ref)
					}
				}
			}
			var plain []Hit
			for _, r := range a.kb.Search(q, search.Options{Limit: 5}) {
				plain = append(plain, Hit{Kind: r.Kind, ID: r.ID})
			}
			base.add(plain, expect)
			got.add(a.Ask(q).Top(), expect)
		}
		t.Logf("%-13s ask: %s | search: %s", file, got, base)
		// On the set it may be tuned on, a question that names no card is
		// answered at least as well as plain search answers it (within one
		// question); the held-out sets have floors at what ask reached when
		// it was added (holdout2 stood 2 questions below search then).
		if file == "eval.tsv" && (got.top1+1 < base.top1 || got.top5+1 < base.top5) {
			t.Errorf("%s: ask answers worse than search: %s against %s", file, got, base)
		}
		if f, ok := plainFloors[file]; ok && (got.rate1() < f[0] || got.rate5() < f[1]) {
			t.Errorf("%s fell below its floor (top-1 %.2f, top-5 %.2f): %s", file, f[0], f[1], got)
		}
	}
}

// A question that opens on a verb closes on its predicate: the glossary
// term it asks of its subject; one that closes on a complement ("to a mana
// ability") or asks otherwise names none.
func TestClosingTerm(t *testing.T) {
	a := testAsker(t)
	cases := map[string]string{
		"is an artifact colorless":                      "Colorless",
		"what does a copy of a permanent copy":          "Copy",
		"Can a tapped creature block?":                  "Block",
		"can I respond to a mana ability":               "",
		"what is a mana ability":                        "",
		"when does a triggered ability go on the stack": "",
	}
	for q, want := range cases {
		got := ""
		if g := a.closingTerm(q); g != nil {
			got = g.Term
		}
		if got != want {
			t.Errorf("closingTerm(%q) = %q, want %q", q, got, want)
		}
	}
}

// A call told in the tournament documents' words is a tournament call,
// "players" included (it holds the letters of "layer"); a question about
// the layer system is not, whoever asks it.
func TestTournamentCallWords(t *testing.T) {
	cases := map[string]bool{
		"Both players forgot the trigger and called a judge.":                true,
		"At a PPTQ you're head judging, Art attacks with a dashed creature.": true,
		"A judge asked me which layer a Humility effect applies in.":         false,
		"Which creature survives the combat?":                                false,
		// The game's own words: a creature gets back up to its toughness,
		// an effect replaces the game loss of a player who would lose the
		// game.
		"Maro will be back up to toughness 7 when the spell resolves.":    false,
		"You'd lose the game, but Lich's Mirror replaces that game loss.": false,
		// The same words in a story of a player's error, or the penalty
		// as the IPG writes it, make a call.
		"He forgot his trigger, so we had to back up.": true,
		// A trigger forgotten in what it should have done, its card left
		// out as a call is read ("forgot to reveal his Dark Confidant
		// trigger card").
		"My opponent forgot to reveal his  trigger card.":                true,
		"I forgot to put my  trigger on the stack.":                      true,
		"My opponent accidentally drew eight cards before his mulligan.": true,
		"Is that a game loss?":                                           true,
		// A player's error and an official called over tell a call in no
		// word of the documents; either alone does not.
		"He realised his mistake and called me over.":      true,
		"He realised his mistake and drew another card.":   false,
		"My opponent called me over to look at his board.": false,
		// A name cast is a card's, whatever else it names.
		"Alex casts Bribery, targeting Bianca.":           false,
		"He offered a bribe to concede; is that Bribery?": true,
	}
	for q, want := range cases {
		if got := isTournamentCall(q); got != want {
			t.Errorf("isTournamentCall(%q) = %v, want %v", q, got, want)
		}
	}
}

// The words of the game that make a call only in a story of an error or
// an official are the CR's own: each rule gameWords cites uses its word,
// in its text or in an example of it.
func TestGameWordsAreTheCRs(t *testing.T) {
	rules := testkb.CR(t)
	for _, w := range gameWords {
		r, ok := rules.Rule(w.id)
		if !ok {
			t.Errorf("rule %s is not in the CR", w.id)
			continue
		}
		text := strings.ToLower(r.Text + " " + strings.Join(r.Examples, " "))
		if !strings.Contains(text, w.says) {
			t.Errorf("rule %s does not say %q", w.id, w.says)
		}
		if !gameWordCue.match(w.says, w.says) && !gameLoss.match(w.says, w.says) || tournamentCue.match(w.says, w.says) {
			t.Errorf("%q is not a word of gameWordCue or gameLoss alone", w.says)
		}
	}
}

// A keyword split in two words is searched as the keyword; words that
// only sit side by side are left alone.
func TestJoinKeywords(t *testing.T) {
	a := testAsker(t)
	cases := map[string]string{
		"A 50/50 Elf with Trample and Death touch attacks.": "A 50/50 Elf with Trample and deathtouch attacks.",
		"Does life link work with first strike?":            "Does lifelink work with first strike?",
		"The death of a creature, one touch away.":          "The death of a creature, one touch away.",
	}
	for in, want := range cases {
		if got := a.joinKeywords(in); got != want {
			t.Errorf("joinKeywords(%q) = %q, want %q", in, got, want)
		}
	}
}

// In a story a keyword's heading gives way to the subrule that states it;
// a plain question about the keyword may still be answered by the heading.
func TestHeadingGivesWayInAStory(t *testing.T) {
	a := testAsker(t)
	pos := func(hs []Hit, id string) int {
		for i, h := range hs {
			if h.ID == id {
				return i
			}
		}
		return -1
	}
	story := a.Ask("My opponent controls a creature with changeling and I attack with my Goblins while a card gives my Goblins a bonus, so what types does the changeling creature have now?").Rules
	if d, h := pos(story, "702.73a"), pos(story, "702.73"); d < 0 || (h >= 0 && h < d) {
		t.Errorf("story: 702.73a at %d, heading 702.73 at %d: %+v", d, h, story)
	}
	plain := a.Ask("What is changeling?").Rules
	if pos(plain, "702.73") < 0 && pos(plain, "702.73a") < 0 {
		t.Errorf("plain question: neither 702.73 nor 702.73a in %+v", plain)
	}
}

// The keywords a question names are read against the CR's 702 headings,
// and the CR's own words say which are triggered abilities; two of them
// named together point at the rule that orders triggered abilities.
func TestQuestionKeywords(t *testing.T) {
	a := testAsker(t)
	ids := a.keywordsIn("A creature with undying and persist, and flying too")
	want := map[string]bool{}
	for _, k := range []string{"undying", "persist", "flying"} {
		want[a.keyword[k]] = true
	}
	if len(ids) != 3 || !want[ids[0]] || !want[ids[1]] || !want[ids[2]] {
		t.Fatalf("keywordsIn = %v, want the rules of undying, persist and flying", ids)
	}
	if !a.triggeredKeyword[a.keyword["persist"]] || !a.triggeredKeyword[a.keyword["undying"]] || a.triggeredKeyword[a.keyword["flying"]] {
		t.Errorf("triggered keywords: persist %v, undying %v, flying %v", a.triggeredKeyword[a.keyword["persist"]],
			a.triggeredKeyword[a.keyword["undying"]], a.triggeredKeyword[a.keyword["flying"]])
	}
	if w := a.features(nil, "What happens with undying and persist on one creature?")["603.3b"]; w != interactionWeight {
		t.Errorf("two triggered keywords: 603.3b weighs %v, want %v", w, float64(interactionWeight))
	}
	if w := a.features(nil, "What happens with persist on a flying creature?")["603.3b"]; w != 0 {
		t.Errorf("one triggered keyword: 603.3b weighs %v, want none", w)
	}
}

// A tournament call puts the IPG's infractions before the MTR's
// policies.
func TestTournamentCallPrefersTheIPG(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("At a Competitive REL tournament my opponent drew an extra card and called a judge. What do you do?")
	if !ans.Tournament || len(ans.Docs) == 0 || ans.Docs[0].Kind != "ipg" {
		t.Errorf("tournament %v, docs %+v: want an IPG section first", ans.Tournament, ans.Docs)
	}
}

// A question whether something survives points at the state-based actions
// and at those that put the named cards' kinds into the graveyard.
func TestSurvivalPointsAtStateBasedActions(t *testing.T) {
	a := testAsker(t)
	var walker *cards.Card
	for _, c := range a.kb.Cards.Cards() {
		if strings.Contains(c.TypeLine, "Planeswalker") {
			walker = c
			break
		}
	}
	if walker == nil {
		t.Fatal("no planeswalker in the test catalogue")
	}
	f := a.features([]*cards.Card{walker}, "If I activate his minus ability with two loyalty counters, will he survive?")
	// The question speaks of loyalty: 704.5i (loyalty 0) is the one of the
	// state-based actions that decides, before the general 704.3.
	if f["704.3"] != survivalWeight || f["704.5i"] <= survivalWeight {
		t.Errorf("survival question: 704.3 %v, want %v; 704.5i %v, want more", f["704.3"], survivalWeight, f["704.5i"])
	}
	if f := a.features([]*cards.Card{walker}, "How many loyalty counters does he enter with?"); f["704.3"] != 0 || f["704.5i"] >= survivalWeight {
		t.Errorf("other question: 704.3 %v, 704.5i %v", f["704.3"], f["704.5i"])
	}
	// A plain question about dying, with no card and no story, is left to
	// the search: it names what it asks about.
	if f := a.features(nil, "When does a creature die?"); f["704.3"] != 0 {
		t.Errorf("plain question: 704.3 %v, want none", f["704.3"])
	}
}

// A document's list of changes from its previous versions tells what
// changed, never what a call is, nor does the IPG's table of penalties
// (the infraction's section states its penalty); and a call gets no
// battlefield set-up.
func TestCallsLeaveOutChangeLogsAndSetUps(t *testing.T) {
	a := testAsker(t)
	for _, d := range a.Ask("At competitive my opponent drew an extra card off a Divination. Penalty?").Docs {
		if strings.HasSuffix(d.Title, "Penalty Quick Reference") {
			t.Errorf("section %s %s (%s) among the answers", d.Kind, d.ID, d.Title)
		}
	}
	for _, q := range []string{
		"My opponent forgot his Ensoul Artifact trigger and then drew for the turn at a competitive tournament. What is the penalty?",
		"At a competitive tournament my opponent missed the Saga chapter trigger of his Ensoul Artifact. Does a missed trigger still count as having triggered?",
		"At a competitive event a player's Ornithopter was revealed while shuffling his deck; the judge gave a warning. Is that the right penalty?",
	} {
		ans := a.Ask(q)
		if !ans.Tournament {
			t.Fatalf("%q: not taken as a tournament call", q)
		}
		if len(ans.Cards) == 0 {
			t.Errorf("%q: no card linked", q)
		}
		for _, d := range ans.Docs {
			if notACall.MatchString(d.Title) {
				t.Errorf("%q: section %s %s (%s) among the answers", q, d.Kind, d.ID, d.Title)
			}
		}
		if len(ans.Setup) != 0 {
			t.Errorf("%q: set-up %q for a tournament call", q, ans.Setup)
		}
	}
	for _, title := range []string{"IPG B Changes from Previous Versions", "MTR A Changes From Previous Versions", "IPG A Penalty Quick Reference"} {
		if !notACall.MatchString(title) {
			t.Errorf("notACall does not recognise %q", title)
		}
	}
}

// Players forget a trigger; the IPG calls it a Missed Trigger (2.1): the
// words "forgot" and "forgets" find it.
func TestForgottenTriggerIsMissed(t *testing.T) {
	a := testAsker(t)
	for _, q := range []string{"forgot", "he forgets"} {
		res := a.kb.Search(q, search.Options{Kinds: []string{"ipg"}, Limit: 1, NoSnippet: true})
		if len(res) == 0 || res[0].ID != "2.1" {
			t.Errorf("%q: IPG %+v first, want 2.1 Missed Trigger", q, res)
		}
	}
}

// A situation's own words are read without the card texts it quotes.
func TestWithoutQuotes(t *testing.T) {
	for in, want := range map[string]string{
		"Jade Mage has the ability “{2}{G}: Create a 1/1 green Saproling creature token.” The resulting token is green.": "Jade Mage has the ability   The resulting token is green.",
		`Does "enters tapped" trigger it?`: "Does   trigger it?",
		"No quotes here.":                  "No quotes here.",
	} {
		if got := withoutQuotes(in); got != want {
			t.Errorf("withoutQuotes(%q) = %q, want %q", in, got, want)
		}
	}
}

// A card text a question quotes points at the rules of what it does, as a
// named card's text does, at quotedShare; the question's own words do not.
func TestQuotedRules(t *testing.T) {
	a := testAsker(t)
	r := a.quotedRules("A player controls an enchantment that reads “If a card would be put into a graveyard from anywhere, exile it instead.” A creature dies.")
	if r["614.1a"] != quotedShare {
		t.Errorf("quoted replacement: 614.1a %v, want %v (all: %v)", r["614.1a"], quotedShare, r)
	}
	if r := a.quotedRules("If a card would be put into a graveyard from anywhere, it is exiled instead."); len(r) != 0 {
		t.Errorf("nothing quoted: %v", r)
	}
}

// A question of card names alone, or asking only what they are or do, is
// told apart from one that tells a situation with them.
func TestNamesOnly(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string]bool{
		"Ensoul Artifact":                        true,
		"ensoul artifact and titanic growth":     true,
		"What does Ensoul Artifact do?":          true,
		"How does Titanic Growth work?":          true,
		"Can Ensoul Artifact enchant a land?":    false,
		"what does it mean to enchant something": false,
	} {
		if got := a.Ask(q).NamesOnly; got != want {
			t.Errorf("%q: NamesOnly %v, want %v", q, got, want)
		}
	}
}
