package commands

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Handler answers one request with a reply; the middleware chain and the
// transports speak it.
type Handler func(ctx context.Context, req Request) Reply

// Server is what the transports need from the command set; *Router
// implements it. Serve runs the whole middleware chain; Definitions lists
// the commands for registration and for the console's parser.
type Server interface {
	Serve(ctx context.Context, req Request) Reply
	Definitions() []Definition
}

// Middleware wraps a Handler.
type Middleware func(Handler) Handler

// Chain wraps h in mw, the first outermost: Chain(h, a, b) runs a, then b,
// then h.
func Chain(h Handler, mw ...Middleware) Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// recoverPanics turns a handler's panic into the internal-error reply and
// logs it: the one recover on the path of every request (discordgo runs
// handlers with none, so a panic would otherwise end the process).
func (r *Router) recoverPanics(next Handler) Handler {
	return func(ctx context.Context, req Request) (rep Reply) {
		defer func() {
			if p := recover(); p != nil {
				r.log.ErrorContext(ctx, "handler panic", "command", req.Command, "custom_id", req.CustomID, "panic", p, "stack", string(debug.Stack()))
				rep = r.errorReply(ctx, errInternal)
				if req.Kind == KindAutocomplete {
					rep = Reply{}
				}
			}
		}()
		return next(ctx, req)
	}
}

// claimTTL is how long an interaction id stays claimed: the life of its
// token, after which Discord no longer accepts an answer.
const claimTTL = 15 * time.Minute

// admission answers each interaction once across instances (the first to
// claim its id answers it; the others get a Silent reply) and keeps users
// within the rate limit (autocomplete is not counted). A store that is down
// never stops an answer (look-ups must not depend on it): a bounded local
// record of claims and counts stands in for it (localadmit.go).
func (r *Router) admission(next Handler) Handler {
	return func(ctx context.Context, req Request) Reply {
		claim, rate := "", ""
		if req.ID != "" {
			claim = "interaction:" + req.ID
		}
		if req.Kind != KindAutocomplete && r.d.Limits.Rate > 0 && req.UserID != "" {
			rate = "rate:" + req.UserID
		}
		if claim == "" && rate == "" {
			return next(ctx, req)
		}
		ad, err := r.d.Store.Admit(ctx, claim, claimTTL, rate, r.d.Limits.Rate, r.d.Limits.Window)
		if err != nil {
			// The store is down: this instance's own record decides, so
			// a duplicate delivery is still answered once here and the
			// rate limit still holds.
			r.log.DebugContext(ctx, "admission failed, admitting from the local record", "err", err)
			ad = r.local.admit(claim, rate, r.d.Limits.Rate, r.d.Limits.Window)
		} else if ad.First {
			r.local.note(claim)
		}
		switch {
		case !ad.First:
			return Reply{Silent: true}
		case !ad.Allowed:
			return r.slowDown(ad.RetryAfter)
		}
		return next(ctx, req)
	}
}

// slowDown is the polite reply to a user over the rate limit.
func (r *Router) slowDown(retry time.Duration) Reply {
	secs := max(int((retry+time.Second-1)/time.Second), 1)
	return Reply{
		Title:     "Slow down a little",
		Body:      fmt.Sprintf("You have asked %d questions in the last %s. Try again in %d s.", r.d.Limits.Rate, r.d.Limits.Window, secs),
		Ephemeral: true,
		Error:     true,
		Code:      CodeLimited,
		Footer:    r.footer,
	}
}

type deferralKey struct{}

type deferral struct {
	after time.Duration
	once  sync.Once
	fire  func()
	fired atomic.Bool
}

// Deferred reports whether the transport was asked to defer the answer to
// this request (for metrics): true once the deferral timer has fired.
func Deferred(ctx context.Context) bool {
	d, ok := ctx.Value(deferralKey{}).(*deferral)
	return ok && d.fired.Load()
}

// WithDeferral asks the chain to call fire once when the handler has not
// answered after the given time: the transport then sends its "thinking…"
// response and delivers the reply later. Transports with no time limit
// (the console) do not set it.
func WithDeferral(ctx context.Context, after time.Duration, fire func()) context.Context {
	return context.WithValue(ctx, deferralKey{}, &deferral{after: after, fire: fire})
}

// deferAnswer starts the transport's deferral timer around the handler.
// Autocomplete answers cannot be deferred.
func deferAnswer(next Handler) Handler {
	return func(ctx context.Context, req Request) Reply {
		d, ok := ctx.Value(deferralKey{}).(*deferral)
		if !ok || req.Kind == KindAutocomplete {
			return next(ctx, req)
		}
		t := time.AfterFunc(d.after, func() {
			d.once.Do(func() {
				d.fired.Store(true)
				d.fire()
			})
		})
		defer t.Stop()
		return next(ctx, req)
	}
}
