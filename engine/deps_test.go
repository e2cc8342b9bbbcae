package engine

import (
	"strings"
	"testing"
)

const bloodMoonDefs = `define Blood Moon = {2}{R} Enchantment "Nonbasic lands are Mountains."
define Urborg, Tomb of Yawgmoth = Legendary Land "Each land is a Swamp in addition to its other land types."
define Forest = Basic Land — Forest
define Vault = Land "{T}: Add {C}."
`

// 613.8a: Urborg's effect depends on Blood Moon's (applying Blood Moon
// removes Urborg's ability, 305.7, which changes the existence of Urborg's
// effect), so Blood Moon applies first whatever the timestamps, and Urborg's
// effect no longer exists: basic lands are not Swamps.
func TestDependencyBloodMoonUrborg(t *testing.T) {
	orders := map[string]string{
		"Urborg first (timestamps alone would make the Forest a Swamp)": "Urborg, Tomb of Yawgmoth as U\nBlood Moon\n",
		"Blood Moon first": "Blood Moon\nUrborg, Tomb of Yawgmoth as U\n",
	}
	for name, order := range orders {
		t.Run(name, func(t *testing.T) {
			src := bloodMoonDefs + "Forest\nVault\n" + order + "? Forest\n? U\n? Vault\n"
			// lines: 1-4 defines, 5 Forest, 6 Vault, 7-8 order, 9-11 queries
			r := mustRun(t, src, nil)
			checkWant(t, r, want{line: 9, subtypes: []string{"Forest"}, has: []string{"{T}: Add {G}."}, lacks: []string{"{T}: Add {B}."}})
			checkWant(t, r, want{line: 10, subtypes: []string{"Mountain"}, has: []string{"{T}: Add {R}."},
				lacks: []string{"Each land is a Swamp in addition to its other land types.", "{T}: Add {B}."}})
			checkWant(t, r, want{line: 11, subtypes: []string{"Mountain"}, has: []string{"{T}: Add {R}."}, lacks: []string{"{T}: Add {C}."}})
			q := result(t, r, 10)
			found := false
			for _, s := range q.Trace {
				if s.Rule == "613.8a" && strings.Contains(s.Effect, "Blood Moon") {
					found = true
				}
			}
			if !found {
				t.Errorf("Urborg's trace does not explain the dependency on Blood Moon: %+v", q.Trace)
			}
		})
	}
}

// Without Blood Moon, Urborg makes every land a Swamp in addition to its
// other types (305.7, last sentence: it keeps its types and gains the mana
// ability).
func TestUrborgAlone(t *testing.T) {
	r := mustRun(t, bloodMoonDefs+"Forest\nUrborg, Tomb of Yawgmoth as U\n? Forest\n? U\n", nil)
	checkWant(t, r, want{line: 7, subtypes: []string{"Forest", "Swamp"}, has: []string{"{T}: Add {G}.", "{T}: Add {B}."}})
	checkWant(t, r, want{line: 8, subtypes: []string{"Swamp"}, has: []string{"{T}: Add {B}."}})
}

// Humility and Opalescence: no dependency in layer 7b (neither changes what
// the other applies to or does there), so timestamps decide (613.7): with
// Opalescence later, Humility is a 4/4 (its mana value) with no abilities;
// with Humility later, every creature is 1/1. Humility's 7b part still
// applies after it removed its own ability in layer 6 (613.6).
func TestHumilityOpalescenceTimestamps(t *testing.T) {
	defs := `define Humility = {2}{W}{W} Enchantment "All creatures lose all abilities and have base power and toughness 1/1."
define Opalescence = {2}{W}{W} Enchantment "Each other non-Aura enchantment is a creature in addition to its other types and has base power and toughness each equal to its mana value."
define Serra Angel = {3}{W}{W} Creature — Angel 4/4 "Flying, vigilance"
Serra Angel
`
	r := mustRun(t, defs+"Humility\nOpalescence\n? Humility\n? Serra Angel\n? Opalescence\n", nil)
	checkWant(t, r, want{line: 7, pt: "4/4", types: []string{"Enchantment", "Creature"}, lacks: []string{"All creatures lose all abilities and have base power and toughness 1/1."}})
	checkWant(t, r, want{line: 8, pt: "1/1", lacks: []string{"Flying", "Vigilance"}})
	checkWant(t, r, want{line: 9, pt: "-", types: []string{"Enchantment"}})

	r = mustRun(t, defs+"Opalescence\nHumility\n? Humility\n? Serra Angel\n", nil)
	checkWant(t, r, want{line: 7, pt: "1/1", types: []string{"Enchantment", "Creature"}})
	checkWant(t, r, want{line: 8, pt: "1/1"})
}

// March of the Machines depends on Ensoul Artifact in layer 4: applying
// Ensoul changes what March applies to (the artifact stops being a
// noncreature artifact), so Ensoul applies first even with the later
// timestamp, and March never applies to that artifact (613.8a, 613.6).
func TestDependencyChangesAffectedSet(t *testing.T) {
	src := `define March of the Machines = {3}{U} Enchantment "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value."
define Relic = {3} Artifact
define Other Relic = {2} Artifact
Relic
Other Relic
March of the Machines
cast Ensoul Artifact targeting Relic
? Relic
? Other Relic`
	r := mustRun(t, src, testCards(t))
	checkWant(t, r, want{line: 8, pt: "5/5", trace: []string{"4 613.1d Ensoul Artifact"}})
	q := result(t, r, 8)
	for _, s := range q.Trace {
		if strings.Contains(s.Source, "March") {
			t.Errorf("March of the Machines should not apply to the Ensouled artifact: %+v", q.Trace)
		}
	}
	checkWant(t, r, want{line: 9, pt: "2/2", types: []string{"Artifact", "Creature"}})
}

// 613.8b: two creatures that each say "All creatures lose all abilities"
// depend on each other (each removes the ability that generates the other):
// a loop, applied in timestamp order. The earlier one applies and the later
// one's effect no longer exists.
func TestDependencyLoopFallsBackToTimestamps(t *testing.T) {
	src := `define Mute A = {1} Creature — Horror 1/1 "All creatures lose all abilities."
define Mute B = {1} Creature — Horror 1/1 "All creatures lose all abilities."
Mute A
Mute B
? Mute A
? Mute B`
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 5, lacks: []string{"All creatures lose all abilities."}, trace: []string{"dependency loop", "613.8b"}})
	checkWant(t, r, want{line: 6, lacks: []string{"All creatures lose all abilities."}})
}

// 613.3: a characteristic-defining ability applies first in its layer and
// 7a before 7b; a CDA counting creatures you control.
func TestCharacteristicDefiningAbility(t *testing.T) {
	src := `define Crusader = {2}{W} Creature — Human Soldier * /* "Crusader's power and toughness are each equal to the number of creatures you control."
define Bear = {1}{G} Creature — Bear 2/2
Crusader
Bear
opponent: Bear as OB
? Crusader
effect "Target creature becomes 0/1 until end of turn" targeting Crusader
? Crusader`
	src = strings.Replace(src, "* /*", "*/*", 1)
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 6, pt: "2/2", trace: []string{"7a 613.4a"}})
	checkWant(t, r, want{line: 8, pt: "0/1", trace: []string{"7a 613.4a", "7b 613.4b"}})
}

// 613.8a in layer 2: Control Magic's effect ("You control enchanted
// creature") depends on an effect that changes who controls Control Magic,
// because that changes what it does; the control change applies first.
func TestDependencyInLayer2(t *testing.T) {
	src := `define Control Magic = {2}{U}{U} Enchantment — Aura "Enchant creature\nYou control enchanted creature."
define Bear = {1}{G} Creature — Bear 2/2
Bear as B
opponent: cast Control Magic targeting B
? B
you gain control of Control Magic
? B`
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 5, controller: "opponent"})
	checkWant(t, r, want{line: 7, controller: "you", trace: []string{"depends on control change", "613.8b"}})
}
