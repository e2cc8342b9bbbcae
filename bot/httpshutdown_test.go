package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// lockedLog is a log buffer safe for the server's goroutines.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// shutdownEndpoint starts an endpoint whose answers take delay (deferred
// after 50 ms) with follow-ups going to a fake Discord, served by
// ServeUntil until the returned cancel (SIGTERM) is called; mw run before
// each answer's delay.
func shutdownEndpoint(t *testing.T, delay, grace time.Duration, mw ...commands.Middleware) (url string, key signer, discord *fakeWebhooks, sigterm context.CancelFunc, stopped chan error, log *lockedLog) {
	t.Helper()
	discord = &fakeWebhooks{}
	fake := httptest.NewServer(discord)
	t.Cleanup(fake.Close)
	if err := SetAPIBase(fake.URL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { SetAPIBase("https://discord.com") })
	rest, _ := discordgo.New("")
	key = newSigner(t)
	log = &lockedLog{}
	h := &Interactions{
		Dispatcher: &Dispatcher{Router: using(testRouter(t, commands.Deps{}), append(mw, slow(delay))...), DeferAfter: 50 * time.Millisecond},
		PublicKey:  key.pub, REST: rest, Log: slog.New(slog.NewTextHandler(log, nil)),
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped = make(chan error, 1)
	go func() { stopped <- h.ServeUntil(ctx, &http.Server{Handler: h}, ln, grace) }()
	t.Cleanup(cancel)
	return "http://" + ln.Addr().String(), key, discord, cancel, stopped, log
}

// postDeferred sends /rule 302.6 and checks its first response is a deferral.
func postDeferred(t *testing.T, url string, key signer) {
	t.Helper()
	res, err := http.DefaultClient.Do(key.request(t, url, recorded(t, "rule_command.json"), time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var first discordgo.InteractionResponse
	json.NewDecoder(res.Body).Decode(&first)
	if first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first response type %d, want a deferral", first.Type)
	}
}

func webhookCalls(d *fakeWebhooks) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.calls, "\n")
}

// SIGTERM with a deferred answer still being worked out: the server does
// not return until that answer has been delivered through the webhook
// (the grace is long enough), and it stopped accepting connections.
func TestHTTPShutdownDeliversDeferredAnswers(t *testing.T) {
	url, key, discord, sigterm, stopped, log := shutdownEndpoint(t, 400*time.Millisecond, 5*time.Second)
	postDeferred(t, url, key)
	sigterm()
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("ServeUntil: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeUntil did not return")
	}
	if calls := webhookCalls(discord); !strings.Contains(calls, "summoning sickness") {
		t.Errorf("when the server returned, the deferred answer was not delivered; webhook calls:\n%s", calls)
	}
	if _, err := http.Post(url, "application/json", strings.NewReader("{}")); err == nil {
		t.Error("the stopped server still accepts connections")
	}
	for _, step := range []string{"no longer accepting", "waiting for deferred answers", "every deferred answer delivered"} {
		if !strings.Contains(log.String(), step) {
			t.Errorf("log lacks %q:\n%s", step, log.String())
		}
	}
}

// A deferred answer not ready when the grace ends is replaced by a notice
// to ask again, delivered before the server returns.
func TestHTTPShutdownTellsUnfinishedUsers(t *testing.T) {
	url, key, discord, sigterm, stopped, log := shutdownEndpoint(t, 5*time.Second, 200*time.Millisecond)
	postDeferred(t, url, key)
	began := time.Now()
	sigterm()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("ServeUntil did not return")
	}
	if took := time.Since(began); took > 4*time.Second {
		t.Errorf("shutdown took %s with a 200ms grace", took)
	}
	if calls := webhookCalls(discord); !strings.Contains(calls, "Arbiter restarted") {
		t.Errorf("no notice to ask again; webhook calls:\n%s", calls)
	}
	if !strings.Contains(log.String(), "ask again") {
		t.Errorf("log lacks the abandonment step:\n%s", log.String())
	}
}

// A request still being read and answered when SIGTERM arrives gets its
// answer, not a closed connection.
func TestHTTPShutdownAnswersRequestsInFlight(t *testing.T) {
	// The request is in flight once the handler has it: SIGTERM then, not
	// at a guessed moment (a request still in the listener's queue when it
	// closes is refused, as it should be).
	began := make(chan struct{}, 1)
	url, key, _, sigterm, stopped, _ := shutdownEndpoint(t, 30*time.Millisecond, 5*time.Second, func(next commands.Handler) commands.Handler {
		return func(ctx context.Context, req commands.Request) commands.Reply {
			began <- struct{}{}
			return next(ctx, req)
		}
	})
	// The deferral timer is 50 ms; a 30 ms handler answers in the request.
	got := make(chan error, 1)
	go func() {
		res, err := http.DefaultClient.Do(key.request(t, url, recorded(t, "rule_command.json"), time.Now()))
		if err == nil {
			var first discordgo.InteractionResponse
			err = json.NewDecoder(res.Body).Decode(&first)
			res.Body.Close()
		}
		got <- err
	}()
	select {
	case <-began:
	case err := <-got:
		t.Fatalf("the request ended before its handler began: %v", err)
	}
	sigterm()
	if err := <-got; err != nil {
		t.Errorf("request in flight at SIGTERM: %v", err)
	}
	<-stopped
}
