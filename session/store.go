// Package session holds Arbiter's shared state behind one small interface:
// scenario sessions, paging state, interaction de-duplication and rate
// limits. Redis backs it in production; an in-memory store serves the
// console and runs with no Redis configured.
package session

import (
	"context"
	"errors"
	"time"
)

// ErrUnavailable wraps every backend failure (Redis down, timeout). Callers
// treat it as "state is unavailable right now", never as a crash.
var ErrUnavailable = errors.New("session store unavailable")

// Store is what the commands need from shared state. Keys are logical
// ("scenario:<channel>"); implementations add their own namespace.
type Store interface {
	// Lines returns the whole list at key (nil when absent) and renews its
	// expiry to ttl (sliding expiry); ttl 0 leaves the expiry alone.
	Lines(ctx context.Context, key string, ttl time.Duration) ([]string, error)
	// AppendAndList appends lines, in order, to the list at key, renews its
	// expiry to ttl and returns the whole list as it stands right after the
	// append, in the same transaction: the script as stored, with lines
	// others appended before these, in one round trip. Concurrent appends
	// never lose or double a line, and one call's lines stay contiguous.
	// A non-empty once (an interaction id) makes the call idempotent: the
	// store remembers it with the append, in the same transaction, for
	// OnceTTL, and a later call with the same key and once appends
	// nothing and returns the list. A call whose reply was lost (its
	// outcome unknown) can therefore be retried without doubling a line.
	AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error)
	// PopAndList removes and returns the last line of the list at key and
	// the list that remains (nil when none), in the same transaction, and
	// renews the expiry to ttl; ok is false when the list is empty or
	// absent.
	PopAndList(ctx context.Context, key string, ttl time.Duration) (line string, ok bool, rest []string, err error)
	// Peek reports, in one round trip and as one snapshot, whether a value
	// is stored at valueKey and the lists at listKeys (nil when absent). It
	// renews no expiry. On a Redis Cluster all keys must share one hash tag.
	Peek(ctx context.Context, valueKey string, listKeys ...string) (found bool, lists [][]string, err error)
	// Put stores a value with an expiry (paging state and the like).
	Put(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Get returns a value stored with Put; ok is false when absent or expired.
	Get(ctx context.Context, key string) (value []byte, ok bool, err error)
	// Swap replaces the value at key (as Put stores it) with new only when
	// the value stored is old, as one step: a nil old means "only when no
	// value is stored" (SET NX), a nil new deletes the value, ttl is Put's.
	// ok is false, and nothing changed, when the value stored was not old.
	// Two callers swapping from the same old value: exactly one wins, on
	// one instance or many sharing Redis (a compare-and-set in Lua).
	Swap(ctx context.Context, key string, old, new []byte, ttl time.Duration) (ok bool, err error)
	// Apply makes one change as a whole: it removes every kind of state
	// under each key of b.Delete, then stores each of b.Put as Put does.
	// Either all of it is applied or none of it, so a failure never leaves
	// half a change (one MULTI/EXEC in Redis). On a Redis Cluster every key
	// must share one hash tag (scenario:<channel>... keys do).
	Apply(ctx context.Context, b Batch) error
	// Admitter claims an interaction and counts it against its user's
	// rate limit in one step (see admit.go).
	Admitter
	// Notifier tells the other instances about a new data version.
	Notifier
	// Ping checks the backend.
	Ping(ctx context.Context) error
	Close() error
}

// OnceTTL is how long AppendAndList remembers a once key: the life of an
// interaction token, after which no retry of it can come.
const OnceTTL = 15 * time.Minute

// Batch is a change Apply makes as a whole: deletions first, then values.
type Batch struct {
	Delete []string
	Put    []Entry
}

// Entry is one value of a Batch, with Put's meaning of TTL.
type Entry struct {
	Key   string
	Value []byte
	TTL   time.Duration
}
