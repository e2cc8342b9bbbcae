package engine

import (
	"encoding/json"
	"testing"
)

// The JSON output carries the state-based actions the readable output
// prints: a 0/0 creature is put into its owner's graveyard (704.5f), an
// Aura attached to nothing goes to the graveyard (704.5m), and an
// Equipment attached to a noncreature becomes unattached (704.5n).
func TestJSONCarriesNotes(t *testing.T) {
	r := mustRun(t, `define Husk = Creature — Spirit 0/0
define Rock = Artifact
define Sword = Artifact — Equipment
define Charm = Enchantment — Aura "Enchant creature"
Husk
Rock as R
Sword as S (attached to R)
Charm
`, nil)
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Notes []struct {
			Line int    `json:"line"`
			Rule string `json:"rule"`
			Text string `json:"text"`
		} `json:"notes"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"704.5f": 5, "704.5n": 7, "704.5m": 8}
	got := map[string]int{}
	for _, n := range out.Notes {
		if n.Text == "" {
			t.Errorf("note without text: %+v", n)
		}
		got[n.Rule] = n.Line
	}
	for rule, line := range want {
		if got[rule] != line {
			t.Errorf("JSON notes %+v: want %s after line %d\n%s", out.Notes, rule, line, b)
		}
	}
	if len(out.Notes) != len(r.Notes) {
		t.Errorf("JSON has %d notes, the readable report %d", len(out.Notes), len(r.Notes))
	}
}

// A report with no notes still has the key, as an empty list.
func TestJSONNotesEmptyList(t *testing.T) {
	r := mustRun(t, "define Bear = Creature — Bear 2/2\nBear\n? Bear\n", nil)
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if string(raw["notes"]) != "[]" {
		t.Errorf("notes = %s, want []", raw["notes"])
	}
}
