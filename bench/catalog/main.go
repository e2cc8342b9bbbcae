// Command catalog measures the knowledge base at full size: the load, the
// resident memory after it, and the latency of searches and card-name
// look-ups over every real card name, each next to raw sahilm/fuzzy.Find
// over the same names in the same run. It uses only the API that the code
// before the compiled snapshot also had (rulings.Load, KB.Search,
// Catalog.Lookup/Suggest/Autocomplete), so run.sh can build the same
// program against that code for a ratio; snapshot.go adds the snapshot
// modes when built with -tags snapshot.
//
//	go run -tags snapshot ./bench/catalog -data DIR [-cache DIR] [-mode all|start|build]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/sahilm/fuzzy"

	"github.com/arbiter-mtg/arbiter/internal/namequery"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

var (
	dataDir  = flag.String("data", "", "data directory (CR, tournament documents, card files)")
	cacheDir = flag.String("cache", "", "snapshot cache directory (needs -tags snapshot)")
	mode     = flag.String("mode", "all", "all: load then measure queries; start: load and report time and memory only; build: build the snapshot; soak: 20,000 mixed queries, then memory")
	evalFile = flag.String("eval", "rulings/testdata/eval.tsv", "questions for the search measurement")
	rounds   = flag.Int("rounds", 3, "passes over each query set")
)

// load is replaced by snapshot.go when built with -tags snapshot.
var load = func(dir string) (*rulings.KB, error) { return rulings.Load(dir) }

// build is set by snapshot.go.
var build func(dir, cache string) error

func main() {
	flag.Parse()
	// The machine may be shared: what else ran is part of every figure.
	fmt.Printf("loadavg\t%s\n", loadAvg())
	defer func() { fmt.Printf("loadavg\t%s (at the end)\n", loadAvg()) }()
	if *dataDir == "" {
		fmt.Fprintln(os.Stderr, "catalog: -data DIR is required")
		os.Exit(2)
	}
	if *mode == "build" {
		if build == nil {
			fmt.Fprintln(os.Stderr, "catalog: -mode build needs -tags snapshot")
			os.Exit(2)
		}
		t0 := time.Now()
		cpu0 := cpuTime()
		if err := build(*dataDir, *cacheDir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("build\t%.2f s wall\t%.2f s CPU\n", time.Since(t0).Seconds(), (cpuTime() - cpu0).Seconds())
		return
	}
	t0 := time.Now()
	cpu0 := cpuTime()
	kb, err := load(*dataDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ready := time.Since(t0)
	cpu := cpuTime() - cpu0
	after := rss()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("load\t%.3f s wall\t%.3f s CPU\tcards %d\titems %d\n", ready.Seconds(), cpu.Seconds(), kb.Cards.Len(), kb.Index.Len())
	fmt.Printf("memory\tRSS at ready %d MiB\tpeak RSS %d MiB\tlive heap %d MiB\n", after>>20, peakRSS()>>20, ms.HeapAlloc>>20)
	switch *mode {
	case "start":
		return
	case "soak":
		soak(kb)
		return
	}
	measure(kb)
}

// soak runs 20,000 mixed look-ups (searches, card names with and without
// typos, misses with suggestions, autocomplete) the way a busy server
// sees them, and reports the resident memory afterwards.
func soak(kb *rulings.KB) {
	var names []string
	for _, c := range kb.Cards.Cards() {
		names = append(names, c.Name)
	}
	questions := readQuestions(*evalFile)
	rng := rand.New(rand.NewSource(2))
	t0 := time.Now()
	for i := range 20000 {
		name := names[rng.Intn(len(names))]
		switch i % 5 {
		case 0:
			kb.Search(questions[rng.Intn(len(questions))], search.Options{Limit: 5})
		case 1:
			kb.Cards.Lookup(name)
		case 2:
			r := []rune(name)
			if len(r) > 4 {
				r = append(r[:2], r[3:]...)
			}
			if _, ok := kb.Cards.Lookup(string(r)); !ok {
				kb.Cards.Suggest(string(r), 5)
			}
		case 3:
			kb.Cards.Autocomplete(strings.ToLower(name[:min(len(name), 1+rng.Intn(6))]), 25)
		case 4:
			kb.Search(name+" "+questions[rng.Intn(len(questions))], search.Options{Limit: 5})
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("soak\t20000 mixed queries in %.1f s\tRSS %d MiB\tpeak RSS %d MiB\theap in use %d MiB\tGC cycles %d\n",
		time.Since(t0).Seconds(), rss()>>20, peakRSS()>>20, ms.HeapInuse>>20, ms.NumGC)
}

func measure(kb *rulings.KB) {
	var names []string
	for _, c := range kb.Cards.Cards() {
		names = append(names, c.Name)
	}
	rng := rand.New(rand.NewSource(1))
	questions := readQuestions(*evalFile)
	// Typos: a real name with one letter changed, dropped or doubled.
	var typos, misses, prefixes []string
	for len(typos) < 2000 {
		n := []rune(names[rng.Intn(len(names))])
		if len(n) < 6 {
			continue
		}
		i := 1 + rng.Intn(len(n)-2)
		switch rng.Intn(3) {
		case 0:
			n[i] = 'a' + rune(rng.Intn(26))
		case 1:
			n = append(n[:i], n[i+1:]...)
		default:
			n = slices.Insert(n, i, n[i])
		}
		typos = append(typos, string(n))
	}
	// Misses: a real name with most letters replaced, kept when Lookup
	// finds nothing, so that Suggest runs.
	misses = namequery.Misses(names, 500, 200000, rng, func(q string) bool { _, ok := kb.Cards.Lookup(q); return ok })
	for len(prefixes) < 2000 {
		n := names[rng.Intn(len(names))]
		k := 1 + rng.Intn(min(8, len(n)))
		prefixes = append(prefixes, strings.ToLower(n[:k]))
	}
	raw := func(qs []string) stats {
		return timeEach(qs, func(q string) { fuzzy.Find(q, names) })
	}
	report := func(what string, s, base stats) {
		fmt.Printf("%s\tn %d\tp50 %s\tp99 %s\tp99(best of rounds) %s\tmax %s\tallocs/op %.0f\tKiB/op %.1f", what, s.n, s.p50, s.p99, s.bestP99, s.max, s.allocs, s.bytes/1024)
		if base.n > 0 {
			fmt.Printf("\traw fuzzy.Find p50 %s p99 %s\tp99 ratio %.1fx", base.p50, base.p99, float64(base.p99)/float64(s.p99))
		}
		fmt.Println()
	}
	report("search", timeEach(questions, func(q string) { kb.Search(q, search.Options{Limit: 5}) }), stats{})
	report("name typo", timeEach(typos, func(q string) { kb.Cards.Lookup(q) }), raw(typos[:200]))
	report("miss+suggest", timeEach(misses, func(q string) {
		if _, ok := kb.Cards.Lookup(q); !ok {
			kb.Cards.Suggest(q, 5)
		}
	}), raw(misses[:min(200, len(misses))]))
	report("autocomplete", timeEach(prefixes, func(q string) { kb.Cards.Autocomplete(q, 25) }), raw(prefixes[:200]))
}

type stats struct {
	n             int
	p50, p99, max time.Duration
	allocs, bytes float64
	// bestP99 is the p99 over queries of each query's fastest round: on a
	// shared machine it leaves out the pauses other processes cause.
	bestP99 time.Duration
}

func timeEach(qs []string, f func(string)) stats {
	if len(qs) == 0 {
		return stats{}
	}
	for _, q := range qs[:min(50, len(qs))] {
		f(q) // warm up
	}
	var durs []time.Duration
	best := make([]time.Duration, len(qs))
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for r := range *rounds {
		for i, q := range qs {
			t := time.Now()
			f(q)
			d := time.Since(t)
			durs = append(durs, d)
			if r == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	runtime.ReadMemStats(&m1)
	slices.Sort(best)
	slices.Sort(durs)
	pct := func(p float64) time.Duration { return durs[int(p*float64(len(durs)-1))] }
	return stats{n: len(durs), p50: pct(0.5), p99: pct(0.99), max: durs[len(durs)-1], bestP99: best[int(0.99*float64(len(best)-1))],
		allocs: float64(m1.Mallocs-m0.Mallocs) / float64(len(durs)), bytes: float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(durs))}
}

func readQuestions(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, _, _ := strings.Cut(line, "\t")
		out = append(out, q)
	}
	// Card-shaped questions too: the full catalogue is most of the index.
	out = append(out, "Ensoul Artifact on an Ornithopter", "Lightning Bolt", "what does Thassa's Oracle do when you have no library",
		"can Llanowar Elves tap for mana the turn it comes in", "Tarmogoyf power counts card types in all graveyards")
	return out
}

// loadAvg is the 1, 5 and 15 minute load averages and the number of
// processors (Linux); "?" elsewhere.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return fmt.Sprintf("%s %s %s on %d processors", f[0], f[1], f[2], runtime.NumCPU())
}

// rss and peakRSS read /proc/self/status (Linux); 0 elsewhere.
func rss() uint64     { return procStatus("VmRSS:") }
func peakRSS() uint64 { return procStatus("VmHWM:") }

func procStatus(field string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, field) {
			var kb uint64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, field)), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

func cpuTime() time.Duration {
	data, err := os.ReadFile(filepath.Join("/proc/self/stat"))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data)[strings.LastIndexByte(string(data), ')')+2:])
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	return time.Duration(utime+stime) * 10 * time.Millisecond // USER_HZ 100
}
