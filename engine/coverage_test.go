package engine

import (
	"strings"
	"testing"
)

func TestNormaliseTemplate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"~ gets +2/+2 as long as you control three or more artifacts.", "~ gets +N/+N as long as you control N or more artifacts"},
		{"Creatures you control get +1/+0.", "creatures you control get +N/+N"},
		{"~  has  flying", "~ has flying"},
	} {
		if got := NormaliseTemplate(c.in); got != c.want {
			t.Errorf("NormaliseTemplate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCoverageCounts checks Coverage's accounting on cards whose outcome
// the CR decides: a keyword line is not a static sentence, a triggered
// ability is counted by kind, a non-permanent is skipped, and each static
// sentence is modelled, rejected or unmodelled.
func TestCoverageCounts(t *testing.T) {
	r := Coverage([]CardDef{
		{Name: "Glorious Anthem", Types: []string{"Enchantment"}, Text: "Creatures you control get +1/+1."},
		{Name: "Serra Angel", Types: []string{"Creature"}, Text: "Flying, vigilance"},
		{Name: "Soul Warden", Types: []string{"Creature"}, Text: "Whenever another creature enters the battlefield, you gain 1 life."},
		{Name: "Shock", Types: []string{"Instant"}, Text: "Shock deals 2 damage to any target."},
		{Name: "Phantom Warrior", Types: []string{"Creature"}, Text: "Phantom Warrior frobnicates walls of text."},
		{Name: "Odd Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"}, Text: "Enchant creature\nEnchanted creature has frobnicate."},
	})
	if r.Cards != 5 {
		t.Errorf("Cards = %d, want 5 (Shock is not a permanent)", r.Cards)
	}
	if r.Lines["keyword"] != 2 || r.Lines["triggered"] != 1 || r.Lines["static"] != 3 {
		t.Errorf("Lines = %v, want 2 keyword, 1 triggered, 3 static", r.Lines)
	}
	if r.Sentences != 3 || r.Modelled != 1 || r.Rejected != 1 || r.Unmodelled != 1 {
		t.Errorf("sentences %d modelled %d rejected %d unmodelled %d, want 3/1/1/1", r.Sentences, r.Modelled, r.Rejected, r.Unmodelled)
	}
	if len(r.Misses) != 2 || r.Misses[0].Card != "Phantom Warrior" || r.Misses[0].Line != 1 ||
		r.Misses[1].Card != "Odd Aura" || r.Misses[1].Line != 2 || !r.Misses[1].Rejected {
		t.Errorf("Misses = %+v", r.Misses)
	}
	if len(r.Templates) != 2 || r.Templates[0].Count != 1 {
		t.Errorf("Templates = %+v", r.Templates)
	}
}

// TestOffBattlefieldAbilities: an ability that functions on the stack
// (113.6g) does nothing on the battlefield; a sentence that merely starts
// like one is not taken for it.
func TestOffBattlefieldAbilities(t *testing.T) {
	r := Coverage([]CardDef{
		{Name: "Vexing Shusher", Types: []string{"Creature"}, Text: "This spell can't be countered.\n{R/G}: Target spell can't be countered this turn."},
		{Name: "Odd", Types: []string{"Creature"}, Text: "This spell can't be countered unless its controller pays {2} and Odd gets +1/+1."},
	})
	if r.Sentences != 2 || r.Modelled != 1 || len(r.Misses) != 1 || r.Misses[0].Card != "Odd" {
		t.Errorf("sentences %d modelled %d misses %+v; want Vexing Shusher's line modelled as 113.6 and Odd's not", r.Sentences, r.Modelled, r.Misses)
	}
	found := false
	for _, c := range r.Classes {
		if strings.Contains(c.Class, "113.6") && c.Modelled == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no 113.6 class in %+v", r.Classes)
	}
}
