package engine

import (
	"strings"
	"testing"
)

func runScenario(t *testing.T, src string) *Report {
	t.Helper()
	s, err := Parse(src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return run(s, nil)
}

func tappedAt(t *testing.T, r *Report, line int) bool {
	t.Helper()
	q := result(t, r, line)
	if q.Object == nil {
		t.Fatalf("line %d: no object", line)
	}
	return q.Object.Tapped
}

// 614.1c, 614.12: replacement effects that modify how a permanent enters.
func TestEntersReplacements(t *testing.T) {
	t.Run("enters tapped with counters: both", func(t *testing.T) {
		// Vivid Crag: "Vivid Crag enters the battlefield tapped with two
		// charge counters on it."
		r := mustRun(t, `define Vivid Crag = Land "Vivid Crag enters the battlefield tapped with two charge counters on it.\n{T}: Add {R}."
Vivid Crag (new)
? Vivid Crag`, nil)
		q := result(t, r, 3)
		if !q.Object.Tapped || q.Object.Counters["charge"] != 2 {
			t.Errorf("want tapped with 2 charge counters, got tapped=%v %v", q.Object.Tapped, q.Object.Counters)
		}
	})
	t.Run("X counters are stated", func(t *testing.T) {
		// 107.3m: X is the value chosen for the spell; the statement says
		// how many it entered with.
		src := `define Rock Hydra = {X}{R}{R}{R} Creature — Hydra 0/0 "Rock Hydra enters the battlefield with X +1/+1 counters on it."
Rock Hydra (3 +1/+1 counters)
? Rock Hydra`
		r := mustRun(t, src, nil)
		if q := result(t, r, 3); ptOf(q.Object) != "3/3" {
			t.Errorf("want 3/3, got %s", ptOf(q.Object))
		}
		// Unstated, the run says so instead of deciding X.
		r = runScenario(t, `define Rock Hydra = {X}{R}{R}{R} Creature — Hydra 0/0 "Rock Hydra enters the battlefield with X +1/+1 counters on it."
Rock Hydra`)
		if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "107.3m") {
			t.Errorf("want one error citing 107.3m, got %+v", r.Errors)
		}
	})
	t.Run("kicked counters are stated", func(t *testing.T) {
		r := runScenario(t, `define Golem = {5} Artifact Creature — Golem 2/4 "Kicker {2}\nIf Golem was kicked, it enters the battlefield with four +1/+1 counters on it."
Golem`)
		if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "702.33") {
			t.Errorf("want one error citing kicker, got %+v", r.Errors)
		}
		r = mustRun(t, `define Golem = {5} Artifact Creature — Golem 2/4 "Kicker {2}\nIf Golem was kicked, it enters the battlefield with four +1/+1 counters on it."
Golem (0 +1/+1 counters)
? Golem`, nil)
		if q := result(t, r, 3); ptOf(q.Object) != "2/4" {
			t.Errorf("not kicked: want 2/4, got %s", ptOf(q.Object))
		}
	})
	t.Run("shock land: the statement says whether it paid", func(t *testing.T) {
		def := `define Blood Crypt = Land — Swamp Mountain "As Blood Crypt enters the battlefield, you may pay 2 life. If you don't, it enters the battlefield tapped."` + "\n"
		r := mustRun(t, def+"Blood Crypt\n? Blood Crypt", nil)
		if tappedAt(t, r, 3) {
			t.Errorf("stated untapped: it is untapped")
		}
		if len(r.Notes) != 1 || r.Notes[0].Rule != "614.12a" || !strings.Contains(r.Notes[0].Text, "pay 2 life") {
			t.Errorf("want a 614.12a note that it paid 2 life, got %+v", r.Notes)
		}
		r = mustRun(t, def+"Blood Crypt (tapped)\n? Blood Crypt", nil)
		if !tappedAt(t, r, 3) || len(r.Notes) != 0 {
			t.Errorf("stated tapped: tapped with no note, got tapped=%v notes %+v", tappedAt(t, r, 3), r.Notes)
		}
		if len(r.Unmodeled) != 0 {
			t.Errorf("both sentences are modelled, got %+v", r.Unmodeled)
		}
	})
	t.Run("if you control two or more other lands, it enters tapped", func(t *testing.T) {
		def := `define Cave = Land "If you control two or more other lands, Cave enters the battlefield tapped.\n{T}: Add {R}."
define Plains = Basic Land — Plains
`
		r := mustRun(t, def+"Plains as P1\nCave (new)\n? Cave", nil)
		if tappedAt(t, r, 5) {
			t.Errorf("one other land: untapped")
		}
		r = mustRun(t, def+"Plains as P1\nPlains as P2\nCave (new)\n? Cave", nil)
		if !tappedAt(t, r, 6) {
			t.Errorf("two other lands: tapped")
		}
	})
}

// 614.1d: "Creatures your opponents control enter the battlefield tapped"
// applies to the opponent's creatures as they enter, not to yours, nor to
// what was already there.
func TestOthersEnterTapped(t *testing.T) {
	r := mustRun(t, `define Urabrask = {4}{R}{R} Legendary Creature — Phyrexian Praetor 4/4 "Creatures your opponents control enter the battlefield tapped."
define Bear = {1}{G} Creature — Bear 2/2
opponent: Bear as Old
Urabrask
Bear as Mine
opponent: Bear as Theirs
? Old
? Mine
? Theirs`, nil)
	if tappedAt(t, r, 7) || tappedAt(t, r, 8) || !tappedAt(t, r, 9) {
		t.Errorf("tapped: old %v, mine %v, theirs %v; want only the opponent's new Bear", tappedAt(t, r, 7), tappedAt(t, r, 8), tappedAt(t, r, 9))
	}
	// Choked Estuary: the reveal is the controller's choice; the statement
	// says whether it entered tapped (614.12a).
	r = mustRun(t, `define Choked Estuary = Land "As Choked Estuary enters the battlefield, you may reveal an Island or Swamp card from your hand. If you don't, Choked Estuary enters the battlefield tapped.\n{T}: Add {U} or {B}."
Choked Estuary (tapped)
? Choked Estuary`, nil)
	if !tappedAt(t, r, 3) || len(r.Unmodeled) != 0 {
		t.Errorf("Choked Estuary: tapped %v, unmodelled %+v", tappedAt(t, r, 3), r.Unmodeled)
	}
}

func TestEntersWithForEach(t *testing.T) {
	// "this turn" is read with its condition, not as a duration.
	s0, _ := Parse(`define Aspirant = {1}{R} Creature — Human Warrior 2/1 "Raid — Aspirant enters the battlefield with a +1/+1 counter on it if you attacked this turn."
Aspirant`)
	if r := run(s0, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "if you attacked") {
		t.Errorf("want one error asking for the counters, got %+v", r.Errors)
	}
	s, _ := Parse(`define Troll = {4}{B}{G} Creature — Skeleton Troll 0/0 "Troll enters the battlefield with a +1/+1 counter on it for each creature card in your graveyard."
Troll`)
	if r := run(s, nil); len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "for each creature card in your graveyard") {
		t.Errorf("want one error asking for the counters, got %+v", r.Errors)
	}
	r := mustRun(t, `define Troll = {4}{B}{G} Creature — Skeleton Troll 0/0 "Troll enters the battlefield with a +1/+1 counter on it for each creature card in your graveyard."
Troll (4 +1/+1 counters)
? Troll`, nil)
	checkWant(t, r, want{line: 3, pt: "4/4"})
}

// A scenario starts in the active player's first main phase (its
// README): a permanent of theirs stated without "new" has been on the
// battlefield since before the turn began, so it untapped during their
// untap step (502.3) however it entered, unless something keeps it from
// untapping; one entering now, or the other player's, is as it entered
// ("enters tapped", 614.1c).
func TestOwnPermanentFromBeforeTheTurnIsUntapped(t *testing.T) {
	const def = `define Grasslands = Land "Grasslands enters the battlefield tapped."
define Leviathan = {5}{U}{U} Creature — Leviathan 10/10 "Leviathan enters the battlefield tapped and doesn't untap during your untap step."
`
	for _, c := range []struct {
		stmt   string
		tapped bool
	}{
		{"Grasslands as G", false},
		{"Grasslands as G (new)", true},
		{"opponent: Grasslands as G", true},
		{"Leviathan as G", true},
	} {
		r := mustRun(t, def+c.stmt+"\n? G", nil)
		if got := tappedAt(t, r, 4); got != c.tapped {
			t.Errorf("%s: tapped %v, want %v", c.stmt, got, c.tapped)
		}
		if noted := hasNote(r, "502.3", "untapped during your untap step"); noted == c.tapped {
			t.Errorf("%s: 502.3 note %v, want %v: %+v", c.stmt, noted, !c.tapped, r.Notes)
		}
	}
}
