package wire

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// The four CR files of ../shared/data/cr, by the dates their headers give
// (the 2021 file's header says November 19).
func TestVersions(t *testing.T) {
	kb, err := rulings.Load(filepath.Join(shareddata.Data(t), "cr"))
	if err != nil {
		t.Fatal(err)
	}
	v := NewVersions(kb)
	var got []string
	for _, d := range v.Dates() {
		got = append(got, d.Format(time.DateOnly))
	}
	if strings.Join(got, " ") != "2026-04-17 2026-01-16 2025-11-14 2021-11-19" {
		t.Fatalf("dates %v", got)
	}
	old, err := v.Version(day("2025-11-14"))
	if err != nil {
		t.Fatal(err)
	}
	// 702.124k was "Friends forever" in November 2025 only.
	if r, ok := old.Rule("702.124k"); !ok || !strings.Contains(r.Text, "Friends forever") {
		t.Errorf("702.124k of 2025-11-14: %+v", r)
	}
	if _, err := v.Version(day("2024-01-01")); err == nil {
		t.Error("an unheld version was served")
	}
	// Concurrent requests for one pair compute it once and share it.
	var wg sync.WaitGroup
	res := make([]any, 4)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := v.Diff(day("2025-11-14"), day("2026-01-16"))
			if err != nil {
				t.Error(err)
			}
			res[i] = d
		}()
	}
	wg.Wait()
	for _, d := range res[1:] {
		if d != res[0] {
			t.Error("the same diff was computed twice")
		}
	}
	d, _ := v.Diff(day("2025-11-14"), day("2026-01-16"))
	if c, ok := d.Rule("610.5"); !ok || c.Kind.String() != "added" {
		t.Errorf("610.5 (new in January 2026): %+v", c)
	}
	if _, err := v.Diff(day("2024-01-01"), day("2026-01-16")); err == nil {
		t.Error("a diff with an unheld version")
	}
	// FromKB hands the versions to the commands.
	if FromKB(kb).Versions == nil {
		t.Error("FromKB leaves Versions unset")
	}
}
