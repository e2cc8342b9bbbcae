// Package e2e runs two `arbiter http` processes on one Redis and talks to
// them as Discord does: signed interactions over HTTP. It checks what only
// shared state across processes can give: a scenario started through one
// instance continues through the other, an interaction delivered to both
// is answered once, and look-ups keep answering while Redis is down.
package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/bench/interact"
	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// logBuffer collects a process's output safely.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// instance is one running `arbiter http`.
type instance struct {
	name string
	url  string
	cmd  *exec.Cmd
	out  *logBuffer
	done chan struct{}
}

func (in *instance) alive() bool {
	select {
	case <-in.done:
		return false
	default:
		return true
	}
}

// moduleRoot finds the directory of go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		t.Fatalf("cannot locate the module (go env GOMOD): %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// buildArbiter builds the binary under test once per test.
func buildArbiter(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arbiter")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/arbiter")
	cmd.Dir = moduleRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/arbiter: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "http", "--help").CombinedOutput(); err != nil {
		t.Fatalf("the arbiter binary has no working `http` command: %v\n%s", err, out)
	}
	return bin
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startInstance starts `arbiter http` with the given environment and waits
// until it answers /healthz (the knowledge base loads first).
func startInstance(t *testing.T, bin, name string, env []string) *instance {
	t.Helper()
	addr := freeAddr(t)
	out := &logBuffer{}
	cmd := exec.Command(bin, "http", "--listen", addr)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	in := &instance{name: name, url: "http://" + addr + "/", cmd: cmd, out: out, done: make(chan struct{})}
	go func() { cmd.Wait(); close(in.done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-in.done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-in.done
		}
		if t.Failed() || testing.Verbose() {
			t.Logf("output of %s:\n%s", name, out.String())
		}
	})
	deadline := time.Now().Add(90 * time.Second)
	for {
		if !in.alive() {
			t.Fatalf("%s exited during start-up:\n%s", name, out.String())
		}
		resp, err := http.Get(in.url + "healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return in
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer /healthz within 90 s:\n%s", name, out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// scriptLineRe matches one numbered script line of a scenario reply, as
// the embed renders it ("`2` `? O`") or as plain text ("2  ? O").
var scriptLineRe = regexp.MustCompile("(?m)^(?:`(\\d+)` `(.+)`|(\\d+)  (.+))$")

// script returns the scenario's lines, in order, from a reply.
func script(r interact.Response) []string {
	var out []string
	for _, m := range scriptLineRe.FindAllStringSubmatch(r.Text(), -1) {
		if m[2] != "" {
			out = append(out, m[2])
		} else {
			out = append(out, m[4])
		}
	}
	return out
}

func sameLines(a, b []string) bool { return slices.Equal(a, b) }

type harness struct {
	t      *testing.T
	signer *interact.Signer
	client *http.Client
	seq    int
	mu     sync.Mutex
}

func (h *harness) id() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	return fmt.Sprintf("e2e-%d-%d", time.Now().UnixNano(), h.seq)
}

// post sends body to an instance and returns the status and the decoded
// interaction response (zero when the status is not 200).
func (h *harness) post(in *instance, body []byte) (int, interact.Response) {
	h.t.Helper()
	status, resp, err := h.signer.Post(h.client, in.url, body)
	if err != nil {
		h.t.Fatalf("POST to %s: %v", in.name, err)
	}
	var out interact.Response
	if status == http.StatusOK {
		if err := json.Unmarshal(resp, &out); err != nil {
			h.t.Fatalf("%s answered 200 with a body that is not an interaction response: %v\n%s", in.name, err, resp)
		}
	}
	return status, out
}

// command sends a slash command and requires a channel-message answer.
func (h *harness) command(in *instance, at interact.Where, name string, opts ...interact.Option) interact.Response {
	h.t.Helper()
	status, out := h.post(in, interact.Command(h.id(), at, name, opts...))
	if status != http.StatusOK || out.Type != 4 {
		h.t.Fatalf("/%s %v via %s: status %d, type %d; want 200 with type 4\n%s", name, opts, in.name, status, out.Type, out.Text())
	}
	return out
}

func TestTwoInstancesShareRedis(t *testing.T) {
	bin := buildArbiter(t)
	data := shareddata.Data(t)
	redis := redistest.Start(t)

	var seed [32]byte
	rand.Read(seed[:])
	signer, err := interact.NewSigner(hex.EncodeToString(seed[:]))
	if err != nil {
		t.Fatal(err)
	}
	env := []string{
		"ARBITER_DATA=" + data,
		"REDIS_URL=" + redis.URL(),
		"DISCORD_PUBLIC_KEY=" + signer.PublicKeyHex(),
	}
	a := startInstance(t, bin, "instance A", env)
	b := startInstance(t, bin, "instance B", env)
	h := &harness{t: t, signer: signer, client: &http.Client{Timeout: 10 * time.Second}}

	t.Run("ping", func(t *testing.T) {
		for _, in := range []*instance{a, b} {
			status, out := h.post(in, interact.Ping(h.id()))
			if status != http.StatusOK || out.Type != 1 {
				t.Fatalf("PING via %s: status %d, type %d; want 200 PONG (type 1)", in.name, status, out.Type)
			}
		}
	})

	t.Run("scenario-continues-across-instances", func(t *testing.T) {
		alice := interact.Where{Guild: "900", Channel: "chan-shared", User: "alice"}
		bob := interact.Where{Guild: "900", Channel: "chan-shared", User: "bob"}
		started := h.command(a, alice, "scenario", interact.Sub("new"))
		if started.Ephemeral() || !strings.Contains(started.Text(), "New scenario") {
			t.Fatalf("/scenario new via A: %q", started.Text())
		}
		h.command(a, alice, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as O (new, 2 +1/+1 counters)")))
		// Bob, through the other instance, sees Alice's line and adds his.
		added := h.command(b, bob, "scenario", interact.Sub("add", interact.Str("line", "? O")))
		both := []string{"Ornithopter as O (new, 2 +1/+1 counters)", "? O"}
		if got := script(added); !sameLines(got, both) {
			t.Fatalf("/scenario add via B does not continue A's scenario: lines %q, want %q\n%s", got, both, added.Text())
		}
		// The engine ran on the shared lines: Ornithopter (0/2) with two
		// +1/+1 counters is 2/4 (CR 613.4c).
		if !strings.Contains(added.Text(), "2/4") {
			t.Errorf("the engine's answer misses the 2/4 Ornithopter:\n%s", added.Text())
		}
		shown := h.command(a, alice, "scenario", interact.Sub("show"))
		if got := script(shown); !sameLines(got, both) {
			t.Fatalf("/scenario show via A: lines %q, want %q", got, both)
		}
		undone := h.command(a, alice, "scenario", interact.Sub("undo"))
		if !strings.Contains(strings.ReplaceAll(undone.Text(), "`", ""), "Removed: ? O") {
			t.Fatalf("/scenario undo via A: %q", undone.Text())
		}
		after := h.command(b, bob, "scenario", interact.Sub("show"))
		if got := script(after); !sameLines(got, both[:1]) {
			t.Fatalf("/scenario show via B after A's undo: lines %q, want %q", got, both[:1])
		}
		// A private scenario of Bob's is his alone, on both instances.
		h.command(b, bob, "scenario", interact.Sub("new", interact.Option{Name: "private", Type: interact.OptBoolean, Value: true}))
		h.command(a, bob, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as P (new)")))
		mine := h.command(b, bob, "scenario", interact.Sub("show"))
		if got := script(mine); !mine.Ephemeral() || !sameLines(got, []string{"Ornithopter as P (new)"}) {
			t.Fatalf("Bob's private scenario via B (ephemeral %v): lines %q", mine.Ephemeral(), got)
		}
		theirs := h.command(b, alice, "scenario", interact.Sub("show"))
		if got := script(theirs); !sameLines(got, both[:1]) {
			t.Fatalf("the channel scenario after Bob's private add: lines %q, want %q", got, both[:1])
		}
	})

	t.Run("concurrent-adds-through-both", func(t *testing.T) {
		at := func(i int) interact.Where {
			return interact.Where{Guild: "900", Channel: "chan-busy", User: fmt.Sprintf("user-%d", i)}
		}
		h.command(a, at(0), "scenario", interact.Sub("new"))
		const writers = 16
		var wg sync.WaitGroup
		for i := range writers {
			in := a
			if i%2 == 1 {
				in = b
			}
			wg.Go(func() {
				line := fmt.Sprintf("Ornithopter as O%d (new)", i)
				status, out := h.post(in, interact.Command(h.id(), at(i), "scenario", interact.Sub("add", interact.Str("line", line))))
				if status != http.StatusOK || out.Type != 4 {
					t.Errorf("add %q via %s: status %d type %d", line, in.name, status, out.Type)
				}
			})
		}
		wg.Wait()
		shown := h.command(b, at(0), "scenario", interact.Sub("show"))
		got := script(shown)
		if len(got) != writers {
			t.Errorf("the shared scenario has %d lines, want %d: %q", len(got), writers, got)
		}
		for i := range writers {
			line := fmt.Sprintf("Ornithopter as O%d (new)", i)
			if n := strings.Count(strings.Join(got, "\n")+"\n", line+"\n"); n != 1 {
				t.Errorf("line %q appears %d times in the shared scenario, want once", line, n)
			}
		}
	})

	t.Run("modal-batches-through-both", func(t *testing.T) {
		// The "Add lines" modal appends several lines at once; batches sent
		// at the same time through both instances stay whole and in order.
		at := func(i int) interact.Where {
			return interact.Where{Guild: "900", Channel: "chan-modal", User: fmt.Sprintf("modal-%d", i)}
		}
		h.command(b, at(0), "scenario", interact.Sub("new"))
		const batches, size = 8, 3
		var wg sync.WaitGroup
		for i := range batches {
			in := a
			if i%2 == 1 {
				in = b
			}
			wg.Go(func() {
				var lines []string
				for j := range size {
					lines = append(lines, fmt.Sprintf("Ornithopter as M%dx%d (new)", i, j))
				}
				body := interact.ModalSubmit(h.id(), at(i), "scn:add:c", map[string]string{"lines": strings.Join(lines, "\n")})
				status, out := h.post(in, body)
				if status != http.StatusOK || out.Type != 4 || out.Ephemeral() {
					t.Errorf("modal batch %d via %s: status %d, type %d, ephemeral %v: %s", i, in.name, status, out.Type, out.Ephemeral(), out.Text())
				}
			})
		}
		wg.Wait()
		got := script(h.command(a, at(0), "scenario", interact.Sub("show")))
		if len(got) != batches*size {
			t.Fatalf("the scenario has %d lines after %d batches of %d: %q", len(got), batches, size, got)
		}
		seen := map[int]bool{}
		for k := 0; k < len(got); k += size {
			var i, j int
			if _, err := fmt.Sscanf(got[k], "Ornithopter as M%dx%d (new)", &i, &j); err != nil || j != 0 || seen[i] {
				t.Fatalf("line %d %q does not start a new batch: %q", k+1, got[k], got)
			}
			seen[i] = true
			for j := range size {
				if want := fmt.Sprintf("Ornithopter as M%dx%d (new)", i, j); got[k+j] != want {
					t.Fatalf("batch %d broken at line %d: %q, want %q", i, k+j+1, got[k+j], want)
				}
			}
		}
	})

	t.Run("duplicate-interaction-answered-once", func(t *testing.T) {
		const rounds = 20
		for round := range rounds {
			body := interact.Command(h.id(), interact.Where{Guild: "900", Channel: "chan-dup", User: fmt.Sprintf("dup-%d", round)},
				"rule", interact.Str("number", "302.6"))
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			for i, in := range []*instance{a, b} {
				wg.Go(func() {
					st, _, err := signer.Post(h.client, in.url, body)
					if err != nil {
						t.Errorf("POST: %v", err)
					}
					statuses[i] = st
				})
			}
			wg.Wait()
			answered := 0
			for _, st := range statuses {
				if st == http.StatusOK {
					answered++
				}
			}
			if answered != 1 {
				t.Fatalf("round %d: the same interaction was answered %d times (statuses A %d, B %d), want exactly once",
					round, answered, statuses[0], statuses[1])
			}
		}
		// A redelivery to the instance that answered is refused too.
		body := interact.Command(h.id(), interact.Where{Guild: "900", Channel: "chan-dup", User: "again"}, "rule", interact.Str("number", "302.6"))
		if st, _ := h.post(a, body); st != http.StatusOK {
			t.Fatalf("first delivery: status %d", st)
		}
		if st, _ := h.post(a, body); st == http.StatusOK {
			t.Fatal("a redelivered interaction was answered a second time")
		}
	})

	outageRan := false
	t.Run("redis-outage", func(t *testing.T) {
		outageRan = true
		at := interact.Where{Guild: "900", Channel: "chan-outage", User: "carol"}
		h.command(a, at, "scenario", interact.Sub("new"))
		h.command(a, at, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as O (new)")))

		redis.Stop()
		for _, in := range []*instance{a, b} {
			for range 3 {
				began := time.Now()
				rule := h.command(in, at, "rule", interact.Str("number", "302.6"))
				if rule.Ephemeral() || !strings.Contains(rule.Text(), "summoning sickness") {
					t.Fatalf("/rule 302.6 via %s with Redis down did not answer the rule:\n%s", in.name, rule.Text())
				}
				if took := time.Since(began); took > 2500*time.Millisecond {
					t.Errorf("/rule via %s took %v with Redis down; Discord's budget is 3 s", in.name, took)
				}
			}
			show := h.command(in, at, "scenario", interact.Sub("show"))
			if !show.Ephemeral() || !strings.Contains(strings.ToLower(show.Text()), "unavailable") {
				t.Fatalf("/scenario show via %s with Redis down: want an ephemeral 'unavailable' answer, got:\n%s", in.name, show.Text())
			}
		}

		redis.Restart()
		// Both instances reconnect by themselves. The restarted server kept
		// nothing (no persistence), so the scenario starts afresh.
		for _, in := range []*instance{a, b} {
			deadline := time.Now().Add(15 * time.Second)
			for {
				out := h.command(in, at, "scenario", interact.Sub("new"))
				if !out.Ephemeral() {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s still answers %q 15 s after Redis came back", in.name, out.Text())
				}
				time.Sleep(200 * time.Millisecond)
			}
		}
		h.command(a, at, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as Q (new)")))
		shown := h.command(b, at, "scenario", interact.Sub("show"))
		if got := script(shown); !sameLines(got, []string{"Ornithopter as Q (new)"}) {
			t.Fatalf("scenario after recovery via B: lines %q, want the one line added after recovery", got)
		}
	})

	for _, in := range []*instance{a, b} {
		if !in.alive() {
			t.Errorf("%s exited during the test:\n%s", in.name, in.out.String())
		}
		out := in.out.String()
		if strings.Contains(out, "panic") {
			t.Errorf("%s logged a panic:\n%s", in.name, out)
		}
		// Both instances saw the outage through many failed calls; the
		// store logs it, and its end, once each.
		if !outageRan {
			continue
		}
		if n, m := strings.Count(out, "redis unavailable;"), strings.Count(out, "redis is back"); n != 1 || m != 1 {
			t.Errorf("%s logged the outage %d times and the recovery %d times, want once each:\n%s", in.name, n, m, out)
		}
		// And nothing else logs it per request at warning level or above.
		for line := range strings.SplitSeq(out, "\n") {
			if strings.Contains(line, "unavailable") && !strings.Contains(line, "redis unavailable;") &&
				(strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR")) {
				t.Errorf("%s logs the outage per request: %s", in.name, line)
			}
		}
	}
}
