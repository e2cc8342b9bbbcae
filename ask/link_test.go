package ask

import (
	"slices"
	"testing"
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
