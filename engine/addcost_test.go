package engine

import (
	"strings"
	"testing"
)

// Real cards' Oracle wording (Village Rites; Bone Splinters).
const addCostDefs = `define Village Rites = {B} Instant "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."
define Bone Splinters = {B} Sorcery "As an additional cost to cast this spell, sacrifice a creature.\nDestroy target creature."
define Blood Price = {1}{B} Instant "As an additional cost to cast this spell, pay 4 life.\nDraw two cards."
define Cleric = {W} Creature — Cleric 1/1 "When this creature dies, you gain 3 life."
define Bear = {1}{G} Creature — Bear 2/2
`

// 601.2h: the additional cost is paid as the spell is cast, before
// anyone can respond: the sacrificed Cleric has died, and its ability
// goes on the stack above the spell (603.3), so it resolves first.
func TestSacrificeAsAdditionalCost(t *testing.T) {
	r, at := play(t, addCostDefs+`Cleric as C
cast Village Rites (on the stack)
? stack
? graveyard
`)
	if len(r.Errors) > 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	st := infoAt(t, r, at("? stack")).Stack // top first
	if len(st) != 2 || !strings.Contains(st[0].Source, "Cleric") || st[1].Source != "Village Rites" {
		t.Errorf("the Cleric's dies ability waits above Village Rites: %+v", st)
	}
	if gy := graveyardOf(t, r, at("? graveyard"), You); !containsFold(gy, "Cleric") {
		t.Errorf("graveyard %v", gy)
	}
	if !hasNote(r, "601.2h", "sacrifice Cleric (C)") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 701.21a: the caster chooses what to sacrifice among what can pay; the
// statement says which, or the only one is taken. A cost that can't be
// paid can't be: the spell isn't cast.
func TestSacrificeChoiceAndInability(t *testing.T) {
	r, at := play(t, addCostDefs+`Cleric as C
Bear as B
opponent: Bear as O
cast Bone Splinters targeting O
cast Bone Splinters targeting O (sacrificing B)
? graveyard
`)
	if len(r.Errors) != 1 || r.Errors[0].Line != at("cast Bone Splinters targeting O") || !strings.Contains(r.Errors[0].Message, "(sacrificing REF)") {
		t.Errorf("two creatures can pay: the statement must say which; errors %+v", r.Errors)
	}
	gy := graveyardOf(t, r, at("? graveyard"), You)
	if !containsFold(gy, "Bear") || containsFold(gy, "Cleric") {
		t.Errorf("your graveyard %v: the Bear named was sacrificed, not the Cleric", gy)
	}
	if ogy := graveyardOf(t, r, at("? graveyard"), Opponent); !containsFold(ogy, "Bear") {
		t.Errorf("the opponent's Bear is destroyed: %v", ogy)
	}

	r, _ = play(t, addCostDefs+`opponent: Bear as O
cast Bone Splinters targeting O (sacrificing O)
cast Bone Splinters targeting O
`)
	if len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Message, "701.21a") || !strings.Contains(r.Errors[1].Message, "you control 0") {
		t.Errorf("only your own creature pays, and with none the spell can't be cast: errors %+v", r.Errors)
	}
}

// 119.4: life is paid only from a life total at least that large.
func TestPayLifeAsAdditionalCost(t *testing.T) {
	r, at := play(t, addCostDefs+`cast Blood Price
? life
you have 3 life
cast Blood Price
`)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "119.4") {
		t.Errorf("at 3 life 4 life can't be paid: errors %+v", r.Errors)
	}
	for _, v := range infoAt(t, r, at("? life")).Players {
		if v.Player == "you" && v.Life != 16 {
			t.Errorf("life %d after paying 4 of 20", v.Life)
		}
	}
}

// "(sacrificing REF [and REF])" names what pays, beside the targets.
func TestParseSacrificing(t *testing.T) {
	s, err := Parse("cast Bone Splinters targeting O (sacrificing B and C)")
	if err != nil {
		t.Fatal(err)
	}
	st := s.Stmts[0]
	if st.Card != "Bone Splinters" || len(st.Targets) != 1 || st.Targets[0] != "O" || strings.Join(st.Sacrificing, ",") != "B,C" {
		t.Errorf("parsed %+v", st)
	}
}
