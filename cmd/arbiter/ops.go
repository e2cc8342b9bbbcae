package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/internal/logx"
	"github.com/arbiter-mtg/arbiter/metrics"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/session"
)

// newLogger is the server's logger as [log] configures it: text or JSON,
// at log.level and above, with the interaction id on every line logged
// while answering one (internal/logx).
func newLogger(c config.Log, w io.Writer) (*slog.Logger, error) {
	level, err := config.ParseLevel(c.Level)
	if err != nil {
		return nil, err
	}
	return logx.New(w, c.Format, level)
}

// operations is what the long-running modes add for operators: the
// metrics, and the health state behind /healthz and /readyz.
type operations struct {
	metrics *metrics.Metrics
	health  *metrics.Health
	srv     *http.Server
	addr    net.Addr // the metrics listener's address, nil when off
}

// startOperations creates the metrics and, when metrics.listen is set,
// starts their listener at once, so that /healthz answers (and /readyz
// says why not) while the data is still loading. A listen address that
// cannot be bound is a configuration error.
func startOperations(cfg config.Config, log *slog.Logger) (*operations, error) {
	o := &operations{metrics: metrics.New(), health: &metrics.Health{}}
	if cfg.Metrics.Listen == "" {
		return o, nil
	}
	ln, err := net.Listen("tcp", cfg.Metrics.Listen)
	if err != nil {
		return nil, fmt.Errorf("metrics.listen: %w", err)
	}
	o.addr = ln.Addr()
	o.srv = &http.Server{Handler: metrics.Mux(o.metrics, o.health), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	go func() {
		if err := o.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener stopped", "err", err)
		}
	}()
	log.Info("metrics listening", "addr", o.addr.String(), "paths", "/metrics /healthz /readyz")
	return o, nil
}

// instrument wraps the store so that its errors and outage state are
// measured; kind is "redis" or "memory".
func (o *operations) instrument(store session.Store, kind string) session.Store {
	s := o.metrics.Store(store, kind)
	o.health.SetStore(s)
	return s
}

// loaded records the data version and the router's metrics middleware,
// and marks the server ready as far as the data goes.
func (o *operations) loaded(kb *rulings.KB, router *commands.Router) {
	o.metrics.Data(dataInfo(kb))
	names := make([]string, 0, 32)
	for _, d := range router.Definitions() {
		names = append(names, d.Name)
	}
	router.Use(o.metrics.Middleware(names))
	o.health.SetLoaded()
}

// Close stops the metrics listener.
func (o *operations) Close() {
	if o == nil || o.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	o.srv.Shutdown(ctx)
}

// dataInfo describes the data served. SnapshotTime stays zero until the
// knowledge base can say when its snapshot was made: set it here then.
func dataInfo(kb *rulings.KB) metrics.DataInfo {
	var d metrics.DataInfo
	if kb.CR != nil {
		d.CREffective = kb.CR.Effective()
	}
	if kb.Cards != nil {
		d.Cards = kb.Cards.Len()
		for _, c := range kb.Cards.Cards() {
			d.Rulings += len(c.Rulings)
		}
	}
	return d
}

// startupSummary logs one line saying what this process serves: version,
// CR date, cards and rulings, the store and whether Redis answered a PING.
// A Redis that does not answer is an error line now rather than a surprise
// at the first scenario command; the bot still starts (look-ups do not
// need Redis) and the store logs when it comes back.
func startupSummary(ctx context.Context, log *slog.Logger, mode string, info metrics.DataInfo, store session.Store, redisURL string) {
	kind := storeKind(redisURL)
	cr := "unknown"
	if !info.CREffective.IsZero() {
		cr = info.CREffective.Format(time.DateOnly)
	}
	args := []any{"version", buildVersion(), "mode", mode, "cr", cr, "cards", info.Cards, "rulings", info.Rulings, "store", kind}
	if redisURL == "" {
		log.Info("arbiter starting", args...)
		return
	}
	pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	start := time.Now()
	err := store.Ping(pctx)
	args = append(args, "redis", redactURL(redisURL))
	if err != nil {
		log.Info("arbiter starting", append(args, "redis_ping", "failed")...)
		log.Error("redis did not answer PING: check [redis] url / REDIS_URL; scenarios, paging and rate limits fail until it answers", "redis", redactURL(redisURL), "err", err)
		return
	}
	log.Info("arbiter starting", append(args, "redis_ping", "ok", "ping_ms", time.Since(start).Milliseconds())...)
}

// redactURL hides the password of a Redis URL for the log.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// storeKind names the store a Redis URL opens.
func storeKind(redisURL string) string {
	if redisURL == "" {
		return "memory"
	}
	return "redis"
}
