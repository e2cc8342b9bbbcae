package main

import (
	"strings"
	"testing"
)

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
