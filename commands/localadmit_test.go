package commands

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// With the store down, an identical delivery (same interaction id) is
// answered once, and the rate limit still holds.
func TestAdmissionWithStoreDown(t *testing.T) {
	ctx := context.Background()
	r := newRouter(t, Deps{Store: &downStore{}, Limits: Limits{Rate: 3, Window: time.Minute}})
	req := cmd("rule", "number", "302.6")
	req.ID = "900"
	if rep := r.Serve(ctx, req); rep.Silent || rep.Error {
		t.Fatalf("first delivery: %+v", rep)
	}
	if rep := r.Serve(ctx, req); !rep.Silent {
		t.Fatalf("the same delivery again while the store is down was answered: %+v", rep)
	}
	for i := 1; i < 3; i++ {
		req.ID = fmt.Sprint(900 + i)
		if rep := r.Serve(ctx, req); rep.Error {
			t.Fatalf("command %d within the limit: %+v", i+1, rep)
		}
	}
	req.ID = "999"
	if rep := r.Serve(ctx, req); rep.Code != CodeLimited {
		t.Errorf("command 4 of 3 per minute while the store is down: %+v", rep)
	}
}

// An interaction the store admitted, delivered again after the store went
// down, is still recognised.
func TestAdmissionRemembersClaimsAcrossAnOutage(t *testing.T) {
	ctx := context.Background()
	flaky := &switchStore{Store: session.NewMemory()}
	r := newRouter(t, Deps{Store: flaky})
	req := cmd("rule", "number", "302.6")
	req.ID = "1000"
	if rep := r.Serve(ctx, req); rep.Silent {
		t.Fatal("first delivery not answered")
	}
	flaky.down = true
	if rep := r.Serve(ctx, req); !rep.Silent {
		t.Errorf("a delivery admitted before the outage answered again during it: %+v", rep)
	}
}

type switchStore struct {
	session.Store
	down bool
}

func (s *switchStore) Admit(ctx context.Context, claim string, ttl time.Duration, rate string, limit int, window time.Duration) (session.Admission, error) {
	if s.down {
		return session.Admission{}, session.ErrUnavailable
	}
	return s.Store.Admit(ctx, claim, ttl, rate, limit, window)
}

// The local record is bounded and forgets claims after their 15 minutes.
func TestLocalAdmissionBounds(t *testing.T) {
	l := newLocalAdmission()
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	l.maxClaims = 100
	for i := 0; i < 1000; i++ {
		if ad := l.admit(fmt.Sprint(i), "", 0, 0); !ad.First {
			t.Fatalf("fresh id %d refused", i)
		}
	}
	if len(l.claims) > 100 {
		t.Errorf("%d claims held, cap 100", len(l.claims))
	}
	if ad := l.admit("999", "", 0, 0); ad.First {
		t.Error("a recent id was forgotten")
	}
	now = now.Add(claimTTL)
	if ad := l.admit("999", "", 0, 0); !ad.First {
		t.Error("an id was still held after 15 minutes")
	}
	// Rate windows end.
	for i := 0; i < 2; i++ {
		l.admit("", "rate:u", 2, time.Second)
	}
	if ad := l.admit("", "rate:u", 2, time.Second); ad.Allowed || ad.RetryAfter <= 0 {
		t.Errorf("third of 2 per second: %+v", ad)
	}
	now = now.Add(time.Second)
	if ad := l.admit("", "rate:u", 2, time.Second); !ad.Allowed {
		t.Errorf("first of a new window: %+v", ad)
	}
}
