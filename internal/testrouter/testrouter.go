// Package testrouter builds, for tests, the command set over the whole
// shared data directory: the CR, the M15 and THS cards with their rulings,
// the tournament documents, the search index, the question pipeline and
// the real scenario engine, with sessions in memory.
package testrouter

import (
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/wire"
)

// Full returns a new router over the shared data (loaded once per test
// binary) with a fresh in-memory store.
func Full(t testing.TB) *commands.Router {
	t.Helper()
	d := wire.FromKB(testkb.KB(t))
	d.Store = session.NewMemory()
	r, err := commands.New(d)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// With returns a new router over the shared data whose dependencies set
// changes first (a store, judge settings, a judge desk).
func With(t testing.TB, set func(d *commands.Deps)) *commands.Router {
	t.Helper()
	d := wire.FromKB(testkb.KB(t))
	d.Store = session.NewMemory()
	set(&d)
	r, err := commands.New(d)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
