package bot

import (
	"cmp"
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/arbiter-mtg/arbiter/config"
)

// followUps counts the deferred answers an Interactions endpoint still has
// to deliver, so that a stopping server can wait for them.
type followUps struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed when n drops to 0
}

func (f *followUps) add() {
	f.mu.Lock()
	if f.n == 0 {
		f.zero = make(chan struct{})
	}
	f.n++
	f.mu.Unlock()
}

func (f *followUps) done() {
	f.mu.Lock()
	f.n--
	if f.n == 0 {
		close(f.zero)
	}
	f.mu.Unlock()
}

func (f *followUps) pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// wait returns true when no follow-up is pending, false when ctx ends first.
func (f *followUps) wait(ctx context.Context) bool {
	for {
		f.mu.Lock()
		n, z := f.n, f.zero
		f.mu.Unlock()
		if n == 0 {
			return true
		}
		select {
		case <-z:
		case <-ctx.Done():
			return false
		}
	}
}

// abandoned is closed when a stopping endpoint's grace is over: deferred
// answers not ready by then are replaced by a notice to ask again.
func (h *Interactions) abandoned() chan struct{} {
	h.abandonOnce.Do(func() { h.abandon = make(chan struct{}) })
	return h.abandon
}

// restartNoticeTimeout bounds the delivery of the "ask again" notices after
// the grace is over.
const restartNoticeTimeout = 5 * time.Second

// ServeUntil serves the endpoint on ln until ctx ends (SIGTERM), then shuts
// down in order, logging each step: it stops accepting connections,
// finishes the requests in flight (each gets its first response), waits
// for the deferred answers still being worked out, and when the grace is
// over tells their users to ask again. Only then does it return, so the
// caller closes the session store under no running handler. grace 0 takes
// config.Default's discord.shutdown_grace.
func (h *Interactions) ServeUntil(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	if srv.Handler == nil {
		srv.Handler = h
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err // the listener failed; nothing to shut down
	case <-ctx.Done():
	}
	grace = cmp.Or(grace, config.Default().Discord.ShutdownGrace.Duration)
	log := h.log()
	log.Info("shutting down: no longer accepting interactions; answering those in flight", "grace", grace)
	gctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(gctx); err != nil {
		log.Warn("grace over before every request in flight was answered; closing their connections", "err", err)
		srv.Close()
	} else {
		log.Info("every request in flight has its first response")
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("listener", "err", err)
	}
	if n := h.follow.pending(); n > 0 {
		log.Info("waiting for deferred answers", "pending", n)
	}
	if h.follow.wait(gctx) {
		log.Info("every deferred answer delivered")
		return nil
	}
	log.Warn("grace over: telling the users of unfinished deferred answers to ask again", "pending", h.follow.pending())
	close(h.abandoned())
	nctx, ncancel := context.WithTimeout(context.Background(), restartNoticeTimeout)
	defer ncancel()
	if !h.follow.wait(nctx) {
		log.Warn("some users could not be told to ask again", "pending", h.follow.pending())
	} else {
		log.Info("users of unfinished answers told to ask again")
	}
	return nil
}
