package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/session"
)

// signer signs requests the way Discord does: Ed25519 over
// timestamp + body, hex in X-Signature-Ed25519.
type signer struct {
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey
}

func newSigner(t *testing.T) signer {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return signer{pub, priv}
}

func (s signer) request(t *testing.T, url string, body []byte, ts time.Time) *http.Request {
	t.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(s.priv, append([]byte(stamp), body...))
	r, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	return r
}

func recorded(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "interactions", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// counter counts the requests that reach the handlers, so tests can
// assert that rejected requests were never processed.
type counter struct {
	mu      sync.Mutex
	handled int
}

func (c *counter) middleware(next commands.Handler) commands.Handler {
	return func(ctx context.Context, req commands.Request) commands.Reply {
		c.mu.Lock()
		c.handled++
		c.mu.Unlock()
		return next(ctx, req)
	}
}

func (c *counter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.handled
}

func TestHTTPInteractions(t *testing.T) {
	key := newSigner(t)
	router := &counter{}
	routed := using(testRouter(t, commands.Deps{}), router.middleware)
	h := &Interactions{Dispatcher: &Dispatcher{Router: routed, DeferAfter: 2 * time.Second}, PublicKey: key.pub, MaxBody: 64 << 10, MaxSkew: 5 * time.Minute}
	srv := httptest.NewServer(h)
	defer srv.Close()
	now := time.Now()
	other := newSigner(t)

	type result struct {
		status int
		resp   discordgo.InteractionResponse
	}
	do := func(r *http.Request) result {
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var out result
		out.status = res.StatusCode
		if res.StatusCode == 200 {
			if err := json.Unmarshal(b, &out.resp); err != nil {
				t.Fatalf("response %s: %v", b, err)
			}
		}
		return out
	}
	big := append(recorded(t, "rule_command.json"), bytes.Repeat([]byte(" "), 64<<10)...)
	tests := []struct {
		name      string
		req       *http.Request
		status    int
		processed bool
		check     func(t *testing.T, r discordgo.InteractionResponse)
	}{
		{
			name: "ping answers pong", req: key.request(t, srv.URL, recorded(t, "ping.json"), now), status: 200,
			check: func(t *testing.T, r discordgo.InteractionResponse) {
				if r.Type != discordgo.InteractionResponsePong {
					t.Errorf("type %d, want 1 (PONG)", r.Type)
				}
			},
		},
		{
			name: "good command answers in the body", req: key.request(t, srv.URL, recorded(t, "rule_command.json"), now), status: 200, processed: true,
			check: func(t *testing.T, r discordgo.InteractionResponse) {
				if r.Type != discordgo.InteractionResponseChannelMessageWithSource || len(r.Data.Embeds) != 1 {
					t.Fatalf("response %+v", r)
				}
				e := r.Data.Embeds[0]
				if e.Title != "Rule 302.6" || !strings.Contains(e.Description, "summoning sickness") || e.URL != "https://yawgatog.com/resources/magic-rules/#R3026" {
					t.Errorf("embed %+v", e)
				}
				if r.Data.AllowedMentions == nil || len(r.Data.AllowedMentions.Parse) != 0 {
					t.Errorf("allowed mentions %+v", r.Data.AllowedMentions)
				}
			},
		},
		{
			name: "autocomplete", req: key.request(t, srv.URL, recorded(t, "rule_autocomplete.json"), now), status: 200, processed: true,
			check: func(t *testing.T, r discordgo.InteractionResponse) {
				if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(r.Data.Choices) == 0 || len(r.Data.Choices) > 25 {
					t.Fatalf("response %+v", r)
				}
				found := false
				for _, c := range r.Data.Choices {
					found = found || c.Value == "704.5k"
				}
				if !found {
					t.Errorf("704.5 choices lack 704.5k")
				}
			},
		},
		{
			name: "unknown command answers an ephemeral error", req: key.request(t, srv.URL, recorded(t, "unknown_command.json"), now), status: 200, processed: true,
			check: func(t *testing.T, r discordgo.InteractionResponse) {
				if r.Data == nil || r.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(r.Data.Embeds[0].Description, "/help") {
					t.Errorf("response %+v", r.Data)
				}
			},
		},
		{name: "signed by another key", req: other.request(t, srv.URL, recorded(t, "rule_command.json"), now), status: 401},
		{name: "body changed after signing", req: func() *http.Request {
			r := key.request(t, srv.URL, recorded(t, "rule_command.json"), now)
			body := bytes.Replace(recorded(t, "rule_command.json"), []byte("302.6"), []byte("302.7"), 1)
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
			return r
		}(), status: 401},
		{name: "no signature", req: func() *http.Request {
			r := key.request(t, srv.URL, recorded(t, "rule_command.json"), now)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}(), status: 401},
		{name: "stale timestamp with a genuine signature", req: key.request(t, srv.URL, recorded(t, "rule_command.json"), now.Add(-6*time.Minute)), status: 401},
		{name: "timestamp from the future", req: key.request(t, srv.URL, recorded(t, "rule_command.json"), now.Add(10*time.Minute)), status: 401},
		{name: "oversized body", req: key.request(t, srv.URL, big, now), status: 413},
		{name: "oversized body without length", req: func() *http.Request {
			r := key.request(t, srv.URL, big, now)
			r.ContentLength = -1
			r.Body = io.NopCloser(bytes.NewReader(big))
			return r
		}(), status: 413},
		{name: "malformed JSON", req: key.request(t, srv.URL, []byte(`{"type":2,"data":`), now), status: 400},
		{name: "JSON without a type", req: key.request(t, srv.URL, []byte(`{"id":"1"}`), now), status: 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := router.count()
			got := do(tc.req)
			if got.status != tc.status {
				t.Fatalf("status %d, want %d", got.status, tc.status)
			}
			if processed := router.count() > before; processed != tc.processed {
				t.Errorf("processed = %v, want %v", processed, tc.processed)
			}
			if tc.check != nil {
				tc.check(t, got.resp)
			}
		})
	}
	t.Run("GET is refused", func(t *testing.T) {
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("status %d", res.StatusCode)
		}
	})
}

// TestHTTPDuplicateDelivery: the same interaction delivered twice (two
// instances, or a retry) is answered once.
func TestHTTPDuplicateDelivery(t *testing.T) {
	key := newSigner(t)
	store := session.NewMemory()
	h := &Interactions{Dispatcher: &Dispatcher{Router: testRouter(t, commands.Deps{Store: store})}, PublicKey: key.pub}
	srv := httptest.NewServer(h)
	defer srv.Close()
	var codes []int
	for i := 0; i < 2; i++ {
		res, err := http.DefaultClient.Do(key.request(t, srv.URL, recorded(t, "rule_command.json"), time.Now()))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		codes = append(codes, res.StatusCode)
	}
	if codes[0] != 200 || codes[1] != http.StatusConflict {
		t.Errorf("status codes %v, want [200 409]", codes)
	}
}

// slow answers after a delay, to force a deferral.
func slow(delay time.Duration) commands.Middleware {
	return func(next commands.Handler) commands.Handler {
		return func(ctx context.Context, req commands.Request) commands.Reply {
			time.Sleep(delay)
			return next(ctx, req)
		}
	}
}

// fakeWebhooks records the follow-up calls Discord would receive.
type fakeWebhooks struct {
	mu    sync.Mutex
	calls []string
}

func (f *fakeWebhooks) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.calls = append(f.calls, r.Method+" "+r.URL.Path+" "+string(b))
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method == http.MethodDelete {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	fmt.Fprint(w, `{"id":"5000","channel_id":"600","content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`)
}

func TestHTTPDefersSlowAnswers(t *testing.T) {
	discord := &fakeWebhooks{}
	fake := httptest.NewServer(discord)
	defer fake.Close()
	if err := SetAPIBase(fake.URL); err != nil {
		t.Fatal(err)
	}
	defer SetAPIBase("https://discord.com")
	rest, _ := discordgo.New("")
	key := newSigner(t)
	delivered := make(chan error, 1)
	h := &Interactions{
		Dispatcher: &Dispatcher{Router: using(testRouter(t, commands.Deps{}), slow(300*time.Millisecond)), DeferAfter: 50 * time.Millisecond},
		PublicKey:  key.pub, REST: rest,
		delivered: func(err error) { delivered <- err },
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		file      string
		firstType discordgo.InteractionResponseType
		calls     []string // method and path of each follow-up call
		has       string
	}{
		// A command: deferred (5), then the original is edited.
		{"rule_command.json", discordgo.InteractionResponseDeferredChannelMessageWithSource,
			[]string{"PATCH /api/v9/webhooks/900/tok-rule/messages/@original"}, "summoning sickness"},
		// A button whose answer is a new private message: deferred update
		// (6), then an ephemeral follow-up.
		{"page_button.json", discordgo.InteractionResponseDeferredMessageUpdate,
			[]string{"POST /api/v9/webhooks/900/tok-btn"}, `"flags":64`},
		// An error to a command: the public placeholder is deleted and the
		// error follows privately.
		{"unknown_command.json", discordgo.InteractionResponseDeferredChannelMessageWithSource,
			[]string{"DELETE /api/v9/webhooks/900/tok-unknown/messages/@original", "POST /api/v9/webhooks/900/tok-unknown"}, "Unknown command"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			discord.mu.Lock()
			discord.calls = nil
			discord.mu.Unlock()
			res, err := http.DefaultClient.Do(key.request(t, srv.URL, recorded(t, tc.file), time.Now()))
			if err != nil {
				t.Fatal(err)
			}
			var first discordgo.InteractionResponse
			json.NewDecoder(res.Body).Decode(&first)
			res.Body.Close()
			if first.Type != tc.firstType {
				t.Fatalf("first response type %d, want %d", first.Type, tc.firstType)
			}
			select {
			case err := <-delivered:
				if err != nil {
					t.Fatalf("follow-up: %v", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("no follow-up")
			}
			discord.mu.Lock()
			defer discord.mu.Unlock()
			if len(discord.calls) != len(tc.calls) {
				t.Fatalf("webhook calls %q, want %q", discord.calls, tc.calls)
			}
			for i, want := range tc.calls {
				if !strings.HasPrefix(discord.calls[i], want+" ") {
					t.Errorf("call %d: %s, want %s", i, discord.calls[i], want)
				}
			}
			last := discord.calls[len(discord.calls)-1]
			if !strings.Contains(last, tc.has) || !strings.Contains(last, `"allowed_mentions":{"parse":[]`) {
				t.Errorf("follow-up body %s lacks %q or empty allowed mentions", last, tc.has)
			}
		})
	}
}

// FuzzInteractionsEndpoint sends arbitrary bodies and signature headers:
// nothing unsigned is ever answered with 200, and nothing panics.
func FuzzInteractionsEndpoint(f *testing.F) {
	pub, _, _ := ed25519.GenerateKey(nil)
	h := &Interactions{Dispatcher: &Dispatcher{Router: testRouter(f, commands.Deps{})}, PublicKey: pub}
	f.Add([]byte(`{"type":1}`), "00", "1700000000")
	f.Add(recorded(f, "rule_command.json"), strings.Repeat("ab", 64), "x")
	f.Fuzz(func(t *testing.T, body []byte, sig, ts string) {
		r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
		r.Header.Set("X-Signature-Ed25519", sig)
		r.Header.Set("X-Signature-Timestamp", ts)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code == http.StatusOK {
			t.Fatalf("unsigned request answered 200: %q", body)
		}
	})
}
