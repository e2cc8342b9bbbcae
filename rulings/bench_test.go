package rulings

import (
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

// BenchmarkLoadAndIndex is the cold start of the rules: parse the newest CR
// file and build the search index over rules and glossary. It reports the
// heap the result keeps.
func BenchmarkLoadAndIndex(b *testing.B) {
	data, err := os.ReadFile(shareddata.Path(b, "cr/cr-20260417.txt"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		rules, err := cr.ParseBytes(data)
		if err != nil {
			b.Fatal(err)
		}
		LoadCR(rules)
	}
	b.StopTimer()
	// The heap one loaded knowledge base keeps: live heap with it, minus
	// live heap without it.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rules, _ := cr.ParseBytes(data)
	kb := LoadCR(rules)
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MiB-kept")
	runtime.KeepAlive(kb)
}

func BenchmarkRuleLookup(b *testing.B) {
	kb := testKB(b)
	ids := []string{"302.6", "704.5k", "702.60", "613.4c", "100.1a", "6"}
	i := 0
	for b.Loop() {
		if _, ok := kb.Rule(ids[i%len(ids)]); !ok {
			b.Fatal("missing")
		}
		i++
	}
}

// BenchmarkSearch runs every evaluation question through the index and
// through a plain linear scan of the CR text (the way a bot without an index
// answers), in the same run, and reports per-query p50/p99 of the index and
// the ratio of the two averages.
func BenchmarkSearch(b *testing.B) {
	kb := testKB(b)
	cases := loadEval(b)
	lines := crLines(b)
	var durs []time.Duration
	var indexTotal, scanTotal time.Duration
	for b.Loop() {
		for _, c := range cases {
			t0 := time.Now()
			kb.Search(c.question, search.Options{Limit: 5})
			d := time.Since(t0)
			durs = append(durs, d)
			indexTotal += d
			t0 = time.Now()
			linearScan(lines, c.question, 5)
			scanTotal += time.Since(t0)
		}
	}
	slices.Sort(durs)
	pct := func(p float64) float64 { return float64(durs[int(p*float64(len(durs)-1))].Microseconds()) }
	b.ReportMetric(pct(0.5), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(scanTotal)/float64(indexTotal), "x-faster-than-scan")
	b.ReportMetric(0, "ns/op")
}

func crLines(tb testing.TB) []string {
	data, err := os.ReadFile(shareddata.Path(tb, "cr/cr-20260417.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range cr.SplitLines(data) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, strings.ToLower(l))
		}
	}
	return out
}

// linearScan scores every line of the CR by how many query words it holds:
// the baseline the index is compared with.
func linearScan(lines []string, q string, limit int) []int {
	words := strings.Fields(strings.ToLower(q))
	type hit struct{ line, score int }
	var hits []hit
	for i, l := range lines {
		s := 0
		for _, w := range words {
			if len(w) > 2 && strings.Contains(l, w) {
				s++
			}
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	out := make([]int, 0, limit)
	for i := 0; i < len(hits) && i < limit; i++ {
		out = append(out, hits[i].line)
	}
	return out
}
