package session

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseURL(t *testing.T) {
	tests := []struct {
		url  string
		want RedisConfig // TLS is compared separately
		tls  bool
	}{
		{"redis://localhost", RedisConfig{Addrs: []string{"localhost:6379"}}, false},
		{"redis://localhost:6380/2", RedisConfig{Addrs: []string{"localhost:6380"}, DB: 2}, false},
		{"redis://:s3cret@10.0.0.5:6379/1", RedisConfig{Addrs: []string{"10.0.0.5:6379"}, Password: "s3cret", DB: 1}, false},
		{"redis://bot:p%40ss@cache:6379", RedisConfig{Addrs: []string{"cache:6379"}, Username: "bot", Password: "p@ss"}, false},
		{"rediss://cache.example.net:6380", RedisConfig{Addrs: []string{"cache.example.net:6380"}}, true},
		{"redis://", RedisConfig{Addrs: []string{"127.0.0.1:6379"}}, false},
		{"redis://[::1]:7000", RedisConfig{Addrs: []string{"[::1]:7000"}}, false},
		{"redis://[::1]", RedisConfig{Addrs: []string{"[::1]:6379"}}, false},
		// Cluster: several seeds, in the authority or as addr= options.
		{"redis://n1:7000,n2:7001,n3", RedisConfig{Addrs: []string{"n1:7000", "n2:7001", "n3:6379"}}, false},
		{"redis://n1:7000?addr=n2:7001&addr=n3:7002", RedisConfig{Addrs: []string{"n1:7000", "n2:7001", "n3:7002"}}, false},
		// Sentinel: the master name is the path (or master=), the default port is 26379.
		{"redis+sentinel://:pw@s1,s2:26380/mymaster/3", RedisConfig{Addrs: []string{"s1:26379", "s2:26380"}, MasterName: "mymaster", Password: "pw", DB: 3}, false},
		{"rediss+sentinel://s1/main", RedisConfig{Addrs: []string{"s1:26379"}, MasterName: "main"}, true},
		{"redis://s1,s2/0?master=mymaster&sentinel_password=sp", RedisConfig{Addrs: []string{"s1:26379", "s2:26379"}, MasterName: "mymaster", SentinelPassword: "sp"}, false},
		// Options; a bare number is milliseconds.
		{"redis://h?prefix=arbiter:staging:&dial_timeout=100&read_timeout=1s&write_timeout=150ms&pool_timeout=200&op_timeout=2s&pool_size=8",
			RedisConfig{Addrs: []string{"h:6379"}, Prefix: "arbiter:staging:", DialTimeout: 100 * time.Millisecond,
				ReadTimeout: time.Second, WriteTimeout: 150 * time.Millisecond, PoolTimeout: 200 * time.Millisecond,
				OpTimeout: 2 * time.Second, PoolSize: 8}, false},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			got, err := ParseURL(tc.url)
			if err != nil {
				t.Fatalf("ParseURL: %v", err)
			}
			if (got.TLS != nil) != tc.tls {
				t.Errorf("TLS = %v, want %v", got.TLS != nil, tc.tls)
			}
			got.TLS = nil
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseURL(%q)\n got %+v\nwant %+v", tc.url, got, tc.want)
			}
		})
	}
}

func TestParseURLErrors(t *testing.T) {
	for _, raw := range []string{
		"localhost:6379",                      // no scheme
		"http://localhost",                    // wrong scheme
		"redis://h/notanumber",                // bad db
		"redis://h/1/2",                       // too deep
		"redis+sentinel://s1",                 // sentinel without master name
		"redis://h?pool_siz=3",                // typo in an option
		"redis://h?dial_timeout=soon",         // bad duration
		"redis://h:notaport",                  // bad port
		"redis://h:99999",                     // port out of range
		"redis://h?skip_verify=true",          // skip_verify without TLS
		"redis://h1,,h2",                      // empty host
		"redis://h?db=-1",                     // negative database
		"redis://h?ca_file=/etc/hosts",        // ca_file without TLS
		"rediss://h?ca_file=/nonexistent.pem", // unreadable CA file
		"rediss://h?ca_file=/etc/hostname",    // not PEM
		"rediss://h?ca_file=/dev/zero",        // not a regular file (must not hang)
		"redis://u:secret@h?bogus=1",          // error must not echo the password
		"redis://h?sentinel_password=x&zzz=1", // nor the sentinel password
	} {
		_, err := ParseURL(raw)
		if err == nil {
			t.Errorf("ParseURL(%q) accepted", raw)
			continue
		}
		if strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "sentinel_password=x") {
			t.Errorf("ParseURL(%q) error leaks a password: %v", raw, err)
		}
	}
}

// FuzzParseURL: any input either parses into a usable config or fails
// cleanly; it never panics and never yields an empty address list.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"redis://localhost:6379/0", "rediss://u:p@h:1?prefix=x:", "redis+sentinel://a,b:2/m/1",
		"redis://[::1]:7000,h2?addr=h3", "redis://:@/", "redis://h?db=-1", "redis://%zz@h",
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
