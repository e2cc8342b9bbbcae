package engine

import (
	"testing"
)

// Cards quoted with their Oracle text (the card's own name stands for
// "this object", 201.4b).
const preventDefs = `define Cho-Manno, Revolutionary = {2}{W}{W} Legendary Creature — Human Rebel 2/2 "Prevent all damage that would be dealt to Cho-Manno, Revolutionary."
define Guard Gomazoa = {2}{U} Creature — Gomazoa 1/3 "Defender, flying\nPrevent all combat damage that would be dealt to Guard Gomazoa."
define Defang = {1}{W} Enchantment — Aura "Enchant creature\nPrevent all damage that would be dealt by enchanted creature."
define Gaseous Form = {2}{U} Enchantment — Aura "Enchant creature\nPrevent all combat damage that would be dealt to and dealt by enchanted creature."
define Glacial Chasm = Land "Prevent all damage that would be dealt to you."
define Phantom Flock = {3}{W}{W} Creature — Bird Soldier Spirit 0/0 "Flying\nPhantom Flock enters the battlefield with three +1/+1 counters on it.\nIf damage would be dealt to Phantom Flock, prevent that damage. Remove a +1/+1 counter from Phantom Flock."
define Urza's Armor = {6} Artifact "If a source would deal damage to you, prevent 1 of that damage."
define Callous Giant = {4}{R}{R} Creature — Giant 4/4 "If a source would deal 3 or less damage to Callous Giant, prevent that damage."
define Wall of Vapor = {3}{U} Creature — Wall 0/1 "Defender\nPrevent all damage that would be dealt to Wall of Vapor by creatures it's blocking."
define Sphere of Law = {3}{W} Enchantment "If a red source would deal damage to you, prevent 2 of that damage."
define Everlasting Torment = {2}{B/R} Enchantment "Players can't gain life.\nDamage can't be prevented.\nAll damage is dealt as though its source had wither."
define Furnace of Rath = {1}{R}{R}{R} Enchantment "If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."
define Torbran Lite = {1}{R}{R}{R} Creature — Dwarf 2/4 "If a red source you control would deal damage to an opponent, it deals that much damage plus 2 instead."
define Phyrexian Hydra = {3}{G}{G} Creature — Phyrexian Hydra 7/7 "If damage would be dealt to Phyrexian Hydra, prevent that damage. Put a -1/-1 counter on Phyrexian Hydra for each 1 damage prevented this way."
define Malignus Lite = {3}{R}{R} Creature — Elemental Spirit 4/4 "Damage that would be dealt by Malignus Lite can't be prevented."
define Goblin = {R} Creature — Goblin 2/1
define Ox = {1}{W} Creature — Ox 2/4
define Rager = {B} Creature — Horror 5/5 "Trample, deathtouch, lifelink"
define Leech = {B} Creature — Leech 3/3 "Lifelink"
define Snake = {G} Creature — Snake 1/1 "Deathtouch"
define Spider = {1}{G} Creature — Spider 1/3 "Reach"
define Paladin = {W} Creature — Knight 2/2 "Protection from red"
`

func damageOn(t *testing.T, r *Report, line int) int {
	t.Helper()
	d := infoAt(t, r, line).Damage
	if d == nil {
		t.Fatalf("no damage in the answer of line %d", line)
	}
	return *d
}

// 615.1, 615.1a: "Prevent all damage that would be dealt to ~" shields
// that object only: other creatures are dealt damage as usual.
func TestPreventAllDamageToSelf(t *testing.T) {
	r, at := play(t, preventDefs+`Cho-Manno, Revolutionary as C
Ox as O
opponent: Goblin as G
G deals 3 damage to C
G deals 3 damage to O
? damage C
? damage O
`)
	if d := damageOn(t, r, at("? damage C")); d != 0 {
		t.Errorf("damage to Cho-Manno is prevented (615.1a): %d marked", d)
	}
	if d := damageOn(t, r, at("? damage O")); d != 3 {
		t.Errorf("the Ox is not shielded by Cho-Manno's ability: %d marked, want 3", d)
	}
	if !hasNote(r, "615.1a", "Cho-Manno") {
		t.Errorf("the prevention is explained by 615.1a: %+v", r.Notes)
	}
}

// Guard Gomazoa prevents combat damage only; prevented damage is never
// dealt, so the deathtouch and lifelink of the attacker do nothing
// (702.2b and 702.15b apply to damage dealt; 615.6).
func TestPreventCombatDamageNoDeathtouchNoLifelink(t *testing.T) {
	r, at := play(t, preventDefs+`Rager as R
opponent: Guard Gomazoa as W
attack with R
block R with W
combat damage
? W
? life
opponent: Goblin as G
G deals 2 damage to W
? damage W
`)
	if gone(r, at("? W")) {
		t.Fatalf("the combat damage (deathtouch) to Guard Gomazoa is prevented: it survives; notes %+v", r.Notes)
	}
	// Rager tramples over: lethal damage to the blocker is 1 (deathtouch,
	// 702.19b assigns without regard to prevention), 4 to the player.
	if l := life(t, r, at("? life"), Opponent); l != 16 {
		t.Errorf("opponent at %d, want 16 (4 trampled over)", l)
	}
	if l := life(t, r, at("? life"), You); l != 24 {
		t.Errorf("you at %d, want 24: lifelink counts only the 4 damage dealt, not the prevented 1", l)
	}
	if d := damageOn(t, r, at("? damage W")); d != 2 {
		t.Errorf("noncombat damage to Guard Gomazoa is not prevented: %d marked, want 2", d)
	}
}

// Defang: damage dealt by the enchanted creature is prevented; the damage
// of other creatures and the damage dealt to it are not.
func TestPreventDamageDealtByEnchantedCreature(t *testing.T) {
	r, at := play(t, preventDefs+`Leech as L
Goblin as G
opponent: Defang as D (attached to L)
attack with L and G
combat damage
? life
opponent: Goblin as H
H deals 2 damage to L
? damage L
`)
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("opponent at %d, want 18: only the Goblin's 2 is dealt", l)
	}
	if l := life(t, r, at("? life"), You); l != 20 {
		t.Errorf("you at %d, want 20: the Leech dealt no damage, so no lifelink", l)
	}
	if d := damageOn(t, r, at("? damage L")); d != 2 {
		t.Errorf("damage dealt to the enchanted creature is not prevented by Defang: %d", d)
	}
}

// Gaseous Form prevents combat damage dealt to and dealt by the enchanted
// creature; the creature it fights deals and takes nothing.
func TestPreventToAndByEnchantedCreature(t *testing.T) {
	r, at := play(t, preventDefs+`Ox as O
opponent: Goblin as G
Gaseous Form as F (attached to O)
attack with O
block O with G
combat damage
? G
? damage O
`)
	if gone(r, at("? G")) {
		t.Errorf("the Ox's combat damage is prevented: the Goblin survives")
	}
	if d := damageOn(t, r, at("? damage O")); d != 0 {
		t.Errorf("the Goblin's combat damage to the Ox is prevented: %d", d)
	}
}

// Glacial Chasm shields its controller, not the opponent.
func TestPreventDamageToYou(t *testing.T) {
	r, at := play(t, preventDefs+`Glacial Chasm as C
Goblin as G
opponent: Goblin as H
H deals 2 damage to you
G deals 2 damage to opponent
? life
`)
	if l := life(t, r, at("? life"), You); l != 20 {
		t.Errorf("you at %d: damage to you is prevented", l)
	}
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("opponent at %d: Glacial Chasm doesn't shield the opponent", l)
	}
}

// Phantom Flock's rulings: damage from several sources at once removes
// one counter; each damage event removes one; the ability still prevents
// damage with no counters left.
func TestPhantomFlockOneCounterPerEvent(t *testing.T) {
	r, at := play(t, preventDefs+`Phantom Flock as F
opponent: Spider as G1
opponent: Spider as G2
attack with F
block F with G1 and G2
combat damage
? F
G2 deals 1 damage to F
? F
? damage F
`)
	v := r.Results[0].Object
	if v == nil || *v.Power != 2 {
		t.Fatalf("two blockers at once remove one counter: %+v notes %+v", v, r.Notes)
	}
	if v := r.Results[1].Object; v == nil || *v.Power != 1 {
		t.Errorf("a second damage event removes another: %+v", v)
	}
	if d := damageOn(t, r, at("? damage F")); d != 0 {
		t.Errorf("all damage is prevented: %d", d)
	}
}

// "Prevent 1 of that damage" prevents part of each event (Urza's Armor);
// a colour of source (Sphere of Law: red sources only).
func TestPreventPartOfTheDamage(t *testing.T) {
	r, at := play(t, preventDefs+`Urza's Armor as A
Sphere of Law as S
opponent: Goblin as G
opponent: Snake as K
G deals 3 damage to you
K deals 3 damage to you
? life
`)
	// Goblin (red): 3 - 1 - 2 = 0; Snake (green): 3 - 1 = 2.
	if l := life(t, r, at("? life"), You); l != 18 {
		t.Errorf("you at %d, want 18", l)
	}
}

// Callous Giant: 3 or less damage is prevented, 4 is dealt in full.
func TestPreventDamageOfAtMostN(t *testing.T) {
	r, at := play(t, preventDefs+`Callous Giant as C
opponent: Goblin as G
G deals 3 damage to C
? damage C
G deals 4 damage to C
? C
`)
	if d := damageOn(t, r, at("? damage C")); d != 0 {
		t.Errorf("3 damage is prevented: %d", d)
	}
	if !gone(r, at("? C")) {
		t.Errorf("4 damage is dealt in full and the 4/4 dies")
	}
}

// Wall of Vapor: damage from the creature it blocks is prevented, other
// damage is not.
func TestPreventDamageByCreaturesItsBlocking(t *testing.T) {
	r, at := play(t, preventDefs+`Goblin as G
opponent: Wall of Vapor as W
attack with G
block G with W
combat damage
? W
`)
	if gone(r, at("? W")) {
		t.Errorf("the Goblin's damage to the Wall it blocks is prevented")
	}
	r, at = play(t, preventDefs+`Goblin as G
opponent: Wall of Vapor as W
G deals 1 damage to W
? W
`)
	if !gone(r, at("? W")) {
		t.Errorf("damage from a creature it isn't blocking is dealt")
	}
}

// 615.12: damage that can't be prevented is dealt; the prevention effect
// still applies and its additional effects happen (Phantom Flock ruling:
// a counter is still removed). Protection's prevention fails too.
func TestDamageCantBePrevented(t *testing.T) {
	r, at := play(t, preventDefs+`Everlasting Torment as E
Phantom Flock as F
Paladin as P
opponent: Goblin as G
G deals 1 damage to F
G deals 2 damage to P
? F
? P
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 1 || *v.Power != 2 {
		t.Errorf("the damage is dealt and a counter is still removed: %+v notes %+v", v, r.Notes)
	}
	if !gone(r, at("? P")) {
		t.Errorf("protection from red can't prevent damage that can't be prevented")
	}
	r, at = play(t, preventDefs+`Malignus Lite as M
opponent: Cho-Manno, Revolutionary as C
opponent: Glacial Chasm as X
M deals 1 damage to C
M deals 3 damage to opponent
Goblin as G
G deals 1 damage to C
? damage C
? life
`)
	if d := damageOn(t, r, at("? damage C")); d != 1 {
		t.Errorf("Malignus's damage can't be prevented, the Goblin's can: %d marked, want 1", d)
	}
	if l := life(t, r, at("? life"), Opponent); l != 17 {
		t.Errorf("opponent at %d, want 17", l)
	}
}

// 614.1a: Furnace of Rath doubles the damage every source deals;
// Torbran-style "plus 2" only for red sources its controller controls,
// dealt to an opponent.
func TestDamageIncreased(t *testing.T) {
	r, at := play(t, preventDefs+`Furnace of Rath as R
Ox as O
opponent: Goblin as G
G deals 2 damage to you
G deals 1 damage to O
? life
? damage O
`)
	if l := life(t, r, at("? life"), You); l != 16 {
		t.Errorf("you at %d, want 16 (2 doubled)", l)
	}
	if d := damageOn(t, r, at("? damage O")); d != 2 {
		t.Errorf("damage to permanents is doubled too: %d", d)
	}
	r, at = play(t, preventDefs+`Torbran Lite as T
Goblin as G
Ox as O
opponent: Goblin as H
G deals 1 damage to opponent
O deals 1 damage to opponent
H deals 1 damage to you
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 16 {
		t.Errorf("opponent at %d, want 16 (red Goblin 1+2, white Ox 1)", l)
	}
	if l := life(t, r, at("? life"), You); l != 19 {
		t.Errorf("you at %d: the opponent's source is not increased", l)
	}
}

// Phyrexian Hydra: the damage is prevented and as many -1/-1 counters
// are put on it.
func TestPreventedDamageCounted(t *testing.T) {
	r, _ := play(t, preventDefs+`Phyrexian Hydra as H
opponent: Goblin as G
G deals 3 damage to H
? H
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 0 || *v.Power != 4 {
		t.Errorf("3 prevented, three -1/-1 counters: %+v notes %+v", v, r.Notes)
	}
}

// Variants of the amount: half rounded up (Gisela's second ability), all
// but 1 (Temple Altisaur), at most 3 (Divine Presence), minus 1
// (Lashknife Barrier), half rounded down (Ghosts of the Innocent).
func TestDamageAmountVariants(t *testing.T) {
	cases := []struct {
		text string
		n    int
		want int // damage marked on your Ox (2/6)
	}{
		{"If a source would deal damage to you or a permanent you control, prevent half that damage, rounded up.", 5, 2},
		{"If a source would deal damage to another creature you control, prevent all but 1 of that damage.", 5, 1},
		{"If a source would deal 4 or more damage to a permanent or player, that source deals 3 damage to that permanent or player instead.", 5, 3},
		{"If a source would deal damage to a creature you control, it deals that much damage minus 1 to that creature instead.", 5, 4},
		{"If a source would deal damage to a permanent or player, it deals half that damage, rounded down, to that permanent or player instead.", 5, 2},
	}
	for _, c := range cases {
		r, at := play(t, `define Shield = {2}{W} Enchantment "`+c.text+`"
define Ox = {1}{W} Creature — Ox 2/6
define Goblin = {R} Creature — Goblin 2/1
Shield as S
Ox as O
opponent: Goblin as G
G deals `+itoa(c.n)+` damage to O
? damage O
`)
		if d := damageOn(t, r, at("? damage O")); d != c.want {
			t.Errorf("%q: %d damage marked, want %d (notes %+v)", c.text, d, c.want, r.Notes)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// Indentured Oaf: the damage it would deal to red creatures is prevented,
// not the damage it deals to others.
func TestPreventDamageItWouldDealTo(t *testing.T) {
	r, at := play(t, `define Indentured Oaf = {3}{R} Creature — Ogre Warrior 4/3 "Prevent all damage that Indentured Oaf would deal to red creatures."
define Goblin = {R} Creature — Goblin 2/5
define Ox = {1}{W} Creature — Ox 2/6
Indentured Oaf as I
opponent: Goblin as G
opponent: Ox as O
I deals 3 damage to G
I deals 3 damage to O
? damage G
? damage O
`)
	if d := damageOn(t, r, at("? damage G")); d != 0 {
		t.Errorf("damage to a red creature is prevented: %d", d)
	}
	if d := damageOn(t, r, at("? damage O")); d != 3 {
		t.Errorf("damage to a white creature is dealt: %d", d)
	}
}

// Vigor: damage to other creatures you control is prevented and as many
// +1/+1 counters are put on that creature; Vigor itself is not shielded.
func TestVigor(t *testing.T) {
	r, at := play(t, `define Vigor = {3}{G}{G}{G} Creature — Elemental Incarnation 6/6 "Trample\nIf damage would be dealt to another creature you control, prevent that damage. Put a +1/+1 counter on that creature for each 1 damage prevented this way."
define Ox = {1}{W} Creature — Ox 2/6
define Goblin = {R} Creature — Goblin 2/1
Vigor as V
Ox as O
opponent: Goblin as G
G deals 2 damage to O
G deals 2 damage to V
? O
? damage V
`)
	if v := r.Results[0].Object; v == nil || v.Damage != 0 || v.Counters["+1/+1"] != 2 {
		t.Errorf("the Ox gets 2 counters instead of 2 damage: %+v", v)
	}
	if d := damageOn(t, r, at("? damage V")); d != 2 {
		t.Errorf("Vigor itself is not \"another creature\": %d", d)
	}
}

// 614.1a: Ali from Cairo's effect changes the result of damage (the life
// total stops at 1); the damage is still dealt, so lifelink gains it all
// (Worship ruling: it doesn't prevent damage).
func TestLifeFloor(t *testing.T) {
	r, at := play(t, `define Ali from Cairo = {2}{R}{R} Creature — Human 0/1 "Damage that would reduce your life total to less than 1 reduces it to 1 instead."
define Leech = {B} Creature — Leech 3/3 "Lifelink"
Ali from Cairo as A
you have 3 life
opponent: Leech as L
L deals 3 damage to you
? life
L deals 3 damage to A
? life
`)
	if l := life(t, r, at("? life"), You); l != 1 {
		t.Errorf("you at %d, want 1", l)
	}
	if l := life(t, r, at("? life"), Opponent); l != 23 {
		t.Errorf("the Leech dealt 3 damage: lifelink gains 3 (%d)", l)
	}
}

// 701.19b: a static regeneration effect replaces each destruction: damage
// is removed and the creature is tapped; 704.5f (toughness 0) is not
// destruction.
func TestRegenerationReplacesDestruction(t *testing.T) {
	r, at := play(t, `define Mossbridge Troll = {5}{G}{G} Creature — Troll 5/5 "If Mossbridge Troll would be destroyed, regenerate it."
define Goblin = {R} Creature — Goblin 2/1
Mossbridge Troll as T
T takes 6 damage
? T
destroy T
? T
effect "Target creature gets -5/-5 until end of turn." targeting T
? graveyard
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 0 || !v.Tapped {
		t.Fatalf("regenerated: damage removed and tapped: %+v notes %+v", v, r.Notes)
	}
	if gone(r, at("? T")) || !hasNote(r, "701.19b", "Mossbridge Troll") {
		t.Errorf("destroy is replaced too")
	}
	gy, _ := zoneOf(t, r, at("? graveyard"), You)
	if len(gy) != 1 {
		t.Errorf("toughness 0 puts it into the graveyard (704.5f is not destruction): %v", gy)
	}
}

// Damage replaced by counters (Phytohydra): not prevention, so "can't be
// prevented" doesn't stop it; Force Bubble takes the damage to its
// controller as counters on itself.
func TestDamageAsCounters(t *testing.T) {
	r, at := play(t, `define Phytohydra = {2}{G}{W}{W} Creature — Plant Hydra 1/1 "If damage would be dealt to Phytohydra, put that many +1/+1 counters on it instead."
define Force Bubble = {2}{W}{W} Enchantment "If damage would be dealt to you, put that many depletion counters on Force Bubble instead."
define Everlasting Torment = {2}{B/R} Enchantment "Damage can't be prevented."
define Goblin = {R} Creature — Goblin 2/1
Phytohydra as P
Force Bubble as F
opponent: Everlasting Torment as E
opponent: Goblin as G
G deals 3 damage to P
G deals 2 damage to you
? P
? F
? life
`)
	if v := r.Results[0].Object; v == nil || v.Damage != 0 || v.Counters["+1/+1"] != 3 {
		t.Errorf("3 +1/+1 counters instead of 3 damage: %+v", v)
	}
	if v := r.Results[1].Object; v == nil || v.Counters["depletion"] != 2 {
		t.Errorf("2 depletion counters: %+v", v)
	}
	if l := life(t, r, at("? life"), You); l != 20 {
		t.Errorf("you at %d", l)
	}
}

// Purity: the damage prevented becomes life; Swans of Bryn Argoll: the
// source's controller draws that many.
func TestPreventedDamageGivesLifeOrCards(t *testing.T) {
	r, at := play(t, `define Purity = {3}{W}{W}{W} Creature — Elemental Incarnation 6/6 "Flying\nIf noncombat damage would be dealt to you, prevent that damage. You gain life equal to the damage prevented this way."
define Swans of Bryn Argoll = {2}{W}{U} Creature — Bird Spirit 4/3 "Flying\nIf a source would deal damage to Swans of Bryn Argoll, prevent that damage. The source's controller draws cards equal to the damage prevented this way."
define Goblin = {R} Creature — Goblin 2/1
Purity as P
Swans of Bryn Argoll as S
opponent has 0 cards in hand
opponent: Goblin as G
G deals 3 damage to you
G deals 2 damage to S
? life
? opponent
`)
	if l := life(t, r, at("? life"), You); l != 23 {
		t.Errorf("you at %d, want 23", l)
	}
	if v := r.Results[1].Player; v == nil || v.Hand != 2 {
		t.Errorf("the Goblin's controller drew 2: %+v notes %+v", v, r.Notes)
	}
}

// Charging Tuskodon doubles the combat damage it deals to a player, not
// to a creature.
func TestDamageDoubledBySelf(t *testing.T) {
	r, at := play(t, `define Charging Tuskodon = {3}{G}{G} Creature — Dinosaur 5/4 "Trample\nIf Charging Tuskodon would deal combat damage to a player, it deals double that damage to that player instead."
define Ox = {1}{W} Creature — Ox 2/2
Charging Tuskodon as C
opponent: Ox as O
attack with C
block C with O
combat damage
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 14 {
		t.Errorf("2 to the Ox, 3 trampled over doubled to 6: opponent at %d", l)
	}
}

// Dolmen Gate: combat damage to attacking creatures you control is
// prevented; a blocking creature is not shielded.
func TestPreventDamageToAttackingCreatures(t *testing.T) {
	r, at := play(t, `define Dolmen Gate = {2} Artifact "Prevent all combat damage that would be dealt to attacking creatures you control."
define Bear = {1}{G} Creature — Bear 2/2
Dolmen Gate as D
Bear as A
opponent: Bear as B
attack with A
block A with B
combat damage
? A
? B
`)
	if gone(r, at("? A")) {
		t.Errorf("the attacking Bear is shielded")
	}
	if !gone(r, at("? B")) {
		t.Errorf("the blocking Bear is not")
	}
}

// A spell as the source of damage (120.2b): Sulfuric Vapors adds 1 to a
// red spell's damage, not to a red creature's; Hostility-style "If a
// spell you control would deal damage to an opponent, prevent that
// damage"; Energy Storm prevents all damage instant and sorcery spells
// would deal.
func TestSpellAsSource(t *testing.T) {
	defs := `define Lightning Bolt = {R} Instant "Lightning Bolt deals 3 damage to any target."
define Goblin = {R} Creature — Goblin 2/1
define Sulfuric Vapors = {R} Enchantment "If a red spell would deal damage to a permanent or player, it deals that much damage plus 1 to that permanent or player instead."
define Energy Storm = {1}{W} Enchantment "Cumulative upkeep {1}\nPrevent all damage that would be dealt by instant and sorcery spells."
`
	r, at := play(t, defs+`Sulfuric Vapors as V
Goblin as G
cast Lightning Bolt targeting opponent
G deals 2 damage to opponent
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 14 {
		t.Errorf("Bolt 3+1, Goblin 2: opponent at %d, want 14 (notes %+v)", l, r.Notes)
	}
	r, at = play(t, defs+`opponent: Energy Storm as E
Goblin as G
cast Lightning Bolt targeting opponent
G deals 2 damage to opponent
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("the Bolt's damage is prevented, the Goblin's isn't: opponent at %d", l)
	}
}

// Fog: a resolved prevention effect (615.1) for the turn: no combat
// damage is dealt, so the lifelinker's controller gains nothing; it ends
// in the cleanup step (514.2).
func TestFogResolvedPrevention(t *testing.T) {
	r, at := play(t, `define Fog = {G} Instant "Prevent all combat damage that would be dealt this turn."
define Leech = {B} Creature — Leech 3/3 "Lifelink"
define Bear = {1}{G} Creature — Bear 2/2
Leech as L
opponent: Bear as B
opponent: cast Fog
attack with L
combat damage
? life
L deals 1 damage to B
? damage B
`)
	if l := life(t, r, at("? life"), Opponent); l != 20 {
		t.Errorf("Fog prevents the combat damage: opponent at %d", l)
	}
	if l := life(t, r, at("? life"), You); l != 20 {
		t.Errorf("no damage dealt, no lifelink: you at %d", l)
	}
	if d := damageOn(t, r, at("? damage B")); d != 1 {
		t.Errorf("noncombat damage is not prevented by Fog: %d", d)
	}
}

// A resolved effect on a target: "Prevent all damage target creature
// would deal this turn" applies to that creature only.
func TestTargetedResolvedPrevention(t *testing.T) {
	r, at := play(t, `define Hush = {W} Instant "Prevent all damage target creature would deal this turn."
define Bear = {1}{G} Creature — Bear 2/2
Bear as A
Bear as C
opponent: cast Hush targeting A
A deals 2 damage to opponent
C deals 2 damage to opponent
? life
`)
	if l := life(t, r, at("? life"), Opponent); l != 18 {
		t.Errorf("only C's damage is dealt: opponent at %d (notes %+v errors %+v)", l, r.Notes, r.Errors)
	}
}

// 701.19a: a regeneration shield from a resolved spell replaces the next
// destruction this turn only.
func TestRegenerationShield(t *testing.T) {
	r, at := play(t, `define Bear = {1}{G} Creature — Bear 2/2
Bear as B
effect "Regenerate target creature." targeting B
B takes 2 damage
? B
B takes 2 damage
? B
`)
	v := r.Results[0].Object
	if v == nil || v.Damage != 0 || !v.Tapped || !hasNote(r, "701.19a", "Bear") {
		t.Fatalf("the shield regenerates the Bear once: %+v notes %+v errors %+v", v, r.Notes, r.Errors)
	}
	if !gone(r, at("? B")+2) {
		t.Errorf("the shield is used up: the second lethal damage destroys it")
	}
}

// 615.7: a shield prevents the next 3 damage, across damage events, and
// then damage is dealt normally.
func TestPreventionShield(t *testing.T) {
	r, at := play(t, `define Ox = {1}{W} Creature — Ox 2/6
define Goblin = {R} Creature — Goblin 2/1
Ox as O
Ox as P
effect "Prevent the next 3 damage that would be dealt to target creature this turn." targeting O
opponent: Goblin as G
G deals 2 damage to O
G deals 2 damage to O
G deals 2 damage to O
G deals 2 damage to P
? damage O
? damage P
`)
	if d := damageOn(t, r, at("? damage O")); d != 3 {
		t.Errorf("6 damage, 3 prevented: %d marked, want 3", d)
	}
	if d := damageOn(t, r, at("? damage P")); d != 2 {
		t.Errorf("the other Ox is not shielded: %d", d)
	}
	if !hasNote(r, "615.7", "Ox (O)") {
		t.Errorf("notes %+v", r.Notes)
	}
}
