package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

// pt answers "? REF" on a line of a report as P/T.
func ptAt(t *testing.T, r *Report, line int) string {
	t.Helper()
	q := result(t, r, line)
	if q.Object == nil {
		t.Fatalf("line %d: no object answer: %+v", line, q)
	}
	return ptOf(q.Object)
}

// 611.3a, 613: a static ability's condition is checked whenever the
// effects are applied. Homarid: "As long as there is exactly one tide
// counter on Homarid, it gets -1/-1. As long as there are exactly three
// tide counters on Homarid, it gets +1/+1."
func TestConditionCountersExactly(t *testing.T) {
	def := `define Homarid = {2}{U} Creature — Homarid 2/2 "As long as there is exactly one tide counter on Homarid, it gets -1/-1.\nAs long as there are exactly three tide counters on Homarid, it gets +1/+1."` + "\n"
	r := mustRun(t, def+"Homarid as A (1 tide counters)\nHomarid as B (2 tide counters)\nHomarid as C (3 tide counters)\nHomarid as D (4 tide counters)\n? A\n? B\n? C\n? D", nil)
	for line, want := range map[int]string{6: "1/1", 7: "2/2", 8: "3/3", 9: "2/2"} {
		if got := ptAt(t, r, line); got != want {
			t.Errorf("line %d: %s, want %s", line, got, want)
		}
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}

// Planeswalker types (205.3j) name planeswalkers in conditions: "As long
// as you control a Teferi planeswalker, ~ gets +2/+2" counts only a Teferi
// you control.
func TestConditionPlaneswalkerType(t *testing.T) {
	def := `define Ward of Tides = {1}{U} Creature — Human Wizard 1/1 "As long as you control a Teferi planeswalker, Ward of Tides gets +2/+2."
define Teferi, Tidal Master = {2}{U}{U} Legendary Planeswalker — Teferi ""
define Jace, Cunning = {2}{U}{U} Legendary Planeswalker — Jace ""
`
	r := mustRun(t, def+"Ward of Tides as W\nJace, Cunning as J (3 loyalty counters)\n? W\nopponent: Teferi, Tidal Master as OT (3 loyalty counters)\n? W\nTeferi, Tidal Master as T (3 loyalty counters)\n? W", nil)
	if got := ptAt(t, r, 6); got != "1/1" {
		t.Errorf("with a Jace only: %s, want 1/1", got)
	}
	if got := ptAt(t, r, 8); got != "1/1" {
		t.Errorf("with the opponent's Teferi: %s, want 1/1", got)
	}
	if got := ptAt(t, r, 10); got != "3/3" {
		t.Errorf("with your Teferi: %s, want 3/3", got)
	}
}

// "As long as enchanted land is a basic Mountain, Goblin creatures get
// +1/+0" (Goblin Shrine): the quality of the enchanted object, with its
// supertype, decides.
func TestConditionAttachedQuality(t *testing.T) {
	def := `define Goblin Shrine = {1}{R}{R} Enchantment — Aura "Enchant land\nAs long as enchanted land is a basic Mountain, Goblin creatures get +1/+0."
define Mountain = Basic Land — Mountain ""
define Mountain Hold = Land — Mountain ""
define Goblin Piker = {1}{R} Creature — Goblin Warrior 2/1
define Bear = {1}{G} Creature — Bear 2/2
`
	r := mustRun(t, def+"Mountain as M\nMountain Hold as H\nGoblin Piker as G\nBear as B\nGoblin Shrine as S (attached to H)\n? G\nGoblin Shrine as S2 (attached to M)\n? G\n? B", nil)
	if got := ptAt(t, r, 11); got != "2/1" {
		t.Errorf("on a nonbasic Mountain: %s, want 2/1", got)
	}
	if got := ptAt(t, r, 13); got != "3/1" {
		t.Errorf("on a basic Mountain: %s, want 3/1", got)
	}
	if got := ptAt(t, r, 14); got != "2/2" {
		t.Errorf("the Bear is no Goblin: %s, want 2/2", got)
	}
}

// "you control more lands than defending player": the scenario's
// opponent is the defending player on your turn (506.2).
func TestConditionMoreThan(t *testing.T) {
	def := `define Hill Giant = {3}{R} Creature — Giant 3/3 "Hill Giant gets +2/+2 as long as an opponent controls more lands than you."
define Forest = Basic Land — Forest ""
`
	r := mustRun(t, def+"Hill Giant as H\nForest as F1\nopponent: Forest as O1\n? H\nopponent: Forest as O2\n? H", nil)
	if got := ptAt(t, r, 6); got != "3/3" {
		t.Errorf("equal lands: %s, want 3/3", got)
	}
	if got := ptAt(t, r, 8); got != "5/5" {
		t.Errorf("the opponent has more lands: %s, want 5/5", got)
	}
}

// 113.6b: "As long as ~ is in your graveyard and you control a Forest,
// creatures you control have trample" functions only from the graveyard:
// on the battlefield it gives nothing.
func TestConditionOtherZone(t *testing.T) {
	def := `define Genesis Spirit = {3}{G} Creature — Incarnation 3/3 "As long as Genesis Spirit is in your graveyard and you control a Forest, creatures you control have trample."
define Forest = Basic Land — Forest ""
`
	r := mustRun(t, def+"Genesis Spirit as G\nForest\n? G", nil)
	for _, a := range result(t, r, 5).Object.Abilities {
		if strings.EqualFold(a, "trample") {
			t.Errorf("a graveyard ability applied on the battlefield: %v", result(t, r, 5).Object.Abilities)
		}
	}
}

// Conditions on what the scenario doesn't hold (this turn's events, cards
// in graveyards, life totals) apply when the statement says they hold; a
// condition that ends "this turn" is a condition, not a duration.
func TestConditionHiddenThisTurn(t *testing.T) {
	def := `define Sentry = {1}{W} Creature — Cat Soldier 2/1 "Sentry has hexproof as long as it entered the battlefield this turn."` + "\n"
	cc := newCompiler().compileCard(CardDef{Name: "Sentry", Text: "Sentry has hexproof as long as it entered the battlefield this turn."})
	if len(cc.abilities) != 1 || len(cc.abilities[0].Statics) != 1 {
		t.Fatalf("not compiled: %+v", cc.unmodeled)
	}
	tm := cc.abilities[0].Statics[0]
	if tm.UntilEOT || tm.Cond == nil || !tm.Cond.Hidden {
		t.Errorf("want a hidden condition and no duration, got eot %v cond %+v", tm.UntilEOT, tm.Cond)
	}
	r := mustRun(t, def+"Sentry as S (condition holds)\nSentry as N\n? S\n? N", nil)
	has := func(line int) bool {
		for _, a := range result(t, r, line).Object.Abilities {
			if strings.EqualFold(a, "hexproof") {
				return true
			}
		}
		return false
	}
	if !has(4) || has(5) {
		t.Errorf("stated: hexproof %v (want true); not stated: %v (want false)", has(4), has(5))
	}
	for _, c := range []string{
		"you've cast an instant or sorcery spell this turn",
		"you have at least 7 life more than your starting life total",
		"you're the monarch",
	} {
		if cd, ok := parseCondition(c); !ok || !cd.Hidden {
			t.Errorf("%q: want a hidden condition, got %+v %v", c, cd, ok)
		}
	}
	// These two were listed above as hidden; they are conditions on a
	// graveyard and a hand, which the game decides when the scenario
	// holds them and which are hidden only while it doesn't
	// (zonecond.go, TestZoneConditions).
	for _, c := range []string{"there is a land card in your graveyard", "an opponent has no cards in hand"} {
		if cd, ok := parseCondition(c); !ok || cd.Zone == nil {
			t.Errorf("%q: want a condition on a zone, got %+v %v", c, cd, ok)
		}
	}
	// Conditions the board decides are not hidden.
	for _, c := range []string{"you control a teferi planeswalker", "an opponent controls more lands than you", "enchanted creature is a human or an angel"} {
		if cd, ok := parseCondition(c); !ok || cd.Hidden {
			t.Errorf("%q: want a condition the board decides, got %+v %v", c, cd, ok)
		}
	}
}

// TestPlaneswalkerTypesMatchCR keeps the compiler's planeswalker types
// equal to the list of CR 205.3j.
func TestPlaneswalkerTypesMatchCR(t *testing.T) {
	r, ok := testkb.CR(t).Rule("205.3j")
	if !ok {
		t.Fatal("CR lacks 205.3j")
	}
	i := strings.Index(r.Text, "The planeswalker types are ")
	if i < 0 {
		t.Fatalf("205.3j: no list in %q", r.Text)
	}
	list := r.Text[i+len("The planeswalker types are "):]
	list = list[:strings.Index(list, ".")]
	cr := map[string]bool{}
	for _, w := range strings.Split(list, ",") {
		cr[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "and ")))] = true
	}
	for w := range cr {
		if !planeswalkerTypes[w] {
			t.Errorf("CR planeswalker type %q missing", w)
		}
	}
	for w := range planeswalkerTypes {
		if !cr[w] {
			t.Errorf("planeswalkerTypes has %q, which 205.3j does not list", w)
		}
	}
}

// "Otherwise" (Phyrexian Boon: "Enchanted creature gets +2/+1 as long as
// it's black. Otherwise, it gets -1/-2."): the second effect exists
// exactly while the first one's condition doesn't hold.
func TestConditionOtherwise(t *testing.T) {
	src := `define Boon = {2}{B} Enchantment — Aura "Enchant creature\nEnchanted creature gets +2/+1 as long as it's black. Otherwise, it gets -1/-2."
define Zombie = {1}{B} Creature — Zombie 2/2
define Bear = {1}{G} Creature — Bear 2/4
Zombie as Z
Bear as B
Boon as BZ (attached to Z)
Boon as BB (attached to B)
? Z
? B`
	r := mustRun(t, src, nil)
	if got := ptAt(t, r, 8); got != "4/3" {
		t.Errorf("black creature: %s, want 4/3", got)
	}
	if got := ptAt(t, r, 9); got != "1/2" {
		t.Errorf("green creature: %s, want 1/2", got)
	}
	if len(r.Unmodeled) != 0 {
		t.Errorf("unmodelled: %+v", r.Unmodeled)
	}
}

// "If" conditions of restrictions: one on this turn's events (with commas
// in it) is hidden, not read as "until end of turn"; "an opponent
// controls N or more creatures" is counted on the board.
func TestRestrictionIfConditions(t *testing.T) {
	for _, c := range []struct {
		text   string
		hidden bool
	}{
		{"Spy can't be blocked if you had another Cleric, Rogue, Warrior, or Wizard enter the battlefield under your control this turn.", true},
		{"Spy doesn't untap during your untap step if an opponent controls four or more creatures.", false},
		{"Spy can't attack if it attacked during your last turn.", true},
	} {
		cc := newCompiler().compileCard(CardDef{Name: "Spy", Types: []string{"Creature"}, Text: c.text})
		if len(cc.abilities) != 1 || len(cc.abilities[0].Statics) != 1 {
			t.Errorf("%q: not compiled: %v", c.text, cc.unmodeled)
			continue
		}
		tm := cc.abilities[0].Statics[0]
		if tm.UntilEOT || tm.Cond == nil || tm.Cond.Hidden != c.hidden {
			t.Errorf("%q: eot %v cond %+v, want a condition hidden=%v", c.text, tm.UntilEOT, tm.Cond, c.hidden)
		}
	}
	r := mustRun(t, `define Sentinel = {2}{U} Creature — Golem 3/3 "Sentinel doesn't untap during your untap step if an opponent controls two or more creatures."
define Bear = {1}{G} Creature — Bear 2/2
Sentinel as S
opponent: Bear
? S
opponent: Bear
? S`, nil)
	has := func(line int) bool {
		for _, s := range result(t, r, line).Trace {
			if s.Rule == "502.3" {
				return true
			}
		}
		return false
	}
	if has(5) || !has(7) {
		t.Errorf("the rule applies with two opposing creatures only: one %v, two %v", has(5), has(7))
	}
}

// "Warriors your team controls have haste": in a two-player game your
// team is you.
func TestYourTeamControls(t *testing.T) {
	r := mustRun(t, `define Banner = {2}{R} Enchantment "Warriors your team controls have haste."
define Warrior = {1}{R} Creature — Human Warrior 2/1
Banner
Warrior as W
opponent: Warrior as O
? W
? O`, nil)
	if !hasAbility(result(t, r, 6).Object, "haste") || hasAbility(result(t, r, 7).Object, "haste") {
		t.Errorf("haste for your Warrior only")
	}
}

// Conditions on the object a sentence is about: "as long as two or more
// Equipment are attached to it" (Equipment attached to the equipped
// creature), "as long as ~ has three or more counters on it" (counters of
// any kinds, 122.1), "as long as ~ is attached to a creature".
func TestConditionAttachmentsAndCounters(t *testing.T) {
	src := `define Blade = {1} Artifact — Equipment "Equipped creature has double strike as long as two or more Equipment are attached to it."
define Rod = {1} Artifact — Equipment "Equipped creature gets +1/+0."
define Totem = {2} Artifact Creature — Golem 1/1 "As long as Totem has three or more counters on it, it has flying."
define Bear = {1}{G} Creature — Bear 2/2
Bear as A
Bear as B
Blade (attached to A)
Blade (attached to B)
Rod (attached to B)
Totem as T1 (1 +1/+1 counters, 1 charge counters)
Totem as T2 (2 +1/+1 counters, 1 charge counters)
? A
? B
? T1
? T2`
	r := mustRun(t, src, nil)
	for line, want := range map[int]bool{12: false, 13: true} {
		if got := hasAbility(result(t, r, line).Object, "double strike"); got != want {
			t.Errorf("line %d: double strike %v, want %v", line, got, want)
		}
	}
	for line, want := range map[int]bool{14: false, 15: true} {
		if got := hasAbility(result(t, r, line).Object, "flying"); got != want {
			t.Errorf("line %d: flying %v, want %v", line, got, want)
		}
	}
}
