package session

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// ParseURL reads a Redis URL (the REDIS_URL environment variable or the
// [redis] url config key) into a RedisConfig. Forms:
//
//	redis://[user[:password]@]host[:port][/db][?options]     one server
//	rediss://...                                              the same over TLS
//	redis://host1:7000,host2:7001,host3:7002[?options]        a Redis Cluster (several seeds)
//	redis://host1:7000?addr=host2:7001&addr=host3:7002        the same, go-redis style
//	redis+sentinel://[user[:password]@]s1:26379,s2:26379/mymaster[/db][?options]
//	rediss+sentinel://...                                     sentinel-managed master over TLS
//	redis://s1:26379,s2:26379/0?master=mymaster               the same as redis+sentinel
//
// The user and password authenticate against the data servers (the master
// or the cluster nodes); sentinels that need their own password take
// sentinel_password (and sentinel_username). The default port is 6379, or
// 26379 for sentinels; hosts may be IPv6 literals in brackets. Options:
//
//	prefix=arbiter:v1:       key namespace (must not contain braces)
//	dial_timeout=250ms       read_timeout=250ms   write_timeout=250ms
//	pool_timeout=300ms       op_timeout=500ms     (durations; a bare number is milliseconds)
//	pool_size=64             db=0                 master=NAME (alias master_name)
//	sentinel_username=U      sentinel_password=P  skip_verify=true (TLS, tests only)
//	ca_file=/path/ca.pem     (TLS: trust this CA instead of the system roots)
//
// Unknown options are an error, so a typo does not silently fall back to a
// default.
func ParseURL(raw string) (RedisConfig, error) {
	var cfg RedisConfig
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return cfg, fmt.Errorf("redis url %q: want redis://, rediss://, redis+sentinel:// or rediss+sentinel://", redact(raw))
	}
	sentinel := false
	switch strings.ToLower(scheme) {
	case "redis":
	case "rediss":
		cfg.TLS = &tls.Config{MinVersion: tls.VersionTLS12}
	case "redis+sentinel":
		sentinel = true
	case "rediss+sentinel":
		sentinel = true
		cfg.TLS = &tls.Config{MinVersion: tls.VersionTLS12}
	default:
		return cfg, fmt.Errorf("redis url: unknown scheme %q: want redis, rediss, redis+sentinel or rediss+sentinel", scheme)
	}

	// The authority may list several hosts, which net/url refuses, so it is
	// cut out by hand: it ends at the first '/', '?' or '#'.
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		info, err := url.Parse("redis://" + authority[:at+1] + "host")
		if err != nil || info.User == nil {
			return cfg, fmt.Errorf("redis url: bad user info")
		}
		cfg.Username = info.User.Username()
		cfg.Password, _ = info.User.Password()
		authority = authority[at+1:]
	}
	u, err := url.Parse("redis://host" + tail)
	if err != nil {
		return cfg, fmt.Errorf("redis url %q: %w", redact(raw), err)
	}
	q := u.Query()

	defaultPort := "6379"
	if sentinel || q.Has("master") || q.Has("master_name") {
		defaultPort = "26379"
	}
	var hosts []string
	if authority != "" {
		hosts = strings.Split(authority, ",")
	}
	hosts = append(hosts, q["addr"]...)
	for _, h := range hosts {
		addr, err := withDefaultPort(h, defaultPort)
		if err != nil {
			return cfg, fmt.Errorf("redis url: host %q: %w", h, err)
		}
		cfg.Addrs = append(cfg.Addrs, addr)
	}
	if len(cfg.Addrs) == 0 {
		cfg.Addrs = []string{net.JoinHostPort("127.0.0.1", defaultPort)}
	}

	var path []string
	for p := range strings.SplitSeq(u.Path, "/") {
		if p != "" {
			path = append(path, p)
		}
	}
	if sentinel {
		if len(path) == 0 {
			return cfg, fmt.Errorf("redis url: redis+sentinel needs the master name as the path, as in redis+sentinel://host:26379/mymaster")
		}
		cfg.MasterName, path = path[0], path[1:]
	}
	switch len(path) {
	case 0:
	case 1:
		db, err := strconv.Atoi(path[0])
		if err != nil || db < 0 {
			return cfg, fmt.Errorf("redis url: database %q is not a number", path[0])
		}
		cfg.DB = db
	default:
		return cfg, fmt.Errorf("redis url: path %q: want /db (or /master/db for sentinel)", u.Path)
	}

	for name, vals := range q {
		v := vals[len(vals)-1]
		var err error
		switch name {
		case "addr":
		case "prefix":
			cfg.Prefix = v
		case "master", "master_name":
			cfg.MasterName = v
		case "db":
			cfg.DB, err = strconv.Atoi(v)
			if err == nil && cfg.DB < 0 {
				err = fmt.Errorf("negative database")
			}
		case "pool_size":
			cfg.PoolSize, err = strconv.Atoi(v)
		case "dial_timeout":
			cfg.DialTimeout, err = parseMillis(v)
		case "read_timeout":
			cfg.ReadTimeout, err = parseMillis(v)
		case "write_timeout":
			cfg.WriteTimeout, err = parseMillis(v)
		case "pool_timeout":
			cfg.PoolTimeout, err = parseMillis(v)
		case "op_timeout":
			cfg.OpTimeout, err = parseMillis(v)
		case "sentinel_username":
			cfg.SentinelUsername = v
		case "sentinel_password":
			cfg.SentinelPassword = v
		case "ca_file":
			if cfg.TLS == nil {
				return cfg, fmt.Errorf("redis url: ca_file needs rediss://")
			}
			pem, rerr := readSmallFile(v, 1<<20)
			if rerr != nil {
				return cfg, fmt.Errorf("redis url: ca_file: %w", rerr)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return cfg, fmt.Errorf("redis url: ca_file %s holds no PEM certificate", v)
			}
			cfg.TLS.RootCAs = pool
		case "skip_verify":
			var skip bool
			skip, err = strconv.ParseBool(v)
			if err == nil && skip {
				if cfg.TLS == nil {
					return cfg, fmt.Errorf("redis url: skip_verify needs rediss://")
				}
				cfg.TLS.InsecureSkipVerify = true
			}
		default:
			return cfg, fmt.Errorf("redis url: unknown option %q", name)
		}
		if err != nil {
			return cfg, fmt.Errorf("redis url: option %s=%q: %w", name, v, err)
		}
	}
	if cfg.TLS != nil && len(cfg.Addrs) > 0 && cfg.MasterName == "" {
		if h, _, err := net.SplitHostPort(cfg.Addrs[0]); err == nil {
			cfg.TLS.ServerName = h
		}
	}
	return cfg, nil
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

// withDefaultPort returns host:port, adding port when h has none.
func withDefaultPort(h, port string) (string, error) {
	h = strings.TrimSpace(h)
	if h == "" {
		return "", fmt.Errorf("empty host")
	}
	if host, p, err := net.SplitHostPort(h); err == nil {
		if host == "" {
			host = "127.0.0.1"
		}
		if _, err := strconv.ParseUint(p, 10, 16); err != nil {
			return "", fmt.Errorf("bad port %q", p)
		}
		return net.JoinHostPort(host, p), nil
	}
	// No port: a bare name, an IPv4 address or a bracketed IPv6 literal.
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if strings.ContainsAny(h, "[]/") {
		return "", fmt.Errorf("bad host")
	}
	return net.JoinHostPort(h, port), nil
}

// parseMillis reads a duration; a bare number means milliseconds.
func parseMillis(v string) (time.Duration, error) {
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Millisecond, nil
	}
	return time.ParseDuration(v)
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
