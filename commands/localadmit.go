package commands

import (
	"sync"
	"time"

	"github.com/arbiter-mtg/arbiter/session"
)

// localAdmission is what admission falls back on while the store is down:
// the interaction ids this instance answered in the last 15 minutes and a
// per-user count, both in memory and bounded. The store stays the one
// source of truth whenever it answers; the local record only keeps an
// outage from letting an identical signed delivery be answered twice (by
// this instance) or a user pass the rate limit.
type localAdmission struct {
	mu sync.Mutex
	// claims are the ids answered here, with their expiry; order is their
	// insertion order (all share one TTL, so it is also expiry order).
	claims    map[string]time.Time
	order     []string
	head      int // order[head:] are the live ids, oldest first
	maxClaims int
	rates     map[string]*localWindow
	maxRates  int
	now       func() time.Time
}

type localWindow struct {
	start time.Time
	n     int
}

// Bounds of the local record: at 100 interactions a second 15 minutes is
// 90,000 ids; the oldest are dropped first beyond the cap.
const (
	localClaimCap = 1 << 17
	localRateCap  = 1 << 16
)

func newLocalAdmission() *localAdmission {
	return &localAdmission{claims: map[string]time.Time{}, maxClaims: localClaimCap, rates: map[string]*localWindow{}, maxRates: localRateCap, now: time.Now}
}

// note records an id the store admitted, so that a duplicate arriving
// during a later outage is still recognised.
func (l *localAdmission) note(claim string) {
	if claim == "" {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.claimLocked(claim, l.now())
}

// claimLocked claims id; false when it is already held.
func (l *localAdmission) claimLocked(id string, now time.Time) bool {
	// Drop expired ids, and the oldest beyond the cap.
	for l.head < len(l.order) {
		old := l.order[l.head]
		exp, ok := l.claims[old]
		if ok && now.Before(exp) && len(l.claims) < l.maxClaims {
			break
		}
		if ok {
			delete(l.claims, old) // expired, or the oldest over the cap
		}
		l.head++
	}
	if l.head > len(l.order)/2 && l.head > 1024 {
		l.order = append(l.order[:0], l.order[l.head:]...)
		l.head = 0
	}
	if exp, ok := l.claims[id]; ok && now.Before(exp) {
		return false
	}
	l.claims[id] = now.Add(claimTTL)
	l.order = append(l.order, id)
	return true
}

// admit is session.Store.Admit's meaning, in memory.
func (l *localAdmission) admit(claim, rate string, limit int, window time.Duration) session.Admission {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if claim != "" && !l.claimLocked(claim, now) {
		return session.Admission{}
	}
	if rate == "" || limit <= 0 || window <= 0 {
		return session.Admission{First: true, Allowed: true}
	}
	w := l.rates[rate]
	if w == nil || now.Sub(w.start) >= window {
		if w == nil && len(l.rates) >= l.maxRates {
			for k, v := range l.rates {
				if now.Sub(v.start) >= window {
					delete(l.rates, k)
				}
			}
			if len(l.rates) >= l.maxRates {
				clear(l.rates) // forget the counts rather than grow
			}
		}
		w = &localWindow{start: now}
		l.rates[rate] = w
	}
	w.n++
	if w.n > limit {
		return session.Admission{First: true, RetryAfter: w.start.Add(window).Sub(now)}
	}
	return session.Admission{First: true, Allowed: true}
}
