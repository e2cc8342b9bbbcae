package wire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch"
	"github.com/arbiter-mtg/arbiter/session"
)

// VersionKey is the store key (and pub/sub topic) where instances sharing
// one store announce the CR version they have loaded.
const VersionKey = "data:version"

// Reloader keeps a running server's data current. A reload loads the data
// directory into a new knowledge base beside the one served, builds the
// command set's sources over it (warming what the first answers would
// otherwise build) and swaps them in with one store of Live's pointer; a
// load that fails changes nothing and says why. One reload runs at a time.
//
// Reloads come from SIGHUP (ReloadFiles), from /admin reload and the
// periodic check (Reload: download, then reload), and from other instances
// announcing a newer CR through the store (Run).
type Reloader struct {
	Live *commands.Live
	// Load loads the data directory (rulings.LoadCached or LoadDefault).
	Load func() (*rulings.KB, error)
	// Inputs identifies the files Load would read (rulings.Inputs), so
	// that a reload that would read the same files is skipped; nil
	// reloads every time.
	Inputs func() (string, error)
	// Update downloads newer data into the data directory (Updater); nil
	// when this instance does not download.
	Update func(ctx context.Context) (notes []string, err error)
	// Store, when set, carries the announcements between instances.
	Store session.Store
	// OnSwap, when set, is told of each knowledge base swapped in.
	OnSwap func(kb *rulings.KB)
	// Around, when set, is called before a load begins; the function it
	// returns is called once the load has been swapped in or has failed
	// (the server lifts the memory limit chosen for one knowledge base
	// while two are held).
	Around func() (done func())
	Log    *slog.Logger
	// Instance names this process in announcements (default host:pid).
	Instance string

	mu     sync.Mutex // one reload at a time; guards the fields below
	inputs string     // of the data served
	served time.Time  // the effective date of the CR served
	cards  int        // the cards served
	// heardCR is the newest CR date announced by another instance that
	// this one has acted on: an announcement it cannot follow (its
	// downloads fail) is tried once, not at every poll.
	heardCR time.Time

	subFailing bool // the last Subscribe failed (Run's goroutine only)
}

// announcement is what an instance publishes at VersionKey.
type announcement struct {
	CR       string `json:"cr"` // effective date, 2006-01-02
	Instance string `json:"instance"`
}

// Begin records the knowledge base served at start.
func (r *Reloader) Begin(kb *rulings.KB) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.served, r.cards = kb.EffectiveDate(), cardCount(kb)
	if r.Inputs != nil {
		if in, err := r.Inputs(); err == nil {
			r.inputs = in
		}
	}
	if r.Instance == "" {
		host, _ := os.Hostname()
		r.Instance = fmt.Sprintf("%s:%d", host, os.Getpid())
	}
}

// Served is the effective date of the CR served now.
func (r *Reloader) Served() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.served
}

func (r *Reloader) log() *slog.Logger {
	if r.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return r.Log
}

// Reload downloads what is newer (when Update is set), then reloads the
// data directory if its files changed: what /admin reload and the periodic
// check run. It implements commands.Reloader.
func (r *Reloader) Reload(ctx context.Context) (commands.ReloadReport, error) {
	return r.reload(ctx, true, "check")
}

// ReloadFiles reloads the data directory if its files changed, without
// downloading: what SIGHUP runs after files were put in place by hand.
func (r *Reloader) ReloadFiles(ctx context.Context) (commands.ReloadReport, error) {
	return r.reload(ctx, false, "files")
}

func (r *Reloader) reload(ctx context.Context, download bool, reason string) (commands.ReloadReport, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := time.Now()
	rep := commands.ReloadReport{Before: r.served, After: r.served}
	var updErr error
	if download && r.Update != nil {
		rep.Notes, updErr = r.Update(ctx)
		if updErr != nil {
			r.log().Warn("data update failed; the data already there is kept", "err", updErr)
		}
	}
	in := ""
	if r.Inputs != nil {
		var err error
		if in, err = r.Inputs(); err != nil {
			return r.failed(rep, reason, err)
		}
		if in == r.inputs {
			rep.Took = time.Since(start)
			if updErr != nil {
				return r.failed(rep, reason, fmt.Errorf("nothing new was loaded: %w", updErr))
			}
			rep.Cards = r.cards
			return rep, nil
		}
	}
	if r.Around != nil {
		defer r.Around()()
	}
	loadStart := time.Now()
	kb, err := r.Load()
	if err != nil {
		return r.failed(rep, reason, err)
	}
	loaded := time.Since(loadStart)
	d := FromKB(kb)
	warm(d)
	if _, err := r.Live.Replace(d); err != nil {
		return r.failed(rep, reason, err)
	}
	r.inputs = in
	r.served, r.cards = kb.EffectiveDate(), cardCount(kb)
	rep.Swapped, rep.After, rep.Took, rep.Cards = true, r.served, time.Since(start), r.cards
	if r.OnSwap != nil {
		r.OnSwap(kb)
	}
	r.log().Info("data reloaded", "reason", reason, "cr", r.served.Format(time.DateOnly), "was", rep.Before.Format(time.DateOnly),
		"cards", rep.Cards, "took", rep.Took.Round(time.Millisecond), "load", loaded.Round(time.Millisecond))
	if updErr != nil {
		rep.Notes = append(rep.Notes, "some downloads failed; what did download is loaded")
	}
	if r.served.After(rep.Before) {
		r.announce(ctx)
	}
	return rep, nil
}

// failed logs a reload that changed nothing and returns its error.
func (r *Reloader) failed(rep commands.ReloadReport, reason string, err error) (commands.ReloadReport, error) {
	r.log().Error("reload failed; the data served is unchanged", "reason", reason, "cr", r.served.Format(time.DateOnly), "err", err)
	return rep, err
}

func cardCount(kb *rulings.KB) int {
	if kb.Cards == nil {
		return 0
	}
	return kb.Cards.Len()
}

// warm builds, before the swap, what the first answers over new data
// would otherwise build while a user waits: the question pipeline's
// indexes and the newest CR's diff (the "changed" notes of /rule and
// search).
func warm(d commands.Deps) {
	if a, ok := d.Ask.(*asker); ok {
		a.warm()
	}
	if d.Versions != nil {
		if dates := d.Versions.Dates(); len(dates) > 1 {
			_, _ = d.Versions.Diff(dates[1], dates[0])
		}
	}
}

// announce tells the other instances which CR this one serves now.
func (r *Reloader) announce(ctx context.Context) {
	if r.Store == nil {
		return
	}
	msg, _ := json.Marshal(announcement{CR: r.served.Format(time.DateOnly), Instance: r.Instance})
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := r.Store.Publish(ctx, VersionKey, msg); err != nil {
		r.log().Warn("could not announce the new CR version to the other instances", "err", err)
	}
}

// Run keeps the data current until ctx ends: every checkEvery (0: never)
// it runs Reload, and when another instance announces a newer CR through
// the store it reloads too (downloading when Update is set, else reading
// the files, which a shared data directory already holds). The key is
// also read every poll, for announcements missed while the store was out
// of reach.
func (r *Reloader) Run(ctx context.Context, checkEvery, poll time.Duration) {
	var tick <-chan time.Time
	if checkEvery > 0 {
		t := time.NewTicker(checkEvery)
		defer t.Stop()
		tick = t.C
	}
	var heard <-chan []byte
	var pollC <-chan time.Time
	if r.Store != nil {
		if poll <= 0 {
			poll = time.Minute
		}
		p := time.NewTicker(poll)
		defer p.Stop()
		pollC = p.C
		heard = r.subscribe(ctx)
		r.readVersion(ctx)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			r.Reload(ctx)
		case msg, ok := <-heard:
			if !ok {
				heard = nil
				if ctx.Err() == nil {
					heard = r.subscribe(ctx)
				}
				continue
			}
			r.heard(ctx, msg)
		case <-pollC:
			if heard == nil {
				heard = r.subscribe(ctx)
			}
			r.readVersion(ctx)
		}
	}
}

// subscribe subscribes to the announcements; nil (retried at the next
// poll) when the store is out of reach.
func (r *Reloader) subscribe(ctx context.Context) <-chan []byte {
	ch, err := r.Store.Subscribe(ctx, VersionKey)
	if err != nil {
		if ctx.Err() == nil && !r.subFailing {
			r.log().Warn("cannot hear other instances' data versions yet; retrying every poll", "err", err)
		}
		r.subFailing = true
		return nil
	}
	if r.subFailing {
		r.log().Info("hearing other instances' data versions again")
	}
	r.subFailing = false
	return ch
}

// readVersion reads the latest announcement from the key.
func (r *Reloader) readVersion(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	v, ok, err := r.Store.Get(ctx, VersionKey)
	if err != nil || !ok {
		return
	}
	r.heard(ctx, v)
}

// heard acts on an announcement: a CR newer than the one served is
// loaded.
func (r *Reloader) heard(ctx context.Context, msg []byte) {
	var a announcement
	if err := json.Unmarshal(msg, &a); err != nil {
		r.log().Warn("an unreadable data version announcement was ignored", "value", strings.ToValidUTF8(string(msg), "?"), "err", err)
		return
	}
	date, err := time.Parse(time.DateOnly, a.CR)
	if err != nil {
		return
	}
	r.mu.Lock()
	act := date.After(r.served) && date.After(r.heardCR)
	if act {
		r.heardCR = date
	}
	r.mu.Unlock()
	if !act {
		return
	}
	r.log().Info("another instance serves a newer CR; reloading", "instance", a.Instance, "cr", a.CR)
	var rerr error
	if r.Update != nil {
		_, rerr = r.Reload(ctx)
	} else {
		_, rerr = r.ReloadFiles(ctx)
	}
	if rerr == nil && r.Served().Before(date) {
		r.log().Warn("after reloading, this instance still serves an older CR than another one announced", "cr", r.Served().Format(time.DateOnly), "announced", a.CR)
	}
}

// Updater downloads what `arbiter data update` downloads into dir: the
// newest CR TXT linked from the rules page and, with cards, Scryfall's bulk
// files. Each source is tried whatever happened to the others; a download
// that does not parse never replaces a file. It returns a line per source.
func Updater(src *fetch.Source, dir string, cards bool) func(ctx context.Context) ([]string, error) {
	return func(ctx context.Context) ([]string, error) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		var notes []string
		var errs []error
		note := func(res fetch.Result) {
			state := "unchanged"
			if res.Changed {
				state = "updated"
			}
			notes = append(notes, strings.TrimSpace(fmt.Sprintf("%s %s: %s", res.Kind, state, res.Detail)))
		}
		res, err := src.UpdateCR(ctx, dir)
		if err != nil {
			notes = append(notes, "Comprehensive Rules: download failed: "+err.Error())
			errs = append(errs, fmt.Errorf("the Comprehensive Rules: %w", err))
		} else {
			note(res)
		}
		if cards {
			more, err := src.UpdateScryfall(ctx, dir)
			for _, res := range more {
				note(res)
			}
			if err != nil {
				notes = append(notes, "Scryfall bulk data: download failed: "+err.Error())
				errs = append(errs, fmt.Errorf("the Scryfall bulk data: %w", err))
			}
		}
		return notes, errors.Join(errs...)
	}
}
