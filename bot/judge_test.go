package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/session/redistest"
	"github.com/arbiter-mtg/arbiter/session/sessiontest"
)

// The judge role and channel of the test server; members with role
// judgeRoleID are judges.
const (
	judgeRoleID    = "880"
	judgeChannelID = "650"
)

// judgeRouterFor is the full command set with judge calls on, posting
// through a Desk that calls the fake Discord.
func judgeRouterFor(t *testing.T, store session.Store) *commands.Router {
	t.Helper()
	desk, err := NewDesk("tok", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := testrouter.With(t, func(d *commands.Deps) {
		d.Desk = desk
		d.Judge = commands.JudgeConfig{Channel: judgeChannelID, Roles: []string{judgeRoleID}, REL: "competitive"}
		if store != nil {
			d.Store = store
		}
	})
	// The question pipeline builds its indexes on the first question:
	// build them now, not inside the first call's answer.
	r.Handle(context.Background(), commands.NewRequest("ask", "question", "Can Ornithopter attack?"))
	return r
}

// answerOf is the final answer to an interaction: its callback, or, when
// the callback deferred it (type 5: a slow machine), the edit that
// followed.
func (f *fakeDiscord) answerOf(t *testing.T, id string) (discordgo.InteractionResponse, string) {
	t.Helper()
	resps, raws := f.awaitAll(t, id)
	deferred := resps[0].Type
	if deferred != discordgo.InteractionResponseDeferredChannelMessageWithSource && deferred != discordgo.InteractionResponseDeferredMessageUpdate {
		return resps[0], raws[0]
	}
	// A public answer edits the placeholder; a private one replaces it
	// with an ephemeral follow-up.
	edit := "PATCH /api/v9/webhooks/900/tok-" + id + "/messages/@original "
	follow := "POST /api/v9/webhooks/900/tok-" + id + " "
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		f.mu.Lock()
		for _, w := range f.webhooks {
			body, ok := strings.CutPrefix(w, edit)
			if !ok {
				body, ok = strings.CutPrefix(w, follow)
			}
			if ok {
				f.mu.Unlock()
				var data discordgo.InteractionResponseData
				json.Unmarshal([]byte(body), &data)
				typ := discordgo.InteractionResponseChannelMessageWithSource
				if deferred == discordgo.InteractionResponseDeferredMessageUpdate && strings.HasPrefix(w, "PATCH ") {
					typ = discordgo.InteractionResponseUpdateMessage // the button's message edited
				}
				return discordgo.InteractionResponse{Type: typ, Data: &data}, unescapeHTML.Replace(body)
			}
		}
		f.mu.Unlock()
		select {
		case <-f.hooked:
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("interaction %s was deferred and never answered", id)
	return discordgo.InteractionResponse{}, ""
}

func rolesJSON(judge bool) string {
	if judge {
		return `["111","` + judgeRoleID + `"]`
	}
	return `["111"]`
}

// judgeCommandJSON is /judge <sub> with string options, from user in
// channel.
func judgeCommandJSON(id, sub, user, channel string, judge bool, opts ...string) []byte {
	var os []string
	for i := 0; i+1 < len(opts); i += 2 {
		os = append(os, fmt.Sprintf(`{"name":%q,"type":3,"value":%q}`, opts[i], opts[i+1]))
	}
	return []byte(fmt.Sprintf(`{"id":%q,"application_id":"900","type":2,"token":"tok-%s","version":1,"guild_id":"500","channel_id":%q,
		"member":{"user":{"id":%q,"username":"u%s"},"roles":%s,"permissions":"0"},
		"data":{"id":"801","name":"judge","type":1,"options":[{"name":%q,"type":1,"options":[%s]}]}}`,
		id, id, channel, user, user, rolesJSON(judge), sub, strings.Join(os, ",")))
}

// pressJSON is a button press on the call message in the judge channel.
func pressJSON(id, customID, user string, judge bool) []byte {
	return []byte(fmt.Sprintf(`{"id":%q,"application_id":"900","type":3,"token":"tok-%s","version":1,"guild_id":"500","channel_id":%q,
		"member":{"user":{"id":%q,"username":"u%s"},"roles":%s,"permissions":"0"},
		"message":{"id":"6000","channel_id":%q,"content":"","author":{"id":"900","username":"Arbiter","bot":true},"timestamp":"2026-04-20T12:00:00.000000+00:00","embeds":[],"attachments":[],"mentions":[],"mention_roles":[],"pinned":false,"mention_everyone":false,"tts":false,"type":0,"flags":0,"components":[]},
		"data":{"custom_id":%q,"component_type":2}}`, id, id, judgeChannelID, user, user, rolesJSON(judge), judgeChannelID, customID))
}

// awaitAll waits for the callbacks of every id, whatever order they
// arrive in, and returns them with their raw bodies.
func (f *fakeDiscord) awaitAll(t *testing.T, ids ...string) ([]discordgo.InteractionResponse, []string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		f.mu.Lock()
		done := true
		for _, id := range ids {
			if f.answered[id] == 0 {
				done = false
			}
		}
		if done {
			var resps []discordgo.InteractionResponse
			var raws []string
			for _, id := range ids {
				resps = append(resps, f.callbacks[id])
				raws = append(raws, unescapeHTML.Replace(f.raw[id]))
			}
			f.mu.Unlock()
			return resps, raws
		}
		f.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("no callbacks for all of %v", ids)
		}
		// The fake announces each callback on f.got; nobody else reads
		// it here, so drain it while waiting.
		select {
		case <-f.got:
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// unescapeHTML undoes encoding/json's escaping of <, > and &, so that
// tests read mentions as Discord shows them.
var unescapeHTML = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

// snapshot copies what the fake recorded, mentions unescaped.
func (f *fakeDiscord) snapshot() (messages, threads, edits []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	un := func(in []string) []string {
		out := make([]string, len(in))
		for i, s := range in {
			out[i] = unescapeHTML.Replace(s)
		}
		return out
	}
	return un(f.messages), un(f.threads), un(f.edits)
}

var claimIDRe = regexp.MustCompile(`"custom_id":"jc:claim:([0-9a-f]+)"`)

// lastCallID is the call id on the newest message posted in the judge
// channel.
func lastCallID(t *testing.T, f *fakeDiscord) string {
	t.Helper()
	msgs, _, _ := f.snapshot()
	for i := len(msgs) - 1; i >= 0; i-- {
		if m := claimIDRe.FindStringSubmatch(msgs[i]); m != nil && strings.HasPrefix(msgs[i], judgeChannelID+" ") {
			return m[1]
		}
	}
	t.Fatalf("no call message in the judge channel: %q", msgs)
	return ""
}

func openJudgeGateway(t *testing.T, r *commands.Router) *Gateway {
	t.Helper()
	g := &Gateway{Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher: &Dispatcher{Router: r, DeferAfter: 10 * time.Second}}
	if err := g.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// TestJudgeCallsThroughDiscord: INTERACTION_CREATE events in, REST calls
// out. /judge call posts the call in the judge channel and starts a thread
// from it (a plain message when the thread is refused); Claim by a
// non-judge is refused privately, by a judge it updates the message; a
// bad citation is refused with the nearest ids; the ruling goes to the
// thread and the player's channel and the call message is edited; and an
// unclaimed call pings the judge role once, the only message whose
// allowed mentions are not empty.
func TestJudgeCallsThroughDiscord(t *testing.T) {
	f := newFakeDiscord(t, 1)
	r := judgeRouterFor(t, nil)
	openJudgeGateway(t, r)

	f.send(0, judgeCommandJSON("4001", "call", "700", "600", false, "question", "@everyone my opponent drew an extra card off Ornithopter's trigger by accident at competitive REL. Penalty?"))
	resp, raw := f.answerOf(t, "4001")
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("/judge call answered %s", raw)
	}
	raws := []string{raw}
	msgs, threads, _ := f.snapshot()
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], judgeChannelID+" ") {
		t.Fatalf("messages %q", msgs)
	}
	for _, want := range []string{`<@700>`, `<#600>`, `Competitive`, `Suggested: IPG`, `"custom_id":"jc:claim:`, `"custom_id":"jc:resolve:`, `"allowed_mentions":{"parse":[]`} {
		if !strings.Contains(msgs[0], want) {
			t.Errorf("the call message lacks %s:\n%s", want, msgs[0])
		}
	}
	if len(threads) != 1 || !strings.HasPrefix(threads[0], judgeChannelID+" 6000 ") {
		t.Fatalf("threads %q, want one from the call message 6000", threads)
	}
	thread := "76000"
	if !strings.Contains(raws[0], "<#"+thread+">") {
		t.Errorf("the player is not pointed at the thread: %s", raws[0])
	}
	id := lastCallID(t, f)

	// A non-judge pressing Claim: a private refusal, no update.
	f.send(0, pressJSON("4002", "jc:claim:"+id, "700", false))
	resps, raws := f.awaitAll(t, "4002")
	if resps[0].Type != discordgo.InteractionResponseChannelMessageWithSource || resps[0].Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(raws[0], "Judges only") {
		t.Errorf("non-judge Claim answered %s", raws[0])
	}
	// A judge: the call message is updated to say who has it.
	f.send(0, pressJSON("4003", "jc:claim:"+id, "701", true))
	resps, raws = f.awaitAll(t, "4003")
	if resps[0].Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(raws[0], `Claimed by <@701>`) {
		t.Errorf("judge Claim answered %s", raws[0])
	}

	// A bad citation, from the thread: refused privately with the nearest ids.
	f.send(0, judgeCommandJSON("4004", "resolve", "701", thread, true, "ruling", "Hidden Card Error.", "cite", "IPG 2.3, CR 302.66"))
	resp, raw = f.answerOf(t, "4004")
	resps, raws = []discordgo.InteractionResponse{resp}, []string{raw}
	if resps[0].Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(raws[0], "CR 302.66 does not exist; nearest: ") || !strings.Contains(raws[0], "302.6,") {
		t.Errorf("bad citation answered %s", raws[0])
	}
	before, _, _ := f.snapshot()
	f.send(0, judgeCommandJSON("4005", "resolve", "701", thread, true, "ruling", "Hidden Card Error: Warning, and the opponent picks a card to shuffle away.", "cite", "IPG hce; MTR 4.2"))
	resp, raw = f.answerOf(t, "4005")
	resps, raws = []discordgo.InteractionResponse{resp}, []string{raw}
	if resps[0].Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(raws[0], "Ruling recorded") {
		t.Errorf("resolve answered %s", raws[0])
	}
	msgs, _, edits := f.snapshot()
	posted := msgs[len(before):]
	if len(posted) != 2 || !strings.HasPrefix(posted[0], thread+" ") || !strings.HasPrefix(posted[1], "600 ") {
		t.Fatalf("the ruling was posted as %q, want the thread then the player's channel", posted)
	}
	for _, p := range posted {
		for _, want := range []string{"IPG 2.3", "Hidden Card Error", "MTR 4.2", "Tournament Shortcuts", `"allowed_mentions":{"parse":[]`} {
			if !strings.Contains(p, want) {
				t.Errorf("the posted ruling lacks %s:\n%s", want, p)
			}
		}
	}
	if len(edits) == 0 || !strings.HasPrefix(edits[len(edits)-1], judgeChannelID+" 6000 ") || !strings.Contains(edits[len(edits)-1], "Resolved by") || !strings.Contains(edits[len(edits)-1], `"components":[]`) {
		t.Errorf("the call message was not edited to resolved: %q", edits)
	}

	// Threads refused: the call stands as a message in the judge channel.
	f.mu.Lock()
	f.threadFail = true
	f.mu.Unlock()
	f.send(0, judgeCommandJSON("4006", "call", "702", "601", false, "question", "Is this Slow Play?"))
	_, raw = f.answerOf(t, "4006")
	raws = []string{raw}
	if !strings.Contains(raws[0], "<#"+judgeChannelID+">") {
		t.Errorf("without a thread the player is pointed at %s", raws[0])
	}

	// Unclaimed for longer than escalate_after: one ping, to the judge
	// role alone, however often the sweep runs.
	before, _, _ = f.snapshot()
	for range 3 {
		if _, err := r.SweepJudgeCalls(context.Background(), time.Now().Add(11*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	msgs, _, _ = f.snapshot()
	var pings []string
	for _, m := range msgs {
		if strings.Contains(m, "<@&") {
			pings = append(pings, m)
			continue
		}
		if !strings.Contains(m, `"allowed_mentions":{"parse":[]`) || strings.Contains(m, `"roles"`) || strings.Contains(m, `"users"`) {
			t.Errorf("a message that may ping:\n%s", m)
		}
	}
	if len(pings) != 1 || len(msgs) != len(before)+1 {
		t.Fatalf("%d pings in %d new messages, want one", len(pings), len(msgs)-len(before))
	}
	var ping struct {
		Content         string `json:"content"`
		AllowedMentions struct {
			Parse []string `json:"parse"`
			Roles []string `json:"roles"`
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	body := strings.TrimPrefix(pings[0], judgeChannelID+" ")
	if err := json.Unmarshal([]byte(body), &ping); err != nil {
		t.Fatalf("ping %s: %v", pings[0], err)
	}
	am := ping.AllowedMentions
	if !strings.HasPrefix(ping.Content, "<@&"+judgeRoleID+"> ") || am.Parse == nil || len(am.Parse) != 0 || len(am.Roles) != 1 || am.Roles[0] != judgeRoleID || len(am.Users) != 0 {
		t.Errorf("the escalation ping %s", body)
	}
}

// TestJudgeQueueSharedThroughRedis: two instances of the bot, each with its
// own gateway connection, share one queue through real Redis. A call
// opened on one is claimed on the other, and two judges pressing Claim at
// the same moment on the two instances: exactly one wins, every round.
func TestJudgeQueueSharedThroughRedis(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	store := func() session.Store { return sessiontest.Redis(t, addr, prefix) }
	f := newFakeDiscord(t, 1)
	openJudgeGateway(t, judgeRouterFor(t, store()))
	openJudgeGateway(t, judgeRouterFor(t, store()))
	f.awaitConns(t, 2)

	const rounds = 25
	n := 5000
	next := func() string { n++; return fmt.Sprint(n) }
	for round := range rounds {
		open := next()
		f.send(round%2, judgeCommandJSON(open, "call", "700", "600", false, "question", fmt.Sprintf("Round %d: my opponent missed their trigger", round)))
		f.answerOf(t, open)
		id := lastCallID(t, f)
		// Pressed at once on the two instances by two judges.
		a, b := next(), next()
		var wg sync.WaitGroup
		wg.Go(func() { f.send(0, pressJSON(a, "jc:claim:"+id, "701", true)) })
		wg.Go(func() { f.send(1, pressJSON(b, "jc:claim:"+id, "702", true)) })
		wg.Wait()
		f.awaitAll(t, a, b)
		resps, raws := make([]discordgo.InteractionResponse, 2), make([]string, 2)
		resps[0], raws[0] = f.answerOf(t, a)
		resps[1], raws[1] = f.answerOf(t, b)
		winner := ""
		for i, resp := range resps {
			switch {
			case resp.Type == discordgo.InteractionResponseUpdateMessage:
				if winner != "" {
					t.Fatalf("round %d: both claims won", round)
				}
				winner = []string{"701", "702"}[i]
			case resp.Data.Flags == discordgo.MessageFlagsEphemeral && strings.Contains(raws[i], "Already claimed"):
			default:
				t.Fatalf("round %d: claim answered %s", round, raws[i])
			}
		}
		if winner == "" {
			t.Fatalf("round %d: no claim won", round)
		}
		// Claimed on one instance is claimed on the other: a third judge
		// on the connection of the instance opposite the opener is told who has it.
		c := next()
		f.send((round+1)%2, pressJSON(c, "jc:claim:"+id, "703", true))
		if _, raw := f.answerOf(t, c); !strings.Contains(raw, "<@"+winner+"> has call "+id) {
			t.Fatalf("round %d: the other instance answered %s", round, raw)
		}
	}
}
