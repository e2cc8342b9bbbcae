package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings"
)

// A running http server reloads its data directory on SIGHUP: a CR put
// there by hand is served afterwards, and the data metrics follow.
func TestSIGHUPReloadsTheDataDirectory(t *testing.T) {
	// The package's loader keeps what it loaded; a reload must read again.
	cached := loadKB
	loadKB = func(dir string) (*rulings.KB, error) { return rulings.LoadCached(dir, "") }
	defer func() { loadKB = cached }()

	dir := t.TempDir()
	put := func(date string) {
		data, err := os.ReadFile(shareddata.Path(t, filepath.Join("cr", "cr-"+date+".txt")))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "cr-"+date+".txt"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("20260116")
	a := &app{DataDir: dir, DataSet: true, In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	s, _ := loadTestServer(t, a, "[metrics]\nlisten = \"127.0.0.1:0\"\n[data]\ncheck_every = \"0s\"\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.keepCurrent(ctx)

	served := func() string {
		rep := s.serving().Serve(ctx, commands.NewRequest("rule", "number", "100.1"))
		return strings.TrimPrefix(rep.Footer, "Comprehensive Rules effective ")
	}
	if got := served(); got != "2026-01-16" {
		t.Fatalf("serving %s at start", got)
	}
	put("20260417")
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for served() != "2026-04-17" {
		if time.Now().After(deadline) {
			t.Fatal("the CR put in the directory was not served after SIGHUP")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The data metrics follow the swap (they are set just after it).
	base := "http://" + s.ops.addr.String()
	for got := scrapeSeries(t, base); got[`arbiter_data_info{cr_effective="2026-04-17"}`] != 1; got = scrapeSeries(t, base) {
		if time.Now().After(deadline) {
			t.Fatalf("the data metrics still name the old CR: %v", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// /admin is open to [discord] owners and to the application's owner and
// team as Discord names them; without an answer from Discord, to the
// configured ones only.
func TestOwners(t *testing.T) {
	answer := `{"id":"900","owner":{"id":"111"},"team":{"owner_user_id":"222","members":[{"user":{"id":"222"}},{"user":{"id":"333"}}]}}`
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v9/oauth2/applications/@me" {
			http.NotFound(w, r)
			return
		}
		auth = r.Header.Get("Authorization")
		w.Write([]byte(answer))
	}))
	defer srv.Close()
	defer bot.SetAPIBase("https://discord.com")
	if err := bot.SetAPIBase(srv.URL); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	cfg := config.Default()
	cfg.Discord.Owners = []string{"42"}
	if got := owners(cfg, log); !slices.Equal(got, []string{"42"}) {
		t.Errorf("without a token: %v", got)
	}
	cfg.Discord.Token = "tok"
	got := owners(cfg, log)
	for _, id := range []string{"42", "111", "222", "333"} {
		if !slices.Contains(got, id) {
			t.Errorf("owners %v lack %s", got, id)
		}
	}
	if auth != "Bot tok" {
		t.Errorf("asked Discord with %q", auth)
	}
	answer = `{"message": "401: Unauthorized"}`
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(answer))
	})
	if got := owners(cfg, log); !slices.Equal(got, []string{"42"}) {
		t.Errorf("Discord refusing: %v", got)
	}
}
