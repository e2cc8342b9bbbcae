package engine

import "testing"

// Lines are classified by the CR: keyword lines (702, with the older
// semicolon separator, typecycling 702.29e, "Partner with [name]" 702.124)
// and activated abilities whose cost is written as an instruction (602.1)
// or a loyalty cost (606.1) are not static abilities.
func TestLineKinds(t *testing.T) {
	for _, c := range []struct {
		text string
		kind lineKind
	}{
		{"Flying; banding", lineKeyword},
		{"Flying; first strike; banding", lineKeyword},
		{"Trample; rampage 2", lineKeyword},
		{"Plainscycling {2}", lineKeyword},
		{"Basic landcycling {1}{G}", lineKeyword},
		{"Partner with Okaun, Eye of Chaos", lineKeyword},
		{"Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn.", lineMana},
		{"Return Broken Fall to its owner's hand: Regenerate target creature.", lineActivated},
		{"−3: Target opponent discards a card.", lineActivated},
		{"+1: Blood Poet gains lifelink until end of turn.", lineActivated},
		{"Flying creatures get +1/+1.", lineStatic},
		{"Flash; convoke", lineKeyword},
		{"Multikicker {1}{G}", lineKeyword},
	} {
		cc := newCompiler().compileCard(CardDef{Name: "Wall of Roots", Text: c.text})
		if len(cc.lines) != 1 || cc.lines[0].kind != c.kind {
			got := "none"
			if len(cc.lines) == 1 {
				got = lineKindNames[cc.lines[0].kind]
			}
			t.Errorf("%q: %s, want %s", c.text, got, lineKindNames[c.kind])
		}
	}
}

// 113.6: abilities that function only off the battlefield (the opening
// hand 113.6b, an alternative cost 113.6d, how the object is cast 113.6e,
// before the game 113.6n) do nothing on it.
func TestMoreOffBattlefieldAbilities(t *testing.T) {
	for _, text := range []string{
		"You may reveal this card from your opening hand.",
		"You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.",
		"Cast this spell only if you've cast another spell this turn.",
		"You can't cast this spell during your first, second, or third turns of the game.",
		"Remove Odd from your deck before playing if you're not playing for ante.",
	} {
		r := Coverage([]CardDef{{Name: "Odd", Types: []string{"Creature"}, Text: text}})
		if r.Modelled != 1 || r.Classes[0].Class != "functions only off the battlefield (113.6)" {
			t.Errorf("%q: %+v", text, r.Classes)
		}
	}
}

// 207.2d: a flavor word has no rules meaning; a keyword written with a dash
// keeps it. A card rebalanced for digital play ("A-Name") calls itself by
// its printed name.
func TestFlavorWordsAndRebalancedNames(t *testing.T) {
	r := mustRun(t, `define Zangief = {3}{R}{R} Legendary Creature — Human Warrior 6/4 "Iron Muscle — As long as it's your turn, Zangief has indestructible."
define A-Triumphant Adventurer = {W}{B} Creature — Human Knight 1/1 "Deathtouch\nAs long as it's your turn, Triumphant Adventurer has first strike."
Zangief as Z
A-Triumphant Adventurer as T
? Z
? T`, nil)
	checkWant(t, r, want{line: 5, has: []string{"Indestructible"}})
	checkWant(t, r, want{line: 6, has: []string{"First strike"}})
	cc := newCompiler().compileCard(CardDef{Name: "Odd", Text: "Companion — Each creature card in your starting deck has an odd mana value."})
	if cc.lines[0].kind != lineKeyword {
		t.Errorf("Companion — ... is a keyword line (702.139), got %s", lineKindNames[cc.lines[0].kind])
	}
}

// Clone's "You may have ~ enter as a copy of any creature on the
// battlefield" is carried out by "(copy of REF)" (707.5); with exceptions
// beyond what the modifiers apply it is not counted as modelled.
func TestEnterAsCopyCoverage(t *testing.T) {
	r := Coverage([]CardDef{
		{Name: "Clone", Types: []string{"Creature"}, Text: "You may have Clone enter the battlefield as a copy of any creature on the battlefield."},
		{Name: "Vizier", Types: []string{"Creature"}, Text: "You may have Vizier enter the battlefield as a copy of any creature on the battlefield, except if Vizier was embalmed, the token has no mana cost."},
	})
	if r.Modelled != 1 || len(r.Misses) != 1 || r.Misses[0].Card != "Vizier" {
		t.Errorf("modelled %d, misses %+v", r.Modelled, r.Misses)
	}
}
