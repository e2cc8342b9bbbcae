package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// testRedisAddr returns the test Redis address (ARBITER_TEST_REDIS, an
// address or a redis:// URL; default 127.0.0.1:6379). The test fails, not
// skips, when nothing answers: the Redis behaviour is the point of it.
func testRedisAddr(t testing.TB) string {
	t.Helper()
	addr := os.Getenv("ARBITER_TEST_REDIS")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	if strings.Contains(addr, "://") {
		cfg, err := ParseURL(addr)
		if err != nil {
			t.Fatalf("ARBITER_TEST_REDIS=%q: %v", addr, err)
		}
		addr = cfg.Addrs[0]
	}
	c := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true, MaxRetries: -1})
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("no Redis answers at %s (%v): these tests need a real redis-server; start one "+
			"(redis-server --save '' --appendonly no) or set ARBITER_TEST_REDIS=host:port", addr, err)
	}
	return addr
}

// testPrefix returns a key prefix no other test uses, and deletes every key
// under it when the test ends.
func testPrefix(t testing.TB, addr string) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	prefix := "arbitertest:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		c := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true})
		defer c.Close()
		ctx := context.Background()
		iter := c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		var keys []string
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		if len(keys) > 0 {
			c.Del(ctx, keys...)
		}
	})
	return prefix
}

func openRedis(t *testing.T) Store {
	addr := testRedisAddr(t)
	r, err := NewRedis(RedisConfig{Addrs: []string{addr}, Prefix: testPrefix(t, addr)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
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
	addr := testRedisAddr(t)
	prefix := testPrefix(t, addr)
	s, err := NewRedis(RedisConfig{Addrs: []string{addr}, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.AppendLines(ctx, "scenario:k", []string{"a"}, time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, "page:k", []byte("v"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, "interaction:k", time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Allow(ctx, "rate:k", 3, time.Hour); err != nil {
		t.Fatal(err)
	}
	raw := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true})
	defer raw.Close()
	for _, k := range []string{
		prefix + "{scenario:k}:lines", prefix + "{page:k}:val",
		prefix + "{interaction:k}:claim", prefix + "{rate:k}:rate",
	} {
		ttl, err := raw.PTTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl <= 59*time.Minute || ttl > time.Hour {
			t.Errorf("PTTL %s = %v, want about 1h", k, ttl)
		}
	}
	// A rate counter that lost its expiry gets one back on the next event.
	rateKey := prefix + "{rate:k}:rate"
	raw.Persist(ctx, rateKey)
	if _, _, err := s.Allow(ctx, "rate:k", 3, time.Minute); err != nil {
		t.Fatal(err)
	}
	if ttl := raw.PTTL(ctx, rateKey).Val(); ttl <= 0 || ttl > time.Minute {
		t.Errorf("PTTL of a repaired rate counter = %v, want within (0, 1m]", ttl)
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
