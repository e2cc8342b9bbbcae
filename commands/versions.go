package commands

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The CR versions held: /rule cr:<date> reads an older one.

// crDates lists the effective dates held, newest first; without
// Versions, only the served CR's.
func (r *Router) crDates() []time.Time {
	if r.d.Versions != nil {
		if ds := r.d.Versions.Dates(); len(ds) > 0 {
			return ds
		}
	}
	return []time.Time{r.d.CR.Effective()}
}

func formatDates(ds []time.Time) string {
	var s []string
	for _, d := range ds {
		s = append(s, d.Format(time.DateOnly))
	}
	return strings.Join(s, ", ")
}

// heldDate finds a held version by its effective date, written 2025-11-14
// or 20251114. A date not held is refused with a hint: the command hint
// builds, around the held date nearest the one asked (the oldest for what
// is not a date) among those that fit (any, when fits is nil or none
// does), so that the user runs the same look-up in a version held.
func (r *Router) heldDate(q string, hint func(date string) string, fits func(time.Time) bool) (time.Time, error) {
	held := r.crDates()
	q = strings.TrimSpace(q)
	t, err := time.Parse(time.DateOnly, q)
	if err != nil {
		t, err = time.Parse("20060102", q)
	}
	if err != nil {
		return time.Time{}, &UserError{Title: "Not a date", Msg: fmt.Sprintf("%q is not a CR effective date. Write it as 2025-11-14. The versions held are effective %s.", clip(q, 40), formatDates(held)), Hint: hint(held[len(held)-1].Format(time.DateOnly))}
	}
	for _, d := range held {
		if sameDay(d, t) {
			return d, nil
		}
	}
	return time.Time{}, &UserError{Code: CodeNotFound, Title: "CR version not held", Msg: fmt.Sprintf("No Comprehensive Rules effective %s are loaded. The versions held are effective %s.", t.Format(time.DateOnly), formatDates(held)), Hint: hint(nearest(held, t, fits).Format(time.DateOnly))}
}

// nearest is the date of ds nearest t (the earlier of two as near) among
// those that fit, else among all.
func nearest(ds []time.Time, t time.Time, fits func(time.Time) bool) time.Time {
	var best time.Time
	for _, d := range ds {
		if (fits == nil || fits(d)) && (best.IsZero() || dist(d, t) <= dist(best, t)) {
			best = d
		}
	}
	if best.IsZero() {
		return nearest(ds, t, nil)
	}
	return best
}

func dist(a, b time.Time) time.Duration {
	if a.Before(b) {
		return b.Sub(a)
	}
	return a.Sub(b)
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// bookFor is the CR a /rule look-up reads: the served one, or an older
// held version named by its date (the cr option). older reports the latter.
func (r *Router) bookFor(req Request) (book RuleBook, older bool, err error) {
	q := req.Option("cr")
	if q == "" {
		return r.d.CR, false, nil
	}
	d, err := r.heldDate(q, func(date string) string { return ruleHint(req.Option("number"), date) }, nil)
	if err != nil {
		return nil, false, err
	}
	if sameDay(d, r.d.CR.Effective()) {
		return r.d.CR, false, nil
	}
	book, err = r.d.Versions.Version(d)
	if err != nil {
		return nil, false, &UserError{Code: CodeUnavailable, Title: "CR version unreadable", Msg: fmt.Sprintf("The Comprehensive Rules effective %s could not be read.", d.Format(time.DateOnly)), Err: err}
	}
	return book, true, nil
}

// ruleHint is the /rule look-up of a rule, in the CR version effective on
// date when one is given.
func ruleHint(number, date string) string {
	if date == "" {
		return "/rule number:" + number
	}
	return "/rule number:" + number + " cr:" + date
}

func (r *Router) dateChoices(prefix string) []Choice {
	var out []Choice
	for _, d := range r.crDates() {
		s := d.Format(time.DateOnly)
		if strings.HasPrefix(s, strings.TrimSpace(prefix)) {
			out = append(out, Choice{Name: s, Value: s})
		}
	}
	return out
}

// completeRuleOrDate completes /rule: its number, or the date of the CR
// version to read.
func (r *Router) completeRuleOrDate(ctx context.Context, req Request) []Choice {
	if req.Focused == "cr" {
		return r.dateChoices(req.Option("cr"))
	}
	return r.completeRule(ctx, req)
}
