package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCardJSON(t *testing.T) {
	out, errOut, code := cli(t, "", "card", "--json", "Ensoul Artifact")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v answerJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if !strings.HasPrefix(v.Title, "Ensoul Artifact") || !strings.Contains(v.Title, "{1}{U}") || !strings.Contains(v.Body, "Enchantment — Aura") ||
		!strings.Contains(v.Body, "base power and toughness 5/5") || !v.cites("card", "Ensoul Artifact") {
		t.Errorf("card --json = %+v", v)
	}
}

func TestCardMissExitsOneWithSuggestions(t *testing.T) {
	out, errOut, code := cli(t, "", "card", "Ensol Artefact Thing")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and nothing on stdout", code, out)
	}
	if !strings.Contains(errOut, "Did you mean") || !strings.Contains(errOut, "Ensoul Artifact") {
		t.Errorf("stderr %q lacks the closest name", errOut)
	}
}

func TestCardByForeignNameAndRulings(t *testing.T) {
	out, _, code := cli(t, "", "card", "Artefaktbeseelung")
	if code != 0 || !strings.HasPrefix(out, "Ensoul Artifact  {1}{U}\n") || !strings.Contains(out, "Enchantment — Aura\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = cli(t, "", "rulings", "artisan of forms")
	if code != 0 || strings.Count(out, "\n2013-09-15\n") != 10 {
		t.Errorf("exit %d, want 10 rulings of 2013-09-15:\n%s", code, out)
	}
}

func TestTournamentDocuments(t *testing.T) {
	tests := []struct {
		args []string
		code int
		has  []string
	}{
		{[]string{"ipg", "hce"}, 0, []string{"IPG 2.3 Game Play Error — Hidden Card Error", "Penalty at Competitive REL: Warning\n", "IPG effective 2024-09-23"}},
		// The definition, the penalty and the upgrade come before the
		// examples.
		{[]string{"ipg", "2.1"}, 0, []string{"Missed Trigger", "first time that it would affect the game in a visible fashion.", "Penalty at Competitive REL: No Penalty\nUpgrade: If the triggered ability is usually considered detrimental"}},
		{[]string{"ipg", "missed", "trigger"}, 0, []string{"IPG 2.1"}},
		{[]string{"ipg", "4.8"}, 0, []string{"Cheating", "Penalty at Competitive REL: Disqualification\n"}},
		{[]string{"mtr", "4.2"}, 0, []string{"MTR 4.2 Tournament Shortcuts", "MTR effective 2025-11-10"}},
		{[]string{"mtr", "appendix", "b"}, 0, []string{"Time Limits", "40 minutes"}},
		{[]string{"mtr", "4"}, 0, []string{"4.2 Tournament Shortcuts", "4.9 Day/Night"}},
		{[]string{"mtr"}, 0, []string{"10.4 Pairing Algorithm", "F Rules Enforcement Levels of Programs"}},
		{[]string{"jar"}, 0, []string{"2 Common Issues"}},
		{[]string{"jar", "2.2"}, 0, []string{"Shuffle the card seen"}},
		{[]string{"mtr", "99"}, 1, nil},
		{[]string{"ipg", "xyz"}, 1, nil},
		{[]string{"ask", "[[Ensoul Artifact]]"}, 0, []string{"Ensoul Artifact  {1}{U}", "Ask about it"}},
		// Card names alone: the cards, not rules for a situation not told.
		{[]string{"ask", "[[Ensoul Artifact]] [[Titanic Growth]]"}, 0, []string{"Cards: Ensoul Artifact, Titanic Growth\n", "base power and toughness 5/5", "Target creature gets +4/+4 until end of turn.", "Ask about them"}},
		{[]string{"ask", "IPG", "2.1"}, 0, []string{"IPG 2.1"}},
		{[]string{"ask", "MTR 4.2"}, 0, []string{"Tournament Shortcuts"}},
		{[]string{"ask", "ipg hce"}, 0, []string{"Hidden Card Error"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, code := cli(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			for _, h := range tt.has {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%.600s", h, out)
				}
			}
		})
	}
}

func TestIPGJSON(t *testing.T) {
	out, _, code := cli(t, "", "ipg", "--json", "gpe-mt")
	var v answerJSON
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	// The penalty is stated once, after the definition.
	if !v.cites("ipg", "2.1") || strings.Count(v.Body, "No Penalty") != 1 || !strings.Contains(v.Body, "Penalty at Competitive REL:** No Penalty") || !strings.Contains(v.Footer, "IPG effective 2024-09-23") {
		t.Errorf("got %+v", v)
	}
	for _, f := range v.Fields {
		if strings.Contains(f.Name, "Penalty") {
			t.Errorf("penalty stated twice: field %+v", f)
		}
	}
}

func TestSearchKinds(t *testing.T) {
	out, _, code := cli(t, "", "search", "--json", "--kind", "ipg", "--limit", "1", "forgot a triggered ability")
	var v answerJSON
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || len(v.Citations) != 1 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if !v.cites("ipg", "2.1") {
		t.Errorf("top IPG result %+v, want 2.1 Missed Trigger", v.Citations)
	}
	out, _, _ = cli(t, "", "search", "--json", "--kind", "card,ruling", "--limit", "1", "enchanted artifact is a creature with base power and toughness 5/5")
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Citations) == 0 || v.Citations[0].ID != "Ensoul Artifact" {
		t.Errorf("card search: %s", out)
	}
}
