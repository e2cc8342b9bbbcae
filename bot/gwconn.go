package bot

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// This file is the gateway connection of one shard. discordgo's Session
// still serves REST and the event types, but its websocket loop is not
// used: it retries every close code forever (4004 and 4010–4014 included),
// notices a zombie connection only after five missed heartbeats and then
// closes with 1000 (which ends the session, so the resume fails), answers
// op 9 with an immediate IDENTIFY even when the session may be resumed,
// backs off without jitter, drops an event read just before Close, and
// sleeps a fixed second in every Close.

// Gateway opcodes (Discord's "Gateway Opcodes" table).
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// closeResumable is the close code sent when Arbiter drops a connection it
// means to resume (zombie, op 7, op 9): Discord ends the session on 1000
// and 1001 only.
const closeResumable = 4000

const (
	helloTimeout = 20 * time.Second
	writeTimeout = 5 * time.Second
	// closeDrain bounds how long Close keeps reading after its close
	// frame, handling what Discord sent before it answered the close.
	closeDrain = 2 * time.Second
	// maxReconnectWait caps the jittered reconnect backoff.
	maxReconnectWait = 30 * time.Second
)

// fatalCloseCodes are the close codes that reconnecting cannot fix, with
// what the operator has to change.
var fatalCloseCodes = map[int]string{
	4004: "authentication failed: the bot token is wrong or was reset (discord.token or DISCORD_TOKEN)",
	4010: "invalid shard: discord.shard_id must be below discord.shard_count",
	4011: `sharding required: the bot is in too many guilds for one connection; set discord.shard_count (or "auto")`,
	4012: "invalid API version",
	4013: "invalid intents",
	4014: `disallowed intents: enable the Message Content intent in the Developer Portal (Bot page, Privileged Gateway Intents), or turn the judge-channel watcher off (empty [judge] channels and discord.watch_channels, [judge] inline = "channels")`,
}

// RefusedError is Discord refusing the bot's credentials or configuration:
// a fatal gateway close code, or 401/403 on registration. Retrying cannot
// help; the process should stop and say why.
type RefusedError struct {
	Shard int
	// Code is the gateway close code, or the HTTP status.
	Code   int
	Reason string
}

func (e *RefusedError) Error() string {
	if e.Code >= 4000 {
		return fmt.Sprintf("shard %d: Discord closed the gateway with %d, %s", e.Shard, e.Code, e.Reason)
	}
	return fmt.Sprintf("Discord answered HTTP %d: %s", e.Code, e.Reason)
}

// TransientError is Discord unreachable or failing (5xx, 429, network)
// past the retries: running again later may work.
type TransientError struct {
	Op  string
	Err error
}

func (e *TransientError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *TransientError) Unwrap() error { return e.Err }

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// shard is one gateway connection and the session it carries, reconnected
// and resumed as Discord's documentation asks.
type shard struct {
	g         *Gateway
	id, count int
	rest      *discordgo.Session
	log       *slog.Logger

	// Session state, written by the run goroutine only.
	sessionID, resumeURL, gatewayURL string
	seq                              atomic.Int64
	// userID is the bot's user id from READY; read after firstReady.
	userID string

	mu       sync.Mutex
	conn     *websocket.Conn // the live connection, nil between connections
	stopping bool
	drainAt  time.Time
	wmu      sync.Mutex // one writer at a time on the connection

	// up is true while a connection is ready (READY or RESUMED came on
	// it), for Gateway.Shards.
	up atomic.Bool

	firstReady chan error    // the first connection's outcome, for Open
	opened     bool          // firstReady was sent
	done       chan struct{} // run returned
}

// connEnd says how a connection ended and what the next one does.
type connEnd struct {
	err     error
	ready   bool  // READY or RESUMED came on it
	resume  bool  // the next connection may RESUME
	invalid bool  // op 9: wait 1–5 s first
	fatal   error // a RefusedError: stop
	stopped bool  // Close ended it
}

// run connects, serves and reconnects until Close or a fatal close code.
func (sh *shard) run(ctx context.Context) {
	defer close(sh.done)
	failures := 0 // connections in a row that did not become ready
	var wait time.Duration
	var downSince time.Time
	for {
		if !sleepCtx(ctx, wait) {
			sh.first(context.Cause(ctx))
			return
		}
		end := sh.connection(ctx, downSince, failures)
		sh.up.Store(false)
		if end.stopped || sh.isStopping() || ctx.Err() != nil {
			sh.first(errors.New("gateway closed"))
			return
		}
		if end.fatal != nil {
			sh.log.Error("Discord refused the gateway session; stopping", "err", end.fatal)
			if !sh.opened {
				sh.first(end.fatal)
			} else {
				sh.g.fail(end.fatal)
			}
			return
		}
		if !sh.opened {
			sh.first(&TransientError{Op: "connecting to the gateway", Err: end.err})
			return
		}
		if end.ready {
			failures = 0
			downSince = time.Now()
			sh.g.stats.disconnects.Add(1)
		}
		if !end.resume {
			sh.sessionID, sh.resumeURL = "", ""
			sh.seq.Store(0)
		}
		if end.invalid {
			wait = sh.g.invalidSessionWait()
		} else {
			wait = sh.g.reconnectWait(failures)
		}
		failures++
		level := slog.LevelWarn
		if !end.ready {
			level = slog.LevelInfo // one more failed attempt of an outage already logged
		}
		sh.log.Log(ctx, level, "gateway connection lost", "err", end.err, "resume", end.resume && sh.sessionID != "", "attempt", failures, "retry_in", wait.Round(time.Millisecond))
	}
}

// first reports the first connection's outcome to Open, once.
func (sh *shard) first(err error) {
	if sh.opened {
		return
	}
	sh.opened = true
	sh.firstReady <- err
}

func (sh *shard) isStopping() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.stopping
}

func (sh *shard) setConn(c *websocket.Conn) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.conn = c
	return !sh.stopping
}

// setReadDeadline sets c's read deadline unless Close has set the drain
// deadline, which stands.
func (sh *shard) setReadDeadline(c *websocket.Conn, t time.Time) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.stopping {
		t = sh.drainAt
	}
	c.SetReadDeadline(t)
}

// stop starts a clean shutdown: close 1000 (the session ends; Discord
// marks the bot offline) and keep reading until Discord answers the close
// or closeDrain passes, handling every event read meanwhile.
func (sh *shard) stop() {
	sh.mu.Lock()
	sh.stopping = true
	sh.drainAt = time.Now().Add(closeDrain)
	c := sh.conn
	if c != nil {
		c.SetReadDeadline(sh.drainAt)
	}
	sh.mu.Unlock()
	if c != nil {
		c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "shutting down"), time.Now().Add(time.Second))
	}
}

// drop closes a connection at once with code, without waiting for
// Discord's answer (a zombie gives none).
func drop(c *websocket.Conn, code int) {
	c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
	c.Close()
}

func (sh *shard) write(c *websocket.Conn, v any) error {
	sh.wmu.Lock()
	defer sh.wmu.Unlock()
	c.SetWriteDeadline(time.Now().Add(writeTimeout))
	return c.WriteJSON(v)
}

func withSlash(u string) string {
	if !strings.HasSuffix(u, "/") {
		return u + "/"
	}
	return u
}

// connection opens one connection, identifies or resumes, and serves it
// until it ends.
func (sh *shard) connection(ctx context.Context, downSince time.Time, attempts int) connEnd {
	resume := sh.sessionID != ""
	url := sh.resumeURL
	if !resume || url == "" {
		if sh.gatewayURL == "" {
			u, err := sh.rest.Gateway(discordgo.WithContext(ctx))
			if err != nil {
				return connEnd{err: fmt.Errorf("GET /gateway: %w", err), resume: resume}
			}
			sh.gatewayURL = u
		}
		url = sh.gatewayURL
	}
	c, _, err := sh.g.dialer().DialContext(ctx, withSlash(url)+"?v="+discordgo.APIVersion+"&encoding=json", nil)
	if err != nil {
		if !resume {
			sh.gatewayURL = "" // ask again next time
		}
		return connEnd{err: fmt.Errorf("dial: %w", err), resume: resume}
	}
	sh.g.stats.connections.Add(1)
	defer c.Close()
	if !sh.setConn(c) {
		return connEnd{stopped: true}
	}
	defer sh.setConn(nil)

	sh.setReadDeadline(c, time.Now().Add(helloTimeout))
	hello, err := readPayload(c)
	if err != nil {
		return sh.ended(err, false, nil)
	}
	var h struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if hello.Op != opHello || json.Unmarshal(hello.D, &h) != nil || h.Interval <= 0 {
		return connEnd{err: fmt.Errorf("expected HELLO, got op %d", hello.Op), resume: resume}
	}
	sh.setReadDeadline(c, time.Time{})

	if resume {
		err = sh.write(c, map[string]any{"op": opResume, "d": map[string]any{
			"token": sh.rest.Token, "session_id": sh.sessionID, "seq": sh.seq.Load(),
		}})
	} else {
		id := sh.rest.Identify
		id.Token = sh.rest.Token
		id.Compress = false
		if sh.count > 1 {
			id.Shard = &[2]int{sh.id, sh.count}
		}
		err = sh.write(c, map[string]any{"op": opIdentify, "d": id})
	}
	if err != nil {
		return sh.ended(err, false, nil)
	}

	hb := &heartbeater{sh: sh, c: c, interval: time.Duration(h.Interval) * time.Millisecond, now: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go hb.run()
	defer func() {
		close(hb.quit)
		<-hb.done
	}()

	ready := false
	for {
		p, err := readPayload(c)
		if err != nil {
			return sh.ended(err, ready, hb)
		}
		switch p.Op {
		case opDispatch:
			if p.S != nil {
				sh.seq.Store(*p.S)
			}
			switch p.T {
			case "READY":
				var r struct {
					SessionID string `json:"session_id"`
					ResumeURL string `json:"resume_gateway_url"`
					User      struct {
						ID string `json:"id"`
					} `json:"user"`
				}
				json.Unmarshal(p.D, &r)
				sh.sessionID, sh.resumeURL, sh.userID = r.SessionID, r.ResumeURL, r.User.ID
				ready = true
				sh.up.Store(true)
				sh.g.stats.identified.Add(1)
				sh.readied(downSince, false, attempts)
			case "RESUMED":
				ready = true
				sh.up.Store(true)
				sh.g.stats.resumed.Add(1)
				sh.readied(downSince, true, attempts)
			case "INTERACTION_CREATE":
				sh.g.interaction(sh, p.D)
			case "MESSAGE_CREATE":
				sh.g.message(sh, p.D)
			}
		case opHeartbeat:
			select {
			case hb.now <- struct{}{}:
			default:
			}
		case opHeartbeatAck:
			hb.pending.Store(false)
		case opReconnect:
			sh.g.stats.reconnectRequests.Add(1)
			sh.log.Info("gateway asked to reconnect (op 7); resuming")
			drop(c, closeResumable)
			return connEnd{err: errors.New("op 7 reconnect"), ready: ready, resume: true}
		case opInvalidSession:
			var resumable bool
			json.Unmarshal(p.D, &resumable)
			sh.g.stats.invalidSessions.Add(1)
			sh.log.Warn("gateway invalidated the session (op 9)", "resumable", resumable)
			drop(c, closeResumable)
			return connEnd{err: fmt.Errorf("op 9 invalid session (resumable %v)", resumable), ready: ready, resume: resumable, invalid: true}
		}
	}
}

// readied logs a connection that became ready after an outage.
func (sh *shard) readied(downSince time.Time, resumed bool, attempts int) {
	if !sh.opened {
		sh.first(nil)
		return
	}
	sh.log.Info("reconnected", "resumed", resumed, "down", time.Since(downSince).Round(time.Millisecond), "attempts", attempts)
}

// ended turns the error that ended a connection into what to do next.
func (sh *shard) ended(err error, ready bool, hb *heartbeater) connEnd {
	resume := sh.sessionID != ""
	if sh.isStopping() {
		return connEnd{stopped: true}
	}
	if hb != nil && hb.zombie.Load() {
		return connEnd{err: errors.New("heartbeat not acknowledged"), ready: ready, resume: resume}
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		sh.g.stats.closeCode(ce.Code)
		if reason, ok := fatalCloseCodes[ce.Code]; ok {
			return connEnd{err: err, ready: ready, fatal: &RefusedError{Shard: sh.id, Code: ce.Code, Reason: reason}}
		}
		// 4007 (invalid seq) and 4009 (session timed out) end the
		// session; any other code may be resumed.
		if ce.Code == 4007 || ce.Code == 4009 {
			resume = false
		}
		return connEnd{err: fmt.Errorf("closed by Discord with %d %s", ce.Code, ce.Text), ready: ready, resume: resume}
	}
	return connEnd{err: err, ready: ready, resume: resume}
}

// readPayload reads one gateway message (zlib-compressed when binary).
func readPayload(c *websocket.Conn) (gwPayload, error) {
	var p gwPayload
	mt, msg, err := c.ReadMessage()
	if err != nil {
		return p, err
	}
	if mt == websocket.BinaryMessage {
		z, err := zlib.NewReader(bytes.NewReader(msg))
		if err != nil {
			return p, err
		}
		if msg, err = io.ReadAll(z); err != nil {
			return p, err
		}
	}
	if err := json.Unmarshal(msg, &p); err != nil {
		return p, fmt.Errorf("decoding a gateway message: %w", err)
	}
	return p, nil
}

// heartbeater sends heartbeats on one connection and closes it when a
// heartbeat is still unacknowledged when the next one is due, as Discord
// documents, with a code that keeps the session resumable.
type heartbeater struct {
	sh       *shard
	c        *websocket.Conn
	interval time.Duration
	pending  atomic.Bool // a heartbeat went out and no ACK came yet
	zombie   atomic.Bool
	sentAt   time.Time
	now      chan struct{} // op 1: beat at once
	quit     chan struct{}
	done     chan struct{}
}

func (h *heartbeater) run() {
	defer close(h.done)
	// The first heartbeat waits interval × jitter (Discord's HELLO docs).
	t := time.NewTimer(time.Duration(rand.Float64() * float64(h.interval)))
	defer t.Stop()
	for {
		select {
		case <-h.quit:
			return
		case <-h.now:
			h.beat()
			continue
		case <-t.C:
		}
		if h.pending.Load() {
			h.zombie.Store(true)
			h.sh.g.stats.zombies.Add(1)
			h.sh.log.Warn("heartbeat not acknowledged; closing the connection to resume", "since", time.Since(h.sentAt).Round(time.Millisecond), "interval", h.interval)
			drop(h.c, closeResumable)
			return
		}
		h.beat()
		t.Reset(h.interval)
	}
}

func (h *heartbeater) beat() {
	h.pending.Store(true)
	h.sentAt = time.Now()
	var seq any // null before the first event
	if s := h.sh.seq.Load(); s > 0 {
		seq = s
	}
	if err := h.sh.write(h.c, map[string]any{"op": opHeartbeat, "d": seq}); err != nil {
		h.c.Close() // the read loop sees the error and reconnects
	}
}

// defaultReconnectWait is the pause before reconnect attempt n (0 after a
// connection that was up): a short random delay first, then an
// exponential backoff with jitter, so that shards and instances do not
// retry in step and the wait after an outage is not twice the outage.
func defaultReconnectWait(n int) time.Duration {
	if n == 0 {
		return rand.N(250 * time.Millisecond)
	}
	d := min(maxReconnectWait, time.Second<<min(n-1, 10))
	return d/2 + rand.N(d/2+1)
}

// defaultInvalidSessionWait is Discord's random 1–5 s wait after op 9.
func defaultInvalidSessionWait() time.Duration {
	return time.Second + rand.N(4*time.Second)
}
