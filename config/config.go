// Package config reads Arbiter's TOML configuration and applies the
// environment overrides for secrets and deployment-specific paths.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is the whole configuration file. config.example.toml documents
// every key.
type Config struct {
	// DataDir is scanned recursively for the CR text, card data and
	// tournament documents.
	DataDir string  `toml:"data_dir"`
	Data    Data    `toml:"data"`
	Discord Discord `toml:"discord"`
	HTTP    HTTP    `toml:"http"`
	Redis   Redis   `toml:"redis"`
	Limits  Limits  `toml:"limits"`
	Session Session `toml:"session"`
	Judge   Judge   `toml:"judge"`
	Metrics Metrics `toml:"metrics"`
	Log     Log     `toml:"log"`
}

// Data configures how a running server keeps its data current.
type Data struct {
	// CheckEvery is how often `serve` and `http` run `data update` in the
	// background and reload what changed; 0 turns the checks off (SIGHUP
	// and /admin reload still reload).
	CheckEvery Duration `toml:"check_every"`
	// Cards makes the checks download Scryfall's card and ruling bulk
	// files too, as `data update` does; false fetches the CR only.
	Cards bool `toml:"cards"`
}

// Judge configures judge-channel assistance.
type Judge struct {
	// Channels are judge channels (ids): references in ordinary messages
	// are answered there, bare rule numbers ("302.6") included. Needs the
	// Message Content intent.
	Channels []string `toml:"channels"`
	// Inline is "channels" (answer references in the judge channels only)
	// or "all" (in every channel the bot can read).
	Inline string `toml:"inline"`
	// Expand is how many references one reply expands; the rest are
	// linked.
	Expand int `toml:"expand"`
	// ChannelRate replies per ChannelWindow at most, per channel.
	ChannelRate   int      `toml:"channel_rate"`
	ChannelWindow Duration `toml:"channel_window"`
	// Roles are the judge roles (ids): members with one of them claim,
	// resolve and hand off judge calls; the escalation of an unclaimed
	// call pings the first.
	Roles []string `toml:"roles"`
	// EscalateAfter is how long a call may wait unclaimed before the judge
	// role is pinged (once).
	EscalateAfter Duration `toml:"escalate_after"`
	// CallTTL is how long a call's state is kept after it was opened.
	CallTTL Duration `toml:"call_ttl"`
	// REL is the server's Rules Enforcement Level: "" (not set),
	// "regular", "competitive" or "professional".
	REL string `toml:"rel"`
}

// RELs are the Rules Enforcement Levels [judge] rel accepts.
var RELs = []string{"regular", "competitive", "professional"}

// Metrics configures the Prometheus endpoint (/metrics, with /healthz and
// /readyz) of `arbiter serve` and `arbiter http`.
type Metrics struct {
	// Listen is the address of the metrics listener; empty turns it off.
	Listen string `toml:"listen"`
}

// Log configures the server's log lines.
type Log struct {
	// Format is "text" (key=value) or "json" (one object a line).
	Format string `toml:"format"`
	// Level is the least severe level written: debug, info, warn or error.
	Level string `toml:"level"`
}

// Discord holds the application's identity and gateway settings.
type Discord struct {
	Token         string `toml:"token"`
	ApplicationID string `toml:"application_id"`
	// PublicKey is the hex Ed25519 key from the developer portal, used by
	// the HTTP interactions endpoint.
	PublicKey string `toml:"public_key"`
	// APIBase is where REST calls and gateway discovery go:
	// {api_base}/api/v9/... (a REST proxy, or a fake Discord in tests).
	APIBase string `toml:"api_base"`
	// GuildID registers the commands to one guild (instant, for
	// development) instead of globally.
	GuildID    string     `toml:"guild_id"`
	ShardID    int        `toml:"shard_id"`
	ShardCount ShardCount `toml:"shard_count"`
	// DeferAfter is how long a handler may run before the interaction is
	// deferred (type 5) and edited later; Discord drops answers after 3 s.
	DeferAfter Duration `toml:"defer_after"`
	// FollowUpTimeout bounds the work of a deferred answer; the
	// interaction token is valid for 15 minutes.
	FollowUpTimeout Duration `toml:"follow_up_timeout"`
	// ShutdownGrace is how long a stopping bot waits for deferred answers
	// still being worked out; their users are then told to ask again.
	ShutdownGrace Duration `toml:"shutdown_grace"`
	// WatchChannels are judge channels where ordinary messages with
	// [[Card Name]] or "CR 302.6" are answered (gateway mode; needs the
	// privileged Message Content intent). Empty turns the watcher off.
	WatchChannels []string `toml:"watch_channels"`
	// Owners are the user ids allowed /admin, beside the application's
	// owner (or its team's), which the bot asks Discord for at start.
	Owners []string `toml:"owners"`
}

// HTTP configures the interactions endpoint (`arbiter http`).
type HTTP struct {
	Listen string `toml:"listen"`
	// MaxBody is the largest request body accepted, in bytes.
	MaxBody int64 `toml:"max_body"`
	// MaxSkew is the oldest accepted X-Signature-Timestamp.
	MaxSkew Duration `toml:"max_skew"`
}

// Redis names the shared store; an empty URL means in-memory sessions.
type Redis struct {
	URL string `toml:"url"`
}

// Limits is the per-user rate limit: Rate commands per Window.
type Limits struct {
	Rate   int      `toml:"rate"`
	Window Duration `toml:"window"`
	// Handlers is how many commands may run at once; the others wait in a
	// queue of Queue places, and a command that finds the queue full is
	// answered "busy, try again". This bounds the CPU that deferred work
	// (long scenario runs) can take from everyone else.
	Handlers int `toml:"handlers"`
	Queue    int `toml:"queue"`
	// ScenarioTimeout bounds one run of a scenario script; a run that
	// takes longer is stopped and the user told to make it smaller.
	ScenarioTimeout Duration `toml:"scenario_timeout"`
	// Memory is a soft memory limit for the server ("512MiB", "1GiB";
	// empty: chosen from the live heap after start-up). GOMEMLIMIT in the
	// environment wins.
	Memory ByteSize `toml:"memory"`
}

// ByteSize is a size in bytes written with a unit: "512MiB", "1GiB",
// "300MB" or a plain number of bytes.
type ByteSize int64

// UnmarshalText implements encoding.TextUnmarshaler.
func (b *ByteSize) UnmarshalText(t []byte) error {
	s := strings.TrimSpace(string(t))
	if s == "" {
		*b = 0
		return nil
	}
	units := []struct {
		suffix string
		n      int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(rest), u.n
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("bad size %q (write e.g. \"512MiB\" or \"1GiB\")", t)
	}
	*b = ByteSize(n * mult)
	return nil
}

// MarshalText implements encoding.TextMarshaler.
func (b ByteSize) MarshalText() ([]byte, error) {
	if b == 0 {
		return []byte(""), nil
	}
	return []byte(strconv.FormatInt(int64(b), 10)), nil
}

// Session holds the expiries of shared state.
type Session struct {
	// ScenarioTTL is the sliding expiry of a scenario session.
	ScenarioTTL Duration `toml:"scenario_ttl"`
	// PageTTL is how long the pages of a long answer stay browsable.
	PageTTL Duration `toml:"page_ttl"`
}

// ShardCount is a fixed number of shards, or Auto (ask GET /gateway/bot).
// In TOML it is an integer or the string "auto".
type ShardCount struct {
	N    int
	Auto bool
}

// UnmarshalTOML accepts 3 or "auto".
func (s *ShardCount) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case int64:
		if x < 0 {
			return fmt.Errorf("shard_count must be positive or \"auto\", got %d", x)
		}
		*s = ShardCount{N: int(x)}
	case string:
		if strings.EqualFold(x, "auto") {
			*s = ShardCount{Auto: true}
			return nil
		}
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			return fmt.Errorf("shard_count must be a number or \"auto\", got %q", x)
		}
		*s = ShardCount{N: n}
	default:
		return fmt.Errorf("shard_count must be a number or \"auto\", got %v", v)
	}
	return nil
}

func (s ShardCount) String() string {
	if s.Auto {
		return "auto"
	}
	return strconv.Itoa(s.N)
}

// Duration is a time.Duration written as "15m" or "24h" in TOML.
type Duration struct{ time.Duration }

// UnmarshalText parses Go duration syntax.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("bad duration %q (write e.g. \"90s\", \"15m\", \"24h\")", b)
	}
	d.Duration = v
	return nil
}

// MarshalText writes the duration back in Go syntax.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.Duration.String()), nil }

// Default returns the configuration used when no file is given.
func Default() Config {
	return Config{
		Data: Data{CheckEvery: Duration{24 * time.Hour}, Cards: true},
		Discord: Discord{
			APIBase:         "https://discord.com",
			ShardCount:      ShardCount{N: 1},
			DeferAfter:      Duration{2 * time.Second},
			FollowUpTimeout: Duration{14 * time.Minute},
			ShutdownGrace:   Duration{5 * time.Second},
		},
		HTTP: HTTP{
			Listen:  "127.0.0.1:8080",
			MaxBody: 64 << 10,
			MaxSkew: Duration{5 * time.Minute},
		},
		Log: Log{Format: "text", Level: "info"},
		Limits: Limits{Rate: 10, Window: Duration{10 * time.Second},
			Handlers: 16, Queue: 64, ScenarioTimeout: Duration{20 * time.Second}},
		Session: Session{ScenarioTTL: Duration{24 * time.Hour}, PageTTL: Duration{15 * time.Minute}},
		Judge: Judge{Inline: "channels", Expand: 5, ChannelRate: 6, ChannelWindow: Duration{30 * time.Second},
			EscalateAfter: Duration{10 * time.Minute}, CallTTL: Duration{24 * time.Hour}},
	}
}

// Load reads path (when not empty) over the defaults, then applies the
// environment overrides and validates the result.
func Load(path string) (Config, error) {
	cfg := Default()
	if path != "" {
		md, err := toml.DecodeFile(path, &cfg)
		if err != nil {
			return cfg, fmt.Errorf("config %s: %w%s", path, err, idHint(err))
		}
		if un := md.Undecoded(); len(un) > 0 {
			keys := make([]string, len(un))
			for i, k := range un {
				keys[i] = k.String()
			}
			return cfg, fmt.Errorf("config %s: unknown keys %s (see config.example.toml)", path, strings.Join(keys, ", "))
		}
	}
	if len(cfg.Discord.WatchChannels) == 0 {
		cfg.Discord.WatchChannels = nil // "[]" and absent mean the same
	}
	// discord.watch_channels is the older name of judge.channels.
	for _, id := range cfg.Discord.WatchChannels {
		if !slices.Contains(cfg.Judge.Channels, id) {
			cfg.Judge.Channels = append(cfg.Judge.Channels, id)
		}
	}
	if len(cfg.Judge.Channels) == 0 {
		cfg.Judge.Channels = nil
	}
	if len(cfg.Judge.Roles) == 0 {
		cfg.Judge.Roles = nil
	}
	if len(cfg.Discord.Owners) == 0 {
		cfg.Discord.Owners = nil
	}
	cfg.ApplyEnv(os.LookupEnv)
	// Words chosen from a list are read in any case: "Competitive", as
	// the documents write it, is the same REL; "All" the same inline.
	for _, v := range []*string{&cfg.Judge.REL, &cfg.Judge.Inline, &cfg.Log.Format, &cfg.Log.Level} {
		*v = strings.ToLower(strings.TrimSpace(*v))
	}
	if err := cfg.Validate(); err != nil {
		if path != "" {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
		return cfg, err
	}
	return cfg, nil
}

// idKeys are the keys holding Discord ids, which are strings in the file,
// and whether each holds a list of them.
var idKeys = map[string]bool{
	"judge.channels": true, "judge.roles": true, "discord.owners": true, "discord.watch_channels": true,
	"discord.guild_id": false, "discord.application_id": false,
}

// idHint explains a Discord id written as something else than the key
// holds: as a number, the commonest way to get "incompatible types" out
// of the TOML decoder (ids are strings here, as Discord's own API sends
// them), or one id where a list is wanted. It shows the key written
// right, a list or a single string as the key holds.
func idHint(err error) string {
	msg := err.Error()
	if !strings.Contains(msg, "incompatible types") {
		return ""
	}
	for k, list := range idKeys {
		if !strings.Contains(msg, `last key "`+k+`"`) {
			continue
		}
		name := k[strings.IndexByte(k, '.')+1:]
		if list {
			return fmt.Sprintf(`; write Discord ids as strings, in a list: %s = ["123456789012345678"]`, name)
		}
		return fmt.Sprintf(`; write a Discord id as a string: %s = "123456789012345678"`, name)
	}
	return ""
}

// ApplyEnv overrides secrets and paths from the environment; lookup is
// os.LookupEnv outside tests. A variable set to a non-empty value wins; an
// empty one (as container templates often leave them) keeps the file's.
func (c *Config) ApplyEnv(lookup func(string) (string, bool)) {
	for name, dst := range map[string]*string{
		"DISCORD_TOKEN":          &c.Discord.Token,
		"DISCORD_PUBLIC_KEY":     &c.Discord.PublicKey,
		"DISCORD_APPLICATION_ID": &c.Discord.ApplicationID,
		"ARBITER_DATA":           &c.DataDir,
		"REDIS_URL":              &c.Redis.URL,
		"ARBITER_HTTP_LISTEN":    &c.HTTP.Listen,
		"ARBITER_METRICS_LISTEN": &c.Metrics.Listen,
	} {
		if v, ok := lookup(name); ok && v != "" {
			*dst = v
		}
	}
}

// Validate checks values that would otherwise fail late and obscurely.
func (c *Config) Validate() error {
	var errs []error
	if c.Discord.ShardCount.N > 0 && (c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount.N) {
		errs = append(errs, fmt.Errorf("discord.shard_id %d is outside 0..%d", c.Discord.ShardID, c.Discord.ShardCount.N-1))
	}
	if c.Discord.APIBase == "" {
		errs = append(errs, errors.New("discord.api_base must not be empty (default https://discord.com)"))
	} else if !strings.HasPrefix(c.Discord.APIBase, "http://") && !strings.HasPrefix(c.Discord.APIBase, "https://") {
		errs = append(errs, fmt.Errorf("discord.api_base %q must start with http:// or https://", c.Discord.APIBase))
	}
	if c.Data.CheckEvery.Duration < 0 {
		errs = append(errs, errors.New("data.check_every must be 0 (off) or positive (e.g. \"24h\")"))
	}
	if c.Limits.Rate < 0 {
		errs = append(errs, errors.New("limits.rate must be 0 (no limit) or more"))
	}
	if c.Limits.Rate > 0 && c.Limits.Window.Duration <= 0 {
		errs = append(errs, errors.New("limits.window must be positive when limits.rate is set"))
	}
	if c.Limits.Handlers <= 0 || c.Limits.Queue < 0 {
		errs = append(errs, errors.New("limits.handlers must be positive and limits.queue 0 or more"))
	}
	if c.Limits.ScenarioTimeout.Duration <= 0 || c.Limits.ScenarioTimeout.Duration >= 14*time.Minute {
		errs = append(errs, errors.New("limits.scenario_timeout must be positive and well under the 15 minutes an interaction lives (e.g. \"20s\")"))
	}
	if c.HTTP.MaxBody <= 0 {
		errs = append(errs, errors.New("http.max_body must be positive"))
	}
	if c.HTTP.MaxSkew.Duration <= 0 {
		errs = append(errs, errors.New("http.max_skew must be positive"))
	}
	if c.Session.ScenarioTTL.Duration <= 0 || c.Session.PageTTL.Duration <= 0 {
		errs = append(errs, errors.New("session.scenario_ttl and session.page_ttl must be positive"))
	}
	if c.Judge.Inline != "channels" && c.Judge.Inline != "all" {
		errs = append(errs, fmt.Errorf("judge.inline must be \"channels\" or \"all\", not %q", c.Judge.Inline))
	}
	if c.Judge.Expand < 1 || c.Judge.Expand > 10 || c.Judge.ChannelRate < 1 || c.Judge.ChannelWindow.Duration <= 0 {
		errs = append(errs, errors.New("judge.expand must be 1..10, judge.channel_rate at least 1 and judge.channel_window positive"))
	}
	if c.Judge.REL != "" && !slices.Contains(RELs, c.Judge.REL) {
		errs = append(errs, fmt.Errorf("judge.rel must be \"regular\", \"competitive\" or \"professional\" (or absent), not %q", c.Judge.REL))
	}
	if c.Judge.EscalateAfter.Duration <= 0 || c.Judge.CallTTL.Duration <= 0 {
		errs = append(errs, errors.New("judge.escalate_after and judge.call_ttl must be positive"))
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("log.format %q must be \"text\" or \"json\"", c.Log.Format))
	}
	if _, err := ParseLevel(c.Log.Level); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// ParseLevel reads log.level: debug, info, warn or error.
func ParseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("log.level %q must be debug, info, warn or error", s)
	}
	return l, nil
}
