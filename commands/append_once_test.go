package commands

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// lostReplies applies each append and then loses its reply, as a
// MULTI/EXEC does when Redis stalls after running it: the first
// lose appends fail although they were applied.
type lostReplies struct {
	session.Store
	mu    sync.Mutex
	lose  int
	err   error
	calls int
}

func (l *lostReplies) AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error) {
	got, err := l.Store.AppendAndList(ctx, key, lines, ttl, once)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if err == nil && l.calls <= l.lose {
		return nil, l.err
	}
	return got, err
}

var errLostReply = fmt.Errorf("redis: i/o timeout: %w", session.ErrUnavailable)

// An append whose reply was lost is retried with the interaction id, and
// the line is in the scenario once.
func TestAppendLostReplyIsNotDoubled(t *testing.T) {
	ctx := context.Background()
	store := &lostReplies{Store: session.NewMemory(), lose: 1, err: errLostReply}
	r := newRouter(t, Deps{Store: store, Scenarios: &fakeRunner{}})
	req := scen("add", "u1", "line", "Ornithopter as O (new)")
	req.ID = "111"
	rep := r.Handle(ctx, req)
	if rep.Error {
		t.Fatalf("append with a lost reply: %s", rep.Body)
	}
	lines, _ := store.Lines(ctx, "scenario:c1", 0)
	if len(lines) != 1 {
		t.Errorf("scenario after a lost reply and its retry: %q, want the line once", lines)
	}
	if !strings.Contains(rep.Title, "1 line") {
		t.Errorf("reply title %q", rep.Title)
	}
}

// When the outcome stays unknown the reply says the lines may have been
// added, never "Nothing was changed".
func TestAppendUnknownOutcomeIsWordedTruthfully(t *testing.T) {
	ctx := context.Background()
	store := &lostReplies{Store: session.NewMemory(), lose: 2, err: errLostReply}
	r := newRouter(t, Deps{Store: store, Scenarios: &fakeRunner{}})
	req := scen("add", "u1", "line", "Ornithopter as O (new)")
	req.ID = "222"
	rep := r.Handle(ctx, req)
	if !rep.Error || strings.Contains(rep.Body, "Nothing was changed") || !strings.Contains(rep.Body, "may or may not have been added") || !strings.Contains(rep.Body, "/scenario show") {
		t.Fatalf("unknown outcome: %+v", rep)
	}
	if lines, _ := store.Lines(ctx, "scenario:c1", 0); len(lines) != 1 {
		t.Errorf("scenario: %q, want the line once", lines)
	}
	// A connection that could not even be made changed nothing, and says so.
	dial := fmt.Errorf("%w: %w", session.ErrUnavailable, &net.OpError{Op: "dial", Net: "tcp", Err: fmt.Errorf("connection refused")})
	r = newRouter(t, Deps{Store: dialFails{Store: session.NewMemory(), err: dial}, Scenarios: &fakeRunner{}})
	req.ID = "333"
	if rep := r.Handle(ctx, req); !rep.Error || !strings.Contains(rep.Body, "Nothing was changed") {
		t.Errorf("no connection: %+v", rep)
	}
}

// dialFails fails every append before sending it.
type dialFails struct {
	session.Store
	err error
}

func (d dialFails) AppendAndList(context.Context, string, []string, time.Duration, string) ([]string, error) {
	return nil, d.err
}

// failedWrites fails every change after it reached the store (its reply
// lost): the outcome is unknown.
type failedWrites struct{ session.Store }

func (f failedWrites) Apply(context.Context, session.Batch) error { return errLostReply }
func (f failedWrites) PopAndList(context.Context, string, time.Duration) (string, bool, []string, error) {
	return "", false, nil, errLostReply
}

// /scenario new, undo and reset whose outcome is unknown do not claim
// that nothing was changed.
func TestScenarioChangeUnknownOutcome(t *testing.T) {
	ctx := context.Background()
	r := newRouter(t, Deps{Store: failedWrites{session.NewMemory()}, Scenarios: &fakeRunner{}})
	for _, sub := range []string{"new", "undo", "reset"} {
		rep := r.Handle(ctx, scen(sub, "u1"))
		if !rep.Error || strings.Contains(rep.Body, "Nothing was changed") || !strings.Contains(rep.Body, "may or may not have been made") {
			t.Errorf("/scenario %s with its reply lost: %+v", sub, rep)
		}
	}
}
