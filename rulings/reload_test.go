package rulings

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

// Inputs changes exactly when a load would read other files: a new file, a
// file rewritten; not a second look, nor a snapshot written in a cache
// directory inside the data directory.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, ".snapshots")
	copyFile := func(rel, to string) {
		data, err := os.ReadFile(shareddata.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	inputs := func() string {
		t.Helper()
		k, err := Inputs(dir, cache, false)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	copyFile("cr/cr-20260116.txt", filepath.Join(dir, "cr", "cr-20260116.txt"))
	first := inputs()
	if again := inputs(); again != first {
		t.Fatal("the same files gave two keys")
	}
	if _, err := LoadCached(dir, cache); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(SnapshotPath(dir, cache)); err != nil {
		t.Fatalf("no snapshot written: %v", err)
	}
	if k := inputs(); k != first {
		t.Error("a snapshot in the cache directory changed the inputs")
	}
	copyFile("cr/cr-20260417.txt", filepath.Join(dir, "cr", "cr-20260417.txt"))
	added := inputs()
	if added == first {
		t.Error("a new CR file left the inputs unchanged")
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "cr", "cr-20260417.txt"), later, later); err != nil {
		t.Fatal(err)
	}
	if inputs() == added {
		t.Error("a rewritten file left the inputs unchanged")
	}
	if _, err := Inputs(filepath.Join(dir, "missing"), "", false); err == nil {
		t.Error("a missing data directory gave inputs")
	}
	if _, err := Inputs(filepath.Join(dir, "missing"), "", true); err != nil {
		t.Errorf("the default directory may be missing: %v", err)
	}
}
