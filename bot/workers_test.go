package bot

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestWorkersRunEachOnceAndReuse: every function handed to the workers runs
// exactly once, concurrent ones at once (none waits for another), and
// sequential ones reuse an idle goroutine instead of starting new ones.
func TestWorkersRunEachOnceAndReuse(t *testing.T) {
	w := &workers{idle: make(chan func())}
	var ran atomic.Int32
	var wg sync.WaitGroup
	release := make(chan struct{})
	const n = 200
	for range n {
		wg.Add(1)
		w.Go(func() {
			defer wg.Done()
			<-release // all n must be running at once for this to finish
			ran.Add(1)
		})
	}
	close(release)
	wg.Wait()
	if got := ran.Load(); got != n {
		t.Fatalf("%d of %d functions ran", got, n)
	}

	started := w.started.Load()
	if started != n {
		t.Errorf("%d goroutines started for %d concurrent functions", started, n)
	}
	for range 100 {
		done := make(chan struct{})
		w.Go(func() { close(done) })
		<-done
		for range 100 {
			runtime.Gosched() // let the worker get back to waiting
		}
	}
	if now := w.started.Load(); now > started+5 {
		t.Errorf("%d goroutines started for 100 sequential functions: idle workers were not reused", now-started)
	}
}
