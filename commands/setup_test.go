package commands

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/internal/testkb"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/session"
)

func loadCR(t testing.TB) *cr.Rules { t.Helper(); return testkb.CR(t) }

func newRouter(t testing.TB, d Deps) *Router {
	t.Helper()
	if d.CR == nil {
		d.CR = loadCR(t)
	}

	r, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func cmd(name string, opts ...string) Request {
	req := NewRequest(name, opts...)
	req.UserID, req.ChannelID = "u1", "c1"
	return req
}

// checkCitations fails the test for any CR citation that names a rule the
// loaded CR lacks, or whose link is not the rule's Yawgatog anchor.
func checkCitations(t *testing.T, rules *cr.Rules, rep Reply) {
	t.Helper()
	for _, c := range rep.Citations {
		if c.Kind != CiteCR {
			continue
		}
		if !rules.Exists(c.ID) {
			t.Errorf("reply %q cites rule %s, which is not in the CR", rep.Title, c.ID)
		}
		if c.URL != YawgatogRuleURL(c.ID) {
			t.Errorf("citation %s links %s", c.ID, c.URL)
		}
	}
	for _, b := range rep.Buttons {
		if ids, ok := strings.CutPrefix(b.CustomID, "cite:"); ok {
			for _, id := range strings.Split(ids, ",") {
				if !rules.Exists(id) {
					t.Errorf("\"show cited rules\" names %s, not in the CR", id)
				}
			}
		}
		if len(b.CustomID) > 100 {
			t.Errorf("custom id %q is over Discord's 100 characters", b.CustomID)
		}
	}
}

// downStore is a session store whose backend is unreachable: every call
// fails with session.ErrUnavailable, as the Redis store does when Redis is
// down. It counts writes so tests can assert nothing was written.
type downStore struct {
	mu     sync.Mutex
	writes int
}

func (s *downStore) fail(write bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if write {
		s.writes++
	}
	return fmt.Errorf("redis: dial tcp: connection refused: %w", session.ErrUnavailable)
}
func (s *downStore) Admit(context.Context, string, time.Duration, string, int, time.Duration) (session.Admission, error) {
	return session.Admission{}, s.fail(true)
}
func (s *downStore) Lines(context.Context, string, time.Duration) ([]string, error) {
	return nil, s.fail(false)
}
func (s *downStore) AppendAndList(context.Context, string, []string, time.Duration, string) ([]string, error) {
	return nil, s.fail(true)
}
func (s *downStore) PopAndList(context.Context, string, time.Duration) (string, bool, []string, error) {
	return "", false, nil, s.fail(true)
}
func (s *downStore) Peek(context.Context, string, ...string) (bool, [][]string, error) {
	return false, nil, s.fail(false)
}
func (s *downStore) Put(context.Context, string, []byte, time.Duration) error { return s.fail(true) }
func (s *downStore) Get(context.Context, string) ([]byte, bool, error) {
	return nil, false, s.fail(false)
}
func (s *downStore) Apply(context.Context, session.Batch) error { return s.fail(true) }
func (s *downStore) Swap(context.Context, string, []byte, []byte, time.Duration) (bool, error) {
	return false, s.fail(true)
}
func (s *downStore) Ping(context.Context) error { return s.fail(false) }
func (s *downStore) Publish(context.Context, string, []byte) error {
	return s.fail(true)
}
func (s *downStore) Subscribe(context.Context, string) (<-chan []byte, error) {
	return nil, s.fail(false)
}
func (s *downStore) Close() error { return nil }
