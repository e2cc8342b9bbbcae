package engine

import "testing"

// 702.16n: Black Ward gives protection from black and "This effect doesn't
// remove Black Ward": a black Black Ward stays; another black Aura goes; a
// second source of protection from black removes it as usual.
func TestProtectionThatSparesTheAura(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Black Ward made black stays, another black Aura goes",
		src: `define Black Ward = {W} Enchantment — Aura "Enchant creature\nEnchanted creature has protection from black. This effect doesn't remove Black Ward."
define Dark Aura = {B} Enchantment — Aura "Enchant creature"
define Paint = {B} Instant "Target permanent becomes black until end of turn."
define Bear = {1}{G} Creature — Bear 2/2
Bear as B
Dark Aura as D (attached to B)
Black Ward as W (attached to B)
cast Paint targeting W
? W
? B`,
		wants: []want{{line: 9, colors: "B"}, {line: 10, has: []string{"Protection from black"}}},
	}}, nil)
	r := mustRun(t, `define Black Ward = {W} Enchantment — Aura "Enchant creature\nEnchanted creature has protection from black. This effect doesn't remove Black Ward."
define Dark Aura = {B} Enchantment — Aura "Enchant creature"
define Bear = {1}{G} Creature — Bear 2/2
Bear as B
Dark Aura as D (attached to B)
Black Ward as W (attached to B)
? B`, nil)
	gone := false
	for _, n := range r.Notes {
		gone = gone || n.Rule == "704.5m" && n.Line == 6
	}
	if !gone {
		t.Errorf("the other black Aura is put into the graveyard (704.5m): %+v", r.Notes)
	}
}
