// Package shareddata finds the real test data that lives beside the project
// (../shared/data and ../shared/seeds relative to the module root). Tests
// never copy those files; they read them in place and fail loudly when they
// are missing.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared directory (the folder holding data/ and seeds/).
// ARBITER_SHARED overrides the location. A missing directory fails the test
// with a message that says where it was looked for.
func Root(tb testing.TB) string {
	tb.Helper()
	if env := os.Getenv("ARBITER_SHARED"); env != "" {
		return mustDir(tb, env)
	}
	mod, err := moduleRoot()
	if err != nil {
		tb.Fatalf("shareddata: %v", err)
	}
	return mustDir(tb, filepath.Join(filepath.Dir(mod), "shared"))
}

// Data returns ../shared/data.
func Data(tb testing.TB) string { tb.Helper(); return mustDir(tb, filepath.Join(Root(tb), "data")) }

// Seeds returns ../shared/seeds.
func Seeds(tb testing.TB) string { tb.Helper(); return mustDir(tb, filepath.Join(Root(tb), "seeds")) }

// Path returns a file below ../shared/data and fails if it does not exist.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(Data(tb), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("shareddata: test data %s is missing (%v); it belongs in ../shared/data beside the project, see SOURCES.md there", p, err)
	}
	return p
}

func mustDir(tb testing.TB, dir string) string {
	tb.Helper()
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		tb.Fatalf("shareddata: directory %s is missing: the tests read the real data from ../shared beside the project root (or from $ARBITER_SHARED)", dir)
	}
	return dir
}

// moduleRoot walks up from the working directory to the folder with go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// CardsFullDir is the whole card catalogue as MTGJSON distributes it (579
// set files, .json.gz), for scale tests and benchmarks.
const CardsFullDir = "cards-full/mtgjson-v5-20220425"

// CardsFull returns ../shared/cards-full/mtgjson-v5-20220425 and fails the
// test when it is missing.
func CardsFull(tb testing.TB) string {
	tb.Helper()
	return mustDir(tb, filepath.Join(Root(tb), filepath.FromSlash(CardsFullDir)))
}
