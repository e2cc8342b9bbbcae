package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

func TestYawgatogRuleURL(t *testing.T) {
	// Yawgatog's anchors drop the dots: rule 302.6 is #R3026.
	for id, want := range map[string]string{
		"302.6":  "https://yawgatog.com/resources/magic-rules/#R3026",
		"704.5k": "https://yawgatog.com/resources/magic-rules/#R7045k",
		"302":    "https://yawgatog.com/resources/magic-rules/#R302",
		"702.10": "https://yawgatog.com/resources/magic-rules/#R70210",
	} {
		if got := YawgatogRuleURL(id); got != want {
			t.Errorf("YawgatogRuleURL(%s) = %s, want %s", id, got, want)
		}
	}
}

func TestRule(t *testing.T) {
	rules := loadCR(t)
	r := newRouter(t, Deps{})
	ctx := context.Background()
	tests := []struct {
		number    string
		title     string
		contains  []string // in this order
		lacks     []string
		ephemeral bool
	}{
		// 302.6 is the "summoning sickness" rule (CR 302.6, last sentence).
		{number: "302.6", title: "Rule 302.6", contains: []string{"summoning sickness"}},
		{number: "rule 302.6", title: "Rule 302.6", contains: []string{"under its controller’s control continuously"}},
		// 704.5 lists its subrules to the end: letters skip l and o.
		{number: "704.5", title: "Rule 704.5", contains: []string{"**704.5j**", "**704.5k**", "**704.5m**", "**704.5n**", "**704.5p**", "**704.5z**"}},
		// A trailing dot means the rule alone.
		{number: "614.1.", title: "Rule 614.1", contains: []string{"replacement effects"}, lacks: []string{"614.1a"}},
		{number: "614.1", title: "Rule 614.1", contains: []string{"**614.1a**", "**614.1e**"}},
		// A section lists its rules' titles.
		{number: "3", title: "3. Card Types", contains: []string{"**300** General", "**302** Creatures", "**315**"}},
		{number: "302", title: "302. Creatures", contains: []string{"**302.1**", "**302.6**", "summoning sickness"}},
		{number: "702.10", title: "702.10. Haste", contains: []string{"**702.10a**", "**702.10b**"}},
		// A heading alone has no text: the answer says what it holds.
		{number: "702.19.", title: "702.19. Trample", contains: []string{"702.19 is a heading with 7 subrules (702.19a–702.19g)", "/rule 702.19"}, lacks: []string{"**702.19a**"}},
		{number: "302.62", title: "No such rule", contains: []string{"Did you mean", "302.6"}, ephemeral: true},
		{number: "haste", title: "Not a rule number", contains: []string{"/search query:haste"}, ephemeral: true},
	}
	for _, tc := range tests {
		t.Run(tc.number, func(t *testing.T) {
			rep := r.Handle(ctx, cmd("rule", "number", tc.number))
			if rep.Title != tc.title {
				t.Fatalf("title %q, want %q (body %q)", rep.Title, tc.title, rep.Body)
			}
			if rep.Ephemeral != tc.ephemeral || rep.Error != tc.ephemeral {
				t.Errorf("ephemeral=%v error=%v, want %v", rep.Ephemeral, rep.Error, tc.ephemeral)
			}
			text := allText(r, rep)
			at := 0
			for _, s := range tc.contains {
				i := strings.Index(text[at:], s)
				if i < 0 {
					t.Errorf("answer lacks %q (in order) in:\n%s", s, text)
					continue
				}
				at += i
			}
			for _, s := range tc.lacks {
				if strings.Contains(text, s) {
					t.Errorf("answer has %q", s)
				}
			}
			if !rep.Error && !strings.Contains(rep.Footer, "2026-04-17") {
				t.Errorf("footer %q lacks the CR effective date", rep.Footer)
			}
			checkCitations(t, rules, rep)
		})
	}
}

// allText is every page of a reply, read back through the page buttons the
// way a user would.
func allText(r *Router, rep Reply) string {
	var b strings.Builder
	for {
		b.WriteString(rep.Body + "\n")
		for _, f := range rep.Fields {
			b.WriteString(f.Name + ": " + f.Value + "\n")
		}
		if rep.PageCount <= 1 || rep.Page+1 >= rep.PageCount {
			return b.String()
		}
		var next string
		for _, bt := range rep.Buttons {
			if strings.HasPrefix(bt.CustomID, "pg:") && strings.HasPrefix(bt.Label, "Next") {
				next = bt.CustomID
			}
		}
		rep = r.Handle(context.Background(), Request{Kind: KindComponent, CustomID: next, UserID: "u1"})
	}
}

func TestRuleCitesCrossReferences(t *testing.T) {
	rules := loadCR(t)
	r := newRouter(t, Deps{})
	// 107.3m ends "This is an exception to rule 107.3i."
	rep := r.Handle(context.Background(), cmd("rule", "number", "107.3m"))
	checkCitations(t, rules, rep)
	var btn string
	for _, b := range rep.Buttons {
		if strings.HasPrefix(b.CustomID, "cite:") {
			btn = b.CustomID
		}
	}
	if btn != "cite:107.3i" {
		t.Fatalf("cite button %q, want cite:107.3i (buttons %+v)", btn, rep.Buttons)
	}
	cited := r.Handle(context.Background(), Request{Kind: KindComponent, CustomID: btn, UserID: "u1"})
	if !cited.Ephemeral || len(cited.Fields) != 1 || cited.Fields[0].Name != "Rule 107.3i" {
		t.Fatalf("show cited rules gave %+v", cited)
	}
	want, _ := rules.Rule("107.3i")
	if !strings.Contains(cited.Fields[0].Value, want.Text[:40]) {
		t.Errorf("cited text %q does not hold 107.3i's text", cited.Fields[0].Value)
	}
	checkCitations(t, rules, cited)
}

func TestDefine(t *testing.T) {
	rules := loadCR(t)
	r := newRouter(t, Deps{})
	for _, tc := range []struct{ term, title, has string }{
		// The glossary's entry points to rule 302.6.
		{"summoning sickness", "Summoning Sickness Rule", "302.6"},
		{"SUMMONING-SICKNESS rule", "Summoning Sickness Rule", "302.6"},
		{"Mana Value", "Mana Value", "202.3"},
	} {
		t.Run(tc.term, func(t *testing.T) {
			rep := r.Handle(context.Background(), cmd("define", "term", tc.term))
			if rep.Error {
				t.Fatalf("define %q failed: %s", tc.term, rep.Body)
			}
			if !strings.EqualFold(rep.Title, tc.title) {
				t.Errorf("title %q, want %q", rep.Title, tc.title)
			}
			if !strings.Contains(allText(r, rep), tc.has) {
				t.Errorf("definition lacks %q: %s", tc.has, allText(r, rep))
			}
			checkCitations(t, rules, rep)
		})
	}
	miss := r.Handle(context.Background(), cmd("define", "term", "zzzzqqq"))
	if !miss.Error || !miss.Ephemeral || !strings.Contains(miss.Body, "Try: `/search") {
		t.Errorf("unknown term: %+v", miss)
	}
}

func TestRuleAutocomplete(t *testing.T) {
	r := newRouter(t, Deps{})
	complete := func(q string) []Choice {
		req := cmd("rule", "number", q)
		req.Kind, req.Focused = KindAutocomplete, "number"
		return r.Autocomplete(context.Background(), req)
	}
	values := func(cs []Choice) []string {
		var v []string
		for _, c := range cs {
			v = append(v, c.Value)
		}
		return v
	}
	if got := values(complete("")); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}) {
		t.Errorf("empty query gives %v, want the nine sections", got)
	}
	got := complete("704.5")
	if len(got) == 0 || len(got) > MaxChoices {
		t.Fatalf("704.5 gives %d choices", len(got))
	}
	if !slices.Contains(values(got), "704.5k") {
		t.Errorf("704.5 choices %v lack 704.5k", values(got))
	}
	for _, c := range complete("70") {
		if !strings.HasPrefix(c.Value, "70") || len([]rune(c.Name)) > 100 {
			t.Errorf("choice %+v for 70", c)
		}
	}
	if len(complete("70")) != MaxChoices {
		t.Errorf("\"70\" matches hundreds of rules; want the cap of %d", MaxChoices)
	}
	if v := values(complete("haste")); !slices.Contains(v, "702.10") {
		t.Errorf("haste suggests %v, want 702.10 among them", v)
	}
	if !strings.Contains(complete("302.6")[0].Name, "302.6 — A creature’s activated ability") {
		t.Errorf("choice names carry the rule's words: %q", complete("302.6")[0].Name)
	}
}

func TestLongAnswersArePaged(t *testing.T) {
	rules := loadCR(t)
	r := newRouter(t, Deps{})
	ctx := context.Background()
	// Rule 702 lists some 190 keyword abilities: several pages.
	rep := r.Handle(ctx, cmd("rule", "number", "702"))
	if rep.PageCount < 2 || rep.Page != 0 {
		t.Fatalf("702 has %d pages", rep.PageCount)
	}
	if !strings.HasPrefix(rep.Footer, fmt.Sprintf("Page 1 of %d", rep.PageCount)) {
		t.Errorf("footer %q", rep.Footer)
	}
	text := allText(r, rep)
	last, _ := rules.Rule("702")
	lastID := last.Children[len(last.Children)-1]
	if !strings.Contains(text, "**"+lastID+"**") {
		t.Errorf("the pages do not reach the last keyword %s", lastID)
	}
	var prev, next Button
	for _, b := range rep.Buttons {
		switch {
		case strings.HasPrefix(b.Label, "◀"):
			prev = b
		case strings.HasPrefix(b.Label, "Next"):
			next = b
		}
	}
	if !prev.Disabled || next.Disabled {
		t.Errorf("first page: previous %+v, next %+v", prev, next)
	}
	p2 := r.Handle(ctx, Request{Kind: KindComponent, CustomID: next.CustomID, UserID: "u1"})
	if !p2.Update || p2.Page != 1 || p2.Title != rep.Title || p2.Body == rep.Body {
		t.Errorf("page 2: update=%v page=%d title=%q", p2.Update, p2.Page, p2.Title)
	}
	for _, page := range []Reply{rep, p2} {
		if n := runeLen(page.Body); n > pageBody {
			t.Errorf("page body %d runes", n)
		}
	}
	expired := r.Handle(ctx, Request{Kind: KindComponent, CustomID: "pg:0000000000000000:1"})
	if !expired.Ephemeral || !strings.Contains(expired.Title, "expired") {
		t.Errorf("unknown page token: %+v", expired)
	}
}

func TestPaginateKeepsEverything(t *testing.T) {
	var body strings.Builder
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&body, "paragraph %d with some words in it\n\n", i)
	}
	fields := []Field{{Name: "long", Value: strings.Repeat("é", 2500)}}
	for i := 0; i < 30; i++ {
		fields = append(fields, Field{Name: fmt.Sprint("f", i), Value: "v"})
	}
	pages := paginate(body.String(), fields)
	var got strings.Builder
	nf, runes := 0, 0
	for _, p := range pages {
		if runeLen(p.Body) > pageBody || len(p.Fields) > pageFields {
			t.Errorf("page over budget: %d runes, %d fields", runeLen(p.Body), len(p.Fields))
		}
		got.WriteString(p.Body)
		for _, f := range p.Fields {
			if runeLen(f.Value) > fieldValueMax {
				t.Errorf("field %q value %d runes", f.Name, runeLen(f.Value))
			}
			if f.Name == "long" || f.Name == "long (continued)" {
				runes += runeLen(f.Value)
			}
			nf++
		}
	}
	for i := 0; i < 400; i++ {
		if !strings.Contains(got.String(), fmt.Sprintf("paragraph %d with", i)) {
			t.Fatalf("paragraph %d lost", i)
		}
	}
	if runes != 2500 || nf != 33 {
		t.Errorf("fields: %d runes of the long value (want 2500), %d fields (want 3+30)", runes, nf)
	}
}

func TestAdmit(t *testing.T) {
	ctx := context.Background()
	r := newRouter(t, Deps{Store: session.NewMemory(), Limits: Limits{Rate: 2, Window: time.Minute}})
	req := cmd("rule", "number", "302.6")
	req.ID = "i-1"
	if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
		t.Fatalf("first delivery: answer=%v over=%v", ok, over)
	}
	if ok, _ := admitOnly(r, ctx, req); ok {
		t.Error("the same interaction id was admitted twice")
	}
	req.ID = "i-2"
	if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
		t.Fatalf("second command within the limit refused: %v", over)
	}
	req.ID = "i-3"
	ok, over := admitOnly(r, ctx, req)
	if !ok || over == nil || !over.Ephemeral || !strings.Contains(over.Body, "Try again in") {
		t.Fatalf("third command in the window: answer=%v over=%+v", ok, over)
	}
	// Autocomplete is not counted: it fires on every keystroke.
	req.ID, req.Kind = "i-4", KindAutocomplete
	if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
		t.Errorf("autocomplete limited: %v", over)
	}
	// Another user has their own budget.
	req.ID, req.Kind, req.UserID = "i-5", KindCommand, "u2"
	if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
		t.Errorf("other user limited: %v", over)
	}
}

// TestStoreDown: with the store unreachable, look-ups answer in full and
// session commands answer with a clear ephemeral message.
func TestStoreDown(t *testing.T) {
	ctx := context.Background()
	store := &downStore{}
	r := newRouter(t, Deps{Store: store, Limits: Limits{Rate: 1, Window: time.Minute}, Scenarios: &fakeRunner{}})
	req := cmd("rule", "number", "302.6")
	// (Each its own interaction and user: duplicates and users over the
	// limit are refused from the local record, TestAdmissionWithStoreDown.)
	for i := 0; i < 3; i++ {
		req.ID, req.UserID = fmt.Sprintf("i-%d", i), fmt.Sprintf("u%d", i)
		if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
			t.Fatalf("store down must not stop answers: answer=%v over=%v", ok, over)
		}
	}
	req.UserID = "u1"
	if rep := r.Handle(ctx, req); rep.Error || !strings.Contains(rep.Body, "summoning sickness") {
		t.Errorf("rule look-up with the store down: %+v", rep)
	}
	// A long answer shows its first page and says the rest is missing.
	long := r.Handle(ctx, cmd("rule", "number", "702"))
	if long.Error || !strings.Contains(long.Footer, "could not be stored") {
		t.Errorf("paged answer with the store down: footer %q", long.Footer)
	}
	store.writes = 0
	for _, sub := range []string{"new", "add", "show", "undo", "reset"} {
		req := cmd("scenario", "line", "Ornithopter")
		req.Subcommand = sub
		rep := r.Handle(ctx, req)
		if !rep.Error || !rep.Ephemeral || !strings.Contains(rep.Body, "not answering") {
			t.Errorf("/scenario %s with the store down: %+v", sub, rep)
		}
	}
	if store.writes != 0 {
		t.Errorf("%d writes were attempted after a failed read", store.writes)
	}
}

type panicRunner struct{}

func (panicRunner) Check(string) error { panic("engine bug") }
func (panicRunner) Run(context.Context, string) (ScenarioResult, error) {
	panic("engine bug")
}

func TestHandlerPanicAnswersWithError(t *testing.T) {
	r := newRouter(t, Deps{Scenarios: panicRunner{}})
	req := cmd("scenario", "line", "Ornithopter")
	req.Subcommand = "add"
	rep := r.Serve(context.Background(), req)
	if !rep.Error || !rep.Ephemeral || rep.Title != "Something went wrong" {
		t.Fatalf("panic answered with %+v", rep)
	}
	if rep := r.Handle(context.Background(), cmd("rule", "number", "302.6")); rep.Error {
		t.Error("router unusable after a panic")
	}
}

func TestUnknownCommandAndButton(t *testing.T) {
	r := newRouter(t, Deps{})
	for _, req := range []Request{
		cmd("frobnicate"),
		{Kind: KindComponent, CustomID: "zz:1"},
		{Kind: KindModal, CustomID: "zz:1"},
		{Kind: KindAutocomplete, Command: "rule"},
	} {
		rep := r.Handle(context.Background(), req)
		if !rep.Error || !rep.Ephemeral || !strings.Contains(rep.Body, "Try: `/help`") {
			t.Errorf("%+v answered %+v", req, rep)
		}
	}
}

func TestDefinitions(t *testing.T) {
	r := newRouter(t, Deps{})
	seen := map[string]bool{}
	for _, d := range r.Definitions() {
		seen[d.Name] = true
		if d.Type == SlashCommand && (d.Description == "" || runeLen(d.Description) > 100) {
			t.Errorf("/%s description %q", d.Name, d.Description)
		}
		var walk func([]Option)
		walk = func(opts []Option) {
			for _, o := range opts {
				if o.Name != strings.ToLower(o.Name) || runeLen(o.Description) > 100 || o.Description == "" {
					t.Errorf("/%s option %q: %q", d.Name, o.Name, o.Description)
				}
				walk(o.Options)
			}
		}
		walk(d.Options)
	}
	for _, n := range []string{"rule", "define", "search", "card", "rulings", "mtr", "ipg", "jar", "scenario", "help", FindRules} {
		if !seen[n] {
			t.Errorf("no definition for %q", n)
		}
	}
}

func TestErrorsAreUserErrors(t *testing.T) {
	var ue *UserError
	if !errors.As(fmt.Errorf("wrap: %w", errStore), &ue) {
		t.Fatal("errors.As through wrapping")
	}
}

// TestRedisDown uses the real Redis store pointed at a port where nothing
// listens: look-ups answer, session commands answer with the clear
// ephemeral message, Admit lets the interaction through.
func TestRedisDown(t *testing.T) {
	store, err := session.Open("redis://127.0.0.1:1/0", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	r := newRouter(t, Deps{Store: store, Limits: Limits{Rate: 1, Window: time.Minute}, Scenarios: &fakeRunner{}})
	req := cmd("rule", "number", "302.6")
	req.ID = "redis-down-1"
	if ok, over := admitOnly(r, ctx, req); !ok || over != nil {
		t.Fatalf("Admit with Redis down: %v %v", ok, over)
	}
	if rep := r.Handle(ctx, req); rep.Error {
		t.Errorf("look-up with Redis down: %+v", rep)
	}
	add := cmd("scenario", "line", "Ornithopter")
	add.Subcommand = "add"
	if rep := r.Handle(ctx, add); !rep.Error || !rep.Ephemeral || rep.Title != "Scenario sessions are unavailable" {
		t.Errorf("/scenario add with Redis down: %+v", rep)
	}
}

// admitOnly runs the admission middleware alone: whether the request is
// answered here, and the reply that replaces the answer (over the limit).
func admitOnly(r *Router, ctx context.Context, req Request) (answer bool, over *Reply) {
	passed := false
	rep := r.admission(func(context.Context, Request) Reply { passed = true; return Reply{} })(ctx, req)
	switch {
	case rep.Silent:
		return false, nil
	case !passed:
		return true, &rep
	}
	return true, nil
}
