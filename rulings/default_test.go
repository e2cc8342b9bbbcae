package rulings

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/embedded"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

func copyFile(t *testing.T, src, dst string, edit func([]byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		data = edit(data)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLoadDefaultWithNoData: a fresh install with no data directory serves
// the embedded CR and tournament documents, says so, and has no cards.
func TestLoadDefaultWithNoData(t *testing.T) {
	for _, dir := range []string{"", filepath.Join(t.TempDir(), "missing")} {
		kb, err := LoadDefault(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		if !kb.EffectiveDate().Equal(embedded.CREffectiveDate()) || !kb.Versions[0].Embedded() {
			t.Errorf("serving %s from %s", kb.EffectiveDate(), kb.CRSource())
		}
		if !strings.Contains(kb.CRSource(), "built-in") {
			t.Errorf("CRSource() = %q", kb.CRSource())
		}
		if r, ok := kb.Rule("302.6"); !ok || !strings.Contains(r.Text, "attack") {
			t.Errorf("302.6: %v %v", r, ok)
		}
		if !kb.Tourney.Loaded(tourney.IPG) || !kb.Tourney.Loaded(tourney.MTR) {
			t.Error("embedded tournament documents not loaded")
		}
		if kb.HasCards() {
			t.Error("cards without a catalogue")
		}
		if res := kb.Search("summoning sickness", searchOpts()); len(res) == 0 {
			t.Error("search finds nothing")
		}
	}
}

// TestLoadDefaultPrefersFiles: cards from the directory join the embedded
// CR; a CR file as new as the embedded one, or newer (what `data update`
// downloads), wins over it; an older one does not.
func TestLoadDefaultPrefersFiles(t *testing.T) {
	shared := shareddata.Data(t)
	embeddedDate := embedded.CREffectiveDate().Format("2006-01-02")

	cardsOnly := t.TempDir()
	copyFile(t, filepath.Join(shared, "cards/mtgjson-v5/M15.json"), filepath.Join(cardsOnly, "M15.json"), nil)
	kb, err := LoadDefault(cardsOnly, "")
	if err != nil {
		t.Fatal(err)
	}
	if !kb.Versions[0].Embedded() || !kb.HasCards() {
		t.Errorf("cards only: CR from %s, cards %v", kb.CRSource(), kb.HasCards())
	}
	if _, ok := kb.Cards.Lookup("Ensoul Artifact"); !ok {
		t.Error("card from the directory missing")
	}

	older := t.TempDir()
	copyFile(t, filepath.Join(shared, "cr/cr-20260116.txt"), filepath.Join(older, "cr.txt"), nil)
	if kb, err = LoadDefault(older, ""); err != nil {
		t.Fatal(err)
	}
	if !kb.Versions[0].Embedded() || len(kb.Versions) != 2 {
		t.Errorf("an older CR file: serving %s from %s, %d versions", kb.EffectiveDate(), kb.CRSource(), len(kb.Versions))
	}

	same := t.TempDir()
	copyFile(t, filepath.Join(shared, "cr/cr-20260417.txt"), filepath.Join(same, "cr.txt"), nil)
	if kb, err = LoadDefault(same, ""); err != nil {
		t.Fatal(err)
	}
	if kb.Versions[0].Embedded() || len(kb.Versions) != 1 || kb.EffectiveDate().Format("2006-01-02") != embeddedDate {
		t.Errorf("a CR file of the embedded date: serving %s from %s", kb.EffectiveDate(), kb.CRSource())
	}

	// A newer CR, as `data update` would download it: the embedded text
	// with a later effective date.
	newer := t.TempDir()
	copyFile(t, filepath.Join(shared, "cr/cr-20260417.txt"), filepath.Join(newer, "cr.txt"), func(b []byte) []byte {
		return bytes.Replace(b, []byte("effective as of April 17, 2026"), []byte("effective as of June 12, 2026"), 1)
	})
	if kb, err = LoadDefault(newer, ""); err != nil {
		t.Fatal(err)
	}
	if kb.Versions[0].Embedded() || kb.EffectiveDate().Format("2006-01-02") != "2026-06-12" {
		t.Errorf("a newer CR file: serving %s from %s", kb.EffectiveDate(), kb.CRSource())
	}
	if !kb.Tourney.Loaded(tourney.IPG) {
		t.Error("embedded tournament documents not added to a directory without them")
	}
}

func TestLoadDefaultSnapshot(t *testing.T) {
	cache := t.TempDir()
	first, err := LoadDefault("", cache)
	if err != nil {
		t.Fatal(err)
	}
	second, err := LoadDefault("", cache)
	if err != nil {
		t.Fatal(err)
	}
	if first.Snapshot != "" || second.Snapshot == "" {
		t.Fatalf("snapshots: first %q second %q (%v)", first.Snapshot, second.Snapshot, first.SnapshotErr)
	}
	if !second.Versions[0].Embedded() || !second.EffectiveDate().Equal(first.EffectiveDate()) || second.CR.Len() != first.CR.Len() {
		t.Error("the snapshot of the embedded data differs")
	}
	if !second.Tourney.Loaded(tourney.JAR) {
		t.Error("tournament documents lost in the snapshot")
	}
}

func searchOpts() search.Options { return search.Options{Limit: 5} }
