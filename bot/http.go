package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
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
	REST *discordgo.Session
	Now  func() time.Time
	Log  *slog.Logger
	// delivered is signalled after each deferred follow-up (tests).
	delivered func(error)
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
// answers "ok" for load balancers.
func (h *Interactions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/healthz" {
		w.Write([]byte("ok\n"))
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "POST interactions here", http.StatusMethodNotAllowed)
		return
	}
	max := h.MaxBody
	if max <= 0 {
		max = 64 << 10
	}
	if r.ContentLength > max {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, max+1))
	if err != nil {
		http.Error(w, "cannot read body", http.StatusBadRequest)
		return
	}
	if int64(len(body)) > max {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	if err := h.verify(r.Header, body); err != nil {
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
	b, err := json.Marshal(out.Response)
	if err != nil {
		h.log().Error("encoding response", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
	if out.Later != nil {
		go func() {
			rep := <-out.Later
			err := Deliver(h.REST, in, out.Response.Type, rep)
			if err != nil {
				h.log().Warn("follow-up failed", "err", err)
			}
			if h.delivered != nil {
				h.delivered(err)
			}
		}()
	}
}

// verify checks the Ed25519 signature over timestamp+body and that the
// timestamp is recent: a replayed old request is refused even though its
// signature is genuine (discordgo.VerifyInteraction does not check age).
func (h *Interactions) verify(hdr http.Header, body []byte) error {
	sig, err := hex.DecodeString(hdr.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return errors.New("missing or malformed X-Signature-Ed25519")
	}
	ts := hdr.Get("X-Signature-Timestamp")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("missing or malformed X-Signature-Timestamp")
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if len(h.PublicKey) != ed25519.PublicKeySize || !ed25519.Verify(h.PublicKey, msg, sig) {
		return errors.New("bad signature")
	}
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	skew := h.MaxSkew
	if skew <= 0 {
		skew = 5 * time.Minute
	}
	age := now().Sub(time.Unix(sec, 0))
	if age > skew || age < -skew {
		return fmt.Errorf("timestamp %s is %s away from now", ts, age.Round(time.Second))
	}
	return nil
}
