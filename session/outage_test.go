package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// lockedBuffer is a log sink safe for concurrent writers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// storeCalls is one call of every Store method (Admit with both keys and
// with each alone), and of the steps Admit takes on a cluster, for sweeping
// a store that should be failing.
func storeCalls(s *Redis) map[string]func(context.Context) error {
	return map[string]func(context.Context) error{
		"Lines": func(ctx context.Context) error { _, err := s.Lines(ctx, "scenario:c1", time.Hour); return err },
		"AppendAndList": func(ctx context.Context) error {
			_, err := s.AppendAndList(ctx, "scenario:c1", []string{"Ornithopter"}, time.Hour, "")
			return err
		},
		"PopAndList": func(ctx context.Context) error {
			_, _, _, err := s.PopAndList(ctx, "scenario:c1", time.Hour)
			return err
		},
		"Peek": func(ctx context.Context) error {
			_, _, err := s.Peek(ctx, "scenario:c1:u1", "scenario:c1", "scenario:c1:u1")
			return err
		},
		"Put": func(ctx context.Context) error { return s.Put(ctx, "page:1", []byte("p"), time.Minute) },
		"Get": func(ctx context.Context) error { _, _, err := s.Get(ctx, "page:1"); return err },
		"Apply": func(ctx context.Context) error {
			return s.Apply(ctx, Batch{Delete: []string{"scenario:c2"}, Put: []Entry{{Key: "scenario:c2:u1", Value: []byte("1"), TTL: time.Minute}}})
		},
		"Admit": func(ctx context.Context) error {
			_, err := s.Admit(ctx, "interaction:y", time.Minute, "rate:u", 100, time.Minute)
			return err
		},
		"Admit/claim": func(ctx context.Context) error { _, err := claimOnly(ctx, s, "interaction:x", time.Minute); return err },
		"Admit/count": func(ctx context.Context) error {
			_, _, err := countOnly(ctx, s, "rate:u", 100, time.Minute)
			return err
		},
		"claim step": func(ctx context.Context) error { _, err := s.claim(ctx, "interaction:z", time.Minute); return err },
		"allow step": func(ctx context.Context) error { _, _, err := s.allow(ctx, "rate:u", 100, time.Minute); return err },
		"Ping":       func(ctx context.Context) error { return s.Ping(ctx) },
	}
}

// TestRedisOutageAndRecovery kills a private redis-server in the middle of
// a run and starts it again on the same port. While it is down every call
// fails with ErrUnavailable in bounded time (the caller's Discord budget is
// 3 s) without panicking; once it is back the same store object works
// again without being rebuilt; the outage and the recovery are logged once
// each although many calls fail in between.
func TestRedisOutageAndRecovery(t *testing.T) {
	srv := redistest.Start(t)
	var logs lockedBuffer
	// Timeouts above the production defaults so that a loaded shared
	// machine does not fake extra outages while Redis is up; the bound
	// below is what matters: a dead Redis costs a call at most OpTimeout.
	s, err := NewRedis(RedisConfig{
		Addrs:       []string{srv.Addr},
		DialTimeout: time.Second, ReadTimeout: time.Second, WriteTimeout: time.Second,
		PoolTimeout: time.Second, OpTimeout: 2 * time.Second,
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.AppendAndList(ctx, "scenario:c1", []string{"Ornithopter"}, time.Hour, ""); err != nil {
		t.Fatalf("append before the outage: %v", err)
	}

	// Background traffic through the whole outage: every error must be
	// ErrUnavailable, and no call may hang.
	// OpTimeout plus generous slack for a loaded 2-core machine under -race;
	// a hang (a call waiting on a dead socket) would blow through it.
	const bound = 2*time.Second + 3*time.Second
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var calls, failures atomic.Int64
	var slowest atomic.Int64
	for w := range 8 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				began := time.Now()
				var err error
				switch (w + i) % 4 {
				case 0:
					_, err = s.AppendAndList(ctx, fmt.Sprintf("scenario:bg%d", w), []string{"x"}, time.Minute, "")
				case 1:
					_, err = claimOnly(ctx, s, fmt.Sprintf("interaction:bg%d-%d", w, i), time.Minute)
				case 2:
					_, _, err = countOnly(ctx, s, fmt.Sprintf("rate:bg%d", w), 1_000_000, time.Minute)
				case 3:
					_, err = s.Lines(ctx, fmt.Sprintf("scenario:bg%d", w), time.Minute)
				}
				took := time.Since(began)
				for {
					old := slowest.Load()
					if int64(took) <= old || slowest.CompareAndSwap(old, int64(took)) {
						break
					}
				}
				calls.Add(1)
				if err != nil {
					failures.Add(1)
					if !errors.Is(err, ErrUnavailable) {
						t.Errorf("background call failed without ErrUnavailable: %v", err)
					}
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
	time.Sleep(100 * time.Millisecond)

	srv.Stop()
	// Several sweeps: the first meets pooled connections the kill broke,
	// later ones meet the pool's failed-dial fast path.
	for round := range 3 {
		for name, call := range storeCalls(s) {
			began := time.Now()
			err := call(ctx)
			took := time.Since(began)
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("round %d: %s with Redis stopped: err %v, want ErrUnavailable", round, name, err)
			}
			if took > bound {
				t.Errorf("round %d: %s took %v with Redis stopped, want under %v", round, name, took, bound)
			}
		}
	}
	if s.Available() {
		t.Error("Available() = true with Redis stopped")
	}
	time.Sleep(300 * time.Millisecond) // let the background traffic meet the outage too

	srv.Restart()
	// The same store object reconnects by itself.
	recovered := time.Now().Add(10 * time.Second)
	for s.Ping(ctx) != nil {
		if time.Now().After(recovered) {
			t.Fatal("store did not reconnect within 10 s of Redis coming back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The server kept nothing (no persistence): the scenario is gone, and
	// new sessions work end to end.
	if lines, err := s.Lines(ctx, "scenario:c1", time.Hour); err != nil || lines != nil {
		t.Fatalf("Lines after the restart = %q, %v; want nil, nil (fresh server)", lines, err)
	}
	if lines, err := s.AppendAndList(ctx, "scenario:c1", []string{"Ensoul Artifact", "Titanic Growth"}, time.Hour, ""); err != nil || len(lines) != 2 {
		t.Fatalf("AppendAndList after recovery = %q, %v", lines, err)
	}
	if ok, err := claimOnly(ctx, s, "interaction:after", time.Minute); err != nil || !ok {
		t.Fatalf("claim after recovery = %v, %v", ok, err)
	}
	if ok, _, err := countOnly(ctx, s, "rate:after", 1, time.Minute); err != nil || !ok {
		t.Fatalf("count after recovery = %v, %v", ok, err)
	}
	time.Sleep(200 * time.Millisecond) // background traffic succeeds again
	close(stop)
	wg.Wait()

	if !s.Available() {
		t.Error("Available() = false after recovery")
	}
	if d := time.Duration(slowest.Load()); d > bound {
		t.Errorf("slowest background call took %v, want under %v", d, bound)
	}
	if failures.Load() == 0 {
		t.Errorf("no background call failed in %d calls: the outage was not exercised", calls.Load())
	}
	out := logs.String()
	if n := strings.Count(out, "redis unavailable"); n != 1 {
		t.Errorf("outage logged %d times over %d failed calls, want once:\n%s", n, failures.Load(), out)
	}
	if n := strings.Count(out, "redis is back"); n != 1 {
		t.Errorf("recovery logged %d times, want once:\n%s", n, out)
	}
	t.Logf("%d background calls, %d failed during the outage, slowest %v", calls.Load(), failures.Load(), time.Duration(slowest.Load()))
}

// TestRedisUnreachableAtStart: a store built while Redis is down answers
// ErrUnavailable instead of failing construction, so the bot starts and
// look-ups work.
func TestRedisUnreachableAtStart(t *testing.T) {
	srv := redistest.Start(t)
	srv.Stop()
	s, err := NewRedis(RedisConfig{Addrs: []string{srv.Addr}, Logger: slog.New(slog.NewTextHandler(&lockedBuffer{}, nil))})
	if err != nil {
		t.Fatalf("NewRedis with Redis down: %v", err)
	}
	defer s.Close()
	if err := s.Ping(context.Background()); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Ping with Redis down: %v, want ErrUnavailable", err)
	}
	srv.Restart()
	deadline := time.Now().Add(10 * time.Second)
	for s.Ping(context.Background()) != nil {
		if time.Now().After(deadline) {
			t.Fatal("store never connected after Redis started")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRedisHealthLogging drives the health state directly: one outage and
// its recovery are logged once each, however many calls fail; a failure
// right after a recovery (a stale error from the pool) is not logged as a
// new outage, nor is its end.
func TestRedisHealthLogging(t *testing.T) {
	var logs lockedBuffer
	r := &Redis{log: slog.New(slog.NewTextHandler(&logs, nil))}
	boom := errors.New("dial tcp: connection refused")
	for range 100 {
		r.fail(monoNow(), boom)
	}
	if r.Available() {
		t.Fatal("Available after failures")
	}
	r.ok(monoNow())
	r.ok(monoNow())
	if !r.Available() {
		t.Fatal("not Available after a success")
	}
	r.fail(monoNow(), boom) // stale error inside the flap window
	r.ok(monoNow())
	// A failure of a call that started before the last flip is stale too.
	before := monoNow() - int64(time.Hour)
	r.fail(before, boom)
	if !r.Available() {
		t.Fatal("a call that started before the recovery flipped the state")
	}
	// A caller's own cancellation is not an outage.
	r.fail(monoNow(), context.Canceled)
	if !r.Available() {
		t.Fatal("context.Canceled counted as an outage")
	}
	out := logs.String()
	if strings.Count(out, "redis unavailable") != 1 || strings.Count(out, "redis is back") != 1 {
		t.Fatalf("want one outage and one recovery logged, got:\n%s", out)
	}
}

// TestRedisSlowServerTimesOut freezes Redis (SIGSTOP): sockets stay open
// but nothing answers, the case a connection-refused test does not cover.
// Every call must give up with ErrUnavailable by OpTimeout instead of
// waiting on the socket, and the store must work again once Redis thaws.
func TestRedisSlowServerTimesOut(t *testing.T) {
	srv := redistest.Start(t)
	const opTimeout = 600 * time.Millisecond
	s, err := NewRedis(RedisConfig{
		Addrs:       []string{srv.Addr},
		ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond,
		DialTimeout: 300 * time.Millisecond, PoolTimeout: 300 * time.Millisecond,
		OpTimeout: opTimeout,
		Logger:    slog.New(slog.NewTextHandler(&lockedBuffer{}, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.AppendAndList(ctx, "scenario:slow", []string{"Ornithopter"}, time.Hour, ""); err != nil {
		t.Fatal(err)
	}
	srv.Pause()
	// OpTimeout plus slack for a loaded machine; a call stuck on the
	// frozen socket would take forever.
	const bound = opTimeout + 3*time.Second
	for name, call := range storeCalls(s) {
		began := time.Now()
		err := call(ctx)
		took := time.Since(began)
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s with Redis frozen: err %v, want ErrUnavailable", name, err)
		}
		if took > bound {
			t.Errorf("%s with Redis frozen took %v, want under %v", name, took, bound)
		}
	}
	srv.Resume()
	deadline := time.Now().Add(10 * time.Second)
	for {
		lines, err := s.Lines(ctx, "scenario:slow", time.Hour)
		if err == nil {
			// The frozen server kept its data.
			if len(lines) != 1 || lines[0] != "Ornithopter" {
				t.Fatalf("lines after the thaw = %q, want [Ornithopter]", lines)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("store still failing 10 s after Redis thawed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The calls that timed out were written to the frozen server's socket
	// and may run when it thaws; a transaction runs whole or not at all, so
	// the swept scenario holds no part of an append: at most its one line.
	time.Sleep(200 * time.Millisecond)
	if lines, err := s.Lines(ctx, "scenario:c1", 0); err != nil || len(lines) > 1 || (len(lines) == 1 && lines[0] != "Ornithopter") {
		t.Fatalf("swept scenario after the thaw = %q, %v", lines, err)
	}
}

// TestRedisAppendRetryAfterLostReply: an append sent to a frozen Redis
// times out, but it sits in the server's socket and may run when Redis
// thaws: its outcome is unknown. Retried with the same idempotency key
// once Redis answers again, the scenario holds the line exactly once
// whichever way the first try went.
func TestRedisAppendRetryAfterLostReply(t *testing.T) {
	srv := redistest.Start(t)
	s, err := NewRedis(RedisConfig{
		Addrs:       []string{srv.Addr},
		ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond,
		DialTimeout: 300 * time.Millisecond, PoolTimeout: 300 * time.Millisecond,
		OpTimeout: 600 * time.Millisecond,
		Logger:    slog.New(slog.NewTextHandler(&lockedBuffer{}, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.AppendAndList(ctx, "scenario:lost", []string{"Ornithopter as O (new)"}, time.Hour, "i1"); err != nil {
		t.Fatal(err)
	}
	srv.Pause()
	if _, err := s.AppendAndList(ctx, "scenario:lost", []string{"cast Titanic Growth targeting O"}, time.Hour, "i2"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("append to a frozen Redis: %v, want ErrUnavailable", err)
	}
	srv.Resume()
	time.Sleep(300 * time.Millisecond) // let the thawed server run what it read
	deadline := time.Now().Add(10 * time.Second)
	for {
		lines, err := s.AppendAndList(ctx, "scenario:lost", []string{"cast Titanic Growth targeting O"}, time.Hour, "i2")
		if err == nil {
			if len(lines) != 2 || lines[1] != "cast Titanic Growth targeting O" {
				t.Fatalf("after the retry: %q, want the line once", lines)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("store still failing 10 s after Redis thawed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
