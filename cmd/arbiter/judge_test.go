package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// judgeServer loads the server `arbiter http` would run with configText,
// its REST calls going to a minimal fake Discord that refuses threads.
func judgeServer(t *testing.T, configText string) (*server, *bytes.Buffer, string, *[]string) {
	t.Helper()
	var mu sync.Mutex
	var posted []string
	mux := http.NewServeMux()
	n := 0
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n++
		posted = append(posted, r.PathValue("channel")+" "+string(b))
		id := n
		mu.Unlock()
		fmt.Fprintf(w, `{"id":"%d","channel_id":%q,"content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`, 100+id, r.PathValue("channel"))
	})
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages/{msg}/threads", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `{"message":"Missing Permissions","code":50013}`)
	})
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{msg}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"id":%q,"channel_id":%q,"content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`, r.PathValue("msg"), r.PathValue("channel"))
	})
	fake := httptest.NewServer(mux)
	t.Cleanup(fake.Close)
	t.Cleanup(func() { bot.SetAPIBase("https://discord.com") })
	var logs bytes.Buffer
	a := &app{DataDir: shareddata.Data(t), In: strings.NewReader(""), Out: io.Discard, Err: &logs}
	s, path := loadTestServer(t, a, strings.ReplaceAll(configText, "API_BASE", fake.URL))
	return s, &logs, path, &posted
}

// A ruling recorded on a server with Redis is printed by `arbiter judge
// export`, as JSON, with its citations.
func TestJudgeExport(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	s, logs, path, posted := judgeServer(t, fmt.Sprintf(`
[discord]
token = "tok"
api_base = "API_BASE"
[redis]
url = "redis://%s/0?prefix=%s"
[judge]
channels = ["650"]
roles = ["880"]
rel = "regular"
`, addr, prefix))
	if strings.Contains(logs.String(), "kept in memory") || !strings.Contains(logs.String(), "judge calls on") {
		t.Errorf("start-up log:\n%s", logs)
	}
	ctx := context.Background()
	call := commands.NewRequest("judge", "question", "Can my Ornithopter attack the turn it came in?")
	call.Subcommand, call.ID, call.UserID, call.ChannelID, call.GuildID = "call", "1", "700", "600", "500"
	if rep := s.current().Serve(ctx, call); rep.Error {
		t.Fatalf("/judge call: %+v", rep)
	}
	if len(*posted) != 1 || !strings.HasPrefix((*posted)[0], "650 ") || !strings.Contains((*posted)[0], "REL** Regular") {
		t.Fatalf("posted %q", *posted)
	}
	res := commands.NewRequest("judge", "ruling", "No: it has summoning sickness.", "cite", "302.6", "call", "")
	res.Subcommand, res.ID, res.UserID, res.ChannelID, res.GuildID, res.Roles = "resolve", "2", "701", "650", "500", []string{"880"}
	// The call is the one 701 is asked about: name it.
	var id string
	fmt.Sscanf(strings.SplitN((*posted)[0], `"title":"Judge call `, 2)[1], "%10s", &id)
	res.Options["call"] = id
	if rep := s.current().Serve(ctx, res); rep.Error {
		t.Fatalf("/judge resolve: %+v", rep)
	}
	out, errOut, code := cli(t, "", "judge", "export", "--config", path)
	if code != 0 {
		t.Fatalf("export exited %d: %s", code, errOut)
	}
	var got []commands.RecordedRuling
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(got) != 1 || got[0].Ruling != "No: it has summoning sickness." || got[0].Guild != "500" || got[0].Judge != "701" || len(got[0].Cites) != 1 || got[0].Cites[0].ID != "302.6" || got[0].Call != id {
		t.Errorf("export %s", out)
	}
}

// Without Redis the server says at start that calls live in its memory,
// and export refuses with a usage error.
func TestJudgeCallsWithoutRedis(t *testing.T) {
	_, logs, path, _ := judgeServer(t, `
[discord]
token = "tok"
api_base = "API_BASE"
[judge]
channels = ["650"]
roles = ["880"]
`)
	if !strings.Contains(logs.String(), "judge calls and recorded rulings are kept in memory: one instance only") {
		t.Errorf("start-up log:\n%s", logs)
	}
	if _, errOut, code := cli(t, "", "judge", "export", "--config", path); code != 2 || !strings.Contains(errOut, "no [redis] url") {
		t.Errorf("export without Redis: exit %d, %s", code, errOut)
	}
}

// A bot with a token but no judge channel: /judge call says that the
// server has no judge channel (the setting to fix), not that judge calls
// need Discord and a bot token, which it has; the start-up log says so.
func TestJudgeCallWithoutJudgeChannel(t *testing.T) {
	s, logs, _, posted := judgeServer(t, `
[discord]
token = "tok"
api_base = "API_BASE"
`)
	if !strings.Contains(logs.String(), "judge calls off") || !strings.Contains(logs.String(), "[judge] channels") {
		t.Errorf("start-up log does not say why judge calls are off:\n%s", logs)
	}
	call := commands.NewRequest("judge", "question", "Can my Ornithopter attack the turn it came in?")
	call.Subcommand, call.ID, call.UserID, call.ChannelID, call.GuildID = "call", "1", "700", "600", "500"
	rep := s.current().Serve(context.Background(), call)
	if !rep.Error || rep.Title != "No judge channel" || !strings.Contains(rep.Body, "channels setting names none") {
		t.Errorf("/judge call without a judge channel: %q %q", rep.Title, rep.Body)
	}
	if len(*posted) != 0 {
		t.Errorf("posted %q", *posted)
	}
}
