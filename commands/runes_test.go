package commands

import (
	"fmt"
	"strings"
	"testing"
)

// clipByRunes is clip's definition written the slow, obvious way: Discord
// counts limits in runes, so the cut must fall on a rune boundary and the
// result, ellipsis included, must hold at most max runes.
func clipByRunes(s string, max int) string {
	rs := []rune(s)
	if len(rs) <= max {
		return s
	}
	return string(rs[:max-1]) + "…"
}

func TestClipCountsRunes(t *testing.T) {
	texts := []string{"", "Æther Vial", "302.6 A creature’s activated ability", "🂡🂢🂣🂤🂥", "abc", strings.Repeat("é", 300)}
	for _, s := range texts {
		for _, max := range []int{1, 2, 3, 4, 5, 10, 256} {
			if got, want := clip(s, max), clipByRunes(s, max); got != want {
				t.Errorf("clip(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
}

func TestSplitRunesCutsOnRunes(t *testing.T) {
	// 40 two-byte runes per line: a byte-based cut would land at half the
	// rune budget or split a rune.
	line := strings.Repeat("é", 40)
	body := strings.Repeat(line+"\n", 10)
	for _, max := range []int{50, 100, 399} {
		pieces := splitRunes(body, max)
		if got := strings.Join(pieces, "\n"); got != strings.TrimSpace(body) {
			t.Errorf("max %d: pieces do not add up to the body", max)
		}
		for _, p := range pieces {
			if n := len([]rune(p)); n > max || n == 0 {
				t.Errorf("max %d: piece of %d runes", max, n)
			}
			if !strings.HasPrefix(p, "é") || !strings.HasSuffix(p, "é") {
				t.Errorf("max %d: piece %q is not cut at a line break", max, p)
			}
		}
	}
}

// A query in a hint is cut at a word, without an ellipsis the search would
// read as part of it.
func TestHintWordsCutsAtAWord(t *testing.T) {
	for q, want := range map[string]string{
		"first strike":       "first strike",
		"  first   strike  ": "first strike",
		"does trample work with deathtouch when blocked by two creatures": "does trample work with",
		"éééééééééééééééééééééééééé":                                      "éééééééééééééééééééééé",
	} {
		if got := hintWords(q, 22); got != want || strings.Contains(got, "…") {
			t.Errorf("hintWords(%q) = %q, want %q", q, got, want)
		}
	}
}

// The set-up lines of an /ask answer are a code block a user can copy: it
// is closed whatever the number of lines, holds whole lines only, says how
// many it left out, and ends with how to run them.
func TestSetupBlockStaysAClosedCodeBlock(t *testing.T) {
	for n := 0; n <= 80; n++ {
		var lines []string
		for i := range n {
			lines = append(lines, fmt.Sprintf("Grizzly Bears as P%d (1 +1/+1 counter)", i+1))
		}
		got := setupBlock(lines, fieldValueMax)
		if runeLen(got) > fieldValueMax {
			t.Fatalf("%d lines: %d runes", n, runeLen(got))
		}
		if !strings.HasPrefix(got, "```\n") || strings.Count(got, "```") != 2 || !strings.HasSuffix(got, setupHint) {
			t.Fatalf("%d lines: not one closed block ending with the hint:\n%s", n, got)
		}
		block, _, _ := strings.Cut(strings.TrimPrefix(got, "```\n"), "```")
		shown := strings.Count(block, "\n")
		for i := range shown {
			if !strings.Contains(block, lines[i]+"\n") {
				t.Fatalf("%d lines: line %d not shown whole:\n%s", n, i, got)
			}
		}
		switch left := n - shown; {
		case left == 0 && strings.Contains(got, "left out"):
			t.Errorf("%d lines, all shown, says some were left out", n)
		case left > 0 && !strings.Contains(got, fmt.Sprintf("(%d more lines left out)", left)):
			t.Errorf("%d lines, %d shown, does not say so:\n%s", n, shown, got)
		}
	}
}
