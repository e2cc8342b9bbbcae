package commands

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/crdiff"
)

// heldVersions is a CRVersions over real CR files, newest first (the
// wire package's adapter does the same over a loaded knowledge base).
type heldVersions struct {
	books []*cr.Rules
	mu    sync.Mutex
	diffs map[[2]time.Time]*crdiff.Diff
}

var (
	versionsMu sync.Mutex
	versionsBy = map[string]*cr.Rules{}
)

func crVersion(t testing.TB, date string) *cr.Rules {
	t.Helper()
	if date == "20260417" {
		return loadCR(t)
	}
	versionsMu.Lock()
	defer versionsMu.Unlock()
	if rs, ok := versionsBy[date]; ok {
		return rs
	}
	rs, err := cr.ParseFile(shareddata.Path(t, filepath.Join("cr", "cr-"+date+".txt")))
	if err != nil {
		t.Fatal(err)
	}
	versionsBy[date] = rs
	return rs
}

func newHeld(t testing.TB, dates ...string) *heldVersions {
	h := &heldVersions{diffs: map[[2]time.Time]*crdiff.Diff{}}
	for _, d := range dates {
		h.books = append(h.books, crVersion(t, d))
	}
	return h
}

func (h *heldVersions) Dates() []time.Time {
	var out []time.Time
	for _, b := range h.books {
		out = append(out, b.EffectiveDate)
	}
	return out
}

func (h *heldVersions) find(d time.Time) *cr.Rules {
	for _, b := range h.books {
		if sameDay(b.EffectiveDate, d) {
			return b
		}
	}
	return nil
}

func (h *heldVersions) Version(d time.Time) (RuleBook, error) {
	if b := h.find(d); b != nil {
		return b, nil
	}
	return nil, errStore
}

func (h *heldVersions) Diff(old, new time.Time) (*crdiff.Diff, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := [2]time.Time{old, new}
	if d, ok := h.diffs[k]; ok {
		return d, nil
	}
	a, b := h.find(old), h.find(new)
	if a == nil || b == nil {
		return nil, errStore
	}
	d := crdiff.Compare(a, b)
	h.diffs[k] = d
	return d, nil
}

func versionsRouter(t *testing.T) *Router {
	t.Helper()
	return newRouter(t, Deps{Versions: newHeld(t, "20260417", "20260116", "20251114")})
}

// /rule cr:<date> reads an older version.
func TestRuleOlderVersion(t *testing.T) {
	r := versionsRouter(t)
	// 702.124k was "Friends forever" until January 2026.
	rep := r.Handle(context.Background(), cmd("rule", "number", "702.124k", "cr", "2025-11-14"))
	if rep.Error || !strings.Contains(rep.Body, "“Friends forever” means") {
		t.Fatalf("%+v", rep)
	}
	if !strings.Contains(rep.Footer, "2025-11-14") || rep.URL != "" || len(rep.Buttons) != 0 {
		t.Errorf("footer %q url %q buttons %v", rep.Footer, rep.URL, rep.Buttons)
	}
	old := crVersion(t, "20251114")
	for _, c := range rep.Citations {
		if !old.Exists(c.ID) || c.URL != "" {
			t.Errorf("citation %+v", c)
		}
	}
	now := r.Handle(context.Background(), cmd("rule", "number", "702.124k"))
	if strings.Contains(now.Body, "Friends forever") || !strings.Contains(now.Body, "Choose a Background") {
		t.Errorf("newest 702.124k: %q", now.Body)
	}
	// 610.5 is new in January 2026.
	if rep := r.Handle(context.Background(), cmd("rule", "number", "610.5", "cr", "2025-11-14")); rep.Code != CodeNotFound || !strings.Contains(rep.Body, "2025-11-14") {
		t.Errorf("610.5 in 2025-11-14: %+v", rep)
	}
	if rep := r.Handle(context.Background(), cmd("rule", "number", "702.19", "cr", "2020-01-01")); rep.Code != CodeNotFound || !strings.Contains(rep.Body, "2026-04-17, 2026-01-16, 2025-11-14") {
		t.Errorf("unheld version: %+v", rep)
	}
	// The newest date is the served CR.
	if rep := r.Handle(context.Background(), cmd("rule", "number", "702.124k", "cr", "2026-04-17")); rep.Error || rep.URL == "" {
		t.Errorf("newest by date: %+v", rep)
	}
}

func TestRuleDateComplete(t *testing.T) {
	r := versionsRouter(t)
	got := r.Autocomplete(context.Background(), Request{Kind: KindAutocomplete, Command: "rule", Focused: "cr", Options: map[string]string{"cr": ""}})
	if len(got) != 3 || got[0].Value != "2026-04-17" {
		t.Errorf("cr: -> %v", got)
	}
}

// A refusal of a look-up in a CR version suggests a whole command that
// runs as typed, with the options the user gave: the version asked for
// stays with the rule suggested, a version not held becomes the nearest
// held, and /cr diff keeps its rule and its other version.
func TestVersionHintsAreWholeCommands(t *testing.T) {
	r := versionsRouter(t)
	ctx := context.Background()
	diff := func(opts ...string) Request { q := cmd("cr", opts...); q.Subcommand = "diff"; return q }
	for _, tc := range []struct {
		req  Request
		hint string
	}{
		{cmd("rule", "number", "610.5", "cr", "2025-11-14"), "/rule number:610.4d cr:2025-11-14"},
		{cmd("rule", "number", "702.19", "cr", "2020-01-01"), "/rule number:702.19 cr:2025-11-14"},
		{cmd("rule", "number", "702.19", "cr", "2026-02-01"), "/rule number:702.19 cr:2026-01-16"},
		{cmd("rule", "number", "702.19", "cr", "junk"), "/rule number:702.19 cr:2025-11-14"},
		{diff("rule", "702.19", "from", "2020-01-01"), "/cr diff rule:702.19 from:2025-11-14"},
		{diff("rule", "702.19", "from", "2025-11-14", "to", "2026-02-01"), "/cr diff rule:702.19 from:2025-11-14 to:2026-01-16"},
		{diff("from", "2026-01-16", "to", "2025-11-14"), "/cr diff from:2025-11-14 to:2026-01-16"},
		{diff("rule", "702.999", "to", "2026-01-16"), "/cr diff rule:702 from:2025-11-14 to:2026-01-16"},
		{diff("rule", "xx", "from", "2025-11-14"), "/cr diff rule:702 from:2025-11-14"},
	} {
		rep := r.Handle(ctx, tc.req)
		hint := hintOf(rep)
		if !rep.Error || hint != tc.hint {
			t.Errorf("%s %v: hint %q, want %q", tc.req.Command, tc.req.Options, hint, tc.hint)
			continue
		}
		again, err := ParseLine(hint, r.Definitions())
		if err != nil {
			t.Errorf("hint %q does not parse: %v", hint, err)
			continue
		}
		again.UserID, again.ChannelID = "u1", "c1"
		if rep := r.Handle(ctx, again); rep.Error {
			t.Errorf("hint %q fails: %s", hint, rep.Body)
		}
	}
}
