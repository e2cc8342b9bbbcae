package commands_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/session/redistest"
	"github.com/arbiter-mtg/arbiter/session/sessiontest"
)

// fakeDesk records what the judge commands post, as the bot's Desk would
// send it to Discord.
type fakeDesk struct {
	mu       sync.Mutex
	opened   []deskMsg
	posts    []deskMsg
	edits    []deskMsg
	pings    []string // channel role text
	noThread bool
	pingFail int // pings that fail before one succeeds
	n        int
}

type deskMsg struct {
	channel, message string
	rep              commands.Reply
}

func (d *fakeDesk) Open(_ context.Context, channel, name string, msg commands.Reply) (commands.Posted, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n++
	p := commands.Posted{Channel: channel, Message: fmt.Sprintf("m%d", d.n)}
	if !d.noThread {
		p.Thread = fmt.Sprintf("t%d", d.n)
	}
	d.opened = append(d.opened, deskMsg{channel, p.Message, msg})
	return p, nil
}

func (d *fakeDesk) Post(_ context.Context, channel string, msg commands.Reply) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n++
	d.posts = append(d.posts, deskMsg{channel, fmt.Sprintf("m%d", d.n), msg})
	return fmt.Sprintf("m%d", d.n), nil
}

func (d *fakeDesk) Edit(_ context.Context, channel, message string, msg commands.Reply) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.edits = append(d.edits, deskMsg{channel, message, msg})
	return nil
}

func (d *fakeDesk) PingRole(_ context.Context, channel, role, text string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pingFail > 0 {
		d.pingFail--
		return errors.New("discord said no")
	}
	d.pings = append(d.pings, channel+" "+role+" "+text)
	return nil
}

const judgeRole = "r-judge"

func judgeRouter(t *testing.T, desk commands.JudgeDesk, store session.Store) *commands.Router {
	return testrouter.With(t, func(d *commands.Deps) {
		d.Desk = desk
		d.Judge = commands.JudgeConfig{Channel: "judges", Roles: []string{judgeRole, "r-other"}, REL: "competitive"}
		if store != nil {
			d.Store = store
		}
	})
}

var reqN atomic.Int64

// judgeReq is /judge <sub> from user in channel; judge gives the member
// the judge role.
func judgeReq(sub, user, channel string, judge bool, opts ...string) commands.Request {
	req := commands.NewRequest("judge", opts...)
	req.Subcommand = sub
	req.ID, req.UserID, req.ChannelID, req.GuildID = fmt.Sprintf("i%d", reqN.Add(1)), user, channel, "g1"
	if judge {
		req.Roles = []string{"r-member", judgeRole}
	} else {
		req.Roles = []string{"r-member"}
	}
	return req
}

func press(customID, user string, judge bool) commands.Request {
	req := judgeReq("", user, "judges", judge)
	req.Kind, req.Command, req.CustomID = commands.KindComponent, "", customID
	return req
}

func fieldsText(rep commands.Reply) string {
	var b strings.Builder
	b.WriteString(rep.Title + "\n" + rep.Body + "\n")
	for _, f := range rep.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	for _, bt := range rep.Buttons {
		fmt.Fprintf(&b, "[%s %s disabled=%v]\n", bt.Label, bt.CustomID, bt.Disabled)
	}
	return b.String()
}

func mustContain(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// The whole life of a call: opened by a player, refused to a non-judge,
// claimed by one judge and not by a second, handed off, a bad citation
// refused with the nearest ids, resolved with its cited texts posted in
// the thread and the player's channel, then found in the precedent log.
func TestJudgeCallLifecycle(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	q := "At competitive REL my opponent cast Ornithopter and then drew an extra card by accident. What is the penalty?"

	rep := r.Serve(ctx, judgeReq("call", "player", "play", false, "question", q))
	if rep.Error {
		t.Fatalf("/judge call: %s", fieldsText(rep))
	}
	mustContain(t, "the player's answer", fieldsText(rep), "<#t1>")
	if len(desk.opened) != 1 || desk.opened[0].channel != "judges" {
		t.Fatalf("opened %+v", desk.opened)
	}
	call := fieldsText(desk.opened[0].rep)
	mustContain(t, "the call message", call, "<@player>", "<#play>", "Competitive", "Open: waiting for a judge", "Suggested: IPG", "[Claim jc:claim:", "[Resolve jc:resolve:")
	// The line of further sources is named as the answer names it, not
	// as one suggestion.
	if !strings.Contains(call, "\nSee also\n") || strings.Contains(call, "Suggested: See also") {
		t.Errorf("the call's further sources: %s", call)
	}
	id := strings.TrimPrefix(desk.opened[0].rep.Title, "Judge call ")

	// Not a judge: a private refusal, the message unchanged.
	if rep := r.Serve(ctx, press("jc:claim:"+id, "player", false)); !rep.Error || !rep.Ephemeral || rep.Update || rep.Title != "Judges only" {
		t.Errorf("non-judge Claim: %+v", rep)
	}
	rep = r.Serve(ctx, press("jc:claim:"+id, "j1", true))
	if !rep.Update || rep.Error {
		t.Fatalf("judge Claim: %+v", rep)
	}
	mustContain(t, "the claimed call", fieldsText(rep), "Claimed by <@j1>", "[Claim jc:claim:"+id+" disabled=true]")
	if rep := r.Serve(ctx, press("jc:claim:"+id, "j2", true)); !rep.Error || !rep.Ephemeral || !strings.Contains(rep.Body, "<@j1>") {
		t.Errorf("second Claim: %+v", rep)
	}
	// Resolve opens a form for judges only.
	if rep := r.Serve(ctx, press("jc:resolve:"+id, "player", false)); !rep.Error || !rep.Ephemeral {
		t.Errorf("non-judge Resolve: %+v", rep)
	}
	rep = r.Serve(ctx, press("jc:resolve:"+id, "j1", true))
	if rep.Modal == nil || rep.Modal.CustomID != "jc:"+id {
		t.Fatalf("judge Resolve: %+v", rep)
	}
	// Its citations start as the call's suggested sources, in the order
	// the call message shows them, written as a resolve cites them.
	var suggested []string
	for _, f := range desk.opened[0].rep.Fields {
		if m := suggestedRe.FindStringSubmatch(f.Name); m != nil && m[1] != "" {
			suggested = append(suggested, m[1]+" "+m[2])
		} else if m != nil {
			suggested = append(suggested, "CR "+m[3])
		}
	}
	if cite := rep.Modal.Inputs[1]; cite.CustomID != "cite" || len(suggested) == 0 || cite.Value != strings.Join(suggested, ", ") {
		t.Errorf("the form's citations start as %q, want the suggestions %q", cite.Value, suggested)
	}

	// The queue: judges only.
	if rep := r.Serve(ctx, judgeReq("queue", "player", "play", false)); !rep.Error || !rep.Ephemeral {
		t.Errorf("non-judge queue: %+v", rep)
	}
	rep = r.Serve(ctx, judgeReq("queue", "j2", "judges", true))
	mustContain(t, "the queue", fieldsText(rep), id, "claimed by <@j1>", "<#t1>", "drew an extra card")

	// Handoff to a member without a judge role (as Discord resolves the
	// member named): refused.
	notJudge := judgeReq("handoff", "j1", "t1", true, "to", "player")
	notJudge.MemberRoles = map[string][]string{"player": {"r-member"}}
	if rep := r.Serve(ctx, notJudge); !rep.Error || rep.Title != "Not a judge" {
		t.Errorf("handoff to a non-judge: %s", fieldsText(rep))
	}
	// Handoff, from the call's thread: the call message says who has it.
	toJudge := judgeReq("handoff", "j1", "t1", true, "to", "j2")
	toJudge.MemberRoles = map[string][]string{"j2": {judgeRole}}
	rep = r.Serve(ctx, toJudge)
	if rep.Error {
		t.Fatalf("handoff: %s", fieldsText(rep))
	}
	desk.mu.Lock()
	last := desk.edits[len(desk.edits)-1]
	desk.mu.Unlock()
	if last.channel != "judges" || last.message != "m1" {
		t.Errorf("edited %s/%s, want the call message judges/m1", last.channel, last.message)
	}
	mustContain(t, "the call after the handoff", fieldsText(last.rep), "Claimed by <@j2>", "<@j1> → <@j2>")

	// A citation the documents lack: refused with the nearest ids, and
	// nothing recorded.
	rep = r.Serve(ctx, judgeReq("resolve", "j2", "t1", true, "ruling", "Hidden Card Error, Warning.", "cite", "CR 302.66, IPG 2.3"))
	if !rep.Error || rep.Code != commands.CodeNotFound {
		t.Fatalf("bad citation accepted: %s", fieldsText(rep))
	}
	mustContain(t, "the refusal", rep.Body, "CR 302.66 does not exist; nearest: ", "302.6,")
	rep = r.Serve(ctx, judgeReq("resolve", "j2", "t1", true, "ruling", "Hidden Card Error, Warning.", "cite", "IPG 9.7"))
	mustContain(t, "the refusal", rep.Body, "IPG 9.7 does not exist")
	if rep := r.Serve(ctx, judgeReq("rulings", "player", "play", false)); !rep.Error {
		t.Errorf("a refused ruling was recorded: %s", fieldsText(rep))
	}

	// A judge of another server cannot resolve this server's call.
	stranger := judgeReq("resolve", "j7", "elsewhere", true, "ruling", "No.", "cite", "302.6", "call", id)
	stranger.GuildID = "g2"
	if rep := r.Serve(ctx, stranger); !rep.Error || rep.Title != "No such call" {
		t.Errorf("another server's judge resolved the call: %s", fieldsText(rep))
	}
	// Resolved: in the thread and in the player's channel, with the texts.
	rep = r.Serve(ctx, judgeReq("resolve", "j2", "t1", true, "ruling", "Hidden Card Error, Warning: reveal the hand, opponent chooses a card to shuffle away.", "cite", "IPG hce, CR 121.1; MTR 4.2"))
	if rep.Error || !rep.Ephemeral {
		t.Fatalf("resolve: %s", fieldsText(rep))
	}
	desk.mu.Lock()
	posts := desk.posts
	last = desk.edits[len(desk.edits)-1]
	desk.mu.Unlock()
	var where []string
	for _, p := range posts {
		if strings.HasPrefix(p.rep.Title, "Judge ruling") {
			where = append(where, p.channel)
			mustContain(t, "the posted ruling", fieldsText(p.rep), "<@player> asked", "Ruling** by <@j2>", "IPG 2.3", "Hidden Card Error", "121.1", "MTR 4.2")
		}
	}
	if strings.Join(where, ",") != "t1,play" {
		t.Errorf("ruling posted to %v, want the thread t1 and the player's channel play", where)
	}
	mustContain(t, "the resolved call", fieldsText(last.rep), "Resolved by <@j2>")
	if len(last.rep.Buttons) != 0 {
		t.Errorf("a resolved call keeps its buttons: %+v", last.rep.Buttons)
	}
	if rep := r.Serve(ctx, judgeReq("queue", "j2", "judges", true)); !strings.Contains(rep.Body, "No open calls") {
		t.Errorf("queue after the ruling: %s", fieldsText(rep))
	}
	if rep := r.Serve(ctx, press("jc:claim:"+id, "j1", true)); !rep.Error {
		t.Errorf("a resolved call was claimed: %+v", rep)
	}

	// The precedent log, by rule (a parent rule or section finds it) and
	// by card.
	for _, opts := range [][]string{nil, {"rule", "121"}, {"rule", "IPG 2"}, {"rule", "mtr 4.2"}, {"card", "ornithopter"}, {"card", "Ornithopter", "rule", "121.1"}} {
		rep := r.Serve(ctx, judgeReq("rulings", "player", "play", false, opts...))
		if rep.Error || len(rep.Fields) != 1 {
			t.Errorf("rulings %v: %s", opts, fieldsText(rep))
			continue
		}
		mustContain(t, fmt.Sprint("rulings ", opts), fieldsText(rep), "Hidden Card Error, Warning", "IPG 2.3", "<@j2>")
	}
	for _, opts := range [][]string{{"rule", "704"}, {"rule", "12"}, {"rule", "IPG 3"}, {"card", "Ensoul Artifact"}} {
		if rep := r.Serve(ctx, judgeReq("rulings", "player", "play", false, opts...)); !rep.Error {
			t.Errorf("rulings %v found %s", opts, fieldsText(rep))
		}
	}
	// Another server sees none of them.
	other := judgeReq("rulings", "player", "play", false)
	other.GuildID = "g2"
	if rep := r.Serve(ctx, other); !rep.Error {
		t.Errorf("another server's log: %s", fieldsText(rep))
	}
	all, err := r.Rulings(ctx, "")
	if err != nil || len(all) != 1 || all[0].Guild != "g1" || len(all[0].Cites) != 3 || all[0].Call != id {
		t.Fatalf("export: %+v %v", all, err)
	}

	// Deleting a recorded ruling: judges only, by its id.
	if rep := r.Serve(ctx, judgeReq("forget", "player", "play", false, "ruling", all[0].ID)); !rep.Error || rep.Title != "Judges only" {
		t.Errorf("non-judge forget: %s", fieldsText(rep))
	}
	if rep := r.Serve(ctx, judgeReq("forget", "j1", "judges", true, "ruling", "nope")); !rep.Error || rep.Code != commands.CodeNotFound {
		t.Errorf("forget of an unknown id: %s", fieldsText(rep))
	}
	if rep := r.Serve(ctx, judgeReq("forget", "j1", "judges", true, "ruling", all[0].ID)); rep.Error {
		t.Fatalf("forget: %s", fieldsText(rep))
	}
	if rep := r.Serve(ctx, judgeReq("rulings", "player", "play", false)); !rep.Error {
		t.Errorf("a deleted ruling is still found: %s", fieldsText(rep))
	}
	if all, err := r.Rulings(ctx, ""); err != nil || len(all) != 0 {
		t.Errorf("export after the deletion: %+v %v", all, err)
	}
}

// The Resolve form records the ruling as /judge resolve does.
func TestJudgeResolveForm(t *testing.T) {
	desk := &fakeDesk{noThread: true}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Can my Ornithopter attack the turn it came in?"))
	id := strings.TrimPrefix(desk.opened[0].rep.Title, "Judge call ")
	form := press("jc:"+id, "j1", true)
	form.Kind = commands.KindModal
	form.Values = map[string]string{"ruling": "No: summoning sickness.", "cite": "302.6"}
	if rep := r.Serve(ctx, form); rep.Error {
		t.Fatalf("form: %s", fieldsText(rep))
	}
	// No thread: the ruling goes to the player's channel only.
	desk.mu.Lock()
	defer desk.mu.Unlock()
	if len(desk.posts) != 1 || desk.posts[0].channel != "play" {
		t.Fatalf("posts %+v", desk.posts)
	}
	mustContain(t, "the ruling", fieldsText(desk.posts[0].rep), "No: summoning sickness.", "302.6")
}

// The citations the Resolve form starts with are the call's suggestions,
// each one the loaded documents hold: kept as they are, they are recorded.
func TestJudgeResolveFormStartsWithSuggestions(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "At Competitive REL my opponent drew an extra card off his Brainstorm. What's the penalty?"))
	id := strings.TrimPrefix(desk.opened[0].rep.Title, "Judge call ")
	open := r.Serve(ctx, press("jc:resolve:"+id, "j1", true))
	if open.Modal == nil {
		t.Fatalf("Resolve: %+v", open)
	}
	cite := open.Modal.Inputs[1].Value
	if !strings.HasPrefix(cite, "IPG ") {
		t.Fatalf("the form's citations start as %q, want the suggested IPG section first", cite)
	}
	form := press("jc:"+id, "j1", true)
	form.Kind = commands.KindModal
	form.Values = map[string]string{"ruling": "Hidden Card Error: Warning.", "cite": cite}
	if rep := r.Serve(ctx, form); rep.Error {
		t.Fatalf("the form as it started: %s", fieldsText(rep))
	}
	recorded, err := r.Rulings(ctx, "")
	if err != nil || len(recorded) != 1 {
		t.Fatalf("recorded %+v, %v", recorded, err)
	}
	var got []string
	for _, c := range recorded[0].Cites {
		got = append(got, c.Kind+":"+c.ID)
	}
	if want := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(cite, ", ", ","), " ", ":")); strings.Join(got, ",") != want {
		t.Errorf("recorded citations %q, want %q", got, cite)
	}
}

// Without Discord (the console) a call says what it needs.
func TestJudgeCallNeedsDiscord(t *testing.T) {
	r := judgeRouter(t, nil, nil)
	rep := r.Serve(context.Background(), judgeReq("call", "player", "play", false, "question", "Can I do this?"))
	if !rep.Error || rep.Code != commands.CodeUnavailable || rep.Title != "Judge calls need Discord" {
		t.Errorf("%+v", rep)
	}
	// The judges' commands too, in a console with no judge role set: not
	// "Judges only ... use /judge call", which the console cannot do.
	console := testrouter.With(t, func(d *commands.Deps) {})
	for _, sub := range []string{"queue", "handoff", "forget"} {
		rep := console.Serve(context.Background(), judgeReq(sub, "console", "console", false, "ruling", "x", "to", "y"))
		if !rep.Error || rep.Title != "Judge calls need Discord" {
			t.Errorf("/judge %s in a console: %q %q", sub, rep.Title, rep.Body)
		}
	}
}

// An unclaimed call older than escalate_after pings the judge role once;
// a claimed one never; a failed ping is tried again at the next sweep.
func TestJudgeEscalation(t *testing.T) {
	desk := &fakeDesk{}
	r := judgeRouter(t, desk, nil)
	ctx := context.Background()
	r.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Is this a Game Rule Violation?"))
	r.Serve(ctx, judgeReq("call", "player2", "play", false, "question", "Is this Slow Play?"))
	claimed := strings.TrimPrefix(desk.opened[1].rep.Title, "Judge call ")
	if rep := r.Serve(ctx, press("jc:claim:"+claimed, "j1", true)); rep.Error {
		t.Fatal(fieldsText(rep))
	}
	now := time.Now()
	if n, err := r.SweepJudgeCalls(ctx, now.Add(9*time.Minute)); n != 0 || err != nil {
		t.Fatalf("swept %d (%v) before escalate_after", n, err)
	}
	desk.mu.Lock()
	desk.pingFail = 1
	desk.mu.Unlock()
	sweepPingsOnce(t, r, now.Add(11*time.Minute), now.Add(12*time.Minute))
	desk.mu.Lock()
	defer desk.mu.Unlock()
	if len(desk.pings) != 1 || !strings.HasPrefix(desk.pings[0], "judges "+judgeRole+" judge call ") {
		t.Errorf("pings %q", desk.pings)
	}
	mustContain(t, "the escalated call", fieldsText(desk.edits[len(desk.edits)-1].rep), "the judge role was called")
}

// Two instances sharing Redis: a call opened on one is claimed on the
// other, and of two judges pressing Claim at once on the two, exactly one
// wins, round after round; the escalation of a call is sent by one
// instance only.
func TestJudgeCallsShareRedis(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	open := func() session.Store { return sessiontest.Redis(t, addr, prefix) }
	desk := &fakeDesk{}
	a, b := judgeRouter(t, desk, open()), judgeRouter(t, desk, open())
	ctx := context.Background()
	const rounds = 40
	for round := range rounds {
		if rep := a.Serve(ctx, judgeReq("call", "player", "play", false, "question", fmt.Sprintf("Round %d: is this a Missed Trigger?", round))); rep.Error {
			t.Fatal(fieldsText(rep))
		}
		desk.mu.Lock()
		id := strings.TrimPrefix(desk.opened[len(desk.opened)-1].rep.Title, "Judge call ")
		desk.mu.Unlock()
		var wg sync.WaitGroup
		var reps [2]commands.Reply
		start := make(chan struct{})
		for i, r := range []*commands.Router{a, b} {
			wg.Go(func() {
				<-start
				reps[i] = r.Serve(ctx, press("jc:claim:"+id, fmt.Sprintf("j%d", i), true))
			})
		}
		close(start)
		wg.Wait()
		wins, winner := 0, -1
		for i, rep := range reps {
			if rep.Update && !rep.Error {
				wins++
				winner = i
			} else if !rep.Error || !rep.Ephemeral || rep.Title != "Already claimed" {
				t.Fatalf("round %d: the loser got %+v", round, rep)
			}
		}
		if wins != 1 {
			t.Fatalf("round %d: %d of 2 concurrent claims won", round, wins)
		}
		// Claimed on one instance, claimed on the other: a third judge
		// on the instance that lost is told who has it.
		other := []*commands.Router{a, b}[1-winner]
		rep := other.Serve(ctx, press("jc:claim:"+id, "j9", true))
		if !rep.Error || !strings.Contains(rep.Body, fmt.Sprintf("<@j%d> has call %s", winner, id)) {
			t.Fatalf("round %d: the other instance answered %+v", round, rep)
		}
	}
	queue := b.Serve(ctx, judgeReq("queue", "j9", "judges", true))
	if queue.PageCount != 4 || !strings.Contains(fieldsText(queue), "Round 0") {
		t.Errorf("instance b's queue of %d calls: %d pages\n%s", rounds, queue.PageCount, fieldsText(queue))
	}
	// One unclaimed call, swept by both instances at once: one ping.
	a.Serve(ctx, judgeReq("call", "player", "play", false, "question", "Nobody claims this one"))
	var wg sync.WaitGroup
	later := time.Now().Add(time.Hour)
	for _, r := range []*commands.Router{a, b, a, b} {
		wg.Go(func() {
			if _, err := r.SweepJudgeCalls(ctx, later); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	desk.mu.Lock()
	defer desk.mu.Unlock()
	if len(desk.pings) != 1 {
		t.Errorf("%d escalation pings from two instances, want 1: %q", len(desk.pings), desk.pings)
	}
}

// The suggestion a judge call carries follows the server's REL: at
// Competitive REL the infraction's IPG section with its penalty (IPG 2.3
// Hidden Card Error, a Warning, for a card drawn too many), at Regular REL
// the JAR's fix first, since the IPG's penalties do not apply there (MTR
// 1.12).
func TestJudgeCallSuggestionFollowsTheServersREL(t *testing.T) {
	ctx := context.Background()
	q := "My opponent drew two cards for the turn by accident instead of one, and now has more cards in hand than he should. What do we do?"
	first := func(rel string) commands.Field {
		t.Helper()
		posted := callAtREL(t, ctx, rel, q)
		for _, f := range posted.Fields {
			if strings.HasPrefix(f.Name, "Suggested: ") {
				return f
			}
		}
		t.Fatalf("no suggestion at %s REL: %s", rel, fieldsText(posted))
		return commands.Field{}
	}
	if f := first("competitive"); !strings.HasPrefix(f.Name, "Suggested: IPG 2.3") || !strings.HasPrefix(f.Value, "Penalty at Competitive REL: Warning") {
		t.Errorf("at Competitive REL the first suggestion is %q: %.80q", f.Name, f.Value)
	}
	if f := first("regular"); !strings.HasPrefix(f.Name, "Suggested: JAR") {
		t.Errorf("at Regular REL the first suggestion is %q", f.Name)
	}
}

// callAtREL opens a judge call on q from a server set to rel and returns
// the message posted in the judge channel.
func callAtREL(t *testing.T, ctx context.Context, rel, q string) commands.Reply {
	t.Helper()
	desk := &fakeDesk{}
	r := testrouter.With(t, func(d *commands.Deps) {
		d.Desk = desk
		d.Judge = commands.JudgeConfig{Channel: "judges", Roles: []string{judgeRole}, REL: rel}
	})
	if rep := r.Serve(ctx, judgeReq("call", "player", "play", false, "question", q)); rep.Error {
		t.Fatalf("/judge call at %s REL: %s", rel, fieldsText(rep))
	}
	return desk.opened[0].rep
}

// sweepPingsOnce sweeps the judge calls when the desk fails its next ping
// (at failAt), which sends none, then at at, which sends one ping for all
// the calls waiting, then later, which pings none of them again.
func sweepPingsOnce(t *testing.T, r *commands.Router, failAt, at time.Time) {
	t.Helper()
	ctx := context.Background()
	if n, err := r.SweepJudgeCalls(ctx, failAt); n != 0 || err != nil {
		t.Fatalf("a failed ping counted: %d %v", n, err)
	}
	if n, err := r.SweepJudgeCalls(ctx, at); n != 1 || err != nil {
		t.Fatalf("swept %d pings (%v), want one for the calls waiting", n, err)
	}
	for range 2 {
		if n, _ := r.SweepJudgeCalls(ctx, at.Add(time.Hour)); n != 0 {
			t.Fatal("pinged again")
		}
	}
}
