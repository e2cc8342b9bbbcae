package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// openStore opens a fresh, empty store for one subtest; cleanup is
// registered on t.
type openStore func(t *testing.T) Store

// runStoreSuite is the behavioural contract of Store (see store.go), run
// against every implementation so Memory and Redis cannot drift apart.
// Expiry is tested in real time with short TTLs.
func runStoreSuite(t *testing.T, open openStore) {
	t.Run("lines", func(t *testing.T) { t.Parallel(); testLines(t, open(t)) })
	t.Run("pop", func(t *testing.T) { t.Parallel(); testPop(t, open(t)) })
	t.Run("put-get", func(t *testing.T) { t.Parallel(); testPutGet(t, open(t)) })
	t.Run("delete", func(t *testing.T) { t.Parallel(); testDelete(t, open(t)) })
	t.Run("expiry", func(t *testing.T) { t.Parallel(); testExpiry(t, open(t)) })
	t.Run("sliding-expiry", func(t *testing.T) { t.Parallel(); testSlidingExpiry(t, open(t)) })
	t.Run("claim", func(t *testing.T) { t.Parallel(); testClaim(t, open(t)) })
	t.Run("claim-concurrent", func(t *testing.T) { t.Parallel(); testClaimConcurrent(t, open(t)) })
	t.Run("allow-boundary", func(t *testing.T) { t.Parallel(); testAllowBoundary(t, open(t)) })
	t.Run("allow-concurrent", func(t *testing.T) { t.Parallel(); testAllowConcurrent(t, open(t)) })
	t.Run("append-concurrent", func(t *testing.T) { t.Parallel(); testAppendConcurrent(t, open(t)) })
	t.Run("admit", func(t *testing.T) { t.Parallel(); testAdmit(t, open(t)) })
	t.Run("apply", func(t *testing.T) { t.Parallel(); testApply(t, open(t)) })
	t.Run("append-and-list", func(t *testing.T) { t.Parallel(); testAppendAndList(t, open(t)) })
	t.Run("peek", func(t *testing.T) { t.Parallel(); testPeek(t, open(t)) })
	t.Run("append-once", func(t *testing.T) { t.Parallel(); testAppendOnce(t, open(t)) })
	t.Run("errors", func(t *testing.T) { t.Parallel(); testErrors(t, open(t)) })
	t.Run("swap", func(t *testing.T) { t.Parallel(); testSwap(t, open(t)) })
	t.Run("swap-concurrent", func(t *testing.T) { t.Parallel(); testSwapConcurrent(t, open(t)) })
}

// mustAppend appends with AppendAndList and returns the list's length
// right after the append.
func mustAppend(t *testing.T, s Store, key string, ttl time.Duration, lines ...string) int {
	t.Helper()
	got, err := s.AppendAndList(context.Background(), key, lines, ttl, "")
	if err != nil {
		t.Fatalf("AppendAndList(%q): %v", key, err)
	}
	return len(got)
}

// claimOnly is Admit with only a claim key: whether this caller took key.
// A claim-only admission that wins must also be allowed (nothing counted).
func claimOnly(ctx context.Context, s Store, key string, ttl time.Duration) (bool, error) {
	ad, err := s.Admit(ctx, key, ttl, "", 0, 0)
	if err == nil && ad.First && !ad.Allowed {
		return false, fmt.Errorf("claim-only admission of %q = %+v: won but not allowed", key, ad)
	}
	return ad.First, err
}

// countOnly is Admit with only a rate key: one event counted against key's
// limit of limit events per window. A count-only admission claims nothing,
// so it must always report First.
func countOnly(ctx context.Context, s Store, key string, limit int, window time.Duration) (allowed bool, retryAfter time.Duration, err error) {
	ad, err := s.Admit(ctx, "", 0, key, limit, window)
	if err == nil && !ad.First {
		return false, 0, fmt.Errorf("count-only admission of %q = %+v: reported a lost claim", key, ad)
	}
	return ad.Allowed, ad.RetryAfter, err
}

func mustLines(t *testing.T, s Store, key string, ttl time.Duration) []string {
	t.Helper()
	got, err := s.Lines(context.Background(), key, ttl)
	if err != nil {
		t.Fatalf("Lines(%q): %v", key, err)
	}
	return got
}

func mustGet(t *testing.T, s Store, key string) ([]byte, bool) {
	t.Helper()
	v, ok, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	return v, ok
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func testLines(t *testing.T, s Store) {
	const key = "scenario:chan-1"
	if got := mustLines(t, s, key, time.Minute); got != nil {
		t.Fatalf("Lines on an absent key = %q, want nil", got)
	}
	if n := mustAppend(t, s, key, time.Minute); n != 0 {
		t.Fatalf("appending nothing to an absent list returned length %d, want 0", n)
	}
	if n := mustAppend(t, s, key, time.Minute, "Ornithopter", "Ensoul Artifact on Ornithopter"); n != 2 {
		t.Fatalf("length after first append = %d, want 2", n)
	}
	if n := mustAppend(t, s, key, time.Minute, "Titanic Growth on Ornithopter"); n != 3 {
		t.Fatalf("length after second append = %d, want 3", n)
	}
	// Lines keeps the order of the appends, with multi-line appends in their own order.
	want := []string{"Ornithopter", "Ensoul Artifact on Ornithopter", "Titanic Growth on Ornithopter"}
	if got := mustLines(t, s, key, time.Minute); !equalLines(got, want) {
		t.Fatalf("Lines = %q, want %q", got, want)
	}
	// The caller owns the returned slice: changing it does not change the store.
	got := mustLines(t, s, key, time.Minute)
	got[0] = "changed"
	if got := mustLines(t, s, key, time.Minute); got[0] != "Ornithopter" {
		t.Fatalf("mutating a returned slice changed the store: %q", got)
	}
	// Another key is independent.
	if got := mustLines(t, s, "scenario:chan-2", time.Minute); got != nil {
		t.Fatalf("Lines on another key = %q, want nil", got)
	}
	// Unicode and empty lines round-trip unchanged.
	mustAppend(t, s, "scenario:unicode", time.Minute, "Æther Vial", "", "{T}: add {G}")
	if got := mustLines(t, s, "scenario:unicode", time.Minute); !equalLines(got, []string{"Æther Vial", "", "{T}: add {G}"}) {
		t.Fatalf("unicode lines = %q", got)
	}
}

func testPop(t *testing.T, s Store) {
	ctx := context.Background()
	const key = "scenario:pop"
	if _, ok, rest, err := s.PopAndList(ctx, key, time.Minute); err != nil || ok || rest != nil {
		t.Fatalf("PopAndList on absent key = ok %v, rest %q, err %v; want false, nil, nil", ok, rest, err)
	}
	mustAppend(t, s, key, time.Minute, "a", "b", "c")
	for _, want := range []string{"c", "b"} {
		line, ok, _, err := s.PopAndList(ctx, key, time.Minute)
		if err != nil || !ok || line != want {
			t.Fatalf("PopAndList = %q, %v, %v; want %q, true, nil", line, ok, err, want)
		}
	}
	if got := mustLines(t, s, key, time.Minute); !equalLines(got, []string{"a"}) {
		t.Fatalf("after two pops Lines = %q, want [a]", got)
	}
	if line, ok, _, err := s.PopAndList(ctx, key, time.Minute); err != nil || !ok || line != "a" {
		t.Fatalf("last PopAndList = %q, %v, %v", line, ok, err)
	}
	// Popping the last line leaves no list behind.
	if got := mustLines(t, s, key, time.Minute); got != nil {
		t.Fatalf("after popping everything Lines = %q, want nil", got)
	}
	if _, ok, _, err := s.PopAndList(ctx, key, time.Minute); err != nil || ok {
		t.Fatalf("PopAndList on emptied list = ok %v, err %v", ok, err)
	}
	// A list that was emptied starts afresh.
	if n := mustAppend(t, s, key, time.Minute, "x"); n != 1 {
		t.Fatalf("append after emptying returned %d, want 1", n)
	}
}

func testPutGet(t *testing.T, s Store) {
	ctx := context.Background()
	if _, ok := mustGet(t, s, "page:absent"); ok {
		t.Fatal("Get on absent key reported ok")
	}
	val := []byte(`{"pages":["one","two"],"at":1}`)
	if err := s.Put(ctx, "page:1", val, time.Minute); err != nil {
		t.Fatal(err)
	}
	val[0] = 'X' // the store keeps its own copy
	got, ok := mustGet(t, s, "page:1")
	if !ok || string(got) != `{"pages":["one","two"],"at":1}` {
		t.Fatalf("Get = %q, %v", got, ok)
	}
	if err := s.Put(ctx, "page:1", []byte("second"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if got, ok := mustGet(t, s, "page:1"); !ok || string(got) != "second" {
		t.Fatalf("Get after overwrite = %q, %v", got, ok)
	}
	// Binary values and the empty value round-trip; empty is present, not absent.
	bin := []byte{0, 1, 2, 255, '\n'}
	if err := s.Put(ctx, "page:bin", bin, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got, ok := mustGet(t, s, "page:bin"); !ok || string(got) != string(bin) {
		t.Fatalf("binary Get = %v, %v", got, ok)
	}
	if err := s.Put(ctx, "page:empty", nil, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got, ok := mustGet(t, s, "page:empty"); !ok || len(got) != 0 {
		t.Fatalf("empty Get = %q, %v; want empty, true", got, ok)
	}
}

// testDelete: a Batch's Delete removes every kind of state under its
// keys. The keys share the hash tag scenario:d, so the batch is legal on a
// cluster too.
func testDelete(t *testing.T, s Store) {
	ctx := context.Background()
	// One logical key may carry a list, a value, a claim and a rate counter:
	// Delete removes every one of them.
	mustAppend(t, s, "scenario:d", time.Minute, "one")
	if err := s.Put(ctx, "scenario:d", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if ok, err := claimOnly(ctx, s, "scenario:d", time.Minute); err != nil || !ok {
		t.Fatalf("claim = %v, %v", ok, err)
	}
	if ok, _, err := countOnly(ctx, s, "scenario:d", 1, time.Minute); err != nil || !ok {
		t.Fatalf("first count = %v, %v", ok, err)
	}
	if err := s.Put(ctx, "page:other", []byte("keep"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, Batch{Delete: []string{"scenario:d", "scenario:d:absent"}}); err != nil {
		t.Fatalf("Apply(Delete): %v", err)
	}
	if got := mustLines(t, s, "scenario:d", time.Minute); got != nil {
		t.Fatalf("list survived Delete: %q", got)
	}
	if _, ok := mustGet(t, s, "scenario:d"); ok {
		t.Fatal("value survived Delete")
	}
	if ok, err := claimOnly(ctx, s, "scenario:d", time.Minute); err != nil || !ok {
		t.Fatalf("claim survived Delete: claim = %v, %v", ok, err)
	}
	if ok, _, err := countOnly(ctx, s, "scenario:d", 1, time.Minute); err != nil || !ok {
		t.Fatalf("rate counter survived Delete: a limit of 1 denied the first event after it (%v, %v)", ok, err)
	}
	if _, ok := mustGet(t, s, "page:other"); !ok {
		t.Fatal("Delete removed a key it was not given")
	}
}

// ttlUnit is the short TTL of the real-time expiry tests: long enough that
// a 2-core machine shared with other builds (load averages of 15 seen)
// under -race does not make a live key look expired, short enough to keep
// the suite, whose subtests run in parallel, at a few seconds.
const ttlUnit = time.Second

// stalled reports whether more than 90% of a TTL passed between began (a
// moment before the key was last set or renewed) and now: then a key found
// expired proves nothing, because the machine, not the store, was slow.
func stalled(began time.Time, ttl time.Duration) bool {
	return time.Since(began) >= ttl*9/10
}

// retryStalled runs attempt until it is conclusive (returns false when it
// was not); a machine too loaded for five attempts fails the test, so a
// stall never passes silently.
func retryStalled(t *testing.T, attempt func(n int) (conclusive bool)) {
	t.Helper()
	for n := range 5 {
		if attempt(n) {
			return
		}
		t.Logf("attempt %d inconclusive: the machine stalled for most of a TTL; retrying", n)
	}
	t.Fatal("every attempt stalled for most of a TTL: the machine is too loaded to test expiry in real time")
}

func testExpiry(t *testing.T, s Store) {
	ctx := context.Background()
	retryStalled(t, func(n int) bool {
		k := func(base string) string { return fmt.Sprintf("%s-%d", base, n) }
		began := time.Now()
		if err := s.Put(ctx, k("page:short"), []byte("v"), ttlUnit); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, k("page:forever"), []byte("v"), 0); err != nil {
			t.Fatal(err)
		}
		mustAppend(t, s, k("scenario:short"), ttlUnit, "line")
		if ok, err := claimOnly(ctx, s, k("interaction:short"), ttlUnit); err != nil || !ok {
			t.Fatalf("claim = %v, %v", ok, err)
		}
		_, ok := mustGet(t, s, k("page:short"))
		if stalled(began, ttlUnit) {
			return false
		}
		if !ok {
			t.Fatal("value gone before its TTL")
		}
		time.Sleep(ttlUnit + ttlUnit/2)
		if _, ok := mustGet(t, s, k("page:short")); ok {
			t.Fatal("value still present after its TTL")
		}
		if _, ok := mustGet(t, s, k("page:forever")); !ok {
			t.Fatal("value stored with ttl 0 expired")
		}
		// ttl 0 on Lines must not renew, so the list has expired too.
		if got := mustLines(t, s, k("scenario:short"), 0); got != nil {
			t.Fatalf("list still present after its TTL: %q", got)
		}
		if ok, err := claimOnly(ctx, s, k("interaction:short"), ttlUnit); err != nil || !ok {
			t.Fatalf("claim after the first claim expired = %v, %v; want true", ok, err)
		}
		return true
	})
}

func testSlidingExpiry(t *testing.T, s Store) {
	ctx := context.Background()
	retryStalled(t, func(n int) bool {
		key := fmt.Sprintf("scenario:sliding-%d", n)
		last := time.Now() // before the latest renewal
		lines := make([]string, 20)
		for i := range lines {
			lines[i] = fmt.Sprintf("line %d", i)
		}
		mustAppend(t, s, key, ttlUnit, lines...)
		// Each renewing call is used alone every ttlUnit/4 for 1.5
		// ttlUnits, so the list outlives its TTL only if that call
		// renews it.
		for _, op := range []string{"Lines", "AppendAndList", "PopAndList"} {
			for use := range 6 {
				time.Sleep(ttlUnit / 4)
				began := time.Now()
				var present bool
				switch op {
				case "Lines":
					present = len(mustLines(t, s, key, ttlUnit)) > 0
				case "AppendAndList":
					present = mustAppend(t, s, key, ttlUnit, "more") > 1
				case "PopAndList":
					_, ok, _, err := s.PopAndList(ctx, key, ttlUnit)
					if err != nil {
						t.Fatal(err)
					}
					present = ok
				}
				if !present {
					if stalled(last, ttlUnit) {
						return false
					}
					t.Fatalf("list expired %v after %s last renewed it (TTL %v, use %d)", time.Since(last), op, ttlUnit, use)
				}
				last = began
			}
		}
		// Lines with ttl 0 does not renew: left alone, the list expires.
		time.Sleep(ttlUnit + ttlUnit/2)
		if got := mustLines(t, s, key, 0); got != nil {
			t.Fatalf("list outlived its TTL without use: %q", got)
		}
		return true
	})
}

func testClaim(t *testing.T, s Store) {
	ctx := context.Background()
	first, err := claimOnly(ctx, s, "interaction:1", time.Minute)
	if err != nil || !first {
		t.Fatalf("first claim = %v, %v; want true", first, err)
	}
	again, err := claimOnly(ctx, s, "interaction:1", time.Minute)
	if err != nil || again {
		t.Fatalf("second claim = %v, %v; want false", again, err)
	}
	other, err := claimOnly(ctx, s, "interaction:2", time.Minute)
	if err != nil || !other {
		t.Fatalf("claim of another id = %v, %v; want true", other, err)
	}
}

func testClaimConcurrent(t *testing.T, s Store) {
	const workers = 64
	for round := range 5 {
		key := fmt.Sprintf("interaction:race-%d", round)
		var wins atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range workers {
			wg.Go(func() {
				<-start
				ok, err := claimOnly(context.Background(), s, key, time.Minute)
				if err != nil {
					t.Errorf("claim: %v", err)
				}
				if ok {
					wins.Add(1)
				}
			})
		}
		close(start)
		wg.Wait()
		if n := wins.Load(); n != 1 {
			t.Fatalf("round %d: %d of %d concurrent claims won, want exactly 1", round, n, workers)
		}
	}
}

func testAllowBoundary(t *testing.T, s Store) {
	ctx := context.Background()
	const limit = 5
	// A long window: the count part must not race the clock.
	for i := 1; i <= limit; i++ {
		ok, retry, err := countOnly(ctx, s, "rate:user-1", limit, time.Minute)
		if err != nil || !ok || retry != 0 {
			t.Fatalf("event %d of %d: allowed %v, retry %v, err %v; want allowed", i, limit, ok, retry, err)
		}
	}
	for i := limit + 1; i <= limit+3; i++ {
		ok, retry, err := countOnly(ctx, s, "rate:user-1", limit, time.Minute)
		if err != nil || ok {
			t.Fatalf("event %d over a limit of %d: allowed %v, err %v; want denied", i, limit, ok, err)
		}
		if retry <= 0 || retry > time.Minute {
			t.Fatalf("retryAfter = %v, want within (0, 1m]", retry)
		}
	}
	// Another user has their own budget.
	if ok, _, err := countOnly(ctx, s, "rate:user-2", limit, time.Minute); err != nil || !ok {
		t.Fatalf("another user's first event: %v, %v", ok, err)
	}
	// The window resets after it ends.
	retryStalled(t, func(n int) bool {
		key := fmt.Sprintf("rate:short-%d", n)
		began := time.Now()
		for i := range 2 {
			if ok, _, err := countOnly(ctx, s, key, 2, ttlUnit); err != nil || !ok {
				t.Fatalf("short window event %d: %v, %v", i+1, ok, err)
			}
		}
		ok, retry, err := countOnly(ctx, s, key, 2, ttlUnit)
		if err != nil {
			t.Fatal(err)
		}
		if stalled(began, ttlUnit) {
			return false // the window may have ended between the events
		}
		if ok || retry <= 0 || retry > ttlUnit {
			t.Fatalf("third event in a window of 2: allowed %v, retry %v", ok, retry)
		}
		time.Sleep(retry + ttlUnit/4)
		if ok, _, err := countOnly(ctx, s, key, 2, ttlUnit); err != nil || !ok {
			t.Fatalf("first event of the next window: %v, %v; want allowed", ok, err)
		}
		return true
	})
}

func testAllowConcurrent(t *testing.T, s Store) {
	const workers, each, limit = 64, 10, 100
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				ok, _, err := countOnly(context.Background(), s, "rate:burst", limit, time.Minute)
				if err != nil {
					t.Errorf("count: %v", err)
					return
				}
				if ok {
					allowed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if n := allowed.Load(); n != limit {
		t.Fatalf("%d of %d concurrent events allowed, want exactly %d", n, workers*each, limit)
	}
}

// testAppendConcurrent: 64 writers append to one scenario, some one line at
// a time and some in batches (the modal). No line may be lost or doubled,
// each writer's lines keep their order, and a batch stays contiguous.
func testAppendConcurrent(t *testing.T, s Store) {
	const workers, appends, batch = 64, 40, 3
	const key = "scenario:busy"
	var wg sync.WaitGroup
	start := make(chan struct{})
	for w := range workers {
		wg.Go(func() {
			<-start
			for a := range appends {
				var lines []string
				if w%2 == 0 {
					lines = []string{fmt.Sprintf("w%02d a%02d", w, a)}
				} else {
					for b := range batch {
						lines = append(lines, fmt.Sprintf("w%02d a%02d b%d", w, a, b))
					}
				}
				if _, err := s.AppendAndList(context.Background(), key, lines, time.Minute, ""); err != nil {
					t.Errorf("AppendAndList: %v", err)
					return
				}
			}
		})
	}
	close(start)
	wg.Wait()
	got := mustLines(t, s, key, time.Minute)
	want := workers / 2 * appends * (1 + batch)
	if len(got) != want {
		t.Fatalf("got %d lines, want %d", len(got), want)
	}
	seen := make(map[string]bool, len(got))
	lastAppend := make(map[string]int) // writer -> last append index seen
	for i := 0; i < len(got); i++ {
		line := got[i]
		if seen[line] {
			t.Fatalf("line %q appears twice", line)
		}
		seen[line] = true
		var w, a int
		if _, err := fmt.Sscanf(line, "w%d a%d", &w, &a); err != nil {
			t.Fatalf("unexpected line %q", line)
		}
		writer := fmt.Sprintf("w%02d", w)
		if last, ok := lastAppend[writer]; ok && a <= last {
			t.Fatalf("writer %s: append %d after %d, order lost", writer, a, last)
		}
		lastAppend[writer] = a
		if w%2 == 1 {
			// A batch must be contiguous and in order.
			for b := range batch {
				wantLine := fmt.Sprintf("w%02d a%02d b%d", w, a, b)
				if i+b >= len(got) || got[i+b] != wantLine {
					t.Fatalf("batch of %s a%02d broken at %d: %q", writer, a, b, got[min(i+b, len(got)-1)])
				}
				seen[wantLine] = true
			}
			i += batch - 1
		}
	}
	for w := range workers {
		if lastAppend[fmt.Sprintf("w%02d", w)] != appends-1 {
			t.Fatalf("writer %d: last append %d, want %d", w, lastAppend[fmt.Sprintf("w%02d", w)], appends-1)
		}
	}
}

func testErrors(t *testing.T, s Store) {
	bg := context.Background()
	// A count needs a window; a limit <= 0 is no count at all.
	for _, window := range []time.Duration{0, -time.Second} {
		if _, err := s.Admit(bg, "", 0, "rate:x", 1, window); !errors.Is(err, ErrInvalid) {
			t.Fatalf("Admit with window %v: err %v, want ErrInvalid", window, err)
		}
	}
	for i := range 3 {
		if ad, err := s.Admit(bg, "", 0, "rate:x", 0, time.Minute); err != nil || !ad.First || !ad.Allowed {
			t.Fatalf("Admit %d with limit 0 = %+v, %v; want first and allowed (nothing counted)", i+1, ad, err)
		}
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	calls := map[string]func() error{
		"Lines":         func() error { _, err := s.Lines(ctx, "k", time.Minute); return err },
		"AppendAndList": func() error { _, err := s.AppendAndList(ctx, "k", []string{"x"}, time.Minute, ""); return err },
		"PopAndList":    func() error { _, _, _, err := s.PopAndList(ctx, "k", time.Minute); return err },
		"Peek":          func() error { _, _, err := s.Peek(ctx, "k", "k"); return err },
		"Put":           func() error { return s.Put(ctx, "k", []byte("v"), time.Minute) },
		"Get":           func() error { _, _, err := s.Get(ctx, "k"); return err },
		"Apply":         func() error { return s.Apply(ctx, Batch{Delete: []string{"k"}}) },
		"Admit/claim":   func() error { _, err := claimOnly(ctx, s, "k", time.Minute); return err },
		"Admit/count":   func() error { _, _, err := countOnly(ctx, s, "k", 1, time.Minute); return err },
		"Ping":          func() error { return s.Ping(ctx) },
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s with a cancelled context: err %v, want ErrUnavailable", name, err)
		}
	}
	if err := s.Ping(bg); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for name, call := range map[string]func() error{
		"Get": func() error { _, _, err := s.Get(bg, "k"); return err },
		"AppendAndList": func() error {
			_, err := s.AppendAndList(bg, "k", []string{"x"}, time.Minute, "")
			return err
		},
	} {
		if err := call(); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s after Close: err %v, want ErrUnavailable", name, err)
		}
	}
}

// testAdmit: Admit means the claim and then, when the claim is won, the
// count, on the same keys as a claim-only and a count-only admission; a
// lost claim counts nothing.
func testAdmit(t *testing.T, s Store) {
	ctx := context.Background()
	admit := func(claim, rate string, limit int) Admission {
		t.Helper()
		got, err := s.Admit(ctx, claim, time.Minute, rate, limit, time.Minute)
		if err != nil {
			t.Fatalf("Admit(%q, %q): %v", claim, rate, err)
		}
		return got
	}
	if got := admit("interaction:1", "rate:u", 2); !got.First || !got.Allowed {
		t.Fatalf("first admission = %+v, want first and allowed", got)
	}
	// A redelivery loses the claim and is not counted against the user.
	if got := admit("interaction:1", "rate:u", 2); got.First || got.Allowed {
		t.Fatalf("redelivered interaction = %+v, want not first", got)
	}
	if got := admit("interaction:2", "rate:u", 2); !got.First || !got.Allowed {
		t.Fatalf("second event of a limit of 2 = %+v, want allowed (the redelivery must not count)", got)
	}
	got := admit("interaction:3", "rate:u", 2)
	if !got.First || got.Allowed || got.RetryAfter <= 0 || got.RetryAfter > time.Minute {
		t.Fatalf("third event of a limit of 2 = %+v, want first, denied, retry within (0, 1m]", got)
	}
	// The keys are the ones a claim alone and a count alone use.
	if first, err := claimOnly(ctx, s, "interaction:3", time.Minute); err != nil || first {
		t.Fatalf("claim of an admitted interaction = %v, %v; want false", first, err)
	}
	if ok, _, err := countOnly(ctx, s, "rate:u", 2, time.Minute); err != nil || ok {
		t.Fatalf("count after the limit was reached through Admit = %v, %v; want false", ok, err)
	}
	// No claim key: only the count. No rate key or no limit: only the claim.
	if got := admit("", "rate:v", 1); !got.First || !got.Allowed {
		t.Fatalf("count-only admission = %+v", got)
	}
	if got := admit("", "rate:v", 1); got.Allowed {
		t.Fatalf("second count-only event of a limit of 1 = %+v, want denied", got)
	}
	if got := admit("interaction:4", "", 0); !got.First || !got.Allowed {
		t.Fatalf("claim-only admission = %+v", got)
	}
	if got := admit("interaction:4", "rate:w", 5); got.First {
		t.Fatalf("claim-only key claimed twice: %+v", got)
	}
	if _, err := s.Admit(ctx, "interaction:5", time.Minute, "rate:x", 3, 0); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Admit with window 0: %v, want ErrInvalid", err)
	}
	// Many instances receiving one interaction: exactly one admits it.
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			got, err := s.Admit(ctx, "interaction:race", time.Minute, fmt.Sprintf("rate:r%d", i), 10, time.Minute)
			if err != nil {
				t.Errorf("Admit: %v", err)
			}
			if got.First {
				wins.Add(1)
			}
		})
	}
	wg.Wait()
	if n := wins.Load(); n != 1 {
		t.Fatalf("%d of 64 concurrent admissions of one interaction won, want 1", n)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Admit(cctx, "interaction:6", time.Minute, "rate:y", 3, time.Minute); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Admit with a cancelled context: %v, want ErrUnavailable", err)
	}
}

// testApply: a batch removes every kind of state under its deleted keys and
// then stores its values, leaving other keys alone. The keys share the hash
// tag scenario:a, as the scenario commands' keys do, so the batch is legal
// on a cluster too.
func testApply(t *testing.T, s Store) {
	ctx := context.Background()
	mustAppend(t, s, "scenario:a:u1", time.Minute, "private line")
	if err := s.Put(ctx, "scenario:a:u1", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "scenario:a:u1:private", []byte("old"), time.Minute); err != nil {
		t.Fatal(err)
	}
	mustAppend(t, s, "scenario:a", time.Minute, "shared line")

	err := s.Apply(ctx, Batch{
		Delete: []string{"scenario:a:u1", "scenario:a:absent"},
		Put: []Entry{
			{Key: "scenario:a:u1:private", Value: []byte("1"), TTL: time.Minute},
			{Key: "scenario:a:u2:private", Value: nil, TTL: time.Minute},
		},
	})
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if got := mustLines(t, s, "scenario:a:u1", time.Minute); got != nil {
		t.Errorf("deleted list survived: %q", got)
	}
	if _, ok := mustGet(t, s, "scenario:a:u1"); ok {
		t.Error("deleted value survived")
	}
	if got, ok := mustGet(t, s, "scenario:a:u1:private"); !ok || string(got) != "1" {
		t.Errorf("put value = %q, %v; want \"1\", true", got, ok)
	}
	if got, ok := mustGet(t, s, "scenario:a:u2:private"); !ok || len(got) != 0 {
		t.Errorf("empty put value = %q, %v; want empty, true", got, ok)
	}
	if got := mustLines(t, s, "scenario:a", time.Minute); !equalLines(got, []string{"shared line"}) {
		t.Errorf("a key outside the batch changed: %q", got)
	}
	// Deleting a key and putting it again in one batch leaves the new value.
	if err := s.Apply(ctx, Batch{Delete: []string{"scenario:a:u1:private"}, Put: []Entry{{Key: "scenario:a:u1:private", Value: []byte("2"), TTL: time.Minute}}}); err != nil {
		t.Fatal(err)
	}
	if got, ok := mustGet(t, s, "scenario:a:u1:private"); !ok || string(got) != "2" {
		t.Errorf("delete-then-put = %q, %v; want \"2\", true", got, ok)
	}
	// A batch's values expire like Put's.
	if err := s.Apply(ctx, Batch{Put: []Entry{{Key: "scenario:a:short", Value: []byte("x"), TTL: 50 * time.Millisecond}}}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	if _, ok := mustGet(t, s, "scenario:a:short"); ok {
		t.Error("a batch value with a 50 ms TTL is still there after 150 ms")
	}
	if err := s.Apply(ctx, Batch{}); err != nil {
		t.Errorf("empty batch: %v", err)
	}
}

// testAppendAndList: the combined calls mean an append then Lines, and a
// pop then Lines, as one step: each caller sees the list exactly as its own
// change left it, even among concurrent appends.
func testAppendAndList(t *testing.T, s Store) {
	ctx := context.Background()
	if got, err := s.AppendAndList(ctx, "scenario:al", nil, time.Minute, ""); err != nil || got != nil {
		t.Fatalf("AppendAndList of nothing to an absent list = %q, %v; want nil", got, err)
	}
	got, err := s.AppendAndList(ctx, "scenario:al", []string{"a", "b"}, time.Minute, "")
	if err != nil || !equalLines(got, []string{"a", "b"}) {
		t.Fatalf("AppendAndList = %q, %v", got, err)
	}
	got, err = s.AppendAndList(ctx, "scenario:al", []string{"c"}, time.Minute, "")
	if err != nil || !equalLines(got, []string{"a", "b", "c"}) {
		t.Fatalf("second AppendAndList = %q, %v", got, err)
	}
	line, ok, rest, err := s.PopAndList(ctx, "scenario:al", time.Minute)
	if err != nil || !ok || line != "c" || !equalLines(rest, []string{"a", "b"}) {
		t.Fatalf("PopAndList = %q, %v, %q, %v", line, ok, rest, err)
	}
	s.PopAndList(ctx, "scenario:al", time.Minute)
	line, ok, rest, err = s.PopAndList(ctx, "scenario:al", time.Minute)
	if err != nil || !ok || line != "a" || rest != nil {
		t.Fatalf("PopAndList of the last line = %q, %v, %q, %v; want a, true, nil", line, ok, rest, err)
	}
	if _, ok, rest, err := s.PopAndList(ctx, "scenario:al", time.Minute); err != nil || ok || rest != nil {
		t.Fatalf("PopAndList of an empty list = %v, %q, %v", ok, rest, err)
	}
	if got := mustLines(t, s, "scenario:al", 0); got != nil {
		t.Fatalf("list after popping everything: %q", got)
	}

	// 32 writers append two lines each: every writer's view holds its own
	// pair, contiguous and last, and is a prefix of the final list.
	views := make([][]string, 32)
	var wg sync.WaitGroup
	for w := range views {
		wg.Go(func() {
			v, err := s.AppendAndList(ctx, "scenario:alc", []string{fmt.Sprintf("w%d-1", w), fmt.Sprintf("w%d-2", w)}, time.Minute, "")
			if err != nil {
				t.Errorf("AppendAndList: %v", err)
			}
			views[w] = v
		})
	}
	wg.Wait()
	final := mustLines(t, s, "scenario:alc", 0)
	if len(final) != 64 {
		t.Fatalf("final list has %d lines, want 64", len(final))
	}
	for w, v := range views {
		n := len(v)
		if n < 2 || v[n-2] != fmt.Sprintf("w%d-1", w) || v[n-1] != fmt.Sprintf("w%d-2", w) || !equalLines(final[:n], v) {
			t.Errorf("writer %d saw %q: not its own pair at the end of a prefix of the final list", w, v)
		}
	}
}

// testPeek: one look at a value's presence and several lists, as Get and
// Lines would report them, without renewing anything.
func testPeek(t *testing.T, s Store) {
	ctx := context.Background()
	found, lists, err := s.Peek(ctx, "scenario:pk:u1:private", "scenario:pk", "scenario:pk:u1")
	if err != nil || found || len(lists) != 2 || lists[0] != nil || lists[1] != nil {
		t.Fatalf("Peek on nothing = %v, %q, %v", found, lists, err)
	}
	mustAppend(t, s, "scenario:pk", time.Minute, "shared")
	mustAppend(t, s, "scenario:pk:u1", time.Minute, "p1", "p2")
	if err := s.Put(ctx, "scenario:pk:u1:private", nil, time.Minute); err != nil {
		t.Fatal(err)
	}
	found, lists, err = s.Peek(ctx, "scenario:pk:u1:private", "scenario:pk", "scenario:pk:u1")
	if err != nil || !found || !equalLines(lists[0], []string{"shared"}) || !equalLines(lists[1], []string{"p1", "p2"}) {
		t.Fatalf("Peek = %v, %q, %v", found, lists, err)
	}
	// A list in the value's place is not a value, and a value is not a list.
	if found, lists, err := s.Peek(ctx, "scenario:pk", "scenario:pk:u1:private"); err != nil || found || lists[0] != nil {
		t.Fatalf("Peek across kinds = %v, %q, %v", found, lists, err)
	}
}

// testAppendOnce: an append with an idempotency key happens once however
// often it is retried; other keys, and other lists, are independent.
func testAppendOnce(t *testing.T, s Store) {
	ctx := context.Background()
	got, err := s.AppendAndList(ctx, "scenario:once", []string{"a", "b"}, time.Minute, "i1")
	if err != nil || fmt.Sprint(got) != "[a b]" {
		t.Fatalf("first append: %q, %v", got, err)
	}
	for i := 0; i < 3; i++ {
		got, err = s.AppendAndList(ctx, "scenario:once", []string{"a", "b"}, time.Minute, "i1")
		if err != nil || fmt.Sprint(got) != "[a b]" {
			t.Fatalf("retry %d of the same append: %q, %v (want the list unchanged)", i, got, err)
		}
	}
	got, err = s.AppendAndList(ctx, "scenario:once", []string{"c"}, time.Minute, "i2")
	if err != nil || fmt.Sprint(got) != "[a b c]" {
		t.Fatalf("another interaction's append: %q, %v", got, err)
	}
	// The same interaction id on another scenario is another append.
	got, err = s.AppendAndList(ctx, "scenario:once2", []string{"x"}, time.Minute, "i1")
	if err != nil || fmt.Sprint(got) != "[x]" {
		t.Fatalf("same id, other list: %q, %v", got, err)
	}
	// Without a key every call appends.
	s.AppendAndList(ctx, "scenario:once3", []string{"y"}, time.Minute, "")
	got, _ = s.AppendAndList(ctx, "scenario:once3", []string{"y"}, time.Minute, "")
	if len(got) != 2 {
		t.Errorf("two appends without a key: %q", got)
	}
	// The list's expiry is still renewed by a retry that appends nothing.
	if got, err := s.Lines(ctx, "scenario:once", 0); err != nil || len(got) != 3 {
		t.Errorf("lines: %q, %v", got, err)
	}
}

// Swap is a compare-and-set over the values Put stores: nil old means
// "absent", nil new deletes, and a mismatch changes nothing.
func testSwap(t *testing.T, s Store) {
	ctx := context.Background()
	swap := func(old, new string, oldNil, newNil bool) bool {
		t.Helper()
		var o, n []byte
		if !oldNil {
			o = []byte(old)
		}
		if !newNil {
			n = []byte(new)
		}
		ok, err := s.Swap(ctx, "call:1", o, n, time.Minute)
		if err != nil {
			t.Fatalf("Swap(%q -> %q): %v", old, new, err)
		}
		return ok
	}
	value := func() (string, bool) {
		t.Helper()
		v, ok, err := s.Get(ctx, "call:1")
		if err != nil {
			t.Fatal(err)
		}
		return string(v), ok
	}
	if swap("x", "open", false, false) {
		t.Fatal("swap from a value over an absent key succeeded")
	}
	if _, ok := value(); ok {
		t.Fatal("a failed swap stored a value")
	}
	if !swap("", "open", true, false) {
		t.Fatal("swap from absent over an absent key failed")
	}
	if swap("", "other", true, false) {
		t.Fatal("swap from absent over a stored value succeeded")
	}
	if swap("opened", "claimed", false, false) {
		t.Fatal("swap from the wrong value succeeded")
	}
	if v, _ := value(); v != "open" {
		t.Fatalf("value %q after failed swaps, want open", v)
	}
	if !swap("open", "claimed", false, false) {
		t.Fatal("swap from the stored value failed")
	}
	if v, _ := value(); v != "claimed" {
		t.Fatalf("value %q, want claimed", v)
	}
	// The value Put stores is the one Swap compares.
	if err := s.Put(ctx, "call:1", []byte("put"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if swap("claimed", "x", false, false) || !swap("put", "", false, true) {
		t.Fatal("swap does not see the value Put stored")
	}
	if _, ok := value(); ok {
		t.Fatal("swap to nil left the value")
	}
	// The TTL applies to the swapped value.
	ok, err := s.Swap(ctx, "call:2", nil, []byte("short"), 100*time.Millisecond)
	if err != nil || !ok {
		t.Fatalf("swap with a TTL: %v %v", ok, err)
	}
	time.Sleep(300 * time.Millisecond)
	if _, found, _ := s.Get(ctx, "call:2"); found {
		t.Fatal("a swapped value outlived its TTL")
	}
	if ok, _ := s.Swap(ctx, "call:2", nil, []byte("again"), 0); !ok {
		t.Fatal("an expired value still counted as present")
	}
}

// Many callers swapping from the same value at once: exactly one wins.
func testSwapConcurrent(t *testing.T, s Store) {
	const workers = 32
	ctx := context.Background()
	for round := range 10 {
		key := fmt.Sprintf("call:race-%d", round)
		if err := s.Put(ctx, key, []byte("open"), time.Minute); err != nil {
			t.Fatal(err)
		}
		var wins atomic.Int32
		var winner atomic.Value
		var wg sync.WaitGroup
		start := make(chan struct{})
		for w := range workers {
			wg.Go(func() {
				<-start
				me := fmt.Sprintf("claimed-by-%d", w)
				ok, err := s.Swap(ctx, key, []byte("open"), []byte(me), time.Minute)
				if err != nil {
					t.Errorf("swap: %v", err)
				}
				if ok {
					wins.Add(1)
					winner.Store(me)
				}
			})
		}
		close(start)
		wg.Wait()
		if n := wins.Load(); n != 1 {
			t.Fatalf("round %d: %d of %d concurrent swaps won, want exactly 1", round, n, workers)
		}
		if v, _, _ := s.Get(ctx, key); string(v) != winner.Load() {
			t.Fatalf("round %d: value %q, winner %v", round, v, winner.Load())
		}
	}
}
