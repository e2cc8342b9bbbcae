package commands

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/session"
)

// Judge calls: /judge call opens a call in the judge channel, judges claim
// and resolve it with buttons or /judge resolve, /judge queue lists the
// open ones and /judge handoff passes one on. A call's state is one value
// in the session store, changed only by compare-and-set (Store.Swap), so
// that two judges pressing Claim at once on two instances sharing Redis
// cannot both win, and the escalation ping is sent once.
//
// Keys: judge:call:<id> (the call, expiring CallTTL after it was opened),
// judge:open (the ids of calls not yet resolved), judge:thread:<thread>
// (the call a thread belongs to), judge:rulings:<guild> (the recorded
// rulings of a server, one JSON line each, kept until deleted) and
// judge:guilds (the servers with recorded rulings, for the export).

// judgeCall is a call's stored state.
type judgeCall struct {
	ID       string    `json:"id"`
	Guild    string    `json:"guild"`
	Question string    `json:"question"`
	Asker    string    `json:"asker"`
	From     string    `json:"from"` // the channel asked from
	Opened   time.Time `json:"opened"`
	REL      string    `json:"rel,omitempty"`
	// AskedREL is the REL the question names when it is not the
	// server's: the suggestions follow it.
	AskedREL string `json:"asked_rel,omitempty"`
	// Where the call was posted.
	Channel string `json:"channel"`
	Message string `json:"message"`
	Thread  string `json:"thread,omitempty"`
	// What the question pipeline suggested, as shown on the call.
	Suggest []Field  `json:"suggest,omitempty"`
	Cards   []string `json:"cards,omitempty"`
	// Cites is the suggested sources as a resolve cites them ("IPG 2.1",
	// "CR 302.6"): the Resolve form starts with them.
	Cites []string `json:"cites,omitempty"`

	ClaimedBy  string    `json:"claimed_by,omitempty"`
	ClaimedAt  time.Time `json:"claimed_at,omitzero"`
	Escalated  bool      `json:"escalated,omitempty"`
	ResolvedBy string    `json:"resolved_by,omitempty"`
	Handoffs   []string  `json:"handoffs,omitempty"` // "<from> -> <to>"
}

// RecordedRuling is a judge's answer to a call, kept as the server's
// precedent log.
type RecordedRuling struct {
	ID       string     `json:"id"`
	Guild    string     `json:"guild"`
	Call     string     `json:"call,omitempty"`
	Question string     `json:"question,omitempty"`
	Ruling   string     `json:"ruling"`
	Judge    string     `json:"judge"`
	At       time.Time  `json:"at"`
	Cites    []Citation `json:"cites"`
	Cards    []string   `json:"cards,omitempty"`
	// Deletes, on a line of its own, removes the recorded ruling with
	// that id from the log (the log is append-only).
	Deletes string `json:"deletes,omitempty"`
}

type openCall struct {
	ID    string `json:"id"`
	Guild string `json:"guild"`
}

// link mentions where the call is handled: its thread, else the judge
// channel it was posted in.
func (c *judgeCall) link() string {
	if c.Thread != "" {
		return "<#" + c.Thread + ">"
	}
	return "<#" + c.Channel + ">"
}

// resolveHint is the example a refused resolve shows.
const resolveHint = "/judge resolve ruling:… cite:CR 302.6, IPG 2.1"

const (
	keyOpenCalls = "judge:open"
	keyGuilds    = "judge:guilds"
	// swapAttempts bounds a compare-and-set loop against a busy key.
	swapAttempts = 20
)

func callKey(id string) string       { return "judge:call:" + id }
func threadKey(id string) string     { return "judge:thread:" + id }
func rulingsKey(guild string) string { return "judge:rulings:" + guild }

var (
	errNoDesk = &UserError{Code: CodeUnavailable, Title: "Judge calls need Discord",
		Msg:  "Judge calls open a thread in the server's judge channel, so they work only in the Discord bot with a bot token (arbiter serve, or arbiter http with DISCORD_TOKEN).",
		Hint: examples["ask"]}
	errNoJudgeChannel = &UserError{Code: CodeUnavailable, Title: "No judge channel",
		Msg:  "This server has no judge channel set up for calls: the bot's [judge] channels setting names none.",
		Hint: examples["ask"]}
	errNotJudge = &UserError{Title: "Judges only",
		Msg:  "Only members with a judge role can do this. To ask a judge, use /judge call.",
		Hint: examples["judge"]}
	errNoSuchCall = &UserError{Code: CodeNotFound, Title: "No such call",
		Msg:  "That judge call is not open: it was resolved, or it expired.",
		Hint: "/judge queue"}
)

// noSuchCall refuses a call id that names no open call, saying which id
// it was: a mistyped one reads differently from a call gone meanwhile.
func noSuchCall(id string) error {
	return &UserError{Code: CodeNotFound, Title: "No such call",
		Msg:  fmt.Sprintf("No open judge call has the id %s: it was resolved or it expired, or the id is mistyped.", clip(id, 20)),
		Hint: "/judge queue", Err: errNoSuchCall}
}

func newID() string {
	var b [5]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// isJudge reports whether the member has one of the judge roles.
func (r *Router) isJudge(req Request) bool {
	for _, role := range req.Roles {
		if slices.Contains(r.d.Judge.Roles, role) {
			return true
		}
	}
	return false
}

func (r *Router) requireJudge(req Request) error {
	// No Discord and no judge role (the console): nobody can be a judge
	// here, and "use /judge call" would not help either.
	if r.d.Desk == nil && len(r.d.Judge.Roles) == 0 {
		return errNoDesk
	}
	if !r.isJudge(req) {
		return errNotJudge
	}
	return nil
}

// loadCall reads a call; ok is false when it is gone.
func (r *Router) loadCall(ctx context.Context, id string) (*judgeCall, []byte, error) {
	raw, ok, err := r.d.Store.Get(ctx, callKey(id))
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, nil
	}
	var c judgeCall
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, nil, fmt.Errorf("judge call %s: %w", id, err)
	}
	return &c, raw, nil
}

// callTTL is what is left of a call's life.
func (r *Router) callTTL(c *judgeCall, now time.Time) time.Duration {
	return max(c.Opened.Add(r.d.Judge.CallTTL).Sub(now), time.Second)
}

// changeCall applies change to the stored call by compare-and-set,
// retrying while others change it meanwhile. change returns an error to
// give up without writing (a lost claim). The call as written is returned.
func (r *Router) changeCall(ctx context.Context, id string, change func(c *judgeCall) error) (*judgeCall, error) {
	for range swapAttempts {
		c, raw, err := r.loadCall(ctx, id)
		if err != nil {
			return nil, err
		}
		if c == nil {
			return nil, noSuchCall(id)
		}
		if err := change(c); err != nil {
			return c, err
		}
		b, _ := json.Marshal(c)
		ok, err := r.d.Store.Swap(ctx, callKey(id), raw, b, r.callTTL(c, time.Now()))
		if err != nil {
			return nil, err
		}
		if ok {
			return c, nil
		}
	}
	return nil, &UserError{Code: CodeUnavailable, Title: "Busy", Msg: "That call is being changed by others right now; try again.", Hint: "/judge queue"}
}

// changeList applies change to a JSON list value by compare-and-set.
func changeList[T any](ctx context.Context, r *Router, key string, change func([]T) []T) error {
	for range swapAttempts {
		raw, ok, err := r.d.Store.Get(ctx, key)
		if err != nil {
			return err
		}
		var list []T
		if ok {
			if err := json.Unmarshal(raw, &list); err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
		} else {
			raw = nil
		}
		b, _ := json.Marshal(change(list))
		if won, err := r.d.Store.Swap(ctx, key, raw, b, 0); err != nil || won {
			return err
		}
	}
	return fmt.Errorf("%s: too many concurrent changes", key)
}

// relName is how a REL is written on a call.
func relName(rel string) string {
	if rel == "" {
		return ""
	}
	return strings.ToUpper(rel[:1]) + rel[1:]
}

// callMessageBudget is what a call message may hold, in runes: Discord
// allows 6000 in a message's embed, and the footer takes some.
const callMessageBudget = 5600

// callMessage is the call as posted in the judge channel: the question,
// who asked and where from (as mentions, which never ping: every message
// goes out with allowed mentions empty), the REL, what the question
// pipeline suggests, who has it, and the Claim and Resolve buttons.
func callMessage(c *judgeCall) Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**Asked by** <@%s> in <#%s>", c.Asker, c.From)
	if c.REL != "" {
		fmt.Fprintf(&b, " · **REL** %s", relName(c.REL))
	}
	switch {
	case c.AskedREL != "" && c.REL == "":
		fmt.Fprintf(&b, " · **REL** %s (named in the question)", relName(c.AskedREL))
	case c.AskedREL != "":
		fmt.Fprintf(&b, " (the question names %s REL: the suggestions follow it)", relName(c.AskedREL))
	}
	if len(c.Cards) > 0 {
		b.WriteString("\n**Cards** " + defuse.Replace(clip(strings.Join(c.Cards, ", "), 300)))
	}
	b.WriteString("\n>>> " + defuse.Replace(clip(c.Question, 1500)))
	rep := Reply{Title: "Judge call " + c.ID, Body: b.String()}
	status := "Open: waiting for a judge"
	switch {
	case c.ResolvedBy != "":
		status = fmt.Sprintf("Resolved by <@%s>", c.ResolvedBy)
	case c.ClaimedBy != "":
		status = fmt.Sprintf("Claimed by <@%s> <t:%d:R>", c.ClaimedBy, c.ClaimedAt.Unix())
	case c.Escalated:
		status = "Open: waiting for a judge (the judge role was called)"
	}
	rep.Fields = append(rep.Fields, Field{Name: "Status", Value: status})
	if len(c.Handoffs) > 0 {
		rep.Fields = append(rep.Fields, Field{Name: "Handed off", Value: clip(strings.Join(c.Handoffs, "\n"), fieldValueMax)})
	}
	// The suggestions share what is left of one message (Discord's 6000
	// characters): a long question or a long handoff history quotes each
	// more briefly rather than losing the last.
	per := 600
	if n := len(c.Suggest); n > 0 {
		used := runeLen(rep.Title) + runeLen(rep.Body)
		for _, f := range rep.Fields {
			used += runeLen(f.Name) + runeLen(f.Value)
		}
		for _, f := range c.Suggest {
			used += runeLen(suggestionName(f))
		}
		per = max(min(per, (callMessageBudget-used)/n), 100)
	}
	for _, f := range c.Suggest {
		rep.Fields = append(rep.Fields, Field{Name: suggestionName(f), Value: suggestionText(f, per)})
	}
	if c.ResolvedBy == "" {
		rep.Buttons = []Button{
			{Label: "Claim", CustomID: "jc:claim:" + c.ID, Style: ButtonPrimary, Disabled: c.ClaimedBy != ""},
			{Label: "Resolve", CustomID: "jc:resolve:" + c.ID, Style: ButtonSuccess},
		}
	}
	return rep
}

// suggestionName is the name a suggestion's field has on the call: a
// source or a ruling is "Suggested: …"; the line of further sources keeps
// its own name ("See also").
func suggestionName(f Field) string {
	if f.Name == seeAlso {
		return f.Name
	}
	return clip("Suggested: "+f.Name, fieldNameMax)
}

// suggestionText fits a suggested source in max runes: whole when it
// fits, else cut at a break with the command that shows the rest, as the
// answer's own field says it (More); a source without one ends in " …".
func suggestionText(f Field, max int) string {
	if f.More == "" {
		return clipAtBreak(f.Value, max)
	}
	return clipPointing(f.Value, max, f.More)
}

// clipAtBreak shortens a quoted text to max runes as clip does, but ends
// it at the last line break, else the last space, of the part kept, so
// that a quoted section does not stop mid-word ("extra ca…"); a text with
// no such break in its second half is cut where clip cuts it.
func clipAtBreak(s string, max int) string {
	head, more := runePrefix(s, max-1)
	if !more {
		return s
	}
	if i := strings.LastIndex(head, "\n"); i > len(head)/2 {
		// A heading ("Philosophy") left last introduces nothing.
		lines := strings.Split(strings.TrimRight(head[:i], " \n"), "\n")
		for len(lines) > 1 && (slices.Contains(infractionHeadings, strings.TrimSpace(lines[len(lines)-1])) || strings.TrimSpace(lines[len(lines)-1]) == "") {
			lines = lines[:len(lines)-1]
		}
		return strings.Join(lines, "\n") + " …"
	}
	if i := strings.LastIndex(head, " "); i > len(head)/2 {
		return strings.TrimRight(head[:i], " :;,") + " …"
	}
	return head + "…"
}

// judgeCallCmd answers /judge call: anyone may open one.
func (r *Router) judgeCallCmd(ctx context.Context, req Request) (Reply, error) {
	q := req.Option("question")
	if q == "" {
		return Reply{}, &UserError{Title: "Ask what?", Msg: "Tell the judge the situation and the question.", Hint: examples["judge"]}
	}
	// Where no call can be made, the question is asked instead.
	askIt := func(e *UserError) error {
		ue := *e
		ue.Hint = "/ask question:" + hintWords(q, maxQuestion)
		return &ue
	}
	if r.d.Desk == nil {
		return Reply{}, askIt(errNoDesk)
	}
	if req.GuildID == "" {
		return Reply{}, &UserError{Title: "Call from the server", Msg: "Judge calls are made from a channel of the server, where the judge can answer.", Hint: "/judge call question:" + hintWords(q, maxQuestion)}
	}
	if r.d.Judge.Channel == "" {
		return Reply{}, askIt(errNoJudgeChannel)
	}
	now := time.Now()
	c := &judgeCall{ID: newID(), Guild: req.GuildID, Question: q, Asker: req.UserID, From: req.ChannelID, Opened: now, REL: r.d.Judge.REL, Channel: r.d.Judge.Channel}
	rel := r.d.Judge.REL
	if r.d.Ask != nil {
		ans := r.d.Ask.Ask(q)
		c.Cards = ans.Cards
		// The REL answerReply follows: the one the question names, else
		// the server's.
		rel = askedREL(ans, rel)
		if sug, err := r.answerReply(ctx, q, ans, r.d.Judge.REL, false); err == nil {
			c.Suggest = sug.Fields
			c.Cites = citeForms(sug.Citations, maxAskSources)
		}
	} else if sug, err := r.searchReply(q, nil, maxAskSources); err == nil && len(sug.Pages) > 0 {
		c.Suggest = sug.Pages[0].Fields
	}
	if rel != c.REL {
		c.AskedREL = rel
	}
	posted, err := r.d.Desk.Open(ctx, c.Channel, clip("Call "+c.ID+": "+strings.Join(strings.Fields(q), " "), 90), callMessage(c))
	if err != nil {
		return Reply{}, &UserError{Code: CodeUnavailable, Title: "The call could not be posted", Msg: "Arbiter could not post in the judge channel (missing permission, or Discord did not answer). Ask in the judge channel directly.", Err: err}
	}
	c.Message, c.Thread = posted.Message, posted.Thread
	b, _ := json.Marshal(c)
	if err := r.d.Store.Put(ctx, callKey(c.ID), b, r.d.Judge.CallTTL); err != nil {
		return Reply{}, err
	}
	if c.Thread != "" {
		if err := r.d.Store.Put(ctx, threadKey(c.Thread), []byte(c.ID), r.d.Judge.CallTTL); err != nil {
			return Reply{}, err
		}
	}
	if err := changeList(ctx, r, keyOpenCalls, func(l []openCall) []openCall { return append(l, openCall{c.ID, c.Guild}) }); err != nil {
		return Reply{}, err
	}
	return Reply{Title: "Judge call " + c.ID + " opened",
		Body: fmt.Sprintf("A judge has been called to %s. The ruling will be posted here.\n>>> %s", c.link(), defuse.Replace(clip(q, 1000)))}, nil
}

// judgeButton answers the Claim and Resolve buttons of a call
// (jc:claim:<id>, jc:resolve:<id>): judges only, everyone else is refused
// privately.
func (r *Router) judgeButton(ctx context.Context, req Request) (Reply, error) {
	action, id, _ := strings.Cut(req.CustomArg(), ":")
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	switch action {
	case "claim":
		return r.claim(ctx, req, id)
	case "resolve":
		c, _, err := r.loadCall(ctx, id)
		if err != nil {
			return Reply{}, err
		}
		if c == nil || c.ResolvedBy != "" {
			return Reply{}, noSuchCall(id)
		}
		return Reply{Modal: &Modal{CustomID: "jc:" + id, Title: "Resolve call " + id, Inputs: []TextInput{
			{CustomID: "ruling", Label: "Ruling", Paragraph: true, Required: true, MaxLength: maxRuling, Placeholder: "What you ruled, and why"},
			{CustomID: "cite", Label: "Citations", Required: true, MaxLength: maxCite, Placeholder: "CR 302.6, IPG 2.1, MTR 4.2", Value: clipCites(c.Cites, maxCite)},
		}}}, nil
	}
	return Reply{}, errUnknownButton
}

// maxCite is the length of the Resolve form's citations.
const maxCite = 200

// citeForms is the first n citations of rules and tournament sections, as
// a resolve's cite option writes them ("CR 302.6", "IPG 2.1").
func citeForms(cites []Citation, n int) []string {
	var out []string
	for _, c := range cites {
		switch c.Kind {
		case CiteCR, CiteIPG, CiteMTR, CiteJAR:
		default:
			continue
		}
		f := citeForm(c)
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
		if len(out) == n {
			break
		}
	}
	return out
}

// clipCites joins citations with commas, as many whole ones as fit in max
// runes.
func clipCites(cites []string, max int) string {
	out := ""
	for _, c := range cites {
		next := c
		if out != "" {
			next = out + ", " + c
		}
		if runeLen(next) > max {
			break
		}
		out = next
	}
	return out
}

// claim gives the call to the judge pressing Claim, unless another judge
// has it: one compare-and-set, so of two judges pressing at once exactly
// one wins. The winner's press updates the call message.
func (r *Router) claim(ctx context.Context, req Request, id string) (Reply, error) {
	var lost *judgeCall
	c, err := r.changeCall(ctx, id, func(c *judgeCall) error {
		if c.ResolvedBy != "" || c.Guild != req.GuildID {
			return noSuchCall(id)
		}
		if c.ClaimedBy != "" {
			lost = c
			return errClaimed
		}
		c.ClaimedBy, c.ClaimedAt = req.UserID, time.Now()
		return nil
	})
	if errors.Is(err, errClaimed) {
		if lost.ClaimedBy == req.UserID {
			return Reply{Title: "You have this call", Body: "You already claimed call " + id + ".", Ephemeral: true}, nil
		}
		return Reply{}, &UserError{Title: "Already claimed", Msg: fmt.Sprintf("<@%s> has call %s.", lost.ClaimedBy, id), Hint: "/judge handoff"}
	}
	if err != nil {
		return Reply{}, err
	}
	rep := callMessage(c)
	rep.Update = true
	return rep, nil
}

var (
	errClaimed = errors.New("claimed by another judge")
	errHasIt   = errors.New("the judge has the call already")
)

// callFor finds the call a command is about: the call option, else the
// call whose thread the command was used in, else the one call the judge
// has claimed.
func (r *Router) callFor(ctx context.Context, req Request) (string, error) {
	if id := req.Option("call"); id != "" {
		return id, nil
	}
	if v, ok, err := r.d.Store.Get(ctx, threadKey(req.ChannelID)); err != nil {
		return "", err
	} else if ok {
		return string(v), nil
	}
	calls, err := r.openCalls(ctx, req.GuildID)
	if err != nil {
		return "", err
	}
	var mine []string
	for _, c := range calls {
		if c.ClaimedBy == req.UserID {
			mine = append(mine, c.ID)
		}
	}
	if len(mine) == 1 {
		return mine[0], nil
	}
	return "", &UserError{Title: "Which call?", Msg: "Name the call (call:), or use the command in the call's thread.", Hint: "/judge queue"}
}

// openCalls lists the open calls of a server, oldest first, dropping
// expired ones from the index on the way.
func (r *Router) openCalls(ctx context.Context, guild string) ([]*judgeCall, error) {
	raw, ok, err := r.d.Store.Get(ctx, keyOpenCalls)
	if err != nil || !ok {
		return nil, err
	}
	var index []openCall
	if err := json.Unmarshal(raw, &index); err != nil {
		return nil, fmt.Errorf("%s: %w", keyOpenCalls, err)
	}
	var out []*judgeCall
	gone := map[string]bool{}
	for _, e := range index {
		if guild != "" && e.Guild != guild {
			continue
		}
		c, _, err := r.loadCall(ctx, e.ID)
		if err != nil {
			return nil, err
		}
		if c == nil || c.ResolvedBy != "" {
			gone[e.ID] = true
			continue
		}
		out = append(out, c)
	}
	if len(gone) > 0 {
		r.dropOpen(ctx, gone)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Opened.Before(out[j].Opened) })
	return out, nil
}

func (r *Router) dropOpen(ctx context.Context, ids map[string]bool) {
	err := changeList(ctx, r, keyOpenCalls, func(l []openCall) []openCall {
		return slices.DeleteFunc(l, func(e openCall) bool { return ids[e.ID] })
	})
	if err != nil {
		r.log.WarnContext(ctx, "pruning the open judge calls failed", "err", err)
	}
}

// judgeQueue answers /judge queue: the server's open calls with their age
// and who has them.
func (r *Router) judgeQueue(ctx context.Context, req Request) (Reply, error) {
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	calls, err := r.openCalls(ctx, req.GuildID)
	if err != nil {
		return Reply{}, err
	}
	rep := Reply{Title: "Open judge calls", Ephemeral: true}
	if len(calls) == 0 {
		rep.Body = "No open calls."
		return rep, nil
	}
	now := time.Now()
	for _, c := range calls {
		// Discord shows mentions as raw ids in a field's name: who has
		// the call is named in its value.
		state, who := "unclaimed", ""
		if c.ClaimedBy != "" {
			state, who = "claimed", " · claimed by <@"+c.ClaimedBy+">"
		} else if c.Escalated {
			state = "unclaimed, judge role called"
		}
		rep.Fields = append(rep.Fields, Field{
			Name:  clip(fmt.Sprintf("%s · %s old · %s", c.ID, age(now.Sub(c.Opened)), state), fieldNameMax),
			Value: clip(fmt.Sprintf("%s from <#%s>%s\n%s", c.link(), c.From, who, defuse.Replace(clip(c.Question, 300))), fieldValueMax),
		})
	}
	return rep, nil
}

// age writes a duration as judges read a queue: 45s, 12m, 3h05m.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// judgeHandoff answers /judge handoff to: [call:]: the call passes to
// another judge, and the call message says so.
func (r *Router) judgeHandoff(ctx context.Context, req Request) (Reply, error) {
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	to := strings.Trim(req.Option("to"), "<@!>")
	if to == "" {
		return Reply{}, &UserError{Title: "To whom?", Msg: "Name the judge who takes the call (to:).", Hint: "/judge handoff to:@judge"}
	}
	if roles, known := req.MemberRoles[to]; known && !slices.ContainsFunc(roles, func(role string) bool { return slices.Contains(r.d.Judge.Roles, role) }) {
		return Reply{}, &UserError{Title: "Not a judge", Msg: fmt.Sprintf("<@%s> has no judge role, so cannot take a call.", to), Hint: "/judge handoff to:@judge"}
	}
	id, err := r.callFor(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	c, err := r.changeCall(ctx, id, func(c *judgeCall) error {
		if c.ResolvedBy != "" || c.Guild != req.GuildID {
			return noSuchCall(id)
		}
		if c.ClaimedBy == to {
			return errHasIt
		}
		from := c.ClaimedBy
		if from == "" {
			from = req.UserID
		}
		c.Handoffs = append(c.Handoffs, fmt.Sprintf("<@%s> → <@%s> <t:%d:R>", from, to, time.Now().Unix()))
		c.ClaimedBy, c.ClaimedAt = to, time.Now()
		return nil
	})
	if errors.Is(err, errHasIt) {
		return Reply{}, &UserError{Title: "Nothing to hand off", Msg: fmt.Sprintf("<@%s> has call %s already.", to, id), Hint: "/judge queue"}
	}
	if err != nil {
		return Reply{}, err
	}
	r.refreshCall(ctx, c)
	if c.Thread != "" && r.d.Desk != nil {
		if _, err := r.d.Desk.Post(ctx, c.Thread, Reply{Title: "Call " + c.ID + " handed off", Body: fmt.Sprintf("<@%s> passed this call to <@%s>.", req.UserID, to)}); err != nil {
			r.log.WarnContext(ctx, "posting a handoff failed", "err", err, "call", c.ID)
		}
	}
	return Reply{Title: "Call " + c.ID + " handed off", Body: fmt.Sprintf("<@%s> has call %s now.", to, c.ID), Ephemeral: true}, nil
}

// refreshCall edits the call message to show the call's state.
func (r *Router) refreshCall(ctx context.Context, c *judgeCall) {
	if r.d.Desk == nil || c.Message == "" {
		return
	}
	if err := r.d.Desk.Edit(ctx, c.Channel, c.Message, callMessage(c)); err != nil {
		r.log.WarnContext(ctx, "updating a judge call message failed", "err", err, "call", c.ID)
	}
}

// judgeResolve answers /judge resolve ruling: cite: [call:].
func (r *Router) judgeResolve(ctx context.Context, req Request) (Reply, error) {
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	id, err := r.callFor(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.resolve(ctx, req, id, req.Option("ruling"), req.Option("cite"))
}

// judgeModal answers the Resolve form of a call (jc:<id>).
func (r *Router) judgeModal(ctx context.Context, req Request) (Reply, error) {
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	return r.resolve(ctx, req, req.CustomArg(), strings.TrimSpace(req.Values["ruling"]), strings.TrimSpace(req.Values["cite"]))
}

// resolve records a ruling on a call: every citation must name a rule or
// section of the loaded documents. The ruling goes into the call's thread
// and back to the channel the player asked from, with the cited texts, and
// into the server's precedent log.
func (r *Router) resolve(ctx context.Context, req Request, id, ruling, cite string) (Reply, error) {
	if ruling == "" {
		return Reply{}, &UserError{Title: "What was the ruling?", Msg: "Give the ruling (ruling:) and what it rests on (cite:).", Hint: resolveHint}
	}
	cites, nearest, err := r.checkCitations(cite)
	if err != nil {
		var ue *UserError
		if nearest != "" && errors.As(err, &ue) {
			// The same resolve, with the nearest citations.
			fixed := *ue
			fixed.Hint = "/judge resolve ruling:" + hintWords(ruling, maxRuling) + " cite:" + nearest + " call:" + id
			return Reply{}, &fixed
		}
		return Reply{}, err
	}
	c, err := r.changeCall(ctx, id, func(c *judgeCall) error {
		if c.ResolvedBy != "" || c.Guild != req.GuildID {
			return noSuchCall(id)
		}
		c.ResolvedBy = req.UserID
		if c.ClaimedBy == "" {
			c.ClaimedBy, c.ClaimedAt = req.UserID, time.Now()
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	rec := RecordedRuling{ID: newID(), Guild: c.Guild, Call: c.ID, Question: c.Question, Ruling: ruling, Judge: req.UserID, At: time.Now().UTC(), Cites: cites, Cards: c.Cards}
	if err := r.record(ctx, req.ID, rec); err != nil {
		return Reply{}, err
	}
	r.dropOpen(ctx, map[string]bool{c.ID: true})
	r.refreshCall(ctx, c)
	msg := r.rulingMessage(c, rec)
	var failed []string
	if r.d.Desk != nil {
		if c.Thread != "" {
			if _, err := r.d.Desk.Post(ctx, c.Thread, msg); err != nil {
				failed = append(failed, "the call's thread")
				r.log.WarnContext(ctx, "posting a ruling in the thread failed", "err", err, "call", c.ID)
			}
		}
		if _, err := r.d.Desk.Post(ctx, c.From, msg); err != nil {
			failed = append(failed, "the player's channel")
			r.log.WarnContext(ctx, "posting a ruling to the player failed", "err", err, "call", c.ID)
		}
	}
	where := "the player's channel"
	if c.Thread != "" {
		where += " and the call's thread"
	}
	rep := Reply{Title: "Ruling recorded on call " + c.ID, Body: "Posted to " + where + ", and kept in this server's precedent log (/judge rulings).", Ephemeral: true, Citations: cites}
	if len(failed) > 0 {
		rep.Body = "Recorded, but it could not be posted to " + strings.Join(failed, " and ") + ": post it there by hand."
	}
	return rep, nil
}

// rulingMessage is the ruling as posted: the question, the ruling and the
// text of each cited rule or section.
func (r *Router) rulingMessage(c *judgeCall, rec RecordedRuling) Reply {
	rep := Reply{Title: "Judge ruling on call " + c.ID, Citations: rec.Cites,
		Body: fmt.Sprintf("<@%s> asked:\n> %s\n\n**Ruling** by <@%s>\n%s", c.Asker, defuse.Replace(clipAtBreak(strings.ReplaceAll(c.Question, "\n", " "), 600)), rec.Judge, defuse.Replace(clip(rec.Ruling, 1500)))}
	// The cited texts share what one message holds beside the ruling
	// (Discord's 6000 characters, less the sources' links): a long list
	// quotes each more briefly, and past rulingCitedMax the rest are in
	// the sources alone.
	shown := min(len(rec.Cites), rulingCitedMax)
	per := 700
	if shown > 0 {
		per = max(min(per, (rulingCitedBudget-runeLen(rep.Body))/shown), 150)
	}
	for _, ci := range rec.Cites[:shown] {
		name, text := r.citedText(ci)
		rep.Fields = append(rep.Fields, Field{Name: clip(name, fieldNameMax), Value: clipAtBreak(text, per)})
	}
	return rep
}

// A posted ruling quotes at most rulingCitedMax cited texts, in about
// rulingCitedBudget characters with its body.
const (
	rulingCitedMax    = 8
	rulingCitedBudget = 4200
)

// citedText is a citation's heading and text.
func (r *Router) citedText(ci Citation) (string, string) {
	if ci.Kind == CiteCR {
		if rule, ok := r.d.CR.Rule(ci.ID); ok {
			return ruleHeading(rule), ruleText(rule, false)
		}
	}
	if r.d.Docs != nil {
		if sec, _, ok := r.d.Docs.Section(ci.Kind, ci.ID); ok {
			text := sec.Text
			if sec.Penalty != "" {
				text = penaltyLine(sec.Penalty) + "\n" + text
			}
			return strings.TrimSpace(sec.Doc + " " + sec.ID + " " + sec.Title), text
		}
	}
	return strings.ToUpper(ci.Kind) + " " + ci.ID, "\u200b"
}

// citeRef is one citation as a judge typed it.
type citeRef struct{ doc, id string }

// parseCitations reads "CR 302.6, 704.5k; IPG 2.1, MTR 4.2, IPG hce": a
// document word applies to the ids after it up to the next comma or
// semicolon; bare ids are CR rules.
func parseCitations(s string) []citeRef {
	var out []citeRef
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' }) {
		doc := CiteCR
		for _, w := range strings.Fields(part) {
			lw := strings.ToLower(strings.Trim(w, "()[]."))
			switch lw {
			case "cr", "rule", "rules":
				doc = CiteCR
				continue
			case CiteMTR, CiteIPG, CiteJAR:
				doc = lw
				continue
			case "", "and", "&":
				continue
			}
			id := strings.Trim(w, "()[],;")
			if doc == CiteCR {
				id = strings.TrimSuffix(strings.ToLower(id), ".")
			}
			out = append(out, citeRef{doc, id})
		}
	}
	return out
}

// checkCitations turns a cite option into citations, refusing any that
// the loaded documents lack with the nearest ids. nearest is the cite
// option with each citation not found replaced by its nearest id, for the
// hint; empty when one has none.
func (r *Router) checkCitations(s string) (cites []Citation, nearest string, err error) {
	refs := parseCitations(s)
	if len(refs) == 0 {
		return nil, "", &UserError{Title: "Cite the rules", Msg: "A recorded ruling cites what it rests on: CR rules, IPG, MTR or JAR sections (cite:CR 302.6, IPG 2.1).", Hint: resolveHint}
	}
	var out []Citation
	var bad, near []string
	seen := map[string]bool{}
	for _, ref := range refs {
		c, sug, ok := r.citation(ref)
		if !ok {
			line := fmt.Sprintf("%s %s does not exist", strings.ToUpper(ref.doc), clip(ref.id, 30))
			if len(sug) > 0 {
				line += "; nearest: " + strings.Join(sug[:min(len(sug), 5)], ", ")
				near = append(near, strings.ToUpper(ref.doc)+" "+sug[0])
			}
			bad = append(bad, line)
			continue
		}
		near = append(near, citeForm(c))
		if k := c.Kind + ":" + c.ID; !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	if len(bad) > 0 {
		if len(near) == len(refs) {
			nearest = strings.Join(near, ", ")
		}
		return nil, nearest, &UserError{Code: CodeNotFound, Title: "Citation not found", Msg: "Nothing was recorded. " + strings.Join(bad, ". ") + ".", Hint: resolveHint}
	}
	return out, "", nil
}

// citation checks one reference against the loaded documents.
func (r *Router) citation(ref citeRef) (Citation, []string, bool) {
	if ref.doc == CiteCR {
		if r.d.CR.Exists(ref.id) {
			return crCite(ref.id), nil, true
		}
		return Citation{}, r.d.CR.Suggest(ref.id), false
	}
	if r.d.Docs == nil {
		return Citation{}, nil, false
	}
	sec, sug, ok := r.d.Docs.Section(ref.doc, ref.id)
	// A number must be the section itself, not a section found by
	// searching for the number's words.
	if ok && isSectionNumber(ref.id) && !strings.EqualFold(strings.TrimSuffix(ref.id, "."), sec.ID) {
		ok = false
		sug = append([]string{sec.ID}, sug...)
	}
	if !ok {
		return Citation{}, sug, false
	}
	return Citation{Kind: ref.doc, ID: sec.ID, URL: sec.URL}, nil, true
}

// isSectionNumber: "4.2", "2", "A" (an appendix).
func isSectionNumber(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' {
		return true
	}
	return s != "" && strings.Trim(s, "0123456789.") == ""
}

// record appends a ruling to the server's precedent log (once per
// interaction: a retried request does not record it twice).
func (r *Router) record(ctx context.Context, once string, rec RecordedRuling) error {
	b, _ := json.Marshal(rec)
	if _, err := r.d.Store.AppendAndList(ctx, rulingsKey(rec.Guild), []string{string(b)}, 0, once); err != nil {
		return err
	}
	return changeList(ctx, r, keyGuilds, func(l []string) []string {
		if slices.Contains(l, rec.Guild) {
			return l
		}
		return append(l, rec.Guild)
	})
}

// Rulings returns the recorded rulings of a server (every server when
// guild is empty), oldest first.
func (r *Router) Rulings(ctx context.Context, guild string) ([]RecordedRuling, error) {
	return ReadRulings(ctx, r.d.Store, guild)
}

// ReadRulings reads the recorded rulings of a server (every server when
// guild is empty) from a store, oldest first: `arbiter judge export`
// prints them.
func ReadRulings(ctx context.Context, store session.Store, guild string) ([]RecordedRuling, error) {
	guilds := []string{guild}
	if guild == "" {
		raw, ok, err := store.Get(ctx, keyGuilds)
		if err != nil {
			return nil, err
		}
		guilds = nil
		if ok {
			if err := json.Unmarshal(raw, &guilds); err != nil {
				return nil, err
			}
		}
	}
	out := []RecordedRuling{}
	for _, g := range guilds {
		lines, err := store.Lines(ctx, rulingsKey(g), 0)
		if err != nil {
			return nil, err
		}
		var recs []RecordedRuling
		deleted := map[string]bool{}
		for _, l := range lines {
			var rec RecordedRuling
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				return nil, fmt.Errorf("recorded ruling of %s: %w", g, err)
			}
			if rec.Deletes != "" {
				deleted[rec.Deletes] = true
				continue
			}
			recs = append(recs, rec)
		}
		for _, rec := range recs {
			if !deleted[rec.ID] {
				out = append(out, rec)
			}
		}
	}
	return out, nil
}

// judgeForget answers /judge forget ruling: a judge deletes a recorded
// ruling from the server's log.
func (r *Router) judgeForget(ctx context.Context, req Request) (Reply, error) {
	if err := r.requireJudge(req); err != nil {
		return Reply{}, err
	}
	id := req.Option("ruling")
	all, err := r.Rulings(ctx, req.GuildID)
	if err != nil {
		return Reply{}, err
	}
	i := slices.IndexFunc(all, func(rec RecordedRuling) bool { return rec.ID == id })
	if i < 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "No such ruling", Msg: fmt.Sprintf("No recorded ruling of this server has the id %q.", clip(id, 20)), Hint: "/judge rulings"}
	}
	tomb := RecordedRuling{ID: newID(), Guild: req.GuildID, Judge: req.UserID, At: time.Now().UTC(), Deletes: id}
	b, _ := json.Marshal(tomb)
	if _, err := r.d.Store.AppendAndList(ctx, rulingsKey(req.GuildID), []string{string(b)}, 0, req.ID); err != nil {
		return Reply{}, err
	}
	return Reply{Title: "Ruling " + id + " deleted", Body: "> " + defuse.Replace(clip(all[i].Ruling, 300)), Ephemeral: true}, nil
}

// judgeRulings answers /judge rulings [card:] [rule:]: the server's
// earlier rulings, newest first, that name the card and cite the rule.
func (r *Router) judgeRulings(ctx context.Context, req Request) (Reply, error) {
	all, err := r.Rulings(ctx, req.GuildID)
	if err != nil {
		return Reply{}, err
	}
	card := foldText(req.Option("card"))
	var want []citeRef
	if q := req.Option("rule"); q != "" {
		want = parseCitations(q)
	}
	var found []RecordedRuling
	for _, rec := range slices.Backward(all) {
		if card != "" && !rulingNamesCard(rec, card) {
			continue
		}
		if len(want) > 0 && !slices.ContainsFunc(rec.Cites, func(c Citation) bool {
			return slices.ContainsFunc(want, func(w citeRef) bool { return citesWithin(c, w) })
		}) {
			continue
		}
		found = append(found, rec)
	}
	title := "Recorded rulings"
	if len(found) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "No recorded rulings", Msg: "No ruling recorded on this server matches.", Hint: "/judge rulings"}
	}
	rep := Reply{Title: title}
	for _, rec := range found {
		var ids []string
		for _, c := range rec.Cites {
			ids = append(ids, citeLabel(c))
			rep.Citations = append(rep.Citations, c)
		}
		q := ""
		if rec.Question != "" {
			q = "> " + defuse.Replace(clip(strings.ReplaceAll(rec.Question, "\n", " "), 200)) + "\n"
		}
		rep.Fields = append(rep.Fields, Field{
			Name:  clip(fmt.Sprintf("%s · %s · %s", rec.At.Format("2006-01-02"), strings.Join(ids, ", "), rec.ID), fieldNameMax),
			Value: clip(fmt.Sprintf("%s%s\n— <@%s>", q, defuse.Replace(rec.Ruling), rec.Judge), fieldValueMax),
		})
	}
	return rep, nil
}

// citeForm is a citation as a resolve's cite option writes it ("CR
// 302.6", "IPG 2.1").
func citeForm(c Citation) string { return strings.ToUpper(c.Kind) + " " + c.ID }

func citeLabel(c Citation) string {
	if c.Kind == CiteCR {
		return c.ID
	}
	return strings.ToUpper(c.Kind) + " " + c.ID
}

// citesWithin: a citation of 302.6a is found by rule 302.6 and 302; IPG
// 2.1 by IPG 2.
func citesWithin(c Citation, w citeRef) bool {
	if c.Kind != w.doc {
		return false
	}
	id, q := strings.ToLower(c.ID), strings.ToLower(strings.TrimSuffix(w.id, "."))
	if id == q {
		return true
	}
	if !strings.HasPrefix(id, q) {
		return false
	}
	next := id[len(q)]
	// 302 finds 302.6; 302.6 finds 302.6a; 302.1 does not find 302.12.
	return next == '.' || (next >= 'a' && next <= 'z' && q[len(q)-1] >= '0' && q[len(q)-1] <= '9')
}

func foldText(s string) string { return fold.Key(s) }

func rulingNamesCard(rec RecordedRuling, card string) bool {
	for _, c := range rec.Cards {
		if strings.Contains(foldText(c), card) {
			return true
		}
	}
	return strings.Contains(foldText(rec.Question), card) || strings.Contains(foldText(rec.Ruling), card)
}

// SweepJudgeCalls pings the judge role for the open calls unclaimed for
// longer than EscalateAfter, once per call: the mark is set by
// compare-and-set before the ping, so of several instances sweeping the
// same store only one pings. The calls a sweep escalates in one judge
// channel share one ping, so that a busy round does not ping the judges
// once per call. A ping that fails clears the marks for the next sweep.
// It returns the number of pings sent.
func (r *Router) SweepJudgeCalls(ctx context.Context, now time.Time) (int, error) {
	if r.d.Desk == nil || len(r.d.Judge.Roles) == 0 {
		return 0, nil
	}
	calls, err := r.openCalls(ctx, "")
	if err != nil {
		return 0, err
	}
	var channels []string
	due := map[string][]*judgeCall{} // by judge channel, oldest first
	for _, c := range calls {
		if c.ClaimedBy != "" || c.Escalated || now.Sub(c.Opened) < r.d.Judge.EscalateAfter {
			continue
		}
		marked, err := r.changeCall(ctx, c.ID, func(c *judgeCall) error {
			if c.ClaimedBy != "" || c.Escalated || c.ResolvedBy != "" {
				return errClaimed
			}
			c.Escalated = true
			return nil
		})
		if errors.Is(err, errClaimed) || errors.Is(err, errNoSuchCall) {
			continue // claimed, resolved or escalated meanwhile
		}
		if err != nil {
			r.unmark(ctx, due)
			return 0, err
		}
		if _, ok := due[marked.Channel]; !ok {
			channels = append(channels, marked.Channel)
		}
		due[marked.Channel] = append(due[marked.Channel], marked)
	}
	sent := 0
	for _, ch := range channels {
		group := due[ch]
		if err := r.d.Desk.PingRole(ctx, ch, r.d.Judge.Roles[0], escalationText(group, now)); err != nil {
			r.log.WarnContext(ctx, "escalation ping failed; retried at the next sweep", "err", err, "calls", len(group))
			r.unmark(ctx, map[string][]*judgeCall{ch: group})
			continue
		}
		sent++
		for _, c := range group {
			r.refreshCall(ctx, c)
		}
	}
	return sent, nil
}

// unmark clears the escalation mark of calls whose ping was not sent.
func (r *Router) unmark(ctx context.Context, due map[string][]*judgeCall) {
	for _, group := range due {
		for _, c := range group {
			r.changeCall(ctx, c.ID, func(c *judgeCall) error { c.Escalated = false; return nil })
		}
	}
}

// escalationPingMax keeps the ping, with the role mention before it,
// inside Discord's 2000-character message.
const escalationPingMax = 1900

// escalationText is the escalation ping after the role mention: one call
// with its wait and link, or several, one a line, as many as fit, then
// how many more the queue holds.
func escalationText(calls []*judgeCall, now time.Time) string {
	if len(calls) == 1 {
		c := calls[0]
		return fmt.Sprintf("judge call %s has waited %s unclaimed: %s", c.ID, age(now.Sub(c.Opened)), c.link())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d judge calls have waited unclaimed:", len(calls))
	for i, c := range calls {
		line := fmt.Sprintf("\n• %s, %s: %s", c.ID, age(now.Sub(c.Opened)), c.link())
		more := fmt.Sprintf("\n… and %d more: /judge queue", len(calls)-i)
		if room := b.Len() + len(line); room > escalationPingMax || i < len(calls)-1 && room+len(more) > escalationPingMax {
			b.WriteString(more)
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// completeOpenCall suggests the server's open calls for call: options.
func (r *Router) completeOpenCall(ctx context.Context, req Request) []Choice {
	calls, err := r.openCalls(ctx, req.GuildID)
	if err != nil {
		return nil
	}
	var out []Choice
	for _, c := range slices.Backward(calls) {
		out = append(out, Choice{Name: clip(c.ID+" · "+strings.Join(strings.Fields(c.Question), " "), 100), Value: c.ID})
	}
	return out
}

func (r *Router) completeJudge(ctx context.Context, req Request) []Choice {
	switch req.Focused {
	case "call":
		return r.completeOpenCall(ctx, req)
	case "card":
		return r.completeCard(ctx, req)
	}
	return nil
}
