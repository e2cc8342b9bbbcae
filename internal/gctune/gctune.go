// Package gctune picks the garbage collector's settings from the live heap
// after start-up. Go's default (GOGC=100) lets the heap grow to twice what
// is live before collecting; a server whose knowledge base keeps 150 MB
// live would then sit near 300 MB, and a GOGC chosen for a 30 MB heap
// (400) lets it reach 750 MB. Apply measures the live heap once the data is
// loaded and sets GOGC so that garbage may add about half the live heap (at
// least 64 MiB), and a soft memory limit above that, unless the GOGC or
// GOMEMLIMIT environment variables say otherwise.
package gctune

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// Settings is what Apply chose.
type Settings struct {
	LiveHeap    uint64 // bytes live after a full collection
	GOGC        int    // the GOGC in force afterwards
	MemoryLimit int64  // the soft memory limit in force afterwards (math.MaxInt64: none)
	GOGCFrom    string // "env", "heap" (chosen here)
	LimitFrom   string // "env", "config", "heap"
}

func (s Settings) String() string {
	return fmt.Sprintf("live heap %d MiB; GOGC=%d (%s); memory limit %d MiB (%s)",
		s.LiveHeap>>20, s.GOGC, s.GOGCFrom, s.MemoryLimit>>20, s.LimitFrom)
}

// Headroom bounds.
const (
	minGarbage = 64 << 20
	minGOGC    = 25
	maxGOGC    = 400
)

// Choose computes the settings for a live heap without applying them:
// GOGC = 100·max(64 MiB, live/2)/live within [25, 400], and a memory limit
// of live + 2·max(64 MiB, live/2) (configLimit instead when > 0), so that
// a burst of requests makes the collector work harder before the process
// grows much beyond its normal size.
func Choose(live uint64, configLimit int64) (gogc int, limit int64) {
	garbage := max(uint64(minGarbage), live/2)
	gogc = maxGOGC
	if live > 0 {
		gogc = min(maxGOGC, max(minGOGC, int(100*garbage/live)))
	}
	limit = int64(live + 2*garbage)
	if configLimit > 0 {
		limit = configLimit
	}
	return gogc, limit
}

// Apply runs a full collection, returns the memory freed by loading to
// the operating system, measures the live heap and sets GOGC and the memory
// limit from it. A GOGC or GOMEMLIMIT environment variable wins over the
// choice; configLimit (bytes, 0 for none) is a memory limit from the
// configuration file, which wins over the one chosen from the heap. Call
// it once, after the knowledge base is loaded.
func Apply(configLimit int64) Settings {
	debug.FreeOSMemory() // collects, then returns freed memory
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s := Settings{LiveHeap: ms.HeapAlloc}
	gogc, limit := Choose(s.LiveHeap, configLimit)
	if os.Getenv("GOGC") != "" {
		s.GOGC, s.GOGCFrom = debug.SetGCPercent(-1), "env"
		debug.SetGCPercent(s.GOGC)
	} else {
		debug.SetGCPercent(gogc)
		s.GOGC, s.GOGCFrom = gogc, "heap"
	}
	switch {
	case os.Getenv("GOMEMLIMIT") != "":
		s.MemoryLimit, s.LimitFrom = debug.SetMemoryLimit(-1), "env"
	case configLimit > 0:
		debug.SetMemoryLimit(limit)
		s.MemoryLimit, s.LimitFrom = limit, "config"
	default:
		debug.SetMemoryLimit(limit)
		s.MemoryLimit, s.LimitFrom = limit, "heap"
	}
	return s
}

// Reloading prepares the collector for a reload, which holds the old and
// the new knowledge base at once: under a memory limit chosen from the
// heap (about twice the live heap) the collector would run without pause
// for the whole load, taking the CPU answers need. A limit and a GOGC
// chosen from the heap are lifted (to no limit and GOGC=100) until done is
// called after the swap; done then measures the heap again and sets both
// from it, as Apply does. A limit or GOGC from the environment or the
// configuration is kept throughout.
func Reloading(s Settings, configLimit int64) (done func() Settings) {
	if s.LimitFrom == "heap" {
		debug.SetMemoryLimit(math.MaxInt64)
	}
	if s.GOGCFrom == "heap" {
		debug.SetGCPercent(100)
	}
	return func() Settings { return Apply(configLimit) }
}
