package commands

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// A scenario is capped in lines and bytes: every add and show runs the
// whole script again, so an uncapped one lets one user's requests cost
// everyone else's answers.
func TestScenarioCaps(t *testing.T) {
	ctx := context.Background()
	run := &fakeRunner{}
	r := newRouter(t, Deps{Store: session.NewMemory(), Scenarios: run})
	many := strings.Repeat("Ornithopter\n", MaxScenarioLines+1)
	form := Request{Kind: KindModal, CustomID: "scn:add:c", UserID: "u1", ChannelID: "c1", Values: map[string]string{"lines": many}}
	rep := r.Handle(ctx, form)
	if !rep.Error || !strings.Contains(rep.Body, fmt.Sprintf("at most %d lines", MaxScenarioLines)) {
		t.Fatalf("%d lines: %+v", MaxScenarioLines+1, rep)
	}
	if lines, _ := r.d.Store.Lines(ctx, "scenario:c1", 0); len(lines) != 0 {
		t.Errorf("a refused batch wrote %d lines", len(lines))
	}
	// Up to the cap, in two batches, is fine; one more line is not.
	half := strings.Repeat("Ornithopter\n", MaxScenarioLines/2)
	for i := 0; i < 2; i++ {
		form.Values["lines"] = half
		if rep := r.Handle(ctx, form); rep.Error {
			t.Fatalf("batch %d within the cap: %s", i, rep.Body)
		}
	}
	if rep := r.Handle(ctx, scen("add", "u1", "line", "Ornithopter")); !rep.Error || !strings.Contains(rep.Body, "/scenario new") {
		t.Errorf("line %d: %+v", MaxScenarioLines+1, rep)
	}
	// Bytes are capped too, and one statement has its own cap.
	long := strings.Repeat("x", MaxLineBytes+1)
	if rep := r.Handle(ctx, scen("add", "u2", "line", long)); !rep.Error {
		t.Errorf("a %d-byte statement was accepted", len(long))
	}
	wide := strings.Repeat(strings.Repeat("y", MaxLineBytes-1)+"\n", MaxScenarioBytes/MaxLineBytes+1)
	form = Request{Kind: KindModal, CustomID: "scn:add:c", UserID: "u3", ChannelID: "c3", Values: map[string]string{"lines": wide}}
	if rep := r.Handle(ctx, form); !rep.Error || !strings.Contains(rep.Body, "characters") {
		t.Errorf("%d bytes: %+v", len(wide), rep)
	}
}

// Every option is capped on the server, whatever the client declared.
func TestOptionLengthsAreCapped(t *testing.T) {
	r := newRouter(t, Deps{})
	ctx := context.Background()
	term := strings.Repeat("summoning sickness ", 4000)
	if rep := r.Handle(ctx, cmd("define", "term", term)); !rep.Error || !strings.Contains(rep.Body, "at most 200 characters") {
		t.Errorf("a %d-character term: %+v", len(term), rep)
	}
	// In Discord the refusal names the option as Discord shows it.
	q := strings.Repeat("Can my creature attack? ", 50)
	if rep := r.Handle(ctx, cmd("ask", "question", q)); !rep.Error || !strings.Contains(rep.Body, "The question option may be at most 1000 characters (this one has 1200).") {
		t.Errorf("a %d-character question: %+v", len(q), rep)
	}
	// An option the command does not declare is capped as well.
	if rep := r.Handle(ctx, cmd("rule", "number", "302.6", "junk", strings.Repeat("z", 5000))); !rep.Error {
		t.Errorf("an undeclared 5000-character option was accepted")
	}
	form := Request{Kind: KindModal, CustomID: "scn:add:c", UserID: "u1", Values: map[string]string{"lines": strings.Repeat("a", maxFormInput+1)}}
	if rep := r.Handle(ctx, form); !rep.Error || rep.Title != "Too long" {
		t.Errorf("an oversized form: %+v", rep)
	}
	if rep := r.Handle(ctx, cmd("define", "term", "summoning sickness")); rep.Error {
		t.Errorf("an ordinary term: %+v", rep)
	}
}

// Paging buttons belong to the user who asked: another user never turns
// the pages of someone's private answer, and sees a public one's page
// privately instead of turning it for everyone.
func TestPagesBelongToTheAsker(t *testing.T) {
	r := newRouter(t, Deps{})
	ctx := context.Background()
	next := func(rep Reply) string {
		for _, b := range rep.Buttons {
			if strings.HasPrefix(b.Label, "Next") {
				return b.CustomID
			}
		}
		t.Fatalf("no Next button: %+v", rep.Buttons)
		return ""
	}
	public := r.Handle(ctx, cmd("rule", "number", "702"))
	press := func(id, user string) Reply {
		return r.Handle(ctx, Request{Kind: KindComponent, CustomID: id, UserID: user})
	}
	if p := press(next(public), "u1"); !p.Update || p.Page != 1 {
		t.Errorf("the asker's press: update=%v page=%d", p.Update, p.Page)
	}
	if p := press(next(public), "intruder"); p.Update || !p.Ephemeral || p.Page != 1 || p.Error {
		t.Errorf("another user's press on a public answer: %+v", p)
	}
	// A private answer (the scenario of one user, here a long one).
	run := &fakeRunner{}
	r = newRouter(t, Deps{Scenarios: run})
	var lines []string
	for i := 0; i < 150; i++ {
		lines = append(lines, fmt.Sprintf("Ornithopter as O%d (new, 3 +1/+1 counters, tapped)", i))
	}
	form := Request{Kind: KindModal, CustomID: "scn:add:p", UserID: "owner", ChannelID: "c1", Values: map[string]string{"lines": strings.Join(lines[:75], "\n")}}
	r.Handle(ctx, form)
	form.Values["lines"] = strings.Join(lines[75:], "\n")
	private := r.Handle(ctx, form)
	if !private.Ephemeral || private.PageCount < 2 {
		t.Fatalf("private scenario: ephemeral=%v pages=%d", private.Ephemeral, private.PageCount)
	}
	if p := press(next(private), "intruder"); !p.Error || strings.Contains(p.Body, "O100") {
		t.Errorf("another user read a private answer: %+v", p)
	}
	if p := press(next(private), "owner"); p.Error || !p.Update {
		t.Errorf("the owner's press: %+v", p)
	}
}

// Text users typed is repeated as text: a masked link never becomes a
// clickable disguised link, a code fence never breaks the reply.
func TestEchoedTextIsDefused(t *testing.T) {
	run := &fakeRunner{}
	r := newRouter(t, Deps{Scenarios: run, Search: stubSearch{}})
	ctx := context.Background()
	link := "[free nitro](https://nitro.example)"
	for _, rep := range []Reply{
		r.Handle(ctx, cmd("define", "term", link)),
		r.Handle(ctx, cmd("rule", "number", link)),
		r.Handle(ctx, cmd("search", "query", link)),
		r.Handle(ctx, scen("add", "u1", "line", "? "+link+" ```")),
	} {
		for _, s := range []string{rep.Title, outsideCode(rep.Body)} {
			if strings.Contains(s, "](") && !strings.Contains(s, `\](`) || strings.Contains(rep.Body, "```") {
				t.Errorf("%q repeats the link or fence as markup: %q", rep.Title, s)
			}
		}
	}
}

// outsideCode is s without its inline code spans, where Markdown (and so
// a link) is not rendered.
func outsideCode(s string) string {
	parts := strings.Split(s, "`")
	var b strings.Builder
	for i := 0; i < len(parts); i += 2 {
		b.WriteString(parts[i])
	}
	return b.String()
}

type stubSearch struct{}

func (stubSearch) Search(string, []string, int) []SearchHit {
	return []SearchHit{{Kind: "rule", ID: "302.6", Snippet: "summoning sickness"}}
}

// A store outage is logged by the store, once; storing pages during it
// must not add a warning per request.
func TestPagesDuringAnOutageLogQuietly(t *testing.T) {
	var log bytes.Buffer
	r := newRouter(t, Deps{Store: &downStore{}, Log: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelInfo})), PageTTL: time.Minute})
	for i := 0; i < 20; i++ {
		if rep := r.Handle(context.Background(), cmd("rule", "number", "702")); rep.Error {
			t.Fatalf("702 with the store down: %+v", rep)
		}
	}
	if strings.Contains(log.String(), "storing pages failed") {
		t.Errorf("an outage logged per request:\n%s", log.String())
	}
}
