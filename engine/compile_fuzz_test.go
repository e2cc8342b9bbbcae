package engine

import "testing"

// FuzzCompileText: any rules text compiles without panicking, and a board
// holding it and a few other objects computes its layers.
func FuzzCompileText(f *testing.F) {
	for _, s := range []string{
		"All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types.",
		"Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types.",
		"Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it.",
		"LEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike",
		"Lands your opponents control named Urza's Tower lose all land types and abilities, and they gain \"{T}: Add one mana of any color.\"",
		"As long as you control five or more enchantments, each other non-Aura enchantment you control is a creature in addition to its other types and has base power and base toughness each equal to its mana value.",
		"Sea Monster can't attack unless defending player controls an Island.",
		"~ enters the battlefield tapped unless you control two or fewer other lands.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 2000 {
			return
		}
		d := CardDef{Name: "Fuzz", Types: []string{"Creature"}, Subtypes: []string{"Elf"}, Power: "*", Toughness: "2", Text: text}
		Coverage([]CardDef{d})
		g := &game{defs: map[string]CardDef{}, comp: newCompiler(), rep: &Report{}, seenUnm: map[string]bool{}}
		for _, def := range []CardDef{d, {Name: "Bear", Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: "2", Toughness: "2"},
			{Name: "Swamp", Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Swamp"}}} {
			g.ts++
			g.enter(&Stmt{Line: g.ts}, def, Mods{}, You)
		}
		s := g.compute(false)
		for _, o := range s.objs {
			s.dependsOnUnmodelled(o)
		}
	})
}
