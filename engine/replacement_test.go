package engine

import (
	"testing"
)

const zoneDefs = `define Generous Soul = {4}{W}{W} Creature — Spirit 4/4 "Flying, vigilance\nIf Generous Soul would be put into a graveyard from anywhere, exile it instead."
define Kozilek Lite = {10} Legendary Creature — Eldrazi 12/12 "When Kozilek Lite dies, you gain 5 life.\nIf Kozilek Lite would be put into a graveyard from anywhere, reveal Kozilek Lite and shuffle it into its owner's library instead."
define Leyline of the Void = {2}{B}{B} Enchantment "If a card would be put into an opponent's graveyard from anywhere, exile it instead."
define Rest in Peace = {1}{W} Enchantment "If a card or token would be put into a graveyard from anywhere, exile it instead."
define Frostwielder = {2}{R}{R} Creature — Human Shaman 1/2 "If a creature dealt damage by Frostwielder this turn would die, exile it instead."
define Gisa Lite = {2}{B}{B} Creature — Human Wizard 4/4 "If a creature an opponent controls would die, exile it instead."
define Cleric = {W} Creature — Cleric 1/1 "When this creature dies, you gain 3 life."
define Keeper = {W} Creature — Cleric 1/1 "When this creature leaves the battlefield, you gain 1 life."
define Bear = {1}{G} Creature — Bear 2/2
`

func zoneOf(t *testing.T, r *Report, line int, p Player) (gy, ex []string) {
	t.Helper()
	for _, v := range infoAt(t, r, line).Players {
		if v.Player == p.String() {
			return v.Graveyard, v.Exile
		}
	}
	t.Fatalf("no %s in the answer of line %d", p, line)
	return nil, nil
}

// 614.1a, 614.6: Generous Soul destroyed is exiled instead; the event of
// it being put into a graveyard never happens.
func TestExiledInsteadOfGraveyard(t *testing.T) {
	r, at := play(t, zoneDefs+`Generous Soul as S
Bear as B
destroy S
destroy B
? graveyard
`)
	gy, ex := zoneOf(t, r, at("? graveyard"), You)
	if len(ex) != 1 || ex[0] != "Generous Soul" {
		t.Errorf("Generous Soul is exiled instead: exile %v", ex)
	}
	if len(gy) != 1 || gy[0] != "Bear" {
		t.Errorf("only the Bear is in the graveyard (the effect is on Generous Soul alone): %v", gy)
	}
	if !hasNote(r, "614.6", "Generous Soul") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 700.4: "dies" means put into a graveyard from the battlefield; shuffled
// into the library instead, Kozilek doesn't die and its dies ability
// doesn't trigger (614.6). Lethal damage (704.5g) is replaced the same
// way.
func TestShuffledInsteadNoDiesTrigger(t *testing.T) {
	r, at := play(t, zoneDefs+`you have 10 cards in library
Kozilek Lite as K
K takes 12 damage
? stack
? graveyard
? life
`)
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("Kozilek didn't die: no dies trigger (%+v)", st)
	}
	gy, _ := zoneOf(t, r, at("? graveyard"), You)
	if len(gy) != 0 {
		t.Errorf("graveyard %v", gy)
	}
	for _, v := range infoAt(t, r, at("? graveyard")).Players {
		if v.Player == "you" && (v.Library == nil || *v.Library != 11) {
			t.Errorf("Kozilek is shuffled into the library: %+v", v.Library)
		}
	}
}

// Leyline of the Void applies to cards going to an opponent's graveyard:
// the opponent's dying creature is exiled and its dies ability doesn't
// trigger; its controller's own creature goes to the graveyard. A
// leaves-the-battlefield ability still triggers (603.6c).
func TestLeylineOfTheVoid(t *testing.T) {
	r, at := play(t, zoneDefs+`Leyline of the Void as L
Bear as B
opponent: Cleric as C
opponent: Keeper as K
destroy B, C and K
? stack
? graveyard
`)
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 1 || st[0].Source != "Keeper (K)" {
		t.Errorf("only the Keeper's leaves ability triggers: %+v", st)
	}
	gy, _ := zoneOf(t, r, at("? graveyard"), You)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(gy) != 1 || len(ogy) != 0 || len(oex) != 2 {
		t.Errorf("your Bear in your graveyard %v; the opponent's cards exiled %v (graveyard %v)", gy, oex, ogy)
	}
}

// Rest in Peace: tokens too ("card or token"); a token exiled ceases to
// exist (704.5d).
func TestRestInPeaceTokens(t *testing.T) {
	r, at := play(t, zoneDefs+`Rest in Peace as R
Bear as B (token)
Bear as C
opponent: Bear as D
destroy B, C and D
? graveyard
`)
	gy, ex := zoneOf(t, r, at("? graveyard"), You)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(gy)+len(ogy) != 0 || len(ex) != 1 || len(oex) != 1 {
		t.Errorf("graveyards %v %v, exile %v %v", gy, ogy, ex, oex)
	}
	if !hasNote(r, "614.6", "Bear (B)") {
		t.Errorf("the token is exiled instead too: %+v", r.Notes)
	}
}

// Frostwielder: only a creature it dealt damage to this turn is exiled.
func TestDealtDamageByThisTurnExiled(t *testing.T) {
	r, at := play(t, zoneDefs+`Frostwielder as F
opponent: Bear as B
opponent: Bear as C
F deals 1 damage to B
B takes 1 damage
C takes 2 damage
? graveyard
`)
	ogy, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(oex) != 1 || len(ogy) != 1 {
		t.Errorf("B (damaged by Frostwielder) is exiled, C goes to the graveyard: graveyard %v exile %v", ogy, oex)
	}
}

// Gisa-style: creatures an opponent controls are exiled instead of dying;
// your own creatures die.
func TestOpponentsCreaturesExiled(t *testing.T) {
	r, at := play(t, zoneDefs+`Gisa Lite as G
Cleric as C
opponent: Cleric as D
destroy C and D
? stack
? graveyard
`)
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 1 || st[0].Controller != "you" {
		t.Errorf("only your Cleric died: %+v", st)
	}
	_, oex := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(oex) != 1 {
		t.Errorf("the opponent's Cleric is exiled: %v", oex)
	}
}

// 608.2n: a resolved instant goes to its owner's graveyard; Rest in
// Peace and Leyline of the Void apply to cards put there "from anywhere",
// the stack too; Dryad Militant only to instant and sorcery cards.
func TestFromAnywhereSpells(t *testing.T) {
	defs := zoneDefs + `define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Dryad Militant = {G/W} Creature — Dryad Soldier 2/1 "If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead."
`
	r, at := play(t, defs+`opponent: Leyline of the Void as L
cast Lightning Bolt targeting opponent
opponent: cast Lightning Bolt targeting you
? graveyard
`)
	gy, ex := zoneOf(t, r, at("? graveyard"), You)
	ogy, _ := zoneOf(t, r, at("? graveyard"), Opponent)
	if len(gy) != 0 || len(ex) != 1 || len(ogy) != 1 {
		t.Errorf("your Bolt is exiled by the opponent's Leyline, theirs goes to their graveyard: %v %v %v", gy, ex, ogy)
	}
	r, at = play(t, defs+`Dryad Militant as D
Bear as B
cast Lightning Bolt targeting B
? graveyard
`)
	gy, ex = zoneOf(t, r, at("? graveyard"), You)
	if len(gy) != 1 || gy[0] != "Bear" || len(ex) != 1 || ex[0] != "Lightning Bolt" {
		t.Errorf("the Bolt is exiled, the Bear (a creature card) goes to the graveyard: %v %v", gy, ex)
	}
}

// Every replacement effect applies to the objects its text names and not
// to others: the object named shows the effect in its trace (613.11
// rules effects are listed on the objects they apply to).
func TestReplacementsAffectWhatTheyName(t *testing.T) {
	cases := []struct {
		name, text    string
		yes, no       string // define lines
		yesCtl, noCtl string
	}{
		{"prevent to creatures you control", "Prevent all damage that would be dealt to creatures you control.",
			"{1}{G} Creature — Bear 2/2", "{1}{G} Creature — Bear 2/2", "", "opponent: "},
		{"exile an opponent's dying creature", "If a creature an opponent controls would die, exile it instead.",
			"{1}{G} Creature — Bear 2/2", "{1}{G} Creature — Bear 2/2", "opponent: ", ""},
		{"counters on a creature you control", "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.",
			"{1}{G} Creature — Bear 2/2", "{2} Artifact — Relic", "", ""},
		{"another creature you control", "If damage would be dealt to another creature you control, prevent that damage.",
			"{1}{G} Creature — Bear 2/2", "{1}{G} Creature — Bear 2/2", "", "opponent: "},
		{"nontoken creature an opponent controls", "If a nontoken creature an opponent controls would die, exile it instead.",
			"{1}{G} Creature — Bear 2/2", "{1}{G} Creature — Bear 2/2", "opponent: ", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := `define Source = {2} Creature — Golem 1/1 "` + c.text + `"` + "\n" +
				"define Yes = " + c.yes + "\n" + c.yesCtl + "Yes\n" +
				"define No = " + c.no + "\n" + c.noCtl + "No\n" +
				"Source\n? Yes\n? No\n"
			checkAffects(t, c.text, src, true)
		})
	}
}

// TestXMageReplacement runs XMage's tests of replacement and prevention
// effects translated into scenarios under testdata/xmage-replace, with
// the Comprehensive Rules as the judge (the format is in
// xmage_helpers_test.go).
func TestXMageReplacement(t *testing.T) { runXMage(t, "testdata/xmage-replace") }
