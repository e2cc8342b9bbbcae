package commands

import (
	"context"
	"errors"
	"fmt"
	"net"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// Scenario sessions are lists of script lines in the session store under
// scenario:<channel> (shared by the channel or thread) or
// scenario:<channel>:<user> (private). A user who started a private
// scenario keeps using it until they reset it or start a shared one; the
// marker key scenario:<channel>:<user>:private remembers that choice. All
// three share the store's hash tag scenario:<channel>, so /scenario new and
// reset change a scenario and its marker in one atomic batch (one slot on a
// Redis Cluster).

var errNoEngine = &UserError{Code: CodeUnavailable, Title: "Scenarios are unavailable", Msg: "The scenario engine is not part of this build. Rule look-ups still work.", Hint: "/rule 613.1"}

func scenarioKey(channel, user string, private bool) string {
	if private {
		return "scenario:" + channel + ":" + user
	}
	return "scenario:" + channel
}

func privateMarker(channel, user string) string {
	return "scenario:" + channel + ":" + user + ":private"
}

// whichScenario resolves the session a request means: the private option
// when given, else the user's private scenario if they started one here,
// else the channel's.
func (r *Router) whichScenario(ctx context.Context, req Request) (key string, private bool, err error) {
	if v, given := req.Options["private"]; given {
		private = v == "true"
		return scenarioKey(req.ChannelID, req.UserID, private), private, nil
	}
	_, private, err = r.d.Store.Get(ctx, privateMarker(req.ChannelID, req.UserID))
	if err != nil {
		return "", false, err
	}
	return scenarioKey(req.ChannelID, req.UserID, private), private, nil
}

// scenarioCmd is the part every /scenario subcommand shares: the engine
// must be there, and the console has no channel of its own.
func (r *Router) scenarioCmd(h HandlerFunc) HandlerFunc {
	return func(ctx context.Context, req Request) (Reply, error) {
		if r.d.Scenarios == nil {
			return Reply{}, errNoEngine
		}
		if req.ChannelID == "" {
			req.ChannelID = "console"
		}
		return h(ctx, req)
	}
}

// scenarioNew starts an empty scenario. One batch: a store failure leaves
// the old scenario and the old choice of scenario both as they were, never
// one without the other.
func (r *Router) scenarioNew(ctx context.Context, req Request) (Reply, error) {
	key, private, err := r.whichScenario(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	marker := privateMarker(req.ChannelID, req.UserID)
	b := session.Batch{Delete: []string{key}}
	if private {
		b.Put = []session.Entry{{Key: marker, Value: []byte("1"), TTL: r.d.ScenarioTTL}}
	} else {
		b.Delete = append(b.Delete, marker)
	}
	if err := r.d.Store.Apply(ctx, b); err != nil {
		return Reply{}, writeFailed(err)
	}
	who := "this channel"
	if private {
		who = "you in this channel (only you see it)"
	}
	return Reply{
		Title:     "New scenario",
		Body:      "Started an empty scenario for " + who + ". Add objects and effects one line at a time, then ask questions:\n" + scenarioCheatSheet,
		Buttons:   []Button{addLinesButton(private)},
		Ephemeral: private,
	}, nil
}

// scenarioAdd appends a line (or opens the form to paste several).
func (r *Router) scenarioAdd(ctx context.Context, req Request) (Reply, error) {
	line := req.Option("line")
	if _, given := req.Options["private"]; !given && line != "" {
		// The commonest scenario command: which scenario and its lines in
		// one round trip.
		found, lists, err := r.d.Store.Peek(ctx, privateMarker(req.ChannelID, req.UserID),
			scenarioKey(req.ChannelID, req.UserID, false), scenarioKey(req.ChannelID, req.UserID, true))
		if err != nil {
			return Reply{}, err
		}
		which := 0
		if found {
			which = 1
		}
		key := scenarioKey(req.ChannelID, req.UserID, found)
		rep, err := r.appendTo(ctx, key, found, lists[which], splitScript(line), req.ID)
		if err != nil && lists[which] != nil {
			// A refused line is still a use of the scenario: renew its
			// expiry as a successful append would have (best effort).
			_, _ = r.d.Store.Lines(ctx, key, r.d.ScenarioTTL)
		}
		return rep, err
	}
	key, private, err := r.whichScenario(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if line == "" {
		return Reply{Modal: addLinesModal(private)}, nil
	}
	return r.appendAndRun(ctx, key, private, splitScript(line), req.ID)
}

// scenarioShow runs the scenario again and shows it.
func (r *Router) scenarioShow(ctx context.Context, req Request) (Reply, error) {
	key, private, err := r.whichScenario(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	lines, err := r.d.Store.Lines(ctx, key, r.d.ScenarioTTL)
	if err != nil {
		return Reply{}, err
	}
	if len(lines) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "No scenario here", Msg: "There is no scenario in this channel yet (scenarios expire after " + humanDuration(r.d.ScenarioTTL) + " without use).", Hint: "/scenario add line:Ornithopter as O (new)"}
	}
	return r.runReply(ctx, lines, private, "")
}

// scenarioUndo removes the last line.
func (r *Router) scenarioUndo(ctx context.Context, req Request) (Reply, error) {
	key, private, err := r.whichScenario(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	line, ok, lines, err := r.d.Store.PopAndList(ctx, key, r.d.ScenarioTTL)
	if err != nil {
		return Reply{}, writeFailed(err)
	}
	if !ok {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Nothing to undo", Msg: "The scenario has no lines.", Hint: "/scenario add line:Ornithopter"}
	}
	note := "Removed: `" + strings.ReplaceAll(line, "`", "'") + "`"
	if len(lines) == 0 {
		return Reply{Title: "Scenario", Body: note + "\nThe scenario is now empty.", Ephemeral: private, Buttons: []Button{addLinesButton(private)}}, nil
	}
	return r.runReply(ctx, lines, private, note)
}

// scenarioReset throws the scenario and the private choice away.
func (r *Router) scenarioReset(ctx context.Context, req Request) (Reply, error) {
	key, private, err := r.whichScenario(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if err := r.d.Store.Apply(ctx, session.Batch{Delete: []string{key, privateMarker(req.ChannelID, req.UserID)}}); err != nil {
		return Reply{}, writeFailed(err)
	}
	return Reply{Title: "Scenario cleared", Body: "The scenario was thrown away. Start again with `/scenario new` or `/scenario add`.", Ephemeral: private}, nil
}

const scenarioCheatSheet = "```\n" +
	"define Gray Ogre = {2}{R} Creature — Ogre 2/2\n" +
	"Ornithopter as O (new, 2 +1/+1 counters)\n" +
	"cast Titanic Growth targeting O\n" +
	"? O\n" +
	"? can O attack\n" +
	"```"

func addLinesButton(private bool) Button {
	return Button{Label: "Add lines", CustomID: "scn:open:" + scope(private), Style: ButtonPrimary}
}

func scope(private bool) string {
	if private {
		return "p"
	}
	return "c"
}

func addLinesModal(private bool) *Modal {
	return &Modal{
		CustomID: "scn:add:" + scope(private),
		Title:    "Add scenario lines",
		Inputs: []TextInput{{
			CustomID:    "lines",
			Label:       "One statement per line",
			Placeholder: "Ornithopter as O (new)\ncast Ensoul Artifact targeting O\n? can O attack",
			Paragraph:   true,
			Required:    true,
			MaxLength:   4000,
		}},
	}
}

// scenarioButton handles the "Add lines" button: it opens the form.
func (r *Router) scenarioButton(_ context.Context, req Request) (Reply, error) {
	rest := req.CustomArg()
	if r.d.Scenarios == nil {
		return Reply{}, errNoEngine
	}
	if op, sc, _ := strings.Cut(rest, ":"); op == "open" {
		return Reply{Modal: addLinesModal(sc == "p")}, nil
	}
	return Reply{}, &UserError{Title: "Unknown button", Msg: "That button is not one Arbiter made.", Hint: "/scenario show"}
}

// scenarioModal appends the pasted lines of the form.
func (r *Router) scenarioModal(ctx context.Context, req Request) (Reply, error) {
	rest := req.CustomArg()
	if r.d.Scenarios == nil {
		return Reply{}, errNoEngine
	}
	op, sc, _ := strings.Cut(rest, ":")
	if op != "add" {
		return Reply{}, &UserError{Title: "Unknown form", Msg: "That form is not one Arbiter made.", Hint: "/scenario show"}
	}
	if req.ChannelID == "" {
		req.ChannelID = "console"
	}
	private := sc == "p"
	lines := splitScript(req.Values["lines"])
	if len(lines) == 0 {
		return Reply{}, &UserError{Title: "Nothing to add", Msg: "The form was empty.", Hint: "/scenario add line:Ornithopter"}
	}
	return r.appendAndRun(ctx, scenarioKey(req.ChannelID, req.UserID, private), private, lines, req.ID)
}

// splitScript splits pasted text into lines, dropping blank ones.
func splitScript(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// appendAndRun checks that the script still parses and runs with the new
// lines, appends them (nothing is written when they do not) and answers
// with the whole script run again.
func (r *Router) appendAndRun(ctx context.Context, key string, private bool, add []string, once string) (Reply, error) {
	lines, err := r.d.Store.Lines(ctx, key, r.d.ScenarioTTL)
	if err != nil {
		return Reply{}, err
	}
	return r.appendTo(ctx, key, private, lines, add, once)
}

// Scenario size caps: every add and show runs the whole script again, so a
// scenario's size bounds the work one request can ask for.
const (
	MaxScenarioLines = 200
	MaxScenarioBytes = 20000
	MaxLineBytes     = 500 // one statement, as /scenario add's line option
)

// appendTo is appendAndRun on the lines the scenario held when read. once
// (the interaction id) makes the append idempotent in the store.
func (r *Router) appendTo(ctx context.Context, key string, private bool, lines, add []string, once string) (Reply, error) {
	ttl := r.d.ScenarioTTL
	all := append(append([]string(nil), lines...), add...)
	refuse := func(msg string) error {
		if len(lines) > 0 {
			msg += fmt.Sprintf(" (the scenario already has %d lines; yours start at line %d)", len(lines), len(lines)+1)
		}
		hint := "/scenario add line:Ornithopter as O (new)"
		if strings.Contains(msg, "unknown card") {
			// The usual example names a card, which is what failed: show
			// how to define one instead.
			hint = "/scenario add line:define Gray Ogre = {2}{R} Creature — Ogre 2/2"
		}
		return &UserError{Title: "That line was not added", Msg: "Nothing was added: " + msg, Hint: hint}
	}
	size := 0
	for _, l := range all {
		size += len(l) + 1
	}
	for i, l := range add {
		if len(l) > MaxLineBytes {
			return Reply{}, refuse(fmt.Sprintf("line %d is %d characters long; a statement may be at most %d", len(lines)+i+1, len(l), MaxLineBytes))
		}
	}
	if len(all) > MaxScenarioLines || size > MaxScenarioBytes {
		return Reply{}, refuse(fmt.Sprintf("a scenario holds at most %d lines and %d characters, and this would make %d lines and %d characters; start a smaller one with /scenario new", MaxScenarioLines, MaxScenarioBytes, len(all), size))
	}
	if err := r.d.Scenarios.Check(strings.Join(all, "\n")); err != nil {
		return Reply{}, refuse(err.Error())
	}
	res, err := r.runScenario(ctx, strings.Join(all, "\n"))
	if err != nil {
		return Reply{}, runError(err, "/scenario show")
	}
	// A new line the engine cannot carry out (an unknown card, a typo in
	// a reference) is refused; errors in older lines are only reported.
	var bad []string
	for _, e := range res.Errors {
		if e.Line > len(lines) {
			bad = append(bad, e.Msg)
		}
	}
	if len(bad) > 0 {
		return Reply{}, refuse(strings.Join(bad, "; "))
	}
	// The list as stored right after the append: other users may have
	// added lines at the same time, and the answer must be the script as
	// stored (one round trip for both).
	stored, err := r.appendOnce(ctx, key, add, ttl, once)
	if err != nil {
		return Reply{}, err
	}
	if !slices.Equal(stored, all) {
		return r.runReply(ctx, stored, private, "")
	}
	return r.scenarioReply(stored, res, private, ""), nil
}

// runError is the reply to a run that failed: the deadline's own message,
// or the engine's.
func runError(err error, hint string) error {
	var ue *UserError
	if errors.As(err, &ue) {
		return ue
	}
	return &UserError{Title: "The scenario could not run", Msg: err.Error(), Hint: hint}
}

// errMaybeAdded is the truthful answer when an append's outcome is unknown:
// the store took the transaction but its reply was lost, so it may have
// been applied.
var errMaybeAdded = &UserError{
	Code:  CodeUnavailable,
	Title: "Not sure the lines were added",
	Msg:   "The session store stopped answering while your lines were being added, so they may or may not have been added. Check with /scenario show before adding them again.",
	Hint:  "/scenario show",
}

// appendOnce appends through the store. A failure may hide an append that
// was applied (a MULTI/EXEC or script whose reply was lost), so with an
// idempotency key it is retried once (the key makes the retry append
// nothing if the first try was applied); when the outcome is still unknown
// the user is told so rather than "nothing was changed".
func (r *Router) appendOnce(ctx context.Context, key string, add []string, ttl time.Duration, once string) ([]string, error) {
	stored, err := r.d.Store.AppendAndList(ctx, key, add, ttl, once)
	if err == nil || once == "" || !errors.Is(err, session.ErrUnavailable) || notSent(err) {
		return stored, err
	}
	stored, err2 := r.d.Store.AppendAndList(ctx, key, add, ttl, once)
	if err2 == nil {
		return stored, nil
	}
	r.log.Debug("append outcome unknown", "err", err, "retry_err", err2)
	return nil, errMaybeAdded
}

// errMaybeChanged is errMaybeAdded for the other scenario changes (new,
// undo, reset): a transaction whose reply was lost may have been applied.
var errMaybeChanged = &UserError{
	Code:  CodeUnavailable,
	Title: "Not sure the scenario was changed",
	Msg:   "The session store stopped answering while the scenario was being changed, so the change may or may not have been made. Check with /scenario show once the store is answering again. Rule, card and document look-ups still work.",
	Hint:  "/scenario show",
}

// writeFailed words a failed scenario change truthfully: "nothing was
// changed" only when the request never reached the store.
func writeFailed(err error) error {
	if errors.Is(err, session.ErrUnavailable) && !notSent(err) {
		return errMaybeChanged
	}
	return err
}

// notSent reports a failure that happened before the request reached the
// store (no connection could be made), so nothing was applied.
func notSent(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// ruleIDRe finds rule numbers in engine output ("613.4c", "302.6").
var ruleIDRe = regexp.MustCompile(`\b[1-9]\d\d\.\d+[a-z]?\b`)

// runReply runs the script and shows it with the engine's report.
func (r *Router) runReply(ctx context.Context, lines []string, private bool, note string) (Reply, error) {
	res, err := r.runScenario(ctx, strings.Join(lines, "\n"))
	if err != nil {
		return Reply{}, runError(err, "/scenario undo")
	}
	return r.scenarioReply(lines, res, private, note), nil
}

// scenarioReply shows the numbered script and the report. Script lines are
// inline code, one per line, so paging can split anywhere without breaking
// a code block; the report is the engine's Markdown. The rules the report
// cites become citations (only those in the loaded CR).
func (r *Router) scenarioReply(lines []string, res ScenarioResult, private bool, note string) Reply {
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n\n")
	}
	for i, l := range lines {
		fmt.Fprintf(&b, "`%d` `%s`\n", i+1, strings.ReplaceAll(l, "`", "'"))
	}
	// The report repeats names and aliases the users typed.
	b.WriteString("\n" + defuse.Replace(strings.TrimSpace(res.Text)))
	rep := Reply{
		Title:     fmt.Sprintf("Scenario (%s)", plural(len(lines), "line")),
		Body:      b.String(),
		Ephemeral: private,
		Buttons:   []Button{addLinesButton(private)},
	}
	var refs []string
	seen := map[string]bool{}
	for _, id := range ruleIDRe.FindAllString(res.Text, -1) {
		if !seen[id] && r.d.CR.Exists(id) {
			seen[id] = true
			refs = append(refs, id)
			rep.Citations = append(rep.Citations, crCite(id))
		}
	}
	rep.Buttons = append(rep.Buttons, citeButtons(refs)...)
	return rep
}

// plural writes a count with its noun: "1 line", "3 lines".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
