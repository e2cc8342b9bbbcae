package engine

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The readable and JSON output of every testdata/*.scn scenario, compared
// with testdata/*.golden and *.json.golden (go test -run Golden -update
// rewrites them). Rendering only: correctness is asserted in the other
// tests.
func TestGolden(t *testing.T) {
	cards := testCards(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.scn"))
	if len(files) == 0 {
		t.Fatal("no testdata/*.scn scenarios")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".scn")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Parse(string(b))
			if err != nil {
				t.Fatal(err)
			}
			r := run(s, cards)
			j, err := r.JSON()
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range []struct{ path, got string }{
				{strings.TrimSuffix(f, ".scn") + ".golden", r.Text()},
				{strings.TrimSuffix(f, ".scn") + ".json.golden", string(j) + "\n"},
			} {
				if *update {
					if err := os.WriteFile(g.path, []byte(g.got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(g.path)
				if err != nil {
					t.Fatalf("%v (run go test -run Golden -update)", err)
				}
				if string(want) != g.got {
					t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", g.path, g.got, want)
				}
			}
		})
	}
}
