//go:build !race

package engine

import (
	"fmt"
	"strings"
	"testing"
)

// spellCoverageFloor is the share of instant and sorcery sentences across
// the whole catalogue that a resolving spell carries out (38.4% when it
// was set, from 22.2% before mass actions, regeneration, counterspells,
// modes, X and the other instructions of mass.go and spellfx.go); it may
// only go up. Raised to 41.0 at 41.5%, from 39.6%, when exiling instead
// of dying, "doesn't untap during its controller's next untap step",
// delayed actions on an object, exiling what is countered and additional
// costs came to be carried out.
const spellCoverageFloor = 41.0

// TestCatalogueSpellCoverage compiles the text of every instant and sorcery
// in the catalogue as casting one does. Run with -v to see the figure and
// the 40 most common templates not modelled.
func TestCatalogueSpellCoverage(t *testing.T) {
	defs := catalogueDefs(t)
	r := SpellCoverage(defs)
	if r.Cards < 5000 {
		t.Fatalf("only %d instants and sorceries in the catalogue; the 2022-04-25 catalogue has over 5,000", r.Cards)
	}
	if r.Modelled < 0 || r.Modelled > r.Sentences {
		t.Fatalf("modelled %d of %d sentences", r.Modelled, r.Sentences)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d instants and sorceries; %d sentences: %d modelled (%.1f%%)\n", r.Cards, r.Sentences, r.Modelled, r.Percent())
	b.WriteString("most common templates not modelled:\n")
	for i, tc := range r.Templates {
		if i == 60 {
			break
		}
		fmt.Fprintf(&b, "  %5d  %s  (%s)\n", tc.Count, tc.Template, tc.Example)
	}
	t.Log("\n" + b.String())
	if got := r.Percent(); got < spellCoverageFloor {
		t.Errorf("%.2f%% of spell sentences modelled, below the floor of %.2f%%", got, spellCoverageFloor)
	}
}
