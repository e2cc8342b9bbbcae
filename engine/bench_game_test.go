package engine

import (
	"fmt"
	"strings"
	"testing"
)

// benchGameScenario builds a 100-object scenario with 30 continuous
// effects, a combat of four creatures with first strike, trample and
// deathtouch, and 10 triggered abilities that go on the stack and resolve.
func benchGameScenario() string {
	var b strings.Builder
	b.WriteString(`define Bear = {1}{G} Creature — Bear 2/2
define Elf Warrior = {G} Creature — Elf Warrior 1/1
define Anthem = {2}{W} Enchantment "Creatures you control get +1/+1."
define Elf Lord = {1}{G}{G} Creature — Elf 2/2 "Other Elf creatures you control get +1/+1 and have vigilance."
define Forest = Basic Land — Forest
define Vault = Land
define Relic = {2} Artifact
define Knight = {1}{W} Creature — Knight 2/2 "First strike"
define Rhino = {3}{G} Creature — Rhino 4/4 "Trample"
define Viper = {1}{B} Creature — Snake 2/2 "Deathtouch, trample"
define Wall = {1}{W} Creature — Wall 0/5 "Defender"
define Cleric = {W} Creature — Cleric 1/1 "When this creature enters, you gain 1 life."
`)
	// 100 objects: 28 + 28 creatures, 10 lands each kind, 4 artifacts,
	// 4 combatants, 2 lords, 2 anthems, 10 clerics, 2 more.
	for i := 0; i < 28; i++ {
		fmt.Fprintf(&b, "Bear as B%d\n", i)
		fmt.Fprintf(&b, "opponent: Elf Warrior as E%d\n", i)
	}
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "Forest as F%d\nVault as V%d\n", i, i)
	}
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "Relic as R%d\n", i)
	}
	b.WriteString("Anthem as A1\nopponent: Anthem as A2\nElf Lord as L1\nopponent: Elf Lord as L2\nBear as B28\nBear as B29\n")
	b.WriteString("Knight as K\nRhino as RH\nViper as VI\nopponent: Wall as W\n")
	// 30 continuous effects: 2 anthems, 2 lords, 26 resolved effects.
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "effect \"Target creature gets +1/+1 until end of turn\" targeting B%d\n", i)
	}
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "effect \"Target creature becomes white until end of turn\" targeting E%d\n", i)
	}
	b.WriteString("attack with K and RH and VI\nblock RH with W\ncombat damage\n")
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "Cleric as C%d (new)\n", i)
	}
	for i := 0; i < 10; i++ {
		b.WriteString("resolve\n")
	}
	b.WriteString("? life\n? graveyard\n? K\n? RH\n? B3\n? E5\n? stack\n")
	return b.String()
}

func BenchmarkRunGame100Objects30EffectsCombat10Triggers(b *testing.B) {
	s, err := Parse(benchGameScenario())
	if err != nil {
		b.Fatal(err)
	}
	r := run(s, nil)
	if len(r.Errors) > 0 {
		b.Fatalf("errors: %+v", r.Errors)
	}
	// The scenario does what it says: the ten enters abilities resolved
	// (you: 20 + 10), the unblocked Knight (first strike) and Viper deal
	// 3 each with the anthem, and the Rhino's 5 is all lethal-short on the
	// 0/6 Wall, so nothing tramples over (702.19b).
	var life *InfoView
	for _, q := range r.Results {
		if q.Info != nil && q.Info.Kind == "life" {
			life = q.Info
		}
	}
	if life == nil || life.Players[0].Life != 30 || life.Players[1].Life != 14 {
		b.Fatalf("life: %+v", life)
	}
	if !strings.Contains(r.Text(), "Rhino (RH) deals 5 combat damage to Wall (W)") || !strings.Contains(r.Text(), "The stack is empty") {
		b.Fatalf("combat or stack not as built:\n%s", r.Text())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run(s, nil)
	}
}
