package wire

import (
	"context"
	"log/slog"
	"math/rand"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/gctune"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/session"
)

// answer is one request timed by the load: when it started and ended.
type answer struct{ start, end time.Time }

// BenchmarkReloadUnderLoad reloads the whole catalogue (../shared/
// cards-full through its snapshot, with the CRs and tournament documents)
// while clients ask for rules, cards and searches without pause, and
// reports the longest answer among those under way during a reload
// (max-ms-during), the same over an equally long stretch with no reload
// (max-ms-quiet), and how long a reload takes (reload-ms: load the
// snapshot, build the sources and warm them, swap) and the heap's peak
// (peak-heap-MiB, both knowledge bases held at once during a reload),
// under three settings of the collector.
func BenchmarkReloadUnderLoad(b *testing.B) {
	dir, cache := b.TempDir(), b.TempDir()
	for name, target := range map[string]string{
		"cards":      shareddata.CardsFull(b),
		"cr":         filepath.Join(shareddata.Data(b), "cr"),
		"tournament": filepath.Join(shareddata.Data(b), "tournament"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			b.Fatal(err)
		}
	}
	if err := rulings.BuildSnapshot(dir, cache, nil); err != nil {
		b.Fatal(err)
	}
	load := func() (*rulings.KB, error) { return rulings.LoadCached(dir, cache) }
	// The collector as Go sets it by default; as serve and http set it
	// (internal/gctune: GOGC and a soft memory limit from the live heap,
	// both lifted during a reload); and as they set it but not lifted.
	oldGC, oldLimit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(oldGC)
	for _, mode := range []string{"go-default", "server-gc", "server-gc-not-lifted"} {
		b.Run(mode, func(b *testing.B) {
			defer func() { debug.SetGCPercent(oldGC); debug.SetMemoryLimit(oldLimit) }()
			reloadUnderLoad(b, load, mode)
		})
	}
}

func reloadUnderLoad(b *testing.B, load func() (*rulings.KB, error), mode string) {
	kb, err := load()
	if err != nil || kb.Snapshot == "" {
		b.Fatalf("%v (snapshot %q)", err, kb.Snapshot)
	}
	d := FromKB(kb)
	d.Store = session.NewMemory()
	defer d.Store.Close()
	warm(d)
	r, err := commands.New(d)
	if err != nil {
		b.Fatal(err)
	}
	live := commands.NewLive(r)
	rl := &Reloader{Live: live, Load: load} // no Inputs: every reload loads
	if testing.Verbose() {
		rl.Log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	rl.Begin(kb)

	var names []string
	for _, c := range kb.Cards.Cards() {
		names = append(names, c.Name)
	}
	rules := []string{"302.6", "613.4c", "702.19", "704.5k", "100.1"}
	queries := []string{"can my creature attack the turn I played it", "layer 7b", "first strike damage", "summoning sickness"}
	kb = nil
	if mode != "go-default" {
		gc := gctune.Apply(0)
		if mode == "server-gc" {
			rl.Around = func() func() {
				done := gctune.Reloading(gc, 0)
				return func() { gc = done() }
			}
		}
	}

	var (
		mu      sync.Mutex
		answers []answer
		stop    atomic.Bool
		wg      sync.WaitGroup
	)
	const clients = 4
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(int64(i)))
			var mine []answer
			for n := 0; !stop.Load(); n++ {
				var req commands.Request
				switch n % 3 {
				case 0:
					req = commands.NewRequest("rule", "number", rules[rnd.Intn(len(rules))])
				case 1:
					req = commands.NewRequest("card", "name", names[rnd.Intn(len(names))])
				default:
					req = commands.NewRequest("search", "query", queries[rnd.Intn(len(queries))])
				}
				req.UserID = "bench"
				start := time.Now()
				if rep := live.Serve(context.Background(), req); rep.Error && rep.Code != commands.CodeNotFound {
					b.Errorf("%s: %s", req.Command, rep.Body)
				}
				mine = append(mine, answer{start, time.Now()})
			}
			mu.Lock()
			answers = append(answers, mine...)
			mu.Unlock()
		}()
	}
	// The live heap's peak, sampled without stopping the world: while a
	// reload runs, the old and the new knowledge base are both held.
	var peak atomic.Uint64
	sampleDone := make(chan struct{})
	go func() {
		defer close(sampleDone)
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for !stop.Load() {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	type window struct{ from, to time.Time }
	var reloads, quiet []window
	time.Sleep(time.Second) // the load settles
	for b.Loop() {
		from := time.Now()
		rep, err := rl.ReloadFiles(context.Background())
		if err != nil || !rep.Swapped {
			b.Fatalf("reload: %v (swapped %v)", err, rep.Swapped)
		}
		to := time.Now()
		reloads = append(reloads, window{from, to})
		// As long again with no reload, for comparison.
		time.Sleep(to.Sub(from))
		quiet = append(quiet, window{to.Add(to.Sub(from) / 10), time.Now()})
	}
	b.StopTimer()
	stop.Store(true)
	wg.Wait()
	<-sampleDone
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")

	maxIn := func(ws []window) (time.Duration, int) {
		var worst time.Duration
		n := 0
		for _, a := range answers {
			for _, w := range ws {
				if a.start.Before(w.to) && a.end.After(w.from) {
					worst = max(worst, a.end.Sub(a.start))
					n++
					break
				}
			}
		}
		return worst, n
	}
	during, n := maxIn(reloads)
	calm, _ := maxIn(quiet)
	var total time.Duration
	for _, w := range reloads {
		total += w.to.Sub(w.from)
	}
	b.ReportMetric(float64(during.Microseconds())/1000, "max-ms-during")
	b.ReportMetric(float64(calm.Microseconds())/1000, "max-ms-quiet")
	b.ReportMetric(float64(total.Milliseconds())/float64(len(reloads)), "reload-ms")
	b.ReportMetric(float64(n)/float64(len(reloads)), "answers/reload")
	durs := make([]time.Duration, 0, len(answers))
	for _, a := range answers {
		durs = append(durs, a.end.Sub(a.start))
	}
	slices.Sort(durs)
	if len(durs) > 0 {
		b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds())/1000, "p99-ms-all")
	}
}
