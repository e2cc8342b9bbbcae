package commands

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/session"
)

// Limits is the per-user rate limit: Rate commands per Window (Rate 0 means
// no limit).
type Limits struct {
	Rate   int
	Window time.Duration
}

// Deps is what the command set is built from. CR is required; every other
// source is optional and its commands say so when it is missing.
type Deps struct {
	CR *cr.Rules
	// Glossary, when set, looks terms up more leniently than CR.Define.
	Glossary  GlossarySource
	Search    Searcher
	Cards     CardSource
	Docs      DocSource
	Scenarios ScenarioRunner
	// Store holds scenario sessions, pages, claims and rate limits; nil
	// uses an in-memory store.
	Store       session.Store
	Limits      Limits
	ScenarioTTL time.Duration // default 24 h
	PageTTL     time.Duration // default 15 min
	Log         *slog.Logger
}

type handlerFunc func(ctx context.Context, req Request) (Reply, error)
type completeFunc func(ctx context.Context, req Request) []Choice

type command struct {
	def      Definition
	handle   handlerFunc
	complete completeFunc
}

// Router answers requests for every transport.
type Router struct {
	d        Deps
	commands map[string]*command
	order    []string
	log      *slog.Logger

	ruleLabels []label // every rule id with a short title, for autocomplete
	termLabels []label // glossary terms
	footer     string
}

// label is an autocomplete candidate: the value, what is shown, and the
// folded text matched against what the user types.
type label struct {
	value, name, key string
}

// New builds the router and its autocomplete tables.
func New(d Deps) (*Router, error) {
	if d.CR == nil {
		return nil, errors.New("commands: the Comprehensive Rules are not loaded")
	}
	if d.Store == nil {
		d.Store = session.NewMemory()
	}
	if d.ScenarioTTL <= 0 {
		d.ScenarioTTL = 24 * time.Hour
	}
	if d.PageTTL <= 0 {
		d.PageTTL = 15 * time.Minute
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	r := &Router{d: d, commands: map[string]*command{}, log: d.Log}
	r.footer = "Comprehensive Rules effective " + d.CR.EffectiveDate.Format("2006-01-02")
	r.buildLabels()
	r.registerAll()
	return r, nil
}

func (r *Router) add(c *command) {
	r.commands[c.def.Name] = c
	r.order = append(r.order, c.def.Name)
}

// Definitions lists the commands for registration, in a stable order.
func (r *Router) Definitions() []Definition {
	out := make([]Definition, 0, len(r.order))
	for _, n := range r.order {
		out = append(out, r.commands[n].def)
	}
	return out
}

// Footer is the line every reply carries: the CR's effective date.
func (r *Router) Footer() string { return r.footer }

// CR returns the rules the router cites.
func (r *Router) CR() *cr.Rules { return r.d.CR }

// Admit decides whether an interaction is answered at all: the first
// instance to claim its id answers it (answer false means another did),
// and a user over the rate limit gets the polite reply in over. A store
// that is down never stops an answer: look-ups must not depend on it.
func (r *Router) Admit(ctx context.Context, req Request) (answer bool, over *Reply) {
	return r.admitOnce(ctx, r.d.Store, req)
}

// admitOnce is Admit in one store call (one Redis round trip on every
// command): the same claim and rate keys, the same answers.
func (r *Router) admitOnce(ctx context.Context, a session.Admitter, req Request) (bool, *Reply) {
	claim, rate := "", ""
	if req.ID != "" {
		claim = "interaction:" + req.ID
	}
	if req.Kind != KindAutocomplete && r.d.Limits.Rate > 0 && req.UserID != "" {
		rate = "rate:" + req.UserID
	}
	ad, err := a.Admit(ctx, claim, 15*time.Minute, rate, r.d.Limits.Rate, r.d.Limits.Window)
	if err != nil {
		r.log.Debug("admission failed, answering anyway", "err", err)
		return true, nil
	}
	if !ad.First {
		return false, nil
	}
	if ad.Allowed {
		return true, nil
	}
	return true, r.slowDown(ad.RetryAfter)
}

// slowDown is the polite reply to a user over the rate limit.
func (r *Router) slowDown(retry time.Duration) *Reply {
	secs := int((retry + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	rep := Reply{
		Title:     "Slow down a little",
		Body:      fmt.Sprintf("You have asked %d questions in the last %s. Try again in %d s.", r.d.Limits.Rate, r.d.Limits.Window, secs),
		Ephemeral: true,
		Error:     true,
		Footer:    r.footer,
	}
	return &rep
}

// Handle answers a command, a button or a modal. It never panics: a
// handler that does is logged and answered with an error.
func (r *Router) Handle(ctx context.Context, req Request) (rep Reply) {
	defer func() {
		if p := recover(); p != nil {
			r.log.Error("handler panic", "command", req.Command, "custom_id", req.CustomID, "panic", p, "stack", string(debug.Stack()))
			rep = r.errorReply(errInternal)
		}
	}()
	var err error
	switch req.Kind {
	case KindCommand:
		c, ok := r.commands[req.Command]
		if !ok {
			err = &UserError{Title: "Unknown command", Msg: fmt.Sprintf("Arbiter has no command %q.", req.Command), Hint: "/help"}
			break
		}
		rep, err = c.handle(ctx, req)
	case KindComponent:
		rep, err = r.component(ctx, req)
	case KindModal:
		rep, err = r.modal(ctx, req)
	default:
		err = &UserError{Title: "Cannot answer that", Msg: "This kind of interaction is not something Arbiter answers.", Hint: "/help"}
	}
	if err != nil {
		return r.errorReply(err)
	}
	if rep.Modal != nil {
		return rep
	}
	return r.finish(ctx, rep)
}

// Autocomplete suggests at most 25 values for the focused option.
func (r *Router) Autocomplete(ctx context.Context, req Request) (out []Choice) {
	defer func() {
		if p := recover(); p != nil {
			r.log.Error("autocomplete panic", "command", req.Command, "panic", p, "stack", string(debug.Stack()))
			out = nil
		}
	}()
	c, ok := r.commands[req.Command]
	if !ok || c.complete == nil {
		return nil
	}
	out = c.complete(ctx, req)
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	for i := range out {
		out[i].Name = clip(out[i].Name, 100)
		out[i].Value = clip(out[i].Value, 100)
	}
	return out
}

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

// Page budget, in runes. Discord allows 4096 in a description and 6000 in
// a whole message; a page keeps body and fields under 4000 so that the
// title, the citations field and the footer always fit too.
const (
	pageBody       = 3000
	pageTotal      = 4000
	pageFields     = 10
	fieldValueMax  = 1024
	fieldNameMax   = 256
	maxCiteButtons = 12
)

// finish adds the footer and pages a reply that does not fit one message.
func (r *Router) finish(ctx context.Context, rep Reply) Reply {
	if rep.Footer == "" {
		rep.Footer = r.footer
	}
	pages := rep.Pages
	if len(pages) == 0 {
		pages = paginate(rep.Body, rep.Fields)
	}
	rep.Pages = nil
	if len(pages) <= 1 {
		if len(pages) == 1 {
			rep.Body, rep.Fields = pages[0].Body, pages[0].Fields
		}
		return rep
	}
	token := newToken()
	st := storedPages{Title: rep.Title, URL: rep.URL, Pages: pages, Citations: rep.Citations, Footer: rep.Footer, Buttons: rep.Buttons, Ephemeral: rep.Ephemeral, Pre: rep.Preformatted}
	b, _ := json.Marshal(st)
	if err := r.d.Store.Put(ctx, "page:"+token, b, r.d.PageTTL); err != nil {
		r.log.Warn("storing pages failed", "err", err)
		// Show the first page and say plainly that the rest is missing,
		// rather than cutting the answer silently.
		out := st.page(0, "")
		out.Footer = fmt.Sprintf("Page 1 of %d: the other pages could not be stored right now; ask a narrower question · %s", len(pages), rep.Footer)
		out.Buttons = rep.Buttons
		return out
	}
	return st.page(0, token)
}

// storedPages is the paging state kept in the session store.
type storedPages struct {
	Title     string     `json:"title"`
	URL       string     `json:"url,omitempty"`
	Pages     []Page     `json:"pages"`
	Citations []Citation `json:"citations,omitempty"`
	Footer    string     `json:"footer"`
	Buttons   []Button   `json:"buttons,omitempty"`
	Ephemeral bool       `json:"ephemeral,omitempty"`
	Pre       bool       `json:"pre,omitempty"`
}

func (st storedPages) page(i int, token string) Reply {
	if i < 0 {
		i = 0
	}
	if i >= len(st.Pages) {
		i = len(st.Pages) - 1
	}
	rep := Reply{
		Title: st.Title, URL: st.URL, Body: st.Pages[i].Body, Fields: st.Pages[i].Fields,
		Citations: st.Citations, Ephemeral: st.Ephemeral, Preformatted: st.Pre,
		Page: i, PageCount: len(st.Pages),
		Footer: fmt.Sprintf("Page %d of %d · %s", i+1, len(st.Pages), st.Footer),
	}
	if token != "" {
		rep.Buttons = append(rep.Buttons,
			Button{Label: "◀ Previous", CustomID: fmt.Sprintf("pg:%s:%d", token, i-1), Style: ButtonSecondary, Disabled: i == 0},
			Button{Label: "Next ▶", CustomID: fmt.Sprintf("pg:%s:%d", token, i+1), Style: ButtonSecondary, Disabled: i == len(st.Pages)-1},
		)
	}
	rep.Buttons = append(rep.Buttons, st.Buttons...)
	return rep
}

func newToken() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// paginate splits a body and fields into pages within the page budget.
// Paragraph breaks are preferred split points; a field value over 1024
// runes continues in a field of the same name.
func paginate(body string, fields []Field) []Page {
	var pages []Page
	for _, chunk := range splitRunes(body, pageBody) {
		pages = append(pages, Page{Body: chunk})
	}
	if len(pages) == 0 {
		pages = []Page{{}}
	}
	var split []Field
	for _, f := range fields {
		name := clip(f.Name, fieldNameMax)
		for i, v := range splitRunes(f.Value, fieldValueMax) {
			n := name
			if i > 0 {
				n = clip(f.Name+" (continued)", fieldNameMax)
			}
			split = append(split, Field{Name: n, Value: v, Inline: f.Inline})
		}
		if f.Value == "" {
			split = append(split, Field{Name: name, Value: "\u200b", Inline: f.Inline})
		}
	}
	cur := &pages[len(pages)-1]
	used := runeLen(cur.Body)
	for _, f := range split {
		size := runeLen(f.Name) + runeLen(f.Value)
		if len(cur.Fields) >= pageFields || used+size > pageTotal {
			pages = append(pages, Page{})
			cur = &pages[len(pages)-1]
			used = 0
		}
		cur.Fields = append(cur.Fields, f)
		used += size
	}
	return pages
}

// splitRunes cuts s into pieces of at most max runes, at a blank line when
// there is one in the second half of the piece, else at a line break, else
// at a space, else anywhere.
func splitRunes(s string, max int) []string {
	s = strings.TrimSpace(s)
	var out []string
	for s != "" {
		head, more := runePrefix(s, max)
		if !more {
			out = append(out, s)
			break
		}
		cut := -1
		for _, sep := range []string{"\n\n", "\n", " "} {
			if i := strings.LastIndex(head, sep); i > len(head)/2 {
				cut = i
				break
			}
		}
		if cut < 0 {
			cut = len(head)
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
	}
	return out
}

// runeLen counts runes without converting (an invalid byte counts as one,
// as in a []rune conversion).
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// runePrefix returns the first n runes of s and whether s is longer. It
// slices s rather than converting it: answers are cut and counted on every
// request, and a []rune copy of each was most of what a look-up allocated.
func runePrefix(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false // n bytes are at least n runes
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k], true
		}
		i++
	}
	return s, false
}

// clip shortens s to max runes, marking the cut with an ellipsis.
func clip(s string, max int) string {
	if max <= 0 {
		return ""
	}
	if _, more := runePrefix(s, max); !more {
		return s
	}
	head, _ := runePrefix(s, max-1)
	return head + "…"
}

// component answers a button press by its custom id prefix.
func (r *Router) component(ctx context.Context, req Request) (Reply, error) {
	kind, rest, _ := strings.Cut(req.CustomID, ":")
	switch kind {
	case "pg":
		token, n, _ := strings.Cut(rest, ":")
		i, err := strconv.Atoi(n)
		if err != nil {
			return Reply{}, &UserError{Title: "Unknown button", Msg: "That button is not one Arbiter made."}
		}
		b, ok, err := r.d.Store.Get(ctx, "page:"+token)
		if err != nil {
			return Reply{}, err
		}
		if !ok {
			return Reply{}, &UserError{Title: "These pages have expired", Msg: fmt.Sprintf("Pages stay browsable for %s. Run the command again to see them.", r.d.PageTTL), Hint: "/help"}
		}
		var st storedPages
		if err := json.Unmarshal(b, &st); err != nil || len(st.Pages) == 0 {
			return Reply{}, &UserError{Title: "These pages have expired", Msg: "The stored pages could not be read. Run the command again.", Err: err}
		}
		rep := st.page(i, token)
		rep.Update = true
		return rep, nil
	case "cite":
		return r.citedRules(strings.Split(rest, ","))
	case "scn":
		return r.scenarioButton(ctx, req, rest)
	case "rulings":
		c, err := r.findCard(rest)
		if err != nil {
			return Reply{}, err
		}
		rep, err := r.rulingsReply(c)
		rep.Ephemeral = true
		return rep, err
	}
	return Reply{}, &UserError{Title: "Unknown button", Msg: "That button is not one Arbiter made, or it belongs to an older version.", Hint: "/help"}
}

func (r *Router) modal(ctx context.Context, req Request) (Reply, error) {
	kind, rest, _ := strings.Cut(req.CustomID, ":")
	if kind == "scn" {
		return r.scenarioModal(ctx, req, rest)
	}
	return Reply{}, &UserError{Title: "Unknown form", Msg: "That form is not one Arbiter made.", Hint: "/help"}
}

// citeButton offers the text of the rules an answer cross-references.
func citeButton(ids []string) []Button {
	if len(ids) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("cite:")
	n := 0
	for _, id := range ids {
		if b.Len()+len(id)+1 > 100 || n == maxCiteButtons {
			break
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
		n++
	}
	return []Button{{Label: "Show cited rules", CustomID: b.String(), Style: ButtonPrimary}}
}

// citedRules answers the "show cited rules" button: the text of each rule,
// privately, so the channel is not flooded.
func (r *Router) citedRules(ids []string) (Reply, error) {
	var fields []Field
	var cites []Citation
	for _, id := range ids {
		rule, ok := r.d.CR.Rule(id)
		if !ok {
			continue
		}
		fields = append(fields, Field{Name: ruleHeading(rule), Value: ruleText(rule, false)})
		cites = append(cites, crCite(rule.ID))
	}
	if len(fields) == 0 {
		return Reply{}, &UserError{Title: "No cited rules", Msg: "The rules this button pointed to are not in the loaded Comprehensive Rules.", Hint: "/rule 302.6"}
	}
	return Reply{Title: "Cited rules", Fields: fields, Citations: cites, Ephemeral: true}, nil
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
