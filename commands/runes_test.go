package commands

import (
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
