package bot

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
)

// fakeAPI stands in for Discord's REST API: it records each request and
// answers from script (then 200 with the PUT body echoed).
type fakeAPI struct {
	mu     sync.Mutex
	calls  []string // "METHOD path auth"
	bodies [][]byte
	script []int // statuses to answer PUTs with, in order, before success
	me     string
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
	if r.Method == http.MethodGet && r.URL.Path == "/api/v9/users/@me" {
		json.NewEncoder(w).Encode(map[string]string{"id": f.me, "username": "Arbiter"})
		return
	}
	if r.Method != http.MethodPut {
		http.NotFound(w, r)
		return
	}
	f.bodies = append(f.bodies, b)
	if len(f.script) > 0 {
		status := f.script[0]
		f.script = f.script[1:]
		w.WriteHeader(status)
		if status == http.StatusTooManyRequests {
			w.Write([]byte(`{"message":"You are being rate limited.","retry_after":0.01,"global":false}`))
		} else {
			w.Write([]byte(`{"message":"nope","code":0}`))
		}
		return
	}
	w.Write(b) // Discord answers with the commands as registered
}

func startFakeAPI(t *testing.T, f *fakeAPI) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	if err := SetAPIBase(srv.URL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { SetAPIBase("https://discord.com") })
}

func TestRegisterCommands(t *testing.T) {
	defs := testRouter(t, commands.Deps{}).Definitions()
	noPause := func(int) time.Duration { return time.Millisecond }

	t.Run("global, application id given", func(t *testing.T) {
		f := &fakeAPI{}
		startFakeAPI(t, f)
		n, err := RegisterCommands(context.Background(), Registration{Token: "tok", ApplicationID: "900", Definitions: defs, pause: noPause})
		if err != nil || n != len(defs) {
			t.Fatalf("registered %d of %d: %v", n, len(defs), err)
		}
		if len(f.calls) != 1 || f.calls[0] != "PUT /api/v9/applications/900/commands Bot tok" {
			t.Errorf("calls %q", f.calls)
		}
		var sent []struct {
			Name  string  `json:"name"`
			Perms *string `json:"default_member_permissions"`
		}
		if err := json.Unmarshal(f.bodies[0], &sent); err != nil {
			t.Fatal(err)
		}
		admin := false
		for i, d := range defs {
			if sent[i].Name != d.Name {
				t.Errorf("command %d sent as %q, want %q", i, sent[i].Name, d.Name)
			}
			// /admin is shown to server administrators only; every
			// other command to everyone.
			if d.Name == "admin" {
				admin = true
				if sent[i].Perms == nil || *sent[i].Perms != "0" {
					t.Errorf("/admin sent with default_member_permissions %v, want \"0\"", sent[i].Perms)
				}
			} else if sent[i].Perms != nil {
				t.Errorf("/%s sent with default_member_permissions %q, want none", d.Name, *sent[i].Perms)
			}
		}
		if !admin {
			t.Error("/admin was not registered")
		}
	})
	t.Run("guild, application id from the token's user", func(t *testing.T) {
		f := &fakeAPI{me: "901"}
		startFakeAPI(t, f)
		_, err := RegisterCommands(context.Background(), Registration{Token: "tok", GuildID: "500", Definitions: defs, pause: noPause})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"GET /api/v9/users/@me Bot tok", "PUT /api/v9/applications/901/guilds/500/commands Bot tok"}
		if len(f.calls) != 2 || f.calls[0] != want[0] || f.calls[1] != want[1] {
			t.Errorf("calls %q, want %q", f.calls, want)
		}
	})
	t.Run("429 and 5xx are retried", func(t *testing.T) {
		f := &fakeAPI{script: []int{429, 502}}
		startFakeAPI(t, f)
		n, err := RegisterCommands(context.Background(), Registration{Token: "tok", ApplicationID: "900", Definitions: defs, pause: noPause})
		if err != nil || n != len(defs) || len(f.calls) != 3 {
			t.Errorf("n=%d err=%v after %d calls; want success on the third", n, err, len(f.calls))
		}
	})
	t.Run("a refused token is final", func(t *testing.T) {
		f := &fakeAPI{script: []int{401}}
		startFakeAPI(t, f)
		_, err := RegisterCommands(context.Background(), Registration{Token: "bad", ApplicationID: "900", Definitions: defs, pause: noPause})
		var refused *RefusedError
		if !errors.As(err, &refused) || refused.Code != 401 || len(f.calls) != 1 {
			t.Errorf("err %v after %d calls; want one call and a RefusedError 401", err, len(f.calls))
		}
	})
	t.Run("an outage gives up as transient", func(t *testing.T) {
		f := &fakeAPI{script: []int{503, 503, 503, 503, 503, 503}}
		startFakeAPI(t, f)
		_, err := RegisterCommands(context.Background(), Registration{Token: "tok", ApplicationID: "900", Definitions: defs, pause: noPause})
		var transient *TransientError
		if !errors.As(err, &transient) || len(f.calls) != registerAttempts {
			t.Errorf("err %v after %d calls; want a TransientError after %d", err, len(f.calls), registerAttempts)
		}
	})
	t.Run("no token", func(t *testing.T) {
		if _, err := RegisterCommands(context.Background(), Registration{ApplicationID: "900", Definitions: defs}); err == nil {
			t.Error("registered without a token")
		}
	})
}
