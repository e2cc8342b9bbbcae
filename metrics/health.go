package metrics

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"
)

// Health answers /healthz (the process is up and serving HTTP) and /readyz
// (the data is loaded and the session store answers PING).
type Health struct {
	loaded   atomic.Bool
	stopping atomic.Bool
	store    atomic.Pointer[pinger]
	// PingTimeout bounds the store's PING in Ready (default 1 s).
	PingTimeout time.Duration
}

type pinger interface{ Ping(context.Context) error }

// SetLoaded marks the data as loaded: until then the server is not ready.
func (h *Health) SetLoaded() { h.loaded.Store(true) }

// SetStopping makes Ready fail from now on ("shutting down"), so that a
// load balancer stops sending traffic while in-flight work finishes; call
// it first thing on SIGTERM.
func (h *Health) SetStopping() { h.stopping.Store(true) }

// SetStore is the store Ready pings; until it is set the server is not
// ready.
func (h *Health) SetStore(s interface{ Ping(context.Context) error }) {
	p := pinger(s)
	h.store.Store(&p)
}

// Ready is nil when the server can answer: data loaded and the store
// answering.
func (h *Health) Ready(ctx context.Context) error {
	if h.stopping.Load() {
		return errors.New("shutting down")
	}
	if !h.loaded.Load() {
		return errors.New("data not loaded yet")
	}
	p := h.store.Load()
	if p == nil {
		return errors.New("session store not open yet")
	}
	d := h.PingTimeout
	if d <= 0 {
		d = time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	if err := (*p).Ping(ctx); err != nil {
		return fmt.Errorf("session store does not answer PING: %w", err)
	}
	return nil
}

// Healthz answers 200 "ok" while the process serves HTTP.
func Healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

// ReadyHandler answers 200 "ready" when ready returns nil and 503 with the
// reason otherwise.
func ReadyHandler(ready func(context.Context) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := ready(r.Context()); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "not ready: %v\n", err)
			return
		}
		w.Write([]byte("ready\n"))
	}
}

// Mux serves /metrics, /healthz and /readyz: the metrics listener.
func Mux(m *Metrics, h *Health) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.HandleFunc("GET /healthz", Healthz)
	mux.Handle("GET /readyz", ReadyHandler(h.Ready))
	return mux
}
