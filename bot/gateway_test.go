package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

// fakeDiscord is a local stand-in for Discord's REST API and gateway,
// enough for the bot to connect, identify, resume, register commands and
// answer interactions: GET /api/v9/gateway(/bot), a websocket that sends
// HELLO, reads IDENTIFY or RESUME and sends READY or RESUMED (replaying
// what the session missed), acknowledges heartbeats, and the REST routes
// the bot calls. Its failure modes are switched on per test: close codes,
// op 7 and op 9, a zombie connection, an outage, a global 429, callbacks,
// follow-ups and registrations that fail, answer 429 or hang.
type fakeDiscord struct {
	t testing.TB
	// errs are the fake's own findings, reported by the test at its end:
	// the fake's goroutines outlive the test (hijacked websockets) and
	// must not call t.Errorf after it.
	errMu  sync.Mutex
	errs   []string
	ended  bool
	srv    *httptest.Server
	shards int

	mu sync.Mutex
	// wmu serialises writes to the websockets once a connection is
	// published in conns; taken after mu (never before it), and mu is
	// released before writing, so that a slow write (a bot that reads its
	// socket late) does not hold up the REST routes, as it would not on
	// Discord.
	wmu        sync.Mutex
	identifies []map[string]any
	resumes    []map[string]any
	conns      []*websocket.Conn
	connSess   map[*websocket.Conn]string
	sessions   map[string]bool // session id -> still resumable
	events     []fakeEvent     // every dispatch sent, for RESUME replays
	seq        int
	registered []discordgo.ApplicationCommand
	regPath    string
	callbacks  map[string]discordgo.InteractionResponse // by interaction id
	answered   map[string]int                           // callbacks per interaction id
	attempts   map[string]int                           // callback requests per interaction id
	raw        map[string]string                        // callback bodies
	arrived    map[string]time.Time                     // when each accepted callback's request arrived
	gatewayHit []string
	got        chan string // interaction ids as their callbacks arrive
	webhooks   []string    // follow-up calls: method, path, body
	hooked     chan string
	messages   []string // channel messages: channel id, body
	msgSeq     int      // channel messages posted (their ids: 6000, 6001, …)
	threads    []string // threads started: channel id, message id, body
	threadFail bool     // thread creation answers 403
	edits      []string // message edits: channel id, message id, body
	posted     chan string
	ready      chan struct{}

	// Failure modes.
	heartbeatMS   int              // HELLO's heartbeat interval
	heartbeats    int              // heartbeats received
	zombie        *websocket.Conn  // gets no ACKs and no events
	zombieBeats   int              // heartbeats the zombie received
	refuse        int              // close IDENTIFY with this code instead of READY
	down          bool             // the websocket endpoint answers 503
	dials         int              // websocket requests, down or not
	clientCloses  []int            // close codes the bot sent
	closedAt      chan time.Time   // when the bot's close frames arrived
	callbackFail  map[string][]int // per interaction: statuses before success; -1 hangs
	retryAfter    float64          // retry_after of a scripted 429
	hung          chan string      // hung callbacks, when the bot gave up
	webhookFail   map[string][]int // per method: statuses before success
	regFail       []int            // registration statuses before success
	regRetryAfter float64          // retry_after of a registration 429
	globalLimited bool             // channel messages answer a global 429
	malformed429  bool             // channel messages answer a 429 discordgo cannot parse
}

type fakeEvent struct {
	session string
	seq     int
	msg     []byte
}

// errorf records a failure the fake found; the test reports it at its end.
func (f *fakeDiscord) errorf(format string, args ...any) {
	f.errMu.Lock()
	defer f.errMu.Unlock()
	if !f.ended {
		f.errs = append(f.errs, fmt.Sprintf(format, args...))
	}
}

func newFakeDiscord(t testing.TB, shards int) *fakeDiscord {
	f := &fakeDiscord{t: t, shards: shards, callbacks: map[string]discordgo.InteractionResponse{}, answered: map[string]int{}, attempts: map[string]int{}, raw: map[string]string{}, arrived: map[string]time.Time{},
		got: make(chan string, 64), hooked: make(chan string, 64), posted: make(chan string, 16), ready: make(chan struct{}, 16),
		connSess: map[*websocket.Conn]string{}, sessions: map[string]bool{}, heartbeatMS: 45000, closedAt: make(chan time.Time, 16),
		callbackFail: map[string][]int{}, webhookFail: map[string][]int{}, hung: make(chan string, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v9/gateway", func(w http.ResponseWriter, r *http.Request) {
		f.hit(r)
		fmt.Fprintf(w, `{"url":%q}`, f.wsURL())
	})
	mux.HandleFunc("GET /api/v9/gateway/bot", func(w http.ResponseWriter, r *http.Request) {
		f.hit(r)
		fmt.Fprintf(w, `{"url":%q,"shards":%d,"session_start_limit":{"total":1000,"remaining":999,"reset_after":0,"max_concurrency":1}}`, f.wsURL(), f.shards)
	})
	mux.HandleFunc("GET /ws/", f.gateway) // the bot adds a slash, as discordgo does
	mux.HandleFunc("PUT /api/v9/applications/{app}/guilds/{guild}/commands", f.register)
	mux.HandleFunc("PUT /api/v9/applications/{app}/commands", f.register)
	mux.HandleFunc("POST /api/v9/interactions/{id}/{token}/callback", func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		id := r.PathValue("id")
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.attempts[id]++
		status := 0
		if script := f.callbackFail[id]; len(script) > 0 {
			status, f.callbackFail[id] = script[0], script[1:]
		}
		retryAfter := f.retryAfter
		f.mu.Unlock()
		switch status {
		case 0:
		case -1: // hang until the bot gives up
			<-r.Context().Done()
			f.hung <- id
			return
		case http.StatusTooManyRequests:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%g,"global":false}`, retryAfter)
			return
		default:
			w.WriteHeader(status)
			return
		}
		var resp discordgo.InteractionResponse
		// discordgo cannot decode components (an interface) back: that
		// field is skipped with a type error, and tests read it from raw.
		var typeErr *json.UnmarshalTypeError
		if err := json.Unmarshal(b, &resp); err != nil && !errors.As(err, &typeErr) {
			t.Errorf("callback body %s: %v", b, err)
		}
		f.mu.Lock()
		f.raw[id] = string(b)
		if _, ok := f.arrived[id]; !ok {
			f.arrived[id] = at
		}
		f.callbacks[id] = resp
		f.answered[id]++
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		f.got <- id
	})
	// Follow-ups of deferred answers: edit or delete the original, or a
	// new follow-up message.
	webhook := func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		status := 0
		if script := f.webhookFail[r.Method]; len(script) > 0 {
			status, f.webhookFail[r.Method] = script[0], script[1:]
		}
		if status == 0 {
			f.webhooks = append(f.webhooks, r.Method+" "+r.URL.Path+" "+string(b))
		}
		f.mu.Unlock()
		if status != 0 {
			w.WriteHeader(status)
			return
		}
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
		} else {
			fmt.Fprint(w, `{"id":"5000","channel_id":"600","content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`)
		}
		f.hooked <- r.Method
	}
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		limited, malformed := f.globalLimited, f.malformed429
		if !limited && !malformed {
			f.messages = append(f.messages, r.PathValue("channel")+" "+string(b))
		}
		f.mu.Unlock()
		switch {
		case limited:
			// Discord's global limit: every bot-authenticated request
			// must wait 30 s.
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
			w.Header().Set("X-RateLimit-Reset-After", "30")
			w.Header().Set("Retry-After", "30")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"message":"You are being rate limited.","retry_after":30,"global":true}`)
			return
		case malformed:
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `not json`)
			return
		}
		f.mu.Lock()
		f.msgSeq++
		id := 6000 + f.msgSeq - 1
		f.mu.Unlock()
		fmt.Fprintf(w, `{"id":"%d","channel_id":%q,"content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`, id, r.PathValue("channel"))
		select {
		case f.posted <- r.PathValue("channel"):
		default: // nobody waits for more
		}
	})
	// Judge calls: a thread started from a message, and message edits.
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages/{msg}/threads", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		fail := f.threadFail
		f.threads = append(f.threads, r.PathValue("channel")+" "+r.PathValue("msg")+" "+string(b))
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if fail {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"message":"Missing Permissions","code":50013}`)
			return
		}
		fmt.Fprintf(w, `{"id":"7%s","type":11,"parent_id":%q,"name":"call"}`, r.PathValue("msg"), r.PathValue("channel"))
	})
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{msg}", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.edits = append(f.edits, r.PathValue("channel")+" "+r.PathValue("msg")+" "+string(b))
		f.mu.Unlock()
		fmt.Fprintf(w, `{"id":%q,"channel_id":%q,"content":"","timestamp":"2026-04-20T12:00:00.000000+00:00"}`, r.PathValue("msg"), r.PathValue("channel"))
	})
	mux.HandleFunc("/api/v9/webhooks/{app}/{token}", webhook)
	mux.HandleFunc("/api/v9/webhooks/{app}/{token}/messages/{msg}", webhook)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(func() {
		f.errMu.Lock()
		f.ended = true
		errs := f.errs
		f.errMu.Unlock()
		for _, e := range errs {
			t.Error(e)
		}
		f.srv.Close()
	})
	// discordgo's endpoints are package variables: point them at the fake
	// for this test and back afterwards.
	if err := SetAPIBase(f.srv.URL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { SetAPIBase("https://discord.com") })
	return f
}

func (f *fakeDiscord) hit(r *http.Request) {
	f.mu.Lock()
	f.gatewayHit = append(f.gatewayHit, r.URL.Path+" "+r.Header.Get("Authorization"))
	f.mu.Unlock()
}

func (f *fakeDiscord) wsURL() string { return "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws" }

func (f *fakeDiscord) register(w http.ResponseWriter, r *http.Request) {
	var cmds []discordgo.ApplicationCommand
	if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
		f.errorf("registration body: %v", err)
	}
	f.mu.Lock()
	status := 0
	if len(f.regFail) > 0 {
		status, f.regFail = f.regFail[0], f.regFail[1:]
	}
	if status == 0 {
		f.registered, f.regPath = cmds, r.URL.Path
	}
	retryAfter := f.regRetryAfter
	f.mu.Unlock()
	switch status {
	case 0:
		json.NewEncoder(w).Encode(cmds)
	case http.StatusTooManyRequests:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%g,"global":false}`, retryAfter)
	default:
		w.WriteHeader(status)
		fmt.Fprint(w, `{"message":"500: Internal Server Error","code":0}`)
	}
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// gateway speaks Discord's gateway protocol on one connection.
func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.dials++
	down, interval := f.down, f.heartbeatMS
	f.mu.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
		return
	}
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.errorf("upgrade: %v", err)
		return
	}
	c.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": interval}})
	var first map[string]any
	if err := c.ReadJSON(&first); err != nil {
		// A client whose Open was cancelled may hang up after HELLO,
		// before it identifies: that is its right, and a test that needs
		// it to identify waits for READY instead. Anything else is an
		// error of the protocol.
		var ce *websocket.CloseError
		if errors.As(err, &ce) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return
		}
		f.errorf("reading IDENTIFY: %v", err)
		return
	}
	// Writes to one connection must not interleave: everything written
	// after HELLO is written under f.mu.
	f.mu.Lock()
	switch first["op"] {
	case float64(2):
		f.identifies = append(f.identifies, first)
		if f.refuse != 0 {
			c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(f.refuse, "refused"), time.Now().Add(time.Second))
			f.mu.Unlock()
			c.Close()
			return
		}
		f.seq++
		sid := fmt.Sprint("session-", f.seq)
		f.sessions[sid] = true
		f.connSess[c] = sid
		c.WriteJSON(map[string]any{"op": 0, "t": "READY", "s": f.seq, "d": map[string]any{
			"v": 9, "session_id": sid, "resume_gateway_url": f.wsURL(),
			"user":        map[string]any{"id": "900", "username": "Arbiter", "bot": true},
			"application": map[string]any{"id": "900"},
			"guilds":      []any{},
		}})
	case float64(6):
		f.resumes = append(f.resumes, first)
		d := first["d"].(map[string]any)
		sid, _ := d["session_id"].(string)
		seq, _ := d["seq"].(float64)
		if !f.sessions[sid] {
			c.WriteJSON(map[string]any{"op": 9, "d": false})
			break
		}
		f.connSess[c] = sid
		for _, e := range f.events {
			if e.session == sid && e.seq > int(seq) {
				c.WriteMessage(websocket.TextMessage, e.msg)
			}
		}
		f.seq++
		c.WriteJSON(map[string]any{"op": 0, "t": "RESUMED", "s": f.seq, "d": map[string]any{}})
	default:
		f.errorf("first message op %v", first["op"])
	}
	f.conns = append(f.conns, c)
	f.mu.Unlock()
	select {
	case f.ready <- struct{}{}:
	default:
	}
	for {
		var p map[string]any
		_, msg, err := c.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				f.mu.Lock()
				f.clientCloses = append(f.clientCloses, ce.Code)
				if ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway {
					// Discord ends the session: no RESUME.
					delete(f.sessions, f.connSess[c])
				}
				f.mu.Unlock()
				select {
				case f.closedAt <- time.Now():
				default:
				}
			}
			return
		}
		json.Unmarshal(msg, &p)
		if p["op"] == float64(1) {
			f.mu.Lock()
			f.heartbeats++
			zombie := f.zombie == c
			if zombie {
				f.zombieBeats++
			}
			f.wmu.Lock()
			f.mu.Unlock()
			if !zombie {
				c.WriteJSON(map[string]any{"op": 11})
			}
			f.wmu.Unlock()
		}
	}
}

// send pushes an INTERACTION_CREATE down connection i.
func (f *fakeDiscord) send(i int, interaction []byte) {
	f.dispatch(i, "INTERACTION_CREATE", interaction)
}

// sendLast pushes an INTERACTION_CREATE down the newest connection.
func (f *fakeDiscord) sendLast(interaction []byte) {
	f.mu.Lock()
	i := len(f.conns) - 1
	f.mu.Unlock()
	f.send(i, interaction)
}

// dispatch sends an event on connection i and keeps it for a RESUME; a
// zombie connection loses it.
func (f *fakeDiscord) dispatch(i int, typ string, d []byte) {
	f.mu.Lock()
	f.seq++
	msg := []byte(fmt.Sprintf(`{"op":0,"t":%q,"s":%d,"d":%s}`, typ, f.seq, d))
	c := f.conns[i]
	f.events = append(f.events, fakeEvent{session: f.connSess[c], seq: f.seq, msg: msg})
	if f.zombie == c {
		f.mu.Unlock()
		return
	}
	// Events go out in the order of their sequence numbers: the write
	// lock is taken before mu is released.
	f.wmu.Lock()
	f.mu.Unlock()
	defer f.wmu.Unlock()
	if err := c.WriteMessage(websocket.TextMessage, msg); err != nil {
		f.errorf("send: %v", err)
	}
}

// op sends a non-dispatch opcode on connection i.
func (f *fakeDiscord) op(i, op int, d any) {
	f.mu.Lock()
	c := f.conns[i]
	f.wmu.Lock()
	f.mu.Unlock()
	defer f.wmu.Unlock()
	c.WriteJSON(map[string]any{"op": op, "d": d})
}

// zombify makes connection i a zombie: heartbeats go unacknowledged and
// events sent on it are lost (until a RESUME replays them).
func (f *fakeDiscord) zombify(i int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.zombie = f.conns[i]
}

// closeConn closes connection i with a close code, as Discord does.
func (f *fakeDiscord) closeConn(i, code int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.conns[i]
	if code == 4007 || code == 4009 {
		delete(f.sessions, f.connSess[c])
	}
	c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, "fake"), time.Now().Add(time.Second))
	c.Close()
}

// dropConn cuts connection i without a close frame (a network drop).
func (f *fakeDiscord) dropConn(i int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.conns[i].NetConn().Close()
}

// connCount is the number of connections that got READY or RESUMED (or
// the op 9 answering a failed RESUME).
func (f *fakeDiscord) connCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.conns)
}

// awaitConns waits until n connections were made.
func (f *fakeDiscord) awaitConns(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for f.connCount() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d gateway connections, want %d", f.connCount(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (f *fakeDiscord) await(t *testing.T, id string) discordgo.InteractionResponse {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case got := <-f.got:
			if got == id {
				f.mu.Lock()
				defer f.mu.Unlock()
				return f.callbacks[id]
			}
		case <-deadline:
			t.Fatalf("no callback for interaction %s", id)
		}
	}
}

// panicOnHelp panics on /help, like a handler bug.
func panicOnHelp(next commands.Handler) commands.Handler {
	return func(ctx context.Context, req commands.Request) commands.Reply {
		if req.Command == "help" {
			var words []string
			_ = words[len(req.Command)] // index out of range: a real runtime panic
		}
		return next(ctx, req)
	}
}

// using adds test middleware to a router.
func using(r *commands.Router, mw ...commands.Middleware) *commands.Router {
	r.Use(mw...)
	return r
}

func interactionJSON(id, name, optName, optValue string) []byte {
	opts := "[]"
	if optName != "" {
		opts = fmt.Sprintf(`[{"name":%q,"type":3,"value":%q}]`, optName, optValue)
	}
	return []byte(fmt.Sprintf(`{"id":%q,"application_id":"900","type":2,"token":"tok-%s","version":1,"guild_id":"500","channel_id":"600",
		"member":{"user":{"id":"700","username":"alice"},"roles":[],"permissions":"0"},
		"data":{"id":"800","name":%q,"type":1,"options":%s}}`, id, id, name, opts))
}

// TestGatewayEndToEnd runs the real discordgo client against the fake
// Discord: discovery through api_base, IDENTIFY with the token, command
// registration, an interaction answered through the callback, a paging
// button and a form round trip, a handler panic answered with an error and
// the bot still answering afterwards, and a duplicate delivery answered once.
func TestGatewayEndToEnd(t *testing.T) {
	f := newFakeDiscord(t, 1)

	g := &Gateway{
		Token: "test-token", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher: &Dispatcher{Router: using(testRouter(t, commands.Deps{Scenarios: echoRunner{}}), panicOnHelp), DeferAfter: 2 * time.Second},
	}
	if err := g.Open(context.Background()); err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer g.Close()

	f.mu.Lock()
	if len(f.gatewayHit) != 1 || !strings.HasPrefix(f.gatewayHit[0], "/api/v9/gateway ") {
		t.Errorf("gateway discovery calls %q", f.gatewayHit)
	}
	ident := f.identifies[0]
	d, _ := ident["d"].(map[string]any)
	if ident["op"] != float64(2) || d["token"] != "Bot test-token" {
		t.Errorf("IDENTIFY %v", ident)
	}
	if f.regPath != "/api/v9/applications/900/guilds/500/commands" {
		t.Errorf("registration went to %q", f.regPath)
	}
	names := map[string]discordgo.ApplicationCommand{}
	for _, c := range f.registered {
		names[c.Name] = c
	}
	f.mu.Unlock()
	if len(names) != len(g.Dispatcher.Router.Definitions()) || names["rule"].Options[0].Name != "number" || !names["rule"].Options[0].Autocomplete {
		t.Errorf("registered %d commands: %+v", len(names), names["rule"])
	}
	if names[commands.FindRules].Type != discordgo.MessageApplicationCommand {
		t.Errorf("Find rules registered as type %d", names[commands.FindRules].Type)
	}
	if sc := names["scenario"]; len(sc.Options) != 5 || sc.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		t.Errorf("scenario subcommands %+v", sc.Options)
	}
	if c := names["cr"]; len(c.Options) != 1 || c.Options[0].Name != "diff" || c.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand || len(c.Options[0].Options) != 3 {
		t.Errorf("/cr diff registered as %+v", c.Options)
	}
	// /judge: call, resolve, rulings, queue, forget, handoff (to: a member).
	judgeSubs := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range names["judge"].Options {
		judgeSubs[o.Name] = o
	}
	if len(judgeSubs) != 6 || judgeSubs["forget"] == nil || judgeSubs["call"] == nil || judgeSubs["resolve"] == nil || judgeSubs["rulings"] == nil || judgeSubs["queue"] == nil || judgeSubs["handoff"] == nil {
		t.Errorf("/judge registered as %+v", names["judge"].Options)
	} else if to := judgeSubs["handoff"].Options[0]; to.Name != "to" || to.Type != discordgo.ApplicationCommandOptionUser || !to.Required {
		t.Errorf("/judge handoff to: registered as %+v", to)
	}

	f.send(0, interactionJSON("2001", "rule", "number", "302.6"))
	resp := f.await(t, "2001")
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data.Embeds[0].Title != "Rule 302.6" {
		t.Fatalf("callback %+v", resp)
	}
	if resp.Data.AllowedMentions == nil || len(resp.Data.AllowedMentions.Parse) != 0 {
		t.Errorf("allowed mentions %+v", resp.Data.AllowedMentions)
	}

	f.send(0, interactionJSON("2002", "help", "", ""))
	resp = f.await(t, "2002")
	if resp.Data == nil || resp.Data.Flags != discordgo.MessageFlagsEphemeral || resp.Data.Embeds[0].Title != "Something went wrong" {
		t.Fatalf("panic answered with %+v", resp.Data)
	}

	// Still running: the next interaction is answered.
	f.send(0, interactionJSON("2003", "rule", "number", "704.5k"))
	if resp := f.await(t, "2003"); !strings.Contains(resp.Data.Embeds[0].Description, "world rule") {
		t.Errorf("after the panic: %+v", resp.Data.Embeds[0])
	}

	// A long answer pages; its Next button, pressed, updates the message.
	f.send(0, interactionJSON("2010", "rule", "number", "702"))
	f.await(t, "2010")
	f.mu.Lock()
	next := regexp.MustCompile(`"custom_id":"(pg:[0-9a-f]+:1)"`).FindStringSubmatch(f.raw["2010"])
	f.mu.Unlock()
	if next == nil {
		t.Fatalf("no Next button on /rule 702")
	}
	press := func(id, user string) discordgo.InteractionResponse {
		f.send(0, []byte(fmt.Sprintf(`{"id":%q,"application_id":"900","type":3,"token":"tok-%s","version":1,"guild_id":"500","channel_id":"600",
		"member":{"user":{"id":%q,"username":"someone"},"roles":[],"permissions":"0"},
		"message":{"id":"1300","channel_id":"600","content":"","author":{"id":"900","username":"Arbiter","bot":true},"timestamp":"2026-04-20T12:00:00.000000+00:00","embeds":[],"attachments":[],"mentions":[],"mention_roles":[],"pinned":false,"mention_everyone":false,"tts":false,"type":20,"flags":0,"components":[]},
		"data":{"custom_id":%q,"component_type":2}}`, id, id, user, next[1])))
		return f.await(t, id)
	}
	// The asker turns the page of the message itself.
	page2 := press("2011", "700")
	if page2.Type != discordgo.InteractionResponseUpdateMessage || !strings.HasPrefix(page2.Data.Embeds[0].Footer.Text, "Page 2 of") {
		t.Errorf("Next pressed: type %d, %+v", page2.Type, page2.Data.Embeds[0].Footer)
	}
	// Someone else sees the page privately; the message stays as it is.
	other := press("2012", "701")
	if other.Type != discordgo.InteractionResponseChannelMessageWithSource || other.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.HasPrefix(other.Data.Embeds[0].Footer.Text, "Page 2 of") {
		t.Errorf("Next pressed by another user: type %d, flags %d", other.Type, other.Data.Flags)
	}

	// /scenario add with no line opens the form; submitting it answers.
	f.send(0, []byte(`{"id":"2020","application_id":"900","type":2,"token":"tok-2020","version":1,"guild_id":"500","channel_id":"600",
		"member":{"user":{"id":"701","username":"bob"},"roles":[],"permissions":"0"},
		"data":{"id":"802","name":"scenario","type":1,"options":[{"name":"add","type":1,"options":[]}]}}`))
	form := f.await(t, "2020")
	f.mu.Lock()
	formRaw := f.raw["2020"]
	f.mu.Unlock()
	if form.Type != discordgo.InteractionResponseModal || form.Data.CustomID != "scn:add:c" || !strings.Contains(formRaw, `"custom_id":"lines"`) {
		t.Fatalf("form: %+v", form)
	}
	f.send(0, []byte(`{"id":"2021","application_id":"900","type":5,"token":"tok-2021","version":1,"guild_id":"500","channel_id":"600",
		"member":{"user":{"id":"701","username":"bob"},"roles":[],"permissions":"0"},
		"data":{"custom_id":"scn:add:c","components":[{"type":1,"components":[{"type":4,"custom_id":"lines","value":"Ornithopter as O (new)\n? can O attack"}]}]}}`))
	if sub := f.await(t, "2021"); sub.Data == nil || !strings.Contains(sub.Data.Embeds[0].Description, "ran 2 lines") {
		t.Errorf("form submitted: %+v", sub.Data)
	}

	// The same interaction delivered twice is answered once.
	f.send(0, interactionJSON("2003", "rule", "number", "704.5k"))
	f.send(0, interactionJSON("2004", "rule", "number", "100.1"))
	f.await(t, "2004")
	time.Sleep(200 * time.Millisecond) // let a wrongly answered duplicate arrive
	f.mu.Lock()
	if n := f.answered["2003"]; n != 1 {
		t.Errorf("interaction 2003 answered %d times, want once", n)
	}
	f.mu.Unlock()
}

// TestGatewayAutoSharding: shard_count "auto" asks GET /gateway/bot and
// opens one session per recommended shard, each identifying with its
// shard pair; registration happens once.
func TestGatewayAutoSharding(t *testing.T) {
	f := newFakeDiscord(t, 2)
	g := &Gateway{Token: "tok", ApplicationID: "900", AutoShard: true, Dispatcher: &Dispatcher{Router: testRouter(t, commands.Deps{})}}
	if err := g.Open(context.Background()); err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer g.Close()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.identifies) != 2 {
		t.Fatalf("%d IDENTIFYs, want 2", len(f.identifies))
	}
	for i, id := range f.identifies {
		d := id["d"].(map[string]any)
		shard, _ := d["shard"].([]any)
		if len(shard) != 2 || shard[0] != float64(i) || shard[1] != float64(2) {
			t.Errorf("IDENTIFY %d shard %v, want [%d 2]", i, d["shard"], i)
		}
	}
	if f.gatewayHit[0] != "/api/v9/gateway/bot Bot tok" {
		t.Errorf("first call %q, want GET /gateway/bot with the token", f.gatewayHit[0])
	}
	if f.regPath != "/api/v9/applications/900/commands" {
		t.Errorf("global registration went to %q", f.regPath)
	}
}

// TestGatewayDefersSlowAnswers: a handler slower than defer_after gets a
// type 5 callback at once and its answer edits the original message; a
// slow private answer replaces the public placeholder with an ephemeral
// follow-up.
func TestGatewayDefersSlowAnswers(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g := &Gateway{
		Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher: &Dispatcher{Router: using(testRouter(t, commands.Deps{}), slow(300*time.Millisecond)), DeferAfter: 50 * time.Millisecond},
	}
	if err := g.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer g.Close()

	f.send(0, interactionJSON("3001", "rule", "number", "302.6"))
	if resp := f.await(t, "3001"); resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first callback type %d, want 5", resp.Type)
	}
	waitHook := func() {
		select {
		case <-f.hooked:
		case <-time.After(5 * time.Second):
			t.Fatal("no follow-up")
		}
	}
	waitHook()
	f.mu.Lock()
	edit := f.webhooks[0]
	f.mu.Unlock()
	if !strings.HasPrefix(edit, "PATCH /api/v9/webhooks/900/tok-3001/messages/@original ") || !strings.Contains(edit, "Rule 302.6") || !strings.Contains(edit, `"allowed_mentions":{"parse":[]`) {
		t.Errorf("edit %s", edit)
	}

	// An error is private: the placeholder goes, an ephemeral follow-up comes.
	f.send(0, interactionJSON("3002", "rule", "number", "302.62"))
	f.await(t, "3002")
	waitHook()
	waitHook()
	f.mu.Lock()
	del, follow := f.webhooks[1], f.webhooks[2]
	f.mu.Unlock()
	if !strings.HasPrefix(del, "DELETE /api/v9/webhooks/900/tok-3002/messages/@original") {
		t.Errorf("want the placeholder deleted, got %s", del)
	}
	if !strings.HasPrefix(follow, "POST /api/v9/webhooks/900/tok-3002 ") || !strings.Contains(follow, `"flags":64`) || !strings.Contains(follow, "No such rule") {
		t.Errorf("ephemeral follow-up %s", follow)
	}
}

// TestWatcherEndToEnd: with watch_channels set, the bot identifies with
// the message intents and answers [[Card]] and "CR 302.6" in a watched
// channel, replying to the message with mentions disabled; other channels
// and bots are ignored.
func TestWatcherEndToEnd(t *testing.T) {
	f := newFakeDiscord(t, 1)
	r := testrouter.Full(t)
	g := &Gateway{
		Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher: &Dispatcher{Router: r},
		Watcher:    &Watcher{Router: r, Channels: map[string]bool{"600": true}},
	}
	if err := g.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	f.mu.Lock()
	intents := f.identifies[0]["d"].(map[string]any)["intents"].(float64)
	f.mu.Unlock()
	want := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsMessageContent
	if discordgo.Intent(intents) != want {
		t.Errorf("intents %v, want %v", intents, want)
	}
	message := func(id, channel string, bot bool, content string) []byte {
		return []byte(fmt.Sprintf(`{"id":%q,"channel_id":%q,"guild_id":"500","content":%q,"timestamp":"2026-04-20T12:00:00.000000+00:00",
			"author":{"id":"703","username":"dave","bot":%v},"attachments":[],"embeds":[],"mentions":[],"mention_roles":[],"pinned":false,"mention_everyone":false,"tts":false,"type":0}`, id, channel, content, bot))
	}
	sendMessage := func(b []byte) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.seq++
		f.wmu.Lock()
		defer f.wmu.Unlock()
		f.conns[0].WriteMessage(websocket.TextMessage, []byte(fmt.Sprintf(`{"op":0,"t":"MESSAGE_CREATE","s":%d,"d":%s}`, f.seq, b)))
	}
	sendMessage(message("7001", "601", false, "unwatched channel: CR 302.6"))
	sendMessage(message("7002", "600", true, "a bot: CR 302.6"))
	sendMessage(message("7003", "600", false, "@everyone is CR 302.6 why [[Ornithopter]] can't attack? Also [[Qqqqzzzz]]"))
	select {
	case <-f.posted:
	case <-time.After(5 * time.Second):
		t.Fatal("no answer in the watched channel")
	}
	time.Sleep(300 * time.Millisecond) // let any wrong answer arrive
	f.mu.Lock()
	defer f.mu.Unlock()
	// One reply: the rule, then the card, in the order the message names
	// them; the made-up name is passed over in silence.
	if len(f.messages) != 1 {
		t.Fatalf("%d messages posted, want 1: %q", len(f.messages), f.messages)
	}
	m := f.messages[0]
	for _, want := range []string{`600 {`, `"name":"Rule 302.6"`, `"name":"Ornithopter  {0}"`, `"message_reference":{"message_id":"7003","channel_id":"600","guild_id":"500","fail_if_not_exists":false}`, `"allowed_mentions":{"parse":[]`} {
		if !strings.Contains(m, want) {
			t.Errorf("answer lacks %s:\n%s", want, m)
		}
	}
	if strings.Index(m, "Rule 302.6") > strings.Index(m, "Ornithopter") || strings.Contains(m, "Qqqq") {
		t.Errorf("answer order or content:\n%s", m)
	}
}
