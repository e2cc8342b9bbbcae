// Package testkb loads the real Comprehensive Rules and the whole knowledge
// base from ../shared/data once per test binary, for the packages above
// rulings (commands, bot, engine, the CLI, benchmarks).
package testkb

import (
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// NewestCR is the CR file the tests read.
const NewestCR = "cr/cr-20260417.txt"

var (
	crOnce  sync.Once
	crRules *cr.Rules
	crErr   error

	kbOnce sync.Once
	kb     *rulings.KB
	kbErr  error
)

// CR parses the newest real CR once and returns it; a missing file or a
// parse error fails the test.
func CR(tb testing.TB) *cr.Rules {
	tb.Helper()
	path := shareddata.Path(tb, NewestCR)
	crOnce.Do(func() { crRules, crErr = cr.ParseFile(path) })
	if crErr != nil {
		tb.Fatalf("parse %s: %v", path, crErr)
	}
	return crRules
}

// KB loads ../shared/data once and returns the knowledge base.
func KB(tb testing.TB) *rulings.KB {
	tb.Helper()
	dir := shareddata.Data(tb)
	kbOnce.Do(func() { kb, kbErr = rulings.Load(dir) })
	if kbErr != nil {
		tb.Fatalf("load %s: %v", dir, kbErr)
	}
	return kb
}
