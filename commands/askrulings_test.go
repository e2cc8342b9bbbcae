package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/session"
)

// stubAsker answers every question with the same answer.
type stubAsker Asked

func (s stubAsker) Ask(string) Asked { return Asked(s) }

// A ruling published alike on two of the cards a question names (Humility
// and Opalescence share their timestamp rulings) is quoted once, under
// both names, and still counts once toward the rulings an answer quotes.
func TestAskQuotesASharedRulingOnce(t *testing.T) {
	shared := "With a Humility and two Opalescences on the battlefield, if Humility has the latest timestamp, then all creatures are 1/1 with no abilities."
	ans := Asked{
		Cards:   []string{"Humility", "Opalescence"},
		Sources: []SearchHit{{Kind: CiteCR, ID: "613.1d"}},
		Rulings: []AskedRuling{
			{Card: "Humility", CardRuling: CardRuling{Date: "2006-02-01", Text: shared}},
			{Card: "Opalescence", CardRuling: CardRuling{Date: "2006-02-01", Text: shared}},
			{Card: "Humility", CardRuling: CardRuling{Date: "2007-02-01", Text: "Removes all creature abilities."}},
			{Card: "Opalescence", CardRuling: CardRuling{Date: "2009-10-01", Text: "The type-changing effect applies at layer 4."}},
		},
	}
	r := newRouter(t, Deps{Store: session.NewMemory(), Ask: stubAsker(ans)})
	rep := r.Handle(context.Background(), cmd("ask", "question", "Humility and Opalescence: who is 4/4?"))
	var names []string
	for _, f := range rep.Fields {
		if strings.HasPrefix(f.Name, "Ruling on ") {
			names = append(names, f.Name)
		}
	}
	want := []string{"Ruling on Humility and Opalescence (2006-02-01)", "Ruling on Humility (2007-02-01)", "Ruling on Opalescence (2009-10-01)"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("ruling fields %q, want %q", names, want)
	}
}
