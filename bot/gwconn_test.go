package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
)

// logBuf collects a gateway's log lines for the tests to read.
type logBuf struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// lines returns the log lines that contain every one of subs.
func (l *logBuf) lines(subs ...string) []string {
	var out []string
	for _, line := range strings.Split(l.String(), "\n") {
		ok := line != ""
		for _, s := range subs {
			ok = ok && strings.Contains(line, s)
		}
		if ok {
			out = append(out, line)
		}
	}
	return out
}

// await waits until n lines contain every one of subs.
func (l *logBuf) await(t testing.TB, n int, subs ...string) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := l.lines(subs...)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d log lines with %q, want %d; log:\n%s", len(got), subs, n, l.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waits records the test hooks' calls.
type waits struct {
	mu        sync.Mutex
	reconnect []int // attempt numbers asked for
	invalid   int   // op 9 waits
}

// startGateway opens a gateway on the fake with fast, recorded waits and a
// captured log; mod adjusts it before Open.
func startGateway(t testing.TB, f *fakeDiscord, mod func(*Gateway)) (*Gateway, *logBuf, *waits) {
	t.Helper()
	logs := &logBuf{}
	w := &waits{}
	g := &Gateway{
		Token: "tok", ApplicationID: "900", GuildID: "500", ShardCount: 1,
		Dispatcher: &Dispatcher{Router: testRouter(t, commands.Deps{})},
		Log:        slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		reconnectWaitFunc: func(n int) time.Duration {
			w.mu.Lock()
			w.reconnect = append(w.reconnect, n)
			w.mu.Unlock()
			return 5 * time.Millisecond
		},
		invalidSessionWaitFunc: func() time.Duration {
			w.mu.Lock()
			w.invalid++
			w.mu.Unlock()
			return 0
		},
		retryPause: func(int) time.Duration { return 10 * time.Millisecond },
	}
	if mod != nil {
		mod(g)
	}
	if err := g.Open(context.Background()); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { g.Close() })
	return g, logs, w
}

// freshID is an interaction id created now, so the callback window
// (3 s from the id's time) is the real one.
func freshID(n int) string {
	return strconv.FormatUint(uint64(time.Now().UnixMilli()-discordEpoch)<<22|uint64(n), 10)
}

// TestGatewayStopsOnFatalCloseCodes: close codes that reconnecting cannot
// fix (4004 authentication, 4010–4014 shard, version, intents) stop the
// gateway with a RefusedError that says what to change, logged with the
// shard, and no reconnection is attempted.
func TestGatewayStopsOnFatalCloseCodes(t *testing.T) {
	for _, tc := range []struct {
		code int
		want string
	}{
		{4004, "authentication failed"},
		{4010, "invalid shard"},
		{4011, "sharding required"},
		{4012, "invalid API version"},
		{4013, "invalid intents"},
		{4014, "disallowed intents: enable the Message Content intent in the Developer Portal (Bot page, Privileged Gateway Intents), or turn the judge-channel watcher off (empty [judge] channels"},
	} {
		t.Run(strconv.Itoa(tc.code), func(t *testing.T) {
			f := newFakeDiscord(t, 1)
			g, logs, _ := startGateway(t, f, nil)
			f.closeConn(0, tc.code)
			select {
			case <-g.Done():
			case <-time.After(5 * time.Second):
				t.Fatalf("gateway still running 5 s after close %d", tc.code)
			}
			var re *RefusedError
			if !errors.As(g.Err(), &re) || re.Code != tc.code || !strings.Contains(re.Error(), tc.want) {
				t.Errorf("Err() = %v, want a RefusedError %d saying %q", g.Err(), tc.code, tc.want)
			}
			<-g.shards[0].done // the shard stopped for good
			f.mu.Lock()
			dials := f.dials
			f.mu.Unlock()
			if dials != 1 {
				t.Errorf("%d connections, want no reconnection after %d", dials, tc.code)
			}
			logs.await(t, 1, "level=ERROR", "shard=0", strconv.Itoa(tc.code), tc.want)
		})
	}
}

// TestGatewayOpenRefused: a fatal close code in answer to the first
// IDENTIFY makes Open fail with the RefusedError.
func TestGatewayOpenRefused(t *testing.T) {
	f := newFakeDiscord(t, 1)
	f.refuse = 4014
	g := &Gateway{Token: "tok", ApplicationID: "900", ShardCount: 1, Dispatcher: &Dispatcher{Router: testRouter(t, commands.Deps{})}, Log: slog.New(slog.NewTextHandler(&logBuf{}, nil))}
	err := g.Open(context.Background())
	var re *RefusedError
	if !errors.As(err, &re) || re.Code != 4014 {
		t.Fatalf("Open: %v, want RefusedError 4014", err)
	}
}

// TestGatewayResumesOrIdentifies: a close with a resumable code or a
// network drop is followed by a RESUME of the same session (the events
// sent meanwhile are replayed and answered); 4009 (session timed out) and
// 4007 start a new session with IDENTIFY.
func TestGatewayResumesOrIdentifies(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cut    func(f *fakeDiscord, i int)
		resume bool
	}{
		{"close 4000", func(f *fakeDiscord, i int) { f.closeConn(i, 4000) }, true},
		{"network drop", func(f *fakeDiscord, i int) { f.dropConn(i) }, true},
		{"close 4009", func(f *fakeDiscord, i int) { f.closeConn(i, 4009) }, false},
		{"close 4007", func(f *fakeDiscord, i int) { f.closeConn(i, 4007) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeDiscord(t, 1)
			_, logs, _ := startGateway(t, f, nil)
			tc.cut(f, 0)
			f.awaitConns(t, 2)
			f.mu.Lock()
			resumes, identifies := len(f.resumes), len(f.identifies)
			var sid any
			if resumes > 0 {
				sid = f.resumes[0]["d"].(map[string]any)["session_id"]
			}
			f.mu.Unlock()
			if tc.resume && (resumes != 1 || identifies != 1 || sid != "session-1") {
				t.Errorf("%d RESUMEs (session %v), %d IDENTIFYs; want the session resumed", resumes, sid, identifies)
			}
			if !tc.resume && (resumes != 0 || identifies != 2) {
				t.Errorf("%d RESUMEs, %d IDENTIFYs; want a new session", resumes, identifies)
			}
			logs.await(t, 1, "reconnected", "shard=0", fmt.Sprintf("resumed=%v", tc.resume))
			id := freshID(1)
			f.sendLast(interactionJSON(id, "rule", "number", "302.6"))
			f.await(t, id)
		})
	}
}

// TestGatewayZombieConnection: when heartbeat ACKs stop, the connection
// is closed when the next heartbeat is due (one unacknowledged heartbeat,
// not five), with a code other than 1000 so that the session survives; it
// is resumed and the interaction sent into the dead connection is
// replayed and answered.
func TestGatewayZombieConnection(t *testing.T) {
	f := newFakeDiscord(t, 1)
	// Short enough for a quick test, long enough that a loaded machine
	// still acknowledges in time before the zombie starts.
	f.heartbeatMS = 300
	g, logs, _ := startGateway(t, f, nil)
	// Let a few heartbeats be acknowledged first.
	for deadline := time.Now().Add(5 * time.Second); ; {
		f.mu.Lock()
		n := f.heartbeats
		f.mu.Unlock()
		if n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no heartbeats")
		}
		time.Sleep(10 * time.Millisecond)
	}
	f.zombify(0)
	lost := freshID(7)
	f.send(0, interactionJSON(lost, "rule", "number", "302.6"))
	select {
	case <-f.closedAt:
	case <-time.After(5 * time.Second):
		t.Fatal("the zombie connection was never closed")
	}
	f.mu.Lock()
	beats, codes := f.zombieBeats, append([]int(nil), f.clientCloses...)
	f.mu.Unlock()
	if beats > 1 {
		t.Errorf("%d heartbeats went unacknowledged before the close, want 1", beats)
	}
	if len(codes) != 1 || codes[0] == 1000 || codes[0] == 1001 {
		t.Errorf("closed with %v, want a code that keeps the session", codes)
	}
	f.await(t, lost)
	f.mu.Lock()
	resumes := len(f.resumes)
	f.mu.Unlock()
	if resumes != 1 {
		t.Errorf("%d RESUMEs, want 1", resumes)
	}
	logs.await(t, 1, "level=WARN", "heartbeat not acknowledged", "shard=0")
	logs.await(t, 1, "reconnected", "resumed=true")
	if st := g.Stats(); st.Zombies != 1 || st.Resumed != 1 {
		t.Errorf("stats %+v, want 1 zombie, 1 resume", st)
	}
}

// TestGatewayInvalidSession: op 9 with d=true resumes the session, with
// d=false identifies anew; both after Discord's random 1–5 s wait (the
// hook), never at once on the same connection.
func TestGatewayInvalidSession(t *testing.T) {
	for _, resumable := range []bool{true, false} {
		t.Run(fmt.Sprint("d=", resumable), func(t *testing.T) {
			f := newFakeDiscord(t, 1)
			_, _, w := startGateway(t, f, nil)
			f.op(0, 9, resumable)
			f.awaitConns(t, 2)
			f.mu.Lock()
			resumes, identifies := len(f.resumes), len(f.identifies)
			f.mu.Unlock()
			if resumable && (resumes != 1 || identifies != 1) {
				t.Errorf("op 9 d=true: %d RESUMEs, %d IDENTIFYs; want the session resumed", resumes, identifies)
			}
			if !resumable && (resumes != 0 || identifies != 2) {
				t.Errorf("op 9 d=false: %d RESUMEs, %d IDENTIFYs; want a new IDENTIFY", resumes, identifies)
			}
			w.mu.Lock()
			waited := w.invalid
			w.mu.Unlock()
			if waited != 1 {
				t.Errorf("%d op 9 waits, want 1", waited)
			}
		})
	}
}

// TestGatewayHealthIsLogged: drops, op 7, op 9 and close codes are logged
// with the shard id and counted, the end of each outage logs
// "reconnected", and discordgo's own lines go through slog.
func TestGatewayHealthIsLogged(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g, logs, _ := startGateway(t, f, nil)
	n := 1
	step := func(what string, cut func(i int)) {
		t.Helper()
		cut(n - 1)
		n++
		f.awaitConns(t, n)
		logs.await(t, n-1, "reconnected", "shard=0")
	}
	step("op 7", func(i int) { f.op(i, 7, nil) })
	step("op 9", func(i int) { f.op(i, 9, true) })
	step("close 4000", func(i int) { f.closeConn(i, 4000) })
	step("close 4009", func(i int) { f.closeConn(i, 4009) })
	step("drop", func(i int) { f.dropConn(i) })
	for _, want := range [][]string{
		{"level=INFO", "op 7", "shard=0"},
		{"level=WARN", "op 9", "resumable=true", "shard=0"},
		{"level=WARN", "gateway connection lost", "4000", "shard=0"},
		{"level=WARN", "gateway connection lost", "4009", "resume=false", "shard=0"},
	} {
		if len(logs.lines(want...)) == 0 {
			t.Errorf("no log line with %q:\n%s", want, logs)
		}
	}
	if got := len(logs.lines("level=WARN", "gateway connection lost", "shard=0")); got != 5 {
		t.Errorf("%d connection-lost lines, want 5:\n%s", got, logs)
	}
	st := g.Stats()
	if st.ReconnectRequests != 1 || st.InvalidSessions != 1 || st.CloseCodes[4000] != 1 || st.CloseCodes[4009] != 1 || st.Disconnects != 5 || st.Identified != 2 || st.Resumed != 4 {
		t.Errorf("stats %+v", st)
	}

	// discordgo's lines (here: a 429 it cannot parse) arrive in slog.
	f.mu.Lock()
	f.malformed429 = true
	f.mu.Unlock()
	g.shards[0].rest.ChannelMessageSend("600", "x")
	logs.await(t, 1, "component=discordgo", "level=ERROR", "rate limit unmarshal error")
}

// TestGatewayReconnectBacksOffThroughAnOutage: while the gateway is down
// every attempt asks for the next backoff step, and the end of the outage
// is logged once with the number of attempts.
func TestGatewayReconnectBacksOffThroughAnOutage(t *testing.T) {
	f := newFakeDiscord(t, 1)
	_, logs, w := startGateway(t, f, nil)
	f.mu.Lock()
	f.down = true
	f.mu.Unlock()
	f.dropConn(0)
	for deadline := time.Now().Add(5 * time.Second); ; {
		f.mu.Lock()
		dials := f.dials
		f.mu.Unlock()
		if dials >= 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no reconnection attempts")
		}
		time.Sleep(5 * time.Millisecond)
	}
	f.mu.Lock()
	f.down = false
	f.mu.Unlock()
	f.awaitConns(t, 2)
	lines := logs.await(t, 1, "reconnected", "resumed=true")
	w.mu.Lock()
	steps := append([]int(nil), w.reconnect...)
	w.mu.Unlock()
	for i, n := range steps {
		if n != i {
			t.Fatalf("backoff steps %v, want 0, 1, 2, ...", steps)
		}
	}
	if !strings.Contains(lines[0], fmt.Sprintf("attempts=%d", len(steps))) {
		t.Errorf("reconnected after %d attempts, logged %s", len(steps), lines[0])
	}
}

// TestReconnectWaitIsJittered: the backoff is random within [d/2, d] for
// d = 1 s, 2 s, 4 s … capped at 30 s (not the same doubling for every
// shard and instance), the first retry after a live connection is under
// 250 ms, and the op 9 wait is Discord's 1–5 s.
func TestReconnectWaitIsJittered(t *testing.T) {
	for n := 0; n <= 12; n++ {
		lo, hi := time.Duration(0), 250*time.Millisecond
		if n > 0 {
			d := min(maxReconnectWait, time.Second<<(n-1))
			lo, hi = d/2, d
		}
		seen := map[time.Duration]bool{}
		for i := 0; i < 200; i++ {
			w := defaultReconnectWait(n)
			if w < lo || w > hi {
				t.Fatalf("attempt %d waits %v, want within [%v, %v]", n, w, lo, hi)
			}
			seen[w] = true
		}
		if len(seen) < 100 {
			t.Errorf("attempt %d: only %d distinct waits in 200", n, len(seen))
		}
	}
	seen := map[time.Duration]bool{}
	for i := 0; i < 200; i++ {
		w := defaultInvalidSessionWait()
		if w < time.Second || w > 5*time.Second {
			t.Fatalf("op 9 wait %v, want 1–5 s", w)
		}
		seen[w] = true
	}
	if len(seen) < 100 {
		t.Errorf("op 9 waits: only %d distinct in 200", len(seen))
	}
}
