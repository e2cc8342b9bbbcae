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
// or 20251114.
func (r *Router) heldDate(q, option string) (time.Time, error) {
	held := r.crDates()
	q = strings.TrimSpace(q)
	t, err := time.Parse(time.DateOnly, q)
	if err != nil {
		t, err = time.Parse("20060102", q)
	}
	if err != nil {
		return time.Time{}, &UserError{Title: "Not a date", Msg: fmt.Sprintf("%q is not a CR effective date. Write it as 2025-11-14. The versions held are effective %s.", clip(q, 40), formatDates(held)), Hint: fmt.Sprintf("%s:%s", option, held[len(held)-1].Format(time.DateOnly))}
	}
	for _, d := range held {
		if sameDay(d, t) {
			return d, nil
		}
	}
	return time.Time{}, &UserError{Code: CodeNotFound, Title: "CR version not held", Msg: fmt.Sprintf("No Comprehensive Rules effective %s are loaded. The versions held are effective %s.", t.Format(time.DateOnly), formatDates(held)), Hint: fmt.Sprintf("%s:%s", option, held[len(held)-1].Format(time.DateOnly))}
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// bookFor is the CR a /rule look-up reads: the served one, or an older
// held version named by its date. older reports the latter.
func (r *Router) bookFor(q string) (book RuleBook, older bool, err error) {
	if strings.TrimSpace(q) == "" {
		return r.d.CR, false, nil
	}
	d, err := r.heldDate(q, "cr")
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
