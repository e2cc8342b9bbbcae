package ask

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// runSetup runs an answer's scenario lines in the engine over its cards.
func runSetup(t *testing.T, ans Answer) *engine.Report {
	t.Helper()
	var defs []engine.CardDef
	for _, c := range ans.Cards {
		defs = append(defs, engine.CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text})
	}
	return runLines(t, ans.Setup, engine.NewMapSource(defs...))
}

// runLines runs scenario lines over a card source and fails on a syntax
// or run error.
func runLines(t *testing.T, lines []string, src engine.CardSource) *engine.Report {
	t.Helper()
	script, err := engine.Parse(strings.Join(lines, "\n"))
	if err != nil {
		t.Fatalf("setup %q: %v", lines, err)
	}
	rep, err := engine.Run(context.Background(), script, src)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("run %q: %v %+v", lines, err, rep.Errors)
	}
	return rep
}

// catalogueSource finds the cards of a catalogue by name or by one face,
// as the product's card source does (wire.CardSource): a face of a split
// card is cast by its name.
type catalogueSource struct{ c *cards.Catalog }

func (s catalogueSource) Card(name string) (engine.CardDef, bool) {
	c, ok := s.c.Lookup(name)
	if !ok {
		return engine.CardDef{}, false
	}
	if fold.Key(c.Name) == fold.Key(name) && len(c.Faces) == 0 {
		return engine.CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Supertypes: c.Supertypes, Types: c.Types,
			Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text}, true
	}
	for _, f := range c.Faces {
		if fold.Key(f.Name) == fold.Key(name) || fold.Key(c.Name) == fold.Key(name) {
			colors := f.Colors
			if colors == nil {
				colors = engine.ColorsOfCost(f.ManaCost)
			}
			return engine.CardDef{Name: f.Name, ManaCost: f.ManaCost, Colors: colors, Supertypes: f.Supertypes, Types: f.Types,
				Subtypes: f.Subtypes, Power: f.Power, Toughness: f.Toughness, Loyalty: f.Loyalty, Text: f.Text}, true
		}
	}
	return engine.CardDef{}, false
}

// infoOf returns the answer of a "? stack", "? graveyard" or "? exile"
// line.
func infoOf(rep *engine.Report, kind string) string {
	for _, r := range rep.Results {
		if r.Info != nil && r.Info.Kind == kind {
			return r.Info.Answer
		}
	}
	return ""
}

// noted reports whether the engine noted a rule with text holding want.
func noted(rep *engine.Report, rule, want string) bool {
	return slices.ContainsFunc(rep.Notes, func(n engine.Note) bool { return n.Rule == rule && strings.Contains(n.Text, want) })
}

// What the question says of a permanent enters with it: a counter it
// has (Ensoul Artifact's ruling: counters still apply, 613.4c), so the
// Ornithopter is 5/5 + 1/+1 + 4/+4 = 10/10.
func TestSetupKeepsWhatTheQuestionSays(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("Ensoul Artifact on an Ornithopter with a +1/+1 counter, then Titanic Growth: how big, can it attack?")
	if len(ans.Setup) == 0 || ans.Setup[0] != "Ornithopter as P1 (1 +1/+1 counter)" {
		t.Fatalf("setup %q, want the Ornithopter to enter with its counter", ans.Setup)
	}
	rep := runSetup(t, ans)
	if len(rep.Results) == 0 || rep.Results[0].Object == nil {
		t.Fatalf("no answer about P1: %+v", rep.Results)
	}
	if v := rep.Results[0].Object; v.Power == nil || *v.Power != 10 || *v.Toughness != 10 {
		t.Errorf("P1 = %+v, want 10/10", v)
	}

	for q, want := range map[string][]string{
		"Can a tapped Ornithopter block?":                      {"tapped"},
		"A face-down Ornithopter with two +1/+1 counters":      {"face down", "2 +1/+1 counters"},
		"My Ornithopter has three -1/-1 counters and untapped": {"3 -1/-1 counters"},
	} {
		links := a.names.link(q)
		if len(links) == 0 {
			t.Fatalf("%q: no card linked", q)
		}
		if got := modifiers(q, links, links[0].Card); !slices.Equal(got, want) {
			t.Errorf("%q: modifiers %q, want %q", q, got, want)
		}
	}
}

// A question whether a creature dies is set up as its destruction, and the
// engine shows what triggers: Black Cat's "When Black Cat dies" goes on
// the stack (700.4, 603.3); face down it has no abilities (708.2a) and
// nothing triggers as it dies (603.10a looks back at the permanent as it
// last existed on the battlefield).
func TestSetupAsksWhetherItDies(t *testing.T) {
	a := testAsker(t)
	for q, triggers := range map[string]bool{
		"My Black Cat dies: what does my opponent discard?":    true,
		"My Black Cat is face down and dies: does it trigger?": false,
	} {
		ans := a.Ask(q)
		if !slices.Contains(ans.Setup, "destroy P1") || !slices.Contains(ans.Setup, "? stack") {
			t.Fatalf("%q: setup %q, want the creature destroyed and the stack shown", q, ans.Setup)
		}
		rep := runSetup(t, ans)
		var stack string
		for _, r := range rep.Results {
			if r.Info != nil && r.Info.Kind == "stack" {
				stack = r.Info.Answer
			}
		}
		if got := strings.Contains(stack, "When Black Cat dies"); got != triggers {
			t.Errorf("%q: stack %q, want the dies trigger %v", q, stack, triggers)
		}
	}
}

// A question whether a creature survives a named spell is set up with the
// spell as what happens to it, not a destruction of its own, and with the
// regeneration shield the question speaks of: Anger of the Gods deals 3
// damage to the 1/1 Asphodel Wanderer, lethal damage would destroy it
// (704.5g), and the shield replaces that destruction (701.19a), so it is
// still on the battlefield and in no graveyard.
func TestSetupAsksWhetherItSurvivesASpell(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("Anger of the Gods with a regenerate shield on my Asphodel Wanderer: does it survive?")
	want := []string{"Asphodel Wanderer as P1", "regenerate P1", "cast Anger of the Gods", "? stack", "? graveyard"}
	if !slices.Equal(ans.Setup, want) {
		t.Fatalf("setup %q, want %q", ans.Setup, want)
	}
	rep := runSetup(t, ans)
	for _, r := range rep.Results {
		if r.Info != nil && r.Info.Kind == "graveyard" && strings.Contains(r.Info.Answer, "Asphodel Wanderer") {
			t.Errorf("graveyard %q: the shield should have replaced the destruction", r.Info.Answer)
		}
	}
	regenerated := false
	for _, n := range rep.Notes {
		regenerated = regenerated || n.Rule == "701.19a" && strings.Contains(n.Text, "regenerates instead")
	}
	if !regenerated {
		t.Errorf("no 701.19a note that it regenerated: %+v", rep.Notes)
	}
}

// A creature told attacking whose attack triggers an ability is declared
// an attacker and the ability resolves (508.1, 603.2): Borderland
// Marauder (1/2, "Whenever Borderland Marauder attacks, it gets +2/+0
// until end of turn") is 3/2. Asked whether it can attack, it isn't
// declared: the set-up asks the engine instead.
func TestSetupDeclaresAToldAttack(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("I attack with Borderland Marauder. How big is it?")
	if !slices.Equal(ans.Setup, []string{"Borderland Marauder as P1", "attack with P1", "resolve all", "? P1"}) {
		t.Fatalf("setup %q", ans.Setup)
	}
	rep := runSetup(t, ans)
	var got *engine.ObjectView
	for _, r := range rep.Results {
		if r.Object != nil {
			got = r.Object
		}
	}
	if got == nil || got.Power == nil || *got.Power != 3 || *got.Toughness != 2 {
		t.Errorf("the attacking Marauder = %+v, want 3/2", got)
	}
	if s := a.Ask("Can I attack with Borderland Marauder? How big is it?").Setup; slices.Contains(s, "attack with P1") || !slices.Contains(s, "? can P1 attack") {
		t.Errorf("asked, not told: setup %q", s)
	}
}
