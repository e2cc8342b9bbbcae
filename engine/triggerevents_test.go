package engine

import (
	"slices"
	"testing"
)

// A trigger condition is read up to its comma, and "or whenever" makes
// two; the beginning of a step or phase is a beginning, not the events
// its name holds ("combat").
func TestTriggerEventClasses(t *testing.T) {
	if got := TriggerConditions("At the beginning of your upkeep or whenever you cast a red spell, put a charge counter on ~."); !slices.Equal(got, []string{"At the beginning of your upkeep ", " you cast a red spell"}) {
		t.Errorf("conditions %q", got)
	}
	if ev := TriggerEventClasses("At the beginning of combat on your turn, untap target creature."); ev["combat"] || !ev["beginning"] {
		t.Errorf("beginning of combat: %v", ev)
	}
	if ev := TriggerEventClasses("When ~ is put into a graveyard from anywhere, its owner shuffles their graveyard into their library."); !ev["graveyard"] || ev["leaves"] {
		t.Errorf("put into a graveyard from anywhere: %v", ev)
	}
	if ConditionEventClasses("At end of combat", map[string]bool{}) {
		t.Error("end of combat names no class")
	}
}

// Each trigger event the engine runs (parseTrigger) reads as the class of
// events it belongs to, so that what triggers together (603.3b) is read
// from the same words the engine triggers on.
func TestTriggerKindsReadAsTheirClass(t *testing.T) {
	for _, c := range []struct {
		text  string
		kind  trigKind
		class string
	}{
		{"When ~ enters, you gain 3 life.", tEnters, "enters"},
		{"Whenever another creature you control enters the battlefield, you gain 1 life.", tEnters, "enters"},
		{"When ~ dies, draw a card.", tDies, "leaves"},
		{"Whenever a creature you control is put into a graveyard from the battlefield, you gain 1 life.", tDies, "leaves"},
		{"When ~ leaves the battlefield, draw a card.", tLeaves, "leaves"},
		{"Whenever ~ attacks, it gets +1/+0 until end of turn.", tAttacks, "combat"},
		{"Whenever ~ blocks, it gets +0/+2 until end of turn.", tBlocks, "combat"},
		{"Whenever ~ attacks or blocks, it gets +1/+1 until end of turn.", tAttacksOrBlocks, "combat"},
		{"Whenever ~ becomes blocked, it gets +2/+2 until end of turn.", tBecomesBlocked, "combat"},
		{"Whenever ~ attacks and isn't blocked, draw a card.", tUnblocked, "combat"},
		{"Whenever ~ deals combat damage to a player, draw a card.", tCombatDamagePlayer, "combat-damage"},
		{"Whenever ~ deals combat damage, you gain that much life.", tCombatDamage, "combat-damage"},
		{"Whenever ~ deals damage, you gain 1 life.", tDealsDamage, "damage"},
		{"Whenever ~ deals damage to an opponent, draw a card.", tDealsDamagePlayer, "damage"},
		{"At the beginning of your upkeep, you lose 1 life.", tUpkeep, "beginning"},
		{"At the beginning of each end step, draw a card.", tEndStep, "beginning"},
		{"At the beginning of combat on your turn, put a +1/+1 counter on ~.", tBeginCombat, "beginning"},
		{"Whenever you gain life, put a +1/+1 counter on ~.", tGainLife, "life"},
	} {
		spec := parseTrigger(c.text, "")
		if spec == nil || spec.kind != c.kind {
			t.Errorf("%q: the engine reads %+v, want kind %d", c.text, spec, c.kind)
			continue
		}
		if ev := TriggerEventClasses(c.text); !ev[c.class] {
			t.Errorf("%q: classes %v, want %s", c.text, ev, c.class)
		}
	}
}
