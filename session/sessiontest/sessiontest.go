// Package sessiontest opens the stores that tests of other packages share
// state through: a real Redis with a key prefix of their own.
package sessiontest

import (
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// Redis opens a store on the Redis at addr under prefix, closed when the
// test ends. Its timeouts are far above the defaults (which are sized for
// Discord's 3 s window): on a loaded machine Redis can take longer than
// 250 ms to answer, and a timed-out command is not what such a test is
// about.
func Redis(t testing.TB, addr, prefix string) session.Store {
	t.Helper()
	s, err := session.NewRedis(session.RedisConfig{Addrs: []string{addr}, Prefix: prefix,
		DialTimeout: 5 * time.Second, ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second,
		PoolTimeout: 5 * time.Second, OpTimeout: 15 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
