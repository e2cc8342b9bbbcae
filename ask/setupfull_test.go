//go:build !race

// This story names cards outside the test catalogue: it runs over the
// full catalogue, which is slow to load under the race detector
// (full_test.go).

package ask

import (
	"slices"
	"testing"
)

// Each named permanent is asked about: what one does may show on another.
// Blood Moon makes nonbasic lands Mountains (305.7), so Urborg, Tomb of
// Yawgmoth loses the ability that would make lands Swamps: it is a
// Mountain and not a Swamp.
func TestSetupAsksAboutEachPermanent(t *testing.T) {
	a := fullAsker(t)
	ans := a.Ask("If I control Blood Moon and Urborg, Tomb of Yawgmoth, are my nonbasic lands Swamps?")
	if !slices.Contains(ans.Setup, "? P1") || !slices.Contains(ans.Setup, "? P2") {
		t.Fatalf("setup %q, want both permanents asked about", ans.Setup)
	}
	rep := runSetup(t, ans)
	for _, r := range rep.Results {
		if r.Query != "P2" {
			continue
		}
		if r.Object == nil || !slices.Contains(r.Object.Subtypes, "Mountain") || slices.Contains(r.Object.Subtypes, "Swamp") {
			t.Errorf("? P2: %+v, want Urborg a Mountain and not a Swamp (305.7)", r.Object)
		}
		return
	}
	t.Errorf("no answer for P2: %+v", rep.Results)
}
