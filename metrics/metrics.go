// Package metrics exposes Arbiter's Prometheus metrics and its health
// endpoints: commands by name and outcome with their latency, deferred
// replies, session-store errors and outage state, the gateway's state per
// shard and its counters, and the version of the data being served.
//
// Everything is registered on a Registry of its own (not Prometheus's
// global one), so tests and several servers in one process do not collide.
package metrics

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Metrics holds the collectors of one server.
type Metrics struct {
	reg      *prometheus.Registry
	commands *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	deferred *prometheus.CounterVec
	storeErr *prometheus.CounterVec

	dataMu sync.Mutex
	data   []prometheus.Collector // the gauges of the data served (Data)
}

// New returns the metrics with the Go runtime and process collectors
// registered beside Arbiter's own.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.commands = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arbiter_commands_total",
		Help: "Interactions answered, by command (or button/form route), kind and outcome: ok or the error code of the reply (not_found, invalid, unavailable, rate_limited, internal).",
	}, []string{"command", "kind", "outcome"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "arbiter_command_duration_seconds",
		Help: "Time to work out an answer, by command and kind (deferred answers included in full).",
		// 1 ms to about 16 s: look-ups take milliseconds, scenarios and
		// /ask up to seconds, and answers past 2 s are deferred.
		Buckets: prometheus.ExponentialBuckets(0.001, 2, 15),
	}, []string{"command", "kind"})
	m.deferred = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arbiter_deferred_replies_total",
		Help: "Answers that took longer than discord.defer_after and were deferred (sent later as a follow-up), by command.",
	}, []string{"command"})
	m.storeErr = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arbiter_store_errors_total",
		Help: "Session store operations that failed, by operation.",
	}, []string{"op"})
	m.reg.MustRegister(m.commands, m.latency, m.deferred, m.storeErr,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is where further collectors go.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus's exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Middleware measures every request that reaches the routes, once, whatever
// the transport: add it with Router.Use. known lists the command names the
// router serves (its Definitions); any other name is counted as "other",
// so a request cannot add label values of its own.
func (m *Metrics) Middleware(known []string) commands.Middleware {
	names := make(map[string]bool, len(known))
	for _, n := range known {
		names[n] = true
	}
	return func(next commands.Handler) commands.Handler {
		return func(ctx context.Context, req commands.Request) commands.Reply {
			start := time.Now()
			rep := next(ctx, req)
			name, kind := routeName(req, names), kindName(req.Kind)
			m.latency.WithLabelValues(name, kind).Observe(time.Since(start).Seconds())
			m.commands.WithLabelValues(name, kind, Outcome(rep)).Inc()
			if commands.Deferred(ctx) {
				m.deferred.WithLabelValues(name).Inc()
			}
			return rep
		}
	}
}

// Outcome is "ok" for an answer and the reply's error code otherwise.
func Outcome(rep commands.Reply) string {
	if !rep.Error {
		return "ok"
	}
	if rep.Code == "" {
		return commands.CodeInvalid
	}
	return rep.Code
}

// routePrefix is what a button or form route looks like ("pg", "sc").
var routePrefix = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,15}$`)

// routeName is the command for commands and autocomplete, and the route
// prefix of the custom id ("pg" of "pg:abc:2") for buttons and forms.
func routeName(req commands.Request, known map[string]bool) string {
	switch req.Kind {
	case commands.KindComponent, commands.KindModal:
		p := req.CustomID
		for i := 0; i < len(p); i++ {
			if p[i] == ':' {
				p = p[:i]
				break
			}
		}
		if routePrefix.MatchString(p) {
			return p
		}
		return "other"
	}
	if known[req.Command] {
		return req.Command
	}
	return "other"
}

func kindName(k commands.Kind) string {
	switch k {
	case commands.KindCommand:
		return "command"
	case commands.KindAutocomplete:
		return "autocomplete"
	case commands.KindComponent:
		return "button"
	case commands.KindModal:
		return "form"
	}
	return "other"
}
