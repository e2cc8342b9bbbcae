package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

// renderDesk renders what the judge commands post as Desk sends it.
type renderDesk struct {
	mu   sync.Mutex
	n    int
	sent []*discordgo.InteractionResponseData // messages, then edits
}

func (d *renderDesk) keep(msg commands.Reply) {
	d.sent = append(d.sent, RenderMessage(msg))
}

func (d *renderDesk) Open(_ context.Context, channel, _ string, msg commands.Reply) (commands.Posted, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n++
	d.keep(msg)
	return commands.Posted{Channel: channel, Message: fmt.Sprint("m", d.n), Thread: fmt.Sprint("t", d.n)}, nil
}

func (d *renderDesk) Post(_ context.Context, _ string, msg commands.Reply) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n++
	d.keep(msg)
	return fmt.Sprint("m", d.n), nil
}

func (d *renderDesk) Edit(_ context.Context, _, _ string, msg commands.Reply) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.keep(msg)
	return nil
}

func (d *renderDesk) PingRole(context.Context, string, string, string) error { return nil }

// The longest call a player can make (a 1000-character question naming
// cards, so card rulings are suggested too), handed off many times and
// resolved with a long ruling citing a dozen sections: every message the
// judge channel and the player see stays within Discord's limits whole,
// with nothing dropped by the renderer's last guard, and pings nobody.
func TestJudgeMessagesFitDiscordLimits(t *testing.T) {
	desk := &renderDesk{}
	r := testrouter.With(t, func(d *commands.Deps) {
		d.Desk = desk
		d.Judge = commands.JudgeConfig{Channel: judgeChannelID, Roles: []string{judgeRoleID}, REL: "regular", CallTTL: time.Hour}
	})
	ctx := context.Background()
	req := func(sub, user string, opts ...string) commands.Request {
		q := commands.NewRequest("judge", opts...)
		q.Subcommand, q.ID, q.UserID, q.ChannelID, q.GuildID = sub, fmt.Sprint(time.Now().UnixNano()), user, "600", "500"
		q.Roles = []string{judgeRoleID}
		return q
	}
	q := "Ensoul Artifact on my Ornithopter, which has a +1/+1 counter; my opponent drew an extra card off a trigger by accident and then @everyone argued. "
	q = strings.Repeat(q, 1000/len([]rune(q)))
	rep := r.Serve(ctx, req("call", "700", "question", q))
	if rep.Error {
		t.Fatalf("/judge call: %s", rep.Body)
	}
	id := strings.TrimPrefix(strings.TrimSuffix(rep.Title, " opened"), "Judge call ")
	for i := range 12 {
		if rep := r.Serve(ctx, req("handoff", fmt.Sprint(701+i%2), "call", id, "to", fmt.Sprint("<@", 702-i%2, ">"))); rep.Error {
			t.Fatalf("handoff: %s", rep.Body)
		}
	}
	cites := "IPG 2.1, IPG 2.2, IPG 2.3, IPG 2.4, IPG 2.5, IPG 3.3, IPG 3.5, IPG 4.7, MTR 4.2, MTR 5.5, 302.6, 704.5k"
	if rep := r.Serve(ctx, req("resolve", "701", "call", id, "ruling", strings.Repeat("Looking at Extra Cards, then a Warning. ", 37), "cite", cites)); rep.Error {
		t.Fatalf("resolve: %s", rep.Body)
	}
	desk.mu.Lock()
	defer desk.mu.Unlock()
	if len(desk.sent) < 3 {
		t.Fatalf("%d messages sent", len(desk.sent))
	}
	for i, data := range desk.sent {
		e := data.Embeds[0]
		if am := data.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 || len(am.Roles)+len(am.Users) != 0 {
			t.Errorf("message %d may ping: %+v", i, am)
		}
		if n := embedSize(e); n > LimitEmbedTotal {
			t.Errorf("message %d: %d characters", i, n)
		}
		if runes(e.Description) > LimitDescription || len(e.Fields) > LimitFields {
			t.Errorf("message %d: description %d, %d fields", i, runes(e.Description), len(e.Fields))
		}
		if strings.Contains(e.Description, "did not fit") {
			t.Errorf("message %d lost sections: %s", i, e.Description)
		}
		for _, f := range e.Fields {
			if runes(f.Name) > LimitFieldName || runes(f.Value) > LimitFieldValue {
				t.Errorf("message %d: field %q of %d characters", i, f.Name, runes(f.Value))
			}
		}
	}
	ruling := desk.sent[len(desk.sent)-1].Embeds[0]
	if f := ruling.Fields[len(ruling.Fields)-1]; f.Name != "Sources" || !strings.Contains(f.Value, "704.5k") {
		t.Errorf("the posted ruling's last field %q: %s", f.Name, f.Value)
	}
	call := desk.sent[0].Embeds[0]
	var suggested int
	for _, f := range call.Fields {
		if strings.HasPrefix(f.Name, "Suggested: ") {
			suggested++
		}
	}
	if suggested == 0 {
		t.Errorf("the call suggests nothing:\n%+v", call.Fields)
	}
}
