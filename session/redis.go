package session

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// DefaultPrefix namespaces every key Arbiter writes. The version lets a
// future incompatible layout live beside this one during a rolling deploy.
const DefaultPrefix = "arbiter:v1:"

// Defaults sized for Discord's 3 s interaction budget: a slow or absent
// Redis must cost a request a fraction of that, never all of it.
const (
	DefaultDialTimeout  = 250 * time.Millisecond
	DefaultReadTimeout  = 250 * time.Millisecond
	DefaultWriteTimeout = 250 * time.Millisecond
	DefaultPoolTimeout  = 300 * time.Millisecond
	DefaultOpTimeout    = 500 * time.Millisecond
)

// RedisConfig configures NewRedis. URL, when set, is parsed with ParseURL
// first; any non-zero field set beside it wins over the URL's value.
//
// One address selects a single server; several select a Redis Cluster; a
// MasterName selects a sentinel-managed master with Addrs as the sentinels.
type RedisConfig struct {
	URL        string
	Addrs      []string
	MasterName string
	Username   string
	Password   string
	// SentinelUsername and SentinelPassword authenticate against the
	// sentinels themselves when they need it.
	SentinelUsername string
	SentinelPassword string
	DB               int
	TLS              *tls.Config
	// Prefix namespaces every key (default DefaultPrefix). It must not
	// contain braces: the hash tag comes after it.
	Prefix string
	// Per-socket timeouts (defaults above).
	DialTimeout  time.Duration
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	// PoolTimeout bounds the wait for a free connection when all are busy.
	PoolTimeout time.Duration
	// OpTimeout bounds one Store call end to end, whatever the caller's
	// context says.
	OpTimeout time.Duration
	// PoolSize is the connections per node (default 10 per CPU, at least 32).
	PoolSize int
	// Logger receives the outage and recovery messages (default slog.Default()).
	Logger *slog.Logger
}

// merge fills c's zero fields from base.
func (c RedisConfig) merge(base RedisConfig) RedisConfig {
	if len(c.Addrs) == 0 {
		c.Addrs = base.Addrs
	}
	fill(&c.MasterName, base.MasterName)
	fill(&c.Username, base.Username)
	fill(&c.Password, base.Password)
	fill(&c.SentinelUsername, base.SentinelUsername)
	fill(&c.SentinelPassword, base.SentinelPassword)
	fill(&c.Prefix, base.Prefix)
	fill(&c.DB, base.DB)
	fill(&c.TLS, base.TLS)
	fill(&c.DialTimeout, base.DialTimeout)
	fill(&c.ReadTimeout, base.ReadTimeout)
	fill(&c.WriteTimeout, base.WriteTimeout)
	fill(&c.PoolTimeout, base.PoolTimeout)
	fill(&c.OpTimeout, base.OpTimeout)
	fill(&c.PoolSize, base.PoolSize)
	fill(&c.Logger, base.Logger)
	return c
}

// fill sets *dst to v when *dst is the zero value.
func fill[T comparable](dst *T, v T) {
	var zero T
	if *dst == zero {
		*dst = v
	}
}

// Redis is the Store on Redis (one server, a cluster or a sentinel-managed
// master, through go-redis's UniversalClient). It is safe for concurrent
// use and for several processes sharing one Redis: every operation that
// must be atomic is one MULTI/EXEC transaction or one Lua script.
//
// Key layout: Prefix + "{" + hash tag + "}" + rest + ":" + kind, where the
// hash tag is the logical key's first two ':'-separated fields (so
// "scenario:123" and "scenario:123:u42" share a cluster slot) and kind is
// lines, val, claim or rate. A logical key that already holds a {tag} is
// used as it is. Example: scenario:123 -> arbiter:v1:{scenario:123}:lines.
//
// Every backend failure is returned wrapped with ErrUnavailable. The first
// failure after a healthy period is logged once as an outage and the first
// success after it once as the recovery. Reconnection is go-redis's pool:
// dead connections are dropped and redialled, and nothing above it caches
// connection state.
type Redis struct {
	client    redis.UniversalClient
	prefix    string
	opTimeout time.Duration
	log       *slog.Logger

	// Health, for logging the outage and the recovery once each. Times are
	// monotonic nanoseconds since epoch0. A result is only allowed to flip
	// the state when its call started after the last flip: a call that was
	// already in flight when Redis came back (or went away) carries stale
	// news, and acting on it would log the outage twice.
	//
	// A failure within flapWindow of a recovery (go-redis can hand out one
	// stale dial error just after reconnecting) starts a quiet outage: it
	// is logged only if it lasts the window, and its end only if it was.
	healthMu     sync.Mutex  // serialises the (rare) flips
	down         atomic.Bool // the last call that counted failed
	outageLogged atomic.Bool // the current outage has been logged
	changedAt    atomic.Int64
	recoveredAt  int64 // under healthMu; 0 before any recovery
	closed       atomic.Bool

	admit admitBatcher // see batch.go
}

var _ Store = (*Redis)(nil)

var quietDriverLog sync.Once

// NewRedis returns a Redis store. It does not contact the server, so the
// bot starts (and look-ups answer) while Redis is still down; call Ping to
// check. Errors are configuration errors only.
func NewRedis(cfg RedisConfig) (*Redis, error) {
	if cfg.URL != "" {
		base, err := ParseURL(cfg.URL)
		if err != nil {
			return nil, err
		}
		cfg = cfg.merge(base)
	}
	cfg = cfg.merge(RedisConfig{
		Addrs:        []string{"127.0.0.1:6379"},
		Prefix:       DefaultPrefix,
		DialTimeout:  DefaultDialTimeout,
		ReadTimeout:  DefaultReadTimeout,
		WriteTimeout: DefaultWriteTimeout,
		PoolTimeout:  DefaultPoolTimeout,
		OpTimeout:    DefaultOpTimeout,
		PoolSize:     max(32, 10*runtime.GOMAXPROCS(0)),
		Logger:       slog.Default(),
	})
	if strings.ContainsAny(cfg.Prefix, "{}") {
		return nil, fmt.Errorf("redis prefix %q: braces would break the hash tags", cfg.Prefix)
	}
	if cfg.MasterName == "" && len(cfg.Addrs) > 1 && cfg.DB != 0 {
		return nil, fmt.Errorf("redis: a cluster (%d addresses) has only database 0, not %d", len(cfg.Addrs), cfg.DB)
	}

	// go-redis logs every failed dial on its own; during an outage that is
	// one line per request. This store logs the outage once itself, so the
	// driver's messages go to the debug level.
	quietDriverLog.Do(func() { redis.SetLogger(driverLogger{}) })

	opts := &redis.UniversalOptions{
		Addrs:            cfg.Addrs,
		MasterName:       cfg.MasterName,
		Username:         cfg.Username,
		Password:         cfg.Password,
		SentinelUsername: cfg.SentinelUsername,
		SentinelPassword: cfg.SentinelPassword,
		DB:               cfg.DB,
		TLSConfig:        cfg.TLS,
		ClientName:       "arbiter",
		// RESP2: every server since 2.x speaks it, it needs no HELLO, and
		// the store uses no RESP3 feature (push notifications, client-side
		// caching) that would pay for the per-command push check.
		Protocol: 2,

		DialTimeout:           cfg.DialTimeout,
		ReadTimeout:           cfg.ReadTimeout,
		WriteTimeout:          cfg.WriteTimeout,
		PoolTimeout:           cfg.PoolTimeout,
		ContextTimeoutEnabled: true,
		PoolSize:              cfg.PoolSize,

		// No command retries: a write whose reply was lost may have been
		// applied, and retrying RPUSH or INCR would double a line or a
		// count. Dead pooled connections are detected before use instead.
		MaxRetries: -1,
		// One dial attempt per request: during an outage a call fails in
		// one dial timeout, and once PoolSize dials have failed the pool
		// fails at once and redials in the background until Redis is back.
		DialerRetries:      1,
		DialerRetryTimeout: 10 * time.Millisecond,

		// Older servers do not know CLIENT SETINFO or the maintenance
		// notifications; skip both rather than pay an error per connection.
		DisableIdentity:          true,
		MaintNotificationsConfig: &maintnotifications.Config{Mode: maintnotifications.ModeDisabled},
	}
	return &Redis{
		client:    redis.NewUniversalClient(opts),
		prefix:    cfg.Prefix,
		opTimeout: cfg.OpTimeout,
		log:       cfg.Logger,
	}, nil
}

// Client exposes the underlying client (for tests and diagnostics).
func (r *Redis) Client() redis.UniversalClient { return r.client }

// Available reports whether the last call reached Redis.
func (r *Redis) Available() bool { return !r.down.Load() }

// driverLogger sends go-redis's internal messages to slog at debug level.
type driverLogger struct{}

func (driverLogger) Printf(ctx context.Context, format string, v ...any) {
	slog.Default().DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
}

// Key kinds: the suffix after the hash tag.
const (
	suffixLines = ":lines"
	suffixValue = ":val"
	suffixClaim = ":claim"
	suffixRate  = ":rate"
	// suffixOnce + an interaction id marks an append as applied (not a
	// kind Delete removes: it expires after OnceTTL).
	suffixOnce = ":once:"
)

var allSuffixes = [...]string{suffixLines, suffixValue, suffixClaim, suffixRate}

// redisKey maps a logical key to its Redis key for one kind of state.
func (r *Redis) redisKey(key, suffix string) string {
	var b strings.Builder
	b.Grow(len(r.prefix) + len(key) + len(suffix) + 2)
	b.WriteString(r.prefix)
	if open := strings.IndexByte(key, '{'); open >= 0 && strings.IndexByte(key[open:], '}') > 1 {
		b.WriteString(key) // the caller chose the tag
	} else {
		tag, rest := key, ""
		if i := strings.IndexByte(key, ':'); i >= 0 {
			if j := strings.IndexByte(key[i+1:], ':'); j >= 0 {
				tag, rest = key[:i+1+j], key[i+1+j:]
			}
		}
		b.WriteByte('{')
		b.WriteString(tag)
		b.WriteByte('}')
		b.WriteString(rest)
	}
	b.WriteString(suffix)
	return b.String()
}

// flapWindow: a failure this soon after a recovery is not logged as a new
// outage unless it lasts this long.
const flapWindow = 2 * time.Second

// epoch0 anchors the monotonic clock of the health state.
var epoch0 = time.Now()

func monoNow() int64 { return int64(time.Since(epoch0)) }

// op bounds one call by OpTimeout and notes when it started.
func (r *Redis) op(ctx context.Context) (context.Context, context.CancelFunc, int64) {
	ctx, cancel := context.WithTimeout(ctx, r.opTimeout)
	return ctx, cancel, monoNow()
}

// fail wraps a backend error with ErrUnavailable and records the outage;
// redis.Nil is not an error and never reaches here.
func (r *Redis) fail(start int64, err error) error {
	if r.closed.Load() {
		return fmt.Errorf("%w: %w", ErrUnavailable, errClosed)
	}
	if isOutage(err) && (!r.down.Load() || !r.outageLogged.Load()) {
		r.flip(start, true, err)
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

// ok records a successful round trip, logging the recovery once.
func (r *Redis) ok(start int64) {
	if r.down.Load() {
		r.flip(start, false, nil)
	}
}

func (r *Redis) flip(start int64, down bool, err error) {
	r.healthMu.Lock()
	defer r.healthMu.Unlock()
	now := monoNow()
	if r.down.Load() == down {
		// Still down: an outage that began inside the flap window is logged
		// once it has lasted the window.
		if down && !r.outageLogged.Load() && time.Duration(now-r.changedAt.Load()) >= flapWindow {
			r.outageLogged.Store(true)
			r.log.Warn("session store: redis unavailable; session commands will fail until it is back",
				"err", err, "for", time.Duration(now-r.changedAt.Load()).Round(time.Millisecond))
		}
		return
	}
	if start < r.changedAt.Load() {
		return
	}
	outage := time.Duration(now - r.changedAt.Load())
	r.changedAt.Store(now)
	r.down.Store(down)
	if down {
		logNow := r.recoveredAt == 0 || time.Duration(now-r.recoveredAt) >= flapWindow
		r.outageLogged.Store(logNow)
		if logNow {
			r.log.Warn("session store: redis unavailable; session commands will fail until it is back", "err", err)
		}
		return
	}
	r.recoveredAt = now
	if r.outageLogged.Load() {
		r.log.Info("session store: redis is back", "outage", outage.Round(time.Millisecond))
	}
	r.outageLogged.Store(false)
}

// isOutage tells a failing backend from a caller's own cancellation or an
// error reply about one command.
func isOutage(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var reply redis.Error
	if errors.As(err, &reply) {
		msg := reply.Error()
		for _, p := range []string{"LOADING", "READONLY", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "BUSY"} {
			if strings.HasPrefix(msg, p) {
				return true
			}
		}
		// An error reply proves the server is answering.
		return false
	}
	return true
}

// pttl converts a TTL to whole milliseconds, at least 1 so that a tiny
// positive TTL never becomes PEXPIRE 0 (which deletes the key).
func pttl(ttl time.Duration) time.Duration {
	if ttl > 0 && ttl < time.Millisecond {
		return time.Millisecond
	}
	return ttl.Truncate(time.Millisecond)
}

// Lines implements Store.
func (r *Redis) Lines(ctx context.Context, key string, ttl time.Duration) ([]string, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	k := r.redisKey(key, suffixLines)
	var lines []string
	if ttl <= 0 {
		got, err := r.client.LRange(ctx, k, 0, -1).Result()
		if err != nil {
			return nil, r.fail(start, err)
		}
		lines = got
	} else {
		var lr *redis.StringSliceCmd
		_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
			lr = p.LRange(ctx, k, 0, -1)
			p.PExpire(ctx, k, pttl(ttl))
			return nil
		})
		if err != nil {
			return nil, r.fail(start, err)
		}
		lines = lr.Val()
	}
	r.ok(start)
	if len(lines) == 0 {
		return nil, nil
	}
	return lines, nil
}

// AppendAndList implements Store: RPUSH, PEXPIRE and LRANGE in one
// transaction, so the lines land contiguously in the order Redis receives
// the call and the list never exists without its expiry.
func (r *Redis) AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	k := r.redisKey(key, suffixLines)
	if once != "" {
		return r.appendOnce(ctx, start, k, r.redisKey(key, suffixOnce+once), lines, ttl)
	}
	var lr *redis.StringSliceCmd
	_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		if len(lines) > 0 {
			args := make([]any, len(lines))
			for i, l := range lines {
				args[i] = l
			}
			p.RPush(ctx, k, args...)
		}
		if ttl > 0 {
			p.PExpire(ctx, k, pttl(ttl))
		}
		lr = p.LRange(ctx, k, 0, -1)
		return nil
	})
	if err != nil {
		return nil, r.fail(start, err)
	}
	r.ok(start)
	if len(lr.Val()) == 0 {
		return nil, nil
	}
	return lr.Val(), nil
}

// appendOnceScript is AppendAndList with an idempotency key: KEYS[2] is
// set (NX, PX ARGV[2]) in the same script as the RPUSH, and when it was
// already set nothing is pushed. ARGV[1] is the list's PEXPIRE (0: leave
// it), ARGV[3:] the lines. Both keys share the scenario's hash tag.
var appendOnceScript = redis.NewScript(`
local fresh = redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[2])
if fresh and #ARGV > 2 then
  for i = 3, #ARGV, 1000 do
    redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV)))
  end
end
if tonumber(ARGV[1]) > 0 and redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return redis.call('LRANGE', KEYS[1], 0, -1)
`)

// appendOnce runs appendOnceScript.
func (r *Redis) appendOnce(ctx context.Context, start int64, listKey, onceKey string, lines []string, ttl time.Duration) ([]string, error) {
	args := make([]any, 0, len(lines)+2)
	args = append(args, max(pttl(ttl), 0).Milliseconds(), pttl(OnceTTL).Milliseconds())
	for _, l := range lines {
		args = append(args, l)
	}
	res, err := appendOnceScript.Run(ctx, r.client, []string{listKey, onceKey}, args...).StringSlice()
	if err != nil {
		return nil, r.fail(start, err)
	}
	r.ok(start)
	if len(res) == 0 {
		return nil, nil
	}
	return res, nil
}

// PopAndList implements Store: RPOP, PEXPIRE and LRANGE in one transaction.
func (r *Redis) PopAndList(ctx context.Context, key string, ttl time.Duration) (string, bool, []string, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	k := r.redisKey(key, suffixLines)
	var pop *redis.StringCmd
	var lr *redis.StringSliceCmd
	_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		pop = p.RPop(ctx, k)
		if ttl > 0 {
			p.PExpire(ctx, k, pttl(ttl))
		}
		lr = p.LRange(ctx, k, 0, -1)
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return "", false, nil, r.fail(start, err)
	}
	r.ok(start)
	line, err := pop.Result()
	if errors.Is(err, redis.Nil) {
		return "", false, nil, nil
	}
	if err != nil {
		return "", false, nil, r.fail(start, err)
	}
	rest, err := lr.Result()
	if err != nil {
		return "", false, nil, r.fail(start, err)
	}
	if len(rest) == 0 {
		rest = nil
	}
	return line, true, rest, nil
}

// Peek implements Store: EXISTS and LRANGEs in one transaction.
func (r *Redis) Peek(ctx context.Context, valueKey string, listKeys ...string) (bool, [][]string, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	var exists *redis.IntCmd
	lrs := make([]*redis.StringSliceCmd, len(listKeys))
	_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		exists = p.Exists(ctx, r.redisKey(valueKey, suffixValue))
		for i, k := range listKeys {
			lrs[i] = p.LRange(ctx, r.redisKey(k, suffixLines), 0, -1)
		}
		return nil
	})
	if err != nil {
		return false, nil, r.fail(start, err)
	}
	r.ok(start)
	lists := make([][]string, len(listKeys))
	for i, lr := range lrs {
		if v := lr.Val(); len(v) > 0 {
			lists[i] = v
		}
	}
	return exists.Val() > 0, lists, nil
}

// Put implements Store.
func (r *Redis) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	if value == nil {
		value = []byte{}
	}
	if err := r.client.Set(ctx, r.redisKey(key, suffixValue), value, max(pttl(ttl), 0)).Err(); err != nil {
		return r.fail(start, err)
	}
	r.ok(start)
	return nil
}

// Get implements Store.
func (r *Redis) Get(ctx context.Context, key string) ([]byte, bool, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	v, err := r.client.Get(ctx, r.redisKey(key, suffixValue)).Bytes()
	if errors.Is(err, redis.Nil) {
		r.ok(start)
		return nil, false, nil
	}
	if err != nil {
		return nil, false, r.fail(start, err)
	}
	r.ok(start)
	return v, true, nil
}

// swapScript is Swap: KEYS[1] the value key; ARGV[1] "1" when an old
// value is expected (ARGV[2]), "0" when the key must be absent; ARGV[3]
// "1" to delete, else ARGV[4] is stored with PX ARGV[5] when positive.
var swapScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if cur then return 0 end
elseif cur ~= ARGV[2] then
  return 0
end
if ARGV[3] == '1' then
  redis.call('DEL', KEYS[1])
elseif tonumber(ARGV[5]) > 0 then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('SET', KEYS[1], ARGV[4])
end
return 1
`)

// Swap implements Store: one Lua script over one key, so it also runs on
// a cluster.
func (r *Redis) Swap(ctx context.Context, key string, old, new []byte, ttl time.Duration) (bool, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	flag := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	expect := old != nil
	if !expect {
		old = []byte{}
	}
	del := new == nil
	if del {
		new = []byte{}
	}
	n, err := swapScript.Run(ctx, r.client, []string{r.redisKey(key, suffixValue)},
		flag(expect), old, flag(del), new, max(pttl(ttl), 0).Milliseconds()).Int()
	if err != nil {
		return false, r.fail(start, err)
	}
	r.ok(start)
	return n == 1, nil
}

// Apply implements Store: the DELs and SETs in one MULTI/EXEC, which Redis
// runs whole or (when the connection fails before EXEC) not at all. A
// cluster runs a transaction per slot, so there a batch over several hash
// tags is refused rather than applied in parts.
func (r *Redis) Apply(ctx context.Context, b Batch) error {
	if len(b.Delete) == 0 && len(b.Put) == 0 {
		return nil
	}
	var keys []string
	for _, key := range b.Delete {
		for _, s := range allSuffixes {
			keys = append(keys, r.redisKey(key, s))
		}
	}
	vals := make([]string, len(b.Put))
	for i, e := range b.Put {
		vals[i] = r.redisKey(e.Key, suffixValue)
	}
	if _, cluster := r.client.(*redis.ClusterClient); cluster {
		tag := hashTag(append(append([]string(nil), keys...), vals...))
		if tag == "" {
			return fmt.Errorf("%w: a batch on a cluster needs keys with one hash tag", ErrInvalid)
		}
	}
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	_, err := r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		if len(keys) > 0 {
			p.Del(ctx, keys...)
		}
		for i, e := range b.Put {
			v := e.Value
			if v == nil {
				v = []byte{}
			}
			p.Set(ctx, vals[i], v, max(pttl(e.TTL), 0))
		}
		return nil
	})
	if err != nil {
		return r.fail(start, err)
	}
	r.ok(start)
	return nil
}

// hashTag returns the hash tag the Redis keys share, or "" when they do not
// all have the same one.
func hashTag(keys []string) string {
	tag := ""
	for i, k := range keys {
		open := strings.IndexByte(k, '{')
		end := -1
		if open >= 0 {
			end = strings.IndexByte(k[open+1:], '}')
		}
		if end <= 0 {
			return ""
		}
		t := k[open+1 : open+1+end]
		if i > 0 && t != tag {
			return ""
		}
		tag = t
	}
	return tag
}

// claim is Admit's claim step on a cluster, with SET NX PX.
func (r *Redis) claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	won, err := r.client.SetNX(ctx, r.redisKey(key, suffixClaim), "1", max(pttl(ttl), 0)).Result()
	if err != nil {
		return false, r.fail(start, err)
	}
	r.ok(start)
	return won, nil
}

// countLua counts one event against the counter at rate in a fixed window
// of window ms, leaving the count in n and the ms until the window resets
// in ttl: the first INCR of a window sets its expiry. A counter found
// without expiry (left by a crash between commands of an older version, or
// by hand) gets one, so a user can never be limited forever.
const countLua = `
local n = redis.call('INCR', rate)
local ttl = redis.call('PTTL', rate)
if ttl < 0 then
  redis.call('PEXPIRE', rate, window)
  ttl = tonumber(window)
end`

// allowScript counts one event against KEYS[1] in a window of ARGV[1] ms
// (countLua). It returns {count, ms until reset}.
var allowScript = redis.NewScript(`
local rate, window = KEYS[1], ARGV[1]
` + countLua + `
return {n, ttl}
`)

// allow is Admit's count step on a cluster: a fixed window, counted by one
// Lua script so the count and its expiry change together.
func (r *Redis) allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	if limit <= 0 || window <= 0 {
		return false, 0, fmt.Errorf("%w: rate limit %d per %v", ErrInvalid, limit, window)
	}
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	res, err := allowScript.Run(ctx, r.client, []string{r.redisKey(key, suffixRate)}, pttl(window).Milliseconds()).Int64Slice()
	if err != nil {
		return false, 0, r.fail(start, err)
	}
	r.ok(start)
	if len(res) != 2 {
		return false, 0, r.fail(start, fmt.Errorf("rate script returned %d values", len(res)))
	}
	if res[0] <= int64(limit) {
		return true, 0, nil
	}
	return false, time.Duration(res[1]) * time.Millisecond, nil
}

// Ping implements Store.
func (r *Redis) Ping(ctx context.Context) error {
	ctx, cancel, start := r.op(ctx)
	defer cancel()
	if err := r.client.Ping(ctx).Err(); err != nil {
		return r.fail(start, err)
	}
	r.ok(start)
	return nil
}

// Close closes the client; later calls fail with ErrUnavailable.
func (r *Redis) Close() error {
	if !r.closed.CompareAndSwap(false, true) {
		return nil
	}
	r.closeAdmit()
	return r.client.Close()
}

// Open returns the store a process should use: Redis when url is set, the
// in-memory store when it is empty.
func Open(url string, logger *slog.Logger) (Store, error) {
	if url == "" {
		return NewMemory(), nil
	}
	return NewRedis(RedisConfig{URL: url, Logger: logger})
}
