package engine

import (
	"strings"
	"testing"
)

const graveDefs = `define Raise Dead = {B} Sorcery "Return target creature card from your graveyard to your hand."
define Zombify = {3}{B} Sorcery "Return target creature card from your graveyard to the battlefield."
define Murder = {1}{B}{B} Instant "Destroy target creature."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
`

// 400.7: a card returned from the graveyard is a new object in the hand or
// on the battlefield; a spell's target must be of the kind it says (115.1).
func TestReturnFromGraveyard(t *testing.T) {
	r, at := play(t, graveDefs+`Bear as B
Ogre as O
cast Murder targeting B
cast Murder targeting O
cast Raise Dead targeting Bear
cast Zombify targeting Ogre
? Ogre
? hand
? graveyard
`)
	for _, e := range r.Errors {
		t.Errorf("error %+v", e)
	}
	if q := result(t, r, at("? Ogre")); q.Object == nil {
		t.Errorf("Zombify returns the Ogre to the battlefield: %+v", q)
	}
	if ans := infoAt(t, r, at("? hand")).Answer; !strings.Contains(ans, "Bear") {
		t.Errorf("Raise Dead returns the Bear to your hand: %q", ans)
	}
	gy := graveyardOf(t, r, at("? graveyard"), You)
	if containsFold(gy, "Bear") || containsFold(gy, "Ogre") {
		t.Errorf("graveyard %v: the creature cards left it", gy)
	}
	r, _ = play(t, graveDefs+`Bear as B
cast Murder targeting B
cast Raise Dead targeting Murder
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "not a legal target") {
		t.Errorf("Murder is not a creature card: errors %+v", r.Errors)
	}
	r, _ = play(t, graveDefs+`opponent: Bear as B
cast Murder targeting B
cast Raise Dead targeting Bear
`)
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "not a card there") {
		t.Errorf("the Bear is in the opponent's graveyard, not yours: errors %+v", r.Errors)
	}
}

// 701.13a: "Exile target player's graveyard" (Jund Charm mode 1) exiles
// every card in it.
func TestExileTargetPlayersGraveyard(t *testing.T) {
	r, at := play(t, graveDefs+`define Jund Charm = {B}{R}{G} Instant "Choose one —\n• Exile target player's graveyard.\n• Jund Charm deals 2 damage to each creature.\n• Put two +1/+1 counters on target creature."
opponent: Bear as B
opponent: Ogre as O
cast Murder targeting B
cast Murder targeting O
cast Jund Charm (mode 1) targeting opponent
? graveyard
? exile
`)
	if gy := graveyardOf(t, r, at("? graveyard"), Opponent); len(gy) != 0 {
		t.Errorf("the opponent's graveyard is empty: %v (%+v)", gy, r.Errors)
	}
	if ans := infoAt(t, r, at("? exile")).Answer; !strings.Contains(ans, "Bear") || !strings.Contains(ans, "Ogre") {
		t.Errorf("the Bear and the Ogre are in exile: %q", ans)
	}
}

// "Put target creature card from a graveyard onto the battlefield under
// your control" (Reanimate) takes a card from either graveyard; the card
// may be named by the alias it was put there with. It enters under the
// caster's control, its owner unchanged (108.3, 400.7).
func TestPutFromAGraveyardOntoTheBattlefield(t *testing.T) {
	r, at := play(t, graveDefs+`define Reanimate = {B} Sorcery "Put target creature card from a graveyard onto the battlefield under your control."
opponent: Ogre as O (in graveyard)
Bear as B (in graveyard)
cast Raise Dead targeting B
cast Reanimate targeting O
? Ogre
? hand
`)
	for _, e := range r.Errors {
		t.Errorf("error %+v", e)
	}
	if o := result(t, r, at("? Ogre")).Object; o == nil || o.Controller != "you" || o.Owner != "opponent" {
		t.Errorf("? Ogre = %+v, want the opponent's Ogre on the battlefield under your control", o)
	}
	if ans := infoAt(t, r, at("? hand")).Answer; !strings.Contains(ans, "Bear") {
		t.Errorf("hand %q: Raise Dead targeting the alias B returns the Bear", ans)
	}
}

// A spell's target card in a graveyard is of the kind its text names
// (115.1): a creature card for Raise Dead, any permanent card but a land
// for "nonland permanent" (110.4), and whose graveyard it says.
func TestGraveyardTargetAndKinds(t *testing.T) {
	creature := CardDef{Types: []string{"Creature"}}
	land := CardDef{Types: []string{"Land"}}
	sorcery := CardDef{Types: []string{"Sorcery"}}
	fits, whose, ok := GraveyardTarget("Return target creature card from your graveyard to your hand.")
	if !ok || whose != "your" || !fits(creature) || fits(land) {
		t.Errorf("Raise Dead: ok %v whose %q", ok, whose)
	}
	if _, _, ok := GraveyardTarget("Destroy target creature."); ok {
		t.Errorf("no graveyard target read in Murder")
	}
	for _, c := range []struct {
		kind string
		d    CardDef
		want bool
	}{
		{"creature", creature, true}, {"creature", land, false},
		{"artifact or creature", creature, true},
		{"nonland permanent", creature, true}, {"nonland permanent", land, false}, {"nonland permanent", sorcery, false},
		{"permanent", land, true}, {"permanent", sorcery, false},
	} {
		if got, ok := CardOfKind(c.kind, c.d); !ok || got != c.want {
			t.Errorf("CardOfKind(%q, %v) = %v, %v; want %v", c.kind, c.d.Types, got, ok, c.want)
		}
	}
}
