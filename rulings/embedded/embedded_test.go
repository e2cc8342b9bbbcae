package embedded

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// TestEmbeddedCRIsTheNewest fails when ../shared/data/cr holds a CR newer
// than the embedded copy: run `go generate ./rulings/embedded`.
func TestEmbeddedCRIsTheNewest(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(shareddata.Data(t), "cr", "*"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil || !cr.IsCR(data) {
			continue
		}
		found++
		date, err := cr.PeekEffectiveDate(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if date.After(CREffectiveDate()) {
			t.Errorf("%s is effective %s, after the embedded CR (%s): run `go generate ./rulings/embedded`", p, date.Format("2006-01-02"), CREffectiveDate().Format("2006-01-02"))
		}
	}
	if found == 0 {
		t.Fatal("no CR text in ../shared/data/cr to compare with")
	}
}

func TestEmbeddedCRParses(t *testing.T) {
	f, err := CR()
	if err != nil {
		t.Fatal(err)
	}
	rules, err := cr.ParseBytes(f.Data)
	if err != nil {
		t.Fatal(err)
	}
	if !rules.EffectiveDate.Equal(CREffectiveDate()) {
		t.Errorf("text effective %s, manifest says %s", rules.EffectiveDate, CREffectiveDate())
	}
	// 302.6 is the summoning-sickness rule of every recent CR.
	if r, ok := rules.Rule("302.6"); !ok || r.Text == "" {
		t.Error("rule 302.6 missing from the embedded CR")
	}
	if ID() == "" || CRSource() == "" {
		t.Error("no ID or source")
	}
}

func TestEmbeddedTournamentDocuments(t *testing.T) {
	files, err := Tournament()
	if err != nil {
		t.Fatal(err)
	}
	lib := tourney.NewLibrary()
	for _, f := range files {
		if ok, err := lib.AddFile(f.Name, f.Data); !ok || err != nil {
			t.Errorf("%s: recognised %v, %v", f.Name, ok, err)
		}
	}
	lib.Finish()
	for _, doc := range tourney.Docs {
		if !lib.Loaded(doc) {
			t.Errorf("%s not in the embedded documents", doc)
		}
	}
	// IPG 2.1 is Game Play Error — Missed Trigger.
	if s, ok := lib.Section(tourney.IPG, "2.1"); !ok || !strings.Contains(s.Title, "Missed Trigger") {
		t.Errorf("IPG 2.1: %v %v", s, ok)
	}
}
