package engine

import (
	"fmt"
	"strings"
	"testing"
)

// benchScenario builds a 50-object scenario with 20 continuous effects,
// including the Blood Moon / Urborg dependency (613.8a) and an anthem whose
// affected set depends on layer-4 and layer-5 changes.
func benchScenario() string {
	var b strings.Builder
	b.WriteString(`define Bear = {1}{G} Creature — Bear 2/2
define Elf Warrior = {G} Creature — Elf Warrior 1/1
define Blood Moon = {2}{R} Enchantment "Nonbasic lands are Mountains."
define Urborg = Legendary Land "Each land is a Swamp in addition to its other land types."
define Anthem = {2}{W} Enchantment "Creatures you control get +1/+1."
define White Anthem = {1}{W} Enchantment "White creatures you control get +1/+1."
define Elf Lord = {1}{G}{G} Creature — Elf 2/2 "Other Elf creatures you control get +1/+1 and have vigilance."
define Pacifism = {1}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack or block."
define Ensoul = {1}{U} Enchantment — Aura "Enchant artifact\nEnchanted artifact is a creature with base power and toughness 5/5 in addition to its other types."
define Relic = {2} Artifact
define Forest = Basic Land — Forest
define Vault = Land
`)
	// 50 objects: 24 creatures, 10 lands, 4 artifacts, 12 others.
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&b, "Bear as B%d (1 +1/+1 counter)\n", i)
		fmt.Fprintf(&b, "opponent: Elf Warrior as E%d\n", i)
	}
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "Forest as F%d\n", i)
		fmt.Fprintf(&b, "Vault as V%d\n", i)
	}
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "Relic as R%d\n", i)
	}
	b.WriteString("Urborg\nBlood Moon\nAnthem\nWhite Anthem\nElf Lord as L1\nopponent: Elf Lord as L2\n")
	b.WriteString("Ensoul as En1 (attached to R0)\nEnsoul as En2 (attached to R1)\nPacifism as P1 (attached to B0)\nPacifism as P2 (attached to E0)\n")
	b.WriteString("Anthem as A2\nWhite Anthem as WA2\n")
	// resolved effects
	b.WriteString(`effect "Target creature gets +4/+4 until end of turn" targeting B1
effect "Target creature becomes white until end of turn" targeting B2
effect "Switch target creature's power and toughness until end of turn" targeting B3
effect "Target creature becomes 0/1 until end of turn" targeting B4
effect "All creatures get +0/+1 until end of turn"
effect "Target creature loses flying until end of turn" targeting E1
effect "Target creature gains haste until end of turn" targeting B5
opponent gains control of B6
`)
	for _, r := range []string{"B1", "B2", "B3", "B4", "E1", "R0", "F0", "V0", "L1", "B6"} {
		fmt.Fprintf(&b, "? %s\n", r)
	}
	b.WriteString("? can B6 attack\n? can B0 attack\n")
	return b.String()
}

func BenchmarkRun50Objects20Effects(b *testing.B) {
	s, err := Parse(benchScenario())
	if err != nil {
		b.Fatal(err)
	}
	if r := run(s, nil); len(r.Errors) > 0 {
		b.Fatalf("errors: %+v", r.Errors)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		run(s, nil)
	}
}

func BenchmarkCompute50Objects(b *testing.B) {
	s, err := Parse(benchScenario())
	if err != nil {
		b.Fatal(err)
	}
	g := &game{defs: map[string]CardDef{}, comp: newCompiler(), rep: &Report{}, seenUnm: map[string]bool{}}
	for i := range s.Stmts {
		g.ts = max(g.ts+1, s.Stmts[i].Line)
		if s.Stmts[i].Kind == StmtQuery || s.Stmts[i].Kind == StmtCheck {
			continue
		}
		g.exec(&s.Stmts[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.compute(false)
	}
}

// The benchmark scenario is what it claims: 50 objects, 20 effects, a
// dependency (Urborg's effect depends on Blood Moon's, 613.8a), no errors.
func TestBenchScenarioShape(t *testing.T) {
	s, err := Parse(benchScenario())
	if err != nil {
		t.Fatal(err)
	}
	g := &game{defs: map[string]CardDef{}, comp: newCompiler(), rep: &Report{}, seenUnm: map[string]bool{}}
	objects := 0
	for i := range s.Stmts {
		if s.Stmts[i].Kind == StmtEnter {
			objects++
		}
	}
	r := run(s, nil)
	if len(r.Errors) > 0 || len(r.Unmodeled) > 0 {
		t.Fatalf("errors %+v unmodeled %+v", r.Errors, r.Unmodeled)
	}
	if objects != 50 {
		t.Errorf("%d objects, want 50", objects)
	}
	// Count continuous effects: resolved ones plus static abilities with
	// continuous effects on the battlefield.
	for i := range s.Stmts {
		g.ts = max(g.ts+1, s.Stmts[i].Line)
		if k := s.Stmts[i].Kind; k != StmtQuery && k != StmtCheck {
			g.exec(&s.Stmts[i])
		}
	}
	st := g.compute(false)
	effects := len(g.effects)
	for i := range st.objs {
		for _, ai := range st.objs[i].printed {
			effects += len(ai.Statics)
		}
	}
	if effects < 20 {
		t.Errorf("%d continuous effects, want at least 20", effects)
	}
	dep := false
	for _, tr := range st.trace {
		for _, step := range tr {
			if step.Rule == "613.8a" {
				dep = true
			}
		}
	}
	if !dep {
		t.Error("no dependency in the benchmark scenario")
	}
	t.Logf("%d objects, %d continuous effects", objects, effects)
}
