package commands

import (
	"errors"

	"github.com/arbiter-mtg/arbiter/session"
)

// UserError is a failure the user can fix; Msg and Hint are safe to show.
type UserError struct {
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

var errInternal = &UserError{Title: "Something went wrong", Msg: "Arbiter hit an internal error answering this. It has been logged.", Hint: "/help"}

// errStore is the answer when session state is needed and the store is down.
var errStore = &UserError{
	Title: "Scenario sessions are unavailable",
	Msg:   "The shared session store is not answering right now, so scenarios and paging cannot be used. Nothing was changed. Rule, card and document look-ups still work.",
	Hint:  "/rule 302.6",
}

func (r *Router) errorReply(err error) Reply {
	var ue *UserError
	if errors.Is(err, session.ErrUnavailable) {
		ue = errStore
		// The store logs the outage (and the recovery) once; a line per
		// request would flood the log for as long as Redis is down.
		r.log.Debug("session store unavailable", "err", err)
	} else if !errors.As(err, &ue) {
		r.log.Error("command failed", "err", err)
		ue = errInternal
	}
	body := ue.Msg
	if ue.Hint != "" {
		body += "\n\nTry: `" + ue.Hint + "`"
	}
	title := ue.Title
	if title == "" {
		title = "Not found"
	}
	return Reply{Title: title, Body: body, Ephemeral: true, Error: true, Footer: r.footer}
}
