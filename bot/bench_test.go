package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/session"
)

type alwaysFirst struct{ session.Store }

// Admit claims the key (as a new interaction would) and counts the event,
// then reports the claim as won whoever held it.
func (a alwaysFirst) Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (session.Admission, error) {
	a.Store.Admit(ctx, claimKey, claimTTL, "", 0, 0)
	ad, err := a.Store.Admit(ctx, "", 0, rateKey, limit, window)
	ad.First = true
	return ad, err
}

// BenchmarkHTTPInteraction is one signed /rule 302.6 through the endpoint
// handler: body read, Ed25519 verification, decoding, claim, rate limit,
// handler and rendering, with the in-memory store and no network.
func BenchmarkHTTPInteraction(b *testing.B) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	// Every iteration replays the same signed body; the store wrapper lets
	// each one claim the interaction id as if it were new.
	store := alwaysFirst{session.NewMemory()}
	h := &Interactions{Dispatcher: &Dispatcher{Router: testRouter(b, commands.Deps{Store: store, Limits: commands.Limits{Rate: 1 << 30, Window: time.Minute}})}, PublicKey: pub}
	body := recorded(b, "rule_command.json")
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	sig := hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...)))
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
		r.Header.Set("X-Signature-Ed25519", sig)
		r.Header.Set("X-Signature-Timestamp", stamp)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
}

func BenchmarkRenderPagedRule(b *testing.B) {
	r := testRouter(b, commands.Deps{})
	rep := r.Handle(context.Background(), req("rule", "number", "702"))
	b.ReportAllocs()
	for b.Loop() {
		Render(rep)
	}
}
