package commands_test

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// /ipg infraction: by name or judges' abbreviation, the definition first,
// then the penalty at Competitive REL and the upgrade notes, then the
// rest; at a Regular REL server it says the IPG's penalties do not apply.
func TestIPGInfraction(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	for _, q := range []string{"mt", "missed trigger", "gpe-mt", "2.1"} {
		rep := r.Serve(ctx, commands.Cmd("ipg", "infraction", q))
		if rep.Error || !strings.HasPrefix(rep.Title, "IPG 2.1") {
			t.Errorf("/ipg infraction:%s: %s", q, rep.Title)
			continue
		}
		rep.Body = commands.AllText(r, rep)
		def := strings.Index(rep.Body, "doesn’t demonstrate awareness of the trigger’s existence")
		pen := strings.Index(rep.Body, "**Penalty at Competitive REL:** No Penalty")
		up := strings.Index(rep.Body, "**Upgrade:** If the triggered ability is usually considered detrimental")
		ex := strings.Index(rep.Body, "\nExamples")
		if def < 0 || pen < def || up < pen || (ex >= 0 && ex < up) {
			t.Errorf("/ipg infraction:%s: definition %d, penalty %d, upgrade %d, examples %d", q, def, pen, up, ex)
		}
		if strings.Count(rep.Body, "Upgrade:") != 1 {
			t.Errorf("the upgrade note is repeated in the text")
		}
	}
	// Deck Problem has three upgrades, each its own line.
	rep := r.Serve(ctx, commands.Cmd("ipg", "infraction", "dp"))
	rep.Body = commands.AllText(r, rep)
	if n := strings.Count(rep.Body, "\n**Upgrade:** "); n != 3 {
		t.Errorf("Deck Problem: %d upgrade lines, want 3:\n%s", n, rep.Body)
	}
	// Autocomplete: names and abbreviations.
	for q, want := range map[string]string{"hce": "2.3", "hidden": "2.3", "usc": "4", "slow": "3.3"} {
		req := commands.NewRequest("ipg", "infraction", q)
		req.Kind, req.Focused = commands.KindAutocomplete, "infraction"
		got := r.Serve(ctx, req).Choices
		if len(got) == 0 || got[0].Value != want {
			t.Errorf("autocomplete %q: %+v, want %s first", q, got, want)
		}
	}
	reg := testrouter.With(t, func(d *commands.Deps) { d.Judge.REL = "regular" })
	if rep := reg.Serve(ctx, commands.Cmd("ipg", "infraction", "hce")); !strings.Contains(commands.AllText(reg, rep), "Regular REL, where the IPG's penalties do not apply") {
		t.Errorf("at Regular REL: %s", rep.Body)
	}
}

// At Regular REL the JAR answers a tournament call first; at Competitive
// the IPG does, and the JAR comes after it.
func TestRELOrdersTournamentAnswers(t *testing.T) {
	ctx := context.Background()
	q := "My opponent forgot to shuffle after searching their library for a land in a tournament. What is the penalty?"
	first := func(rel string) string {
		r := testrouter.With(t, func(d *commands.Deps) { d.Judge.REL = rel })
		rep := r.Serve(ctx, commands.NewRequest("ask", "question", q))
		for _, c := range rep.Citations {
			if c.Kind == commands.CiteIPG || c.Kind == commands.CiteJAR || c.Kind == commands.CiteMTR {
				return c.Kind
			}
		}
		return ""
	}
	if got := first("regular"); got != commands.CiteJAR {
		t.Errorf("at Regular REL the first tournament source is %q, want jar", got)
	}
	for _, rel := range []string{"competitive", "professional"} {
		if got := first(rel); got == commands.CiteJAR || got == "" {
			t.Errorf("at %s REL the first tournament source is %q", rel, got)
		}
	}
}

// A tournament call gets no scenario lines to check with the engine: the
// documents decide it, not the board. The same card in a rules question
// gets them.
func TestTournamentCallHasNoSetup(t *testing.T) {
	ctx := context.Background()
	r := testrouter.Full(t)
	engine := func(q string) bool {
		rep := r.Serve(ctx, commands.NewRequest("ask", "question", q))
		return strings.Contains(commands.AllText(r, rep), "Check it with the engine:")
	}
	if !engine("I control Ajani's Pridemate and gain 2 life. Does it get a counter?") {
		t.Fatalf("a rules question naming a creature gets no scenario lines")
	}
	if engine("At a Competitive REL PPTQ my opponent forgot the trigger of his Ajani's Pridemate and then drew for the turn. What is the penalty?") {
		t.Errorf("a tournament call got scenario lines")
	}
}

// A call's own event decides its REL over the server's default, read from
// every program MTR Appendix F charts: a Store Championship is Regular
// (the JAR answers first), Eternal Weekend Competitive (the JAR does not).
func TestCallsProgramDecidesItsREL(t *testing.T) {
	ctx := context.Background()
	call := "my opponent accidentally drew an extra card and had more cards in his hand than he was supposed to. What do we do?"
	first := func(serverREL, q string) string {
		r := testrouter.With(t, func(d *commands.Deps) { d.Judge.REL = serverREL })
		rep := r.Serve(ctx, commands.NewRequest("ask", "question", q))
		for _, c := range rep.Citations {
			if c.Kind == commands.CiteIPG || c.Kind == commands.CiteJAR || c.Kind == commands.CiteMTR {
				return c.Kind
			}
		}
		return ""
	}
	if got := first("competitive", "At our Store Championship "+call); got != commands.CiteJAR {
		t.Errorf("at a Store Championship the first tournament source is %q, want jar", got)
	}
	if got := first("regular", "At Eternal Weekend "+call); got == commands.CiteJAR || got == "" {
		t.Errorf("at Eternal Weekend the first tournament source is %q, want the IPG or MTR", got)
	}
}

// Every infraction's penalty is on the first page of /ipg (the page a
// reference expanded inline in a judge channel shows too), with its
// whole definition still before the examples: a definition longer than a
// page (Missed Trigger's) has the penalty after its first paragraph.
func TestIPGPenaltyOnTheFirstPage(t *testing.T) {
	r := testrouter.With(t, func(*commands.Deps) {})
	ctx := context.Background()
	checked := 0
	// Every section of the IPG as loaded that states a penalty.
	for _, s := range testkb.KB(t).Tourney.Sections(tourney.IPG) {
		if s.Penalty == "" {
			continue
		}
		id := s.Number
		rep := r.Serve(ctx, commands.Cmd("ipg", "infraction", id))
		if rep.Error || !strings.HasPrefix(rep.Title, "IPG "+id+" ") {
			t.Errorf("/ipg %s: %s %s", id, rep.Title, rep.Body)
			continue
		}
		all := commands.AllText(r, rep)
		checked++
		pen := strings.Index(rep.Body, "**Penalty at Competitive REL:**")
		if pen < 0 {
			t.Errorf("IPG %s: the penalty is not on the first page:\n%s", id, rep.Body)
			continue
		}
		if pen > 1000 {
			t.Errorf("IPG %s: the penalty comes %d bytes in", id, pen)
		}
		if ex := strings.Index(all, "\nExamples"); ex >= 0 && ex < strings.Index(all, "**Penalty at Competitive REL:**") {
			t.Errorf("IPG %s: the examples come before the penalty", id)
		}
	}
	if checked < 10 {
		t.Errorf("only %d infractions checked", checked)
	}
}
