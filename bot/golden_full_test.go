package bot

import (
	"context"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"

	"github.com/arbiter-mtg/arbiter/commands"
)

// TestGoldenFullData renders card and tournament-document answers over the
// whole shared data directory. Search rankings and scenario reports are
// asserted by behaviour in the commands tests instead: their wording
// belongs to the search index and the engine, which have golden files of
// their own.
func TestGoldenFullData(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	tests := []struct {
		name string
		req  commands.Request
	}{
		{"card_ornithopter", req("card", "name", "Ornithopter")},
		{"rulings_ensoul_artifact", req("rulings", "name", "Ensoul Artifact")},
		{"mtr_4.2", req("mtr", "section", "4.2")},
		{"ipg_hce", req("ipg", "section", "hce")},
		{"card_miss", req("card", "name", "Qqqqzzzz")},
		{"ask_card_names_alone", req("ask", "question", "[[Ensoul Artifact]] [[Titanic Growth]]")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := r.Handle(ctx, tc.req)
			for _, c := range rep.Citations {
				if c.Kind == commands.CiteCR && !testkb.KB(t).CR.Exists(c.ID) {
					t.Errorf("cites %s, not in the CR", c.ID)
				}
			}
			resp := Render(rep)
			checkLimits(t, resp)
			golden(t, "full_"+tc.name, resp)
		})
	}
}
