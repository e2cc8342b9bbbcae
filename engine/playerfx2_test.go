package engine

import (
	"strings"
	"testing"
)

// Permissions and prohibitions on players are listed on the players they
// name, with their rules: 601.3 (casting), 609.4b (spending mana as
// though), 508.1c (can't be attacked), 101.2 ("can't" wins).
func TestMorePlayerEffects(t *testing.T) {
	src := `define Crucible = {3} Artifact "You may play lands from your graveyard.\nYou may cast creature spells from your graveyard."
define Mycosynth = {6} Artifact "You may spend mana as though it were mana of any color to cast colorless spells."
define Fog Wall = {W} Enchantment "You can't be attacked."
define Tyrant = {2}{B} Enchantment "Spells and abilities your opponents control can't cause you to discard cards or sacrifice permanents."
Mycosynth
Fog Wall
Tyrant
opponent: Crucible
? you
? opponent`
	r := mustRun(t, src, nil)
	you := strings.Join(playerEffectRules(t, r, 9), "; ")
	opp := strings.Join(playerEffectRules(t, r, 10), "; ")
	for _, w := range []string{"609.4b Mycosynth", "508.1c Fog Wall", "101.2 Tyrant"} {
		if !strings.Contains(you, w) || strings.Contains(opp, w) {
			t.Errorf("want %q on you only: you %q, opponent %q", w, you, opp)
		}
	}
	if !strings.Contains(opp, "601.3 Crucible") || strings.Contains(you, "Crucible") {
		t.Errorf("the Crucible's permission is its controller's, the opponent: you %q, opponent %q", you, opp)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}
