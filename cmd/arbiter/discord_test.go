package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/bot"
)

// TestRegisterCommand runs `arbiter register` against a local server
// standing in for Discord's REST API (discord.api_base).
func TestRegisterCommand(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	var names []string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		if status != http.StatusOK {
			w.WriteHeader(status)
			w.Write([]byte(`{"message":"401: Unauthorized","code":0}`))
			return
		}
		var cmds []struct {
			Name string `json:"name"`
		}
		json.Unmarshal(b, &cmds)
		names = names[:0]
		for _, c := range cmds {
			names = append(names, c.Name)
		}
		w.Write(b)
	}))
	defer srv.Close()
	defer bot.SetAPIBase("https://discord.com")
	t.Setenv("DISCORD_TOKEN", "tok")
	t.Setenv("DISCORD_APPLICATION_ID", "900")
	cfg := filepath.Join(t.TempDir(), "arbiter.toml")
	os.WriteFile(cfg, []byte("[discord]\napi_base = \""+srv.URL+"\"\nguild_id = \"7\"\n"), 0o600)

	out, errOut, code := cli(t, "", "register", "--config", cfg, "--guild", "42")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if len(calls) != 1 || calls[0] != "PUT /api/v9/applications/900/guilds/42/commands Bot tok" {
		t.Errorf("calls %q", calls)
	}
	if !strings.Contains(out, "registered ") || !strings.Contains(out, "in guild 42") {
		t.Errorf("output %q", out)
	}
	for _, want := range []string{"rule", "card", "scenario", "ask"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("/%s not registered (sent %v)", want, names)
		}
	}

	// Without --guild, discord.guild_id applies.
	calls = nil
	if _, errOut, code := cli(t, "", "register", "--config", cfg); code != 0 || len(calls) != 1 || !strings.Contains(calls[0], "/guilds/7/") {
		t.Errorf("exit %d (%s), calls %q; want guild 7 from the configuration", code, errOut, calls)
	}

	// A refused token: exit 4, the "fix the configuration" status.
	status = http.StatusUnauthorized
	if _, errOut, code := cli(t, "", "register", "--config", cfg); code != exitDiscordRefused || !strings.Contains(errOut, "check the bot token") {
		t.Errorf("exit %d, stderr %q; want %d naming the token", code, errOut, exitDiscordRefused)
	}
}

func TestInviteCommand(t *testing.T) {
	t.Setenv("DISCORD_APPLICATION_ID", "")
	if _, errOut, code := cli(t, "", "invite"); code != 2 || !strings.Contains(errOut, "no application id") {
		t.Errorf("without an application id: exit %d, %q", code, errOut)
	}
	t.Setenv("DISCORD_APPLICATION_ID", "900")
	out, errOut, code := cli(t, "", "invite")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	first, _, _ := strings.Cut(out, "\n")
	if first != "https://discord.com/oauth2/authorize?client_id=900&permissions=309237730304&scope=bot+applications.commands" {
		t.Errorf("URL line %q", first)
	}
	for _, p := range []string{"View Channel", "Send Messages", "Send Messages in Threads", "Embed Links", "Read Message History", "Create Public Threads"} {
		if !strings.Contains(out, p) {
			t.Errorf("output does not explain %s", p)
		}
	}
	// The key an administrator sets today is [judge] channels
	// (discord.watch_channels is its older name), and the thread
	// permission is for judge calls.
	if !strings.Contains(out, "[judge] channels") || !strings.Contains(out, "judge calls") {
		t.Errorf("the closing note names the wrong setting:\n%s", out)
	}
}
