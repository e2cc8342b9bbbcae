package bot

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
)

// Interactions is the HTTP interactions endpoint (`arbiter http`): Discord
// POSTs each interaction, signed with Ed25519, and reads the first answer
// from the response body.
type Interactions struct {
	Dispatcher *Dispatcher
	PublicKey  ed25519.PublicKey
	// MaxBody bounds the request body (64 KiB by default); larger bodies
	// get 413 and are never read in full.
	MaxBody int64
	// MaxSkew is the oldest accepted X-Signature-Timestamp (5 min).
	MaxSkew time.Duration
	// REST sends follow-ups of deferred answers (webhook endpoints need no
	// bot token).
	REST    *discordgo.Session
	Now     func() time.Time
	Log     *slog.Logger
	keyOnce sync.Once
	key     *voi.ExpandedPublicKey // PublicKey, decoded once; nil when invalid
	// delivered is signalled after each deferred follow-up (tests).
	delivered func(error)

	// Ready, when set, answers GET /readyz: nil is 200 "ready", an error
	// 503 with the reason. Unset, /readyz answers like /healthz.
	Ready func(context.Context) error
	// follow counts deferred answers not yet delivered; abandon is closed
	// when a stopping server's grace is over (httpshutdown.go).
	follow      followUps
	abandonOnce sync.Once
	abandon     chan struct{}
}

// ParsePublicKey decodes the hex key shown in Discord's developer portal.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New("discord.public_key must be the 64 hex digits of the application's Ed25519 public key")
	}
	return ed25519.PublicKey(b), nil
}

func (h *Interactions) log() *slog.Logger {
	if h.Log == nil {
		return slog.Default()
	}
	return h.Log
}

// ServeHTTP verifies, decodes and answers one interaction. GET /healthz
// answers "ok" for load balancers, GET /readyz whether Ready is nil.
func (h *Interactions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/healthz" {
		w.Write([]byte("ok\n"))
		return
	}
	if r.Method == http.MethodGet && r.URL.Path == "/readyz" {
		h.readyz(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
		return
	}
	max := cmp.Or(h.MaxBody, config.Default().HTTP.MaxBody)
	if r.ContentLength > max {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	// The signed message is timestamp+body: the body is read into a pooled
	// buffer just after the timestamp, so verifying copies nothing. The
	// decoded interaction keeps no reference to the buffer.
	ts := r.Header.Get("X-Signature-Timestamp")
	buf := getBuffer()
	defer putBuffer(buf)
	msg, err := readSigned(buf, ts, r.Body, r.ContentLength, max)
	*buf = msg
	if errors.Is(err, errTooLarge) {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	if err != nil {
		http.Error(w, "cannot read body", http.StatusBadRequest)
		return
	}
	body := msg[len(ts):]
	if err := h.verify(r.Header.Get("X-Signature-Ed25519"), ts, msg); err != nil {
		h.log().Debug("rejected interaction", "err", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	in, err := DecodeInteraction(body)
	if err != nil {
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	out := h.Dispatcher.Dispatch(r.Context(), in)
	if out.Response == nil {
		// Another instance claimed this interaction id.
		http.Error(w, "interaction already answered", http.StatusConflict)
		return
	}
	enc := getBuffer()
	defer putBuffer(enc)
	b, err := appendJSON((*enc)[:0], out.Response)
	*enc = b
	if err != nil {
		h.log().Error("encoding response", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr["Content-Type"] = jsonContentType
	// A known length spares net/http the chunked encoding it uses for
	// bodies over 2 KB.
	hdr["Content-Length"] = []string{strconv.Itoa(len(b))}
	w.Write(b)
	if out.Later != nil {
		h.follow.add()
		go func() {
			defer h.follow.done()
			var rep commands.Reply
			select {
			case rep = <-out.Later:
			case <-h.abandoned():
				rep = restarting()
			}
			err := Deliver(h.REST, in, out.Response.Type, rep)
			if err != nil {
				h.log().Warn("follow-up failed", "err", err, "interaction", in.ID)
			}
			if h.delivered != nil {
				h.delivered(err)
			}
		}()
	}
}

// verify checks the Ed25519 signature over msg (timestamp+body) and that
// the timestamp is recent: a replayed old request is refused even though
// its signature is genuine (discordgo.VerifyInteraction does not check age).
func (h *Interactions) verify(sigHex, ts string, msg []byte) error {
	var sig [ed25519.SignatureSize]byte
	if len(sigHex) != 2*len(sig) {
		return errors.New("missing or malformed X-Signature-Ed25519")
	}
	if _, err := hex.Decode(sig[:], []byte(sigHex)); err != nil {
		return errors.New("missing or malformed X-Signature-Ed25519")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("missing or malformed X-Signature-Timestamp")
	}
	if !verifySignature(h.publicKey(), msg, sig[:]) {
		return errors.New("bad signature")
	}
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	skew := cmp.Or(h.MaxSkew, config.Default().HTTP.MaxSkew.Duration)
	age := now().Sub(time.Unix(sec, 0))
	if age > skew || age < -skew {
		return fmt.Errorf("timestamp %s is %s away from now", ts, age.Round(time.Second))
	}
	return nil
}

// publicKey is PublicKey decoded into a curve point with its precomputed
// multiples, once: the key is fixed configuration, and crypto/ed25519
// decodes it again (a square root) on every Verify.
func (h *Interactions) publicKey() *voi.ExpandedPublicKey {
	h.keyOnce.Do(func() {
		if len(h.PublicKey) == ed25519.PublicKeySize {
			h.key, _ = voi.NewExpandedPublicKey(voi.PublicKey(h.PublicKey))
		}
	})
	return h.key
}

// stdlibRules makes curve25519-voi accept exactly the signatures
// crypto/ed25519 accepts (canonical S, cofactorless equation, the same
// treatment of small-order points): only the speed differs.
var stdlibRules = &voi.Options{Verify: voi.VerifyOptionsStdLib}

// verifySignature is the complete Ed25519 verification of sig over msg,
// every request, nothing cached but the decoded public key. It uses
// curve25519-voi rather than crypto/ed25519 because verification was the
// largest cost of a request: voi's precomputed tables for the key and its
// faster double-scalar multiplication take about 30% off each check (see
// BenchmarkVerifySignature); TestVerifyMatchesStdlib checks that both
// libraries accept and refuse the same signatures.
func verifySignature(key *voi.ExpandedPublicKey, msg, sig []byte) bool {
	return key != nil && voi.VerifyExpandedWithOptions(key, msg, sig, stdlibRules)
}

var jsonContentType = []string{"application/json"}

var errTooLarge = errors.New("body too large")

// readSigned reads a body of at most max bytes into buf after the
// timestamp ts and returns ts+body. A body longer than max is not read in
// full: errTooLarge as soon as byte max+1 arrives.
func readSigned(buf *[]byte, ts string, body io.Reader, length, max int64) ([]byte, error) {
	need := int64(len(ts)) + 512
	if length > 0 {
		need = int64(len(ts)) + length + 1 // +1 to see EOF without growing
	}
	msg := (*buf)[:0]
	if int64(cap(msg)) < need {
		msg = make([]byte, 0, need)
	}
	msg = append(msg, ts...)
	limit := int64(len(ts)) + max
	for {
		if len(msg) == cap(msg) {
			msg = append(msg, 0)[:len(msg)]
		}
		room := msg[len(msg):cap(msg)]
		if over := int64(len(msg)) + int64(len(room)) - (limit + 1); over > 0 {
			room = room[:int64(len(room))-over]
		}
		n, err := body.Read(room)
		msg = msg[:len(msg)+n]
		if int64(len(msg)) > limit {
			return msg, errTooLarge
		}
		if err == io.EOF {
			return msg, nil
		}
		if err != nil {
			return msg, err
		}
	}
}

// bufPool recycles request and response buffers; buffers that grew past
// maxPooled are dropped so one huge request does not pin its memory.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

const maxPooled = 64 << 10

func getBuffer() *[]byte { return bufPool.Get().(*[]byte) }

func putBuffer(b *[]byte) {
	if cap(*b) > maxPooled {
		return
	}
	*b = (*b)[:0]
	bufPool.Put(b)
}

// appendJSON appends v's JSON (as json.Marshal writes it) to dst.
func appendJSON(dst []byte, v any) ([]byte, error) {
	w := appendWriter{dst}
	enc := json.NewEncoder(&w)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	return bytes.TrimSuffix(w.b, []byte("\n")), nil
}

type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
