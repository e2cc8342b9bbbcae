package commands_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/commands"
)

// callID is the id of the call a desk message shows.
func callID(rep commands.Reply) string {
	return strings.TrimPrefix(rep.Title, "Judge call ")
}

// The queue names who has a call in the field's value: Discord shows a
// mention in a field's name as a raw id. Each field says a call's state
// once.
func TestJudgeQueueNamesJudgesWhereMentionsShow(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Is this Slow Play?"))
	r.Serve(ctx, judgeReq("call", "player2", "play", false, "question", "Is this a Game Rule Violation?"))
	claimed := callID(desk.opened[0].rep)
	if rep := r.Serve(ctx, press("jc:claim:"+claimed, "j1", true)); rep.Error {
		t.Fatal(fieldsText(rep))
	}
	rep := r.Serve(ctx, judgeReq("queue", "j2", "judges", true))
	if len(rep.Fields) != 2 {
		t.Fatalf("queue of two calls:\n%s", fieldsText(rep))
	}
	for _, f := range rep.Fields {
		if strings.Contains(f.Name, "<@") || strings.Contains(f.Name, "<#") {
			t.Errorf("a mention in the field name %q", f.Name)
		}
		for _, state := range []string{"unclaimed", "claimed by"} {
			if n := strings.Count(f.Name+"\n"+f.Value, state); n > 1 {
				t.Errorf("%q said %d times:\n%s\n%s", state, n, f.Name, f.Value)
			}
		}
	}
	if f := rep.Fields[0]; !strings.HasPrefix(f.Name, claimed+" · ") || !strings.HasSuffix(f.Name, " · claimed") || !strings.Contains(f.Value, "claimed by <@j1>") {
		t.Errorf("the claimed call: %q / %q", f.Name, f.Value)
	}
	if f := rep.Fields[1]; !strings.HasSuffix(f.Name, " · unclaimed") || strings.Contains(f.Value, "claimed") {
		t.Errorf("the unclaimed call: %q / %q", f.Name, f.Value)
	}
}

// The calls one sweep escalates share one ping of the judge role, which
// lists them each with its wait and thread; a later sweep pings none of
// them again, and a failed ping leaves them all for the next sweep.
func TestJudgeEscalationPingsOnceForManyCalls(t *testing.T) {
	desk := &fakeDesk{pingFail: 1}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	for i := range 3 {
		r.Serve(ctx, judgeReq("call", fmt.Sprintf("p%d", i), "play", false, "question", fmt.Sprintf("Table %d: is this Slow Play?", i+1)))
	}
	later := time.Now().Add(11 * time.Minute)
	sweepPingsOnce(t, r, later, later)
	desk.mu.Lock()
	defer desk.mu.Unlock()
	if len(desk.pings) != 1 {
		t.Fatalf("pings %q", desk.pings)
	}
	ping := desk.pings[0]
	mustContain(t, "the ping", ping, "judges "+judgeRole+" 3 judge calls have waited unclaimed:", "<#t1>", "<#t2>", "<#t3>", ", 11m: ")
	for _, o := range desk.opened {
		mustContain(t, "the ping", ping, callID(o.rep))
	}
	escalated := map[string]bool{}
	for _, e := range desk.edits {
		if strings.Contains(fieldsText(e.rep), "the judge role was called") {
			escalated[e.message] = true
		}
	}
	if len(escalated) != 3 {
		t.Errorf("%d call messages say the judge role was called, want 3", len(escalated))
	}
}

// A ping for more calls than one message holds lists what fits and
// points at the queue for the rest.
func TestJudgeEscalationPingFitsOneMessage(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	const calls = 80
	for i := range calls {
		r.Serve(ctx, judgeReq("call", "p", "play", false, "question", fmt.Sprintf("Table %d: is this Slow Play?", i+1)))
	}
	if n, err := r.SweepJudgeCalls(ctx, time.Now().Add(time.Hour)); n != 1 || err != nil {
		t.Fatalf("swept %d pings (%v)", n, err)
	}
	ping := desk.pings[0]
	if n := utf8.RuneCountInString("<@&" + judgeRole + "> " + strings.TrimPrefix(ping, "judges "+judgeRole+" ")); n > 2000 {
		t.Errorf("the ping has %d characters", n)
	}
	listed := strings.Count(ping, "\n• ")
	mustContain(t, "the ping", ping, fmt.Sprintf("%d judge calls", calls), fmt.Sprintf("… and %d more: /judge queue", calls-listed))
	if listed < 20 || listed >= calls {
		t.Errorf("%d of %d calls listed", listed, calls)
	}
}

// The refusals of /judge resolve show the resolve command (with the
// judge's ruling and the nearest citations when only a citation was not
// found), and an unknown call id is named back with the likely causes.
func TestJudgeResolveRefusals(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Is this Slow Play?"))
	id := callID(desk.opened[0].rep)
	for _, tc := range []struct {
		name  string
		opts  []string
		title string
		has   []string
	}{
		{"unknown call", []string{"call", "zz99", "ruling", "No.", "cite", "CR 302.6"}, "No such call", []string{"zz99", "mistyped", "/judge queue"}},
		{"no ruling", []string{"call", id, "ruling", "", "cite", "CR 302.6"}, "What was the ruling?", []string{"Try: `/judge resolve ruling:"}},
		{"no citation", []string{"call", id, "ruling", "Warning.", "cite", " , "}, "Cite the rules", []string{"JAR", "Try: `/judge resolve ruling:"}},
		// The same resolve, with the nearest citations: it runs as it is.
		{"bad citation", []string{"call", id, "ruling", "Warning.", "cite", "CR 302.66, IPG 3.3"}, "Citation not found", []string{"nearest: ", "302.6,", "Try: `/judge resolve ruling:Warning. cite:CR 302.7, IPG 3.3 call:" + id + "`"}},
	} {
		rep := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, tc.opts...))
		if !rep.Error || !rep.Ephemeral || rep.Title != tc.title {
			t.Errorf("%s: %s", tc.name, fieldsText(rep))
			continue
		}
		mustContain(t, tc.name, rep.Body, tc.has...)
		if strings.Contains(rep.Body, "/judge call") {
			t.Errorf("%s points a judge at /judge call: %s", tc.name, rep.Body)
		}
	}
	// That hint is the resolve it says, as typed.
	bad := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, "call", id, "ruling", "Warning.", "cite", "CR 302.66, IPG 3.3"))
	_, hint, _ := strings.Cut(bad.Body, "Try: `")
	again, err := commands.ParseLine(strings.TrimSuffix(hint, "`"), r.Definitions())
	if err != nil || again.Subcommand != "resolve" || again.Options["ruling"] != "Warning." || again.Options["cite"] != "CR 302.7, IPG 3.3" || again.Options["call"] != id {
		t.Errorf("hint %q reads as %+v, %v", hint, again, err)
	}
	// The Claim button of a call resolved meanwhile names it too.
	if rep := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, "call", id, "ruling", "Warning.", "cite", "IPG 3.3")); rep.Error {
		t.Fatal(fieldsText(rep))
	}
	rep := r.Serve(ctx, press("jc:claim:"+id, "j2", true))
	if !rep.Error || !strings.Contains(rep.Body, id) {
		t.Errorf("Claim on a resolved call: %s", fieldsText(rep))
	}
}

// suggestions are the suggestion fields of a call message.
func suggestions(rep commands.Reply) []commands.Field {
	var out []commands.Field
	for _, f := range rep.Fields {
		if strings.HasPrefix(f.Name, "Suggested: ") {
			out = append(out, f)
		}
	}
	return out
}

// At Regular REL an IPG infraction suggested on a call says under its
// penalty that the IPG's penalties do not apply there, and a JAR part
// comes first; at Competitive REL there is no such note. A question naming another REL than the server's is shown
// as such, since the suggestions follow it.
func TestJudgeCallIPGPenaltyAtRegularREL(t *testing.T) {
	ctx := context.Background()
	q := "My opponent drew an extra card off Ornithopter's trigger by accident. What's the penalty?"
	call := func(rel, q string) commands.Reply {
		t.Helper()
		return callAtREL(t, ctx, rel, q)
	}
	penalties := func(rep commands.Reply) []string {
		var out []string
		for _, f := range suggestions(rep) {
			if strings.HasPrefix(f.Value, "Penalty at Competitive REL: ") {
				out = append(out, f.Value)
			}
		}
		return out
	}
	regular := call("regular", q)
	if len(penalties(regular)) == 0 {
		t.Fatalf("no IPG penalty suggested at Regular REL:\n%s", fieldsText(regular))
	}
	for _, v := range penalties(regular) {
		if lines := strings.SplitN(v, "\n", 3); len(lines) < 2 || !strings.Contains(lines[1], "At Regular REL the IPG's penalties do not apply") {
			t.Errorf("the penalty at Regular REL has no note under it:\n%s", v)
		}
	}
	if strings.Contains(regular.Body, "the question names") {
		t.Errorf("the question names no REL: %s", regular.Body)
	}
	// Whenever an infraction is suggested at Regular REL, a JAR part
	// comes first, even for a call the pipeline reads as a rules
	// question first (a forgotten trigger told by the card).
	for _, q := range []string{q, "Opponent forgot Dark Confidant trigger and noticed after drawing for the turn"} {
		rep := call("regular", q)
		if sug := suggestions(rep); len(penalties(rep)) > 0 && !strings.HasPrefix(sug[0].Name, "Suggested: JAR ") {
			t.Errorf("at Regular REL an infraction is suggested, but first comes %q", sug[0].Name)
		}
	}
	competitive := call("competitive", q)
	for _, v := range penalties(competitive) {
		if strings.Contains(v, "Regular REL") {
			t.Errorf("a Regular REL note at Competitive REL:\n%s", v)
		}
	}
	// A Competitive server, a question from an FNM: the suggestions
	// follow the question, and the call says so.
	fnm := call("competitive", "At FNM my opponent drew an extra card by accident. What's the fix?")
	mustContain(t, "the call", fnm.Body, "**REL** Competitive (the question names Regular REL")
	for _, v := range penalties(fnm) {
		mustContain(t, "an IPG penalty for an FNM", v, "At Regular REL the IPG's penalties do not apply")
	}
	// A server with no REL set: the question's REL is the call's.
	mustContain(t, "the call", call("", "At FNM my opponent drew an extra card by accident. What's the fix?").Body, "· **REL** Regular (named in the question)")
}

// The call shows the cards the question names, as the pipeline read
// them; a question naming none shows no cards and no card rulings.
func TestJudgeCallShowsTheNamedCards(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Ensoul Artifact on my Ornithopter: can it attack the turn Ensoul Artifact was cast?"))
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Can a creature attack the turn it came under my control?"))
	named, none := desk.opened[0].rep, desk.opened[1].rep
	cards := ""
	for _, l := range strings.Split(named.Body, "\n") {
		if c, ok := strings.CutPrefix(l, "**Cards** "); ok {
			cards = c
		}
	}
	for _, want := range []string{"Ensoul Artifact", "Ornithopter"} {
		if !strings.Contains(cards, want) {
			t.Errorf("the call's cards %q lack %s:\n%s", cards, want, named.Body)
		}
	}
	if i, j := strings.Index(named.Body, "**Cards**"), strings.Index(named.Body, ">>> "); i > j {
		t.Errorf("the cards come after the quoted question, inside its quote:\n%s", named.Body)
	}
	if strings.Contains(none.Body, "**Cards**") {
		t.Errorf("cards on a call naming none:\n%s", none.Body)
	}
	for _, f := range none.Fields {
		if strings.Contains(f.Name, "Ruling on ") {
			t.Errorf("a card ruling on a call naming no card: %s", f.Name)
		}
	}
}

// A quoted text cut to fit a call or a posted ruling ends at a line or
// word, not mid-word, and never on a bare heading.
func TestJudgeQuotesEndAtABreak(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "My opponent drew an extra card off Ornithopter's trigger by accident. Penalty?"))
	id := callID(desk.opened[0].rep)
	if rep := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, "call", id, "ruling", "Looking at Extra Cards: Warning.", "cite", "IPG 2.2, IPG 2.3, IPG 3.3, IPG 4.7, MTR 4.2")); rep.Error {
		t.Fatal(fieldsText(rep))
	}
	fields := suggestions(desk.opened[0].rep)
	fields = append(fields, desk.posts[0].rep.Fields...)
	cut := 0
	for _, f := range fields {
		v, ok := strings.CutSuffix(f.Value, "…")
		if !ok {
			continue
		}
		cut++
		if !strings.HasSuffix(v, " ") {
			t.Errorf("%s is cut mid-word: …%q", f.Name, v[max(0, len(v)-40):])
		}
		last := strings.TrimSpace(v[strings.LastIndex(strings.TrimSpace(v), "\n")+1:])
		for _, h := range []string{"Examples", "Philosophy", "Additional Remedy", "Upgrade", "Downgrade"} {
			if last == h {
				t.Errorf("%s ends on the heading %q", f.Name, h)
			}
		}
	}
	if cut == 0 {
		t.Errorf("no quoted text was cut; the test shows nothing:\n%s", fieldsText(desk.posts[0].rep))
	}
}

// A ruling citing many sections is posted whole: each cited text is
// quoted more briefly, so that the message stays within one Discord
// message (6000 characters) and keeps its sources.
func TestJudgeRulingWithManyCitationsFits(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", strings.Repeat("My opponent drew an extra card and then shuffled. ", 19)))
	id := callID(desk.opened[0].rep)
	cites := "IPG 2.1, IPG 2.2, IPG 2.3, IPG 2.4, IPG 2.5, IPG 3.3, IPG 3.5, IPG 4.7, MTR 4.2, MTR 5.5, 302.6, 704.5k"
	if rep := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, "call", id, "ruling", strings.Repeat("Looking at Extra Cards, then a Warning. ", 37), "cite", cites)); rep.Error {
		t.Fatal(fieldsText(rep))
	}
	msg := desk.posts[0].rep
	if len(msg.Citations) != 12 {
		t.Errorf("%d citations kept, want 12", len(msg.Citations))
	}
	total := utf8.RuneCountInString(msg.Title + msg.Body)
	for _, f := range msg.Fields {
		total += utf8.RuneCountInString(f.Name + f.Value)
	}
	// The sources field the renderer adds: at most one field value.
	if total+1024+len("Sources") > 6000 {
		t.Errorf("the posted ruling has %d characters before its sources", total)
	}
	if len(msg.Fields) == 0 || len(msg.Fields) > 10 {
		t.Errorf("%d cited texts quoted", len(msg.Fields))
	}
}

// Handing a call to the judge who has it changes nothing and says so,
// rather than adding "<@a> → <@a>" to the call's history.
func TestJudgeHandoffToTheHolder(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Is this Slow Play?"))
	id := callID(desk.opened[0].rep)
	r.Serve(ctx, press("jc:claim:"+id, "j1", true))
	edits := len(desk.edits)
	rep := r.Serve(ctx, judgeReq("handoff", "j1", "judges", true, "call", id, "to", "<@j1>"))
	if !rep.Error || rep.Title != "Nothing to hand off" || !strings.Contains(rep.Body, "<@j1> has call "+id+" already") {
		t.Errorf("handoff to the holder: %s", fieldsText(rep))
	}
	if len(desk.edits) != edits || len(desk.posts) != 0 {
		t.Errorf("the call was changed: %d edits, %d posts", len(desk.edits)-edits, len(desk.posts))
	}
}

// The judge is told where the ruling went: the thread only when the call
// has one.
func TestJudgeResolveSaysWhereTheRulingWent(t *testing.T) {
	for _, noThread := range []bool{false, true} {
		desk := &fakeDesk{noThread: noThread}
		r := judgeRouter(t, desk, nil)
		ctx := context.Background()
		r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Is this Slow Play?"))
		id := callID(desk.opened[0].rep)
		rep := r.Serve(ctx, judgeReq("resolve", "j1", "judges", true, "call", id, "ruling", "Slow Play: Warning.", "cite", "IPG 3.3"))
		if rep.Error {
			t.Fatal(fieldsText(rep))
		}
		if thread := strings.Contains(rep.Body, "thread"); thread == noThread || len(desk.posts) != map[bool]int{false: 2, true: 1}[noThread] {
			t.Errorf("thread %v: %d posts, the judge is told %q", !noThread, len(desk.posts), rep.Body)
		}
	}
}
