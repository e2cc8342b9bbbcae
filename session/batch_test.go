package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// TestAdmitBatchedUnderLoad: concurrent admissions travel in shared
// pipelines, yet each keeps its own meaning. 300 calls for one user with a
// limit of 200 allow exactly 200; 300 deliveries of 100 interactions (each
// sent three times) are admitted exactly once each.
func TestAdmitBatchedUnderLoad(t *testing.T) {
	s := openRedis(t).(*Redis)
	ctx := context.Background()
	var allowed, first atomic.Int32
	var wg sync.WaitGroup
	for i := range 300 {
		wg.Go(func() {
			ad, err := s.Admit(ctx, fmt.Sprintf("interaction:%d", i), time.Minute, "rate:one", 200, time.Minute)
			if err != nil {
				t.Errorf("Admit: %v", err)
			}
			if ad.Allowed {
				allowed.Add(1)
			}
		})
		wg.Go(func() {
			ad, err := s.Admit(ctx, fmt.Sprintf("interaction:dup%d", i%100), time.Minute, "", 0, time.Minute)
			if err != nil {
				t.Errorf("Admit: %v", err)
			}
			if ad.First {
				first.Add(1)
			}
		})
	}
	wg.Wait()
	if n := allowed.Load(); n != 200 {
		t.Errorf("%d of 300 events allowed under a limit of 200", n)
	}
	if n := first.Load(); n != 100 {
		t.Errorf("%d first deliveries of 100 interactions sent 3 times each", n)
	}
}

// TestAdmitAfterScriptFlush: a server that lost its script cache (restart,
// SCRIPT FLUSH) answers NOSCRIPT; the batch sends the script again and the
// calls succeed, each run once.
func TestAdmitAfterScriptFlush(t *testing.T) {
	srv := redistest.Start(t)
	s, err := NewRedis(relaxed(RedisConfig{Addrs: []string{srv.Addr}}))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	admitAll := func(round int) {
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				ad, err := s.Admit(ctx, fmt.Sprintf("interaction:%d:%d", round, i), time.Minute, "rate:flush", 1000, time.Minute)
				if err != nil || !ad.First || !ad.Allowed {
					t.Errorf("round %d: Admit = %+v, %v", round, ad, err)
				}
			})
		}
		wg.Wait()
	}
	admitAll(1)
	c := redis.NewClient(&redis.Options{Addr: srv.Addr, DisableIdentity: true})
	defer c.Close()
	if err := c.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	admitAll(2)
	// Each call counted once: 40 events, none run twice by the resend.
	n, err := c.Get(ctx, s.redisKey("rate:flush", suffixRate)).Int()
	if err != nil || n != 40 {
		t.Errorf("rate counter = %d, %v; want 40", n, err)
	}
}

// TestAdmitCloseWhileWaiting: Close does not hang on callers in flight,
// and later calls fail with ErrUnavailable.
func TestAdmitCloseWhileWaiting(t *testing.T) {
	s := openRedis(t).(*Redis)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			_, err := s.Admit(ctx, fmt.Sprintf("interaction:c%d", i), time.Minute, "rate:c", 100, time.Minute)
			if err != nil && !errors.Is(err, ErrUnavailable) {
				t.Errorf("Admit during Close: %v", err)
			}
		})
	}
	s.Close()
	wg.Wait()
	if _, err := s.Admit(ctx, "interaction:after", time.Minute, "rate:c", 100, time.Minute); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Admit after Close: %v, want ErrUnavailable", err)
	}
}
