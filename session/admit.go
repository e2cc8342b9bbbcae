package session

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Admission is the outcome of Admit.
type Admission struct {
	// First is true when this caller claimed the key (or no claim was
	// asked for); false means another caller holds it and nothing was
	// counted.
	First bool
	// Allowed is false when the event passed the rate limit; RetryAfter is
	// then the time until the window resets.
	Allowed    bool
	RetryAfter time.Duration
}

// Admitter claims an interaction and counts it against its user's rate
// limit in one step: one round trip to Redis on every command instead of
// two. Admit claims claimKey for claimTTL (SET NX: the first caller wins;
// claimTTL <= 0 claims without expiry) and, only when the claim was won,
// counts one event against rateKey in a fixed window: the first event
// starts a window of length window, and the events up to limit inside it
// are allowed. An empty claimKey skips the claim; an empty rateKey or a
// limit <= 0 skips the count (Allowed is then true). A count with a
// window <= 0 is refused with ErrInvalid.
type Admitter interface {
	Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (Admission, error)
}

// Admit implements Admitter.
func (m *Memory) Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (Admission, error) {
	return admitInSteps(ctx, m, claimKey, claimTTL, rateKey, limit, window)
}

// stepAdmitter is what admitInSteps needs: the claim and the count as
// separate calls.
type stepAdmitter interface {
	claim(ctx context.Context, key string, ttl time.Duration) (bool, error)
	allow(ctx context.Context, key string, limit int, window time.Duration) (allowed bool, retryAfter time.Duration, err error)
}

// admitInSteps is Admit as two calls, for stores without a one-step path.
func admitInSteps(ctx context.Context, s stepAdmitter, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (Admission, error) {
	if claimKey != "" {
		first, err := s.claim(ctx, claimKey, claimTTL)
		if err != nil || !first {
			return Admission{}, err
		}
	}
	if rateKey == "" || limit <= 0 {
		return Admission{First: true, Allowed: true}, nil
	}
	ok, retry, err := s.allow(ctx, rateKey, limit, window)
	if err != nil {
		return Admission{First: true}, err
	}
	return Admission{First: true, Allowed: ok, RetryAfter: retry}, nil
}

// admitScript claims KEYS[1] with SET NX (PX ARGV[1] when positive) and,
// when the claim is won and KEYS[2] is given, counts one event against it
// exactly as allowScript does. It returns {claimed, count, ms until reset}.
var admitScript = redis.NewScript(`
local claimed = 1
if KEYS[1] ~= '' then
  local ok
  if tonumber(ARGV[1]) > 0 then
    ok = redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1])
  else
    ok = redis.call('SET', KEYS[1], '1', 'NX')
  end
  if not ok then return {0, 0, 0} end
end
if KEYS[2] == '' then return {claimed, 0, 0} end
local rate, window = KEYS[2], ARGV[2]
` + countLua + `
return {claimed, n, ttl}
`)

// Admit implements Admitter: one Lua script on a single server or a
// sentinel-managed master, pipelined with concurrent calls (batch.go). A cluster refuses a script over keys in two
// slots, so there it takes two round trips.
func (r *Redis) Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (Admission, error) {
	count := rateKey != "" && limit > 0
	if count && window <= 0 {
		return Admission{}, fmt.Errorf("%w: rate limit %d per %v", ErrInvalid, limit, window)
	}
	if _, cluster := r.client.(*redis.ClusterClient); cluster || (claimKey == "" && !count) {
		return admitInSteps(ctx, r, claimKey, claimTTL, rateKey, limit, window)
	}
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	keys := []string{"", ""}
	if claimKey != "" {
		keys[0] = r.redisKey(claimKey, suffixClaim)
	}
	if count {
		keys[1] = r.redisKey(rateKey, suffixRate)
	}
	res, err := r.runAdmit(ctx, keys, max(pttl(claimTTL), 0).Milliseconds(), pttl(window).Milliseconds())
	if err != nil {
		return Admission{}, r.fail(start, err)
	}
	r.ok(start)
	if len(res) != 3 {
		return Admission{}, r.fail(start, fmt.Errorf("admit script returned %d values", len(res)))
	}
	if res[0] == 0 {
		return Admission{}, nil
	}
	if !count || res[1] <= int64(limit) {
		return Admission{First: true, Allowed: true}, nil
	}
	return Admission{First: true, RetryAfter: time.Duration(res[2]) * time.Millisecond}, nil
}
