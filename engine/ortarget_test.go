package engine

import (
	"strings"
	"testing"
)

// runWithErrors runs a scenario and returns its report, errors included.
func runWithErrors(t *testing.T, src string) *Report {
	t.Helper()
	s, err := Parse(src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return run(s, nil)
}

func errorOnLine(r *Report, line int) string {
	var msgs []string
	for _, e := range r.Errors {
		if e.Line == line {
			msgs = append(msgs, e.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

// "target A or B" and "A, B, or C with Q" name any of the listed kinds; a
// quality after the last noun qualifies that noun only. An illegal target
// means the spell doesn't resolve (608.2b).
func TestOrTargets(t *testing.T) {
	const defs = `define Disenchant = {1}{W} Instant "Destroy target artifact or enchantment."
define Broken Wings = {2}{G} Instant "Destroy target artifact, enchantment, or creature with flying."
define Sol Ring = {1} Artifact
define Charm = {W} Enchantment
define Bear = {1}{G} green Creature — Bear 2/2
define Bird = {W} white Creature — Bird 1/1 "Flying"
define Golem = {3} Artifact Creature — Golem 3/3
`
	legal := []struct{ spell, target string }{
		{"Disenchant", "Sol Ring"}, {"Disenchant", "Charm"}, {"Disenchant", "Golem"},
		{"Broken Wings", "Sol Ring"}, {"Broken Wings", "Charm"}, {"Broken Wings", "Bird"},
		// An artifact creature without flying is an artifact.
		{"Broken Wings", "Golem"},
	}
	for _, c := range legal {
		r := runWithErrors(t, defs+c.target+" as X\ncast "+c.spell+" targeting X\n? X")
		if msg := errorOnLine(r, 9); msg != "" {
			t.Errorf("%s targeting %s: %s", c.spell, c.target, msg)
			continue
		}
		if !gone(r, 10) {
			t.Errorf("%s targeting %s: not destroyed (%q)", c.spell, c.target, errorOnLine(r, 10))
		}
	}
	illegal := []struct{ spell, target string }{
		{"Disenchant", "Bear"}, {"Broken Wings", "Bear"},
	}
	for _, c := range illegal {
		r := runWithErrors(t, defs+c.target+" as X\ncast "+c.spell+" targeting X\n? X")
		if msg := errorOnLine(r, 9); !strings.Contains(msg, "608.2b") {
			t.Errorf("%s targeting %s: want an illegal target (608.2b), got %q", c.spell, c.target, msg)
		}
	}
}

// "Enchant creature or enchantment" (303.4a): the Aura can target and
// enchant either; not a land.
func TestEnchantEitherKind(t *testing.T) {
	const defs = `define One with the Stars = {3}{U} Enchantment — Aura "Enchant creature or enchantment\nEnchanted permanent is an enchantment and loses all other card types."
define Charm = {W} Enchantment
define Bear = {1}{G} green Creature — Bear 2/2
define Wastes = Basic Land
`
	for _, target := range []string{"Charm", "Bear"} {
		r := runWithErrors(t, defs+target+" as X\ncast One with the Stars targeting X\n? X")
		if msg := errorOnLine(r, 6); msg != "" {
			t.Errorf("One with the Stars targeting %s: %s", target, msg)
		}
	}
	r := runWithErrors(t, defs+"Wastes as X\ncast One with the Stars targeting X\n? X")
	if msg := errorOnLine(r, 6); !strings.Contains(msg, "303.4a") {
		t.Errorf("One with the Stars targeting a land: want it can't enchant it (303.4a), got %q", msg)
	}
}

// 205.1a: a set card type replaces the others, and the subtypes of the
// removed types go with them; 205.3d: an object can't gain a subtype that
// doesn't correspond to one of its types, so a later "becomes a Dragon"
// gives no creature type to a permanent that is no longer a creature.
func TestLosesOtherCardTypesAndTheirSubtypes(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "One with the Stars, then becomes a Dragon",
		src: `define One with the Stars = {3}{U} Enchantment — Aura "Enchant creature or enchantment\nEnchanted permanent is an enchantment and loses all other card types."
define Gingerbrute = {1} Artifact Creature — Food Golem 1/1 "Haste"
define Knight = {2}{R} Creature — Human Knight 2/2
Gingerbrute as G
Knight as K
cast One with the Stars targeting G
cast One with the Stars targeting K
effect "Until end of turn, this creature becomes a Dragon, gets +5/+3, and gains flying." targeting K
? G
? K`,
		wants: []want{
			{line: 9, pt: "-", types: []string{"Enchantment"}, subtypes: []string{}, has: []string{"Haste"}},
			{line: 10, pt: "-", types: []string{"Enchantment"}, subtypes: []string{}, has: []string{"Flying"}},
		},
	}}, nil)
}
