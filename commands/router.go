package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/internal/logx"
	"github.com/arbiter-mtg/arbiter/session"
)

// Limits is the per-user rate limit: Rate commands per Window (Rate 0 means
// no limit).
type Limits struct {
	Rate   int
	Window time.Duration
}

// Deps is what the command set is built from. CR is required; a nil Store
// is an in-memory one, zero TTLs take config.Default's; every other source
// is optional and its commands say so when it is missing.
type Deps struct {
	CR RuleBook
	// Glossary, when set, looks terms up more leniently than CR.Define.
	Glossary GlossarySource
	Search   Searcher
	// Versions, when set, holds older CR versions (/rule with a date,
	// /cr diff, and the "changed" note of /rule).
	Versions  CRVersions
	Ask       Asker
	Cards     CardSource
	Docs      DocSource
	Scenarios ScenarioRunner
	// Judge configures judge calls; Desk posts them in Discord (nil where
	// there is no Discord: /judge call says so).
	Judge JudgeConfig
	Desk  JudgeDesk
	// Store holds scenario sessions, pages, claims, rate limits, judge
	// calls and recorded rulings.
	Store       session.Store
	Limits      Limits
	ScenarioTTL time.Duration
	PageTTL     time.Duration
	// Handlers commands run at once and Queue more wait (see workload);
	// ScenarioTimeout bounds one scenario run. Zero values take
	// config.Default's.
	Handlers        int
	Queue           int
	ScenarioTimeout time.Duration
	Log             *slog.Logger
	// Reloader, when set, reloads the data served (/admin reload), which
	// only Owners (Discord user ids) may ask for.
	Reloader Reloader
	Owners   []string
}

// HandlerFunc answers a command, a subcommand, a button or a form. An error
// becomes an ephemeral error reply (a *UserError says what to do instead).
type HandlerFunc func(ctx context.Context, req Request) (Reply, error)

// CompleteFunc suggests values for the option being typed.
type CompleteFunc func(ctx context.Context, req Request) []Choice

type command struct {
	def      Definition
	handle   HandlerFunc
	sub      map[string]HandlerFunc // subcommands by name
	complete CompleteFunc
}

// Router routes requests by name: commands and their subcommands by name,
// buttons and forms by the prefix of their custom id (the text before the
// first ':'). Serve runs a request through the middleware chain; Handle
// and Autocomplete are the routes alone.
type Router struct {
	d        Deps
	commands map[string]*command
	order    []string
	buttons  map[string]HandlerFunc
	modals   map[string]HandlerFunc
	log      *slog.Logger
	serve    Handler
	inner    []Middleware // added with Use, between the chain and the routes

	work      *workload
	heavy     chan struct{} // scenario runs using the CPU (heavySlots)
	scenarios *resultCache
	local     *localAdmission

	ruleLabels []label // every rule id with a short title, for autocomplete
	termLabels []label // glossary terms
	footer     string
}

// label is an autocomplete candidate: the value, what is shown, and the
// folded text matched against what the user types.
type label struct {
	value, name, key string
}

// New builds the router, its routes and its autocomplete tables.
func New(d Deps) (*Router, error) {
	if d.CR == nil {
		return nil, errors.New("commands: the Comprehensive Rules are not loaded")
	}
	if d.Store == nil {
		d.Store = session.NewMemory()
	}
	def := config.Default().Session
	if d.ScenarioTTL <= 0 {
		d.ScenarioTTL = def.ScenarioTTL.Duration
	}
	if d.PageTTL <= 0 {
		d.PageTTL = def.PageTTL.Duration
	}
	lim := config.Default().Limits
	if d.Handlers <= 0 {
		d.Handlers = lim.Handlers
	}
	if d.Queue <= 0 {
		d.Queue = lim.Queue
	}
	if d.ScenarioTimeout <= 0 {
		d.ScenarioTimeout = lim.ScenarioTimeout.Duration
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	jdef := config.Default().Judge
	if d.Judge.EscalateAfter <= 0 {
		d.Judge.EscalateAfter = jdef.EscalateAfter.Duration
	}
	if d.Judge.CallTTL <= 0 {
		d.Judge.CallTTL = jdef.CallTTL.Duration
	}
	r := &Router{d: d, commands: map[string]*command{}, buttons: map[string]HandlerFunc{}, modals: map[string]HandlerFunc{}, log: d.Log,
		work: newWorkload(d.Handlers, d.Queue), heavy: make(chan struct{}, heavySlots()), scenarios: newResultCache(scenarioCacheEntries, scenarioCacheBytes),
		local: newLocalAdmission()}
	r.footer = "Comprehensive Rules effective " + d.CR.Effective().Format("2006-01-02")
	r.buildLabels()
	r.registerAll()
	r.chain()
	return r, nil
}

// The scenario result cache: enough for the scenarios in active use on a
// busy server, at most a few MB (a capped scenario and its report are tens
// of KB).
const (
	scenarioCacheEntries = 256
	scenarioCacheBytes   = 16 << 20
)

// chain builds the middleware chain every transport serves: recover, admit,
// defer, wait for a slot (the wait counts towards the deferral), then any
// middleware added with Use, then the routes.
func (r *Router) chain() {
	mw := append([]Middleware{r.recoverPanics, r.admission, deferAnswer, r.limitWork}, r.inner...)
	r.serve = Chain(r.route, mw...)
}

// Use adds middleware around the routes, inside recover, admission and
// deferral (so it sees only admitted requests, and its time counts towards
// the deferral). Call it before serving.
func (r *Router) Use(mw ...Middleware) {
	r.inner = append(r.inner, mw...)
	r.chain()
}

// Command adds a command; handle may be nil when every use goes to a
// subcommand, complete when no option autocompletes.
func (r *Router) Command(def Definition, handle HandlerFunc, complete CompleteFunc) {
	if _, dup := r.commands[def.Name]; dup {
		panic("commands: command " + def.Name + " registered twice")
	}
	r.commands[def.Name] = &command{def: def, handle: handle, complete: complete, sub: map[string]HandlerFunc{}}
	r.order = append(r.order, def.Name)
}

// Subcommand routes /name sub to handle.
func (r *Router) Subcommand(name, sub string, handle HandlerFunc) {
	c, ok := r.commands[name]
	if !ok {
		panic("commands: subcommand of unknown command " + name)
	}
	c.sub[sub] = handle
}

// Button routes buttons whose custom id starts with prefix+":".
func (r *Router) Button(prefix string, handle HandlerFunc) { r.buttons[prefix] = handle }

// Modal routes submitted forms whose custom id starts with prefix+":".
func (r *Router) Modal(prefix string, handle HandlerFunc) { r.modals[prefix] = handle }

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

// Serve answers one request of any kind through the middleware chain
// (recover, admit, defer): what every transport calls. A reply with Silent
// set must not be sent (another instance answers the interaction).
// Every line logged with the request's context names its interaction id
// (see internal/logx).
func (r *Router) Serve(ctx context.Context, req Request) Reply {
	if req.ID != "" {
		ctx = logx.With(ctx, "interaction", req.ID)
	}
	return r.serve(ctx, req)
}

// route answers a request by its kind.
func (r *Router) route(ctx context.Context, req Request) Reply {
	if req.Kind == KindAutocomplete {
		return Reply{Choices: r.Autocomplete(ctx, req)}
	}
	return r.Handle(ctx, req)
}

var (
	errUnknownCommand = func(name string) error {
		return &UserError{Title: "Unknown command", Msg: fmt.Sprintf("Arbiter has no command %q.", name), Hint: "/help"}
	}
	errUnknownButton = &UserError{Title: "Unknown button", Msg: "That button is not one Arbiter made, or it belongs to an older version.", Hint: "/help"}
	errUnknownForm   = &UserError{Title: "Unknown form", Msg: "That form is not one Arbiter made.", Hint: "/help"}
	errUnknownKind   = &UserError{Title: "Cannot answer that", Msg: "This kind of interaction is not something Arbiter answers.", Hint: "/help"}
)

// Handle answers a command, a button or a form (without the middleware:
// no recover, no admission) and pages the reply.
func (r *Router) Handle(ctx context.Context, req Request) Reply {
	h, err := r.handler(req)
	var rep Reply
	if err == nil {
		rep, err = h(ctx, req)
	}
	if err != nil {
		return r.errorReply(ctx, err)
	}
	if rep.Modal != nil {
		return rep
	}
	return r.finish(ctx, req.UserID, rep)
}

// handler finds the route of a request.
func (r *Router) handler(req Request) (HandlerFunc, error) {
	switch req.Kind {
	case KindCommand:
		c, ok := r.commands[req.Command]
		if !ok {
			return nil, errUnknownCommand(req.Command)
		}
		if err := checkOptions(c.def, req); err != nil {
			return nil, err
		}
		if h, ok := c.sub[req.Subcommand]; ok {
			return h, nil
		}
		if c.handle == nil {
			return nil, &UserError{Title: "Which subcommand?", Msg: fmt.Sprintf("/%s needs a subcommand.", req.Command), Hint: examples[req.Command]}
		}
		return c.handle, nil
	case KindComponent:
		prefix, _, _ := strings.Cut(req.CustomID, ":")
		if h, ok := r.buttons[prefix]; ok {
			return h, nil
		}
		return nil, errUnknownButton
	case KindModal:
		for _, v := range req.Values {
			if runeLen(v) > maxFormInput {
				return nil, &UserError{Title: "Too long", Msg: fmt.Sprintf("A form field may hold at most %d characters.", maxFormInput), Hint: "/help"}
			}
		}
		prefix, _, _ := strings.Cut(req.CustomID, ":")
		if h, ok := r.modals[prefix]; ok {
			return h, nil
		}
		return nil, errUnknownForm
	}
	return nil, errUnknownKind
}

// Autocomplete suggests at most 25 values for the focused option.
func (r *Router) Autocomplete(ctx context.Context, req Request) []Choice {
	c, ok := r.commands[req.Command]
	if !ok || c.complete == nil {
		return nil
	}
	out := c.complete(ctx, req)
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	for i := range out {
		out[i].Name = clip(out[i].Name, 100)
		out[i].Value = clip(out[i].Value, 100)
	}
	return out
}

// Input caps, enforced here whatever the client declared: a forged request
// may carry any length, and long input costs time in every look-up.
const (
	maxOptionDefault = 200  // an option declared without a maximum, or not declared
	maxFormInput     = 4000 // a form's text input (Discord's own cap)
)

// checkOptions refuses option values longer than their definition allows.
func checkOptions(def Definition, req Request) error {
	opts := def.Options
	for _, o := range def.Options {
		if o.Type == OptionSubcommand && o.Name == req.Subcommand {
			opts = o.Options
		}
	}
	for name, v := range req.Options {
		limit := maxOptionDefault
		for _, o := range opts {
			if o.Name == name && o.MaxLength > 0 {
				limit = o.MaxLength
			}
		}
		if runeLen(v) > limit {
			return &UserError{Title: "Too long", Msg: fmt.Sprintf("%s may be at most %d characters (this one has %d).", req.optionName(name), limit, runeLen(v)), Hint: examples[def.Name]}
		}
	}
	return nil
}
