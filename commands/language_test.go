package commands_test

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

// A question told in another language is refused with a reason, not
// answered with rules that rest on its card names alone; /ask and Find
// rules the same. An English question with slang is answered.
func TestAskInAnotherLanguageIsRefused(t *testing.T) {
	r := testrouter.Full(t)
	for _, q := range []string{
		"Wenn ich Ensoul Artifact auf meinen Ornithopter spiele, kann er in diesem Zug angreifen?",
		"Si lanzo un hechizo sobre mi criatura, ¿qué pasa con el maná de la reserva?",
	} {
		for _, req := range []commands.Request{
			commands.Cmd("ask", "question", q),
			{Kind: commands.KindCommand, Command: commands.FindRules, UserID: "u1", ChannelID: "c1", TargetText: q},
		} {
			rep := r.Handle(context.Background(), req)
			if !rep.Error || rep.Code != commands.CodeInvalid || !strings.Contains(rep.Title+rep.Body, "English") {
				t.Errorf("%s %q: %+v", req.Command, q, rep)
			}
		}
	}
	rep := r.Handle(context.Background(), commands.Cmd("ask", "question", "can my dude attack if i just played it lol"))
	if rep.Error || len(rep.Fields) == 0 || rep.Fields[0].Name != "Rule 302.6" {
		t.Errorf("an English question: %+v", rep)
	}
}

// A judge call in another language is opened for the judges, who may read
// it, without suggestions resting on its card names alone.
func TestJudgeCallInAnotherLanguageHasNoSuggestions(t *testing.T) {
	desk := &fakeDesk{}
	r := testrouter.With(t, func(d *commands.Deps) {
		d.Desk = desk
		d.Judge = commands.JudgeConfig{Channel: "judges", Roles: []string{judgeRole}, REL: "competitive"}
	})
	for q, want := range map[string]bool{
		"Mein Gegner hat seinen Auslöser vergessen und schon eine Karte gezogen. Welche Strafe gibt es?": false,
		"My opponent forgot his trigger and already drew for the turn. What's the penalty?":              true,
	} {
		desk.mu.Lock()
		before := len(desk.opened)
		desk.mu.Unlock()
		if rep := r.Serve(context.Background(), judgeReq("call", "player", "play", false, "question", q)); rep.Error {
			t.Fatalf("%q: /judge call: %+v", q, rep)
		}
		desk.mu.Lock()
		if len(desk.opened) != before+1 {
			desk.mu.Unlock()
			t.Fatalf("%q: no call opened", q)
		}
		call := desk.opened[before].rep
		desk.mu.Unlock()
		if got := len(suggestedIDs(call)) > 0; got != want {
			t.Errorf("%q: suggestions %v, want them: %v", q, suggestedIDs(call), want)
		}
	}
}
