package engine

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// The grammar has one source, the statement table: the README's block and
// the package documentation show exactly its forms, in its order.
func TestGrammarDocumentsAgree(t *testing.T) {
	want := Grammar()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "<!-- the scenario grammar: engine.Grammar")
	if !ok {
		t.Fatal("README.md has no scenario grammar block")
	}
	_, block, _ := strings.Cut(after, "```text\n")
	block, _, _ = strings.Cut(block, "```")
	if got := strings.Split(strings.TrimSpace(block), "\n"); !slices.Equal(got, want) {
		t.Errorf("README grammar block:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	_, rest, _ := strings.Cut(string(doc), "// # Scenario language")
	for _, l := range strings.Split(rest, "\n") {
		if s, ok := strings.CutPrefix(l, "//\t"); ok {
			got = append(got, s)
		} else if len(got) > 0 {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("doc.go grammar block:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Error messages list every form, "turn REF face up|down" included.
	for _, f := range want {
		if !strings.Contains(grammarHelp, f) {
			t.Errorf("the syntax-error help lacks %q", f)
		}
	}
}

// Each form of the table takes its own lines.
func TestEveryStatementForm(t *testing.T) {
	cases := []struct {
		line string
		kind StmtKind
	}{
		{`define Bear = {1}{G} Creature — Bear 2/2`, StmtDefine},
		{`cast Titanic Growth targeting O`, StmtCast},
		{`opponent: cast Shock targeting O`, StmtCast},
		{`effect "Creatures you control get +1/+1." as A`, StmtEffect},
		{`put 2 +1/+1 counters on O`, StmtPutCounters},
		{`remove one +1/+1 counter from O`, StmtRemoveCounters},
		{`attach Aura to O`, StmtAttach},
		{`tap O`, StmtTap},
		{`untap O`, StmtUntap},
		{`turn O face down`, StmtTurnFace},
		{`end A`, StmtEnd},
		{`? can O attack`, StmtCheck},
		{`? O`, StmtQuery},
		{`opponent gains control of O until end of turn`, StmtControl},
		{`O becomes a copy of P`, StmtCopy},
		{`O leaves the battlefield`, StmtLeaves},
		{`opponent: Ornithopter as O (new, tapped)`, StmtEnter},
	}
	for _, c := range cases {
		st, err := parseStmt(c.line)
		if err != nil || st.Kind != c.kind {
			t.Errorf("%q: kind %v, err %v; want kind %v", c.line, st.Kind, err, c.kind)
		}
	}
	// A line a form takes but cannot read is that form's error.
	for line, want := range map[string]string{
		"put some counters on O": "put N KIND counter(s) on REF",
		"turn O face sideways":   "turn REF face up",
		"? can O dance":          "attack, block, tap or untap",
		"opponent: tap O":        "after \"opponent:\"",
	} {
		if _, err := parseStmt(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one mentioning %q", line, err, want)
		}
	}
}
