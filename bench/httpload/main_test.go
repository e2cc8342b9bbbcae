package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/bench/interact"
)

const seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"

// fakeEndpoint verifies signatures like `arbiter http` and answers by
// interaction type; big answers go out chunked, small ones with a length,
// and every tenth connection is closed after its answer, so the raw client
// meets each case.
func fakeEndpoint(t *testing.T, pub ed25519.PublicKey, served *atomic.Int64) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
		ts := r.Header.Get("X-Signature-Timestamp")
		if !ed25519.Verify(pub, append([]byte(ts), body...), sig) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		n := served.Add(1)
		var in struct {
			Type int `json:"type"`
		}
		json.Unmarshal(body, &in)
		if n%10 == 0 {
			w.Header().Set("Connection", "close")
		}
		switch in.Type {
		case interact.TypePing:
			w.Write([]byte(`{"type":1}`))
		case interact.TypeAutocomplete:
			w.Write([]byte(`{"type":8,"data":{"choices":[]}}`))
		default:
			if strings.Contains(string(body), `"ephemeral-please"`) {
				w.Write([]byte(`{"type":4,"data":{"flags":64,"embeds":[{"title":"Slow down a little"}]}}`))
				return
			}
			w.Write([]byte(`{"type":4,"data":{"content":"` + strings.Repeat("x", 10000) + `"}}`))
			w.(http.Flusher).Flush() // forces chunked encoding
		}
	}))
}

func TestRawPosterAgainstEndpoint(t *testing.T) {
	signer, _ := interact.NewSigner(seed)
	var served atomic.Int64
	srv := fakeEndpoint(t, signer.Key.Public().(ed25519.PublicKey), &served)
	defer srv.Close()
	p, err := newRawPoster(srv.URL+"/", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	run := &runner{url: srv.URL, signer: signer, kinds: []kind{{"rule", 1}, {"complete", 1}, {"ping", 1}, {"scenario", 1}}, users: 10, runID: "t"}
	for i := range 100 {
		if s := run.send(p, run.make(i)); s.errKind != "" {
			t.Fatalf("unit %d (%s): %s", i, s.kind, s.errKind)
		}
	}
	if served.Load() < 100 {
		t.Fatalf("server saw %d requests", served.Load())
	}
	// Error classes: an ephemeral answer to a command, a bad signature.
	at := interact.Where{Guild: "g", Channel: "c", User: "u"}
	eph := signer.Presign(interact.Command("e1", at, "rule", interact.Str("number", "ephemeral-please")))
	if got := run.expect(p, eph, 4); got != "rate limited" {
		t.Fatalf("ephemeral 'Slow down' answer classified %q, want rate limited", got)
	}
	bad := signer.Presign(interact.Command("b1", at, "rule", interact.Str("number", "302.6")))
	bad.Timestamp = "1"
	if got := run.expect(p, bad, 4); got != "http 401" {
		t.Fatalf("bad signature classified %q, want http 401", got)
	}
	if got := run.expect(p, signer.Presign(interact.Ping("p1")), 4); got != "type 1" {
		t.Fatalf("wrong response type classified %q", got)
	}
}

func TestParseMix(t *testing.T) {
	got, err := parseMix("rule:70, define:15,complete,scenario:0")
	if err != nil {
		t.Fatal(err)
	}
	want := []kind{{"rule", 70}, {"define", 15}, {"complete", 1}}
	if len(got) != len(want) {
		t.Fatalf("parseMix = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("parseMix = %v, want %v", got, want)
		}
	}
	for _, bad := range []string{"", "bogus:1", "rule:-1", "rule:x", "rule:0"} {
		if _, err := parseMix(bad); err == nil {
			t.Errorf("parseMix(%q) accepted", bad)
		}
	}
}

func TestPercentiles(t *testing.T) {
	var lat []time.Duration
	for i := 1; i <= 100; i++ {
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	for p, want := range map[int]string{50: "50.00ms", 99: "99.00ms", 100: "100.00ms"} {
		if got := pct(lat, p); got != want {
			t.Errorf("p%d = %s, want %s", p, got, want)
		}
	}
	if got := pct([]time.Duration{500 * time.Microsecond}, 99); got != "500µs" {
		t.Errorf("p99 of one 500µs sample = %s", got)
	}
	if got := pct(nil, 50); got != "-" {
		t.Errorf("p50 of nothing = %s", got)
	}
}
