package session

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// TestRedisClusterStore runs the behavioural suite on a real three-node
// Redis Cluster. A cluster refuses a transaction or a multi-key command
// whose keys live in different slots (CROSSSLOT), so this is what proves
// the hash tags: every MULTI/EXEC, script and DEL of the store must stay
// within one slot.
func TestRedisClusterStore(t *testing.T) {
	cluster := redistest.StartCluster(t, 3)
	var n atomic.Int32
	runStoreSuite(t, func(t *testing.T) Store {
		// Subtests run in parallel on one cluster: each gets its own prefix.
		prefix := fmt.Sprintf("arbitertest:cluster%d:", n.Add(1))
		r, err := NewRedis(relaxed(RedisConfig{Addrs: cluster.Addrs, Prefix: prefix}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return r
	})

	// A batch over two hash tags would be applied one slot at a time:
	// refused instead, and nothing is written.
	{
		r, err := NewRedis(relaxed(RedisConfig{Addrs: cluster.Addrs, Prefix: "arbitertest:clusterbatch:"}))
		if err != nil {
			t.Fatal(err)
		}
		err = r.Apply(context.Background(), Batch{Delete: []string{"scenario:x"}, Put: []Entry{{Key: "page:y", Value: []byte("1"), TTL: time.Minute}}})
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("cross-slot batch: err = %v, want ErrInvalid", err)
		}
		if _, ok, err := r.Get(context.Background(), "page:y"); err != nil || ok {
			t.Errorf("refused batch wrote its value: ok=%v err=%v", ok, err)
		}
		r.Close()
	}

	// The keys of one logical scenario share a slot; different scenarios
	// spread over the nodes.
	r, err := NewRedis(relaxed(RedisConfig{Addrs: cluster.Addrs}))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cc := r.Client().(*redis.ClusterClient)
	ctx := context.Background()
	slot := func(k string) int64 {
		s, err := cc.ClusterKeySlot(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := slot(r.redisKey("scenario:123", suffixLines))
	for _, k := range []string{
		r.redisKey("scenario:123", suffixValue), r.redisKey("scenario:123:u42", suffixLines),
		r.redisKey("scenario:123", suffixClaim), r.redisKey("scenario:123", suffixRate),
	} {
		if s := slot(k); s != base {
			t.Errorf("%s is in slot %d, want %d with the rest of scenario:123", k, s, base)
		}
	}
}
