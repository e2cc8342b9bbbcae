package bot

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

// burstID is the snowflake Discord would give the i-th interaction created
// at t: the creation millisecond, and i in the low bits (worker, process
// and increment) so that ids made in the same millisecond differ.
func burstID(t time.Time, i int) string {
	return strconv.FormatUint(uint64(t.UnixMilli()-discordEpoch)<<22|uint64(i&(1<<22-1)), 10)
}

// busyTitle is the title of the reply to a command that found the queue
// of waiting commands full (commands/workload.go).
const busyTitle = "Arbiter is busy"

// burstResult is what the fake Discord saw of a burst: for each
// interaction sent, its first response and how long after the
// interaction's creation (its snowflake) the response arrived.
type burstResult struct {
	sent      int
	sendSpan  time.Duration // first to last send
	first     map[string]time.Duration
	answers   map[string]int // first responses per interaction id
	deferred  []string       // type 5: "thinking…", the answer follows
	busy      []string       // type 4 carrying the busy reply
	answered  []string       // type 4 with an answer
	other     []string       // any other type
	followUps map[string][]string
}

// late counts first responses that arrived later than limit after the
// interaction was created, and gives the slowest.
func (r *burstResult) late(limit time.Duration) (n int, slowest time.Duration) {
	for _, d := range r.first {
		if d > limit {
			n++
		}
		slowest = max(slowest, d)
	}
	return n, slowest
}

// quantile of the first-response times (q in [0,1]).
func (r *burstResult) quantile(q float64) time.Duration {
	ds := make([]time.Duration, 0, len(r.first))
	for _, d := range r.first {
		ds = append(ds, d)
	}
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(int(q*float64(len(ds))), len(ds)-1)]
}

// runBurst opens a gateway on the fake Discord, sends n interactions made
// by mk, evenly within span, each with a snowflake id of the moment it is
// sent, waits for a first response to each (at most wait), then closes
// the gateway, which waits for every deferred answer to be delivered.
// allIn, when not nil, is closed as soon as every interaction has its
// first response.
func runBurst(tb testing.TB, f *fakeDiscord, g *Gateway, n int, span time.Duration, wait time.Duration, allIn chan struct{}, mk func(id string) []byte) *burstResult {
	tb.Helper()
	if err := g.Open(context.Background()); err != nil {
		tb.Fatalf("Open: %v", err)
	}
	closed := false
	defer func() {
		if !closed {
			g.Close()
		}
	}()
	// The fake reports every callback and follow-up on a channel of its
	// own; read them all so that none of its handlers blocks.
	var firsts atomic.Int64
	if allIn == nil {
		allIn = make(chan struct{})
	}
	stop := make(chan struct{})
	var drain sync.WaitGroup
	drain.Add(2)
	go func() {
		defer drain.Done()
		for {
			select {
			case <-f.got:
				if firsts.Add(1) == int64(n) {
					close(allIn)
				}
			case <-stop:
				return
			}
		}
	}()
	go func() {
		defer drain.Done()
		for {
			select {
			case <-f.hooked:
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		close(stop)
		drain.Wait()
	}()

	// Discord creates the interactions on its schedule whether or not the
	// bot reads its socket in time: each id is the moment the interaction
	// was due, so a sender held up by a slow reader counts against the bot.
	ids := make([]string, n)
	start := time.Now()
	for i := range n {
		due := start.Add(span * time.Duration(i) / time.Duration(n))
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		}
		ids[i] = burstID(due, i)
		f.send(0, mk(ids[i]))
	}
	res := &burstResult{sent: n, sendSpan: time.Since(start), first: map[string]time.Duration{}, answers: map[string]int{}, followUps: map[string][]string{}}
	select {
	case <-allIn:
	case <-time.After(wait):
		tb.Errorf("%d of %d interactions got a first response within %v of the last send", firsts.Load(), n, wait)
	}
	g.Close()
	closed = true

	f.mu.Lock()
	defer f.mu.Unlock()
	for _, id := range ids {
		res.answers[id] = f.answered[id]
		resp, ok := f.callbacks[id]
		if !ok {
			continue
		}
		created, _ := snowflakeTime(id)
		res.first[id] = f.arrived[id].Sub(created)
		switch {
		case resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource:
			res.deferred = append(res.deferred, id)
		case resp.Type == discordgo.InteractionResponseChannelMessageWithSource && resp.Data != nil && len(resp.Data.Embeds) > 0 && resp.Data.Embeds[0].Title == busyTitle:
			res.busy = append(res.busy, id)
		case resp.Type == discordgo.InteractionResponseChannelMessageWithSource:
			res.answered = append(res.answered, id)
		default:
			res.other = append(res.other, id)
		}
	}
	for _, w := range f.webhooks {
		// "METHOD /api/v9/webhooks/900/tok-<id>[/messages/…] body"
		_, rest, _ := strings.Cut(w, "/tok-")
		id := rest[:strings.IndexAny(rest, "/ ")]
		res.followUps[id] = append(res.followUps[id], w)
	}
	return res
}

// checkEveryoneOnce fails unless every interaction of the burst got exactly
// one first response, and every deferred one its final answer.
func checkEveryoneOnce(tb testing.TB, res *burstResult) {
	tb.Helper()
	lost, twice := 0, 0
	for id, n := range res.answers {
		switch {
		case n == 0:
			lost++
		case n > 1:
			twice++
			if twice <= 3 {
				tb.Errorf("interaction %s got %d first responses", id, n)
			}
		}
	}
	if lost > 0 || twice > 0 {
		tb.Errorf("%d of %d interactions got no first response, %d more than one", lost, res.sent, twice)
	}
	if len(res.other) > 0 {
		tb.Errorf("%d first responses of an unexpected type (first: %s)", len(res.other), res.other[0])
	}
	missing := 0
	for _, id := range res.deferred {
		if len(res.followUps[id]) == 0 {
			missing++
		}
	}
	if missing > 0 {
		tb.Errorf("%d of %d deferred interactions never got their answer", missing, len(res.deferred))
	}
}

// gate holds every command until released: handlers that are running
// when the burst arrives.
type gate chan struct{}

func (g gate) hold(next commands.Handler) commands.Handler {
	return func(ctx context.Context, req commands.Request) commands.Reply {
		<-g
		return next(ctx, req)
	}
}

// refusals counts the requests the router has given back with the busy
// reply, and the other replies it has given back; each reply pokes
// progress.
type refusals struct {
	commands.Server
	busy, other atomic.Int64
	progress    chan struct{} // buffered: one poke pending at most
}

func (r *refusals) Serve(ctx context.Context, req commands.Request) commands.Reply {
	rep := r.Server.Serve(ctx, req)
	if rep.Title == busyTitle {
		r.busy.Add(1)
	} else {
		r.other.Add(1)
	}
	select {
	case r.progress <- struct{}{}:
	default:
	}
	return rep
}

// TestGatewayBurstAnsweredOnce: a burst far larger than the handler cap
// and its queue. With 2 handlers and 3 places in the queue all held busy,
// exactly 5 commands are admitted and the other 295 are refused at once
// with the busy reply; the 5 are deferred ("thinking…") since they cannot
// answer while held, and get their answer once the handlers move on.
// Every interaction gets exactly one first response and none is lost.
//
// Nothing here depends on how fast the machine is: the handlers are
// released on events (every first response sent, every refusal made),
// not after a time, and Discord's 3 s window for first responses, which
// a loaded machine can miss while the fake is slow to answer, is opened
// wide (the window is BenchmarkGatewayOverloadBurst's business).
func TestGatewayBurstAnsweredOnce(t *testing.T) {
	const n, handlers, queue = 300, 2, 3
	// guard bounds each wait only so that a broken dispatcher fails with
	// what was missing instead of hanging; the waits end on events.
	const guard = 2 * time.Minute
	f := newFakeDiscord(t, 1)
	hold := make(gate)
	r := &refusals{
		Server:   using(testRouter(t, commands.Deps{Handlers: handlers, Queue: queue}), hold.hold),
		progress: make(chan struct{}, 1),
	}
	g := &Gateway{
		Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher:     &Dispatcher{Router: r, DeferAfter: 500 * time.Millisecond},
		ShutdownGrace:  2 * guard,
		callbackWindow: 2 * guard,
	}
	// Release the held handlers once every interaction has its first
	// response and the router has refused all but the admitted ones: the
	// admitted ones can only have been deferred by then, and none is
	// still on its way to the handler cap (the dispatcher defers on its
	// own timer, so a first response does not mean the router has seen
	// the request), where a slot freed by the release would admit it.
	allIn := make(chan struct{})
	released := make(chan struct{})
	go func() {
		defer close(released)
		defer close(hold)
		timeout := time.NewTimer(guard)
		defer timeout.Stop()
		select {
		case <-allIn:
		case <-timeout.C:
			f.mu.Lock()
			k := len(f.callbacks)
			f.mu.Unlock()
			t.Errorf("after %v only %d of %d interactions had a first response; releasing the handlers", guard, k, n)
			return
		}
		for r.busy.Load() < n-handlers-queue {
			select {
			case <-r.progress:
			case <-timeout.C:
				t.Errorf("after %v the router had refused %d of %d interactions as busy and answered %d while its %d handlers were held; releasing them",
					guard, r.busy.Load(), n, r.other.Load(), handlers)
				return
			}
		}
	}()
	res := runBurst(t, f, g, n, 200*time.Millisecond, guard, allIn, func(id string) []byte {
		return interactionJSON(id, "rule", "number", "302.6")
	})
	<-released
	checkEveryoneOnce(t, res)

	// The final answer of each: the first response, or the follow-up of
	// a deferred one.
	real, busy := 0, 0
	for _, id := range res.answered {
		t.Errorf("interaction %s answered before the held handlers were released", id)
	}
	busy += len(res.busy)
	for _, id := range res.deferred {
		ups := strings.Join(res.followUps[id], "\n")
		switch {
		case strings.Contains(ups, busyTitle):
			busy++
		case strings.Contains(ups, "Rule 302.6"):
			real++
		default:
			t.Errorf("deferred interaction %s answered with %q", id, ups)
		}
	}
	if real != handlers+queue || busy != n-handlers-queue {
		t.Errorf("%d answered, %d refused as busy; want %d and %d", real, busy, handlers+queue, n-handlers-queue)
	}
	if got := g.Stats().Interactions; got != n {
		t.Errorf("gateway read %d interactions, want %d", got, n)
	}
}

// spin does about n units of integer work and returns a value that
// depends on all of it (so the compiler keeps it).
func spin(n int) uint64 {
	x := uint64(88172645463325252)
	for range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

var spinSink atomic.Uint64

// burn is middleware that spends about d of one core's time on every
// admitted command before it runs: a CPU-heavy handler. The work is
// calibrated once on the idle process, so under contention it takes
// longer than d of wall time, as a real handler would.
func burn(d time.Duration) commands.Middleware {
	const probe = 1 << 20
	best := time.Hour
	for range 5 {
		start := time.Now()
		spinSink.Add(spin(probe))
		best = min(best, time.Since(start))
	}
	units := int(float64(probe) * float64(d) / float64(best))
	return func(next commands.Handler) commands.Handler {
		return func(ctx context.Context, req commands.Request) commands.Reply {
			spinSink.Add(spin(units))
			return next(ctx, req)
		}
	}
}

// reportBurst puts a burst's figures into the benchmark's output.
func reportBurst(b *testing.B, all []*burstResult) {
	var late, deferred, busy, answered, sent int
	var slowest, p99, span time.Duration
	for _, res := range all {
		l, s := res.late(interactionWindow)
		late += l
		slowest = max(slowest, s)
		p99 = max(p99, res.quantile(0.99))
		span = max(span, res.sendSpan)
		deferred += len(res.deferred)
		busy += len(res.busy)
		answered += len(res.answered)
		sent += res.sent
	}
	k := float64(len(all))
	b.ReportMetric(float64(late)/k, "late/burst")
	b.ReportMetric(float64(slowest.Milliseconds()), "max-first-ms")
	b.ReportMetric(float64(p99.Milliseconds()), "p99-first-ms")
	b.ReportMetric(float64(deferred)/k, "deferred/burst")
	b.ReportMetric(float64(busy)/k, "busy/burst")
	b.ReportMetric(float64(answered)/k, "answered/burst")
	b.ReportMetric(float64(span.Milliseconds()), "send-span-ms")
	b.ReportMetric(float64(sent)/k, "sent/burst")
}

// BenchmarkGatewayOverloadBurst sends 800 interactions within 1 s through
// the fake Discord's gateway, each with a snowflake id of the moment it was
// sent, to a bot whose commands are CPU-heavy, with the default handler
// cap and queue; it reports how long after its creation each interaction's
// first response (answer, "thinking…" or busy) reached Discord. Discord
// drops an interaction not answered within 3 s: the goal is 0 late.
// Run one burst per iteration on 2 cores:
//
//	go test ./bot -run '^$' -bench OverloadBurst -benchtime 3x -cpu 2
func BenchmarkGatewayOverloadBurst(b *testing.B) {
	const n, span = 800, time.Second
	for _, cost := range []time.Duration{20 * time.Millisecond, 50 * time.Millisecond} {
		b.Run(fmt.Sprintf("burn%v", cost), func(b *testing.B) { burnBurst(b, n, span, cost) })
	}
	// Real questions through the question pipeline over the shared data
	// (tens of ms of CPU each), each a different one so that no cache
	// answers them.
	b.Run("ask", func(b *testing.B) {
		var all []*burstResult
		questions := []string{
			"can a creature with deathtouch and trample assign 1 damage to the blocker and the rest to the player?",
			"if my opponent controls a creature with hexproof can I target it with my aura?",
			"does a token copy of a legendary creature die to the legend rule?",
			"what happens to the counters on a creature when it phases out and back in?",
		}
		for b.Loop() {
			f := newFakeDiscord(b, 1)
			g := &Gateway{
				Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
				Dispatcher:    &Dispatcher{Router: testrouter.Full(b)},
				ShutdownGrace: time.Minute,
				Log:           burstLog,
			}
			k := 0
			res := runBurst(b, f, g, n, span, time.Minute, nil, func(id string) []byte {
				k++
				return interactionJSON(id, "ask", "question", fmt.Sprintf("%s (%d)", questions[k%len(questions)], k))
			})
			checkEveryoneOnce(b, res)
			all = append(all, res)
		}
		reportBurst(b, all)
	})
}

// burnBurst is one overload burst whose admitted commands each spend cost
// of CPU.
func burnBurst(b *testing.B, n int, span, cost time.Duration) {
	mw := burn(cost)
	var all []*burstResult
	for b.Loop() {
		f := newFakeDiscord(b, 1)
		g := &Gateway{
			Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
			Dispatcher:    &Dispatcher{Router: using(testRouter(b, commands.Deps{}), mw)},
			ShutdownGrace: time.Minute,
			Log:           burstLog,
		}
		res := runBurst(b, f, g, n, span, time.Minute, nil, func(id string) []byte {
			return interactionJSON(id, "rule", "number", "302.6")
		})
		checkEveryoneOnce(b, res)
		all = append(all, res)
	}
	reportBurst(b, all)
}

// burstLog shows the gateway's warnings (failed callbacks and follow-ups)
// during a burst; its routine lines are left out.
var burstLog = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
