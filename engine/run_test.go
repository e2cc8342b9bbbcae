package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// cancellingSource cancels the run's context when the card named at is
// looked up, so a test can stop a run in the middle of a known statement.
type cancellingSource struct {
	MapSource
	at     string
	cancel context.CancelFunc
}

func (c cancellingSource) Card(name string) (CardDef, bool) {
	if strings.EqualFold(name, c.at) {
		c.cancel()
	}
	return c.MapSource.Card(name)
}

func TestRunCancelledBeforeItStarts(t *testing.T) {
	s, err := Parse("define Bear = Creature — Bear 2/2\nBear as B\n? B\n")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, s, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if r == nil || len(r.Results) != 0 {
		t.Fatalf("a run cancelled before it starts answers nothing, got %+v", r)
	}
}

// A run cancelled during a statement returns what the finished statements
// reported and nothing of the statement it was in or of the ones after.
func TestRunStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src := cancellingSource{
		MapSource: NewMapSource(
			CardDef{Name: "Bear", Types: []string{"Creature"}, Power: "2", Toughness: "2"},
			CardDef{Name: "Wall", Types: []string{"Creature"}, Power: "0", Toughness: "0"},
		),
		at: "Wall", cancel: cancel,
	}
	s, err := Parse("Bear as B\n? B\nWall as W\n? W\n? can B attack\n")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(ctx, s, src)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(r.Results) != 1 || r.Results[0].Line != 2 {
		t.Fatalf("want only the answer of line 2, got %+v", r.Results)
	}
	// The Wall (toughness 0) would die by 704.5f after line 3; line 3 did
	// not finish, so nothing of it is reported.
	if len(r.Notes) != 0 || len(r.Errors) != 0 {
		t.Fatalf("the interrupted statement left notes %+v / errors %+v", r.Notes, r.Errors)
	}
}

// The layer loop itself stops on cancellation: a board with many effects
// in one layer is not worked through once the context is done.
func TestLayersStopWhenCancelled(t *testing.T) {
	var b strings.Builder
	b.WriteString("define Bear = Creature — Bear 2/2\nBear as B\n")
	const n = 40
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "effect \"Target creature gets +1/+1 until end of turn\" targeting B\n")
	}
	s, err := Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &game{ctx: ctx, defs: map[string]CardDef{}, comp: newCompiler(), rep: &Report{}, seenUnm: map[string]bool{}}
	for i := range s.Stmts {
		g.ts = max(g.ts+1, s.Stmts[i].Line)
		g.exec(&s.Stmts[i])
	}
	if st := g.compute(false); len(st.trace[0]) != n {
		t.Fatalf("uncancelled: %d trace steps, want %d", len(st.trace[0]), n)
	}
	cancel()
	if st := g.compute(false); len(st.trace[0]) >= n {
		t.Errorf("cancelled: all %d effects were still applied", len(st.trace[0]))
	}
}

// "end NAME" on a named effect or cast card that started no continuous
// effect says why there is nothing to end: its text was not modelled, or it
// was a one-shot effect, which has no duration (610.1); one whose effects
// ended already says so. Only a name nothing used is "no running effect".
func TestEndSaysWhyNothingRuns(t *testing.T) {
	src := `define Bear = Creature — Bear 2/2
define Swerve = {U}{R} Instant "Change the target of target spell with a single target."
Bear as B
Bear as C
effect "Target creature fights another target creature." as F targeting B and C
end F
cast Swerve
end Swerve
effect "Tap target creature." as T targeting B
end T
effect "Target creature gets +1/+1 until end of turn." as P targeting B
end P
end P
end Nope`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	got := map[int]string{}
	for _, e := range r.Errors {
		got[e.Line] += e.Message
	}
	for line, subs := range map[int][]string{
		6:  {"not modelled", "fights", "nothing to end"},
		8:  {"not modelled", "Change the target", "nothing to end"},
		10: {"610.1", "nothing to end"},
		13: {"already ended"},
		14: {`no running effect named "Nope"`},
	} {
		for _, sub := range subs {
			if !strings.Contains(got[line], sub) {
				t.Errorf("line %d: %q, want it to contain %q", line, got[line], sub)
			}
		}
		if line != 14 && strings.Contains(got[line], "no running effect named") {
			t.Errorf("line %d: %q says the effect was not named", line, got[line])
		}
	}
	if got[12] != "" {
		t.Errorf("line 12 ends a running effect: %q", got[12])
	}
}

// "You may have this creature enter as a copy of ..." is a replacement
// effect (614.1c); an object that enters with "(copy of REF)" becomes a copy
// as it enters (707.5), so the sentence was carried out and is not
// unmodelled. An exception about its types is carried out too (707.9b).
// Without the modifier, or with an exception that is not carried out
// ("enters with an additional +1/+1 counter"), it is still reported.
func TestEnterAsCopyIsNotUnmodelled(t *testing.T) {
	src := `define Bear = Creature — Bear 2/2 "Trample"
define Clone = {3}{U} Creature — Shapeshifter 0/0 "You may have Clone enter the battlefield as a copy of any creature on the battlefield."
define Copycat = {3}{U} Creature — Shapeshifter 0/0 "You may have this creature enter as a copy of any creature on the battlefield."
define Shifter = {3}{U}{U} Creature — Shapeshifter 0/0 "You may have this creature enter as a copy of a creature, except it doesn't copy that creature's color."
define Sculptor = {3}{U}{U} Creature — Shapeshifter 0/0 "You may have this creature enter as a copy of a creature you control, except it's an artifact in addition to its other types."
Bear as B
Clone as C (copy of B)
Copycat as K (copy of B)
Shifter as S (copy of B except it doesn't copy that creature's color)
Sculptor as X (copy of B)
Copycat as K2
? C
? K
? X
define Doubler = {3}{U} Creature — Illusion 0/0 "You may have this creature enter as a copy of a creature you control, except it enters with an additional +1/+1 counter on it."
Doubler as D (copy of B)`
	r := mustRun(t, src, nil)
	checkWant(t, r, want{line: 12, pt: "2/2", has: []string{"Trample"}})
	checkWant(t, r, want{line: 13, pt: "2/2", has: []string{"Trample"}})
	checkWant(t, r, want{line: 14, pt: "2/2", types: []string{"Creature", "Artifact"}})
	listed := map[int]bool{}
	for _, u := range r.Unmodeled {
		if strings.Contains(u.Sentence, "as a copy of") {
			listed[u.Line] = true
		}
	}
	for line, want := range map[int]bool{7: false, 8: false, 9: false, 10: false, 11: true, 16: true} {
		if listed[line] != want {
			t.Errorf("line %d: enter-as-a-copy sentence listed as unmodelled = %v, want %v (%+v)", line, listed[line], want, r.Unmodeled)
		}
	}
}
