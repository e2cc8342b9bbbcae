//go:build !race

// The full catalogue is decoded once into a snapshot, which takes minutes
// under the race detector: this measurement runs in ordinary builds
// (go test ./ask -run FullCatalogue -v), as the engine's catalogue
// coverage does.

package ask

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// fullAsker answers over the whole card catalogue (../shared/cards-full)
// with the CR and tournament documents of ../shared/data, loaded through
// a snapshot kept in the user's cache between runs.
func fullAsker(t testing.TB) *Asker {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = t.TempDir()
	}
	// A fixed directory of links, so that the snapshot's key (which names
	// the files) is the same from one run to the next.
	dir := filepath.Join(cache, "arbiter-tests", "full-data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"cards":      shareddata.Path(t, "../cards-full"),
		"cr":         shareddata.Path(t, "cr"),
		"tournament": shareddata.Path(t, "tournament"),
	} {
		link := filepath.Join(dir, name)
		if got, err := os.Readlink(link); err == nil && got == target {
			continue
		}
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	kb, err := rulings.LoadCached(dir, filepath.Join(cache, "arbiter-tests", "snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	return New(kb)
}

// TestRealQuestionsFullCatalogue measures the real questions with every
// card linkable, as the product answers them with a full catalogue.
func TestRealQuestionsFullCatalogue(t *testing.T) {
	a := fullAsker(t)
	for _, set := range realSets() {
		for _, kind := range []string{evalset.KindRules, evalset.KindTournament} {
			var got score
			for _, q := range set.qs {
				if q.Kind != kind {
					continue
				}
				ans := a.Ask(q.Question)
				got.add(ans.Top(), q.Expect)
				// Misses are shown for the tune half only: the others are
				// measured, never read.
				if testing.Verbose() && set.name == "tune" {
					logMiss(t, q, ans)
				}
			}
			t.Logf("%-7s %-10s ask over the full catalogue: %s", set.name, kind, got)
			if f, ok := fullFloors[set.name+" "+kind]; ok && (got.rate1() < f[0] || got.rate5() < f[1]) {
				t.Errorf("%s %s fell below its floor (top-1 %.2f, top-5 %.2f): %s", set.name, kind, f[0], f[1], got)
			}
		}
	}
}

// BenchmarkAskFullCatalogue answers the development questions over the
// whole catalogue and reports the p50 and p99 of one answer: wall-clock,
// and (on Linux) the CPU time of the thread that answers, which a machine
// busy with other work does not stretch.
func BenchmarkAskFullCatalogue(b *testing.B) {
	a := fullAsker(b)
	qs := evalset.Dev()
	a.Ask(qs[0].Question) // the name index is built on first use
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var times, cpu []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := qs[i%len(qs)]
		c0, ok0 := threadCPU()
		start := time.Now()
		a.Ask(q.Question)
		times = append(times, time.Since(start))
		if c1, ok1 := threadCPU(); ok0 && ok1 {
			cpu = append(cpu, c1-c0)
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
	if len(cpu) == len(times) {
		slices.Sort(cpu)
		b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds()), "cpu-p50-µs")
		b.ReportMetric(float64(cpu[len(cpu)*99/100].Microseconds()), "cpu-p99-µs")
	}
}

// An IPG penalty that is also a card's name (Warning, Ice Age) is the
// penalty in a judge call and the card in a rules question; a bracketed
// name is always the card.
func TestPenaltyNamedInACall(t *testing.T) {
	a := fullAsker(t)
	named := func(q, card string) bool {
		return slices.ContainsFunc(a.Ask(q).Cards, func(c *cards.Card) bool { return c.Name == card })
	}
	if q := "At Competitive REL my opponent drew an extra card and the judge gave him a Warning. Shouldn't that be a Game Loss?"; named(q, "Warning") {
		t.Errorf("%q: Warning is the penalty, not the card", q)
	}
	if q := "I cast Warning on his attacking Serra Angel. Does my Serra Angel still deal damage to it when it blocks?"; !named(q, "Warning") {
		t.Errorf("%q: Warning is the card", q)
	}
	if q := "At Competitive REL my opponent cast [[Warning]] but forgot to pay for it. What's the penalty?"; !named(q, "Warning") {
		t.Errorf("%q: a bracketed name is the card", q)
	}
}

// A call that names the card whose trigger was forgotten is a Missed
// Trigger (IPG 2.1), whatever the card: the card's name is the story's,
// and the IPG's example of a Hidden Card Error that names the same card
// (a Dark Confidant trigger resolved without revealing) says nothing of
// this call.
func TestForgottenTriggerOfANamedCard(t *testing.T) {
	a := fullAsker(t)
	for _, q := range []string{
		"My opponent forgot his Dark Confidant trigger and noticed after drawing for the turn. What's the fix?",
		"At Competitive REL my opponent missed his Bitterblossom trigger for two turns. What's the penalty?",
		// A judges' short form before the name, read as the words it stands for.
		"Our TO asked: my opponent forgot his Dark Confidant trigger. What's the penalty?",
	} {
		ans := a.Ask(q)
		if top := ans.Top(); !ans.Tournament || len(top) == 0 || top[0].Kind != "ipg" || top[0].ID != "2.1" {
			t.Errorf("%q: first source %v (a tournament call: %v), want IPG 2.1 Missed Trigger", q, top[:min(len(top), 3)], ans.Tournament)
		}
	}
}
