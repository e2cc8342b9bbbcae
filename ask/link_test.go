package ask

import (
	"context"
	"strings"

	"slices"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
)

// The linker finds every card a question names, in its own words, and no
// card for a word that is only a word.
func TestLinkCards(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		q    string
		want []string
	}{
		// Several [[ ]] references in one message, each its own card.
		{"[[Ensoul Artifact]] [[Titanic Growth]] on an Ornithopter: how big is it?", []string{"Ensoul Artifact", "Titanic Growth", "Ornithopter"}},
		// Plain text, any case, with a possessive and a curly apostrophe.
		{"my ornithopter’s ensoul artifact got destroyed", []string{"Ornithopter", "Ensoul Artifact"}},
		{"Does Ornithopter's flying matter?", []string{"Ornithopter"}},
		// A legendary card by the name before its comma.
		{"Is Thassa a creature with devotion 4?", []string{"Thassa, God of the Sea"}},
		// A name made of the game's own words is a card only when written
		// as a name mid-sentence.
		{"I tapped an island for mana and cast a spell.", nil},
		{"Island is a land.", nil},
		{"Can I tap my Island for two mana?", []string{"Island"}},
	}
	for _, c := range cases {
		var got []string
		for _, l := range a.names.link(c.q) {
			got = append(got, l.Card.Name)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: linked %q, want %q", c.q, got, c.want)
		}
	}
}

// The card names leave the words that are searched: a card named with a
// rules word does not pull in that word's rule.
func TestNamesLeaveTheQuery(t *testing.T) {
	a := testAsker(t)
	q := "Ensoul Artifact on my Ornithopter: can it attack this turn?"
	text := withoutNames(q, a.names.link(q))
	for _, w := range []string{"Ensoul", "Artifact", "Ornithopter"} {
		if slices.Contains(wordRe.FindAllString(text, -1), w) {
			t.Errorf("%q kept %q", text, w)
		}
	}
	ans := a.Ask(q)
	if len(ans.Rules) == 0 || !slices.ContainsFunc(ans.Rules, func(h Hit) bool { return h.ID == "302.6" }) {
		t.Errorf("can it attack this turn: rules %+v, want 302.6 among them", ans.Rules)
	}
	if len(ans.Rulings) == 0 || ans.Rulings[0].Card != "Ensoul Artifact" {
		t.Errorf("rulings %+v, want Ensoul Artifact's", ans.Rulings)
	}
}

// The named cards come back as scenario lines the engine runs as they
// are: permanents enter with aliases, spells are cast at the first.
func TestSetupRunsInTheEngine(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("Ensoul Artifact and Titanic Growth on my Ornithopter: how big is it and can it attack?")
	want := []string{"Ornithopter as P1", "cast Ensoul Artifact targeting P1", "cast Titanic Growth targeting P1", "? P1", "? can P1 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Errorf("setup %q, want %q", ans.Setup, want)
	}
	// The lines parse and run, and the engine answers (Ensoul Artifact's
	// ruling: 5/5 in layer 7b, then Titanic Growth's +4/+4 in 7c: 9/9).
	var defs []engine.CardDef
	for _, c := range ans.Cards {
		defs = append(defs, engine.CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Text: c.Text})
	}
	script, err := engine.Parse(strings.Join(ans.Setup, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Run(context.Background(), script, engine.NewMapSource(defs...))
	if err != nil || len(rep.Errors) > 0 || len(rep.Results) != 2 {
		t.Fatalf("run: %v %+v", err, rep)
	}
	if v := rep.Results[0].Object; v == nil || v.Power == nil || *v.Power != 9 || *v.Toughness != 9 {
		t.Errorf("P1 = %+v, want 9/9", rep.Results[0].Object)
	}
	if got := a.Ask("What does the stack do?").Setup; got != nil {
		t.Errorf("a question without cards got a setup: %q", got)
	}
}
