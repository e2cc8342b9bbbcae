package metrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/arbiter-mtg/arbiter/session"
)

// availability is implemented by stores that know whether their backend
// answered the last call (*session.Redis): the outage state the store
// logs once when it begins and once when it ends.
type availability interface{ Available() bool }

// Store wraps a session store so that each failed operation is counted in
// arbiter_store_errors_total{op}, and registers arbiter_store_up (1 while
// the backend answers; a store without a backend, the in-memory one, is
// always up) and arbiter_store_info{kind}. kind is "redis" or "memory".
// The wrapper forwards Available, so it can be wrapped again.
func (m *Metrics) Store(s session.Store, kind string) session.Store {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "arbiter_store_up",
		Help: "1 while the session store's backend answers (Redis), 0 during an outage.",
	}, func() float64 {
		if a, ok := s.(availability); ok && !a.Available() {
			return 0
		}
		return 1
	}))
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "arbiter_store_info",
		Help:        "The kind of session store in use (redis or memory); always 1.",
		ConstLabels: prometheus.Labels{"kind": kind},
	})
	info.Set(1)
	m.reg.MustRegister(info)
	return &countingStore{Store: s, errs: m.storeErr}
}

type countingStore struct {
	session.Store
	errs *prometheus.CounterVec
}

func (c *countingStore) count(op string, err error) {
	if err != nil {
		c.errs.WithLabelValues(op).Inc()
	}
}

// Available forwards the wrapped store's outage state (true when it has
// none).
func (c *countingStore) Available() bool {
	a, ok := c.Store.(availability)
	return !ok || a.Available()
}

func (c *countingStore) Lines(ctx context.Context, key string, ttl time.Duration) ([]string, error) {
	v, err := c.Store.Lines(ctx, key, ttl)
	c.count("lines", err)
	return v, err
}

func (c *countingStore) AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error) {
	v, err := c.Store.AppendAndList(ctx, key, lines, ttl, once)
	c.count("append", err)
	return v, err
}

func (c *countingStore) PopAndList(ctx context.Context, key string, ttl time.Duration) (string, bool, []string, error) {
	line, ok, rest, err := c.Store.PopAndList(ctx, key, ttl)
	c.count("pop", err)
	return line, ok, rest, err
}

func (c *countingStore) Peek(ctx context.Context, valueKey string, listKeys ...string) (bool, [][]string, error) {
	found, lists, err := c.Store.Peek(ctx, valueKey, listKeys...)
	c.count("peek", err)
	return found, lists, err
}

func (c *countingStore) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	err := c.Store.Put(ctx, key, value, ttl)
	c.count("put", err)
	return err
}

func (c *countingStore) Get(ctx context.Context, key string) ([]byte, bool, error) {
	v, ok, err := c.Store.Get(ctx, key)
	c.count("get", err)
	return v, ok, err
}

func (c *countingStore) Swap(ctx context.Context, key string, old, new []byte, ttl time.Duration) (bool, error) {
	ok, err := c.Store.Swap(ctx, key, old, new, ttl)
	c.count("swap", err)
	return ok, err
}

func (c *countingStore) Apply(ctx context.Context, b session.Batch) error {
	err := c.Store.Apply(ctx, b)
	c.count("apply", err)
	return err
}

func (c *countingStore) Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (session.Admission, error) {
	ad, err := c.Store.Admit(ctx, claimKey, claimTTL, rateKey, limit, window)
	c.count("admit", err)
	return ad, err
}

func (c *countingStore) Ping(ctx context.Context) error {
	err := c.Store.Ping(ctx)
	c.count("ping", err)
	return err
}
