package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// info returns the answer to the "?" question on a line.
func infoAt(t *testing.T, r *Report, line int) *InfoView {
	t.Helper()
	for _, q := range r.Results {
		if q.Line == line && q.Info != nil {
			return q.Info
		}
	}
	t.Fatalf("no answer on line %d; errors %+v", line, r.Errors)
	return nil
}

func hasNote(r *Report, rule, sub string) bool {
	for _, n := range r.Notes {
		if n.Rule == rule && strings.Contains(n.Text, sub) {
			return true
		}
	}
	return false
}

func life(t *testing.T, r *Report, line int, p Player) int {
	t.Helper()
	for _, v := range infoAt(t, r, line).Players {
		if v.Player == p.String() {
			return v.Life
		}
	}
	t.Fatalf("no %s in the answer of line %d", p, line)
	return 0
}

func gone(r *Report, line int) bool {
	for _, q := range r.Results {
		if q.Line == line && q.Info != nil && q.Info.Kind == "left" {
			return true
		}
	}
	for _, e := range r.Errors {
		if e.Line == line && strings.Contains(e.Message, "left the battlefield") {
			return true
		}
	}
	return false
}

// play runs a scenario that may report errors and returns the report
// and the line of a statement by its text (the first line equal to it).
func play(t *testing.T, src string) (*Report, func(string) int) {
	t.Helper()
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	return run(s, nil), func(text string) int {
		for i, l := range lines {
			if strings.TrimSpace(l) == text {
				return i + 1
			}
		}
		t.Fatalf("no line %q", text)
		return 0
	}
}

const combatDefs = `define Bear = {1}{G} Creature — Bear 2/2
define Knight = {1}{W} Creature — Knight 2/2 "First strike"
define Twin = {1}{R} Creature — Warrior 2/2 "Double strike"
define Rhino = {3}{G} Creature — Rhino 4/4 "Trample"
define Snake = {G} Creature — Snake 1/1 "Deathtouch"
define Wall = {1}{W} Creature — Wall 0/4 "Defender"
define Angel = {3}{W} Creature — Angel 3/3 "Flying, lifelink"
define Idol = {2} Artifact Creature — Golem 3/3 "Indestructible"
define Paladin = {W} Creature — Knight 2/2 "Protection from green"
define Brute = {1}{B} Creature — Ogre 3/2 "Menace"
define Plague = {1}{B} Creature — Horror 2/2 "Infect"
`

// 704.5g and 702.12b: lethal damage destroys a creature unless it has
// indestructible; 704.5h: any damage from a deathtouch source destroys it.
func TestDamageAndStateBasedActions(t *testing.T) {
	r, at := play(t, combatDefs+`Bear as B
Idol as I
opponent: Snake as S
Bear as C
Angel as A
B takes 2 damage
I takes 5 damage
S deals 1 damage to C
? B
? I
? damage I
? C
`)
	if !gone(r, at("? B")) || !hasNote(r, "704.5g", "Bear (B) is destroyed") {
		t.Errorf("a 2/2 with 2 damage is destroyed (704.5g): %+v", r.Notes)
	}
	if gone(r, at("? I")) || !hasNote(r, "702.12b", "Idol (I)") {
		t.Errorf("an indestructible creature with lethal damage stays (702.12b): %+v", r.Notes)
	}
	if d := infoAt(t, r, at("? damage I")).Damage; d == nil || *d != 5 {
		t.Errorf("? damage I = %v, want 5 (120.6)", d)
	}
	if !gone(r, at("? C")) || !hasNote(r, "704.5h", "Bear (C)") {
		t.Errorf("1 damage from a deathtouch source destroys a 2/2 (704.5h): %+v", r.Notes)
	}
}

// 704.5a and 704.5c: a player at 0 life or with ten poison counters loses;
// infect damage to a player gives poison counters (702.90b).
func TestPlayersLose(t *testing.T) {
	r, at := play(t, combatDefs+`Plague as P
opponent has 8 poison counters
P deals 2 damage to opponent
you have 3 life
you lose 3 life
? life
`)
	if !hasNote(r, "704.5c", "10 poison counters") || !hasNote(r, "704.5a", "0 life") {
		t.Errorf("notes %+v", r.Notes)
	}
	if life(t, r, at("? life"), Opponent) != 20 {
		t.Errorf("infect damage doesn't make a player lose life (702.90b)")
	}
}

// 704.5j (legend rule) and 704.5i (planeswalker with 0 loyalty).
func TestLegendRuleAndLoyalty(t *testing.T) {
	r, at := play(t, combatDefs+`define Hero = {2}{W} Legendary Creature — Human 2/2
define Jace = {2}{U} Legendary Planeswalker — Jace
Hero as H1
Hero as H2
Jace as J (3 loyalty counters)
J takes 3 damage
? H1
? H2
? J
`)
	if !gone(r, at("? H1")) || gone(r, at("? H2")) || !gone(r, at("? J")) {
		t.Errorf("legend rule keeps one Hero, and Jace with 0 loyalty goes: errors %+v notes %+v", r.Errors, r.Notes)
	}
	if !hasNote(r, "704.5j", "legend rule") || !hasNote(r, "704.5i", "Jace") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// 510.4, 702.7b: a first striker kills its blocker before the blocker
// deals damage; 702.4b: double strike deals damage in both steps.
func TestFirstAndDoubleStrike(t *testing.T) {
	r, at := play(t, combatDefs+`Knight as K
Twin as T
opponent: Bear as B1
opponent: Bear as B2
attack with K and T
block K with B1
combat damage
? K
? B1
? life
`)
	if q := r.Results[0]; q.Object == nil || q.Object.Damage != 0 {
		t.Errorf("the Knight's blocker died in the first-strike step and dealt no damage: %+v", r.Results[0])
	}
	if !gone(r, at("? B1")) {
		t.Errorf("B1 dies to first strike")
	}
	if l := life(t, r, at("? life"), Opponent); l != 16 {
		t.Errorf("an unblocked double striker 2/2 deals 4 (702.4b): opponent at %d", l)
	}
}

// 702.19b with 702.2c: a trampler with deathtouch assigns 1 to its blocker
// and the rest to the player; lifelink gains that much (702.15b). A
// blocker with protection from green may block a green trampler (702.16f
// is about attackers with protection); the trampler assigns it lethal
// damage without regard to prevention (702.19b), and that damage is
// prevented (702.16e).
func TestTrampleDeathtouchLifelinkProtection(t *testing.T) {
	r, at := play(t, combatDefs+`define Rager = {B} Creature — Horror 5/5 "Trample, deathtouch, lifelink"
Rager as X
opponent: Wall as W
opponent: Paladin as P
Rhino as R
attack with X and R
block X with W
block R with P
combat damage
? life
? W
? P
`)
	if l := life(t, r, at("? life"), Opponent); l != 14 {
		t.Errorf("opponent at %d, want 14 (4 trampled over a deathtouched wall, 2 over the Paladin)", l)
	}
	if l := life(t, r, at("? life"), You); l != 25 {
		t.Errorf("you at %d, want 25 (lifelink on all 5)", l)
	}
	if !gone(r, at("? W")) {
		t.Errorf("the wall is destroyed by deathtouch")
	}
	if !hasNote(r, "702.16e", "Paladin (P)") || gone(r, at("? P")) {
		t.Errorf("the damage to the Paladin is prevented and it survives: %+v", r.Notes)
	}
}

// 702.9b: only flying or reach blocks a flier; 702.111b: menace needs two.
func TestBlockRestrictions(t *testing.T) {
	r, _ := play(t, combatDefs+`Angel as A
Brute as M
opponent: Bear as B
opponent: Bear as C
attack with A and M
block A with B
block M with B
block M with B and C
`)
	var msgs []string
	for _, e := range r.Errors {
		msgs = append(msgs, e.Message)
	}
	if len(r.Errors) != 2 || !strings.Contains(msgs[0], "702.9b") || !strings.Contains(msgs[1], "702.111b") {
		t.Errorf("errors %q", msgs)
	}
}

// 509.1b: "can't be blocked" and "can't block Humans" are restrictions the
// declaration of blockers must obey (AttackBlockRestrictionsTest's
// testUnblockable and testFilteredBlocking ask for such blocks).
func TestBlockingRestrictionsOfText(t *testing.T) {
	r, _ := play(t, `define Blighted Agent = {1}{U} Creature — Phyrexian Human Rogue 1/1 "Infect\nBlighted Agent can't be blocked."
define Hunted Ghoul = {B} Creature — Zombie 1/2 "Hunted Ghoul can't block Humans."
define Elite Vanguard = {W} Creature — Human Soldier 2/1
define Craw Wurm = {4}{G}{G} Creature — Wurm 6/4
Blighted Agent as A
Elite Vanguard as V
Craw Wurm as W
opponent: Hunted Ghoul as G
opponent: Hunted Ghoul as G2
attack with A and V and W
block A with G
block V with G
block W with G2
`)
	if len(r.Errors) != 2 || r.Errors[0].Line != 11 || r.Errors[1].Line != 12 {
		t.Fatalf("errors %+v", r.Errors)
	}
	for _, e := range r.Errors {
		if !strings.Contains(e.Message, "509.1b") {
			t.Errorf("%q does not cite 509.1b", e.Message)
		}
	}
	if !hasNote(r, "509.1a", "Hunted Ghoul (G2) blocks Craw Wurm (W)") {
		t.Errorf("a Hunted Ghoul may block a non-Human: %+v", r.Notes)
	}
}

// 603.3b: triggered abilities go on the stack in APNAP order the next
// time a player would receive priority; "resolve" resolves the top one.
// 603.10a: a dies ability looks back in time.
func TestTriggersGoOnTheStackInAPNAPOrder(t *testing.T) {
	r, at := play(t, combatDefs+`define Cleric = {W} Creature — Cleric 1/1 "When this creature dies, you gain 3 life."
define Imp = {B} Creature — Imp 1/1 "When this creature dies, each opponent loses 2 life."
define Pyro = {R} Creature — Goblin 1/1 "When this creature enters, it deals 2 damage to any target."
Cleric as C
opponent: Imp as I
effect "All creatures get -1/-1 until end of turn."
? stack
resolve
resolve
? life
Pyro as P (new)
resolve targeting opponent
? life
`)
	var lifeAt []int
	for _, q := range r.Results {
		if q.Query == "life" {
			lifeAt = append(lifeAt, q.Line)
		}
	}
	if len(lifeAt) != 2 {
		t.Fatalf("answers %+v errors %+v", r.Results, r.Errors)
	}
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 2 || st[0].Controller != "opponent" || st[1].Controller != "you" {
		t.Fatalf("the nonactive player's trigger is on top (603.3b): %+v", st)
	}
	if l := life(t, r, lifeAt[0], You); l != 21 {
		t.Errorf("you at %d, want 23 - 2 = 21", l)
	}
	if l := life(t, r, lifeAt[1], Opponent); l != 18 {
		t.Errorf("the enters trigger dealt 2 to the opponent: %d", l)
	}
}

// 514.2: damage wears off and "until end of turn" effects end in the
// cleanup step; the next turn is the opponent's (102.1).
func TestCleanupAndNextTurn(t *testing.T) {
	r, at := play(t, combatDefs+`Rhino as R
R takes 3 damage
effect "Target creature gets +2/+2 until end of turn" targeting R
end of turn
? R
next turn
? turn
? can R block
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 0 || *v.Power != 4 {
		t.Errorf("after cleanup: %+v", v)
	}
	if iv := infoAt(t, r, at("? turn")); iv.Active != "opponent" || iv.Turn != 2 {
		t.Errorf("? turn: %+v", iv)
	}
	if !r.Results[2].Answer {
		t.Errorf("on the opponent's turn your untapped creature can block: %+v", r.Results[2])
	}
}

// The JSON of a game question carries its answer and reasons.
func TestInfoJSON(t *testing.T) {
	r := mustRun(t, combatDefs+"Bear as B\nB takes 1 damage\n? damage B\n? life\n", nil)
	j, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Results []QueryResult `json:"results"`
	}
	if err := json.Unmarshal(j, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Results) != 2 || back.Results[0].Info == nil || *back.Results[0].Info.Damage != 1 || len(back.Results[1].Reasons) == 0 {
		t.Errorf("JSON round trip: %s", j)
	}
}

// 510.1c: a creature blocked by two creatures divides its damage as its
// controller chooses (the CR has no damage assignment order); with
// trample, damage goes to the player only once every blocker is assigned
// lethal damage (702.19b), or the assignment is illegal (510.1e).
func TestStatedDamageAssignment(t *testing.T) {
	r, at := play(t, combatDefs+`Rhino as R
opponent: Bear as B
opponent: Wall as W
attack with R
block R with B and W
R assigns 1 to B and 3 to W
combat damage
? B
? W
`)
	if len(r.Errors) != 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	if v := r.Results[0].Object; v == nil || v.Damage != 1 || gone(r, at("? B")) {
		t.Errorf("the Bear has 1 damage and survives: %+v", r.Results[0])
	}
	if v := r.Results[1].Object; v == nil || v.Damage != 3 {
		t.Errorf("the Wall has 3 damage: %+v", r.Results[1])
	}
	r, at = play(t, combatDefs+`Rhino as R
opponent: Bear as B
opponent: Wall as W
attack with R
block R with B and W
R assigns 2 to B and 2 to opponent
combat damage
? life
`)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "702.19b") || !strings.Contains(r.Errors[0].Message, "510.1e") {
		t.Fatalf("an assignment to the player before the Wall has lethal damage is illegal: %+v", r.Errors)
	}
	if l := life(t, r, at("? life"), Opponent); l != 20 {
		t.Errorf("the engine's own division (2 to the Bear, 2 to the Wall, none left) is used: opponent at %d", l)
	}
}

// 704.5b: drawing from an empty library loses the game the next time
// state-based actions are checked (the library's size is stated); 504.1:
// the active player draws in their draw step.
func TestDrawFromEmptyLibrary(t *testing.T) {
	r, at := play(t, "opponent has 0 cards in library\nnext turn\n? life\n")
	var opp PlayerView
	for _, p := range infoAt(t, r, at("? life")).Players {
		if p.Player == "opponent" {
			opp = p
		}
	}
	if !opp.Lost || opp.LostRule != "704.5b" {
		t.Errorf("the opponent drew from an empty library in their draw step: %+v", opp)
	}
}

// 702.80a: wither damage is -1/-1 counters; 120.3g: toxic gives poison
// counters with combat damage to a player, in addition to the damage.
func TestWitherAndToxic(t *testing.T) {
	r, at := play(t, `define Witherer = {B} Creature — Elemental 2/2 "Wither"
define Toxic Rat = {B} Creature — Rat 1/1 "Toxic 2"
define Ogre = {2}{R} Creature — Ogre 3/3
Witherer as W
Toxic Rat as T
opponent: Ogre as O
attack with W and T
block W with O
combat damage
? O
? life
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 0 || v.Counters["-1/-1"] != 2 || *v.Power != 1 {
		t.Errorf("wither: 2 -1/-1 counters, no damage marked: %+v", v)
	}
	if l := life(t, r, at("? life"), Opponent); l != 19 {
		t.Errorf("toxic damage is still damage: opponent at %d", l)
	}
	for _, p := range infoAt(t, r, at("? life")).Players {
		if p.Player == "opponent" && p.Poison != 2 {
			t.Errorf("toxic 2: %d poison counters", p.Poison)
		}
	}
}

// 503.1a, 603.3b: "at the beginning of each upkeep" abilities of both
// players trigger in the active player's upkeep and go on the stack
// active player's first; the step ends only once they have resolved
// (500.2); 514.2 ends "until end of turn" control at cleanup.
func TestUpkeepTriggersAndCleanup(t *testing.T) {
	r, at := play(t, `define Sulfuric Vortex = {1}{R}{R} Enchantment "At the beginning of each player's upkeep, Sulfuric Vortex deals 2 damage to that player."
define Bell = {1} Artifact "At the beginning of each upkeep, you gain 1 life."
define Bear = {1}{G} Creature — Bear 2/2
Bell as Mine
opponent: Bell as Theirs
opponent: Bear as B
you gain control of B until end of turn
? B
end of turn
? B
next turn
? stack
next step
resolve
resolve
next step
? turn
`)
	if r.Results[0].Object.Controller != "you" || r.Results[1].Object.Controller != "opponent" {
		t.Errorf("control until end of turn ends in the cleanup step: %+v, %+v", r.Results[0].Object, r.Results[1].Object)
	}
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 2 || st[0].Controller != "you" || st[1].Controller != "opponent" {
		t.Errorf("on the opponent's turn the opponent's trigger goes on the stack first, so yours is on top: %+v", st)
	}
	if len(r.Errors) != 1 || r.Errors[0].Line != at("next step") || !strings.Contains(r.Errors[0].Message, "500.2") {
		t.Errorf("next step with the stack not empty is refused (500.2): %+v", r.Errors)
	}
	if iv := infoAt(t, r, at("? turn")); iv.Step != "draw step" || iv.Active != "opponent" {
		t.Errorf("after the upkeep the draw step: %+v", iv)
	}
}

// 603.10a, 603.6c: a leaves-the-battlefield ability triggers when its
// object is exiled, looking back at the object as it last existed.
func TestLeavesTriggerLooksBack(t *testing.T) {
	r, at := play(t, `define Keeper = {2}{W} Creature — Spirit 2/2 "When this creature leaves the battlefield, you gain 3 life."
define Jailer = {1}{W} Enchantment "Creatures you control have \"When this creature leaves the battlefield, you draw a card.\""
Keeper as K
Jailer as J
exile K
? stack
resolve
resolve
? life
? exile
`)
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 2 {
		t.Fatalf("its own ability and the granted one trigger: %d; notes %+v", n, r.Notes)
	}
	iv := infoAt(t, r, at("? life"))
	if iv.Players[0].Life != 23 || iv.Players[0].Hand != 1 {
		t.Errorf("you: %+v", iv.Players[0])
	}
	if ex := infoAt(t, r, at("? exile")).Players[0].Exile; len(ex) != 1 || ex[0] != "Keeper" {
		t.Errorf("exile: %v", ex)
	}
}

// 601.2a, 405.2, 608.2: a spell cast "(on the stack)" waits there; one
// cast in response resolves first; 608.2b: a spell whose only target has
// left doesn't resolve.
func TestSpellsOnTheStack(t *testing.T) {
	r, at := play(t, `define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Giant Growth = {G} Instant "Target creature gets +3/+3 until end of turn."
define Bear = {1}{G} Creature — Bear 2/2
Bear as B
Bear as C
opponent: cast Lightning Bolt targeting B (on the stack)
cast Giant Growth targeting B (on the stack)
? stack
resolve
resolve
? B
opponent: cast Lightning Bolt targeting C (on the stack)
sacrifice C
resolve
? graveyard
`)
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 2 || st[0].Source != "Giant Growth" || st[0].Kind != "spell" {
		t.Fatalf("the response is on top: %+v", st)
	}
	if v := r.Results[1].Object; v == nil || *v.Toughness != 5 || v.Damage != 3 {
		t.Errorf("Giant Growth resolved first, so the Bear survives the Bolt: %+v", v)
	}
	if !hasNote(r, "608.2b", "Lightning Bolt targeting C") {
		t.Errorf("the second Bolt doesn't resolve: %+v", r.Notes)
	}
	gy := infoAt(t, r, at("? graveyard")).Players
	if len(gy[1].Graveyard) != 2 {
		t.Errorf("both Bolts are in the opponent's graveyard: %+v", gy)
	}
}

// A game answer names the text it may depend on that the engine could not
// model: a triggered ability whose trigger event it doesn't recognise.
func TestGameAnswerDependsOnUnmodelled(t *testing.T) {
	r, at := play(t, `define Priest = {1}{W} Creature — Human Cleric 2/2 "Lifelink\nWhenever you cast a creature spell, you gain 1 life."
Priest as A
A deals 2 damage to opponent
? life
`)
	q := r.Results[0]
	if q.Line != at("? life") || len(q.DependsOnUnmodelled) != 1 || !strings.Contains(q.DependsOnUnmodelled[0], "Whenever you cast a creature spell") {
		t.Errorf("depends: %+v", q)
	}
	if !strings.Contains(r.Text(), "But this depends on text I could not model") {
		t.Errorf("text: %s", r.Text())
	}
}

// The rules the game statements cite say what the engine says they say.
func TestGameRulesSayWhatTheyAreCitedFor(t *testing.T) {
	rules := loadCR(t)
	for id, phrase := range map[string]string{
		"120.3a":  "causes that player to lose that much life",
		"120.3e":  "causes that much damage to be marked on that creature",
		"120.6":   "Damage marked on a creature remains until the cleanup step",
		"704.3":   "performs all applicable state-based actions simultaneously as a single event",
		"704.5a":  "0 or less life",
		"704.5c":  "ten or more poison counters",
		"704.5g":  "lethal damage and is destroyed",
		"704.5h":  "dealt damage by a source with deathtouch",
		"704.5i":  "loyalty 0",
		"704.5j":  "legend rule",
		"702.12b": "ignore the state-based action that checks for lethal damage",
		"702.19b": "Once all those blocking creatures are assigned lethal damage",
		"702.2c":  "considered to be lethal damage",
		"702.15b": "to gain that much life",
		"702.16e": "is prevented",
		"510.1c":  "divided as its controller chooses among them",
		"510.4":   "the only creatures that assign combat damage in that step are those with first strike or double strike",
		"603.3b":  "APNAP order",
		"603.10a": "look back in time",
		"514.2":   "all damage marked on permanents",
		"500.2":   "ends when the stack is empty and all players pass in succession",
		"400.7":   "becomes a new object",
		"608.2n":  "put into its owner’s graveyard",
		"700.4":   "is put into a graveyard from the battlefield",
	} {
		r, ok := rules.Rule(id)
		if !ok {
			t.Errorf("rule %s missing", id)
			continue
		}
		if !strings.Contains(r.Text, phrase) {
			t.Errorf("rule %s does not say %q: %s", id, phrase, r.Text)
		}
	}
}

// 514.1: in the cleanup step the active player discards down to seven.
func TestCleanupDiscardsToHandSize(t *testing.T) {
	r, at := play(t, "you have 9 cards in hand\nopponent has 9 cards in hand\nend of turn\n? life\n")
	ps := infoAt(t, r, at("? life")).Players
	if ps[0].Hand != 7 || ps[1].Hand != 9 {
		t.Errorf("only the active player discards: %+v", ps)
	}
}

// 509.3a, 509.3c: "whenever ~ blocks" triggers for the blocker, "whenever
// ~ becomes blocked" once for the attacker however many block it.
func TestBlockTriggers(t *testing.T) {
	r, at := play(t, `define Lancer = {3}{W} Creature — Human Knight 2/2 "Whenever this creature becomes blocked, you gain 2 life."
define Guard = {1}{W} Creature — Human Soldier 1/3 "Whenever this creature blocks, you gain 1 life."
Lancer as L
opponent: Guard as G1
opponent: Guard as G2
attack with L
block L with G1
block L with G2
? stack
`)
	st := infoAt(t, r, at("? stack")).Stack
	if len(st) != 3 {
		t.Fatalf("two blocks and one becomes-blocked trigger: %+v; errors %+v", st, r.Errors)
	}
	n := 0
	for _, x := range st {
		if strings.Contains(x.Text, "becomes blocked") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("becomes blocked triggers once: %+v", st)
	}
}

// 507.1, 509.3g, 511.2: beginning of combat, "attacks and isn't blocked"
// (as the declare blockers step ends, before damage) and end of combat.
func TestCombatStepTriggers(t *testing.T) {
	r, at := play(t, `define Scout = {1}{U} Creature — Human Scout 1/1 "Whenever this creature attacks and isn't blocked, you gain 2 life.\nAt the beginning of combat on your turn, you gain 1 life.\nAt end of combat, you lose 1 life."
Scout as S
next step
? stack
resolve
attack with S
combat damage
? stack
resolve
combat damage
next step
resolve
? life
`)
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 1 {
		t.Fatalf("the beginning-of-combat ability: %d on the stack; errors %+v", n, r.Errors)
	}
	if len(r.Errors) != 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	// 20 + 1 (beginning of combat) + 2 (unblocked) - 1 (end of combat);
	// the Scout's 1 combat damage goes to the opponent.
	if l := life(t, r, at("? life"), You); l != 22 {
		t.Errorf("you at %d, want 22", l)
	}
	if l := life(t, r, at("? life"), Opponent); l != 19 {
		t.Errorf("opponent at %d, want 19", l)
	}
}

// 614.12: a choice made as a permanent enters ("choose blue", "choose
// Elf") is what its text's "the chosen color/type" means.
func TestChoiceAsItEnters(t *testing.T) {
	r, _ := play(t, `define Painter = {2} Artifact Creature — Scarecrow 1/3 "As this creature enters, choose a color.\nAll cards that aren't on the battlefield, spells, and permanents are the chosen color in addition to their other colors."
define Lord = {2}{B} Creature — Human 2/2 "As this creature enters, choose a creature type.\nCreatures of the chosen type get +1/+1."
define Elf = {G} Creature — Elf 1/1
Painter as P (choose blue)
Lord as L (choose Elf)
Elf as E
? E
`)
	v := r.Results[0].Object
	if v == nil || *v.Power != 2 || strings.Join(v.Colors, "") != "UG" {
		t.Errorf("a blue and green 2/2 Elf: %+v", v)
	}
	for _, u := range r.Unmodeled {
		if strings.Contains(u.Sentence, "choose") {
			t.Errorf("the choice was made: %+v", u)
		}
	}
}

// 120.4b: "whenever ~ deals damage" triggers on noncombat damage too;
// "to an opponent" not on damage to its controller.
func TestDealsDamageTriggers(t *testing.T) {
	r, at := play(t, `define Spark = {R} Creature — Elemental 1/1 "Whenever this creature deals damage to an opponent, you gain 2 life."
Spark as S
S deals 1 damage to you
? stack
S deals 1 damage to opponent
? stack
`)
	if n := len(infoAt(t, r, at("? stack")).Stack); n != 0 {
		t.Errorf("damage to its controller isn't to an opponent: %d", n)
	}
	if n := len(r.Results[1].Info.Stack); n != 1 {
		t.Errorf("damage to the opponent triggers: %d", n)
	}
}

// 607.2a: "return the exiled card" finds only what its linked ability
// exiled, and only while it is still in exile (400.7).
func TestLinkedExileReturn(t *testing.T) {
	r, at := play(t, `define Ring = {2}{W} Enchantment "When this enchantment enters, exile another target nonland permanent.\nWhen this enchantment leaves the battlefield, return the exiled card to the battlefield under its owner's control."
define Bear = {1}{G} Creature — Bear 2/2
opponent: Bear as B
Ring as R1 (new)
resolve targeting B
Ring as R2 (new)
resolve targeting R1
resolve
? exile
? graveyard
`)
	// R2 exiled R1; R1's leaves ability returns the Bear; R2 still holds R1.
	iv := infoAt(t, r, at("? exile"))
	if len(iv.Players[0].Exile) != 1 || iv.Players[0].Exile[0] != "Ring" || len(iv.Players[1].Exile) != 0 {
		t.Errorf("exile: %+v; notes %+v", iv.Players, r.Notes)
	}
	if !hasNote(r, "607.2a", "Bear returns to the battlefield") {
		t.Errorf("the Bear returns: %+v", r.Notes)
	}
}

// 601.2a: a card returned to its owner's hand and cast again leaves the
// hand; on the battlefield it is a new object (400.7).
func TestCastFromHand(t *testing.T) {
	r, at := play(t, `define Bear = {1}{G} Creature — Bear 2/2
Bear as B (2 +1/+1 counters)
return B to its owner's hand
? hand
cast Bear
? hand
? Bear
`)
	if h := infoAt(t, r, at("? hand")).Players[0].HandCards; len(h) != 1 || h[0] != "Bear" {
		t.Errorf("hand: %v", h)
	}
	if h := r.Results[1].Info.Players[0].HandCards; len(h) != 0 {
		t.Errorf("cast from hand: %v", h)
	}
	if v := r.Results[2].Object; v == nil || *v.Power != 2 || len(v.Counters) != 0 {
		t.Errorf("a new object without its counters: %+v", v)
	}
}
