package wire

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch"
	"github.com/arbiter-mtg/arbiter/rulings/fetch/fetchtest"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// crBytes is a CR file of ../shared/data/cr (date as in its name).
func crBytes(t *testing.T, date string) []byte {
	t.Helper()
	data, err := os.ReadFile(shareddata.Path(t, filepath.Join("cr", "cr-"+date+".txt")))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// syncBuffer is a log destination tests read while the reloader writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// instance is one running server as serve and http build it: a data
// directory holding a CR, the router behind Live, and its reloader
// downloading from the stand-in server.
type instance struct {
	live    *commands.Live
	rl      *Reloader
	log     *syncBuffer
	dir     string
	updates atomic.Int64 // downloads started
}

func newInstance(t *testing.T, f *fetchtest.Server, startCR string, store session.Store) *instance {
	t.Helper()
	in := &instance{log: &syncBuffer{}, dir: t.TempDir()}
	if err := os.MkdirAll(filepath.Join(in.dir, "cr"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in.dir, "cr", "cr-"+startCR+".txt"), crBytes(t, startCR), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	load := func() (*rulings.KB, error) { return rulings.LoadCached(in.dir, cache) }
	kb, err := load()
	if err != nil {
		t.Fatal(err)
	}
	src := &fetch.Source{RulesPage: f.RulesPage(), ScryfallAPI: f.ScryfallAPI(), Client: &http.Client{Timeout: 30 * time.Second}}
	update := Updater(src, in.dir, true)
	in.rl = &Reloader{
		Load:   load,
		Inputs: func() (string, error) { return rulings.Inputs(in.dir, cache, false) },
		Update: func(ctx context.Context) ([]string, error) {
			in.updates.Add(1)
			return update(ctx)
		},
		Store: store,
		Log:   slog.New(slog.NewTextHandler(in.log, nil)),
	}
	d := FromKB(kb)
	d.Reloader, d.Owners = in.rl, []string{"owner"}
	r, err := commands.New(d)
	if err != nil {
		t.Fatal(err)
	}
	in.live = commands.NewLive(r)
	in.rl.Live = in.live
	in.rl.Begin(kb)
	return in
}

// servedCR is the CR effective date a request answered now names.
func (in *instance) servedCR(t *testing.T) string {
	t.Helper()
	rep := in.live.Serve(context.Background(), commands.NewRequest("rule", "number", "100.1"))
	if rep.Error {
		t.Fatalf("/rule 100.1 failed: %+v", rep)
	}
	return strings.TrimPrefix(rep.Footer, "Comprehensive Rules effective ")
}

// waitFor polls cond until it holds; the deadline only stops a test that
// would otherwise hang.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitChecks waits until n more periodic checks have started: the one
// under way when called may have begun before a change, the next began
// after it.
func (in *instance) waitChecks(t *testing.T, n int64) {
	t.Helper()
	from := in.updates.Load()
	waitFor(t, fmt.Sprintf("%d more checks", n), func() bool { return in.updates.Load() >= from+n })
}

// A running instance checking every 100 ms: bad downloads and a damaged
// file each leave the data served in place, saying why in the log and to
// the owner; a good new CR is served from the first check after it is
// published.
func TestReloadFromTheRulesPage(t *testing.T) {
	f := fetchtest.New(t)
	f.CRBody.Store(crBytes(t, "20260116")) // the rules page links January's CR first
	in := newInstance(t, f, "20251114", nil)
	if got := in.servedCR(t); got != "2025-11-14" {
		t.Fatalf("serving %s at start", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { in.rl.Run(ctx, 100*time.Millisecond, 0); close(done) }()
	defer func() { cancel(); <-done }()

	waitFor(t, "the January CR to be served", func() bool { return in.servedCR(t) == "2026-01-16" })
	// The downloaded Scryfall cards came with it.
	if rep := in.live.Serve(ctx, commands.NewRequest("card", "name", "Tarmogoyf")); rep.Error {
		t.Errorf("the cards downloaded with the CR are not served: %+v", rep)
	}

	april := crBytes(t, "20260417")
	bad := []struct {
		name  string
		set   func()
		inLog string // why, as the log says it
	}{
		{"corrupt file", func() { f.CRBody.Store([]byte("<html>Down for maintenance</html>")) }, "does not parse"},
		{"truncated download", func() { f.Cut.Store(int64(len(april) / 2)); f.CRBody.Store(april) }, "unexpected EOF"},
		{"truncated file", func() { f.CRBody.Store(april[:len(april)/3]) }, "does not parse"},
		{"404", func() { f.TXTCode.Store(404); f.CRBody.Store(april) }, "404 Not Found"},
		{"500", func() { f.TXTCode.Store(500); f.CRBody.Store(april) }, "500 Internal Server Error"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			seen := len(in.log.String())
			c.set()
			// The April CR is never served whole until the end: the
			// checks run all the while.
			defer func() { f.CRBody.Store(crBytes(t, "20260116")); f.TXTCode.Store(200); f.Cut.Store(0) }()
			in.waitChecks(t, 2)
			if got := in.servedCR(t); got != "2026-01-16" {
				t.Fatalf("serving %s after a failed download, want 2026-01-16 kept", got)
			}
			if log := in.log.String()[seen:]; !strings.Contains(log, c.inLog) || !strings.Contains(log, "reload failed; the data served is unchanged") {
				t.Errorf("the log does not say why (%q):\n%s", c.inLog, log)
			}
			// The owner asking is told the same.
			req := commands.NewRequest("admin")
			req.Subcommand, req.UserID = "reload", "owner"
			rep := in.live.Serve(ctx, req)
			if !rep.Error || !rep.Ephemeral || !strings.Contains(rep.Body, c.inLog) {
				t.Errorf("/admin reload after a %s: %+v", c.name, rep)
			}
		})
	}

	// A damaged CR file put in the directory by hand, then SIGHUP: the
	// load fails and the data served stays.
	hand := filepath.Join(in.dir, "by-hand.txt")
	if err := os.WriteFile(hand, april[:4000], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := in.rl.ReloadFiles(ctx); err == nil {
		t.Error("a damaged CR file loaded")
	}
	if got := in.servedCR(t); got != "2026-01-16" {
		t.Fatalf("serving %s after a damaged file, want 2026-01-16 kept", got)
	}
	if err := os.Remove(hand); err != nil {
		t.Fatal(err)
	}

	// The new version: served once the first check begun after it was
	// published has run.
	f.CRBody.Store(april)
	in.waitChecks(t, 2)
	if got := in.servedCR(t); got != "2026-04-17" {
		t.Fatalf("serving %s a check after the April CR was published", got)
	}
	// The older one is kept for diffs: /rule notes what changed.
	diff := commands.NewRequest("cr")
	diff.Subcommand = "diff"
	rep := in.live.Serve(ctx, diff)
	if rep.Error || !strings.Contains(rep.Title, "2026-01-16 → 2026-04-17") {
		t.Errorf("/cr diff after the reload: %+v", rep)
	}
	// Nothing new: later checks change nothing.
	r := in.live.Router()
	in.waitChecks(t, 2)
	if in.live.Router() != r {
		t.Error("a check with nothing new swapped the router")
	}
}

// Two instances behind one real Redis: the one that downloads a new CR
// announces it, the other (checking nothing itself) learns of it and
// reloads; one started later reads the announcement at start.
func TestReloadAcrossInstances(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	store := func() session.Store {
		s, err := session.NewRedis(session.RedisConfig{Addrs: []string{addr}, Prefix: prefix, OpTimeout: 5 * time.Second,
			DialTimeout: 3 * time.Second, ReadTimeout: 3 * time.Second, WriteTimeout: 3 * time.Second, PoolTimeout: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	f := fetchtest.New(t) // serves the April CR
	a := newInstance(t, f, "20260116", store())
	b := newInstance(t, f, "20260116", store())
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	run := func(in *instance, every time.Duration) {
		wg.Add(1)
		go func() { defer wg.Done(); in.rl.Run(ctx, every, time.Hour) }()
	}
	// b checks nothing itself. Whether a's announcement comes before b
	// subscribes (b reads the key then) or after (b hears it), b learns
	// of it through Redis.
	run(b, 0)
	run(a, 200*time.Millisecond)
	waitFor(t, "a to serve the April CR", func() bool { return a.servedCR(t) == "2026-04-17" })
	waitFor(t, "b to serve the April CR", func() bool { return b.servedCR(t) == "2026-04-17" })
	if !strings.Contains(b.log.String(), "another instance serves a newer CR") {
		t.Errorf("b did not reload on a's announcement:\n%s", b.log.String())
	}
	c := newInstance(t, f, "20260116", store())
	run(c, 0)
	waitFor(t, "c, started later, to serve the April CR", func() bool { return c.servedCR(t) == "2026-04-17" })
}

// An announcement this instance cannot follow (its download fails) is
// tried once, not again at every read of the key; a newer one is tried.
func TestAnnouncementTriedOnce(t *testing.T) {
	store := session.NewMemory()
	defer store.Close()
	kb := rulings.LoadCR(testkb.CR(t)) // 2026-04-17
	var updates atomic.Int32
	rl := &Reloader{
		Load:   func() (*rulings.KB, error) { return nil, fmt.Errorf("no load expected") },
		Inputs: func() (string, error) { return "same files", nil },
		Update: func(context.Context) ([]string, error) {
			updates.Add(1)
			return nil, fmt.Errorf("cannot reach the rules page")
		},
		Store: store,
	}
	rl.Begin(kb)
	ctx := context.Background()
	announce := func(date string) {
		t.Helper()
		if err := store.Publish(ctx, VersionKey, []byte(`{"cr":"`+date+`","instance":"other"}`)); err != nil {
			t.Fatal(err)
		}
		rl.readVersion(ctx)
	}
	announce("2026-04-17") // what this instance serves: nothing to do
	if n := updates.Load(); n != 0 {
		t.Fatalf("%d downloads for the version already served", n)
	}
	announce("2026-08-01")
	announce("2026-08-01")
	if n := updates.Load(); n != 1 {
		t.Fatalf("%d downloads for one announcement, want 1", n)
	}
	announce("2026-11-14")
	if n := updates.Load(); n != 2 {
		t.Fatalf("%d downloads after a newer announcement, want 2", n)
	}
	if got := rl.Served().Format(time.DateOnly); got != "2026-04-17" {
		t.Errorf("serving %s after failed downloads", got)
	}
}
