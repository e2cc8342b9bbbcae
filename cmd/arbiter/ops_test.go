package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

// loadTestServer clears the environment `arbiter http` reads, writes
// configText as its configuration file and loads the server a would run
// with it, closed when the test ends. It returns the server and the
// configuration file's path.
func loadTestServer(t *testing.T, a *app, configText string) (*server, string) {
	t.Helper()
	for _, k := range []string{"REDIS_URL", "ARBITER_METRICS_LISTEN", "ARBITER_HTTP_LISTEN", "ARBITER_DATA", "DISCORD_TOKEN"} {
		t.Setenv(k, "")
	}
	path := filepath.Join(t.TempDir(), "arbiter.toml")
	if err := os.WriteFile(path, []byte(configText), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := newHTTPCmd(a)
	cmd.SetContext(context.Background())
	s, err := loadServer(a, cmd, path, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	return s, path
}

// startTestServer loads the server `arbiter http` would run with the given
// configuration file text over the shared data, logging into the returned
// buffer; the configuration must set metrics.listen.
func startTestServer(t *testing.T, configText string) (*server, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	s, _ := loadTestServer(t, &app{DataDir: shareddata.Data(t), In: strings.NewReader(""), Out: io.Discard, Err: &logs}, configText)
	if s.ops == nil || s.ops.addr == nil {
		t.Fatal("metrics.listen set but no metrics listener")
	}
	return s, &logs
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func scrapeSeries(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := httpGet(t, base+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, _ := strconv.ParseFloat(line[i+1:], 64)
		out[line[:i]] = v
	}
	return out
}

// jsonLines decodes the JSON log lines.
func jsonLines(t *testing.T, logs string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(logs), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line is not JSON with log.format = \"json\": %q", l)
		}
		out = append(out, m)
	}
	return out
}

func TestServerMetricsHealthAndStartupLine(t *testing.T) {
	s, logs := startTestServer(t, "[metrics]\nlisten = \"127.0.0.1:0\"\n[log]\nformat = \"json\"\n")
	base := "http://" + s.ops.addr.String()
	if code, _ := httpGet(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz = %d", code)
	}
	if code, body := httpGet(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz = %d %q with the data loaded and the memory store", code, body)
	}
	rep := s.current().Serve(context.Background(), commands.Request{Kind: commands.KindCommand, ID: "1001", Command: "rule", Options: map[string]string{"number": "302.6"}, UserID: "u1"})
	if rep.Error {
		t.Fatalf("/rule 302.6: %+v", rep)
	}
	kb, _ := loadKB(shareddata.Data(t))
	got := scrapeSeries(t, base)
	for series, v := range map[string]float64{
		`arbiter_commands_total{command="rule",kind="command",outcome="ok"}`: 1,
		`arbiter_data_info{cr_effective="2026-04-17"}`:                       1,
		`arbiter_data_cards`:                float64(kb.Cards.Len()),
		`arbiter_store_info{kind="memory"}`: 1,
		`arbiter_store_up`:                  1,
	} {
		if g, ok := got[series]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", series, g, ok, v)
		}
	}
	if got[`arbiter_data_rulings`] < 1 {
		t.Error("arbiter_data_rulings: the shared card data has rulings")
	}

	var start map[string]any
	for _, l := range jsonLines(t, logs.String()) {
		if l["msg"] == "arbiter starting" {
			start = l
		}
	}
	if start == nil {
		t.Fatalf("no start-up line in:\n%s", logs)
	}
	if start["cr"] != "2026-04-17" || start["store"] != "memory" || start["cards"] != float64(kb.Cards.Len()) || start["version"] == "" || start["level"] != "INFO" {
		t.Errorf("start-up line %v", start)
	}
	if r, _ := start["rulings"].(float64); r < 1 {
		t.Errorf("start-up line counts %v rulings", start["rulings"])
	}
}

// TestWrongRedisURLIsAnErrorAtStart: a Redis that does not answer is an
// error line at start, /readyz says so, and every line logged while
// answering an interaction names it.
func TestWrongRedisURLIsAnErrorAtStart(t *testing.T) {
	s, logs := startTestServer(t, "[metrics]\nlisten = \"127.0.0.1:0\"\n[log]\nformat = \"json\"\nlevel = \"debug\"\n[redis]\nurl = \"redis://:secret@127.0.0.1:1/0\"\n")
	base := "http://" + s.ops.addr.String()
	var pingErr map[string]any
	for _, l := range jsonLines(t, logs.String()) {
		if l["level"] == "ERROR" && strings.Contains(l["msg"].(string), "PING") {
			pingErr = l
		}
	}
	if pingErr == nil {
		t.Fatalf("no error line about Redis at start:\n%s", logs)
	}
	if strings.Contains(logs.String(), "secret") {
		t.Error("the Redis password is in the log")
	}
	if code, body := httpGet(t, base+"/readyz"); code != 503 || !strings.Contains(body, "PING") {
		t.Errorf("/readyz = %d %q, want 503 naming PING", code, body)
	}
	logs.Reset()
	s.current().Serve(context.Background(), commands.Request{Kind: commands.KindCommand, ID: "777", Command: "rule", Options: map[string]string{"number": "302.6"}, UserID: "u1"})
	lines := jsonLines(t, logs.String())
	admission := 0
	for _, l := range lines {
		if strings.Contains(l["msg"].(string), "admission failed") {
			admission++
		}
		if strings.Contains(l["msg"].(string), "redis unavailable") {
			continue // the store's own outage line, once per outage
		}
		if l["interaction"] != "777" {
			t.Errorf("log line of the interaction without its id: %v", l)
		}
	}
	if admission != 1 {
		t.Errorf("%d admission lines, want 1 (Redis down, debug level):\n%s", admission, logs)
	}
	got := scrapeSeries(t, base)
	if got[`arbiter_store_up`] != 0 || got[`arbiter_store_errors_total{op="admit"}`] != 1 || got[`arbiter_store_info{kind="redis"}`] != 1 {
		t.Errorf("store series up=%v admit_errors=%v", got[`arbiter_store_up`], got[`arbiter_store_errors_total{op="admit"}`])
	}
}
