package commands

import (
	"context"
	"errors"
	"strings"

	"github.com/arbiter-mtg/arbiter/session"
)

// Error codes say what kind of failure a reply reports, so that transports
// can act on it (the CLI's exit status) without reading its words.
const (
	// CodeInvalid: the request cannot be answered as asked (a malformed
	// rule number, a missing option). The default for a UserError.
	CodeInvalid = "invalid"
	// CodeNotFound: well formed, but nothing matches (a rule the CR lacks,
	// an unknown card); the reply suggests what was meant.
	CodeNotFound = "not_found"
	// CodeUnavailable: the source is not loaded or not reachable.
	CodeUnavailable = "unavailable"
	// CodeLimited: the user is over the rate limit.
	CodeLimited = "rate_limited"
	// CodeInternal: a bug; it has been logged.
	CodeInternal = "internal"
)

// UserError is a failure the user can fix; Msg and Hint are safe to show.
type UserError struct {
	// Code is one of the Code constants; empty means CodeInvalid.
	Code  string
	Title string
	Msg   string
	// Hint is what to type instead ("/rule 302.6").
	Hint string
	Err  error // internal cause, logged only
}

func (e *UserError) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *UserError) Unwrap() error { return e.Err }

var errInternal = &UserError{Code: CodeInternal, Title: "Something went wrong", Msg: "Arbiter hit an internal error answering this. It has been logged.", Hint: "/help"}

// errStore is the answer when session state is needed and the store is down.
var errStore = &UserError{
	Code:  CodeUnavailable,
	Title: "Scenario sessions are unavailable",
	Msg:   "The shared session store is not answering right now, so scenarios and paging cannot be used. Nothing was changed. Rule, card and document look-ups still work.",
	Hint:  "/rule 302.6",
}

func (r *Router) errorReply(ctx context.Context, err error) Reply {
	var ue *UserError
	if errors.Is(err, session.ErrUnavailable) {
		ue = errStore
		// The store logs the outage (and the recovery) once; a line per
		// request would flood the log for as long as Redis is down.
		r.log.DebugContext(ctx, "session store unavailable", "err", err)
	} else if !errors.As(err, &ue) {
		r.log.ErrorContext(ctx, "command failed", "err", err)
		ue = errInternal
	}
	body := defuse.Replace(ue.Msg)
	if ue.Hint != "" {
		body += "\n\nTry: `" + strings.ReplaceAll(ue.Hint, "`", "'") + "`"
	}
	title := ue.Title
	if title == "" {
		title = "Not found"
	}
	code := ue.Code
	if code == "" {
		code = CodeInvalid
	}
	return Reply{Title: title, Body: body, Ephemeral: true, Error: true, Code: code, Footer: r.footer}
}
