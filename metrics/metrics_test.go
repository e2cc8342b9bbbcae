package metrics

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/session"
)

// scrape GETs /metrics and returns each sample by its series
// (name{label="value",...}, labels in the exposition's order).
func scrape(t *testing.T, url string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("/metrics: %s", resp.Status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("bad sample %q", line)
		}
		out[line[:i]] = v
	}
	return out
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// downStore is a store whose backend is down: every call that needs it
// fails as the Redis store fails during an outage.
type downStore struct {
	*session.Memory
	down bool
}

func (s *downStore) Available() bool { return !s.down }

func (s *downStore) Admit(ctx context.Context, claimKey string, claimTTL time.Duration, rateKey string, limit int, window time.Duration) (session.Admission, error) {
	if s.down {
		return session.Admission{}, session.ErrUnavailable
	}
	return s.Memory.Admit(ctx, claimKey, claimTTL, rateKey, limit, window)
}

func (s *downStore) Ping(ctx context.Context) error {
	if s.down {
		return session.ErrUnavailable
	}
	return nil
}

func TestCommandSeries(t *testing.T) {
	m := New()
	h := &Health{}
	srv := httptest.NewServer(Mux(m, h))
	defer srv.Close()

	store := m.Store(session.NewMemory(), "memory")
	r, err := commands.New(commands.Deps{CR: testkb.CR(t), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	// A command slower than the deferral delay: its answer is deferred.
	r.Command(commands.Definition{Name: "slow", Description: "sleeps"}, func(ctx context.Context, req commands.Request) (commands.Reply, error) {
		time.Sleep(30 * time.Millisecond)
		return commands.Reply{Title: "done", Body: "slept"}, nil
	}, nil)
	var names []string
	for _, d := range r.Definitions() {
		names = append(names, d.Name)
	}
	r.Use(m.Middleware(names))

	ctx := context.Background()
	serve := func(ctx context.Context, req commands.Request) commands.Reply {
		t.Helper()
		return r.Serve(ctx, req)
	}
	cmd := func(name string, opts ...string) commands.Request {
		req := commands.Request{Kind: commands.KindCommand, Command: name, Options: map[string]string{}, UserID: "u1", ChannelID: "c1"}
		for i := 0; i+1 < len(opts); i += 2 {
			req.Options[opts[i]] = opts[i+1]
		}
		return req
	}
	// 302.6 exists; 999.9 does not (the CR's sections end at 9xx but
	// section 999 has no rules).
	if rep := serve(ctx, cmd("rule", "number", "302.6")); rep.Error {
		t.Fatalf("/rule 302.6 failed: %+v", rep)
	}
	serve(ctx, cmd("rule", "number", "302.6"))
	if rep := serve(ctx, cmd("rule", "number", "999.9")); !rep.Error || rep.Code != commands.CodeNotFound {
		t.Fatalf("/rule 999.9: want not_found, got %+v", rep)
	}
	fired := make(chan struct{})
	dctx := commands.WithDeferral(ctx, 5*time.Millisecond, func() { close(fired) })
	serve(dctx, cmd("slow"))
	<-fired
	// A fast command under a deferral that never fires is not deferred.
	serve(commands.WithDeferral(ctx, time.Hour, func() { t.Error("deferred a fast answer") }), cmd("rule", "number", "302.6"))
	// Unknown commands and made-up button routes do not add label values.
	serve(ctx, cmd("no-such-command"))
	serve(ctx, commands.Request{Kind: commands.KindComponent, CustomID: "Weird Route!:1", UserID: "u1"})
	serve(ctx, commands.Request{Kind: commands.KindComponent, CustomID: "pg:nosuchtoken:1", UserID: "u1"})

	got := scrape(t, srv.URL)
	want := map[string]float64{
		`arbiter_commands_total{command="rule",kind="command",outcome="ok"}`:        3,
		`arbiter_commands_total{command="rule",kind="command",outcome="not_found"}`: 1,
		`arbiter_commands_total{command="slow",kind="command",outcome="ok"}`:        1,
		`arbiter_command_duration_seconds_count{command="rule",kind="command"}`:     4,
		`arbiter_command_duration_seconds_count{command="slow",kind="command"}`:     1,
		`arbiter_deferred_replies_total{command="slow"}`:                            1,
		`arbiter_store_up`:                  1,
		`arbiter_store_info{kind="memory"}`: 1,
	}
	for series, v := range want {
		if g, ok := got[series]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", series, g, ok, v)
		}
	}
	if _, ok := got[`arbiter_deferred_replies_total{command="rule"}`]; ok {
		t.Error("a fast /rule was counted as deferred")
	}
	// The slow command took at least 30 ms: not in the buckets below it.
	if got[`arbiter_command_duration_seconds_bucket{command="slow",kind="command",le="0.016"}`] != 0 ||
		got[`arbiter_command_duration_seconds_bucket{command="slow",kind="command",le="+Inf"}`] != 1 {
		t.Error("the slow command's latency is not in the histogram's right buckets")
	}
	var other, pg float64
	for series, v := range got {
		if strings.HasPrefix(series, "arbiter_commands_total{") {
			if strings.Contains(series, `command="no-such-command"`) || strings.Contains(series, "Weird") {
				t.Errorf("request-chosen label value exported: %s", series)
			}
			if strings.Contains(series, `command="other"`) {
				other += v
			}
			if strings.Contains(series, `command="pg",kind="button"`) {
				pg += v
			}
		}
	}
	if other != 2 || pg != 1 {
		t.Errorf("unknown command and route counted as other %v times (want 2), pg button %v (want 1)", other, pg)
	}
}

func TestStoreOutageAndReadiness(t *testing.T) {
	m := New()
	h := &Health{PingTimeout: time.Second}
	srv := httptest.NewServer(Mux(m, h))
	defer srv.Close()

	if code, _ := get(t, srv.URL+"/healthz"); code != 200 {
		t.Errorf("/healthz = %d before loading; the process is up", code)
	}
	if code, body := get(t, srv.URL+"/readyz"); code != 503 || !strings.Contains(body, "data not loaded") {
		t.Errorf("/readyz before loading = %d %q, want 503 data not loaded", code, body)
	}
	inner := &downStore{Memory: session.NewMemory()}
	store := m.Store(inner, "redis")
	h.SetStore(store)
	h.SetLoaded()
	if code, body := get(t, srv.URL+"/readyz"); code != 200 || body != "ready\n" {
		t.Errorf("/readyz with data and a store = %d %q", code, body)
	}

	inner.down = true
	ctx := context.Background()
	for range 3 {
		store.Admit(ctx, "interaction:1", time.Minute, "rate:u1", 10, time.Second)
	}
	if err := store.Put(ctx, "page:x", []byte("v"), time.Minute); err != nil {
		t.Fatalf("Put: the memory store's Put should work: %v", err)
	}
	if code, body := get(t, srv.URL+"/readyz"); code != 503 || !strings.Contains(body, "PING") {
		t.Errorf("/readyz with the store down = %d %q, want 503 naming PING", code, body)
	}
	got := scrape(t, srv.URL)
	for series, v := range map[string]float64{
		`arbiter_store_up`:                       0,
		`arbiter_store_info{kind="redis"}`:       1,
		`arbiter_store_errors_total{op="admit"}`: 3,
		`arbiter_store_errors_total{op="ping"}`:  1,
	} {
		if g, ok := got[series]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", series, g, ok, v)
		}
	}
	if _, ok := got[`arbiter_store_errors_total{op="put"}`]; ok {
		t.Error("a Put that succeeded was counted as an error")
	}
	inner.down = false
	if got := scrape(t, srv.URL)[`arbiter_store_up`]; got != 1 {
		t.Errorf("arbiter_store_up = %v after the outage, want 1", got)
	}
	if code, _ := get(t, srv.URL+"/readyz"); code != 200 {
		t.Errorf("/readyz = %d after the outage, want 200", code)
	}
	h.SetStopping()
	if code, body := get(t, srv.URL+"/readyz"); code != 503 || !strings.Contains(body, "shutting down") {
		t.Errorf("/readyz while stopping = %d %q", code, body)
	}
	if code, _ := get(t, srv.URL+"/healthz"); code != 200 {
		t.Errorf("/healthz while stopping = %d; the process is still up", code)
	}
}

type fakeGateway struct {
	stats  bot.GatewayStats
	shards []bot.ShardState
}

func (g *fakeGateway) Stats() bot.GatewayStats  { return g.stats }
func (g *fakeGateway) Shards() []bot.ShardState { return g.shards }

func TestGatewayAndDataSeries(t *testing.T) {
	m := New()
	srv := httptest.NewServer(Mux(m, &Health{}))
	defer srv.Close()
	g := &fakeGateway{
		stats: bot.GatewayStats{Connections: 5, Identified: 2, Resumed: 3, Disconnects: 3, Zombies: 1,
			Interactions: 40, FollowUpFailures: 2, CloseCodes: map[int]int64{4000: 2, 1006: 1}},
		shards: []bot.ShardState{{ID: 0, Count: 2, Ready: true}, {ID: 1, Count: 2, Ready: false}},
	}
	m.Gateway(g)
	cr := time.Date(2026, 4, 17, 0, 0, 0, 0, time.UTC)
	m.Data(DataInfo{CREffective: cr, Cards: 27000, Rulings: 61000, SnapshotTime: time.Now().Add(-time.Hour)})

	got := scrape(t, srv.URL)
	for series, v := range map[string]float64{
		`arbiter_gateway_shard_up{shard="0"}`:            1,
		`arbiter_gateway_shard_up{shard="1"}`:            0,
		`arbiter_gateway_connections_total`:              5,
		`arbiter_gateway_identified_total`:               2,
		`arbiter_gateway_resumed_total`:                  3,
		`arbiter_gateway_disconnects_total`:              3,
		`arbiter_gateway_zombies_total`:                  1,
		`arbiter_gateway_interactions_total`:             40,
		`arbiter_gateway_follow_up_failures_total`:       2,
		`arbiter_gateway_close_codes_total{code="4000"}`: 2,
		`arbiter_gateway_close_codes_total{code="1006"}`: 1,
		`arbiter_data_info{cr_effective="2026-04-17"}`:   1,
		`arbiter_data_cr_effective_timestamp_seconds`:    float64(cr.Unix()),
		`arbiter_data_cards`:                             27000,
		`arbiter_data_rulings`:                           61000,
	} {
		if g, ok := got[series]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", series, g, ok, v)
		}
	}
	if age := got["arbiter_data_snapshot_age_seconds"]; age < 3600 || age > 3700 {
		t.Errorf("snapshot age %v s, want about an hour", age)
	}
	// Counters read at scrape time follow the gateway.
	g.stats.Interactions = 41
	g.shards[1].Ready = true
	got = scrape(t, srv.URL)
	if got[`arbiter_gateway_interactions_total`] != 41 || got[`arbiter_gateway_shard_up{shard="1"}`] != 1 {
		t.Error("a second scrape does not show the gateway's new state")
	}

	// A reload replaces the data series: the old date is gone.
	m.Data(DataInfo{CREffective: cr.AddDate(0, 3, 0), Cards: 27100})
	got = scrape(t, srv.URL)
	if _, old := got[`arbiter_data_info{cr_effective="2026-04-17"}`]; old || got[`arbiter_data_info{cr_effective="2026-07-17"}`] != 1 || got[`arbiter_data_cards`] != 27100 {
		t.Errorf("after a second Data: %v", got)
	}

	// Without a snapshot there is no age to report.
	m2 := New()
	m2.Data(DataInfo{CREffective: cr})
	srv2 := httptest.NewServer(Mux(m2, &Health{}))
	defer srv2.Close()
	if _, ok := scrape(t, srv2.URL)["arbiter_data_snapshot_age_seconds"]; ok {
		t.Error("snapshot age exported without a snapshot")
	}
}

func TestReadyHandlerOnError(t *testing.T) {
	rec := httptest.NewRecorder()
	ReadyHandler(func(context.Context) error { return errors.New("boom") })(rec, httptest.NewRequest("GET", "/readyz", nil))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "boom") {
		t.Errorf("got %d %q", rec.Code, rec.Body.String())
	}
}
