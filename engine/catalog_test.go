package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// The catalog adapter serves the real M15 cards to the engine, exact names
// only, with suggestions for near misses.
func TestCatalogSource(t *testing.T) {
	cat := cards.NewCatalog()
	b, err := os.ReadFile(shareddata.Path(t, "cards/mtgjson-v5/M15.json"))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := cat.AddFile(b); !ok || err != nil {
		t.Fatalf("AddFile: %v %v", ok, err)
	}
	cat.Finish()
	src := CatalogSource(cat)
	d, ok := src.Card("ensoul artifact")
	if !ok || d.Name != "Ensoul Artifact" || d.ManaCost != "{1}{U}" || !strings.Contains(d.Text, "base power and toughness 5/5") {
		t.Fatalf("Ensoul Artifact = %+v, %v", d, ok)
	}
	if _, ok := src.Card("Ornithoptr"); ok {
		t.Error("a misspelt name must not resolve silently")
	}
	if s := src.Suggest("Ornithoptr"); len(s) == 0 || s[0] != "Ornithopter" {
		t.Errorf("Suggest(Ornithoptr) = %q", s)
	}
	r := mustRun(t, "Ornithopter as O (1 +1/+1 counter)\ncast Ensoul Artifact targeting O\ncast Titanic Growth targeting O\n? O", src)
	checkWant(t, r, want{line: 4, pt: "10/10"})
}
