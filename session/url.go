package session

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// ParseURL reads a Redis URL (the REDIS_URL environment variable or the
// [redis] url config key) into a RedisConfig. go-redis's own parsers read
// it (redis.ParseURL for one server, redis.ParseClusterURL for a cluster,
// redis.ParseFailoverURL for a sentinel-managed master), so user info,
// database, TLS and their options mean what go-redis says; Arbiter adds the
// forms and options go-redis lacks. Forms:
//
//	redis://[user[:password]@]host[:port][/db][?options]     one server (redis.ParseURL)
//	rediss://...                                              the same over TLS
//	redis://host1:7000?addr=host2:7001&addr=host3:7002        a Redis Cluster (redis.ParseClusterURL)
//	redis://host1:7000,host2:7001,host3:7002[?options]        the same, hosts listed in the authority
//	redis://[suser[:spassword]@]s1:26379/0?master_name=mymaster&addr=s2:26379
//	                                                          a sentinel-managed master (redis.ParseFailoverURL)
//	redis+sentinel://[user[:password]@]s1:26379,s2:26379/mymaster[/db][?options]
//	rediss+sentinel://...                                     the same, the master over TLS
//
// In the redis+sentinel form the user info authenticates against the
// master, as it does against the server or the nodes in the other forms;
// in go-redis's master_name form it authenticates against the sentinels
// and the master's take username= and password=, as go-redis has it.
// Sentinels that need their own password take sentinel_password (and
// sentinel_username) in either form. Any address may be listed in the
// authority or with addr=; the default port is 6379, or 26379 for
// sentinels; hosts may be IPv6 literals in brackets; no host means
// localhost.
//
// Options: go-redis's dial_timeout, read_timeout, write_timeout,
// pool_timeout, pool_size, db and master_name, with go-redis's units (a
// duration is 250ms, 2s..., and a bare number is seconds: dial_timeout=1
// is one second); a timeout must be positive. Arbiter's own:
//
//	prefix=arbiter:v1:       key namespace (must not contain braces)
//	op_timeout=500ms         one Store call end to end (go-redis's units)
//	ca_file=/path/ca.pem     TLS: trust this CA instead of the system roots
//	skip_verify=true         TLS: do not verify the certificate (tests only)
//	sentinel_username=U      sentinel_password=P    master=NAME (alias of master_name)
//
// Timeouts left out keep Arbiter's defaults (DefaultDialTimeout and the
// rest), not go-redis's. Unknown options are an error, so a typo does not
// silently fall back to a default, and so are go-redis options Arbiter sets
// itself (max_retries, protocol and the like).
func ParseURL(raw string) (RedisConfig, error) {
	var cfg RedisConfig
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return cfg, fmt.Errorf("redis url %q: want redis://, rediss://, redis+sentinel:// or rediss+sentinel://", redact(raw))
	}
	base, suffix, plus := strings.Cut(strings.ToLower(scheme), "+")
	if (base != "redis" && base != "rediss") || (plus && suffix != "sentinel") {
		return cfg, fmt.Errorf("redis url: unknown scheme %q: want redis, rediss, redis+sentinel or rediss+sentinel", scheme)
	}

	// The authority may list several hosts, which net/url refuses, so it is
	// cut out by hand: it ends at the first '/', '?' or '#'.
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	var userinfo string
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		userinfo, authority = authority[:at+1], authority[at+1:]
	}
	u, err := url.Parse("redis://host" + tail)
	if err != nil {
		return cfg, fmt.Errorf("redis url %q: %w", redact(raw), unwrapURLError(err))
	}
	q := u.Query()
	extra, err := takeExtras(q)
	if err != nil {
		return cfg, err
	}
	cfg.Prefix, cfg.OpTimeout = extra.prefix, extra.opTimeout

	sentinel := plus || q.Has("master_name")
	defaultPort := "6379"
	if sentinel {
		defaultPort = "26379"
	}
	var hosts []string
	if authority != "" {
		hosts = strings.Split(authority, ",")
	}
	hosts = append(hosts, q["addr"]...)
	q.Del("addr")
	if len(hosts) == 0 {
		hosts = []string{"localhost"}
	}
	for _, h := range hosts {
		addr, err := withDefaultPort(h, defaultPort)
		if err != nil {
			return cfg, fmt.Errorf("redis url: host %q: %w", h, err)
		}
		cfg.Addrs = append(cfg.Addrs, addr)
	}
	// The URL for go-redis: the first address in the authority, the others
	// as addr= options.
	goURL := url.URL{Scheme: base, Host: cfg.Addrs[0], Path: u.Path}
	for _, a := range cfg.Addrs[1:] {
		q.Add("addr", a)
	}

	switch {
	case sentinel:
		err = parseFailover(&cfg, &goURL, q, userinfo, plus, extra)
	case len(cfg.Addrs) > 1:
		err = parseCluster(&cfg, &goURL, q, userinfo)
	default:
		err = parseSingle(&cfg, &goURL, q, userinfo)
	}
	if err != nil {
		return RedisConfig{}, err
	}
	if cfg.DB < 0 {
		return RedisConfig{}, fmt.Errorf("redis url: database %d is negative", cfg.DB)
	}
	if cfg.PoolSize < 0 {
		return RedisConfig{}, fmt.Errorf("redis url: pool_size %d is negative", cfg.PoolSize)
	}
	for i, d := range []time.Duration{cfg.DialTimeout, cfg.ReadTimeout, cfg.WriteTimeout, cfg.PoolTimeout} {
		if d < 0 { // go-redis's "no timeout": Arbiter always bounds a call
			name := [...]string{"dial_timeout", "read_timeout", "write_timeout", "pool_timeout"}[i]
			return RedisConfig{}, fmt.Errorf("redis url: %s must be positive", name)
		}
	}
	if err := extra.applyTLS(&cfg, sentinel); err != nil {
		return RedisConfig{}, err
	}
	return cfg, nil
}

// carried lists the go-redis options ParseURL carries into RedisConfig; a
// go-redis option outside it is refused rather than silently dropped.
var carried = map[string]bool{
	"db": true, "dial_timeout": true, "read_timeout": true, "write_timeout": true,
	"pool_timeout": true, "pool_size": true, "master_name": true, "username": true,
	"password": true, "addr": true,
}

// goParse runs one of go-redis's parsers on u with the options q, after
// checking that each option is one Arbiter carries over.
func goParse[T any](parse func(string) (T, error), u *url.URL, q url.Values, userinfo string) (T, error) {
	u.RawQuery = q.Encode()
	s := u.String()
	if userinfo != "" {
		s = u.Scheme + "://" + userinfo + strings.TrimPrefix(s, u.Scheme+"://")
	}
	o, err := parse(s)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("redis url: %w", unwrapURLError(err))
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if !carried[name] {
			var zero T
			return zero, fmt.Errorf("redis url: go-redis option %s is not configurable in Arbiter", name)
		}
	}
	return o, nil
}

// setPool sets the socket and pool options go-redis's parsers read.
func (c *RedisConfig) setPool(dial, read, write, pool time.Duration, size int) {
	c.DialTimeout, c.ReadTimeout, c.WriteTimeout, c.PoolTimeout, c.PoolSize = dial, read, write, pool, size
}

func parseSingle(cfg *RedisConfig, u *url.URL, q url.Values, userinfo string) error {
	o, err := goParse(redis.ParseURL, u, q, userinfo)
	if err != nil {
		return err
	}
	cfg.Username, cfg.Password, cfg.DB, cfg.TLS = o.Username, o.Password, o.DB, o.TLSConfig
	cfg.setPool(o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout, o.PoolSize)
	return nil
}

// parseCluster reads a cluster URL. go-redis's cluster parser ignores the
// path and knows no db option: a cluster has only database 0, so either is
// accepted only when it says 0.
func parseCluster(cfg *RedisConfig, u *url.URL, q url.Values, userinfo string) error {
	for p := range strings.SplitSeq(u.Path, "/") {
		if p != "" && p != "0" {
			return fmt.Errorf("redis url: path %q: a cluster has only database 0", u.Path)
		}
	}
	if db := q.Get("db"); db != "" && db != "0" {
		return fmt.Errorf("redis url: db=%s: a cluster has only database 0", db)
	}
	u.Path = ""
	q.Del("db")
	o, err := goParse(redis.ParseClusterURL, u, q, userinfo)
	if err != nil {
		return err
	}
	cfg.Username, cfg.Password, cfg.TLS = o.Username, o.Password, o.TLSConfig
	cfg.setPool(o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout, o.PoolSize)
	return nil
}

// parseFailover reads a sentinel URL. In the redis+sentinel form (plus)
// the path starts with the master's name and the user info is the
// master's; go-redis's failover parser takes those as master_name,
// username and password, and the sentinels' credentials as the user info.
func parseFailover(cfg *RedisConfig, u *url.URL, q url.Values, userinfo string, plus bool, extra urlExtras) error {
	sentinelInfo := userinfo
	if plus {
		path := strings.Split(strings.Trim(u.Path, "/"), "/")
		if path[0] == "" {
			return fmt.Errorf("redis url: redis+sentinel needs the master name as the path, as in redis+sentinel://host:26379/mymaster")
		}
		if q.Has("master_name") {
			return fmt.Errorf("redis url: redis+sentinel names the master in the path, not with master_name")
		}
		q.Set("master_name", path[0])
		u.Path = "/" + strings.Join(path[1:], "/")
		if userinfo != "" {
			if q.Has("username") || q.Has("password") {
				return fmt.Errorf("redis url: give the master's credentials in the user info or as username=/password=, not both")
			}
			info, err := url.Parse("redis://" + userinfo + "host")
			if err != nil || info.User == nil {
				return fmt.Errorf("redis url: bad user info")
			}
			if name := info.User.Username(); name != "" {
				q.Set("username", name)
			}
			if pw, ok := info.User.Password(); ok {
				q.Set("password", pw)
			}
		}
		sentinelInfo = ""
	}
	if extra.sentinelUser != "" || extra.sentinelPassword != "" {
		if sentinelInfo != "" {
			return fmt.Errorf("redis url: give the sentinels' credentials in the user info or as sentinel_username=/sentinel_password=, not both")
		}
		sentinelInfo = url.UserPassword(extra.sentinelUser, extra.sentinelPassword).String() + "@"
		if extra.sentinelPassword == "" {
			sentinelInfo = url.User(extra.sentinelUser).String() + "@"
		}
	}
	o, err := goParse(redis.ParseFailoverURL, u, q, sentinelInfo)
	if err != nil {
		return err
	}
	if o.MasterName == "" {
		return fmt.Errorf("redis url: master_name is empty")
	}
	cfg.MasterName, cfg.Username, cfg.Password, cfg.DB, cfg.TLS = o.MasterName, o.Username, o.Password, o.DB, o.TLSConfig
	cfg.SentinelUsername, cfg.SentinelPassword = o.SentinelUsername, o.SentinelPassword
	cfg.setPool(o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout, o.PoolSize)
	return nil
}

// urlExtras are the options Arbiter reads itself, taken out of the query
// before go-redis sees it.
type urlExtras struct {
	prefix                         string
	opTimeout                      time.Duration
	caFile                         string
	skipVerify                     bool
	sentinelUser, sentinelPassword string
}

func takeExtras(q url.Values) (urlExtras, error) {
	var e urlExtras
	take := func(name string) string { // the last value wins, as in go-redis
		vs := q[name]
		q.Del(name)
		if len(vs) == 0 {
			return ""
		}
		return vs[len(vs)-1]
	}
	if q.Has("master") {
		if q.Has("master_name") {
			return e, fmt.Errorf("redis url: master and master_name both given")
		}
		q.Set("master_name", take("master"))
	}
	e.prefix = take("prefix")
	e.caFile = take("ca_file")
	e.sentinelUser = take("sentinel_username")
	e.sentinelPassword = take("sentinel_password")
	if v := take("op_timeout"); v != "" {
		d, err := parseDuration(v)
		if err != nil {
			return e, fmt.Errorf("redis url: op_timeout=%q: %w", v, err)
		}
		e.opTimeout = d
	}
	switch v := take("skip_verify"); v {
	case "true", "1":
		e.skipVerify = true
	case "false", "0", "":
	default:
		return e, fmt.Errorf("redis url: skip_verify=%q: want true, false, 1 or 0", v)
	}
	return e, nil
}

// applyTLS settles the TLS configuration the parsers produced: TLS 1.2 at
// least, the CA of ca_file, skip_verify. A sentinel setup names no server:
// the sentinels and the master differ, and the TLS dial then checks each
// certificate against the host it dials.
func (e urlExtras) applyTLS(cfg *RedisConfig, sentinel bool) error {
	if cfg.TLS == nil {
		switch {
		case e.caFile != "":
			return fmt.Errorf("redis url: ca_file needs rediss://")
		case e.skipVerify:
			return fmt.Errorf("redis url: skip_verify needs rediss://")
		}
		return nil
	}
	cfg.TLS.MinVersion = tls.VersionTLS12
	cfg.TLS.InsecureSkipVerify = e.skipVerify
	if sentinel {
		cfg.TLS.ServerName = ""
	} else if h, _, err := net.SplitHostPort(cfg.Addrs[0]); err == nil {
		cfg.TLS.ServerName = h
	}
	if e.caFile != "" {
		pem, err := readSmallFile(e.caFile, 1<<20)
		if err != nil {
			return fmt.Errorf("redis url: ca_file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return fmt.Errorf("redis url: ca_file %s holds no PEM certificate", e.caFile)
		}
		cfg.TLS.RootCAs = pool
	}
	return nil
}

// parseDuration reads a duration in go-redis's URL units: a bare number is
// seconds. It must be positive.
func parseDuration(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if n, aerr := strconv.Atoi(v); aerr == nil {
		d, err = time.Duration(n)*time.Second, nil
	}
	if err == nil && d <= 0 {
		err = errors.New("must be positive")
	}
	return d, err
}

// unwrapURLError drops the URL from a net/url error: it may hold a
// password.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// readSmallFile reads at most limit bytes of a regular file (a CA bundle
// is a few KiB; a device or a fifo named by mistake must not hang start-up).
func readSmallFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return io.ReadAll(io.LimitReader(f, limit))
}

// withDefaultPort returns host:port, adding port when h has none; an empty
// host is localhost, as in go-redis.
func withDefaultPort(h, port string) (string, error) {
	h = strings.TrimSpace(h)
	if h == "" {
		return "", fmt.Errorf("empty host")
	}
	if host, p, err := net.SplitHostPort(h); err == nil {
		if host == "" {
			host = "localhost"
		}
		if n, err := strconv.ParseUint(p, 10, 16); err != nil || n == 0 {
			return "", fmt.Errorf("bad port %q", p)
		}
		return net.JoinHostPort(host, p), nil
	}
	// No port: a bare name, an IPv4 address or a bracketed IPv6 literal.
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if strings.ContainsAny(h, "[]/@?#") {
		return "", fmt.Errorf("bad host")
	}
	return net.JoinHostPort(h, port), nil
}

// redact hides a password in a URL before it goes into an error message.
func redact(raw string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return "(unparseable)"
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	// Options may hold sentinel_password: drop the query as well.
	if q := strings.IndexAny(rest, "?#"); q >= 0 {
		rest = rest[:q]
	}
	if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
		return scheme + "://***@" + rest[at+1:]
	}
	return scheme + "://" + rest
}
