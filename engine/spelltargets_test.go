package engine

import (
	"slices"
	"testing"
)

// The targets a spell's text asks for, in order (115.1): permanents of
// the types named and whose they must be, players, spells of the kind
// named; a card in another zone is none of these.
func TestSpellTargets(t *testing.T) {
	for text, want := range map[string][]Target{
		"Target creature you control fights target creature you don't control.": {
			{Kind: TargetPermanent, Types: []string{"Creature"}, Control: 1}, {Kind: TargetPermanent, Types: []string{"Creature"}, Control: 2}},
		"Lightning Strike deals 3 damage to any target.":                {{Kind: TargetPermanent, Types: []string{"Creature", "Planeswalker", "Battle"}}},
		"Target player draws two cards.":                                {{Kind: TargetPlayer, Gains: true}},
		"Target opponent discards two cards.":                           {{Kind: TargetPlayer, Control: 2}},
		"Exile target artifact or enchantment.":                         {{Kind: TargetPermanent, Types: []string{"Artifact", "Enchantment"}}},
		"Destroy target nonland permanent.":                             {{Kind: TargetPermanent, NotTypes: []string{"Land"}}},
		"Return target creature card from your graveyard to your hand.": {{Kind: TargetOther, Types: []string{"Creature"}}},
		"Change the target of target spell with a single target.":       {{Kind: TargetSpell}},
	} {
		got := SpellTargets(text, false)
		if len(got) != len(want) {
			t.Errorf("%q: targets %+v, want %+v", text, got, want)
			continue
		}
		for i := range got {
			g, w := got[i], want[i]
			if g.Kind != w.Kind || !slices.Equal(g.Types, w.Types) || !slices.Equal(g.NotTypes, w.NotTypes) || g.Control != w.Control || g.Gains != w.Gains {
				t.Errorf("%q: target %d %+v, want %+v", text, i, g, w)
			}
		}
	}
	// An Aura spell targets what it can enchant (303.4a).
	if got := SpellTargets("Enchant artifact\nEnchanted artifact is a creature.", true); len(got) != 1 || got[0].Kind != TargetPermanent || !slices.Equal(got[0].Types, []string{"Artifact"}) {
		t.Errorf("Aura: targets %+v, want one artifact", got)
	}
}

// A target spell fits the kind the counterspell names, read as the engine
// reads it when the counterspell resolves (701.6a): types, "non" types
// and colors, alternatives joined by "or" or listed with commas.
func TestTargetSpellFits(t *testing.T) {
	bolt := CardDef{Name: "Lightning Bolt", Types: []string{"Instant"}, Colors: []string{"R"}}
	bear := CardDef{Name: "Runeclaw Bear", Types: []string{"Creature"}, Colors: []string{"G"}}
	aura := CardDef{Name: "Holy Strength", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"}, Colors: []string{"W"}}
	for _, c := range []struct {
		text string
		fits []CardDef
		not  []CardDef
	}{
		{"Counter target spell.", []CardDef{bolt, bear, aura}, nil},
		{"Counter target noncreature spell.", []CardDef{bolt, aura}, []CardDef{bear}},
		{"Counter target creature spell.", []CardDef{bear}, []CardDef{bolt, aura}},
		{"Counter target enchantment, instant, or sorcery spell.", []CardDef{bolt, aura}, []CardDef{bear}},
		{"Counter target red or green spell.", []CardDef{bolt, bear}, []CardDef{aura}},
		{"Counter target permanent spell.", []CardDef{bear, aura}, []CardDef{bolt}},
	} {
		ts := SpellTargets(c.text, false)
		if len(ts) != 1 || ts[0].Kind != TargetSpell {
			t.Errorf("%q: targets %+v, want one spell", c.text, ts)
			continue
		}
		for _, d := range c.fits {
			if !ts[0].FitsSpell(d) {
				t.Errorf("%q: %s doesn't fit", c.text, d.Name)
			}
		}
		for _, d := range c.not {
			if ts[0].FitsSpell(d) {
				t.Errorf("%q: %s fits", c.text, d.Name)
			}
		}
	}
}

// Whether a counterspell's target is countered is decided by its text:
// "unless its controller pays {N}" is that player's choice (118.12a), and
// a spell that says it can't be countered isn't (101.2).
func TestCounterOutcomes(t *testing.T) {
	for text, want := range map[string]bool{
		"Counter target spell unless its controller pays {3}.":             true,
		"Counter target noncreature spell unless its controller pays {2}.": true,
		"Counter target spell.": false,
	} {
		if got := CountersUnlessPaid(text); got != want {
			t.Errorf("%q: unless paid %v, want %v", text, got, want)
		}
	}
	for _, c := range []struct {
		name, text string
		want       bool
	}{
		{"Abrupt Decay", "This spell can't be countered.\nDestroy target nonland permanent with mana value 3 or less.", true},
		{"Carnage Tyrant", "Carnage Tyrant can't be countered.\nTrample, hexproof", true},
		{"Rhythm of the Wild", "Creature spells you control can't be countered.", false},
		{"Lightning Bolt", "Lightning Bolt deals 3 damage to any target.", false},
	} {
		if got := CantBeCountered(c.name, c.text); got != c.want {
			t.Errorf("%s: can't be countered %v, want %v", c.name, got, c.want)
		}
	}
}
