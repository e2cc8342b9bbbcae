package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// sendBurst sends n /rule interactions on connection 0 and returns their ids.
func sendBurst(f *fakeDiscord, n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = freshID(i)
		f.send(0, interactionJSON(ids[i], "rule", "number", "302.6"))
	}
	return ids
}

// TestShutdownAnswersWhatWasRead: 20 interactions sent and Close at once:
// when Close returns, every one of them has been answered (Close waits for
// what was read from the socket and reads what Discord sent before it
// answered the close frame), and the session was ended with 1000.
func TestShutdownAnswersWhatWasRead(t *testing.T) {
	for round := 0; round < 3; round++ {
		f := newFakeDiscord(t, 1)
		g, _, _ := startGateway(t, f, nil)
		ids := sendBurst(f, 20)
		g.Close()
		f.mu.Lock()
		for _, id := range ids {
			if f.answered[id] != 1 {
				t.Errorf("round %d: interaction %s answered %d times when Close returned, want once", round, id, f.answered[id])
			}
		}
		f.mu.Unlock()
		select {
		case <-f.closedAt:
		case <-time.After(5 * time.Second):
			t.Fatal("no close frame")
		}
		f.mu.Lock()
		if len(f.clientCloses) != 1 || f.clientCloses[0] != 1000 {
			t.Errorf("closed with %v, want 1000", f.clientCloses)
		}
		f.mu.Unlock()
	}
}

// TestShutdownTellsDeferredUsers: an answer still being worked out when
// ShutdownGrace ends is replaced by a notice that Arbiter restarted, so
// the user is not left at "thinking…".
func TestShutdownTellsDeferredUsers(t *testing.T) {
	f := newFakeDiscord(t, 1)
	g, _ := deferredGateway(t, f, 10*time.Second, func(g *Gateway) { g.ShutdownGrace = 100 * time.Millisecond })
	id := freshID(1)
	f.send(0, interactionJSON(id, "rule", "number", "302.6"))
	if resp := f.await(t, id); resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first response type %d, want a deferral", resp.Type)
	}
	g.Close()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.webhooks) == 0 || !strings.Contains(f.webhooks[len(f.webhooks)-1], "Arbiter restarted") {
		t.Errorf("follow-ups when Close returned: %q", f.webhooks)
	}
}

// BenchmarkShutdown20InFlight: Close right after 20 interactions were
// sent; reports the time Close takes and how many were answered by then.
// go test ./bot -run '^$' -bench Shutdown20InFlight -benchtime 20x
func BenchmarkShutdown20InFlight(b *testing.B) {
	var total time.Duration
	answered := 0
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f := newFakeDiscord(b, 1)
		g, _, _ := startGateway(b, f, nil)
		ids := sendBurst(f, 20)
		b.StartTimer()
		start := time.Now()
		g.Close()
		total += time.Since(start)
		b.StopTimer()
		f.mu.Lock()
		for _, id := range ids {
			if f.answered[id] == 1 {
				answered++
			}
		}
		f.mu.Unlock()
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/shutdown")
	b.ReportMetric(float64(answered)/float64(b.N), "answered/20")
}

// BenchmarkZombieNotice: the time from the last acknowledged heartbeat to
// the bot closing the connection, at a 1 s heartbeat interval.
// go test ./bot -run '^$' -bench ZombieNotice -benchtime 5x
func BenchmarkZombieNotice(b *testing.B) {
	var fromZombie time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f := newFakeDiscord(b, 1)
		f.heartbeatMS = 1000
		startGateway(b, f, nil)
		// Turn the connection into a zombie just after an acknowledged
		// heartbeat, the worst case.
		f.mu.Lock()
		n := f.heartbeats
		f.mu.Unlock()
		for {
			f.mu.Lock()
			m := f.heartbeats
			if m > n {
				f.zombie = f.conns[0]
			}
			f.mu.Unlock()
			if m > n {
				break
			}
			time.Sleep(time.Millisecond)
		}
		start := time.Now()
		b.StartTimer()
		at := <-f.closedAt
		b.StopTimer()
		fromZombie += at.Sub(start)
		b.StartTimer()
	}
	b.ReportMetric(fromZombie.Seconds()/float64(b.N), "s-to-notice")
}
