package session

import (
	"testing"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// TestRedisSentinelStore runs the behavioural suite through a real Redis
// Sentinel, configured the way an operator would: a redis+sentinel:// URL
// naming the sentinel and the master. The URL holds only the sentinel's
// address: a sentinel answers no data commands, so the suite passing means
// the store found the master through it.
func TestRedisSentinelStore(t *testing.T) {
	master := redistest.Start(t)
	sentinel := redistest.StartSentinel(t, master, "arbiter-master")
	url := "redis+sentinel://" + sentinel + "/arbiter-master"
	runStoreSuite(t, func(t *testing.T) Store {
		cfg, err := ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Prefix = redistest.Prefix(t, master.Addr)
		r, err := NewRedis(relaxed(cfg))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return r
	})
}
