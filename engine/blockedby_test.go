package engine

import (
	"strings"
	"testing"
)

// 509.1b: "can't be blocked by creatures with power 2 or less" (Questing
// Beast), "can't be blocked except by creatures with flying", "can't be
// blocked by black creatures" restrict which creatures may block; a
// declaration that breaks one is illegal.
func TestCantBeBlockedByKinds(t *testing.T) {
	const defs = `define Beast = {2}{G}{G} Creature — Beast 4/4 "Beast can't be blocked by creatures with power 2 or less."
define Skyrider = {1}{U} Creature — Bird 2/2 "Skyrider can't be blocked except by creatures with flying."
define Shade = {1}{B} Creature — Shade 2/2 "Shade can't be blocked by black creatures."
define Bear = {1}{G} green Creature — Bear 2/2
define Ogre = {2}{R} red Creature — Ogre 3/3
define Bat = {B} black Creature — Bat 1/1 "Flying"
`
	for _, c := range []struct {
		attacker, blocker string
		legal             bool
	}{
		{"Beast", "Bear", false},
		{"Beast", "Ogre", true},
		{"Skyrider", "Bear", false},
		{"Skyrider", "Bat", true},
		{"Shade", "Bat", false},
		{"Shade", "Ogre", true},
	} {
		s, err := Parse(defs + c.attacker + " as A\nopponent: " + c.blocker + " as B\nattack with A\nblock A with B")
		if err != nil {
			t.Fatal(err)
		}
		r := run(s, nil)
		illegal := len(r.Errors) > 0 && strings.Contains(r.Errors[0].Message, "509.1b")
		if illegal == c.legal {
			t.Errorf("%s blocked by %s: legal %v, want %v (errors %+v)", c.attacker, c.blocker, !illegal, c.legal, r.Errors)
		}
	}
}
