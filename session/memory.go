package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrInvalid reports a call the store cannot honour whatever the backend's
// state (a non-positive rate-limit window or limit). It is a programming
// error, never wrapped with ErrUnavailable.
var ErrInvalid = errors.New("session: invalid argument")

// errClosed is returned (wrapped with ErrUnavailable) after Close.
var errClosed = errors.New("store closed")

// kind separates the namespaces of one logical key: the same key may hold a
// list of lines, a value, a claim and a rate counter at once, exactly as the
// Redis store keeps them under different suffixes of one hash tag. A
// Batch's Delete removes all of them.
type kind uint8

const (
	kindLines kind = iota
	kindValue
	kindClaim
	kindRate
	numKinds
	kindOnce // AppendAndList's once keys (key + "\x00" + once); not removed by Delete
)

type memKey struct {
	kind kind
	key  string
}

type memEntry struct {
	lines   []string
	value   []byte
	count   int
	expires time.Time // zero: no expiry
}

func (e *memEntry) expired(now time.Time) bool {
	return !e.expires.IsZero() && !now.Before(e.expires)
}

// Memory is the in-memory Store: for the console, tests and runs with no
// Redis configured. State lives in one process and dies with it. Every
// method is safe for concurrent use. Expired entries are dropped when
// touched and by a background sweep, so memory stays bounded by live keys.
//
// TTL conventions shared with the Redis store: for Lines, AppendAndList and
// PopAndList a ttl <= 0 leaves the key's expiry as it is (a new list then
// has none); for Put and Admit's claim a ttl <= 0 stores without expiry.
type Memory struct {
	mu      sync.Mutex
	entries map[memKey]*memEntry
	closed  bool
	// subs are the Subscribe channels by key (notify.go).
	subs map[string][]chan []byte

	now       func() time.Time
	stop      chan struct{}
	closeOnce sync.Once
	sweepDone chan struct{}
}

// memorySweepEvery is how often expired entries are swept in the background.
const memorySweepEvery = time.Minute

// NewMemory returns an empty in-memory store. Close stops its sweeper.
func NewMemory() *Memory {
	m := &Memory{
		entries:   make(map[memKey]*memEntry),
		now:       time.Now,
		stop:      make(chan struct{}),
		sweepDone: make(chan struct{}),
	}
	go m.sweepLoop(memorySweepEvery)
	return m
}

var _ Store = (*Memory)(nil)

func (m *Memory) sweepLoop(every time.Duration) {
	defer close(m.sweepDone)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-m.stop:
			return
		case <-t.C:
			m.sweep()
		}
	}
}

// sweep drops every expired entry.
func (m *Memory) sweep() {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	for k, e := range m.entries {
		if e.expired(now) {
			delete(m.entries, k)
		}
	}
}

// begin checks the context and the closed flag, takes the lock and returns
// the current time. The caller must unlock.
func (m *Memory) begin(ctx context.Context) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return time.Time{}, fmt.Errorf("%w: %w", ErrUnavailable, errClosed)
	}
	return m.now(), nil
}

// live returns the entry at k, or nil when absent or expired (an expired
// entry is removed on the way).
func (m *Memory) live(k memKey, now time.Time) *memEntry {
	e, ok := m.entries[k]
	if !ok {
		return nil
	}
	if e.expired(now) {
		delete(m.entries, k)
		return nil
	}
	return e
}

// renew applies the sliding-expiry rule: ttl > 0 resets the expiry.
func renew(e *memEntry, now time.Time, ttl time.Duration) {
	if ttl > 0 {
		e.expires = now.Add(ttl)
	}
}

func expiryFrom(now time.Time, ttl time.Duration) time.Time {
	if ttl <= 0 {
		return time.Time{}
	}
	return now.Add(ttl)
}

// Lines implements Store.
func (m *Memory) Lines(ctx context.Context, key string, ttl time.Duration) ([]string, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	e := m.live(memKey{kindLines, key}, now)
	if e == nil {
		return nil, nil
	}
	renew(e, now, ttl)
	return append([]string(nil), e.lines...), nil
}

// AppendAndList implements Store.
func (m *Memory) AppendAndList(ctx context.Context, key string, lines []string, ttl time.Duration, once string) ([]string, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	k := memKey{kindLines, key}
	if once != "" {
		ok := memKey{kindOnce, key + "\x00" + once}
		if m.live(ok, now) != nil {
			lines = nil // applied before: list only
		} else {
			m.entries[ok] = &memEntry{expires: expiryFrom(now, OnceTTL)}
		}
	}
	e := m.live(k, now)
	if e == nil {
		if len(lines) == 0 {
			return nil, nil
		}
		e = &memEntry{}
		m.entries[k] = e
	}
	e.lines = append(e.lines, lines...)
	renew(e, now, ttl)
	return append([]string(nil), e.lines...), nil
}

// PopAndList implements Store.
func (m *Memory) PopAndList(ctx context.Context, key string, ttl time.Duration) (string, bool, []string, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return "", false, nil, err
	}
	defer m.mu.Unlock()
	k := memKey{kindLines, key}
	e := m.live(k, now)
	if e == nil || len(e.lines) == 0 {
		return "", false, nil, nil
	}
	last := e.lines[len(e.lines)-1]
	e.lines[len(e.lines)-1] = ""
	e.lines = e.lines[:len(e.lines)-1]
	if len(e.lines) == 0 {
		delete(m.entries, k)
		return last, true, nil, nil
	}
	renew(e, now, ttl)
	return last, true, append([]string(nil), e.lines...), nil
}

// Peek implements Store.
func (m *Memory) Peek(ctx context.Context, valueKey string, listKeys ...string) (bool, [][]string, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return false, nil, err
	}
	defer m.mu.Unlock()
	found := m.live(memKey{kindValue, valueKey}, now) != nil
	lists := make([][]string, len(listKeys))
	for i, k := range listKeys {
		if e := m.live(memKey{kindLines, k}, now); e != nil && len(e.lines) > 0 {
			lists[i] = append([]string(nil), e.lines...)
		}
	}
	return found, lists, nil
}

// Put implements Store.
func (m *Memory) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	now, err := m.begin(ctx)
	if err != nil {
		return err
	}
	defer m.mu.Unlock()
	m.entries[memKey{kindValue, key}] = &memEntry{
		value:   append([]byte{}, value...),
		expires: expiryFrom(now, ttl),
	}
	return nil
}

// Get implements Store.
func (m *Memory) Get(ctx context.Context, key string) ([]byte, bool, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return nil, false, err
	}
	defer m.mu.Unlock()
	e := m.live(memKey{kindValue, key}, now)
	if e == nil {
		return nil, false, nil
	}
	return append([]byte{}, e.value...), true, nil
}

// Swap implements Store.
func (m *Memory) Swap(ctx context.Context, key string, old, new []byte, ttl time.Duration) (bool, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return false, err
	}
	defer m.mu.Unlock()
	k := memKey{kindValue, key}
	e := m.live(k, now)
	switch {
	case old == nil && e != nil, old != nil && (e == nil || !bytes.Equal(e.value, old)):
		return false, nil
	case new == nil:
		delete(m.entries, k)
	default:
		m.entries[k] = &memEntry{value: append([]byte{}, new...), expires: expiryFrom(now, ttl)}
	}
	return true, nil
}

// Apply implements Store: the whole batch under one lock.
func (m *Memory) Apply(ctx context.Context, b Batch) error {
	now, err := m.begin(ctx)
	if err != nil {
		return err
	}
	defer m.mu.Unlock()
	for _, key := range b.Delete {
		for k := kind(0); k < numKinds; k++ {
			delete(m.entries, memKey{k, key})
		}
	}
	for _, e := range b.Put {
		m.entries[memKey{kindValue, e.Key}] = &memEntry{value: append([]byte{}, e.Value...), expires: expiryFrom(now, e.TTL)}
	}
	return nil
}

// claim is Admit's claim step: SET NX.
func (m *Memory) claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	now, err := m.begin(ctx)
	if err != nil {
		return false, err
	}
	defer m.mu.Unlock()
	k := memKey{kindClaim, key}
	if m.live(k, now) != nil {
		return false, nil
	}
	m.entries[k] = &memEntry{expires: expiryFrom(now, ttl)}
	return true, nil
}

// allow is Admit's count step, with a fixed window: the first event starts a
// window of the given length; events up to limit inside it are allowed.
func (m *Memory) allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	if limit <= 0 || window <= 0 {
		return false, 0, fmt.Errorf("%w: rate limit %d per %v", ErrInvalid, limit, window)
	}
	now, err := m.begin(ctx)
	if err != nil {
		return false, 0, err
	}
	defer m.mu.Unlock()
	k := memKey{kindRate, key}
	e := m.live(k, now)
	if e == nil {
		e = &memEntry{expires: now.Add(window)}
		m.entries[k] = e
	}
	e.count++
	if e.count <= limit {
		return true, 0, nil
	}
	return false, e.expires.Sub(now), nil
}

// Ping implements Store.
func (m *Memory) Ping(ctx context.Context) error {
	if _, err := m.begin(ctx); err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

// Close stops the sweeper and drops all state; later calls fail with
// ErrUnavailable. Close is idempotent.
func (m *Memory) Close() error {
	m.closeOnce.Do(func() {
		close(m.stop)
		<-m.sweepDone
		m.mu.Lock()
		m.closed = true
		m.entries = nil
		m.mu.Unlock()
	})
	return nil
}

// Len reports the number of live entries (for tests and diagnostics).
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	n := 0
	for _, e := range m.entries {
		if !e.expired(now) {
			n++
		}
	}
	return n
}
