package engine

import (
	"strings"
	"testing"
)

// 601.2f, 602.2b: cost changes apply to the spells and abilities of the
// players they name ("you" is the source's controller, 109.5); 118.9: an
// alternative cost is for the player it names. "? you" and "? opponent"
// list them with their rules.
func TestCostChanges(t *testing.T) {
	src := `define Warchief = {1}{R}{R} Creature — Goblin 2/2 "Goblin spells you cast cost {1} less to cast."
define Regent = {3}{U}{U} Creature — Dragon 4/3 "Flying\nSpells your opponents cast that target Regent cost {2} more to cast."
define Sensei = {2}{U} Creature — Human Ninja 1/3 "Ninjutsu abilities you activate cost {1} less to activate."
define Rune Master = {2}{W} Creature — Human 2/2 "You may pay {1} rather than pay the mana cost for Rune spells you cast."
define Bear = {1}{G} Creature — Bear 2/2
Warchief
Regent
Sensei
Rune Master
opponent: Bear
? you
? opponent`
	r := mustRun(t, src, nil)
	you := strings.Join(playerEffectRules(t, r, 11), "; ")
	opp := strings.Join(playerEffectRules(t, r, 12), "; ")
	for _, w := range []string{"601.2f Warchief", "602.2b Sensei", "118.9 Rune Master"} {
		if !strings.Contains(you, w) {
			t.Errorf("you: want %q among %q", w, you)
		}
		if strings.Contains(opp, w) {
			t.Errorf("opponent: %q is not theirs: %q", w, opp)
		}
	}
	if !strings.Contains(opp, "601.2f Regent") || strings.Contains(you, "Regent") {
		t.Errorf("Regent's increase is on the opponent's spells only: you %q, opponent %q", you, opp)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}

// 113.6d, 113.6e: a permanent's abilities about its own cost and casting
// function while it is cast; on the battlefield they change nothing and
// are not reported as unmodelled.
func TestOwnCostOffBattlefield(t *testing.T) {
	for _, text := range []string{
		"This spell costs {X} less to cast, where X is your devotion to white.",
		"If you have 5 or less life, this spell costs {3} less to cast.",
		"You may sacrifice two artifacts rather than pay this spell's mana cost.",
		"If you control a creature with power 4 or greater, you may cast Hulk as though it had flash.",
	} {
		cc := newCompiler().compileCard(CardDef{Name: "Hulk", Types: []string{"Creature"}, Text: text})
		if len(cc.unmodeled) != 0 || len(cc.abilities) != 1 || len(cc.abilities[0].Statics) != 0 {
			t.Errorf("%q: want no effect on the battlefield and nothing unmodelled, got %+v %v", text, cc.abilities, cc.unmodeled)
		}
	}
	// "Spells with the chosen name" names a choice the text does not hold.
	cc := newCompiler().compileCard(CardDef{Name: "Thorn", Types: []string{"Artifact"}, Text: "Spells with the chosen name you cast cost {1} less to cast."})
	if len(cc.unmodeled) != 1 {
		t.Errorf("a chosen name was accepted: %+v", cc.abilities)
	}
}
