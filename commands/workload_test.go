package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// blockingRunner holds every run until release is closed (or the run's
// context ends), counting the runs that started.
type blockingRunner struct {
	fakeRunner
	started chan struct{}
	release chan struct{}
	mu      sync.Mutex
	ctxs    []context.Context
	// stubborn runs ignore their deadline (an engine slow to notice a
	// cancelled context) and hold their slot until released.
	stubborn bool
}

func (b *blockingRunner) Run(ctx context.Context, src string) (ScenarioResult, error) {
	b.mu.Lock()
	b.ctxs = append(b.ctxs, ctx)
	b.mu.Unlock()
	b.started <- struct{}{}
	if b.stubborn {
		<-b.release
		return b.fakeRunner.Run(ctx, src)
	}
	select {
	case <-b.release:
	case <-ctx.Done():
		return ScenarioResult{}, ctx.Err()
	}
	return b.fakeRunner.Run(ctx, src)
}

// With one handler slot and one queue place, a third command while the
// first runs and the second waits is answered "busy" at once; the first
// two are answered normally when the run finishes.
func TestBusyWhenQueueIsFull(t *testing.T) {
	ctx := context.Background()
	store := session.NewMemory()
	run := &blockingRunner{started: make(chan struct{}, 8), release: make(chan struct{})}
	r := newRouter(t, Deps{Store: store, Scenarios: run, Handlers: 1, Queue: 1})
	// Two different scenarios, so the result cache cannot answer either.
	for i, ch := range []string{"c1", "c2"} {
		if _, err := store.AppendAndList(ctx, "scenario:"+ch, []string{fmt.Sprintf("Ornithopter as O%d (new)", i)}, time.Hour, ""); err != nil {
			t.Fatal(err)
		}
	}
	show := func(id, ch string) Request {
		req := scen("show", "u-"+id)
		req.ID, req.ChannelID = id, ch
		return req
	}
	replies := make(chan Reply, 2)
	go func() { replies <- r.Serve(ctx, show("1", "c1")) }()
	<-run.started // the first holds the only slot
	go func() { replies <- r.Serve(ctx, show("2", "c2")) }()
	deadline := time.Now().Add(5 * time.Second)
	for len(r.work.queue) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the second command never queued")
		}
		time.Sleep(time.Millisecond)
	}
	busy := r.Serve(ctx, show("3", "c1"))
	if !busy.Error || busy.Code != CodeLimited || !strings.Contains(busy.Body, "Try again") {
		t.Fatalf("third command with the queue full: %+v", busy)
	}
	// /rule is refused too: the cap is on every command, not scenarios only.
	rule := cmd("rule", "number", "302.6")
	rule.ID = "4"
	if rep := r.Serve(ctx, rule); rep.Code != CodeLimited {
		t.Errorf("/rule with the queue full: %+v", rep)
	}
	// Autocomplete is never queued.
	ac := Request{Kind: KindAutocomplete, Command: "rule", Options: map[string]string{"number": "302"}, Focused: "number", UserID: "u9", ID: "5"}
	if rep := r.Serve(ctx, ac); rep.Error {
		t.Errorf("autocomplete with the queue full: %+v", rep)
	}
	close(run.release)
	for i := 0; i < 2; i++ {
		select {
		case rep := <-replies:
			if rep.Error {
				t.Errorf("a command that held a slot or queued: %+v", rep)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("queued command never answered")
		}
	}
	if len(r.work.slots) != 0 || len(r.work.queue) != 0 {
		t.Errorf("slots %d, queue %d after every command finished", len(r.work.slots), len(r.work.queue))
	}
}

// A scenario run has its own deadline, well under the 15 minutes of a
// deferred answer: a run past it is stopped and the user told why.
func TestScenarioRunDeadline(t *testing.T) {
	ctx := context.Background()
	store := session.NewMemory()
	run := &blockingRunner{started: make(chan struct{}, 8), release: make(chan struct{})}
	r := newRouter(t, Deps{Store: store, Scenarios: run, ScenarioTimeout: 50 * time.Millisecond})
	if _, err := store.AppendAndList(ctx, "scenario:c1", []string{"Ornithopter as O (new)"}, time.Hour, ""); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	rep := r.Handle(ctx, scen("show", "u1"))
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("show returned after %s", took)
	}
	if !rep.Error || rep.Code != CodeLimited || !strings.Contains(rep.Body, "took longer than") {
		t.Fatalf("a run past its deadline: %+v", rep)
	}
	run.mu.Lock()
	dl, ok := run.ctxs[0].Deadline()
	run.mu.Unlock()
	if !ok || dl.Sub(start) > time.Second {
		t.Errorf("the run's context has deadline %v (set: %v), want about 50ms after the start", dl.Sub(start), ok)
	}
}

// The default deadline comes from config.Default and is well under the
// interaction token's 15 minutes.
func TestScenarioDeadlineDefault(t *testing.T) {
	r := newRouter(t, Deps{Scenarios: &fakeRunner{}})
	if r.d.ScenarioTimeout <= 0 || r.d.ScenarioTimeout > time.Minute {
		t.Errorf("default scenario deadline %s", r.d.ScenarioTimeout)
	}
	if r.d.Handlers <= 0 || r.d.Queue <= 0 {
		t.Errorf("default handlers %d, queue %d", r.d.Handlers, r.d.Queue)
	}
}

// /scenario show of an unchanged scenario, and the show after an add, do
// not run the script again: the result of the last run is kept.
func TestScenarioShowReusesLastRun(t *testing.T) {
	ctx := context.Background()
	run := &fakeRunner{}
	r := newRouter(t, Deps{Store: session.NewMemory(), Scenarios: run})
	if rep := r.Handle(ctx, scen("add", "u1", "line", "Ornithopter as O (new)")); rep.Error {
		t.Fatal(rep.Body)
	}
	runs := len(run.runs)
	first := r.Handle(ctx, scen("show", "u1"))
	second := r.Handle(ctx, scen("show", "u1"))
	if len(run.runs) != runs {
		t.Errorf("two shows of an unchanged scenario ran it %d more times, want 0", len(run.runs)-runs)
	}
	if first.Body != second.Body || !strings.Contains(first.Body, "1 statements") {
		t.Errorf("shows differ or lack the report:\n%s\n---\n%s", first.Body, second.Body)
	}
	// A changed scenario is run again.
	if rep := r.Handle(ctx, scen("add", "u1", "line", "? O")); rep.Error {
		t.Fatal(rep.Body)
	}
	if !strings.Contains(run.last(), "? O") {
		t.Errorf("the changed scenario was not run: last run %q", run.last())
	}
}

func TestResultCacheBounds(t *testing.T) {
	c := newResultCache(2, 100)
	c.put("a", ScenarioResult{Text: "A"})
	c.put("b", ScenarioResult{Text: "B"})
	c.get("a")
	c.put("c", ScenarioResult{Text: "C"}) // evicts b, the least recently used
	if _, ok := c.get("b"); ok {
		t.Error("b kept beyond 2 entries")
	}
	if res, ok := c.get("a"); !ok || res.Text != "A" {
		t.Errorf("a: %v %v", res, ok)
	}
	c.put(strings.Repeat("x", 90), ScenarioResult{Text: strings.Repeat("y", 20)})
	if c.bytes > 100 {
		t.Errorf("%d bytes held, cap 100", c.bytes)
	}
}

// Scenario runs take at most heavySlots cores at once; other commands are
// not held behind them, and a run that waits its whole deadline for a
// turn is told Arbiter is busy.
func TestScenarioRunsLeaveACoreForLookups(t *testing.T) {
	ctx := context.Background()
	store := session.NewMemory()
	run := &blockingRunner{started: make(chan struct{}, 64), release: make(chan struct{}), stubborn: true}
	r := newRouter(t, Deps{Store: store, Scenarios: run, ScenarioTimeout: 300 * time.Millisecond})
	n := heavySlots()
	for i := 0; i <= n; i++ {
		if _, err := store.AppendAndList(ctx, fmt.Sprintf("scenario:h%d", i), []string{fmt.Sprintf("Ornithopter as O%d (new)", i)}, time.Hour, ""); err != nil {
			t.Fatal(err)
		}
	}
	show := func(i int, out chan<- Reply) {
		req := scen("show", fmt.Sprintf("u%d", i))
		req.ChannelID = fmt.Sprintf("h%d", i)
		out <- r.Handle(ctx, req)
	}
	// n runs take every run slot and keep it (they ignore their deadline).
	held := make(chan Reply, n)
	for i := 0; i < n; i++ {
		go show(i, held)
	}
	for i := 0; i < n; i++ {
		<-run.started
	}
	// One more waits for a turn that does not come before its deadline.
	waiter := make(chan Reply, 1)
	go show(n, waiter)
	select {
	case <-run.started:
		t.Fatalf("%d scenario runs at once, want at most %d", n+1, n)
	case <-time.After(50 * time.Millisecond):
	}
	// A look-up is answered while every run slot is taken.
	if rep := r.Serve(ctx, cmd("rule", "number", "302.6")); rep.Error {
		t.Errorf("/rule while scenarios run: %+v", rep)
	}
	select {
	case rep := <-waiter:
		if !strings.Contains(rep.Body, "did not get a turn") {
			t.Errorf("the run that waited its whole deadline: %+v", rep)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting run was never answered")
	}
	close(run.release)
	for i := 0; i < n; i++ {
		<-held
	}
}

// cpuRunner burns CPU for each run, as a long script does.
type cpuRunner struct {
	fakeRunner
	burn time.Duration
}

func (c *cpuRunner) Run(ctx context.Context, src string) (ScenarioResult, error) {
	end := time.Now().Add(c.burn)
	x := 0
	for time.Now().Before(end) && ctx.Err() == nil {
		for i := 0; i < 1000; i++ {
			x += i * i
		}
	}
	_ = x
	return ScenarioResult{Text: "done"}, nil
}

// BenchmarkRuleWhileScenariosRun: /rule 702 (a long, paged answer) latency while four users keep
// running scenarios that each burn 20 ms of CPU (never cached: each script
// is new). Reports p50 and p99 of /rule, with the run limit and with none.
// go test ./commands -run '^$' -bench RuleWhileScenariosRun -benchtime 400x
func BenchmarkRuleWhileScenariosRun(b *testing.B) {
	for _, limited := range []bool{true, false} {
		name := "limited"
		if !limited {
			name = "unlimited"
		}
		b.Run(name, func(b *testing.B) {
			r := newRouter(b, Deps{Store: session.NewMemory(), Scenarios: &cpuRunner{burn: 20 * time.Millisecond}, Handlers: 64, Queue: 64})
			if !limited {
				r.heavy = make(chan struct{}, 1000)
			}
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			for w := 0; w < 4; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; ctx.Err() == nil; i++ {
						req := scen("add", fmt.Sprintf("w%d", w), "line", fmt.Sprintf("Ornithopter as O%d (new)", i))
						req.ChannelID = fmt.Sprintf("w%d-%d", w, i)
						r.Handle(ctx, req)
					}
				}()
			}
			time.Sleep(50 * time.Millisecond)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				r.Serve(context.Background(), cmd("rule", "number", "702"))
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			cancel()
			wg.Wait()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		})
	}
}
