package config

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

func writeFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "arbiter.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func noEnv(string) (string, bool) { return "", false }

// TestExampleFileMatchesDefaults keeps config.example.toml honest: every key
// it documents decodes (unknown keys are an error) and, apart from the
// values marked as examples, it states the defaults.
func TestExampleFileMatchesDefaults(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	example := filepath.Join(filepath.Dir(file), "..", "config.example.toml")
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_PUBLIC_KEY", "DISCORD_APPLICATION_ID", "ARBITER_DATA", "REDIS_URL"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	got, err := Load(example)
	if err != nil {
		t.Fatalf("Load(config.example.toml): %v", err)
	}
	want := Default()
	want.DataDir = "/var/lib/arbiter/data"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("example file differs from the defaults:\n got %+v\nwant %+v", got, want)
	}
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		check   func(t *testing.T, c Config)
		wantErr string
	}{
		{
			name: "shard count auto",
			body: "[discord]\nshard_count = \"auto\"\n",
			check: func(t *testing.T, c Config) {
				if !c.Discord.ShardCount.Auto {
					t.Errorf("ShardCount = %v, want auto", c.Discord.ShardCount)
				}
			},
		},
		{
			name: "fixed shards and durations",
			body: "[discord]\nshard_id = 2\nshard_count = 4\ndefer_after = \"1500ms\"\n[limits]\nrate = 3\nwindow = \"1m\"\n",
			check: func(t *testing.T, c Config) {
				if c.Discord.ShardID != 2 || c.Discord.ShardCount.N != 4 || c.Discord.ShardCount.Auto {
					t.Errorf("shards = %d/%v", c.Discord.ShardID, c.Discord.ShardCount)
				}
				if c.Discord.DeferAfter.Duration != 1500*time.Millisecond {
					t.Errorf("defer_after = %v", c.Discord.DeferAfter)
				}
				if c.Limits.Rate != 3 || c.Limits.Window.Duration != time.Minute {
					t.Errorf("limits = %+v", c.Limits)
				}
			},
		},
		{
			name: "watch channels",
			body: "[discord]\nwatch_channels = [\"600\", \"601\"]\n",
			check: func(t *testing.T, c Config) {
				if !reflect.DeepEqual(c.Discord.WatchChannels, []string{"600", "601"}) {
					t.Errorf("watch_channels = %v", c.Discord.WatchChannels)
				}
				// The older name feeds judge.channels.
				if !reflect.DeepEqual(c.Judge.Channels, []string{"600", "601"}) {
					t.Errorf("judge.channels = %v", c.Judge.Channels)
				}
			},
		},
		{
			name: "judge channels",
			body: "[judge]\nchannels = [\"700\"]\ninline = \"all\"\nexpand = 3\n[discord]\nwatch_channels = [\"700\", \"701\"]\n",
			check: func(t *testing.T, c Config) {
				if !reflect.DeepEqual(c.Judge.Channels, []string{"700", "701"}) || c.Judge.Inline != "all" || c.Judge.Expand != 3 || c.Judge.ChannelRate != 6 {
					t.Errorf("judge = %+v", c.Judge)
				}
			},
		},
		{
			name: "judge calls",
			body: "[judge]\nroles = [\"900\", \"901\"]\nescalate_after = \"5m\"\nrel = \"competitive\"\n",
			check: func(t *testing.T, c Config) {
				if !reflect.DeepEqual(c.Judge.Roles, []string{"900", "901"}) || c.Judge.EscalateAfter.Duration != 5*time.Minute || c.Judge.CallTTL.Duration != 24*time.Hour || c.Judge.REL != "competitive" {
					t.Errorf("judge = %+v", c.Judge)
				}
			},
		},
		{name: "judge rel", body: "[judge]\nrel = \"casual\"\n", wantErr: "judge.rel must be"},
		{name: "judge escalate_after", body: "[judge]\nescalate_after = \"0s\"\n", wantErr: "judge.escalate_after and judge.call_ttl must be positive"},
		{
			name: "data checks and owners",
			body: "[data]\ncheck_every = \"0s\"\ncards = false\n[discord]\nowners = [\"42\"]\n",
			check: func(t *testing.T, c Config) {
				if c.Data.CheckEvery.Duration != 0 || c.Data.Cards || len(c.Discord.Owners) != 1 || c.Discord.Owners[0] != "42" {
					t.Errorf("Data = %+v, owners %v", c.Data, c.Discord.Owners)
				}
			},
		},
		{name: "negative check period", body: "[data]\ncheck_every = \"-1h\"\n", wantErr: "data.check_every must be"},
		{name: "judge inline", body: "[judge]\ninline = \"everywhere\"\n", wantErr: "judge.inline must be"},
		{name: "shard id outside count", body: "[discord]\nshard_id = 4\nshard_count = 4\n", wantErr: "shard_id 4 is outside 0..3"},
		{name: "unknown key", body: "[discord]\ntokn = \"x\"\n", wantErr: "unknown keys discord.tokn"},
		{name: "bad duration", body: "[limits]\nwindow = \"ten seconds\"\n", wantErr: "bad duration"},
		{name: "bad shard count", body: "[discord]\nshard_count = \"many\"\n", wantErr: "shard_count must be a number"},
		{name: "api base without scheme", body: "[discord]\napi_base = \"discord.com\"\n", wantErr: "must start with http"},
		{name: "not toml", body: "data_dir = \n", wantErr: "config"},
		{
			name: "judge rel in capitals",
			body: "[judge]\nrel = \"Competitive\"\n",
			check: func(t *testing.T, c Config) {
				if c.Judge.REL != "competitive" {
					t.Errorf("judge.rel = %q, want competitive", c.Judge.REL)
				}
			},
		},
		{
			name: "list values in any case",
			body: "[judge]\ninline = \"All\"\n[log]\nformat = \"JSON\"\nlevel = \"Debug\"\n",
			check: func(t *testing.T, c Config) {
				if c.Judge.Inline != "all" || c.Log.Format != "json" || c.Log.Level != "debug" {
					t.Errorf("inline %q, log %q %q", c.Judge.Inline, c.Log.Format, c.Log.Level)
				}
			},
		},
		// Discord ids look like numbers; the error says to quote them.
		// The hint shows the key as it is written: a list for the keys
		// holding several ids, one string for the others.
		{name: "ids as numbers", body: "[judge]\nchannels = [123456789012345678]\n", wantErr: `write Discord ids as strings, in a list: channels = ["123456789012345678"]`},
		{name: "owner id as a number", body: "[discord]\nowners = [80351110224678912]\n", wantErr: `owners = ["123456789012345678"]`},
		{name: "guild id as a number", body: "[discord]\nguild_id = 123456789012345678\n", wantErr: `write a Discord id as a string: guild_id = "123456789012345678"`},
		{name: "one channel, no list", body: "[judge]\nchannels = 123456789012345678\n", wantErr: `channels = ["123456789012345678"]`},
		{name: "one channel as a string, no list", body: "[judge]\nchannels = \"123456789012345678\"\n", wantErr: `channels = ["123456789012345678"]`},
		{name: "application id in a list", body: "[discord]\napplication_id = [\"123\"]\n", wantErr: `application_id = "123456789012345678"`},
		// A value refused after decoding names the file it came from.
		{name: "validation names the file", body: "[judge]\ninline = \"everywhere\"\n", wantErr: "arbiter.toml: judge.inline must be"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(writeFile(t, tc.body))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Load error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			tc.check(t, c)
		})
	}
}

// TestEnvOverridesFile checks that secrets from the environment win over
// the file, and that an unset variable leaves the file's value.
func TestEnvOverridesFile(t *testing.T) {
	p := writeFile(t, "data_dir = \"/from/file\"\n[discord]\ntoken = \"file-token\"\napplication_id = \"1\"\n[redis]\nurl = \"redis://file:6379/0\"\n")
	env := map[string]string{
		"DISCORD_TOKEN":      "env-token",
		"DISCORD_PUBLIC_KEY": "abcd",
		"REDIS_URL":          "",
		"ARBITER_DATA":       "/from/env",
	}
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ApplyEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if cfg.Discord.Token != "env-token" || cfg.Discord.PublicKey != "abcd" || cfg.DataDir != "/from/env" {
		t.Errorf("env did not override: %+v", cfg.Discord)
	}
	if cfg.Discord.ApplicationID != "1" {
		t.Errorf("application_id = %q, want the file's 1 (env unset)", cfg.Discord.ApplicationID)
	}
	if cfg.Redis.URL != "redis://file:6379/0" {
		t.Errorf("an empty REDIS_URL must keep the file's URL, got %q", cfg.Redis.URL)
	}
	c2 := Default()
	c2.ApplyEnv(noEnv)
	if !reflect.DeepEqual(c2, Default()) {
		t.Error("ApplyEnv with no variables changed the defaults")
	}
}

func TestMetricsAndLogKeys(t *testing.T) {
	for _, k := range []string{"ARBITER_METRICS_LISTEN", "ARBITER_HTTP_LISTEN"} {
		t.Setenv(k, "")
	}
	def := Default()
	if def.Metrics.Listen != "" || def.Log.Format != "text" || def.Log.Level != "info" {
		t.Errorf("defaults: metrics %+v, log %+v; want metrics off, text at info", def.Metrics, def.Log)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cfg, err := Load(write("ok.toml", "[metrics]\nlisten = \"127.0.0.1:9090\"\n[log]\nformat = \"json\"\nlevel = \"debug\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Metrics.Listen != "127.0.0.1:9090" || cfg.Log.Format != "json" || cfg.Log.Level != "debug" {
		t.Errorf("loaded %+v %+v", cfg.Metrics, cfg.Log)
	}
	for text, want := range map[string]string{
		"[log]\nformat = \"xml\"\n":  `log.format "xml"`,
		"[log]\nlevel = \"loud\"\n":  `log.level "loud"`,
		"[metrics]\nlisten = 9090\n": "metrics.listen",
	} {
		_, err := Load(write("bad.toml", text))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one naming %s", text, err, want)
		}
	}
	// A container sets the listen addresses through the environment.
	t.Setenv("ARBITER_METRICS_LISTEN", "0.0.0.0:9090")
	t.Setenv("ARBITER_HTTP_LISTEN", "0.0.0.0:8080")
	cfg, err = Load(write("ok2.toml", "[http]\nlisten = \"127.0.0.1:1\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Metrics.Listen != "0.0.0.0:9090" || cfg.HTTP.Listen != "0.0.0.0:8080" {
		t.Errorf("environment not applied: metrics %q, http %q", cfg.Metrics.Listen, cfg.HTTP.Listen)
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]ByteSize{"": 0, "512MiB": 512 << 20, "1GiB": 1 << 30, "300MB": 300e6, "4096": 4096, " 2 KiB ": 2048} {
		var b ByteSize
		if err := b.UnmarshalText([]byte(in)); err != nil || b != want {
			t.Errorf("%q: %d, %v; want %d", in, b, err, want)
		}
	}
	for _, bad := range []string{"lots", "-1MiB", "1.5GiB"} {
		var b ByteSize
		if err := b.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("%q accepted as %d", bad, b)
		}
	}
}
