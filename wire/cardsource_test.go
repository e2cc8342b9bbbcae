package wire

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// The card source serves the real M15 cards to the engine, exact names
// only, with suggestions for near misses.
func TestCardSource(t *testing.T) {
	cat := cards.NewCatalog()
	b, err := os.ReadFile(shareddata.Path(t, "cards/mtgjson-v5/M15.json"))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := cat.AddFile(b); !ok || err != nil {
		t.Fatalf("AddFile: %v %v", ok, err)
	}
	cat.Finish()
	src := CardSource(cat)
	d, ok := src.Card("ensoul artifact")
	if !ok || d.Name != "Ensoul Artifact" || d.ManaCost != "{1}{U}" || !strings.Contains(d.Text, "base power and toughness 5/5") {
		t.Fatalf("Ensoul Artifact = %+v, %v", d, ok)
	}
	if _, ok := src.Card("Ornithoptr"); ok {
		t.Error("a misspelt name must not resolve silently")
	}
	if s := src.(engine.Suggester).Suggest("Ornithoptr"); len(s) == 0 || s[0] != "Ornithopter" {
		t.Errorf("Suggest(Ornithoptr) = %q", s)
	}
	// The ruling's case (M15, Ensoul Artifact): a 0/2 Ornithopter with a
	// +1/+1 counter becomes 5/5 in layer 7b, then the counter and Titanic
	// Growth's +4/+4 apply in 7c (613.4b, 613.4c): 10/10.
	s, err := engine.Parse("Ornithopter as O (1 +1/+1 counter)\ncast Ensoul Artifact targeting O\ncast Titanic Growth targeting O\n? O")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Run(context.Background(), s, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 || len(rep.Results) != 1 || rep.Results[0].Object == nil {
		t.Fatalf("run: %+v", rep)
	}
	if v := rep.Results[0].Object; v.Power == nil || *v.Power != 10 || *v.Toughness != 10 {
		t.Errorf("O = %+v, want 10/10", v)
	}
}
