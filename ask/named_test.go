package ask

import (
	"fmt"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

// nameWordSpans finds what nameWordRe finds, over odd text (apostrophes,
// slashes, marks, digits, symbols, broken UTF-8) and the IPG's own text.
func TestNameWordSpansAreTheExpressions(t *testing.T) {
	texts := []string{
		"", "a", "GRV/FtMGS", "a Deck/Decklist Problem", "he's outside-assistance @ the R&D's table",
		"Æther Vial’s ability, 2 × 3 = 6 ½ ◊ ﬁ naïve café", "x\xffy \xe2\x80 z", "\uFFFD word\uFFFD", "-/-'’ ", "日本語 テキスト 123",
		"Is this a Game Rule Violation? I ruled OA (Outside Assistance).\nNo - he didn't.",
	}
	if lib := testkb.KB(t).Tourney; lib != nil {
		for _, d := range lib.SearchDocs() {
			texts = append(texts, d.Title+"\n"+d.Text)
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d texts to read", len(texts))
	}
	for _, s := range texts {
		if got, want := fmt.Sprint(nameWordSpans(s)), fmt.Sprint(nameWordRe.FindAllStringIndex(s, -1)); got != want {
			t.Errorf("%q: spans %s, the expression finds %s", s, got, want)
		}
	}
	for _, w := range []string{"Decklist", "problems", "player's", "’tis", "GRV"} {
		if a, b := stemWord(w), stemWordOnce(w); a != b || stemWord(w) != b {
			t.Errorf("%q: remembered stem %q, stem %q", w, a, b)
		}
	}
}
