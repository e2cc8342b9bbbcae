package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// playerRules returns the rules of the effects "? you" or "? opponent"
// lists on a line.
func playerEffectRules(t *testing.T, r *Report, line int) []string {
	t.Helper()
	q := result(t, r, line)
	if q.Player == nil {
		t.Fatalf("line %d: no player answer: %+v", line, q)
	}
	var out []string
	for _, e := range q.Player.Effects {
		out = append(out, e.Rule+" "+e.Source)
	}
	return out
}

// Effects on players (613.10, 613.11) apply to the players the text names:
// "you" is the controller of the source (109.5), "your opponents" the
// other player, "players" both.
func TestPlayerEffects(t *testing.T) {
	src := `define Spellbook = {0} Artifact "You have no maximum hand size."
define Witch Hunt = {4}{R}{R} Enchantment "Players can't gain life."
define Telepathy = {U} Enchantment "Your opponents play with their hands revealed."
define Thalia = {1}{W} Legendary Creature — Human Soldier 2/1 "First strike\nNoncreature spells cost {1} more to cast."
define Exploration = {G} Enchantment "You may play an additional land on each of your turns."
define Leyline of Sanctity = {2}{W}{W} Enchantment "You have hexproof."
opponent: Spellbook
Witch Hunt
Telepathy
Thalia
Exploration
opponent: Leyline of Sanctity
? you
? opponent`
	r := mustRun(t, src, nil)
	you := strings.Join(playerEffectRules(t, r, 13), "; ")
	opp := strings.Join(playerEffectRules(t, r, 14), "; ")
	for _, w := range []string{"119.7 Witch Hunt", "601.2f Thalia", "305.2 Exploration"} {
		if !strings.Contains(you, w) {
			t.Errorf("you: want %q among %q", w, you)
		}
	}
	// The opponent controls Spellbook and Leyline of Sanctity: they have no
	// maximum hand size (402.2) and hexproof (702.11c); you don't.
	for _, w := range []string{"402.2 Spellbook", "702.11c Leyline of Sanctity", "119.7 Witch Hunt", "701.20a Telepathy", "601.2f Thalia"} {
		if !strings.Contains(opp, w) {
			t.Errorf("opponent: want %q among %q", w, opp)
		}
	}
	for _, w := range []string{"402.2", "702.11c", "701.20a"} {
		if strings.Contains(you, w) {
			t.Errorf("you: %q applies to the opponent only, got %q", w, you)
		}
	}
	if strings.Contains(opp, "305.2") {
		t.Errorf("opponent: Exploration gives you the additional land, got %q", opp)
	}
	// Shown in readable and JSON output, with the rule cited.
	txt := r.Text()
	if !strings.Contains(txt, "**402.2** Spellbook: You have no maximum hand size") {
		t.Errorf("readable output lacks the effect:\n%s", txt)
	}
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if p := back.Results[1].Player; p == nil || p.Player != "opponent" || len(p.Effects) != len(r.Results[1].Player.Effects) {
		t.Errorf("JSON round trip lost the player answer: %s", js)
	}
	found := false
	for _, id := range r.Rules() {
		found = found || id == "402.2"
	}
	if !found {
		t.Errorf("Rules() lacks 402.2: %v", r.Rules())
	}
}

// An effect on players comes from a static ability of a permanent: when the
// permanent loses its abilities (613.1f), the effect is gone too.
func TestPlayerEffectNeedsTheAbility(t *testing.T) {
	src := `define Spellbook = {0} Artifact "You have no maximum hand size."
define Null = {1} Enchantment "All artifacts lose all abilities."
Spellbook
Null
? you`
	r := mustRun(t, src, nil)
	if got := playerEffectRules(t, r, 5); len(got) != 0 {
		t.Errorf("Spellbook has no abilities, yet you have %v", got)
	}
}

// Sentences that are effects on players compile as such; near misses with
// words the templates do not know stay unmodelled.
func TestPlayerTemplates(t *testing.T) {
	for _, c := range []struct {
		text    string
		players int
		rule    string
	}{
		{"You have no maximum hand size.", 1, "402.2"},
		{"Your maximum hand size is reduced by two.", 1, "402.2"},
		{"Each opponent's maximum hand size is reduced by one.", 2, "402.2"},
		{"Each player may play an additional land on each of their turns.", 3, "305.2"},
		{"Skip your draw step.", 1, "614.10"},
		{"You skip your draw step.", 1, "614.10"},
		{"Players skip their untap steps.", 3, "614.10"},
		{"Play with the top card of your library revealed.", 1, "401.5"},
		{"Play with the top card of your library face down.", 0, ""},
		{"You may look at the top card of your library any time.", 1, "401.5"},
		{"Your opponents can't gain life.", 2, "119.7"},
		{"You can't cast creature spells.", 1, "601.3"},
		{"Each player can't cast more than one spell each turn.", 3, "601.3"},
		{"You may cast instant and sorcery spells as though they had flash.", 1, "601.3b"},
		{"Creature spells you cast cost {1} less to cast.", 1, "601.2f"},
		{"Instant and sorcery spells you cast cost {1} less to cast.", 1, "601.2f"},
		{"Spells your opponents cast that target ~ cost {2} more to cast.", 2, "601.2f"},
		{"Noncreature spells cost {1} more to cast.", 3, "601.2f"},
		{"Spells with the chosen name cost {2} more to cast.", 0, ""},
		{"If you would draw a card, you may instead mill two cards.", 1, "614.11"},
		{"If a player would draw a card, that player discards a card instead.", 3, "614.11"},
		{"If you would gain life, you gain twice that much life instead.", 1, "614.1a"},
		{"If an opponent would gain life, that player loses that much life instead.", 2, "614.1a"},
		{"If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.", 1, "614.1a"},
		{"If a creature would die, exile it instead.", 0, ""},
		{"Spells your opponents cast during your turn cost {1} more to cast.", 2, "601.2f"},
		{"Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~.", 1, "601.2f"},
		{"You may spend white mana as though it were red mana.", 1, "609.4b"},
		{"Your opponents can't search libraries.", 2, "701.23a"},
		{"Creature spells you control can't be countered.", 1, "701.6a"},
		{"Players can't cast spells during combat.", 3, "601.3"},
		{"Players can cast spells only during their own turns.", 3, "601.3"},
		{"Players can't activate planeswalkers' loyalty abilities.", 3, "602.5"},
		{"You can't get poison counters.", 1, "122.1"},
		{"Players don't lose unspent mana as steps and phases end.", 3, "106.4"},
		{"Players can't untap more than one creature during their untap steps.", 3, "502.3"},
		{"Players can't cast spells with the same name as the exiled card.", 0, ""},
		{"Creature spells can't be countered.", 3, "701.6a"},
		{"Each opponent can cast spells only any time they could cast a sorcery.", 2, "307.1"},
		{"No more than two creatures can attack each combat.", 3, "508.1c"},
		{"Your opponents can't cast spells of the chosen type.", 0, ""},
		{"You can't cast spells with the same name as a card exiled with ~.", 0, ""},
	} {
		c2 := newCompiler()
		cc := c2.compileCard(CardDef{Name: "Source", Text: c.text})
		var got *Part
		for _, a := range cc.abilities {
			for _, tm := range a.Statics {
				for i := range tm.Parts {
					if tm.Parts[i].Op == opPlayer {
						got = &tm.Parts[i]
					}
				}
			}
		}
		switch {
		case c.players == 0 && got != nil:
			t.Errorf("%q: compiled as an effect on players %+v", c.text, *got)
		case c.players != 0 && got == nil:
			t.Errorf("%q: not compiled (%v)", c.text, cc.unmodeled)
		case got != nil && (got.Players != c.players || got.RuleID != c.rule):
			t.Errorf("%q: players %d rule %s, want %d %s", c.text, got.Players, got.RuleID, c.players, c.rule)
		}
	}
}
