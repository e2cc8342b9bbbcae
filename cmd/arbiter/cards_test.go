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
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "colors", "rulings"} {
		if _, ok := v[k]; !ok {
			t.Errorf("card --json lacks %q", k)
		}
	}
	if v["name"] != "Ensoul Artifact" || v["mana_cost"] != "{1}{U}" || v["type_line"] != "Enchantment — Aura" {
		t.Errorf("got %v %v %v", v["name"], v["mana_cost"], v["type_line"])
	}
	rulings, _ := v["rulings"].([]any)
	if len(rulings) != 4 {
		t.Fatalf("%d rulings, want 4", len(rulings))
	}
	for _, r := range rulings {
		m := r.(map[string]any)
		if m["date"] != "2014-07-18" || m["text"] == "" || m["refs"] == nil {
			t.Errorf("ruling %v lacks date, text or refs", m)
		}
	}
}

func TestCardMissExitsOneWithSuggestions(t *testing.T) {
	out, errOut, code := cli(t, "", "card", "Ensol Artefact Thing")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and nothing on stdout", code, out)
	}
	if !strings.Contains(errOut, "did you mean") || !strings.Contains(errOut, "Ensoul Artifact") {
		t.Errorf("stderr %q lacks the closest name", errOut)
	}
}

func TestCardByForeignNameAndRulings(t *testing.T) {
	out, _, code := cli(t, "", "card", "Artefaktbeseelung")
	if code != 0 || !strings.HasPrefix(out, "**Ensoul Artifact** {1}{U}\nEnchantment — Aura\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = cli(t, "", "rulings", "artisan of forms")
	if code != 0 || strings.Count(out, "\n• 2013-09-15: ") != 10 {
		t.Errorf("exit %d, want 10 rulings of 2013-09-15:\n%s", code, out)
	}
}

func TestTournamentDocuments(t *testing.T) {
	tests := []struct {
		args []string
		code int
		has  []string
	}{
		{[]string{"ipg", "hce"}, 0, []string{"**IPG 2.3 Game Play Error — Hidden Card Error**", "Penalty: Warning", "effective September 23, 2024"}},
		{[]string{"ipg", "2.1"}, 0, []string{"Missed Trigger", "Penalty: No Penalty"}},
		{[]string{"ipg", "missed", "trigger"}, 0, []string{"IPG 2.1"}},
		{[]string{"ipg", "4.8"}, 0, []string{"Cheating", "Penalty: Disqualification"}},
		{[]string{"mtr", "4.2"}, 0, []string{"**MTR 4.2 Tournament Shortcuts**", "effective November 10, 2025"}},
		{[]string{"mtr", "appendix", "b"}, 0, []string{"Time Limits", "40 minutes"}},
		{[]string{"mtr", "4"}, 0, []string{"MTR 4.2** Tournament Shortcuts", "MTR 4.9** Day/Night"}},
		{[]string{"mtr"}, 0, []string{"MTR 10.4 Pairing Algorithm", "MTR F Rules Enforcement Levels of Programs"}},
		{[]string{"jar"}, 0, []string{"JAR 2 Common Issues", "effective date not stated"}},
		{[]string{"jar", "2.2"}, 0, []string{"Shuffle the card seen"}},
		{[]string{"mtr", "99"}, 1, nil},
		{[]string{"ipg", "xyz"}, 1, nil},
		{[]string{"ask", "[[Ensoul Artifact]]"}, 0, []string{"**Ensoul Artifact**"}},
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
	var v sectionView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	if v.Doc != "ipg" || v.Number != "2.1" || v.Penalty != "No Penalty" || v.EffectiveDate != "2024-09-23" || v.Refs == nil {
		t.Errorf("got %+v", v)
	}
}

func TestSearchKinds(t *testing.T) {
	out, _, code := cli(t, "", "search", "--json", "--kind", "ipg", "--limit", "1", "forgot a triggered ability")
	var v searchView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || len(v.Results) != 1 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if v.Results[0].Kind != "ipg" || v.Results[0].ID != "2.1" {
		t.Errorf("top IPG result %s %s, want 2.1 Missed Trigger", v.Results[0].Kind, v.Results[0].ID)
	}
	out, _, _ = cli(t, "", "search", "--json", "--kind", "card,ruling", "--limit", "1", "enchanted artifact is a creature with base power and toughness 5/5")
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Results) == 0 || v.Results[0].ID != "Ensoul Artifact" {
		t.Errorf("card search: %s", out)
	}
}
