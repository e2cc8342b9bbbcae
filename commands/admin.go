package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// CodeForbidden: the command is for the bot's owners only.
const CodeForbidden = "forbidden"

// Reloader reloads the data a running server answers from.
type Reloader interface {
	// Reload fetches what is newer from the official sources (when the
	// server is set to), loads the data directory again beside the data
	// served and swaps the new data in only when all of it loaded. An
	// error means the old data is still served; it says why.
	Reload(ctx context.Context) (ReloadReport, error)
}

// ReloadReport says what one reload did.
type ReloadReport struct {
	// Swapped says the new data is served now; false when nothing had
	// changed.
	Swapped bool
	// Before and After are the effective dates of the CR served before
	// and after the reload.
	Before, After time.Time
	Cards         int
	Took          time.Duration
	// Notes say what each source and step did, one line each.
	Notes []string
}

// errOwnersOnly answers /admin from anyone but an owner.
var errOwnersOnly = &UserError{Code: CodeForbidden, Title: "Owners only", Msg: "Only the bot's owners can use /admin.", Hint: "/help"}

// isOwner reports whether user may use /admin.
func (r *Router) isOwner(user string) bool {
	return user != "" && slices.Contains(r.d.Owners, user)
}

// adminReload answers /admin reload, privately: what was downloaded, which
// CR is served now, or why the reload failed and the old data stays.
func (r *Router) adminReload(ctx context.Context, req Request) (Reply, error) {
	// Only a console or a one-shot look-up has no reloader (a server
	// always has one), and it has no owners: tell its user why first.
	if r.d.Reloader == nil {
		return Reply{}, &UserError{Code: CodeUnavailable, Title: "Cannot reload here", Msg: "This instance does not reload its data (a console or a one-shot look-up reads the data at start); restart it instead.", Hint: "/help"}
	}
	if !r.isOwner(req.UserID) {
		return Reply{}, errOwnersOnly
	}
	rep, err := r.d.Reloader.Reload(ctx)
	var b strings.Builder
	for _, n := range rep.Notes {
		b.WriteString("• " + n + "\n")
	}
	if err != nil {
		r.log.WarnContext(ctx, "reload asked by an owner failed; the old data is still served", "user", req.UserID, "err", err)
		return Reply{Title: "Reload failed: the data served is unchanged", Body: strings.TrimSpace(b.String() + "\n" + err.Error()),
			Ephemeral: true, Error: true, Code: CodeUnavailable}, nil
	}
	title := "Reloaded"
	if !rep.Swapped {
		title = "Nothing new to load"
	}
	fmt.Fprintf(&b, "\nServing the Comprehensive Rules effective %s", rep.After.Format(time.DateOnly))
	if !rep.Before.IsZero() && !rep.Before.Equal(rep.After) {
		fmt.Fprintf(&b, " (was %s)", rep.Before.Format(time.DateOnly))
	}
	fmt.Fprintf(&b, " and %d cards; took %s.", rep.Cards, rep.Took.Round(time.Millisecond))
	return Reply{Title: title, Body: strings.TrimSpace(b.String()), Ephemeral: true,
		Footer: "Comprehensive Rules effective " + rep.After.Format(time.DateOnly)}, nil
}
