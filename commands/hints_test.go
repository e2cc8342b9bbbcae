package commands

import (
	"context"
	"strings"
	"testing"
)

// Fakes that find one card and one IPG section and suggest them for
// anything else, and a search that finds nothing.
type oneCard struct{}

func (oneCard) Card(name string) (*Card, []string, bool) {
	if strings.EqualFold(name, "Ornithopter") {
		return &Card{Name: "Ornithopter", TypeLine: "Artifact Creature — Thopter", Oracle: "Flying", Rulings: []CardRuling{{Date: "2014-07-18", Text: "A ruling."}}}, nil, true
	}
	return nil, []string{"Ornithopter"}, false
}
func (oneCard) Complete(string, int) []string { return nil }

type oneSection struct{}

func (oneSection) Section(doc, id string) (*DocSection, []string, bool) {
	if id == "2.1" {
		return &DocSection{Doc: strings.ToUpper(doc), ID: "2.1", Title: "Missed Trigger", Text: "A triggered ability is missed."}, nil, true
	}
	return nil, []string{"2.1"}, false
}
func (oneSection) Complete(string, string, int) []Choice { return nil }

type noHits struct{}

func (noHits) Search(string, []string, int) []SearchHit { return nil }

// hintOf is the command an error reply suggests.
func hintOf(rep Reply) string {
	_, hint, _ := strings.Cut(rep.Body, "Try: `")
	return strings.TrimSuffix(hint, "`")
}

// Every hint is a whole command the user can run as it is (the console
// runs it, typed), and it runs what the user asked for: the rulings of
// the card suggested, not its Oracle text; an IPG section by the option
// /ipg has; the words searched, not a cut with an ellipsis; a question
// that could not go to a judge, asked; a search refused for its kind or
// its limit, the same search.
func TestHintsRunAsTyped(t *testing.T) {
	r := newRouter(t, Deps{Cards: oneCard{}, Docs: oneSection{}, Search: noHits{}})
	ctx := context.Background()
	long := strings.Repeat("what happens when a creature with protection blocks ", 3)
	for _, tc := range []struct {
		req  Request
		hint string
	}{
		{cmd("rulings", "name", "Ornithoptr"), "/rulings name:Ornithopter"},
		{cmd("card", "name", "Ornithoptr"), "/card name:Ornithopter"},
		{cmd("ipg", "infraction", "2.9"), "/ipg infraction:2.1"},
		{cmd("mtr", "section", "2.9"), "/mtr section:2.1"},
		{cmd("search", "query", long), "/define term:" + hintWords(long, 60)},
		// The query and the kinds given stay; a kind mistyped is the one
		// meant.
		{cmd("search", "query", "first strike", "kind", "rules,glossary"), "/search query:first strike kind:rule,glossary"},
		{cmd("search", "query", "first strike", "kind", "rule", "limit", "30"), "/search query:first strike kind:rule"},
		{func() Request {
			q := cmd("judge", "question", "My opponent forgot a trigger.")
			q.Subcommand = "call"
			return q
		}(), "/ask question:My opponent forgot a trigger."},
	} {
		rep := r.Handle(ctx, tc.req)
		hint := hintOf(rep)
		if !rep.Error || hint != tc.hint || strings.Contains(hint, "…") {
			t.Errorf("/%s %v: hint %q, want %q", tc.req.Command, tc.req.Options, hint, tc.hint)
			continue
		}
		again, err := ParseLine(hint, r.Definitions())
		if err != nil {
			t.Errorf("hint %q does not parse: %v", hint, err)
			continue
		}
		if again.Command == "search" || again.Command == "define" || again.Command == "ask" {
			continue // nothing is found over these fakes; it parsed
		}
		again.UserID, again.ChannelID = "u1", "c1"
		if rep := r.Handle(ctx, again); rep.Error {
			t.Errorf("hint %q fails: %s", hint, rep.Body)
		}
	}
}

// /rulings of a name that fits several cards says so, as /card does, with
// the look-up of the next card: it picks one, never silently.
func TestRulingsOfANameOfSeveralCards(t *testing.T) {
	r := newRouter(t, Deps{Cards: severalCards{}})
	rep := r.Handle(context.Background(), cmd("rulings", "name", "thassa"))
	if rep.Error || rep.Title != "Rulings: Thassa, God of the Sea" || !strings.Contains(rep.Body, "The name also fits Thassa's Bounty · Thassa's Emissary") || !strings.Contains(rep.Body, "`/rulings name:Thassa's Bounty`") {
		t.Errorf("rulings thassa: %+v", rep)
	}
}

type severalCards struct{ oneCard }

func (severalCards) Card(name string) (*Card, []string, bool) {
	return &Card{Name: "Thassa, God of the Sea", Others: []string{"Thassa's Bounty", "Thassa's Emissary"}, Rulings: []CardRuling{{Date: "2013-09-15", Text: "A ruling."}}}, nil, true
}

// A suggested source too long for its share of a judge call's message is
// cut at a break and says which command shows the rest, as the answer's
// field says it (More), once; one without such a command keeps " …".
func TestJudgeCallSuggestionsSayWhereTheRestIs(t *testing.T) {
	long := strings.Repeat("A player takes an action that is not allowed. ", 40)
	f := pointingField("IPG 2.1 Game Play Error — Missed Trigger", long, "/ipg 2.1")
	if f.More != "/ipg 2.1" || !strings.HasSuffix(f.Value, "\n(the rest: /ipg 2.1)") {
		t.Fatalf("the answer's field: %+v", f)
	}
	got := suggestionText(f, 300)
	if !strings.HasSuffix(got, "\n(the rest: /ipg 2.1)") || strings.Count(got, "(the rest:") != 1 || runeLen(got) > 300 {
		t.Errorf("suggestion: %d runes: %q", runeLen(got), got)
	}
	if got := suggestionText(Field{Name: "Cards", Value: long}, 300); !strings.HasSuffix(got, " …") || runeLen(got) > 300 {
		t.Errorf("a field with no command: %q", got)
	}
	if short := "A short section."; suggestionText(Field{Name: "IPG 2.1", Value: short, More: "/ipg 2.1"}, 300) != short {
		t.Error("a section that fits was changed")
	}
}
