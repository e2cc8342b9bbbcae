package engine

import (
	"strings"
	"testing"
)

// An emblem's static abilities function in the command zone (114.4) and
// apply to whatever their text indicates (611.3a), permanents entering
// later included; the emblem has only its abilities (114.3).
func TestEmblem(t *testing.T) {
	src := `define Grizzly Bears = {1}{G} Creature — Bear 2/2
define Glorious Anthem = {1}{W}{W} Enchantment "Creatures you control get +1/+1."
Grizzly Bears as A
opponent: Grizzly Bears as O
you get an emblem with "Creatures you control get +1/+1 and have flying." as E
Grizzly Bears as B (new)
? A
? B
? O
? E
you get an emblem with "You have hexproof."
? you`
	r := mustRun(t, src, nil)
	for _, l := range []int{7, 8} {
		v := result(t, r, l).Object
		if ptOf(v) != "3/3" || !containsFold(v.Abilities, "Flying") {
			t.Errorf("line %d: %s %v, want 3/3 with flying", l, ptOf(v), v.Abilities)
		}
		if tr := result(t, r, l).Trace; len(tr) == 0 || !strings.Contains(tr[0].Source, "emblem") {
			t.Errorf("line %d: trace %+v", l, tr)
		}
	}
	if v := result(t, r, 9).Object; ptOf(v) != "2/2" {
		t.Errorf("the opponent's creature: %s", ptOf(v))
	}
	e := result(t, r, 10).Object
	if e.Zone != "the command zone" || e.Controller != "you" || len(e.Types) != 0 || len(e.Colors) != 0 || len(e.Abilities) != 1 {
		t.Errorf("the emblem: %+v", e)
	}
	if p := result(t, r, 12).Player; len(p.Effects) != 1 || !strings.Contains(p.Effects[0].Text, "hexproof") {
		t.Errorf("? you: %+v", p)
	}
	if _, err := Parse("you get an emblem with flying"); err == nil || !strings.Contains(err.Error(), "double quotes") {
		t.Errorf("unquoted emblem text: %v", err)
	}
}

// An emblem's ability about cards in a zone reaches them there (114.4,
// 611.3a).
func TestEmblemReachesGraveyard(t *testing.T) {
	r := mustRun(t, `define Grizzly Bears = {1}{G} Creature — Bear 2/2
Grizzly Bears as G (in graveyard)
opponent: Grizzly Bears as OG (in graveyard)
you get an emblem with "Creature cards in your graveyard have flying."
? G
? OG`, nil)
	if v := result(t, r, 5).Object; !containsFold(v.Abilities, "Flying") {
		t.Errorf("your graveyard card: %v", v.Abilities)
	}
	if v := result(t, r, 6).Object; containsFold(v.Abilities, "Flying") {
		t.Errorf("the opponent's graveyard card: %v", v.Abilities)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}
