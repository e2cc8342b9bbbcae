package engine

import (
	"slices"
	"strings"
	"testing"
)

// 306.5b: a planeswalker enters with loyalty counters equal to its
// printed loyalty. 122.6: counters an object is given as it enters are
// "put" on it, so an effect that doubles counters put on a permanent
// doubles them (614.1c). A statement of its counters says otherwise.
// 120.3c, 704.5i: damage dealt to a planeswalker removes that many
// loyalty counters, and one with 0 loyalty is put into its owner's
// graveyard.
func TestPlaneswalkerEntersWithPrintedLoyalty(t *testing.T) {
	src := testCards(t)
	loyalty := func(t *testing.T, script string, line int) int {
		t.Helper()
		r := mustRun(t, script, src)
		o := result(t, r, line).Object
		if o == nil {
			t.Fatalf("line %d: no object answer: %+v", line, result(t, r, line))
		}
		return o.Counters["loyalty"]
	}
	if n := loyalty(t, "Nissa, Worldwaker as N\n? N", 2); n != 3 {
		t.Errorf("Nissa, Worldwaker has %d loyalty counters, want its printed 3", n)
	}
	if n := loyalty(t, "Nissa, Worldwaker as N (1 loyalty counter)\n? N", 2); n != 1 {
		t.Errorf("Nissa stated with 1 loyalty counter has %d", n)
	}
	doubler := `define Doubling Season = {4}{G} Enchantment "If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead."` + "\n"
	script := doubler + "Doubling Season as D\nNissa, Worldwaker as N (in hand)\ncast N\n? N"
	if n := loyalty(t, script, 5); n != 6 {
		t.Errorf("Nissa cast under Doubling Season has %d loyalty counters, want 6", n)
	}
	r := mustRun(t, script, src)
	if !hasNote(r, "306.5b", "6 loyalty counters") {
		t.Errorf("no 306.5b note of the loyalty it entered with: %+v", r.Notes)
	}
	// The brief answer an /ask reply shows says how many, too.
	if !slices.ContainsFunc(r.Brief(), func(l string) bool {
		return strings.Contains(l, "? N: Nissa") && strings.Contains(l, "counters: 6 loyalty")
	}) {
		t.Errorf("brief %q: want Nissa's 6 loyalty counters", r.Brief())
	}

	r = mustRun(t, "opponent: Nissa, Worldwaker as N\ncast Lightning Strike targeting N\n? graveyard", src)
	if !hasNote(r, "704.5i", "Nissa") {
		t.Errorf("Nissa dealt 3 damage with 3 loyalty: no 704.5i note: %+v", r.Notes)
	}
	if gy := graveyardOf(t, r, 3, Opponent); !slices.Contains(gy, "Nissa, Worldwaker") {
		t.Errorf("the opponent's graveyard %q, want Nissa there", gy)
	}
}

// 107.3m: a permanent's "enters with X counters" reads the X chosen for
// the spell it resolved from; the counters are put on it as it enters, so
// an effect that adds to counters put on a creature applies (122.6,
// 614.1c): Walking Ballista cast with X = 2 under Hardened Scales enters
// with 3.
func TestEntersWithTheSpellsX(t *testing.T) {
	const defs = `define Walking Ballista = {X}{X} Artifact Creature — Construct 0/0 "Walking Ballista enters the battlefield with X +1/+1 counters on it."
define Hardened Scales = {G} Enchantment "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead."
`
	r := mustRun(t, defs+"Hardened Scales\nWalking Ballista as W (in hand)\ncast W (X=2)\n? W", nil)
	o := result(t, r, 6).Object
	if o == nil || o.Counters["+1/+1"] != 3 {
		t.Fatalf("? W = %+v, want 3 +1/+1 counters", o)
	}
	if !hasNote(r, "107.3m", "X is 2") {
		t.Errorf("no 107.3m note: %+v", r.Notes)
	}
}
