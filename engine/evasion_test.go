package engine

import (
	"strings"
	"testing"
)

const evasionDefs = `define Intimidator = {2}{R} Creature — Human 2/2 "Intimidate"
define Fearsome = {1}{B} Creature — Zombie 2/2 "Fear"
define Sneak = {1}{U} Creature — Rogue 1/1 "Skulk"
define Walker = {1}{U} Creature — Merfolk 1/1 "Islandwalk"
define Red Bear = {1}{R} Creature — Bear 2/2
define Green Bear = {1}{G} Creature — Bear 2/2
define Black Bear = {1}{B} Creature — Bear 2/2
define Tiny = {G} Creature — Insect 1/1
define Golem = {3} Artifact Creature — Golem 3/3
define Isle = Land — Island
`

// Evasion abilities restrict which creatures can block (509.1b): each
// illegal block is refused with its rule, and each legal one stands.
func TestEvasionRestrictsBlockers(t *testing.T) {
	for _, c := range []struct {
		attacker, blocker, rule string // rule "" when the block is legal
		extra                   string
	}{
		{"Intimidator", "Green Bear", "702.13b", ""},
		{"Intimidator", "Red Bear", "", ""},
		{"Intimidator", "Golem", "", ""},
		{"Fearsome", "Green Bear", "702.36b", ""},
		{"Fearsome", "Black Bear", "", ""},
		{"Fearsome", "Golem", "", ""},
		{"Sneak", "Green Bear", "702.118b", ""},
		{"Sneak", "Tiny", "", ""},
		{"Walker", "Tiny", "702.14c", "opponent: Isle as L\n"},
		{"Walker", "Tiny", "", ""},
	} {
		r, _ := play(t, evasionDefs+c.extra+c.attacker+` as A
opponent: `+c.blocker+` as B
attack with A
block A with B
`)
		var msgs []string
		for _, e := range r.Errors {
			msgs = append(msgs, e.Message)
		}
		got := strings.Join(msgs, "; ")
		if c.rule == "" && got != "" || c.rule != "" && !strings.Contains(got, c.rule) {
			t.Errorf("%s blocked by %s (%q): errors %q, want rule %q", c.attacker, c.blocker, c.extra, got, c.rule)
		}
	}
}
