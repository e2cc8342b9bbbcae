package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// TestCallbacksIgnoreTheGlobalRateLimit: a global 429 on a bot request (a
// watched-channel reply) makes discordgo hold every later request for the
// 30 s of the limit; interaction callbacks are not under that limit and
// still arrive at once.
func TestCallbacksIgnoreTheGlobalRateLimit(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g, _, _ := startGateway(t, f, nil)
	f.mu.Lock()
	f.globalLimited = true
	f.mu.Unlock()
	if _, err := g.shards[0].rest.ChannelMessageSend("600", "a watched-channel reply"); err == nil {
		t.Fatal("the fake's global 429 did not reach the REST session")
	}
	for i := 0; i < 3; i++ {
		id := freshID(i)
		f.send(0, interactionJSON(id, "rule", "number", "302.6"))
		// await gives up after 5 s, long before the 30 s limit ends.
		if resp := f.await(t, id); resp.Data == nil || resp.Data.Embeds[0].Title != "Rule 302.6" {
			t.Errorf("callback %d: %+v", i, resp)
		}
	}
}

// TestCallbackRetriesWithinTheWindow: a callback answered 429 with a short
// retry_after, or 500, is sent again and lands; a retry_after past the
// 3 s window is not waited for.
func TestCallbackRetriesWithinTheWindow(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g, logs, _ := startGateway(t, f, nil)
	f.mu.Lock()
	f.retryAfter = 0.3
	limited, failed, hopeless := freshID(1), freshID(2), freshID(3)
	f.callbackFail[limited] = []int{http.StatusTooManyRequests}
	f.callbackFail[failed] = []int{http.StatusInternalServerError, http.StatusBadGateway}
	f.mu.Unlock()
	f.send(0, interactionJSON(limited, "rule", "number", "302.6"))
	f.await(t, limited)
	f.send(0, interactionJSON(failed, "rule", "number", "302.6"))
	f.await(t, failed)
	f.mu.Lock()
	if f.attempts[limited] != 2 || f.attempts[failed] != 3 {
		t.Errorf("attempts: %d after a 429, %d after 500 and 502; want 2 and 3", f.attempts[limited], f.attempts[failed])
	}
	f.retryAfter = 5
	f.callbackFail[hopeless] = []int{http.StatusTooManyRequests}
	f.mu.Unlock()
	f.send(0, interactionJSON(hopeless, "rule", "number", "302.6"))
	logs.await(t, 1, "level=WARN", "interaction response failed", hopeless, "429")
	f.mu.Lock()
	if f.attempts[hopeless] != 1 {
		t.Errorf("a 429 with retry_after 5 s was retried (%d attempts)", f.attempts[hopeless])
	}
	f.mu.Unlock()
	if st := g.Stats(); st.CallbackRetries != 3 || st.CallbackFailures != 1 {
		t.Errorf("stats: %d retries, %d failures; want 3 and 1", st.CallbackRetries, st.CallbackFailures)
	}
}

// TestHungCallbackIsLogged: a callback Discord never answers is given up
// when the interaction's 3 s window ends (not after a 20 s client
// timeout), and logged.
func TestHungCallbackIsLogged(t *testing.T) {
	f := newFakeDiscord(t, 1)
	_, logs, _ := startGateway(t, f, nil)
	id := freshID(1)
	f.mu.Lock()
	f.callbackFail[id] = []int{-1}
	f.mu.Unlock()
	f.send(0, interactionJSON(id, "rule", "number", "302.6"))
	select {
	case got := <-f.hung:
		if got != id {
			t.Fatalf("hung callback %s, want %s", got, id)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the bot still waits for a hung callback after 5 s")
	}
	logs.await(t, 1, "level=WARN", "interaction response failed", id, "not answered before the interaction's window ended")
}

// TestCallbackDeadlineFollowsTheInteraction: the first response is due 3 s
// after the interaction was created (its snowflake), kept between 750 ms
// and 3 s from now when the clocks disagree.
func TestCallbackDeadlineFollowsTheInteraction(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	c := &callbacks{window: interactionWindow, now: func() time.Time { return now }}
	id := func(created time.Time) string {
		return fmt.Sprint(uint64(created.UnixMilli()-discordEpoch) << 22)
	}
	for _, tc := range []struct {
		id   string
		want time.Duration
	}{
		{id(now.Add(-time.Second)), 2 * time.Second},
		{id(now), 3 * time.Second},
		{id(now.Add(-10 * time.Second)), 750 * time.Millisecond},
		{id(now.Add(10 * time.Second)), 3 * time.Second},
		{"not-a-snowflake", 3 * time.Second},
	} {
		if got := c.responseDeadline(tc.id).Sub(now); got != tc.want {
			t.Errorf("deadline of %s: %v from now, want %v", tc.id, got, tc.want)
		}
	}
}

// deferredGateway is a gateway whose /rule answers take longer than the
// deferral, so they arrive as follow-ups.
func deferredGateway(t *testing.T, f *fakeDiscord, delay time.Duration, mod func(*Gateway)) (*Gateway, *logBuf) {
	g, logs, _ := startGateway(t, f, func(g *Gateway) {
		g.Dispatcher = &Dispatcher{Router: using(testRouter(t, commands.Deps{}), slow(delay)), DeferAfter: 20 * time.Millisecond}
		if mod != nil {
			mod(g)
		}
	})
	return g, logs
}

func (f *fakeDiscord) awaitHook(t *testing.T) string {
	t.Helper()
	select {
	case m := <-f.hooked:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no follow-up")
	}
	return ""
}

// TestFollowUpRetriedThenUserTold: a deferred answer whose edit fails with
// 500 and 502 is sent again and lands; when every edit fails the user gets
// an ephemeral follow-up saying the answer was not delivered, instead of
// "thinking…" forever.
func TestFollowUpRetriedThenUserTold(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g, logs := deferredGateway(t, f, 100*time.Millisecond, nil)
	f.mu.Lock()
	f.webhookFail[http.MethodPatch] = []int{500, 502}
	f.mu.Unlock()
	id := freshID(1)
	f.send(0, interactionJSON(id, "rule", "number", "302.6"))
	if resp := f.await(t, id); resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first response type %d, want a deferral", resp.Type)
	}
	if m := f.awaitHook(t); m != http.MethodPatch {
		t.Fatalf("follow-up %s, want PATCH", m)
	}
	f.mu.Lock()
	edit := f.webhooks[0]
	f.webhookFail[http.MethodPatch] = []int{500, 500, 500, 500, 500, 500, 500, 500}
	f.mu.Unlock()
	if !strings.Contains(edit, "Rule 302.6") {
		t.Errorf("edit after retries: %s", edit)
	}

	id2 := freshID(2)
	f.send(0, interactionJSON(id2, "rule", "number", "302.6"))
	f.await(t, id2)
	if m := f.awaitHook(t); m != http.MethodPost {
		t.Fatalf("follow-up %s, want the POST that tells the user", m)
	}
	f.mu.Lock()
	notice := f.webhooks[1]
	f.mu.Unlock()
	if !strings.HasPrefix(notice, "POST /api/v9/webhooks/900/tok-"+id2+" ") || !strings.Contains(notice, "Answer not delivered") || !strings.Contains(notice, `"flags":64`) {
		t.Errorf("notice %s", notice)
	}
	logs.await(t, 1, "level=WARN", "deferred answer failed", id2, "the user was told")
	if st := g.Stats(); st.FollowUpRetries != 2+6 || st.FollowUpFailures != 1 {
		t.Errorf("stats: %d follow-up retries, %d failures; want 8 and 1", st.FollowUpRetries, st.FollowUpFailures)
	}
}

// TestRegistrationRetriesAndClassifies: a 500 on registration is retried;
// 500s past the retries make Open fail with a TransientError (its own exit
// code, not bad usage); 401 is a RefusedError; a 429 wait ends when the
// context does (SIGTERM).
func TestRegistrationRetriesAndClassifies(t *testing.T) {
	open := func(f *fakeDiscord, ctx context.Context) error {
		g := &Gateway{Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
			Dispatcher: &Dispatcher{Router: testRouter(t, commands.Deps{})},
			Log:        slog.New(slog.NewTextHandler(&logBuf{}, nil)),
			retryPause: func(int) time.Duration { return 10 * time.Millisecond }}
		err := g.Open(ctx)
		g.Close()
		return err
	}
	t.Run("500 once", func(t *testing.T) {
		f := newFakeDiscord(t, 1)
		f.regFail = []int{500}
		if err := open(f, context.Background()); err != nil {
			t.Fatalf("Open: %v", err)
		}
		if f.regPath == "" {
			t.Error("not registered")
		}
	})
	t.Run("500 always", func(t *testing.T) {
		f := newFakeDiscord(t, 1)
		f.regFail = []int{500, 500, 500, 500, 500, 500}
		var te *TransientError
		if err := open(f, context.Background()); !errors.As(err, &te) {
			t.Fatalf("Open: %v, want a TransientError", err)
		}
	})
	t.Run("401", func(t *testing.T) {
		f := newFakeDiscord(t, 1)
		f.regFail = []int{401}
		var re *RefusedError
		if err := open(f, context.Background()); !errors.As(err, &re) || re.Code != 401 {
			t.Fatalf("Open: %v, want a RefusedError 401", err)
		}
	})
	t.Run("429 then cancel", func(t *testing.T) {
		f := newFakeDiscord(t, 1)
		f.regFail = []int{429}
		f.regRetryAfter = 30
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- open(f, ctx) }()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("Open: %v, want context.Canceled", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Open still waits out the 30 s retry_after after its context ended")
		}
	})
}

// TestCallbacksKeepNoStatePerInteraction: 5,000 callbacks, each to its
// own URL, leave the heap as it was (discordgo keeps a rate-limit bucket
// per URL: about 460 bytes per callback, forever).
func TestCallbacksKeepNoStatePerInteraction(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer srv.Close()
	if err := SetAPIBase(srv.URL); err != nil {
		t.Fatal(err)
	}
	defer SetAPIBase("https://discord.com")
	const n = 5000
	retained := callbackRetained(t, n, func(in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
		return cbForTest().respond(context.Background(), in, resp)
	})
	if per := retained / n; per > 100 {
		t.Errorf("%d bytes retained per callback, want none", per)
	}
}

var (
	sharedCB     *callbacks
	sharedCBOnce sync.Once
)

func cbForTest() *callbacks {
	sharedCBOnce.Do(func() { sharedCB = newCallbacks(nil, slog.New(slog.NewTextHandler(&logBuf{}, nil)), &gatewayStats{}) })
	return sharedCB
}

// callbackRetained sends n callbacks with distinct ids and tokens through
// send, 8 at a time, and returns the live heap's growth in bytes.
func callbackRetained(tb testing.TB, n int, send func(*discordgo.Interaction, *discordgo.InteractionResponse) error) int64 {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "ok"}}
	// Warm up connections and pools before measuring.
	for i := 0; i < 16; i++ {
		send(&discordgo.Interaction{ID: fmt.Sprint("warm", i), Token: "t"}, resp)
	}
	heap := func() int64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	before := heap()
	var wg sync.WaitGroup
	ids := make(chan int)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ids {
				in := &discordgo.Interaction{ID: freshID(i), Token: fmt.Sprintf("aW50ZXJhY3Rpb246%040d", i)}
				if err := send(in, resp); err != nil {
					tb.Errorf("callback %d: %v", i, err)
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		ids <- i
	}
	close(ids)
	wg.Wait()
	after := heap()
	// send holds the client under test (and its state) alive until
	// measured.
	runtime.KeepAlive(send)
	return after - before
}

// BenchmarkCallbackMemory: the heap kept per 100k callbacks, through
// discordgo's InteractionRespond and through the gateway's own client.
// go test ./bot -run '^$' -bench CallbackMemory -benchtime 100000x
func BenchmarkCallbackMemory(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer srv.Close()
	if err := SetAPIBase(srv.URL); err != nil {
		b.Fatal(err)
	}
	defer SetAPIBase("https://discord.com")
	b.Run("discordgo", func(b *testing.B) {
		s, _ := discordgo.New("Bot tok")
		retained := callbackRetained(b, b.N, func(in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
			return s.InteractionRespond(in, resp, discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0))
		})
		b.ReportMetric(float64(retained)*100000/float64(b.N)/(1<<20), "MB-kept/100k")
	})
	b.Run("callbacks", func(b *testing.B) {
		retained := callbackRetained(b, b.N, func(in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
			return cbForTest().respond(context.Background(), in, resp)
		})
		b.ReportMetric(float64(retained)*100000/float64(b.N)/(1<<20), "MB-kept/100k")
	})
}
