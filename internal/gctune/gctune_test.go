package gctune

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestChoose(t *testing.T) {
	const MiB = 1 << 20
	cases := []struct {
		live     uint64
		config   int64
		gogc     int
		limitMiB int64
	}{
		// A small heap: 64 MiB of garbage is 400% of 16 MiB, the cap.
		{16 * MiB, 0, 400, 16 + 128},
		// 128 MiB live: 64 MiB of garbage is 50%.
		{128 * MiB, 0, 50, 128 + 128},
		// 400 MiB live: half the heap, 50%.
		{400 * MiB, 0, 50, 400 + 400},
		// A configured limit wins.
		{128 * MiB, 300 * MiB, 50, 300},
	}
	for _, c := range cases {
		gogc, limit := Choose(c.live, c.config)
		if gogc != c.gogc || limit != c.limitMiB*MiB {
			t.Errorf("Choose(%d MiB, %d) = %d, %d MiB; want %d, %d MiB", c.live/MiB, c.config, gogc, limit/MiB, c.gogc, c.limitMiB)
		}
	}
}

func TestApplyRespectsTheEnvironment(t *testing.T) {
	oldGC := debug.SetGCPercent(100)
	oldLimit := debug.SetMemoryLimit(-1)
	defer func() { debug.SetGCPercent(oldGC); debug.SetMemoryLimit(oldLimit) }()

	t.Setenv("GOGC", "100")
	t.Setenv("GOMEMLIMIT", "")
	s := Apply(0)
	if s.GOGC != 100 || s.GOGCFrom != "env" {
		t.Errorf("GOGC set in the environment was changed: %v", s)
	}
	if s.LimitFrom != "heap" || s.MemoryLimit <= int64(s.LiveHeap) {
		t.Errorf("limit %v", s)
	}
	if got := debug.SetMemoryLimit(-1); got != s.MemoryLimit {
		t.Errorf("limit in force %d, reported %d", got, s.MemoryLimit)
	}

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	s = Apply(0)
	if s.GOGCFrom != "heap" || s.LimitFrom != "env" || s.MemoryLimit != 1<<30 {
		t.Errorf("%v", s)
	}
	if got := debug.SetGCPercent(-1); got != s.GOGC {
		t.Errorf("GOGC in force %d, reported %d", got, s.GOGC)
	}
}

// During a reload a limit and a GOGC chosen from the heap are lifted, and
// set again from the heap afterwards; ones from the environment stay.
func TestReloading(t *testing.T) {
	oldGC := debug.SetGCPercent(100)
	oldLimit := debug.SetMemoryLimit(-1)
	defer func() { debug.SetGCPercent(oldGC); debug.SetMemoryLimit(oldLimit) }()

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	s := Apply(0)
	done := Reloading(s, 0)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit during a reload %d, want none", got)
	}
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GOGC during a reload %d, want 100", got)
	}
	after := done()
	if got := debug.SetMemoryLimit(-1); got != after.MemoryLimit || after.LimitFrom != "heap" || got == math.MaxInt64 {
		t.Errorf("limit after the reload %d (%v)", got, after)
	}
	if got := debug.SetGCPercent(-1); got != after.GOGC {
		t.Errorf("GOGC after the reload %d, reported %d", got, after.GOGC)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	s = Apply(0)
	done = Reloading(s, 0)
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("a limit from the environment was lifted: %d", got)
	}
	done()
}
