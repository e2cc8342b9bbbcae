package main

import (
	"strings"
	"testing"
)

// arbiter diff: the two newest versions held by default (what changed in
// the newest CR), every page printed.
func TestDiffNewest(t *testing.T) {
	out, errOut, code := cli(t, "", "diff")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Read in the two texts: rule 722 "Preparation Cards" is new in April
	// 2026, the glossary's Map entry now cites 111.10 instead of 110.10,
	// and 702.190 Sneak is new.
	for _, want := range []string{"CR changes 2026-01-16 → 2026-04-17", "722 Preparation Cards", "[-110.10.-] {+111.10.+}", "702.190a Sneak is a keyword", "722 → 723"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff lacks %q", want)
		}
	}
	if strings.Contains(out, "**") {
		t.Error("plain text keeps Markdown")
	}
}

// arbiter diff --rule 702.124 OLD NEW, and the errors.
func TestDiffRuleAndDates(t *testing.T) {
	out, errOut, code := cli(t, "", "diff", "--rule", "702.124", "2025-11-14", "2026-01-16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// "Friends forever" (702.124k) left the partner abilities in January
	// 2026; Choose a Background moved from 702.124m to 702.124k.
	for _, want := range []string{"702.124k “Friends forever” means", "702.124m → 702.124k", "[-friends forever,-]"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff --rule 702.124 lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "610.5") {
		t.Error("a diff of 702.124 shows 610.5")
	}
	_, errOut, code = cli(t, "", "diff", "2024-01-01")
	if code != 1 || !strings.Contains(errOut, "2026-04-17, 2026-01-16, 2025-11-14, 2021-11-19") {
		t.Errorf("unheld version: exit %d %q", code, errOut)
	}
	_, errOut, code = cli(t, "", "diff", "2026-04-17", "2026-01-16")
	if code != 2 || !strings.Contains(errOut, "must be older") {
		t.Errorf("reversed: exit %d %q", code, errOut)
	}
}

// arbiter rule --cr DATE reads an older version held.
func TestRuleOlderCR(t *testing.T) {
	out, errOut, code := cli(t, "", "rule", "--cr", "2025-11-14", "702.124k")
	if code != 0 || !strings.Contains(out, "“Friends forever” means") || !strings.Contains(out, "effective 2025-11-14") {
		t.Errorf("exit %d %q %q", code, out, errOut)
	}
	// 702.19 Trample exists in the November 2025 CR.
	if out, _, code := cli(t, "", "rule", "--cr", "2025-11-14", "702.19"); code != 0 || !strings.Contains(out, "702.19a Trample is a static ability") {
		t.Errorf("rule --cr 2025-11-14 702.19: exit %d %q", code, out)
	}
	_, errOut, code = cli(t, "", "rule", "--cr", "2019-01-01", "702.19")
	if code != 1 || !strings.Contains(errOut, "The versions held are effective 2026-04-17, 2026-01-16, 2025-11-14, 2021-11-19") {
		t.Errorf("unheld: exit %d %q", code, errOut)
	}
}

// arbiter rule names the rules it shows that changed in the newest CR and
// the command that shows how: 702.124i gained "partner—Character select"
// in April 2026.
func TestRuleChangedInNewest(t *testing.T) {
	out, errOut, code := cli(t, "", "rule", "702.124")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Changed 2026-04-17", "(since 2026-01-16): 702.124i.", "What changed: arbiter diff --rule 702.124"} {
		if !strings.Contains(out, want) {
			t.Errorf("rule 702.124 lacks %q", want)
		}
	}
}
