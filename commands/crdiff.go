package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/crdiff"
)

// The CR versions held: /rule with an older date, /cr diff, and the
// "changed" note with its button on /rule.

const (
	// diffContext is how many unchanged words a word diff keeps around
	// each change.
	diffContext = 10
	// maxDiffBody bounds a diff's text (about 80 pages): beyond it the
	// reply says how many changes were left out and how to narrow it.
	maxDiffBody = 240_000
)

// newestDiff is the diff from the previous version held to the served
// one; nil when only one version is held or it cannot be computed.
func (r *Router) newestDiff() *crdiff.Diff {
	ds := r.crDates()
	if len(ds) < 2 || r.d.Versions == nil || !sameDay(ds[0], r.d.CR.Effective()) {
		return nil
	}
	d, err := r.d.Versions.Diff(ds[1], ds[0])
	if err != nil {
		r.log.Warn("comparing the two newest CR versions failed", "err", err)
		return nil
	}
	return d
}

// changedRules maps each rule of the served CR that is new, changed or
// renumbered in it (compared with the version before) to a note ("new",
// "changed", "numbered 726.1a before"), with the served CR's date; nil when no
// older version is held.
func (r *Router) changedRules() (map[string]string, string) {
	d := r.newestDiff()
	if d == nil {
		return nil, ""
	}
	out := make(map[string]string, len(d.Rules))
	for _, c := range d.Rules {
		switch {
		case c.New == "":
		case c.Kind == crdiff.Added:
			out[c.New] = "new"
		case c.Kind == crdiff.Renumbered && c.Similarity == 1:
			out[c.New] = "numbered " + c.Old + " before"
		default:
			out[c.New] = "changed"
		}
	}
	return out, d.NewDate.Format(time.DateOnly)
}

// changedNote adds to a /rule reply which of the rules it shows changed in
// the newest CR, with a button that shows the diff.
func (r *Router) changedNote(rep *Reply, ruleID string, shown []string) {
	d := r.newestDiff()
	if d == nil {
		return
	}
	byNew := make(map[string]crdiff.Change, len(d.Rules))
	for _, c := range d.Rules {
		if c.New != "" {
			byNew[c.New] = c
		}
	}
	var parts []string
	added := 0
	for _, id := range shown {
		c, ok := byNew[id]
		if !ok {
			continue
		}
		switch c.Kind {
		case crdiff.Added:
			added++
			parts = append(parts, id+" (new)")
		case crdiff.Renumbered:
			parts = append(parts, fmt.Sprintf("%s (was %s)", id, c.Old))
		default:
			parts = append(parts, id)
		}
	}
	if len(parts) == 0 {
		return
	}
	date := d.NewDate.Format(time.DateOnly)
	if added == len(shown) {
		// The rule and everything shown with it are new.
		rep.Fields = append(rep.Fields, Field{Name: "New " + date, Value: fmt.Sprintf("New in the CR effective %s (not in the one effective %s).", date, d.OldDate.Format(time.DateOnly))})
		return
	}
	const maxListed = 20
	if len(parts) > maxListed {
		parts = append(parts[:maxListed], fmt.Sprintf("and %d more", len(parts)-maxListed))
	}
	rep.Fields = append(rep.Fields, Field{
		Name:  "Changed " + date,
		Value: fmt.Sprintf("Changed in the CR effective %s (since %s): %s.", date, d.OldDate.Format(time.DateOnly), strings.Join(parts, ", ")),
	})
	rep.Buttons = append(rep.Buttons, Button{Label: "What changed", CustomID: "crd:" + ruleID, Style: ButtonSecondary})
}

// crDiff answers /cr diff [rule] [from] [to].
func (r *Router) crDiff(_ context.Context, req Request) (Reply, error) {
	return r.diffReply(req.Option("rule"), req.Option("from"), req.Option("to"))
}

// diffHint is the /cr diff of rule between from and to, each left out
// when empty. A to without a from gets the version held before it, the
// one /cr diff compares it with, so that the command line, which names
// OLD before NEW, can run it too.
func (r *Router) diffHint(rule, from, to string) string {
	rule, from, to = strings.TrimSpace(rule), strings.TrimSpace(from), strings.TrimSpace(to)
	if from == "" && to != "" {
		if t, err := r.heldDate(to, func(string) string { return "" }, nil); err == nil {
			for _, d := range r.crDates() {
				if d.Before(t) {
					from = d.Format(time.DateOnly)
					break
				}
			}
		}
	}
	hint := "/cr diff"
	for _, o := range [][2]string{{"rule", rule}, {"from", from}, {"to", to}} {
		if o[1] != "" {
			hint += " " + o[0] + ":" + o[1]
		}
	}
	return hint
}

// crDiffButton answers "What changed" under /rule (crd:<rule>): the
// rule's diff between the two newest versions, privately.
func (r *Router) crDiffButton(_ context.Context, req Request) (Reply, error) {
	rep, err := r.diffReply(req.CustomArg(), "", "")
	rep.Ephemeral = true
	return rep, err
}

// diffReply lists what changed between two held versions (by default the
// newest and the one before it), for the rules under one number or for
// everything.
func (r *Router) diffReply(ruleQ, fromQ, toQ string) (Reply, error) {
	held := r.crDates()
	if len(held) < 2 || r.d.Versions == nil {
		return Reply{}, &UserError{Code: CodeUnavailable, Title: "Only one CR version", Msg: fmt.Sprintf("Only the Comprehensive Rules effective %s are loaded; comparing needs an older version too (put its TXT file in the data directory).", held[0].Format(time.DateOnly))}
	}
	to := held[0]
	if strings.TrimSpace(toQ) != "" {
		var err error
		// A version after the from given, when it is held.
		fromT, fromErr := r.heldDate(fromQ, func(string) string { return "" }, nil)
		after := func(d time.Time) bool { return fromErr != nil || d.After(fromT) }
		if to, err = r.heldDate(toQ, func(date string) string { return r.diffHint(ruleQ, fromQ, date) }, after); err != nil {
			return Reply{}, err
		}
	}
	var from time.Time
	if strings.TrimSpace(fromQ) != "" {
		var err error
		before := func(d time.Time) bool { return d.Before(to) }
		if from, err = r.heldDate(fromQ, func(date string) string { return r.diffHint(ruleQ, date, toQ) }, before); err != nil {
			return Reply{}, err
		}
	} else {
		for _, d := range held {
			if d.Before(to) {
				from = d
				break
			}
		}
		if from.IsZero() {
			return Reply{}, &UserError{Title: "Nothing older", Msg: fmt.Sprintf("No version older than %s is held. The versions held are effective %s.", to.Format(time.DateOnly), formatDates(held)), Hint: r.diffHint(ruleQ, "", "")}
		}
	}
	if !from.Before(to) {
		// Both given: the other way round; else from the oldest held.
		hint := r.diffHint(ruleQ, held[len(held)-1].Format(time.DateOnly), strings.TrimSpace(toQ))
		if strings.TrimSpace(toQ) != "" && !sameDay(from, to) {
			hint = r.diffHint(ruleQ, to.Format(time.DateOnly), from.Format(time.DateOnly))
		}
		return Reply{}, &UserError{Title: "Which way?", Msg: fmt.Sprintf("from (%s) must be older than to (%s).", from.Format(time.DateOnly), to.Format(time.DateOnly)), Hint: hint}
	}
	// The versions as the user gave them, for hints that keep them.
	givenFrom, givenTo := "", ""
	if strings.TrimSpace(fromQ) != "" {
		givenFrom = from.Format(time.DateOnly)
	}
	if strings.TrimSpace(toQ) != "" {
		givenTo = to.Format(time.DateOnly)
	}
	d, err := r.d.Versions.Diff(from, to)
	if err != nil {
		return Reply{}, &UserError{Code: CodeUnavailable, Title: "Cannot compare", Msg: fmt.Sprintf("The Comprehensive Rules effective %s and %s could not be compared.", from.Format(time.DateOnly), to.Format(time.DateOnly)), Err: err}
	}
	fromS, toS := from.Format(time.DateOnly), to.Format(time.DateOnly)
	title := fmt.Sprintf("CR changes %s → %s", fromS, toS)
	rules, gloss := d.Rules, d.Glossary
	if q := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(ruleQ)), "rule ")), "."); q != "" {
		id, err := cr.ParseID(q)
		if err != nil {
			return Reply{}, &UserError{Title: "Not a rule number", Msg: fmt.Sprintf("%q is not a rule number. Rule numbers look like 702, 702.19 or 704.5k.", clip(ruleQ, 80)), Hint: r.diffHint("702", givenFrom, givenTo)}
		}
		q = id.String()
		oldBook, err1 := r.d.Versions.Version(from)
		newBook, err2 := r.d.Versions.Version(to)
		if err1 != nil || err2 != nil || (!oldBook.Exists(q) && !newBook.Exists(q)) {
			return Reply{}, &UserError{Code: CodeNotFound, Title: "No such rule", Msg: fmt.Sprintf("Rule %s is in neither the CR effective %s nor the one effective %s.", q, fromS, toS), Hint: r.diffHint(enclosingRule(id), givenFrom, givenTo)}
		}
		rules, gloss = d.Under(q), nil
		title += " · rule " + q
	}
	rep := Reply{Title: title, Footer: fmt.Sprintf("Comprehensive Rules effective %s and %s", fromS, toS)}
	if len(rules)+len(gloss) == 0 {
		rep.Body = "No rule changed between these versions."
		if len(d.Rules)+len(d.Glossary) > 0 && strings.TrimSpace(ruleQ) != "" {
			rep.Body = "Nothing under this rule changed between these versions."
		}
		return rep, nil
	}
	rep.Body = diffBody(rules, gloss, fromS, toS)
	// Citations name rules of the served CR only (their links go to it);
	// old numbers appear in the text, marked as the older version's.
	if sameDay(to, r.d.CR.Effective()) {
		for _, c := range rules {
			if c.New != "" && r.d.CR.Exists(c.New) {
				rep.Citations = append(rep.Citations, crCite(c.New))
			}
		}
	}
	return rep, nil
}

// diffBody writes the changes, one paragraph each: new rules, changed
// rules with their word diff, renumbered ones, removed ones, then the
// glossary.
func diffBody(rules, gloss []crdiff.Change, fromS, toS string) string {
	var b strings.Builder
	n, g := crdiff.Count(rules), crdiff.Count(gloss)
	fmt.Fprintf(&b, "**Rules:** %d added, %d changed, %d renumbered, %d removed.", n.Added, n.Changed, n.Renumbered, n.Removed)
	if g.Total() > 0 {
		fmt.Fprintf(&b, " **Glossary:** %d added, %d changed, %d renamed, %d removed.", g.Added, g.Changed, g.Renumbered, g.Removed)
	}
	b.WriteString("\nIn word diffs, [-text-] was removed and {+text+} added; old numbers are those of the CR effective " + fromS + ".")
	left := 0
	para := func(s string) {
		if b.Len()+len(s) > maxDiffBody {
			left++
			return
		}
		b.WriteString("\n\n")
		b.WriteString(s)
	}
	section := func(title string, count int) {
		if count > 0 {
			para(fmt.Sprintf("**%s (%d)**", title, count))
		}
	}
	section("New rules", n.Added)
	for _, c := range rules {
		if c.Kind == crdiff.Added {
			para(fmt.Sprintf("**%s** %s", c.New, clip(oneLine(c.NewText), 400)))
		}
	}
	section("Changed rules", n.Changed)
	for _, c := range rules {
		if c.Kind == crdiff.Changed {
			para(fmt.Sprintf("**%s** %s", c.New, crdiff.Plain(crdiff.Trim(c.Words, diffContext))))
		}
	}
	section("Renumbered rules", n.Renumbered)
	var moved []string
	for _, c := range rules {
		if c.Kind != crdiff.Renumbered {
			continue
		}
		if c.Words == nil {
			moved = append(moved, c.Old+" → "+c.New)
			continue
		}
		para(fmt.Sprintf("**%s** (was %s) %s", c.New, c.Old, crdiff.Plain(crdiff.Trim(c.Words, diffContext))))
	}
	if len(moved) > 0 {
		para("Same text, new number: " + strings.Join(moved, ", ") + ".")
	}
	section("Removed rules (numbers of "+fromS+")", n.Removed)
	for _, c := range rules {
		if c.Kind == crdiff.Removed {
			para(fmt.Sprintf("**%s** %s", c.Old, clip(oneLine(c.OldText), 300)))
		}
	}
	if g.Total() > 0 {
		para("**Glossary**")
		for _, c := range gloss {
			switch c.Kind {
			case crdiff.Added:
				para(fmt.Sprintf("**%s** (new) %s", c.New, clip(oneLine(c.NewText), 300)))
			case crdiff.Removed:
				para(fmt.Sprintf("**%s** (removed) %s", c.Old, clip(oneLine(c.OldText), 200)))
			case crdiff.Renumbered:
				s := fmt.Sprintf("**%s** (was %s)", c.New, c.Old)
				if c.Words != nil {
					s += " " + crdiff.Plain(crdiff.Trim(c.Words, diffContext))
				}
				para(s)
			default:
				para(fmt.Sprintf("**%s** %s", c.New, crdiff.Plain(crdiff.Trim(c.Words, diffContext))))
			}
		}
	}
	if left > 0 {
		fmt.Fprintf(&b, "\n\n…and %d more entries: ask for one section or rule, such as /cr diff rule:702 (%s → %s).", left, fromS, toS)
	}
	return b.String()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// completeCR suggests the held dates for from and to, and rule numbers
// for rule.
func (r *Router) completeCR(ctx context.Context, req Request) []Choice {
	if req.Focused == "rule" {
		return r.completeRule(ctx, req)
	}
	return r.dateChoices(req.Option(req.Focused))
}
