package commands

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Rule 722 is "Controlling Another Player" in the CR of 2026-01-16 and
// "Preparation Cards" in that of 2026-04-17 (722 pushed the old one to 723).
var titleOf722 = map[string]string{
	"2026-01-16": "722. Controlling Another Player",
	"2026-04-17": "722. Preparation Cards",
}

func footerDate(t *testing.T, rep Reply) string {
	t.Helper()
	for d := range titleOf722 {
		if strings.Contains(rep.Footer, d) {
			return d
		}
	}
	t.Errorf("footer %q names neither version", rep.Footer)
	return ""
}

// A request is answered whole by the router current at its start: one
// caught in the middle of a swap finishes on the old data, and the next
// one gets the new data.
func TestLiveSwapBetweenRequests(t *testing.T) {
	old := newRouter(t, Deps{CR: crVersion(t, "20260116")})
	gate, entered := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	old.Use(func(next Handler) Handler {
		return func(ctx context.Context, req Request) Reply {
			if first.CompareAndSwap(false, true) {
				close(entered)
				<-gate
			}
			return next(ctx, req)
		}
	})
	live := NewLive(old)
	done := make(chan Reply)
	go func() { done <- live.Serve(context.Background(), cmd("rule", "number", "722")) }()
	<-entered
	if _, err := live.Replace(Deps{CR: crVersion(t, "20260417")}); err != nil {
		t.Fatal(err)
	}
	after := live.Serve(context.Background(), cmd("rule", "number", "722"))
	close(gate)
	before := <-done
	if before.Title != titleOf722["2026-01-16"] || footerDate(t, before) != "2026-01-16" {
		t.Errorf("the request begun before the swap: %q, %q", before.Title, before.Footer)
	}
	if after.Title != titleOf722["2026-04-17"] || footerDate(t, after) != "2026-04-17" {
		t.Errorf("the request after the swap: %q, %q", after.Title, after.Footer)
	}
	// The middleware added with Use is kept, and so is the command set.
	if len(live.Router().inner) != 1 || len(live.Definitions()) != len(old.Definitions()) {
		t.Errorf("the new router lost middleware or commands")
	}
}

// Under concurrent requests and repeated swaps every answer is consistent:
// the rule's text and the footer come from the same CR version.
func TestLiveNoMixedAnswers(t *testing.T) {
	a, b := Deps{CR: crVersion(t, "20260116")}, Deps{CR: crVersion(t, "20260417")}
	live := NewLive(newRouter(t, a))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var served sync.Map
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				req := cmd("rule", "number", "722")
				req.UserID = string(rune('a' + i))
				rep := live.Serve(context.Background(), req)
				d := footerDate(t, rep)
				served.Store(d, true)
				if rep.Title != titleOf722[d] {
					t.Errorf("footer %s with title %q: an answer mixed two versions", d, rep.Title)
					return
				}
			}
		}()
	}
	for i := range 6 {
		next := b
		if i%2 == 1 {
			next = a
		}
		if _, err := live.Replace(next); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	for d := range titleOf722 {
		if _, ok := served.Load(d); !ok {
			t.Errorf("no answer from the CR of %s was seen", d)
		}
	}
}

// A Replace that cannot build keeps the router serving.
func TestLiveReplaceFailureKeepsOld(t *testing.T) {
	r := newRouter(t, Deps{})
	live := NewLive(r)
	if _, err := live.Replace(Deps{}); err == nil {
		t.Fatal("a replacement without the CR was accepted")
	}
	if live.Router() != r {
		t.Fatal("a failed replacement changed the router")
	}
}

type stubReloader struct {
	rep   ReloadReport
	err   error
	calls atomic.Int32
}

func (s *stubReloader) Reload(context.Context) (ReloadReport, error) {
	s.calls.Add(1)
	return s.rep, s.err
}

func TestAdminReloadOwnersOnly(t *testing.T) {
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	ok := &stubReloader{rep: ReloadReport{Swapped: true, Before: day("2026-01-16"), After: day("2026-04-17"), Cards: 12, Took: time.Second,
		Notes: []string{"cr updated: effective April 17, 2026"}}}
	r := newRouter(t, Deps{Reloader: ok, Owners: []string{"owner1"}})
	req := func(user string) Request { q := NewRequest("admin"); q.Subcommand, q.UserID = "reload", user; return q }

	refused := r.Handle(context.Background(), req("u1"))
	if !refused.Error || !refused.Ephemeral || refused.Code != CodeForbidden {
		t.Errorf("a non-owner: %+v", refused)
	}
	if r.Handle(context.Background(), req("")); ok.calls.Load() != 0 {
		t.Fatal("a non-owner's /admin reload reloaded")
	}
	done := r.Handle(context.Background(), req("owner1"))
	if done.Error || !done.Ephemeral || ok.calls.Load() != 1 {
		t.Fatalf("the owner: %+v", done)
	}
	for _, want := range []string{"effective 2026-04-17", "was 2026-01-16", "12 cards", "cr updated"} {
		if !strings.Contains(done.Body, want) {
			t.Errorf("the report lacks %q: %s", want, done.Body)
		}
	}

	failing := &stubReloader{err: errors.New("cr/cr-20260501.txt: CR file has no rules body"), rep: ReloadReport{Notes: []string{"Comprehensive Rules: download failed: 500 Internal Server Error"}}}
	r = newRouter(t, Deps{Reloader: failing, Owners: []string{"owner1"}})
	fail := r.Handle(context.Background(), req("owner1"))
	if !fail.Error || !fail.Ephemeral || !strings.Contains(fail.Title, "unchanged") ||
		!strings.Contains(fail.Body, "no rules body") || !strings.Contains(fail.Body, "500") {
		t.Errorf("a failed reload: %+v", fail)
	}

	// No reloader (a console): the owner is told to restart.
	r = newRouter(t, Deps{Owners: []string{"owner1"}})
	if rep := r.Handle(context.Background(), req("owner1")); rep.Code != CodeUnavailable {
		t.Errorf("no reloader: %+v", rep)
	}
	// The console's user is no owner (it has none): it is told the same,
	// not "Owners only". A server always has a reloader.
	r = newRouter(t, Deps{})
	if rep := r.Handle(context.Background(), req("console")); rep.Code != CodeUnavailable || !strings.Contains(rep.Body, "restart it") {
		t.Errorf("no reloader, no owners: %+v", rep)
	}
}
