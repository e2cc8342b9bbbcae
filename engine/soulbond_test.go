package engine

import "testing"

// 702.95b, 702.95e: "As long as ~ is paired with another creature, both
// creatures have flying": the two paired creatures have it while they are
// paired creatures under one controller; other creatures don't, nor an
// unpaired one.
func TestSoulbondPair(t *testing.T) {
	src := `define Wingcrafter = {2}{U} Creature — Human Wizard 1/1 "Soulbond\nAs long as Wingcrafter is paired with another creature, both creatures have flying."
define Druid's Familiar = {3}{G} Creature — Bear 2/2 "Soulbond\nAs long as Druid's Familiar is paired with another creature, each of those creatures gets +2/+2."
define Bear = {1}{G} Creature — Bear 2/2
Bear as B
Bear as Other
Wingcrafter as W (paired with B)
Wingcrafter as Alone
Druid's Familiar as D
? B
? W
? Other
? Alone
Bear as C
Druid's Familiar as D2 (paired with C)
? C
? D2
? D`
	r := mustRun(t, src, nil)
	for line, want := range map[int]bool{9: true, 10: true, 11: false, 12: false} {
		if got := hasAbility(result(t, r, line).Object, "flying"); got != want {
			t.Errorf("line %d (%s): flying %v, want %v", line, result(t, r, line).Query, got, want)
		}
	}
	for line, want := range map[int]string{15: "4/4", 16: "4/4", 17: "2/2"} {
		if got := ptAt(t, r, line); got != want {
			t.Errorf("line %d (%s): %s, want %s", line, result(t, r, line).Query, got, want)
		}
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
	// 702.95e: a creature whose pair is controlled by another player is
	// unpaired.
	r = mustRun(t, `define Wingcrafter = {2}{U} Creature — Human Wizard 1/1 "Soulbond\nAs long as Wingcrafter is paired with another creature, both creatures have flying."
define Bear = {1}{G} Creature — Bear 2/2
opponent: Bear as B
Wingcrafter as W (paired with B)
? W
? B`, nil)
	if hasAbility(result(t, r, 5).Object, "flying") || hasAbility(result(t, r, 6).Object, "flying") {
		t.Errorf("paired across controllers: neither has flying (702.95e)")
	}
}
