package main

import (
	"bufio"
	"bytes"
	"context"
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

// startTestServer loads the server `arbiter http` would run with the given
// configuration file text, logging into the returned buffer.
func startTestServer(t *testing.T, configText string) (*server, *bytes.Buffer) {
	t.Helper()
	for _, k := range []string{"REDIS_URL", "ARBITER_METRICS_LISTEN", "ARBITER_HTTP_LISTEN", "ARBITER_DATA"} {
		t.Setenv(k, "")
	}
	path := filepath.Join(t.TempDir(), "arbiter.toml")
	if err := os.WriteFile(path, []byte(configText), 0o600); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	a := &app{DataDir: shareddata.Data(t), In: strings.NewReader(""), Out: io.Discard, Err: &logs}
	cmd := newHTTPCmd(a)
	cmd.SetContext(context.Background())
	s, err := loadServer(a, cmd, path, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.ops.Close()
		s.store.Close()
	})
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

func TestServerMetricsAndHealth(t *testing.T) {
	s, _ := startTestServer(t, "[metrics]\nlisten = \"127.0.0.1:0\"\n")
	base := "http://" + s.ops.addr.String()
	if code, _ := httpGet(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz = %d", code)
	}
	if code, body := httpGet(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz = %d %q with the data loaded and the memory store", code, body)
	}
	rep := s.router.Serve(context.Background(), commands.Request{Kind: commands.KindCommand, ID: "1001", Command: "rule", Options: map[string]string{"number": "302.6"}, UserID: "u1"})
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

}
