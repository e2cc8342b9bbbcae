package session

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// openRedis opens a store on the shared test Redis under a private prefix.
// The behavioural suite checks semantics, not latency, so its timeouts are
// generous: on a 2-core machine shared with other builds, -race and 64
// goroutines, the production 250 ms dial timeout is sometimes exceeded and
// would turn a correctness test into a load test. The short defaults are
// exercised by the outage tests.
func openRedis(t *testing.T) Store {
	addr := redistest.Addr(t)
	r, err := NewRedis(relaxed(RedisConfig{Addrs: []string{addr}, Prefix: redistest.Prefix(t, addr)}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// relaxed sets the generous test timeouts on cfg.
func relaxed(cfg RedisConfig) RedisConfig {
	cfg.DialTimeout, cfg.ReadTimeout, cfg.WriteTimeout = 3*time.Second, 3*time.Second, 3*time.Second
	cfg.PoolTimeout, cfg.OpTimeout = 3*time.Second, 10*time.Second
	return cfg
}

func TestRedisStore(t *testing.T) {
	runStoreSuite(t, openRedis)
}

// TestRedisKeyLayout pins the key names: they are shared by every instance
// of every version that uses arbiter:v1, so changing them is a migration.
func TestRedisKeyLayout(t *testing.T) {
	r := &Redis{prefix: DefaultPrefix}
	tests := []struct {
		key, suffix, want string
	}{
		{"scenario:123", suffixLines, "arbiter:v1:{scenario:123}:lines"},
		{"scenario:123:u42", suffixLines, "arbiter:v1:{scenario:123}:u42:lines"},
		{"page:abc:2", suffixValue, "arbiter:v1:{page:abc}:2:val"},
		{"interaction:99", suffixClaim, "arbiter:v1:{interaction:99}:claim"},
		{"rate:u1", suffixRate, "arbiter:v1:{rate:u1}:rate"},
		{"single", suffixValue, "arbiter:v1:{single}:val"},
		{"{guild:7}:cfg", suffixValue, "arbiter:v1:{guild:7}:cfg:val"}, // caller-chosen tag kept
		{"x{}y", suffixValue, "arbiter:v1:{x{}y}:val"},                 // empty braces are no tag
	}
	for _, tc := range tests {
		if got := r.redisKey(tc.key, tc.suffix); got != tc.want {
			t.Errorf("redisKey(%q, %q) = %q, want %q", tc.key, tc.suffix, got, tc.want)
		}
	}
}

// TestRedisWritesExpiringKeys looks at Redis directly: every key the store
// writes with a TTL carries one (a key without expiry would live forever).
func TestRedisWritesExpiringKeys(t *testing.T) {
	addr := redistest.Addr(t)
	prefix := redistest.Prefix(t, addr)
	s, err := NewRedis(relaxed(RedisConfig{Addrs: []string{addr}, Prefix: prefix}))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.AppendAndList(ctx, "scenario:k", []string{"a"}, time.Hour, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "page:k", []byte("v"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, Batch{Put: []Entry{{Key: "page:batch", Value: []byte("v"), TTL: time.Hour}}}); err != nil {
		t.Fatal(err)
	}
	// Admit in one script (a single server) and in steps (a cluster).
	if _, err := s.Admit(ctx, "interaction:k", time.Hour, "rate:k", 3, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := s.claim(ctx, "interaction:steps", time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.allow(ctx, "rate:steps", 3, time.Hour); err != nil {
		t.Fatal(err)
	}
	raw := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true})
	defer raw.Close()
	for _, k := range []string{
		prefix + "{scenario:k}:lines", prefix + "{page:k}:val", prefix + "{page:batch}:val",
		prefix + "{interaction:k}:claim", prefix + "{rate:k}:rate",
		prefix + "{interaction:steps}:claim", prefix + "{rate:steps}:rate",
	} {
		ttl, err := raw.PTTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl <= 59*time.Minute || ttl > time.Hour {
			t.Errorf("PTTL %s = %v, want about 1h", k, ttl)
		}
	}
	// A rate counter that lost its expiry gets one back on the next event,
	// counted in one script or in steps.
	for name, count := range map[string]func() error{
		"k": func() error { _, err := s.Admit(ctx, "", 0, "rate:k", 3, time.Minute); return err },
		"steps": func() error {
			_, _, err := s.allow(ctx, "rate:steps", 3, time.Minute)
			return err
		},
	} {
		rateKey := prefix + "{rate:" + name + "}:rate"
		raw.Persist(ctx, rateKey)
		if err := count(); err != nil {
			t.Fatal(err)
		}
		if ttl := raw.PTTL(ctx, rateKey).Val(); ttl <= 0 || ttl > time.Minute {
			t.Errorf("PTTL of a repaired rate counter %s = %v, want within (0, 1m]", rateKey, ttl)
		}
	}
}

func TestNewRedisRejectsBadConfig(t *testing.T) {
	for name, cfg := range map[string]RedisConfig{
		"braces in prefix": {Prefix: "arbiter:{v1}:"},
		"bad url":          {URL: "http://localhost"},
		"db on cluster":    {Addrs: []string{"a:1", "b:2"}, DB: 3},
	} {
		if _, err := NewRedis(cfg); err == nil {
			t.Errorf("%s: NewRedis accepted %+v", name, cfg)
		}
	}
}

func TestOpenPicksBackend(t *testing.T) {
	s, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*Memory); !ok {
		t.Fatalf("Open(\"\") = %T, want *Memory", s)
	}
	r, err := Open("redis://127.0.0.1:6379/0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, ok := r.(*Redis); !ok {
		t.Fatalf("Open(redis url) = %T, want *Redis", r)
	}
}
