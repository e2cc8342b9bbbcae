package engine

import (
	"encoding/json"
	"fmt"
	"strings"
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

// "? can O tap" on a creature that came under your control this turn has
// two readings. 302.6 forbids activating its own {T} abilities; it can
// still be tapped to pay another cost, such as convoke (702.51a: tap an
// untapped creature you control rather than pay mana) or crew (702.122a:
// tap other untapped creatures you control). With no {T} ability the answer
// is yes, to pay such a cost; with one, no for that ability, yes for the
// other costs. Both readings are in the answer.
func TestCanTapSummoningSick(t *testing.T) {
	r := mustRun(t, `define Bear = {1}{G} Creature — Bear 2/2
define Elf = {G} Creature — Elf Druid 1/1 "{T}: Add {G}."
Bear as B (new)
Elf as E (new)
? can B tap
? can E tap`, nil)
	rulesOf := func(q QueryResult) map[string]string {
		m := map[string]string{}
		for _, rs := range q.Reasons {
			m[rs.Rule] = rs.Text
		}
		return m
	}
	b := result(t, r, 5)
	if !b.Answer {
		t.Errorf("a creature with no {T} ability can be tapped for convoke or crew: %+v", b)
	}
	for _, rule := range []string{"702.51a", "702.122a", "302.6"} {
		if rulesOf(b)[rule] == "" {
			t.Errorf("line 5 lacks %s: %+v", rule, b.Reasons)
		}
	}
	for _, sub := range []string{"convoke", "crew", "no {T} ability"} {
		if !strings.Contains(b.Summary, sub) {
			t.Errorf("line 5 summary %q lacks %q", b.Summary, sub)
		}
	}
	e := result(t, r, 6)
	if e.Answer {
		t.Errorf("its own {T} ability can't be activated (302.6): %+v", e)
	}
	if !strings.Contains(rulesOf(e)["302.6"], "{T}: Add {G}.") || rulesOf(e)["702.51a"] == "" {
		t.Errorf("line 6 should name the {T} ability under 302.6 and give convoke: %+v", e.Reasons)
	}
	for _, sub := range []string{"No", "{T} abilities", "convoke"} {
		if !strings.Contains(e.Summary, sub) {
			t.Errorf("line 6 summary %q lacks %q", e.Summary, sub)
		}
	}
	text := r.Text()
	if !strings.Contains(text, "Line 5: ? can B tap\nYes, to pay a cost such as convoke or crew.") {
		t.Errorf("the readable answer should lead with both readings:\n%s", text)
	}
}

// The scenario is your turn: you are the active, attacking player and the
// opponent is the defending player (506.2); only the defending player
// declares blockers (509.1a). So the opponent's creature can block now,
// and yours could block only on an opponent's turn: the answer says which.
func TestCanBlockSaysWhoseTurn(t *testing.T) {
	r := mustRun(t, `define Bear = {1}{G} Creature — Bear 2/2
Bear as Mine
opponent: Bear as Theirs
Bear as Tired (tapped)
? can Mine block
? can Theirs block
? can Tired block`, nil)
	has := func(q QueryResult, rule, sub string) bool {
		for _, rs := range q.Reasons {
			if rs.Rule == rule && strings.Contains(rs.Text, sub) {
				return true
			}
		}
		return false
	}
	for _, q := range r.Results {
		for _, rs := range q.Reasons {
			if strings.Contains(rs.Text, "you are the defending player") && !strings.Contains(rs.Text, "opponent's turn") {
				t.Errorf("line %d says you are the defending player on your own turn: %q", q.Line, rs.Text)
			}
		}
		if q.Line != 6 && strings.Contains(q.Summary+fmt.Sprint(q.Reasons), "its controller, as the defending player") {
			t.Errorf("line %d: %+v", q.Line, q)
		}
	}
	mine := result(t, r, 5)
	if !mine.Answer || !strings.Contains(mine.Summary, "opponent's turn") || !strings.Contains(mine.Summary, "not on this turn") {
		t.Errorf("your untapped creature could block on an opponent's turn, not on yours, and the answer should say so: %+v", mine)
	}
	if !has(mine, "506.2", "your turn") || !has(mine, "509.1a", "opponent's turn") {
		t.Errorf("line 5 reasons: %+v", mine.Reasons)
	}
	theirs := result(t, r, 6)
	if !theirs.Answer || !has(theirs, "509.1a", "defending player") || theirs.Summary != "" {
		t.Errorf("the opponent is the defending player on your turn: %+v", theirs)
	}
	tired := result(t, r, 7)
	if tired.Answer || !has(tired, "509.1a", "untapped") || !has(tired, "506.2", "your turn") {
		t.Errorf("a tapped creature can't block (509.1a), and this is your turn (506.2): %+v", tired)
	}
}

// The brief answer leaves out the turn's steps in which nothing happened
// (the whole report keeps them), so that what happened in a combat on
// the next turn is in sight.
func TestBriefLeavesOutRoutineSteps(t *testing.T) {
	r := mustRun(t, `define Bear = {1}{G} green Creature — Bear 2/2
define Rats = {B} black Creature — Rat 1/1 "Deathtouch"
Bear as B
opponent: Rats as R
next turn
attack with R
block R with B
combat damage`, nil)
	brief := strings.Join(r.Brief(), "\n")
	if strings.Contains(brief, "step begins") || strings.Contains(brief, "untaps 0 permanents") {
		t.Errorf("brief holds routine steps:\n%s", brief)
	}
	if !strings.Contains(brief, "509.1a") || !strings.Contains(brief, "704.5h") {
		t.Errorf("brief lost the combat:\n%s", brief)
	}
	if !hasNote(r, "513.1", "the end step begins") {
		t.Errorf("the report lost the steps: %+v", r.Notes)
	}
}
