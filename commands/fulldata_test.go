package commands_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/wire"
)

func TestLookupsOverTheFullData(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		req   commands.Request
		title string
		has   []string
		cites []string // citations that must be present (kind:id)
	}{
		{"card by name", commands.Cmd("card", "name", "ornithopter"), "Ornithopter  {0}", []string{"Artifact Creature — Thopter", "Flying", "0/2"}, []string{"card:Ornithopter"}},
		// Foreign names find the English card (MTGJSON foreignData).
		{"card by German name", commands.Cmd("card", "name", "Artefaktbeseelung"), "Ensoul Artifact  {1}{U}", []string{"base power and toughness 5/5"}, nil},
		// The Ensoul Artifact ruling on attacking (M15, 2014-07-18).
		{"rulings", commands.Cmd("rulings", "name", "Ensoul Artifact"), "Rulings: Ensoul Artifact", []string{"2014-07-18", "under your control continuously since the turn began"}, []string{"ruling:Ensoul Artifact"}},
		{"mtr section", commands.Cmd("mtr", "section", "4.2"), "MTR 4.2 Tournament Shortcuts", []string{"tournament shortcut"}, []string{"mtr:4.2"}},
		// Judges write "hce" for Hidden Card Error.
		{"ipg abbreviation", commands.Cmd("ipg", "section", "hce"), "IPG 2.3 Game Play Error — Hidden Card Error", []string{"Warning"}, []string{"ipg:2.3"}},
		// A title typed with a typo that fits one title only.
		{"ipg title with a typo", commands.Cmd("ipg", "section", "missed triger"), "IPG 2.1 Game Play Error — Missed Trigger", []string{"No Penalty"}, []string{"ipg:2.1"}},
		{"ipg title with typos", commands.Cmd("ipg", "section", "hiden card eror"), "IPG 2.3 Game Play Error — Hidden Card Error", nil, []string{"ipg:2.3"}},
		{"jar", commands.Cmd("jar"), "JAR Judging at Regular REL", nil, nil},
		{"search", commands.Cmd("search", "query", "can my creature attack the turn I played it"), "Search: can my creature attack the turn I played it", []string{"Rule 302.6"}, []string{"cr:302.6"}},
		{"search by kind", commands.Cmd("search", "query", "hidden card", "kind", "ipg"), "Search: hidden card", []string{"IPG 2.3 Game Play Error — Hidden Card Error"}, nil},
		{"define by prefix", commands.Cmd("define", "term", "summoning"), "Summoning Sickness Rule", []string{"302.6"}, []string{"cr:302.6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := r.Handle(ctx, tc.req)
			if rep.Error {
				t.Fatalf("error reply: %s", rep.Body)
			}
			if rep.Title != tc.title {
				t.Errorf("title %q, want %q", rep.Title, tc.title)
			}
			text := commands.AllText(r, rep)
			for _, h := range tc.has {
				if !strings.Contains(text, h) {
					t.Errorf("answer lacks %q", h)
				}
			}
			if strings.Contains(text, "IPG 2.3 IPG") || strings.Contains(text, "MTR 4.2 MTR") {
				t.Errorf("section named twice:\n%s", text)
			}
			var cites []string
			for _, c := range rep.Citations {
				cites = append(cites, c.Kind+":"+c.ID)
			}
			for _, c := range tc.cites {
				if !slices.Contains(cites, c) {
					t.Errorf("citations %v lack %s", cites, c)
				}
			}
			commands.CheckCitations(t, testkb.KB(t).CR, rep)
		})
	}
}

// A section a document lacks is refused with the document's full name:
// "Judging at Regular REL", not "The Judging at Regular".
func TestMissingDocumentSectionNamesTheDocument(t *testing.T) {
	r := testrouter.Full(t)
	for _, tc := range []struct{ doc, want string }{
		{"jar", "The Judging at Regular REL has no section \"99\"."},
		{"mtr", "The Magic Tournament Rules has no section \"99.9\"."},
	} {
		q := "99"
		if tc.doc == "mtr" {
			q = "99.9"
		}
		rep := r.Handle(context.Background(), commands.Cmd(tc.doc, "section", q))
		if !rep.Error || !strings.Contains(rep.Body, tc.want) {
			t.Errorf("/%s section:%s: %q, want %q", tc.doc, q, rep.Body, tc.want)
		}
	}
}

func TestFindRulesOnAMessage(t *testing.T) {
	r := testrouter.Full(t)
	req := commands.Request{Kind: commands.KindCommand, Command: commands.FindRules, UserID: "u1", ChannelID: "c1",
		TargetText: "@everyone can my creature attack the turn I played it?"}
	rep := r.Handle(context.Background(), req)
	if rep.Error || len(rep.Citations) == 0 || rep.Citations[0].ID != "302.6" {
		t.Fatalf("Find rules: %+v", rep)
	}
	for _, c := range rep.Citations {
		if c.Kind != commands.CiteCR && c.Kind != commands.CiteGlossary {
			t.Errorf("Find rules searches rules and glossary only, got %s:%s", c.Kind, c.ID)
		}
	}
	commands.CheckCitations(t, testkb.KB(t).CR, rep)
	empty := r.Handle(context.Background(), commands.Request{Kind: commands.KindCommand, Command: commands.FindRules, TargetText: "  "})
	if !empty.Error || !empty.Ephemeral {
		t.Errorf("empty message: %+v", empty)
	}
}

func TestCardMissSuggests(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("card", "name", "Ornithoptr"))
	// A one-letter typo is found outright or suggested.
	if rep.Error && !strings.Contains(rep.Body, "Ornithopter") {
		t.Errorf("typo: %+v", rep)
	}
	miss := r.Handle(context.Background(), commands.Cmd("card", "name", "Qqqqzzzz Xyxyxy"))
	if !miss.Error || !miss.Ephemeral || !strings.Contains(miss.Body, "Try: `/card name:") {
		t.Errorf("miss: %+v", miss)
	}
}

func TestAutocompleteOverTheFullData(t *testing.T) {
	r := testrouter.Full(t)
	ac := func(command, option, typed string) []string {
		req := commands.Cmd(command, option, typed)
		req.Kind, req.Focused = commands.KindAutocomplete, option
		var v []string
		for _, c := range r.Autocomplete(context.Background(), req) {
			v = append(v, c.Value)
		}
		if len(v) > commands.MaxChoices {
			t.Errorf("%s %q: %d choices", command, typed, len(v))
		}
		return v
	}
	if v := ac("card", "name", "orni"); len(v) == 0 || v[0] != "Ornithopter" {
		t.Errorf("card orni: %v", v)
	}
	if v := ac("rulings", "name", "ensoul"); !slices.Contains(v, "Ensoul Artifact") {
		t.Errorf("rulings ensoul: %v", v)
	}
	if v := ac("ipg", "section", "hce"); len(v) == 0 || v[0] != "2.3" {
		t.Errorf("ipg hce: %v", v)
	}
	if v := ac("mtr", "section", "4."); !slices.Contains(v, "4.2") {
		t.Errorf("mtr 4.: %v", v)
	}
	if v := ac("define", "term", "summ"); !slices.Contains(v, "Summoning Sickness Rule") {
		t.Errorf("define summ: %v", v)
	}
}

// TestScenarioWithTheEngine runs the Ensoul Artifact ruling (M15,
// 2014-07-18) through /scenario with the real engine: "The resulting
// artifact creature will be able to attack on your turn if it's been under
// your control continuously since the turn began. That is, it doesn't
// matter how long it's been a creature, just how long it's been on the
// battlefield." An Ornithopter that arrived this turn cannot (302.6).
func TestScenarioWithTheEngine(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	add := func(ch, line string) commands.Reply {
		req := commands.Scen("add", "u1", "line", line)
		req.ChannelID = ch
		return r.Handle(ctx, req)
	}
	add("old", "Ornithopter as O")
	add("old", "cast Ensoul Artifact targeting O")
	old := add("old", "? can O attack")
	add("new", "Ornithopter as O (new)")
	add("new", "cast Ensoul Artifact targeting O")
	fresh := add("new", "? can O attack")
	for _, rep := range []commands.Reply{old, fresh} {
		if rep.Error {
			t.Fatalf("scenario error: %s", rep.Body)
		}
		commands.CheckCitations(t, testkb.KB(t).CR, rep)
	}
	if !strings.Contains(old.Body, "Yes") {
		t.Errorf("an Ornithopter controlled since the turn began can attack once ensouled:\n%s", old.Body)
	}
	if !strings.Contains(fresh.Body, "No") || !slices.ContainsFunc(fresh.Citations, func(c commands.Citation) bool { return c.ID == "302.6" }) {
		t.Errorf("a new Ornithopter cannot attack (302.6):\n%s\n%v", fresh.Body, fresh.Citations)
	}
	// A misspelt card is refused with the engine's suggestion, and the
	// session keeps its three lines.
	typo := add("old", "Ornithoptr as P")
	if !typo.Error || !strings.Contains(typo.Body, "Ornithopter") {
		t.Errorf("typo line: %+v", typo)
	}
	show := commands.Scen("show", "u1")
	show.ChannelID = "old"
	if rep := r.Handle(ctx, show); rep.Title != "Scenario (3 lines)" {
		t.Errorf("after a refused line: %q", rep.Title)
	}
	// A syntax error names the line.
	syn := add("old", "put two +1/+1 counters on")
	if !syn.Error || !strings.Contains(syn.Body, "line 4") {
		t.Errorf("syntax error: %+v", syn)
	}
}

// A name that fits several cards answers with the best and names the
// others ("thassa": Thassa, God of the Sea, and Thassa's Bounty in THS).
func TestCardNameThatFitsSeveral(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("card", "name", "thassa"))
	if rep.Error || !strings.HasPrefix(rep.Title, "Thassa, God of the Sea") {
		t.Fatalf("card thassa: %+v", rep)
	}
	var also string
	for _, f := range rep.Fields {
		if f.Name == "Did you mean" {
			also = f.Value
		}
	}
	if !strings.Contains(also, "Thassa's Bounty") {
		t.Errorf("the other Thassa cards are not named: %q", also)
	}
	// An exact name names no others.
	exact := r.Handle(context.Background(), commands.Cmd("card", "name", "Thassa's Bounty"))
	for _, f := range exact.Fields {
		if f.Name == "Did you mean" {
			t.Errorf("an exact name listed others: %q", f.Value)
		}
	}
}

// Search results say when a rule is new, changed or renumbered in the
// served CR: in the CR of 2026-04-17, 104.6 points to rule 727 instead of
// 726 ("Restarting the Game" moved from 726 to 727).
func TestSearchNotesChangedRules(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("search", "query", "restarting the game", "kind", "rule"))
	text := commands.AllText(r, rep)
	for _, want := range []string{"104.6 (changed 2026-04-17)", "727.1a (numbered 726.1a before 2026-04-17)"} {
		if !strings.Contains(text, want) {
			t.Errorf("search results lack %q:\n%s", want, text)
		}
	}
	// A button shows how the first changed result changed, as /rule's does.
	var btn string
	for _, b := range rep.Buttons {
		if strings.HasPrefix(b.CustomID, "crd:") {
			btn = b.CustomID
		}
	}
	id := strings.TrimPrefix(btn, "crd:")
	if btn == "" || !strings.Contains(text, id+" (") {
		t.Fatalf("no diff button for a result marked changed: %+v", rep.Buttons)
	}
	d := r.Handle(context.Background(), commands.Request{Kind: commands.KindComponent, CustomID: btn, UserID: "u1"})
	dt := commands.AllText(r, d)
	if d.Error || !d.Ephemeral || !strings.Contains(dt, id) || !strings.Contains(d.Title, "2026-04-17") {
		t.Errorf("the diff button answered %+v", d)
	}
}

// An answer to a question that names permanents runs them through the
// engine and says what it found, beside the lines to run it again: the
// ensouled Ornithopter with its +1/+1 counter and Titanic Growth is a
// 10/10 (613.4b, 613.4c) and can attack (302.6).
func TestAskShowsTheEnginesAnswer(t *testing.T) {
	rep, engineSays := askEngine(t, "Ensoul Artifact on an Ornithopter with a +1/+1 counter, then Titanic Growth: how big, can it attack?")
	lines := fieldValue(rep, "Check it with the engine")
	if !strings.Contains(engineSays, "10/10") || !strings.Contains(engineSays, "? can P1 attack: Yes.") || !strings.Contains(engineSays, "613.4c") {
		t.Errorf("what the engine says: %q, want the 10/10 Ornithopter that can attack, citing 613.4c", engineSays)
	}
	if !strings.Contains(lines, "cast Titanic Growth targeting P1") {
		t.Errorf("lines to run: %q", lines)
	}
	commands.CheckCitations(t, testkb.KB(t).CR, rep)
}

// A statement of the set-up the engine could not carry out is part of what
// it says: Ensoul Artifact enchants an artifact, so it can't enchant a
// Runeclaw Bear (303.4a), and the Bear stays a 2/2.
func TestAskShowsWhatTheEngineCouldNotDo(t *testing.T) {
	_, engineSays := askEngine(t, "Can I cast Ensoul Artifact on my Runeclaw Bear and attack with it?")
	if !strings.Contains(engineSays, "Not carried out:") || !strings.Contains(engineSays, "303.4a") || !strings.Contains(engineSays, "Runeclaw Bear 2/2") {
		t.Errorf("what the engine says: %q, want the Aura refused (303.4a) and the Bear a 2/2", engineSays)
	}
}

// With no card catalogue loaded an answer says that the cards a question
// names are not read, and how to load them; a tournament call, answered by
// the documents, does not.
func TestAskWithoutCardsSaysSo(t *testing.T) {
	kb := *testkb.KB(t)
	kb.Cards = nil
	d := wire.FromKB(&kb)
	d.Store = session.NewMemory()
	r, err := commands.New(d)
	if err != nil {
		t.Fatal(err)
	}
	// Both say who can load cards (in Discord, the bot's operator, not
	// the user asking) rather than telling the user to run a command.
	// Card names alone ask for the cards, which cannot be shown.
	rep := r.Handle(context.Background(), commands.Cmd("ask", "question", "[[Ensoul Artifact]] [[Titanic Growth]]"))
	if !rep.Error || rep.Code != commands.CodeUnavailable || !strings.Contains(rep.Body, "No card catalogue is loaded") || !strings.Contains(rep.Body, "Whoever runs Arbiter adds one with `arbiter data update`") {
		t.Errorf("card names alone without cards: %+v", rep)
	}
	rep = r.Handle(context.Background(), commands.Cmd("ask", "question", "[[Ensoul Artifact]] on my [[Ornithopter]]: can it attack?"))
	if rep.Error || !strings.Contains(rep.Body, "No card catalogue is loaded") || !strings.Contains(rep.Body, "Whoever runs Arbiter adds one with `arbiter data update`") {
		t.Errorf("reply without cards: %+v", rep)
	}
	rep = r.Handle(context.Background(), commands.Cmd("ask", "question", "Can I cast Ensoul Artifact on my Ornithopter?"))
	if rep.Error || !strings.Contains(rep.Body, "No card catalogue is loaded") {
		t.Errorf("reply without cards: %+v", rep)
	}
	// A question that names no card needs none.
	rep = r.Handle(context.Background(), commands.Cmd("ask", "question", "What is trample? I'm not sure how it works."))
	if rep.Error || strings.Contains(rep.Body, "No card catalogue") {
		t.Errorf("a question naming no card: %+v", rep)
	}
	rep = r.Handle(context.Background(), commands.Cmd("ask", "question", "At Competitive REL my opponent drew an extra card. What is the penalty?"))
	if rep.Error || strings.Contains(rep.Body, "No card catalogue") {
		t.Errorf("tournament call without cards: %+v", rep)
	}
	rep = testrouter.Full(t).Handle(context.Background(), commands.Cmd("ask", "question", "[[Ensoul Artifact]] [[Titanic Growth]]"))
	if strings.Contains(rep.Body, "No card catalogue") {
		t.Errorf("reply with cards: %+v", rep)
	}
}

// A rule that is only a heading ("702.19. Trample") is never quoted as its
// title alone: with one of its subrules among the answer's sources it is
// left out, else it is quoted by its first subrule.
func TestAskQuotesNoBareHeading(t *testing.T) {
	r := testrouter.Full(t)
	rules := testkb.KB(t).CR
	for _, q := range []string{"what is trample?", "how does protection work?", "what is changeling?", "what are lands?", "what does flash do"} {
		rep := r.Handle(context.Background(), commands.Cmd("ask", "question", q))
		for _, f := range rep.Fields {
			id, title, ok := strings.Cut(f.Name, ". ")
			rule, known := rules.Rule(id)
			if !ok || !known || rule.Title != title {
				continue
			}
			if strings.TrimSpace(f.Value) == title || !strings.Contains(f.Value, rule.Children[0]) {
				t.Errorf("%q: heading %s quoted as %q", q, f.Name, f.Value)
			}
			for _, g := range rep.Fields {
				if c, _, _ := strings.Cut(strings.TrimPrefix(g.Name, "Rule "), " "); slices.Contains(rule.Children, c) {
					t.Errorf("%q: heading %s quoted beside its subrule %s", q, f.Name, c)
				}
			}
		}
	}
}

// An answer quotes its three best sources and names the next two in a
// line each, cited like the others; none is named twice.
func TestAskNamesTheNextSources(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("ask", "question", "Ensoul Artifact on an Ornithopter with a +1/+1 counter, then Titanic Growth: how big, can it attack?"))
	var quoted []string
	also := ""
	for _, f := range rep.Fields {
		switch {
		case f.Name == "See also":
			also = f.Value
		case strings.HasPrefix(f.Name, "Rule ") || strings.HasPrefix(f.Name, "Glossary: "):
			quoted = append(quoted, f.Name)
		}
	}
	lines := strings.Split(also, "\n")
	if also == "" || len(lines) > 2 || len(quoted) != 3 {
		t.Fatalf("quoted %q, see also %q", quoted, also)
	}
	for _, l := range lines {
		name, _, ok := strings.Cut(strings.TrimPrefix(l, "**"), "**:")
		if !ok || slices.Contains(quoted, name) {
			t.Errorf("see also line %q: not a new source", l)
		}
		if id, isRule := strings.CutPrefix(name, "Rule "); isRule && !slices.ContainsFunc(rep.Citations, func(c commands.Citation) bool { return c.ID == id }) {
			t.Errorf("see also names %s without citing it", id)
		}
	}
	commands.CheckCitations(t, testkb.KB(t).CR, rep)
}

// What the engine could not carry out comes right after its answers and
// before its notes: Loathsome Catoblepas's dies trigger targets (603.3d),
// and with two of your creatures it has two legal choices, so "resolve
// all" stops there and names them, and the long notes that follow can't
// push that out of the field.
func TestAskShowsWhatWasNotCarriedOutBeforeTheNotes(t *testing.T) {
	_, engineSays := askEngine(t, "My opponent casts Lightning Strike at my Ornithopter. In response I cast Stoke the Flames on his Loathsome Catoblepas. I also have a Runeclaw Bear. What happens?")
	stop, note := strings.Index(engineSays, "Not carried out:"), strings.Index(engineSays, "601.2a")
	if stop < 0 || !strings.Contains(engineSays, "603.3d") || !strings.Contains(engineSays, "2 legal choices: P1 or P3") || note >= 0 && note < stop {
		t.Errorf("what the engine says: %q, want the stop at the targeted trigger (603.3d), naming its legal targets, before the notes", engineSays)
	}
}

// 603.3d: with your Ornithopter the only creature the Catoblepas's
// controller's opponent controls, the trigger targets it; it resolves
// first, and Ornithopter, 0/2 with -3/-3, is put into your graveyard
// (704.5f) before Lightning Strike would resolve.
func TestAskTriggerTakesItsOnlyLegalTarget(t *testing.T) {
	_, engineSays := askEngine(t, "My opponent casts Lightning Strike at my Ornithopter. In response I cast Stoke the Flames on his Loathsome Catoblepas. What happens?")
	if strings.Contains(engineSays, "Not carried out:") || !strings.Contains(engineSays, "? P1: Ornithopter (P1) has left the battlefield: it went to your graveyard") {
		t.Errorf("what the engine says: %q, want every line carried out and Ornithopter in the graveyard", engineSays)
	}
}

// askEngine asks the question of a router with the full catalogue and
// returns the reply with its "What the engine says" field; an error reply
// fails the test.
func askEngine(t *testing.T, question string) (commands.Reply, string) {
	t.Helper()
	rep := testrouter.Full(t).Handle(context.Background(), commands.Cmd("ask", "question", question))
	if rep.Error {
		t.Fatalf("error reply: %s", rep.Body)
	}
	return rep, fieldValue(rep, "What the engine says")
}

// fieldValue is the value of the reply's field of that name, or "".
func fieldValue(rep commands.Reply, name string) string {
	for _, f := range rep.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// A card the question names in brackets is read as the card look-up reads
// it, misspelled or in another language ("[[Ornithoper]]",
// "[[Artefaktbeseelung]]"), as /card would find it: the brackets say it is
// a card. The title keeps the question as asked.
func TestAskReadsBracketedNamesAsCardDoes(t *testing.T) {
	r := testrouter.Full(t)
	for _, q := range []string{
		"[[Ornithoper]] with [[Ensoul Artefact]] on it came in this turn, can it attack?",
		"[[Ornithopter]] enchanted by [[Artefaktbeseelung]]: can it attack the turn it came in?",
	} {
		rep := r.Handle(context.Background(), commands.Cmd("ask", "question", q))
		if rep.Error || !strings.Contains(rep.Body, "Ornithopter") || !strings.Contains(rep.Body, "Ensoul Artifact") {
			t.Errorf("%q: cards %q", q, firstLineOf(rep.Body))
		}
		if name, _, _ := strings.Cut(q[2:], "]]"); !strings.Contains(rep.Title, name) {
			t.Errorf("title %q", rep.Title)
		}
	}
	// One or two letters in brackets are no card's name.
	rep := r.Handle(context.Background(), commands.Cmd("ask", "question", "what does [[X]] mean in a mana cost?"))
	if strings.HasPrefix(rep.Body, "Cards:") {
		t.Errorf("[[X]] read as %q", firstLineOf(rep.Body))
	}
}

func firstLineOf(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// A question of card names alone asks for the cards: it is answered with
// each card's Oracle text and its rulings button, as /card shows them, and
// a line on how to ask about them, never with rules ranked for a
// situation it does not tell.
func TestAskOfCardNamesAloneShowsTheCards(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	rep := r.Handle(ctx, commands.Cmd("ask", "question", "[[Ensoul Artifact]] [[Titanic Growth]]"))
	text := commands.AllText(r, rep)
	if rep.Error || rep.Title != "Cards: Ensoul Artifact, Titanic Growth" {
		t.Fatalf("reply: %+v", rep)
	}
	for _, want := range []string{"Ensoul Artifact  {1}{U}", "base power and toughness 5/5", "Titanic Growth  {1}{G}", "Target creature gets +4/+4 until end of turn.", "https://scryfall.com/card/m15/54", "Ask about them"} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q:\n%s", want, text)
		}
	}
	for _, c := range rep.Citations {
		if c.Kind != commands.CiteCard {
			t.Errorf("a reply of cards cites %+v", c)
		}
	}
	if !slices.ContainsFunc(rep.Buttons, func(b commands.Button) bool {
		return b.CustomID == "rulings:Ensoul Artifact" && strings.HasPrefix(b.Label, "Rulings: Ensoul Artifact")
	}) {
		t.Errorf("no rulings button naming Ensoul Artifact: %+v", rep.Buttons)
	}

	// One card is what /card shows, with the line on asking.
	one := r.Handle(ctx, commands.Cmd("ask", "question", "[[Ornithopter]]"))
	card := r.Handle(ctx, commands.Cmd("card", "name", "Ornithopter"))
	if one.Error || one.Title != card.Title || one.Body != card.Body || len(one.Fields) != 1 || one.Fields[0].Name != "Ask about it" {
		t.Errorf("[[Ornithopter]]: %+v, want /card's %+v and a line on asking", one, card)
	}

	// A name that finds no card is said beside the cards found; with none
	// found, the reply is /card's refusal.
	rep = r.Handle(ctx, commands.Cmd("ask", "question", "[[Ornithopter]] and [[Zzyzx Qqq]]"))
	if rep.Error || !strings.Contains(commands.AllText(r, rep), `Not found: No card is named "Zzyzx Qqq".`) {
		t.Errorf("one name not found: %+v", rep)
	}
	rep = r.Handle(ctx, commands.Cmd("ask", "question", "[[Zzyzx Qqq]]"))
	if !rep.Error || rep.Code != commands.CodeNotFound {
		t.Errorf("no card found: %+v", rep)
	}

	// Two names of one card show it once.
	rep = r.Handle(ctx, commands.Cmd("ask", "question", "[[Thassa]] [[Thassa, God of the Sea]]"))
	if rep.Error || rep.Title != "Thassa, God of the Sea  {2}{U}" {
		t.Errorf("one card named twice: %+v", rep)
	}

	// A question about the cards is still a question.
	rep = r.Handle(ctx, commands.Cmd("ask", "question", "[[Ensoul Artifact]] [[Titanic Growth]] on my Ornithopter: how big is it?"))
	if rep.Error || !slices.ContainsFunc(rep.Citations, func(c commands.Citation) bool { return c.Kind == commands.CiteCR }) {
		t.Errorf("a question naming the cards: %+v", rep)
	}
}

// A search result links its page as a short named link (Discord shows
// "Yawgatog" or "Scryfall"), never as a bare address under the snippet.
func TestSearchResultsLinkByName(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("search", "query", "ensoul artifact"))
	links := 0
	for _, f := range rep.Fields {
		for _, line := range strings.Split(f.Value, "\n") {
			if strings.HasPrefix(line, "http") {
				t.Errorf("result %q ends in a bare address: %q", f.Name, line)
			}
			if strings.HasPrefix(line, "[Scryfall](https://scryfall.com/") || strings.HasPrefix(line, "[Yawgatog](https://yawgatog.com/") {
				links++
			}
		}
	}
	if links == 0 {
		t.Errorf("no result links its page:\n%+v", rep.Fields)
	}
}

func TestSiteLink(t *testing.T) {
	for url, want := range map[string]string{
		"https://scryfall.com/card/m15/54":                  "[Scryfall](https://scryfall.com/card/m15/54)",
		"https://yawgatog.com/resources/magic-rules/#R3026": "[Yawgatog](https://yawgatog.com/resources/magic-rules/#R3026)",
		"https://www.example.org/x":                         "[example.org](https://www.example.org/x)",
	} {
		if got := commands.SiteLink(url); got != want {
			t.Errorf("SiteLink(%q) = %q, want %q", url, got, want)
		}
	}
}

// A question repeated as a title shows as typed: its asterisks,
// underscores and backticks are escaped, so that "*/1+*" is not italics
// and a stray "**" does not turn the rest bold.
func TestQuestionTitlesShowAsTyped(t *testing.T) {
	r := testrouter.Full(t)
	for cmd, opt := range map[string]string{"ask": "question", "search": "query"} {
		q := "Is Tarmogoyf */1+* with **two `types` in my_graveyard?"
		rep := r.Handle(context.Background(), commands.Cmd(cmd, opt, q))
		want := `Is Tarmogoyf \*/1+\* with \*\*two ` + "\\`types\\`" + ` in my\_graveyard?`
		if !strings.HasSuffix(rep.Title, want) {
			t.Errorf("/%s title %q, want it to end %q", cmd, rep.Title, want)
		}
	}
}

// A section an answer quotes that does not fit its field is cut at a
// break and says which command shows the rest: the IPG's Missed Trigger
// is longer than a field.
func TestAskSaysWhereTheRestOfACutSectionIs(t *testing.T) {
	r := testrouter.Full(t)
	rep := r.Handle(context.Background(), commands.Cmd("ask", "question", "my opponent forgot his Dark Confidant trigger at competitive"))
	found := false
	for _, f := range rep.Fields {
		if strings.HasPrefix(f.Name, "IPG 2.1 ") {
			found = true
			if !strings.HasSuffix(f.Value, "(the rest: /ipg 2.1)") || len([]rune(f.Value)) > 1024 {
				t.Errorf("the cut Missed Trigger field ends %q (%d runes)", f.Value[max(0, len(f.Value)-80):], len([]rune(f.Value)))
			}
		}
	}
	if !found {
		t.Fatalf("no IPG 2.1 field: %+v", rep.Fields)
	}
}

// TestAskOneReference checks that a question that is one reference and
// nothing else is that source's look-up, as the console and the judge
// channel's watcher answer such a line: "IPG 2.1" is the Missed Trigger
// section itself, not whatever section a search of its words ranks first.
func TestAskOneReference(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	for _, c := range []struct{ q, title string }{
		{"IPG 2.1", "IPG 2.1 Game Play Error — Missed Trigger"},
		{"ipg hce", "IPG 2.3 Game Play Error — Hidden Card Error"},
		{"MTR 4.2", "MTR 4.2 Tournament Shortcuts"},
		{"CR 302.6", "Rule 302.6"},
		{"704.5k", "Rule 704.5k"},
	} {
		rep := r.Handle(ctx, commands.Cmd("ask", "question", c.q))
		if rep.Error || rep.Title != c.title {
			t.Errorf("/ask %q: title %q (error %v), want %q", c.q, rep.Title, rep.Error, c.title)
		}
	}
	// A section the document lacks is refused as /ipg refuses it.
	if rep := r.Handle(ctx, commands.Cmd("ask", "question", "IPG 9.9")); !rep.Error || rep.Code != commands.CodeNotFound {
		t.Errorf("/ask \"IPG 9.9\": %+v", rep)
	}
	// A reference inside a question leaves it a question.
	if rep := r.Handle(ctx, commands.Cmd("ask", "question", "Does IPG 2.1 apply when my opponent forgot their Dark Confidant trigger?")); rep.Error || !strings.HasPrefix(rep.Title, "Ask: ") {
		t.Errorf("a question citing a section: title %q", rep.Title)
	}
}

// TestAskCardNamesWithoutBrackets checks that a question of card names
// alone, written without brackets, asks for the cards as [[Name]] does,
// and that a name with words of a question around it stays a question.
func TestAskCardNamesWithoutBrackets(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	one := r.Handle(ctx, commands.Cmd("ask", "question", "ensoul artifact"))
	if one.Error || !strings.HasPrefix(one.Title, "Ensoul Artifact") || !strings.Contains(fieldsText(one), "Ask about it") {
		t.Errorf("one name: %q\n%s", one.Title, fieldsText(one))
	}
	two := r.Handle(ctx, commands.Cmd("ask", "question", "Ensoul Artifact and titanic growth"))
	if two.Error || two.Title != "Cards: Ensoul Artifact, Titanic Growth" {
		t.Errorf("two names: %q", two.Title)
	}
	// Asked what a card does, and nothing else: the card.
	what := r.Handle(ctx, commands.Cmd("ask", "question", "What does Ensoul Artifact do?"))
	if what.Error || !strings.HasPrefix(what.Title, "Ensoul Artifact") {
		t.Errorf("what a card does: %q", what.Title)
	}
	// A name that is also a term of the glossary ("What is Flash?") may
	// ask for the term: the rules answer.
	if term := r.Handle(ctx, commands.Cmd("ask", "question", "What is Swamp?")); term.Error || !strings.HasPrefix(term.Title, "Ask: ") {
		t.Errorf("a card named as a term: %q", term.Title)
	}
	asked := r.Handle(ctx, commands.Cmd("ask", "question", "Can Ornithopter attack?"))
	if asked.Error || !strings.HasPrefix(asked.Title, "Ask: ") {
		t.Errorf("a question naming a card: %q", asked.Title)
	}
}
