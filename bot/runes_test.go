package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
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

// TestSourcesFieldCount: the links that fit, then " and N more" where N is
// exactly the number left out, within 1024 runes, for every list length
// around the point where the field fills (and with multi-byte labels).
func TestSourcesFieldCount(t *testing.T) {
	for n := 1; n <= 120; n++ {
		var cs []commands.Citation
		for i := range n {
			id := fmt.Sprintf("702.%d", i+1)
			kind := commands.CiteCR
			if i%3 == 0 {
				kind, id = commands.CiteGlossary, fmt.Sprintf("Æther %d", i)
			}
			cs = append(cs, commands.Citation{Kind: kind, ID: id, URL: commands.YawgatogRuleURL(id)})
		}
		v := sourcesField(cs).Value
		if runes(v) > LimitFieldValue {
			t.Fatalf("%d citations: %d runes", n, runes(v))
		}
		shown := strings.Count(v, "](")
		head, more, cut := strings.Cut(v, " and ")
		if !cut {
			if shown != n {
				t.Errorf("%d citations: %d shown and no count of the rest", n, shown)
			}
			continue
		}
		if want := fmt.Sprintf("%d more", n-shown); more != want {
			t.Errorf("%d citations, %d shown: %q, want %q", n, shown, more, want)
		}
		// Nothing more would have fitted: the next link and the count of
		// the rest after it exceed the limit.
		next := "[" + cs[shown].ID + "](" + cs[shown].URL + ")"
		if cs[shown].Kind == commands.CiteGlossary {
			next = "[Glossary: " + cs[shown].ID + "](" + cs[shown].URL + ")"
		}
		if rest := n - shown - 1; rest > 0 && runes(head)+2+runes(next)+runes(fmt.Sprintf(" and %d more", n-shown)) <= LimitFieldValue {
			t.Errorf("%d citations: stopped after %d though the next one fitted", n, shown)
		}
	}
}
