package commands

import (
	"context"
	"strings"
	"testing"
)

// allFields follows the paging buttons and gathers every page's fields.
func allFields(t *testing.T, r *Router, rep Reply) []Field {
	t.Helper()
	var out []Field
	for i := 0; ; i++ {
		out = append(out, rep.Fields...)
		var next string
		for _, bt := range rep.Buttons {
			if strings.HasPrefix(bt.CustomID, "pg:") && bt.Label == "Next ▶" && !bt.Disabled {
				next = bt.CustomID
			}
		}
		if next == "" || i > 50 {
			return out
		}
		rep = r.Handle(context.Background(), Request{Kind: KindComponent, CustomID: next, UserID: "u1"})
	}
}

// diffPages follows the paging buttons and joins every page's body.
func diffPages(t *testing.T, r *Router, rep Reply) string {
	t.Helper()
	var b strings.Builder
	for i := 0; ; i++ {
		b.WriteString(rep.Body)
		b.WriteString("\n\n")
		var next string
		for _, bt := range rep.Buttons {
			if strings.HasPrefix(bt.CustomID, "pg:") && bt.Label == "Next ▶" && !bt.Disabled {
				next = bt.CustomID
			}
		}
		if next == "" || i > 200 {
			return b.String()
		}
		rep = r.Handle(context.Background(), Request{Kind: KindComponent, CustomID: next, UserID: "u1"})
		if rep.Error {
			t.Fatalf("page %d: %s", i+2, rep.Body)
		}
	}
}

func diffCmd(opts ...string) Request {
	req := cmd("cr", opts...)
	req.Subcommand = "diff"
	return req
}

// "What changed in the newest CR": /cr diff with no options compares
// 2026-01-16 with 2026-04-17. What it must show was read in the two texts.
func TestCRDiffNewest(t *testing.T) {
	r := versionsRouter(t)
	rep := r.Handle(context.Background(), diffCmd())
	if rep.Error {
		t.Fatalf("%s: %s", rep.Title, rep.Body)
	}
	if !strings.Contains(rep.Title, "2026-01-16 → 2026-04-17") {
		t.Errorf("title %q", rep.Title)
	}
	if rep.PageCount < 2 {
		t.Errorf("the newest changes fill more than one page; got %d", rep.PageCount)
	}
	checkCitations(t, loadCR(t), rep)
	text := diffPages(t, r, rep)
	for _, want := range []string{
		// New in April 2026: Sneak and the preparation cards.
		"**702.190a** Sneak is a keyword",
		"**722** Preparation Cards",
		// 104.6 now cites 727 "Restarting the Game".
		"See rule [-726,-] {+727,+} “Restarting the Game.”",
		// Controlling Another Player moved from 722 to 723 unchanged.
		"722 → 723",
		// The glossary's Map entry: 110.10 (no such rule) became 111.10.
		"[-110.10.-] {+111.10.+}",
		"**Paris Mulligan** (removed)",
		"**Remove from Combat** (was Removed from Combat)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the diff lacks %q", want)
		}
	}
}

// November 2025 -> January 2026 for one rule: "friends forever" left the
// partner abilities, and the later letters moved up.
func TestCRDiffRuleAndDates(t *testing.T) {
	r := versionsRouter(t)
	rep := r.Handle(context.Background(), diffCmd("rule", "702.124", "from", "2025-11-14", "to", "2026-01-16"))
	if rep.Error {
		t.Fatalf("%s: %s", rep.Title, rep.Body)
	}
	for _, want := range []string{
		// 702.124a and 702.124i changed, 702.124k went.
		"2 changed, 3 renumbered, 1 removed",
		"702.124m → 702.124k", "702.124n → 702.124m", "702.124p → 702.124n",
		"**702.124k** “Friends forever” means",
		"[-friends forever,-]",
	} {
		if !strings.Contains(rep.Body, want) {
			t.Errorf("lacks %q:\n%s", want, rep.Body)
		}
	}
	// The newer version is not the served one: nothing is cited with a
	// link to the served CR.
	if len(rep.Citations) != 0 {
		t.Errorf("citations %v for a diff of older versions", rep.Citations)
	}
	// Rules outside 702.124 are left out.
	if strings.Contains(rep.Body, "610.5") || strings.Contains(rep.Body, "Blight") {
		t.Errorf("a diff of 702.124 shows other rules:\n%s", rep.Body)
	}
}

func TestCRDiffErrors(t *testing.T) {
	r := versionsRouter(t)
	for _, tc := range []struct {
		opts []string
		code string
		want string
	}{
		{[]string{"from", "2024-01-01"}, CodeNotFound, "2026-04-17, 2026-01-16, 2025-11-14"},
		{[]string{"from", "yesterday"}, CodeInvalid, "not a CR effective date"},
		{[]string{"from", "2026-04-17"}, CodeInvalid, "must be older"},
		{[]string{"rule", "999.9"}, CodeNotFound, "neither"},
		{[]string{"rule", "trample"}, CodeInvalid, "not a rule number"},
	} {
		rep := r.Handle(context.Background(), diffCmd(tc.opts...))
		if !rep.Error || rep.Code != tc.code || !strings.Contains(rep.Body, tc.want) {
			t.Errorf("%v: %s %q", tc.opts, rep.Code, rep.Body)
		}
	}
	// Without older versions there is nothing to compare.
	one := newRouter(t, Deps{})
	if rep := one.Handle(context.Background(), diffCmd()); !rep.Error || rep.Code != CodeUnavailable {
		t.Errorf("one version: %+v", rep)
	}
}

// /rule says which of the rules it shows changed in the newest CR, and its
// button shows how.
func TestRuleChangedNote(t *testing.T) {
	r := versionsRouter(t)
	rep := r.Handle(context.Background(), cmd("rule", "number", "702.124"))
	if rep.Error {
		t.Fatal(rep.Body)
	}
	var note string
	for _, f := range allFields(t, r, rep) {
		if f.Name == "Changed 2026-04-17" {
			note = f.Value
		}
	}
	// Only 702.124i gained "partner—Character select" in April 2026.
	if !strings.Contains(note, "702.124i") || strings.Contains(note, "702.124a") {
		t.Errorf("note %q", note)
	}
	var btn string
	for _, b := range rep.Buttons {
		if strings.HasPrefix(b.CustomID, "crd:") {
			btn = b.CustomID
		}
	}
	if btn != "crd:702.124" {
		t.Fatalf("buttons %+v", rep.Buttons)
	}
	checkCitations(t, loadCR(t), rep)
	d := r.Handle(context.Background(), Request{Kind: KindComponent, CustomID: btn, UserID: "u1"})
	if d.Error || !d.Ephemeral || !strings.Contains(d.Body, "{+“partner—Character select,”+}") {
		t.Errorf("button answered %+v", d)
	}
	// 302.6 is word for word the same in January and April 2026.
	same := r.Handle(context.Background(), cmd("rule", "number", "302.6"))
	for _, f := range allFields(t, r, same) {
		if strings.HasPrefix(f.Name, "Changed") {
			t.Errorf("302.6 did not change: %+v", f)
		}
	}
	// 722 Preparation Cards and all its rules are new in April 2026.
	fresh := r.Handle(context.Background(), cmd("rule", "number", "722"))
	var newNote bool
	for _, f := range allFields(t, r, fresh) {
		newNote = newNote || f.Name == "New 2026-04-17" && strings.Contains(f.Value, "not in the one effective 2026-01-16")
	}
	if !newNote {
		t.Errorf("722: no note that it is new")
	}
	// Without older versions, no note.
	plain := newRouter(t, Deps{}).Handle(context.Background(), cmd("rule", "number", "702.124"))
	for _, b := range plain.Buttons {
		if strings.HasPrefix(b.CustomID, "crd:") {
			t.Errorf("a diff button with one version held")
		}
	}
}

func TestCRDateComplete(t *testing.T) {
	r := versionsRouter(t)
	got := r.Autocomplete(context.Background(), Request{Kind: KindAutocomplete, Command: "cr", Subcommand: "diff", Focused: "from", Options: map[string]string{"from": "2025"}})
	if len(got) != 1 || got[0].Value != "2025-11-14" {
		t.Errorf("from:2025 -> %v", got)
	}
}
