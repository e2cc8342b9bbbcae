package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestParseStatements(t *testing.T) {
	src := `# comment line
define Gray Ogre = {2}{R} Creature — Ogre 2/2   # trailing comment
define Humility = {2}{W}{W} Enchantment "All creatures lose all abilities and have base power and toughness 1/1."
define Soldier = white Creature - Soldier 1/1
define Flyer = {U} Creature — Bird 1/1 "Flying\nVigilance"
Ornithopter as O (new, 2 +1/+1 counters)
opponent: Llanowar Elves
you: Gray Ogre as G (token, tapped, face down, attached to O, copy of O)
cast Titanic Growth targeting O and G
effect "Target creature gets +1/+1 until end of turn" as Pump targeting O
put 2 -1/-1 counters on O
remove one +1/+1 counter from O
G becomes a copy of O, except it has this ability
you gains control of G
opponent gain control of O as Steal
attach G to O
tap O
untap O
end Pump
O leaves the battlefield
? O
? can O attack
? can G untap`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []StmtKind{StmtDefine, StmtDefine, StmtDefine, StmtDefine, StmtEnter, StmtEnter, StmtEnter, StmtCast, StmtEffect,
		StmtPutCounters, StmtRemoveCounters, StmtCopy, StmtControl, StmtControl, StmtAttach, StmtTap, StmtUntap, StmtEnd,
		StmtLeaves, StmtQuery, StmtCheck, StmtCheck}
	if len(s.Stmts) != len(kinds) {
		t.Fatalf("got %d statements, want %d", len(s.Stmts), len(kinds))
	}
	for i, k := range kinds {
		if s.Stmts[i].Kind != k {
			t.Errorf("statement %d (line %d %q): kind %d, want %d", i, s.Stmts[i].Line, s.Stmts[i].Src, s.Stmts[i].Kind, k)
		}
	}
	ogre := s.Stmts[0].Def
	if ogre.ManaCost != "{2}{R}" || strings.Join(ogre.Types, ",") != "Creature" || strings.Join(ogre.Subtypes, ",") != "Ogre" ||
		ogre.Power != "2" || ogre.Toughness != "2" || strings.Join(ogre.Colors, "") != "R" {
		t.Errorf("Gray Ogre parsed as %+v", ogre)
	}
	if s.Stmts[1].Def.Text != "All creatures lose all abilities and have base power and toughness 1/1." {
		t.Errorf("Humility text %q", s.Stmts[1].Def.Text)
	}
	if sol := s.Stmts[2].Def; strings.Join(sol.Colors, "") != "W" || strings.Join(sol.Subtypes, ",") != "Soldier" {
		t.Errorf("Soldier (color indicator, ASCII dash) parsed as %+v", sol)
	}
	if s.Stmts[3].Def.Text != "Flying\nVigilance" {
		t.Errorf("\\n in rules text not decoded: %q", s.Stmts[3].Def.Text)
	}
	o := s.Stmts[4]
	if o.Card != "Ornithopter" || o.Alias != "O" || !o.Mods.New || len(o.Mods.Counters) != 1 || o.Mods.Counters[0] != (CounterMod{2, "+1/+1"}) {
		t.Errorf("entering Ornithopter parsed as %+v", o)
	}
	if s.Stmts[5].Player != Opponent || s.Stmts[5].Card != "Llanowar Elves" {
		t.Errorf("opponent: prefix parsed as %+v", s.Stmts[5])
	}
	g := s.Stmts[6].Mods
	if !g.Token || !g.Tapped || !g.FaceDown || g.AttachedTo != "O" || g.CopyOf != "O" {
		t.Errorf("modifiers parsed as %+v", g)
	}
	if strings.Join(s.Stmts[7].Targets, "|") != "O|G" {
		t.Errorf("targets %q", s.Stmts[7].Targets)
	}
	if e := s.Stmts[8]; e.Alias != "Pump" || e.Text != "Target creature gets +1/+1 until end of turn" || e.Targets[0] != "O" {
		t.Errorf("effect parsed as %+v", e)
	}
	if c := s.Stmts[9]; c.N != 2 || c.Counter != "-1/-1" || c.Ref != "O" {
		t.Errorf("put parsed as %+v", c)
	}
	if c := s.Stmts[10]; c.N != 1 || c.Counter != "+1/+1" {
		t.Errorf("remove parsed as %+v", c)
	}
	if c := s.Stmts[11]; c.Ref != "G" || c.Ref2 != "O" || !c.Except {
		t.Errorf("copy parsed as %+v", c)
	}
	if c := s.Stmts[13]; c.Player != Opponent || c.Ref != "O" || c.Alias != "Steal" {
		t.Errorf("control parsed as %+v", c)
	}
	if c := s.Stmts[20]; c.Ref != "O" || c.Check != "attack" || s.Stmts[20].Line != 22 {
		t.Errorf("check parsed as %+v", c)
	}
}

// Syntax errors carry the line and say what was expected.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		src      string
		line     int
		contains string
	}{
		{"Ornithopter\ndefine Ogre {2}{R} Creature 2/2", 2, `expected "="`},
		{"define Ogre = {2}{R} 2/2", 1, "expected a type line"},
		{"define Ogre = {2}{R} Creture — Ogre 2/2", 1, `unknown card type "Creture"`},
		{"define Ogre = {2}{R} Creature — Ogre", 1, "expected power/toughness"},
		{`define Ogre = Creature — Ogre 2/2 "Flying`, 1, "closing"},
		{"\n\nput two on O", 3, "put N KIND counter(s) on REF"},
		{"remove 1 +1/+1 counter on O", 1, "remove N KIND counter(s) from REF"},
		{"effect Target creature gets +1/+1", 1, "in double quotes"},
		{`effect "x" targeting`, 1, "unexpected"},
		{"?", 1, "expected a reference"},
		{"? can O fly", 1, "expected attack, block, tap or untap"},
		{"Ornithopter (new, shiny)", 1, `unknown modifier "shiny"`},
		{"Ornithopter (new", 1, `expected ")"`},
		{"attach O", 1, "attach REF to REF"},
		{"cast targeting O", 1, "card name"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			_, err := Parse(c.src)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyntaxError", err)
			}
			if se.Line != c.line || !strings.Contains(se.Msg, c.contains) {
				t.Errorf("got line %d %q, want line %d containing %q", se.Line, se.Msg, c.line, c.contains)
			}
			if !strings.HasPrefix(se.Error(), "line ") {
				t.Errorf("Error() = %q", se.Error())
			}
		})
	}
}

// Run-time problems are errors in the report, with suggestions, and the run
// goes on.
func TestRunErrors(t *testing.T) {
	src := `Ornithopter
Ornithopter
? Ornithopter
Ornithoptr
cast Titanic Growth
? Nothing
O leaves the battlefield
end Nope
cast Titanic Growth targeting Ornithopter`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, testCards(t))
	want := map[int]string{3: "ambiguous", 4: "did you mean Ornithopter", 5: "needs a target", 6: `no object "Nothing"`, 7: `no object "O"`, 8: `no running effect named "Nope"`, 9: "ambiguous"}
	got := map[int]string{}
	for _, e := range r.Errors {
		got[e.Line] = e.Message
	}
	for line, sub := range want {
		if !strings.Contains(got[line], sub) {
			t.Errorf("line %d: error %q, want one containing %q", line, got[line], sub)
		}
	}
	if len(r.Errors) != len(want) {
		t.Errorf("got %d errors, want %d: %+v", len(r.Errors), len(want), r.Errors)
	}
}

// Text the compiler cannot model is reported with line, source and
// sentence, never dropped; what it can model still applies.
func TestUnmodeledIsReported(t *testing.T) {
	src := `define Odd = {1}{G} Creature — Elf 2/2 "Flying\nWhenever this creature attacks, create a 1/1 green Saproling creature token.\nThis creature gets +1/+1 for each experience counter you have.\n{T}: Add {G}."
Odd
effect "Target creature gets +1/+1 until end of turn. Then it fights target creature you don't control." targeting Odd
? Odd`
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 4, pt: "3/3", has: []string{"Flying", "{T}: Add {G}."}})
	want := []Unmodeled{
		{2, "Odd", "Whenever this creature attacks, create a 1/1 green Saproling creature token. [triggered ability: it triggers and goes on the stack, but this part of its effect is not modelled: create a 1/1 green saproling creature token]"},
		{2, "Odd", "This creature gets +1/+1 for each experience counter you have"},
		{3, "effect (line 3)", "Then it fights target creature you don't control"},
	}
	if len(r.Unmodeled) != len(want) {
		t.Fatalf("unmodeled = %+v, want %+v", r.Unmodeled, want)
	}
	for i := range want {
		if r.Unmodeled[i] != want[i] {
			t.Errorf("unmodeled[%d] = %+v, want %+v", i, r.Unmodeled[i], want[i])
		}
	}
}

// Phones type curly quotes and people end questions with "?".
func TestParseFriendlyInput(t *testing.T) {
	src := "define Bear = {1}{G} Creature — Bear 2/2 “Trample”\nBear\neffect “Target creature gets +1/+1 until end of turn” targeting Bear # pump\n? can Bear attack?\n? Bear?"
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if s.Stmts[0].Def.Text != "Trample" || s.Stmts[2].Text != "Target creature gets +1/+1 until end of turn" ||
		s.Stmts[3].Kind != StmtCheck || s.Stmts[3].Check != "attack" || s.Stmts[4].Ref != "Bear" {
		t.Fatalf("parsed %+v", s.Stmts)
	}
	r := run(s, nil)
	checkWant(t, r, want{line: 5, pt: "3/3", has: []string{"Trample"}})
}

func TestParseControlUntilEndOfTurn(t *testing.T) {
	s, err := Parse("opponent gains control of Bear until end of turn as Steal")
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Stmts[0]; st.Kind != StmtControl || st.Ref != "Bear" || st.Alias != "Steal" || st.Player != Opponent {
		t.Fatalf("parsed %+v", st)
	}
}

// "cast CARD" takes no alias: "cast Giant Growth as G" says so and what is
// expected instead of looking for a card named "Giant Growth as G"; a card
// whose name has "as" in it (Fight as One) is still cast.
func TestCastTakesNoAlias(t *testing.T) {
	src := `define Giant Growth = {G} Instant "Target creature gets +3/+3 until end of turn."
define Fight as One = {W} Instant "Target creature gets +1/+1 until end of turn."
define Pacifism = {1}{W} Enchantment — Aura "Enchant creature"
define Bear = Creature — Bear 2/2
Bear as B
cast Giant Growth as G targeting B
cast Pacifism as P targeting B
cast Fight as One targeting B
cast Nothing as N
? B`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	got := map[int][]string{}
	for _, e := range r.Errors {
		got[e.Line] = append(got[e.Line], e.Message)
	}
	for _, line := range []int{6, 7, 9} {
		if len(got[line]) == 0 || !strings.Contains(got[line][0], `"cast" takes no alias`) || !strings.Contains(got[line][0], "expected cast CARD") {
			t.Errorf("line %d: errors %q, want one saying cast takes no alias and what is expected", line, got[line])
		}
		for _, m := range got[line] {
			if strings.Contains(m, " as ") && strings.Contains(m, "unknown card") {
				t.Errorf("line %d: %q looks for a card named with the alias", line, m)
			}
		}
	}
	if !strings.Contains(got[6][0], `"end Giant Growth"`) {
		t.Errorf("line 6: %q should say how its effects end", got[6][0])
	}
	if !strings.Contains(got[7][0], `"Pacifism as ALIAS`) {
		t.Errorf("line 7: %q should say how a permanent gets an alias", got[7][0])
	}
	if len(got[9]) != 2 || !strings.Contains(got[9][1], `unknown card "Nothing"`) {
		t.Errorf("line 9: %q, want the alias error and unknown card \"Nothing\"", got[9])
	}
	if len(got[8]) != 0 {
		t.Errorf("line 8 (Fight as One is a card): %q", got[8])
	}
	// Only Fight as One resolved: +1/+1 (Giant Growth and Pacifism were not cast).
	checkWant(t, r, want{line: 10, pt: "3/3"})
}

// A card whose name has " as " in it (Iname as One) enters by its whole
// name, even when the part before " as " is a card too; with an alias after
// it, the last " as " starts the alias.
func TestEnterCardNamedWithAs(t *testing.T) {
	r := mustRun(t, `define Iname as One = {8} Legendary Creature — Spirit 8/8
define Iname = {1} Creature — Spirit 1/1
Iname as One
? Iname as One
Iname as One as I
? I
Iname as X
? X`, nil)
	for line, name := range map[int]string{4: "Iname as One", 6: "Iname as One", 8: "Iname"} {
		if got := result(t, r, line).Object.Name; got != name {
			t.Errorf("line %d: %q, want %q", line, got, name)
		}
	}
}
