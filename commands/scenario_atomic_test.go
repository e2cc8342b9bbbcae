package commands

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// failingWrites passes every call to a real store except the write numbered
// failAt (counting from 1), which fails as the Redis store does when Redis
// goes away mid-command, without reaching the store.
type failingWrites struct {
	session.Store
	mu     sync.Mutex
	writes int
	failAt int
}

func (f *failingWrites) fail() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
	if f.writes == f.failAt {
		return fmt.Errorf("redis: i/o timeout: %w", session.ErrUnavailable)
	}
	return nil
}

func (f *failingWrites) AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error) {
	if err := f.fail(); err != nil {
		return nil, err
	}
	return f.Store.AppendAndList(ctx, key, lines, ttl, once)
}

func (f *failingWrites) PopAndList(ctx context.Context, key string, ttl time.Duration) (string, bool, []string, error) {
	if err := f.fail(); err != nil {
		return "", false, nil, err
	}
	return f.Store.PopAndList(ctx, key, ttl)
}

func (f *failingWrites) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.Store.Put(ctx, key, value, ttl)
}

func (f *failingWrites) Apply(ctx context.Context, b session.Batch) error {
	if err := f.fail(); err != nil {
		return err
	}
	return f.Store.Apply(ctx, b)
}

// scenarioState is what /scenario new and reset may change for user u1 in
// channel c1: the channel's lines, u1's private lines and u1's choice.
type scenarioState struct {
	shared, private []string
	marker          bool
}

func readScenarioState(t *testing.T, s session.Store) scenarioState {
	t.Helper()
	ctx := context.Background()
	shared, err := s.Lines(ctx, scenarioKey("c1", "u1", false), 0)
	if err != nil {
		t.Fatal(err)
	}
	private, err := s.Lines(ctx, scenarioKey("c1", "u1", true), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, marker, err := s.Get(ctx, privateMarker("c1", "u1"))
	if err != nil {
		t.Fatal(err)
	}
	return scenarioState{shared, private, marker}
}

func (a scenarioState) equal(b scenarioState) bool {
	return slices.Equal(a.shared, b.shared) && slices.Equal(a.private, b.private) && a.marker == b.marker
}

// TestScenarioNewWritesNothingPartial: the issue asks that session commands
// "write nothing partial" when Redis fails. /scenario new and reset change
// a scenario and the user's private/shared choice together; whichever store
// write fails, the state afterwards is the old one (and the user is told
// nothing changed) or the new one (and the command succeeded), never a mix.
// The store is the real Redis; the failure is injected at each write in
// turn.
func TestScenarioNewWritesNothingPartial(t *testing.T) {
	addr := redistest.Addr(t)
	shared, private := []string{"Shared Thing"}, []string{"Private Thing"}
	cases := []struct {
		name       string
		privateNow bool    // u1 has chosen a private scenario before the command
		req        Request // what u1 sends
		want       func(old scenarioState) scenarioState
	}{
		{"new shared after private", true, scen("new", "u1", "private", "false"),
			func(old scenarioState) scenarioState { return scenarioState{nil, old.private, false} }},
		{"new private after shared", false, scen("new", "u1", "private", "true"),
			func(old scenarioState) scenarioState { return scenarioState{old.shared, nil, true} }},
		{"reset private", true, scen("reset", "u1"),
			func(old scenarioState) scenarioState { return scenarioState{old.shared, nil, false} }},
	}
	for _, tc := range cases {
		for failAt := 1; failAt <= 3; failAt++ {
			t.Run(fmt.Sprintf("%s/write %d fails", tc.name, failAt), func(t *testing.T) {
				ctx := context.Background()
				real, err := session.NewRedis(session.RedisConfig{
					Addrs: []string{addr}, Prefix: redistest.Prefix(t, addr),
					DialTimeout: 3 * time.Second, ReadTimeout: 3 * time.Second, WriteTimeout: 3 * time.Second,
					PoolTimeout: 3 * time.Second, OpTimeout: 10 * time.Second,
				})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { real.Close() })
				if _, err := real.AppendAndList(ctx, scenarioKey("c1", "u1", false), shared, time.Hour, ""); err != nil {
					t.Fatal(err)
				}
				if _, err := real.AppendAndList(ctx, scenarioKey("c1", "u1", true), private, time.Hour, ""); err != nil {
					t.Fatal(err)
				}
				if tc.privateNow {
					if err := real.Put(ctx, privateMarker("c1", "u1"), []byte("1"), time.Hour); err != nil {
						t.Fatal(err)
					}
				}
				old := readScenarioState(t, real)
				want := tc.want(old)

				store := &failingWrites{Store: real, failAt: failAt}
				r := newRouter(t, Deps{Store: store, Scenarios: &fakeRunner{}})
				rep := r.Handle(ctx, tc.req)
				got := readScenarioState(t, real)
				switch {
				case rep.Error && !got.equal(old):
					t.Errorf("the command failed (%q) but changed the state:\n old %+v\n now %+v", rep.Body, old, got)
				case !rep.Error && !got.equal(want):
					t.Errorf("the command succeeded but the state is\n %+v\nwant\n %+v", got, want)
				}
				if failAt == 1 && !rep.Error {
					t.Errorf("the first write failed and the command still reported success: %+v", rep)
				}
			})
		}
	}
}
