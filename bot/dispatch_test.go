package bot

import (
	"strconv"

	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
)

// snowflakeAt is an interaction id Discord would give at t.
func snowflakeAt(t time.Time) string {
	return strconv.FormatUint(uint64(t.UnixMilli()-discordEpoch)<<22, 10)
}

// The deferral counts from the interaction's creation: an interaction that
// waited 1.5 s before a handler took it has 0.5 s left of a 2 s budget.
func TestDeferWaitCountsFromCreation(t *testing.T) {
	now := time.Now()
	cases := []struct {
		id   string
		want time.Duration
	}{
		{snowflakeAt(now.Add(-1500 * time.Millisecond)), 500 * time.Millisecond},
		{snowflakeAt(now.Add(-2500 * time.Millisecond)), 0},
		{snowflakeAt(now), 2 * time.Second},
		// Clocks that disagree or a replay: count from now.
		{snowflakeAt(now.Add(time.Minute)), 2 * time.Second},
		{snowflakeAt(now.Add(-time.Hour)), 2 * time.Second},
		{"not-a-snowflake", 2 * time.Second},
	}
	for _, c := range cases {
		got := deferWait(c.id, 2*time.Second, now)
		if d := got - c.want; d < -5*time.Millisecond || d > 5*time.Millisecond {
			t.Errorf("id %s: wait %v, want %v", c.id, got, c.want)
		}
	}
}

// An interaction that already spent most of its window waiting is deferred
// at once, even while its handler is still busy.
func TestDispatchDefersOldInteractionsAtOnce(t *testing.T) {
	d := &Dispatcher{Router: using(testRouter(t, commands.Deps{}), slow(2*time.Second)), DeferAfter: 2 * time.Second}
	in, err := DecodeInteraction(interactionJSON(snowflakeAt(time.Now().Add(-1900*time.Millisecond)), "rule", "number", "302.6"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out := d.Dispatch(t.Context(), in)
	// 100 ms were left of the 2 s; the handler takes 2 s more.
	if took := time.Since(start); took > time.Second || out.Later == nil {
		t.Errorf("first response after %v (deferred: %v); want a deferral long before the handler's 2 s", took, out.Later != nil)
	}
	if out.Later != nil {
		<-out.Later
	}
}
