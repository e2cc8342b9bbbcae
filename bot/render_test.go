package bot

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

func req(name string, opts ...string) commands.Request {
	r := commands.NewRequest(name, opts...)
	r.UserID, r.ChannelID = "700", "600"
	return r
}

// TestGoldenReplies renders real answers into Discord responses and
// compares them with the golden files. Regenerate with -update after a
// deliberate change and read the diff.
func TestGoldenReplies(t *testing.T) {
	rules := loadCR(t)
	r := testRouter(t, commands.Deps{})
	ctx := context.Background()
	tests := []struct {
		name string
		req  commands.Request
	}{
		{"rule_302.6", req("rule", "number", "302.6")},
		{"rule_107.3m_with_reference", req("rule", "number", "107.3m")},
		{"rule_614.1_alone", req("rule", "number", "614.1.")},
		{"rule_704.5_subrules", req("rule", "number", "704.5")},
		{"rule_section_3", req("rule", "number", "3")},
		{"rule_702_paged", req("rule", "number", "702")},
		{"rule_unknown", req("rule", "number", "302.62")},
		{"define_summoning_sickness", req("define", "term", "summoning sickness")},
		{"help", req("help")},
		{"scenario_without_engine", func() commands.Request { q := req("scenario"); q.Subcommand = "show"; return q }()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := r.Handle(ctx, tc.req)
			for _, c := range rep.Citations {
				if c.Kind == commands.CiteCR && !rules.Exists(c.ID) {
					t.Errorf("cites %s, not in the CR", c.ID)
				}
			}
			resp := Render(rep)
			checkLimits(t, resp)
			golden(t, tc.name, resp)
		})
	}
}

// checkLimits asserts every Discord limit on a rendered response, counted
// in runes, and that mentions are disabled.
func checkLimits(t *testing.T, resp *discordgo.InteractionResponse) {
	t.Helper()
	d := resp.Data
	if d == nil {
		return
	}
	if resp.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		if len(d.Choices) > 25 {
			t.Errorf("%d choices", len(d.Choices))
		}
		return
	}
	if resp.Type == discordgo.InteractionResponseModal {
		if runes(d.Title) > LimitModalTitle {
			t.Errorf("modal title %d runes", runes(d.Title))
		}
		return
	}
	if d.AllowedMentions == nil || d.AllowedMentions.Parse == nil || len(d.AllowedMentions.Parse) != 0 {
		t.Errorf("allowed mentions %+v, want parse: []", d.AllowedMentions)
	}
	if runes(d.Content) > LimitContent {
		t.Errorf("content %d runes", runes(d.Content))
	}
	if len(d.Embeds) > LimitEmbeds {
		t.Errorf("%d embeds", len(d.Embeds))
	}
	total := 0
	for _, e := range d.Embeds {
		if runes(e.Title) > LimitTitle || runes(e.Description) > LimitDescription || len(e.Fields) > LimitFields {
			t.Errorf("embed over limits: title %d, description %d, %d fields", runes(e.Title), runes(e.Description), len(e.Fields))
		}
		for _, f := range e.Fields {
			if runes(f.Name) > LimitFieldName || runes(f.Value) > LimitFieldValue || f.Name == "" || f.Value == "" {
				t.Errorf("field %q: name %d, value %d runes", f.Name, runes(f.Name), runes(f.Value))
			}
		}
		if e.Footer != nil && runes(e.Footer.Text) > LimitFooter {
			t.Errorf("footer %d runes", runes(e.Footer.Text))
		}
		total += embedSize(e)
	}
	if total > LimitEmbedTotal {
		t.Errorf("embeds total %d runes", total)
	}
	if len(d.Components) > LimitRows {
		t.Errorf("%d component rows", len(d.Components))
	}
	for _, row := range d.Components {
		ar := row.(discordgo.ActionsRow)
		if len(ar.Components) > LimitRowButtons {
			t.Errorf("%d buttons in a row", len(ar.Components))
		}
		for _, c := range ar.Components {
			b := c.(discordgo.Button)
			if runes(b.Label) > LimitButtonLabel || len(b.CustomID) > 100 {
				t.Errorf("button %+v", b)
			}
		}
	}
}

// TestRenderWithinLimits renders replies far over every limit, made of
// multi-byte runes, and checks the result fits (the router pages before
// this; the renderer is the last guard and says when it drops anything).
func TestRenderWithinLimits(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	word := func(n int) string { return strings.Repeat("é", n) }
	for i := 0; i < 200; i++ {
		rep := commands.Reply{
			Title:        word(rng.Intn(600)),
			Body:         word(rng.Intn(9000)),
			Footer:       word(rng.Intn(3000)),
			Ephemeral:    i%2 == 0,
			Preformatted: i%3 == 0,
		}
		for j := rng.Intn(40); j > 0; j-- {
			rep.Fields = append(rep.Fields, commands.Field{Name: word(rng.Intn(400)), Value: word(rng.Intn(2000))})
		}
		for j := rng.Intn(200); j > 0; j-- {
			rep.Citations = append(rep.Citations, commands.Citation{Kind: "cr", ID: fmt.Sprint(100+j, ".1"), URL: commands.YawgatogRuleURL(fmt.Sprint(100+j, ".1"))})
		}
		for j := rng.Intn(40); j > 0; j-- {
			rep.Buttons = append(rep.Buttons, commands.Button{Label: word(rng.Intn(120)), CustomID: fmt.Sprint("b", j)})
		}
		resp := Render(rep)
		checkLimits(t, resp)
		if i%2 == 0 && resp.Data.Flags != discordgo.MessageFlagsEphemeral {
			t.Error("ephemeral flag lost")
		}
	}
}

func TestSourcesFieldSaysHowManyMore(t *testing.T) {
	var cs []commands.Citation
	for i := 0; i < 100; i++ {
		id := fmt.Sprintf("702.%d", i+1)
		cs = append(cs, commands.Citation{Kind: "cr", ID: id, URL: commands.YawgatogRuleURL(id)})
	}
	f := sourcesField(cs)
	if runes(f.Value) > LimitFieldValue || !strings.Contains(f.Value, "more") || !strings.HasPrefix(f.Value, "[702.1](https://yawgatog.com/resources/magic-rules/#R7021)") {
		t.Errorf("sources field: %q", f.Value)
	}
}

func TestRenderKinds(t *testing.T) {
	modal := Render(commands.Reply{Modal: &commands.Modal{CustomID: "scn:add:c", Title: "Add scenario lines", Inputs: []commands.TextInput{{CustomID: "lines", Label: "Lines", Paragraph: true, Required: true, Value: "Ornithopter as O"}}}})
	if modal.Type != discordgo.InteractionResponseModal || modal.Data.CustomID != "scn:add:c" {
		t.Errorf("modal %+v", modal)
	}
	ti := modal.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.TextInput)
	if ti.Style != discordgo.TextInputParagraph || ti.CustomID != "lines" || ti.Value != "Ornithopter as O" {
		t.Errorf("text input %+v", ti)
	}
	if u := Render(commands.Reply{Title: "x", Update: true}); u.Type != discordgo.InteractionResponseUpdateMessage {
		t.Errorf("update type %d", u.Type)
	}
	var many []commands.Choice
	for i := 0; i < 40; i++ {
		many = append(many, commands.Choice{Name: strings.Repeat("n", 150), Value: fmt.Sprint(i)})
	}
	ch := RenderChoices(many)
	if ch.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(ch.Data.Choices) != 25 || runes(ch.Data.Choices[0].Name) != 100 {
		t.Errorf("choices: type %d, %d choices", ch.Type, len(ch.Data.Choices))
	}
	pre := Render(commands.Reply{Body: "a ``` b", Preformatted: true})
	if d := pre.Data.Embeds[0].Description; !strings.HasPrefix(d, "```\n") || strings.Count(d, "```") != 2 {
		t.Errorf("preformatted body %q", d)
	}
}

// TestEveryRuleAndTermRenders answers /rule for every rule of the CR,
// reading every page, and /define for every glossary term, and checks that each citation names a rule of the CR and that
// every rendered page fits Discord's limits.
func TestEveryRuleAndTermRenders(t *testing.T) {
	rules := loadCR(t)
	r := testRouter(t, commands.Deps{})
	ctx := context.Background()
	pages := 0
	for _, id := range rules.Order {
		rep := r.Handle(ctx, req("rule", "number", id))
		if rep.Error {
			t.Errorf("/rule %s: %s", id, rep.Body)
			continue
		}
		for {
			for _, c := range rep.Citations {
				if c.Kind == commands.CiteCR && !rules.Exists(c.ID) {
					t.Errorf("/rule %s cites %s, not in the CR", id, c.ID)
				}
			}
			checkLimits(t, Render(rep))
			pages++
			if rep.PageCount <= 1 || rep.Page+1 == rep.PageCount {
				break
			}
			rep = r.Handle(ctx, commands.Request{Kind: commands.KindComponent, CustomID: nextButton(rep), UserID: "700"})
		}
	}
	for _, g := range rules.Glossary {
		rep := r.Handle(ctx, req("define", "term", g.Term))
		if rep.Error || rep.Title != g.Term {
			t.Errorf("/define %q: %q %s", g.Term, rep.Title, rep.Body)
		}
		for _, c := range rep.Citations {
			if c.Kind == commands.CiteCR && !rules.Exists(c.ID) {
				t.Errorf("/define %s cites %s, not in the CR", g.Term, c.ID)
			}
		}
		checkLimits(t, Render(rep))
	}
	t.Logf("%d rules, %d pages, %d glossary entries", len(rules.Order), pages, len(rules.Glossary))
}

func nextButton(rep commands.Reply) string {
	for _, b := range rep.Buttons {
		if strings.HasPrefix(b.CustomID, "pg:") && strings.HasPrefix(b.Label, "Next") {
			return b.CustomID
		}
	}
	return ""
}

// A card and its rulings are one source: /rulings cites the card and the
// rulings under the same name, and the Sources field names it once.
func TestSourcesFieldNamesACardOnce(t *testing.T) {
	url := "https://scryfall.com/card/m15/54"
	f := sourcesField([]commands.Citation{
		{Kind: commands.CiteCard, ID: "Ensoul Artifact", URL: url},
		{Kind: commands.CiteRuling, ID: "Ensoul Artifact", URL: commands.ScryfallSearchURL("Ensoul Artifact")},
		{Kind: commands.CiteCR, ID: "302.6", URL: commands.YawgatogRuleURL("302.6")},
	})
	want := "[Ensoul Artifact](" + url + "), [302.6](" + commands.YawgatogRuleURL("302.6") + ")"
	if f == nil || f.Value != want {
		t.Errorf("sources field %+v, want %q", f, want)
	}
}

// Each page of a paged answer links the sources it shows: the page of
// /rule 613 that quotes the timestamp rules links 613.7a, not 613.1a, and
// says of no hidden "more".
func TestPagedSourcesFollowThePage(t *testing.T) {
	r := testRouter(t, commands.Deps{})
	ctx := context.Background()
	rep := r.Handle(ctx, req("rule", "number", "613"))
	if rep.PageCount < 3 {
		t.Fatalf("/rule 613 has %d pages", rep.PageCount)
	}
	sawTimestamps := false
	for {
		e := Render(rep).Data.Embeds[0]
		var src string
		for _, f := range e.Fields {
			if f.Name == "Sources" {
				src = f.Value
			}
		}
		if strings.Contains(e.Description, "**613.7a**") {
			sawTimestamps = true
			if !strings.Contains(src, "[613.7a](") || strings.Contains(src, "[613.1a](") {
				t.Errorf("page %d shows 613.7a; its sources: %s", rep.Page+1, src)
			}
		}
		if strings.Contains(src, " more") {
			t.Errorf("page %d: sources %s", rep.Page+1, src)
		}
		next := nextButton(rep)
		if next == "" || rep.Page+1 == rep.PageCount {
			break
		}
		rep = r.Handle(ctx, commands.Request{Kind: commands.KindComponent, CustomID: next, UserID: "700", ChannelID: "600"})
	}
	if !sawTimestamps {
		t.Error("no page shows 613.7a")
	}
}

func TestNamesID(t *testing.T) {
	for _, tc := range []struct {
		text, id string
		want     bool
	}{
		{"**613.7** text", "613.7", true},
		{"**613.7a** text", "613.7", false},
		{"see rule 613.7.", "613.7", true},
		{"1613.7 x", "613.7", false},
		{"613. Interaction", "613", true},
		{"613.1 Layers", "613", false},
		{"Rulings: Ensoul Artifact", "Ensoul Artifact", true},
		{"Ruling on Opt's text", "Opt", true},
		{"Optional", "Opt", false},
	} {
		if got := namesID(tc.text, tc.id); got != tc.want {
			t.Errorf("namesID(%q, %q) = %v", tc.text, tc.id, got)
		}
	}
}

// The title links what the reply is about; the Sources field names only
// the other sources, and is left out when there are none (/card, /rule
// 302.6).
func TestSourcesLeaveOutWhatTheTitleLinks(t *testing.T) {
	rule := commands.YawgatogRuleURL("302.6")
	rep := commands.Reply{Title: "Rule 302.6", URL: rule, Body: "…", Citations: []commands.Citation{
		{Kind: commands.CiteCR, ID: "302.6", URL: rule},
		{Kind: commands.CiteCR, ID: "508.1a", URL: commands.YawgatogRuleURL("508.1a")},
	}}
	e := Render(rep).Data.Embeds[0]
	if len(e.Fields) != 1 || e.Fields[0].Value != "[508.1a]("+commands.YawgatogRuleURL("508.1a")+")" {
		t.Errorf("fields %+v, want Sources with 508.1a alone", e.Fields)
	}
	rep.Citations = rep.Citations[:1]
	if e := Render(rep).Data.Embeds[0]; len(e.Fields) != 0 {
		t.Errorf("fields %+v, want none", e.Fields)
	}
}

// A source the text already links (a search result's [Yawgatog] link,
// /define's rules, /rule's "See also") is not linked again in Sources, and
// /define's own glossary entry is not named again under its title.
func TestSourcesLeaveOutWhatTheTextLinks(t *testing.T) {
	r := testRouter(t, commands.Deps{})
	rep := r.Handle(context.Background(), req("define", "term", "summoning sickness"))
	e := Render(rep).Data.Embeds[0]
	for _, f := range e.Fields {
		if f.Name == "Sources" {
			t.Errorf("/define summoning sickness: Sources %q repeats what its text links", f.Value)
		}
	}
	url := commands.YawgatogRuleURL("702.2a")
	e = Render(commands.Reply{Title: "Search: deathtouch",
		Fields:    []commands.Field{{Name: "1. Rule 702.2a", Value: "Deathtouch is a static ability.\n" + commands.SiteLink(url)}, {Name: "2. Glossary: Deathtouch", Value: "A keyword ability …"}},
		Citations: []commands.Citation{{Kind: commands.CiteCR, ID: "702.2a", URL: url}, {Kind: commands.CiteGlossary, ID: "Deathtouch"}},
	}).Data.Embeds[0]
	if f := e.Fields[len(e.Fields)-1]; f.Name != "Sources" || f.Value != "Glossary: Deathtouch" {
		t.Errorf("search Sources %q: %q, want the glossary entry alone", f.Name, f.Value)
	}
}

// A search page names in Sources only the unlinked results it shows: a
// glossary entry on page 1 is not named again on a page whose snippets
// merely use the word.
func TestSearchPageSourcesAreItsOwn(t *testing.T) {
	r := testrouter.Full(t)
	ctx := context.Background()
	rep := r.Handle(ctx, req("search", "query", "trample deathtouch"))
	for {
		e := Render(rep).Data.Embeds[0]
		names := ""
		for _, f := range e.Fields {
			if f.Name != "Sources" {
				names += f.Name + "\n"
				continue
			}
			for _, part := range strings.Split(f.Value, ", ") {
				if strings.HasPrefix(part, "Glossary: ") && !strings.Contains(names, part) {
					t.Errorf("page %d names %q, which it does not show:\n%s\n%+v", rep.Page+1, part, names, rep.Citations)
				}
			}
		}
		next := nextButton(rep)
		if next == "" || rep.Page+1 >= rep.PageCount {
			break
		}
		rep = r.Handle(ctx, commands.Request{Kind: commands.KindComponent, CustomID: next, UserID: "700", ChannelID: "600"})
	}
}

// A scenario trace too long for the message is cut inside its code block;
// the block is closed all the same.
func TestPreformattedBlockClosedWhenCut(t *testing.T) {
	rep := commands.Reply{Title: "Scenario", Body: strings.Repeat("? P1: Ornithopter 0/2\n", 400), Preformatted: true, Footer: strings.Repeat("f", 2000)}
	resp := Render(rep)
	checkLimits(t, resp)
	d := resp.Data.Embeds[0].Description
	if !strings.HasPrefix(d, "```\n") || !strings.HasSuffix(d, "\n```") || strings.Count(d, "```") != 2 {
		t.Errorf("description ends %q", d[max(0, len(d)-40):])
	}
}
