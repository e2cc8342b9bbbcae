package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Mana value per 202.3: generic counts its number, X is 0 off the stack
// (202.3e), a hybrid symbol counts its largest part (202.3f), Phyrexian
// counts 1 (202.3g), no mana cost is 0 (202.3a).
func TestManaValue(t *testing.T) {
	for cost, want := range map[string]int{
		"": 0, "{0}": 0, "{2}{W}{W}": 4, "{X}{R}": 1, "{X}{X}{G}": 1, "{2/W}{2/W}": 4,
		"{W/U}{B/G}": 2, "{B/P}": 1, "{10}": 10, "{C}{U}": 2,
	} {
		if got := manaValue(cost); got != want {
			t.Errorf("manaValue(%q) = %d, want %d", cost, got, want)
		}
	}
}

// Colors come from colored mana symbols (202.2), hybrid halves included.
func TestColorsOfCost(t *testing.T) {
	for cost, want := range map[string]string{
		"{2}{R}": "R", "{W/U}": "WU", "{G}{W}": "WG", "{3}": "", "{B/P}{2/R}": "BR",
	} {
		if got := strings.Join(ColorsOfCost(cost), ""); got != want {
			t.Errorf("ColorsOfCost(%q) = %q, want %q", cost, got, want)
		}
	}
}

// The JSON reads back into a Report with the same content (clients of
// --json can decode both result shapes).
func TestReportJSONRoundTrip(t *testing.T) {
	r := mustRun(t, "define Bear = {1}{G} Creature — Bear 2/2\nBear (new)\n? Bear\n? can Bear attack", nil)
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Results, back.Results) {
		t.Errorf("round trip changed results:\n%+v\n%+v", r.Results, back.Results)
	}
	if !reflect.DeepEqual(r.Notes, back.Notes) {
		t.Errorf("round trip changed notes:\n%+v\n%+v", r.Notes, back.Notes)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	keys := []string{}
	for k := range raw {
		keys = append(keys, k)
	}
	sortStrings(keys)
	if strings.Join(keys, ",") != "errors,notes,results,unmodeled" {
		t.Errorf("top-level keys %v", keys)
	}
	check := raw["results"].([]any)[1].(map[string]any)
	if check["answer"] != false || check["query"] != "can Bear attack" {
		t.Errorf("check result %v", check)
	}
	obj := raw["results"].([]any)[0].(map[string]any)["object"].(map[string]any)
	for _, k := range []string{"name", "controller", "owner", "token", "tapped", "supertypes", "types", "subtypes", "colors", "abilities", "power", "toughness", "counters"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("object lacks %q: %v", k, obj)
		}
	}
	if len(obj) != 13 {
		t.Errorf("object has %d keys, want 13: %v", len(obj), obj)
	}
}
