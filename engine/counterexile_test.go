package engine

import (
	"strings"
	"testing"
)

// Dissipate (real Oracle wording): the countered card is exiled instead of
// being put into its owner's graveyard (614.1a). A spell that can't be
// countered stays on the stack, and nothing is exiled (101.2).
func TestCounteredThisWayIsExiled(t *testing.T) {
	defs := stackDefs + `define Dissipate = {1}{U}{U} Instant "Counter target spell. If that spell is countered this way, exile it instead of putting it into its owner's graveyard."
define Hardy Bear = {1}{G} Creature — Bear 2/2 "This spell can't be countered."
`
	r, at := play(t, defs+`opponent: cast Bear (on the stack)
cast Dissipate targeting Bear
? exile
? graveyard
`)
	wantCounteredExiled(t, r, at)
	if len(r.Unmodeled) > 0 {
		t.Errorf("every sentence of Dissipate is carried out: %+v", r.Unmodeled)
	}

	r, at = play(t, defs+`opponent: cast Hardy Bear (on the stack)
cast Dissipate targeting Hardy Bear
? exile
`)
	if ans := infoAt(t, r, at("? exile")).Answer; strings.Contains(ans, "Hardy Bear") {
		t.Errorf("exile %q: a spell that can't be countered isn't countered this way", ans)
	}
}
