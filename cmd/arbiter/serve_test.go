package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleCommand runs `arbiter console` as a user would: no token, and
// a Redis URL in the configuration that the console ignores (it keeps its
// sessions in memory).
func TestConsoleCommand(t *testing.T) {
	t.Setenv("REDIS_URL", "")
	cfg := filepath.Join(t.TempDir(), "arbiter.toml")
	if err := os.WriteFile(cfg, []byte("[redis]\nurl = \"redis://127.0.0.1:1/0\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	in := "/rule 302.6\n/card ornithopter\n/ipg hce\n/scenario add Ornithopter as O (new)\n/scenario add ? can O attack\n/ask [[Ensoul Artifact]] [[Titanic Growth]]\n/nope\n"
	out, errOut, code := cli(t, in, "console", "--config", cfg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"Rule 302.6\nhttps://yawgatog.com/resources/magic-rules/#R3026",
		"Ornithopter  {0}\nhttps://scryfall.com/card/m15/223",
		"IPG 2.3 Game Play Error — Hidden Card Error",
		"Scenario (2 lines)",
		"302.6 a creature can't attack",
		"Cards: Ensoul Artifact, Titanic Growth\n",
		"error: unknown command /nope",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q:\n%s", want, out)
		}
	}
}

func TestServerCommandsRefuseBadConfiguration(t *testing.T) {
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_PUBLIC_KEY", "REDIS_URL"} {
		t.Setenv(k, "")
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, []byte("[discord]\ntokn = \"x\"\n"), 0o600)
	badKey := filepath.Join(t.TempDir(), "badkey.toml")
	os.WriteFile(badKey, []byte("[discord]\npublic_key = \"abc\"\n"), 0o600)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve"}, "no bot token"},
		{[]string{"http", "--listen", "127.0.0.1:0"}, "no public key: set discord.public_key or DISCORD_PUBLIC_KEY"},
		{[]string{"http", "--listen", "127.0.0.1:0", "--config", badKey}, "discord.public_key must be the 64 hex digits"},
		{[]string{"serve", "--config", bad}, "unknown keys discord.tokn"},
		{[]string{"console", "--config", filepath.Join(t.TempDir(), "missing.toml")}, "missing.toml"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := cli(t, "", tc.args...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, tc.want)
			}
			// A missing secret is told before the data is loaded (a
			// whole catalogue takes seconds) and before the start-up
			// line, which would say the server is starting.
			if strings.Contains(errOut, "arbiter starting") {
				t.Errorf("the start-up line was logged before the refusal:\n%s", errOut)
			}
		})
	}
}

// TestConsoleIsNotRateLimited: the console has one user at a terminal (or
// a file of lines on standard input); the per-user limit that protects a
// Discord server must not answer its twelfth line "Slow down a little".
func TestConsoleIsNotRateLimited(t *testing.T) {
	t.Setenv("REDIS_URL", "")
	var in strings.Builder
	for range 15 {
		in.WriteString("/rule 302.6\n")
	}
	// A line of several references counts each one.
	in.WriteString("CR 702.19b 302.6 IPG hce\n")
	out, errOut, code := cli(t, in.String(), "console")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "Slow down") {
		t.Errorf("the console rate-limited its user:\n%s", out)
	}
	if n := strings.Count(out, "Rule 302.6\n"); n != 16 {
		t.Errorf("%d answers to /rule 302.6, want 16", n)
	}
	if !strings.Contains(out, "IPG 2.3 Game Play Error — Hidden Card Error") {
		t.Errorf("the last reference was not answered:\n%s", out)
	}
}
