package bot

import (
	"strings"
	"testing"
)

// TestClipCountsRunes: Discord's limits count runes; the cut keeps whole
// runes and the result, with its ellipsis, holds at most max of them.
func TestClipCountsRunes(t *testing.T) {
	byRunes := func(s string, max int) string {
		rs := []rune(s)
		if len(rs) <= max {
			return s
		}
		return string(rs[:max-1]) + "…"
	}
	texts := []string{"", "Æther Vial", "🂡🂢🂣🂤🂥", "abc", strings.Repeat("é", 300)}
	for _, s := range texts {
		for _, max := range []int{1, 2, 3, 4, 5, 256} {
			if got, want := clip(s, max), byRunes(s, max); got != want {
				t.Errorf("clip(%q, %d) = %q, want %q", s, max, got, want)
			}
		}
	}
	if got := runes("Æther 🂡"); got != 7 {
		t.Errorf("runes = %d, want 7", got)
	}
}
