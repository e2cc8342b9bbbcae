package bot

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// waitShard polls g.Shards until shard 0's Ready is want.
func waitShard(t *testing.T, g *Gateway, want bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		sh := g.Shards()
		if len(sh) == 1 && sh[0].Ready == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("shards %+v, want shard 0 ready=%v", sh, want)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// TestShardStateFollowsTheConnection: a shard is ready once its session is
// identified, not ready while its connection is down, and ready again once
// resumed.
func TestShardStateFollowsTheConnection(t *testing.T) {
	if got := (&Gateway{}).Shards(); len(got) != 0 {
		t.Errorf("shards before Open: %+v", got)
	}
	f := newFakeDiscord(t, 1)
	g, logs, _ := startGateway(t, f, func(g *Gateway) {
		// Long enough to see the shard down between connections.
		g.reconnectWaitFunc = func(int) time.Duration { return 300 * time.Millisecond }
	})
	sh := g.Shards()
	if len(sh) != 1 || sh[0].ID != 0 || sh[0].Count != 1 || !sh[0].Ready {
		t.Fatalf("after Open: %+v, want shard 0 of 1 ready", sh)
	}
	f.dropConn(0)
	waitShard(t, g, false)
	f.awaitConns(t, 2)
	logs.await(t, 1, "reconnected")
	waitShard(t, g, true)
}

func TestInteractionsReadyz(t *testing.T) {
	var readyErr error
	h := &Interactions{Ready: func(context.Context) error { return readyErr }}
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, body := get("/readyz"); code != 200 || body != "ready\n" {
		t.Errorf("/readyz = %d %q, want 200 ready", code, body)
	}
	readyErr = errors.New("session store does not answer PING")
	if code, body := get("/readyz"); code != 503 || !strings.Contains(body, "PING") {
		t.Errorf("/readyz = %d %q, want 503 with the reason", code, body)
	}
	// /healthz says only that the process is up.
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("/healthz = %d while not ready; want 200", code)
	}
}
