package session

import (
	"context"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// testNotify checks the Notifier contract between two instances sharing a
// backend: a value one publishes reaches the other's subscription and is
// left at the key for Get; a subscription ends with its context.
func testNotify(t *testing.T, a, b Store) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got, err := b.Subscribe(ctx, "data:version")
	if err != nil {
		t.Fatal(err)
	}
	other, err := b.Subscribe(ctx, "data:other")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Publish(ctx, "data:version", []byte("2026-04-17")); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-got:
		if string(v) != "2026-04-17" {
			t.Fatalf("received %q, want 2026-04-17", v)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the other instance did not receive the published value")
	}
	select {
	case v := <-other:
		t.Fatalf("a subscriber of another key received %q", v)
	default:
	}
	for _, s := range []Store{a, b} {
		v, ok, err := s.Get(ctx, "data:version")
		if err != nil || !ok || string(v) != "2026-04-17" {
			t.Fatalf("Get after Publish = %q, %v, %v", v, ok, err)
		}
	}
	cancel()
	select {
	case _, open := <-got:
		for open {
			_, open = <-got
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the subscription did not end with its context")
	}
}

func TestMemoryNotify(t *testing.T) {
	m := NewMemory()
	defer m.Close()
	testNotify(t, m, m)
}

// TestRedisNotify: two clients on one real Redis, as two instances are.
func TestRedisNotify(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	open := func() *Redis {
		r, err := NewRedis(relaxed(RedisConfig{Addrs: []string{addr}, Prefix: prefix}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return r
	}
	a, b := open(), open()
	testNotify(t, a, b)
	// Another prefix is another deployment: it hears nothing.
	c, err := NewRedis(relaxed(RedisConfig{Addrs: []string{addr}, Prefix: redistest.Prefix(t, addr)}))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard, err := c.Subscribe(ctx, "data:version")
	if err != nil {
		t.Fatal(err)
	}
	mine, err := b.Subscribe(ctx, "data:version")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Publish(ctx, "data:version", []byte("2026-05-01")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-mine:
	case <-time.After(10 * time.Second):
		t.Fatal("the same deployment did not receive the value")
	}
	select {
	case v := <-heard:
		t.Fatalf("an instance under another prefix received %q", v)
	default:
	}
}
