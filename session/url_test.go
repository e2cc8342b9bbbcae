package session

import (
	"crypto/tls"
	"crypto/x509"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// wantTLS is the TLS part of a parsed URL: nil for no TLS.
type wantTLS struct {
	serverName string
	skipVerify bool
}

func TestParseURL(t *testing.T) {
	tests := []struct {
		url  string
		want RedisConfig // TLS is compared separately
		tls  *wantTLS
	}{
		// config.example.toml's forms.
		{"redis://:s3cret@10.0.0.5:6379/1", RedisConfig{Addrs: []string{"10.0.0.5:6379"}, Password: "s3cret", DB: 1}, nil},
		{"rediss://cache.example.net:6380", RedisConfig{Addrs: []string{"cache.example.net:6380"}}, &wantTLS{serverName: "cache.example.net"}},
		{"redis://n1:7000,n2:7001,n3:7002", RedisConfig{Addrs: []string{"n1:7000", "n2:7001", "n3:7002"}}, nil},
		{"redis+sentinel://s1:26379,s2:26379/mymaster/0", RedisConfig{Addrs: []string{"s1:26379", "s2:26379"}, MasterName: "mymaster"}, nil},
		{"redis+sentinel://s1:26379,s2:26379/mymaster?sentinel_password=sp",
			RedisConfig{Addrs: []string{"s1:26379", "s2:26379"}, MasterName: "mymaster", SentinelPassword: "sp"}, nil},
		{"rediss://h:6380?skip_verify=true", RedisConfig{Addrs: []string{"h:6380"}}, &wantTLS{serverName: "h", skipVerify: true}},
		{"redis://h?prefix=arbiter:staging:&dial_timeout=100ms&read_timeout=1s&write_timeout=150ms&pool_timeout=200ms&op_timeout=2s&pool_size=8",
			RedisConfig{Addrs: []string{"h:6379"}, Prefix: "arbiter:staging:", DialTimeout: 100 * time.Millisecond,
				ReadTimeout: time.Second, WriteTimeout: 150 * time.Millisecond, PoolTimeout: 200 * time.Millisecond,
				OpTimeout: 2 * time.Second, PoolSize: 8}, nil},
		// A bare number is seconds, as in go-redis.
		{"redis://h?dial_timeout=2&op_timeout=3", RedisConfig{Addrs: []string{"h:6379"}, DialTimeout: 2 * time.Second, OpTimeout: 3 * time.Second}, nil},
		// The same timeouts on a cluster and a sentinel URL.
		{"redis://n1,n2?read_timeout=1&pool_size=4", RedisConfig{Addrs: []string{"n1:6379", "n2:6379"}, ReadTimeout: time.Second, PoolSize: 4}, nil},
		{"redis+sentinel://s1/m?write_timeout=20ms&op_timeout=1500ms", RedisConfig{Addrs: []string{"s1:26379"}, MasterName: "m",
			WriteTimeout: 20 * time.Millisecond, OpTimeout: 1500 * time.Millisecond}, nil},

		// One server.
		{"redis://localhost", RedisConfig{Addrs: []string{"localhost:6379"}}, nil},
		{"redis://localhost:6380/2", RedisConfig{Addrs: []string{"localhost:6380"}, DB: 2}, nil},
		{"redis://h/2?db=3", RedisConfig{Addrs: []string{"h:6379"}, DB: 3}, nil}, // db= wins over the path, as in go-redis
		{"redis://bot:p%40ss@cache:6379", RedisConfig{Addrs: []string{"cache:6379"}, Username: "bot", Password: "p@ss"}, nil},
		{"redis://", RedisConfig{Addrs: []string{"localhost:6379"}}, nil},
		{"redis://[::1]:7000", RedisConfig{Addrs: []string{"[::1]:7000"}}, nil},
		{"redis://[::1]", RedisConfig{Addrs: []string{"[::1]:6379"}}, nil},
		{"REDIS://h", RedisConfig{Addrs: []string{"h:6379"}}, nil},
		// Cluster: several seeds, in the authority or as addr= options,
		// the user info for every node.
		{"redis://n1:7000,n2:7001,n3", RedisConfig{Addrs: []string{"n1:7000", "n2:7001", "n3:6379"}}, nil},
		{"redis://n1:7000?addr=n2:7001&addr=n3:7002", RedisConfig{Addrs: []string{"n1:7000", "n2:7001", "n3:7002"}}, nil},
		{"redis://n1:7000?addr=n2", RedisConfig{Addrs: []string{"n1:7000", "n2:6379"}}, nil},
		{"redis://u:pw@n1,n2/0", RedisConfig{Addrs: []string{"n1:6379", "n2:6379"}, Username: "u", Password: "pw"}, nil},
		{"rediss://n1,n2", RedisConfig{Addrs: []string{"n1:6379", "n2:6379"}}, &wantTLS{serverName: "n1"}},
		// Sentinel, Arbiter's form: the master name is the path, the user
		// info the master's, the default port 26379.
		{"redis+sentinel://:pw@s1,s2:26380/mymaster/3", RedisConfig{Addrs: []string{"s1:26379", "s2:26380"}, MasterName: "mymaster", Password: "pw", DB: 3}, nil},
		{"redis+sentinel://u:pw@s1/m?sentinel_username=su&sentinel_password=sp",
			RedisConfig{Addrs: []string{"s1:26379"}, MasterName: "m", Username: "u", Password: "pw", SentinelUsername: "su", SentinelPassword: "sp"}, nil},
		{"rediss+sentinel://s1/main", RedisConfig{Addrs: []string{"s1:26379"}, MasterName: "main"}, &wantTLS{}},
		// Sentinel, go-redis's form: master_name (or master), the user info
		// the sentinels', the master's credentials as options.
		{"redis://s1,s2/0?master=mymaster&sentinel_password=sp", RedisConfig{Addrs: []string{"s1:26379", "s2:26379"}, MasterName: "mymaster", SentinelPassword: "sp"}, nil},
		{"redis://su:sp@s1:26379/2?master_name=m&addr=s2:26380&username=u&password=pw",
			RedisConfig{Addrs: []string{"s1:26379", "s2:26380"}, MasterName: "m", Username: "u", Password: "pw", SentinelUsername: "su", SentinelPassword: "sp", DB: 2}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			got, err := ParseURL(tc.url)
			if err != nil {
				t.Fatalf("ParseURL: %v", err)
			}
			checkTLS(t, got.TLS, tc.tls)
			got.TLS = nil
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseURL(%q)\n got %+v\nwant %+v", tc.url, got, tc.want)
			}
		})
	}
}

func checkTLS(t *testing.T, got *tls.Config, want *wantTLS) {
	t.Helper()
	if (got != nil) != (want != nil) {
		t.Fatalf("TLS = %v, want TLS %v", got != nil, want != nil)
	}
	if got == nil {
		return
	}
	if got.MinVersion != tls.VersionTLS12 || got.ServerName != want.serverName || got.InsecureSkipVerify != want.skipVerify {
		t.Errorf("TLS: min version %x, server name %q, skip verify %v; want %x, %q, %v",
			got.MinVersion, got.ServerName, got.InsecureSkipVerify, tls.VersionTLS12, want.serverName, want.skipVerify)
	}
}

// TestParseURLCAFile: ca_file replaces the system roots with the CA it
// names (config.example.toml's rediss://host:6380?ca_file=... form).
func TestParseURLCAFile(t *testing.T) {
	ca, cert, _ := redistest.NewCA(t, t.TempDir())
	cfg, err := ParseURL("rediss://host:6380?ca_file=" + ca)
	if err != nil {
		t.Fatal(err)
	}
	checkTLS(t, cfg.TLS, &wantTLS{serverName: "host"})
	want := x509.NewCertPool()
	want.AddCert(cert)
	if cfg.TLS.RootCAs == nil || !cfg.TLS.RootCAs.Equal(want) {
		t.Errorf("RootCAs do not hold exactly the CA of ca_file")
	}
}

// TestParseURLDefaults: what the URL leaves out keeps Arbiter's defaults,
// not go-redis's, once NewRedis fills them in.
func TestParseURLDefaults(t *testing.T) {
	r, err := NewRedis(RedisConfig{URL: "redis://h?read_timeout=1"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	o := r.Client().(*redis.Client).Options()
	if o.DialTimeout != DefaultDialTimeout || o.ReadTimeout != time.Second || o.WriteTimeout != DefaultWriteTimeout || o.PoolTimeout != DefaultPoolTimeout {
		t.Errorf("dial %v, read %v, write %v, pool %v; want %v, 1s, %v, %v",
			o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout, DefaultDialTimeout, DefaultWriteTimeout, DefaultPoolTimeout)
	}
	if r.opTimeout != DefaultOpTimeout || r.prefix != DefaultPrefix {
		t.Errorf("op timeout %v, prefix %q; want %v, %q", r.opTimeout, r.prefix, DefaultOpTimeout, DefaultPrefix)
	}
}

func TestParseURLErrors(t *testing.T) {
	for _, tc := range []struct{ url, msg string }{
		{"localhost:6379", "want redis://"},
		{"http://localhost", "unknown scheme"},
		{"redis+cluster://h", "unknown scheme"},
		{"unix:///tmp/redis.sock", "unknown scheme"},
		{"redis://h/notanumber", "invalid database number"},
		{"redis://h/1/2", "invalid URL path"},
		{"redis://h/-1", "database -1 is negative"},
		{"redis://h?db=-1", "database -1 is negative"},
		{"redis://n1,n2/3", "a cluster has only database 0"},
		{"redis://n1,n2?db=2", "a cluster has only database 0"},
		{"redis+sentinel://s1", "needs the master name"},
		{"redis+sentinel://s1/m?master_name=n", "names the master in the path"},
		{"redis://s1?master_name=", "master_name is empty"},
		{"redis://s1?master=a&master_name=b", "master and master_name both given"},
		{"redis://u:p@s1?master=m&sentinel_password=x", "not both"},
		{"redis+sentinel://u:p@s1/m?password=q", "not both"},
		{"redis://h?pool_siz=3", "unexpected option: pool_siz"},
		{"redis://h?max_retries=3", "option max_retries is not configurable"},
		{"redis://n1,n2?protocol=3", "option protocol is not configurable"},
		{"redis://h?username=u", "unexpected option: username"},
		{"redis://h?dial_timeout=soon", "invalid dial_timeout duration"},
		{"redis://h?read_timeout=0", "read_timeout must be positive"},
		{"redis://n1,n2?pool_timeout=-1s", "pool_timeout must be positive"},
		{"redis://h?op_timeout=0", "op_timeout=\"0\": must be positive"},
		{"redis://h?op_timeout=soon", "op_timeout=\"soon\""},
		{"redis://h?pool_size=-2", "pool_size -2 is negative"},
		{"redis://h?pool_size=many", "invalid pool_size number"},
		{"redis://h:notaport", "bad port \"notaport\""},
		{"redis://h:99999", "bad port"},
		{"redis://n1,n2:0", "bad port"},
		{"redis://h?skip_verify=true", "skip_verify needs rediss://"},
		{"rediss://h?skip_verify=yes", "skip_verify=\"yes\""},
		{"redis://h1,,h2", "empty host"},
		{"redis://h?ca_file=/etc/hosts", "ca_file needs rediss://"},
		{"rediss://h?ca_file=/nonexistent.pem", "no such file"},
		{"rediss://h?ca_file=/etc/hostname", "holds no PEM certificate"},
		{"rediss://h?ca_file=/dev/zero", "not a regular file"}, // must not hang
		{"redis://u:secret@h?bogus=1", "unexpected option: bogus"},
		{"redis://u:secret@h:x", "bad port"},
		{"redis+sentinel://u:secret@s1/m?sentinel_password=x&zzz=1", "unexpected option: zzz"},
	} {
		_, err := ParseURL(tc.url)
		if err == nil {
			t.Errorf("ParseURL(%q) accepted", tc.url)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseURL(%q) = %v; want a message with %q", tc.url, err, tc.msg)
		}
		// An error must not echo a password.
		if strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "sentinel_password=x") {
			t.Errorf("ParseURL(%q) error leaks a password: %v", tc.url, err)
		}
	}
}

// FuzzParseURL: any input either parses into a usable config or fails
// cleanly; it never panics and never yields an empty address list.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"redis://localhost:6379/0", "rediss://u:p@h:1?prefix=x:", "redis+sentinel://a,b:2/m/1",
		"redis://[::1]:7000,h2?addr=h3", "redis://:@/", "redis://h?db=-1", "redis://%zz@h",
		"redis://s?master_name=m&password=p",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if strings.Contains(raw, "ca_file") {
			return // reads a file: not for arbitrary input
		}
		cfg, err := ParseURL(raw)
		if err != nil {
			return
		}
		if len(cfg.Addrs) == 0 {
			t.Fatalf("ParseURL(%q) gave no address", raw)
		}
		for _, a := range cfg.Addrs {
			if a == "" {
				t.Fatalf("ParseURL(%q) gave an empty address", raw)
			}
		}
	})
}
