package engine

import (
	"strings"
	"testing"
)

func hasAbility(v *ObjectView, ab string) bool {
	for _, a := range v.Abilities {
		if strings.EqualFold(a, ab) {
			return true
		}
	}
	return false
}

// 700.9: a permanent is modified if it has a counter, is equipped, or is
// enchanted by an Aura its controller controls.
func TestModifiedFilter(t *testing.T) {
	src := `define Banner = {2}{G} Enchantment "Modified creatures you control have trample."
define Bear = {1}{G} Creature — Bear 2/2
define Bonesplitter = {1} Artifact — Equipment "Equipped creature gets +2/+0."
define Holy Strength = {W} Enchantment — Aura "Enchant creature\nEnchanted creature gets +1/+2."
Banner
Bear as Plain
Bear as Countered (1 +1/+1 counters)
Bear as Equipped
Bonesplitter (attached to Equipped)
Bear as Enchanted
Holy Strength (attached to Enchanted)
Bear as Cursed
opponent: Holy Strength (attached to Cursed)
opponent: Bear as Theirs (1 +1/+1 counters)
? Plain
? Countered
? Equipped
? Enchanted
? Cursed
? Theirs`
	r := mustRun(t, src, nil)
	want := map[int]bool{15: false, 16: true, 17: true, 18: true, 19: false, 20: false}
	for line, w := range want {
		if got := hasAbility(result(t, r, line).Object, "trample"); got != w {
			t.Errorf("line %d (%s): trample %v, want %v", line, result(t, r, line).Query, got, w)
		}
	}
}

// Relative clauses and power bounds narrow a filter: "Each other creature
// you control that's a Wolf or a Werewolf gets +1/+1"; "Creatures you
// control with power 2 or less get +0/+1" (208: power as it is now).
func TestRelativeAndPowerFilters(t *testing.T) {
	src := `define Pack Leader = {1}{G} Creature — Werewolf 2/2 "Each other creature you control that's a Wolf or a Werewolf gets +1/+1."
define Small Shield = {W} Enchantment "Creatures you control with power 2 or less get +0/+1."
define Wolf = {1}{G} Creature — Wolf 2/2
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
Pack Leader as P
Wolf as W
Bear as B
opponent: Wolf as OW
? P
? W
? B
? OW
Small Shield
Ogre as O
? B
? W
? O`
	r := mustRun(t, src, nil)
	for line, want := range map[int]string{10: "2/2", 11: "3/3", 12: "2/2", 13: "2/2", 16: "2/3", 17: "3/3", 18: "3/3"} {
		if got := ptAt(t, r, line); got != want {
			t.Errorf("line %d (%s): %s, want %s", line, result(t, r, line).Query, got, want)
		}
	}
}
