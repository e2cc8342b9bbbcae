package commands

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/session"
)

// fakeRunner stands in for the engine in tests of the session logic only:
// a line starting with "!" is a syntax error, a line naming "Unknownium"
// cannot be carried out, and the report names the rule a
// summoning-sickness check would cite, plus one that does not exist.
type fakeRunner struct {
	mu   sync.Mutex
	runs []string
}

func (f *fakeRunner) Check(src string) error {
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "!") {
			return fmt.Errorf("line %d: expected a statement, found %q", i+1, l)
		}
	}
	return nil
}

func (f *fakeRunner) Run(_ context.Context, src string) (ScenarioResult, error) {
	f.mu.Lock()
	f.runs = append(f.runs, src)
	f.mu.Unlock()
	res := ScenarioResult{Text: fmt.Sprintf("%d statements\n? can O attack: no (302.6; 999.9 is not a rule)", strings.Count(src, "\n")+1)}
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "Unknownium") {
			res.Errors = append(res.Errors, ScenarioError{Line: i + 1, Msg: fmt.Sprintf("line %d: unknown card %q", i+1, l)})
		}
	}
	return res, nil
}

func (f *fakeRunner) last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.runs[len(f.runs)-1]
}

func scen(sub, user string, opts ...string) Request {
	req := cmd("scenario", opts...)
	req.Subcommand, req.UserID = sub, user
	return req
}

func TestScenarioSession(t *testing.T) {
	rules := loadCR(t)
	ctx := context.Background()
	run := &fakeRunner{}
	r := newRouter(t, Deps{Store: session.NewMemory(), Scenarios: run})

	if rep := r.Handle(ctx, scen("new", "u1")); rep.Error || rep.Ephemeral {
		t.Fatalf("new: %+v", rep)
	}
	rep := r.Handle(ctx, scen("add", "u1", "line", "Ornithopter as O (new)"))
	if rep.Error || !strings.Contains(rep.Body, "`1` `Ornithopter as O (new)`") {
		t.Fatalf("add: %+v", rep)
	}
	checkCitations(t, rules, rep)
	if len(rep.Citations) != 1 || rep.Citations[0].ID != "302.6" {
		t.Errorf("citations %+v: want 302.6 only (999.9 is not a rule)", rep.Citations)
	}
	// Another user in the same channel adds to the same scenario, and the
	// whole script is run again.
	r.Handle(ctx, scen("add", "u2", "line", "cast Titanic Growth targeting O"))
	if got := run.last(); got != "Ornithopter as O (new)\ncast Titanic Growth targeting O" {
		t.Errorf("re-run script %q", got)
	}
	// A line that does not parse is refused and nothing is stored.
	bad := r.Handle(ctx, scen("add", "u1", "line", "!bogus"))
	if !bad.Error || !bad.Ephemeral || !strings.Contains(bad.Body, "line 3") || !strings.Contains(bad.Body, "yours start at line 3") {
		t.Errorf("bad line: %+v", bad)
	}
	// A line the engine cannot carry out is refused too.
	unknown := r.Handle(ctx, scen("add", "u1", "line", "Unknownium as U"))
	if !unknown.Error || !strings.Contains(unknown.Body, `unknown card "Unknownium as U"`) {
		t.Errorf("unknown card line: %+v", unknown)
	}
	// Its hint shows how to define a card, not another line naming one
	// (with no catalogue loaded, "Ornithopter as O" fails the same way).
	if !strings.Contains(unknown.Body, "Try: `/scenario add line:define ") {
		t.Errorf("unknown card hint: %q", unknown.Body)
	}
	show := r.Handle(ctx, scen("show", "u1"))
	if strings.Contains(show.Body, "bogus") || strings.Contains(show.Body, "Unknownium") || !strings.Contains(show.Body, "`2` `cast Titanic Growth") {
		t.Errorf("show after a refused line: %q", show.Body)
	}
	undo := r.Handle(ctx, scen("undo", "u1"))
	if !strings.Contains(undo.Body, "Removed: `cast Titanic Growth targeting O`") || strings.Contains(undo.Body, "`2` `cast") {
		t.Errorf("undo: %q", undo.Body)
	}
	// The form: several lines at once.
	form := r.Handle(ctx, scen("add", "u1"))
	if form.Modal == nil || form.Modal.CustomID != "scn:add:c" {
		t.Fatalf("add with no line must open the form, got %+v", form)
	}
	sub := Request{Kind: KindModal, CustomID: form.Modal.CustomID, UserID: "u1", ChannelID: "c1", Values: map[string]string{"lines": "Llanowar Elves as E\r\n\n? can E attack\n"}}
	if rep := r.Handle(ctx, sub); rep.Error || !strings.Contains(rep.Body, "`3` `? can E attack`") {
		t.Errorf("modal submit: %+v", rep)
	}
	if rep := r.Handle(ctx, scen("reset", "u1")); rep.Error {
		t.Errorf("reset: %+v", rep)
	}
	if rep := r.Handle(ctx, scen("show", "u1")); !rep.Error || !strings.Contains(rep.Body, "/scenario add") {
		t.Errorf("show after reset: %+v", rep)
	}
}

func TestPrivateScenario(t *testing.T) {
	ctx := context.Background()
	r := newRouter(t, Deps{Store: session.NewMemory(), Scenarios: &fakeRunner{}})
	r.Handle(ctx, scen("add", "u2", "line", "Shared Thing"))
	if rep := r.Handle(ctx, scen("new", "u1", "private", "true")); !rep.Ephemeral {
		t.Fatalf("private new not ephemeral: %+v", rep)
	}
	// u1's adds now go to their private scenario without repeating the option.
	rep := r.Handle(ctx, scen("add", "u1", "line", "Private Thing"))
	if !rep.Ephemeral || strings.Contains(rep.Body, "Shared Thing") || !strings.Contains(rep.Body, "`1` `Private Thing`") {
		t.Errorf("private add: %+v", rep)
	}
	if rep := r.Handle(ctx, scen("show", "u2")); strings.Contains(rep.Body, "Private Thing") || rep.Ephemeral {
		t.Errorf("u2 sees u1's private lines: %q", rep.Body)
	}
	if rep := r.Handle(ctx, scen("show", "u1", "private", "false")); !strings.Contains(rep.Body, "Shared Thing") {
		t.Errorf("private:false shows the channel's scenario: %q", rep.Body)
	}
	if f := r.Handle(ctx, scen("add", "u1")); f.Modal == nil || f.Modal.CustomID != "scn:add:p" {
		t.Errorf("private form id %+v", f.Modal)
	}
}

func TestScenarioWithoutEngine(t *testing.T) {
	r := newRouter(t, Deps{})
	rep := r.Handle(context.Background(), scen("show", "u1"))
	if !rep.Error || !rep.Ephemeral || !strings.Contains(rep.Body, "/rule 613.1") {
		t.Errorf("%+v", rep)
	}
}
