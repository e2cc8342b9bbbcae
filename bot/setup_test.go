package bot

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/session"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func loadCR(t testing.TB) *cr.Rules { t.Helper(); return testkb.CR(t) }

// testRouter is the real command set over the real CR and an in-memory
// store.
func testRouter(t testing.TB, d commands.Deps) *commands.Router {
	t.Helper()
	if d.CR == nil {
		d.CR = loadCR(t)
	}
	if d.Store == nil {
		d.Store = session.NewMemory()
	}
	r, err := commands.New(d)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// pageToken matches the random paging token in custom ids, which golden
// files replace with a fixed word.
var pageToken = regexp.MustCompile(`pg:[0-9a-f]{16}:`)

// golden compares v, as indented JSON, with testdata/golden/name.json, or
// rewrites it with -update.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = pageToken.ReplaceAll(b, []byte("pg:TOKEN:"))
	b = append(b, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bot -run %s -update to create it)", err, t.Name())
	}
	if !bytes.Equal(b, want) {
		t.Errorf("%s differs from the golden file; got:\n%s", path, b)
	}
}
