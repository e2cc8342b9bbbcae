package engine

import "testing"

// 105.1, 604.3, 613.4c, 700.5: counts read from the board: colors among
// permanents, the affected object's colors, counters on the source,
// devotion, "N plus the number of …".
func TestMoreCounts(t *testing.T) {
	src := `define Prism = {3} Artifact Creature — Golem 1/1 "Prism gets +1/+1 for each color among permanents you control."
define Banner = {2} Artifact — Equipment "Equipped creature gets +1/+1 for each counter on Banner."
define Hue = {1}{W} Enchantment — Aura "Enchant creature\nEnchanted creature gets +1/+1 for each of its colors."
define Devout = {R}{R} Creature — Human 0/2 "Devout's power is equal to your devotion to red."
define Surveyor = {2}{G} Creature — Elf */* "Surveyor's power and toughness are each equal to 1 plus the number of lands you control."
define Bear = {1}{G} Creature — Bear 2/2
define Imp = {B}{R} Creature — Imp 1/1
define Forest = Basic Land — Forest ""
Prism as P
Bear as B
Imp as I
Banner as N (3 charge counters, attached to B)
Hue (attached to I)
Devout as D
Forest
Forest
Surveyor as S
? P
? B
? I
? D
? S`
	r := mustRun(t, src, nil)
	// Colors among your permanents: green (Bear, Surveyor), black and red
	// (Imp, Devout), white (Hue): 4. Devotion to red: {B}{R} and {R}{R}.
	for line, want := range map[int]string{18: "5/5", 19: "5/5", 20: "3/3", 21: "3/2", 22: "3/3"} {
		if got := ptAt(t, r, line); got != want {
			t.Errorf("line %d (%s): %s, want %s", line, result(t, r, line).Query, got, want)
		}
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}

// What a scenario doesn't hold is counted as unknown, not as zero.
func TestHiddenCountsUnknown(t *testing.T) {
	r := mustRun(t, `define Thief = {1}{B} Creature — Rogue 1/1 "Thief gets +1/+1 for each card your opponents own in exile."
Thief as T
? T`, nil)
	q := result(t, r, 3)
	if q.Object.Power != nil {
		t.Errorf("want power unknown, got %s", ptOf(q.Object))
	}
}
