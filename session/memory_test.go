package session

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

func openMemory(t *testing.T) Store {
	m := NewMemory()
	t.Cleanup(func() { m.Close() })
	return m
}

func TestMemoryStore(t *testing.T) {
	runStoreSuite(t, openMemory)
}

// TestMemorySweepDropsExpired checks that expired entries do not pile up
// when nothing touches them again (paging state for answers nobody pages).
func TestMemorySweepDropsExpired(t *testing.T) {
	m := NewMemory()
	defer m.Close()
	ctx := context.Background()
	for i := range 100 {
		if err := m.Put(ctx, fmt.Sprintf("page:%d", i), []byte("v"), 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Put(ctx, "page:keep", []byte("v"), time.Hour); err != nil {
		t.Fatal(err)
	}
	time.Sleep(60 * time.Millisecond)
	m.sweep()
	m.mu.Lock()
	n := len(m.entries)
	m.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d entries after the sweep, want 1 (the unexpired one)", n)
	}
}

// TestMemoryRaceWithSweep runs writers, readers and sweeps together so the
// race detector sees every path that touches the map.
func TestMemoryRaceWithSweep(t *testing.T) {
	m := NewMemory()
	defer m.Close()
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 200 {
				key := fmt.Sprintf("scenario:%d", i%5)
				m.AppendAndList(ctx, key, []string{"x"}, time.Millisecond, "")
				m.Lines(ctx, key, time.Millisecond)
				m.PopAndList(ctx, key, time.Millisecond)
				m.Peek(ctx, key, key)
				m.Put(ctx, key, []byte{byte(w)}, time.Millisecond)
				m.Get(ctx, key)
				m.Admit(ctx, key, time.Millisecond, key, 3, time.Millisecond)
				if i%50 == 0 {
					m.Apply(ctx, Batch{Delete: []string{key}, Put: []Entry{{Key: key, Value: []byte{byte(w)}, TTL: time.Millisecond}}})
					m.sweep()
					m.Len()
				}
			}
		})
	}
	wg.Wait()
}

func TestMemoryCloseIdempotent(t *testing.T) {
	m := NewMemory()
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}
