package wire

import (
	"fmt"
	"sync"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/crdiff"
)

// Versions serves the CR versions a knowledge base holds: older ones are
// parsed on first use (rulings.Version.Rules), and each diff is computed
// once and kept.
type Versions struct {
	kb    *rulings.KB
	dates []time.Time
	byDay map[time.Time]*rulings.Version

	mu    sync.Mutex
	diffs map[[2]time.Time]*diffOnce
}

type diffOnce struct {
	once sync.Once
	d    *crdiff.Diff
	err  error
}

// NewVersions indexes the versions of kb by effective date. Two files with
// the same date count once (the first, as Load sorted them).
func NewVersions(kb *rulings.KB) *Versions {
	v := &Versions{kb: kb, byDay: map[time.Time]*rulings.Version{}, diffs: map[[2]time.Time]*diffOnce{}}
	for _, ver := range kb.Versions {
		day := dayOf(ver.EffectiveDate)
		if _, dup := v.byDay[day]; dup {
			continue
		}
		v.byDay[day] = ver
		v.dates = append(v.dates, day)
	}
	return v
}

func dayOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Dates lists the effective dates held, newest first.
func (v *Versions) Dates() []time.Time { return v.dates }

// Version is the held version effective on date.
func (v *Versions) Version(date time.Time) (commands.RuleBook, error) {
	ver, ok := v.byDay[dayOf(date)]
	if !ok {
		return nil, fmt.Errorf("no CR effective %s is held", date.Format(time.DateOnly))
	}
	return ver.Rules()
}

// Diff compares two held versions, once per pair.
func (v *Versions) Diff(old, new time.Time) (*crdiff.Diff, error) {
	key := [2]time.Time{dayOf(old), dayOf(new)}
	v.mu.Lock()
	e, ok := v.diffs[key]
	if !ok {
		e = &diffOnce{}
		v.diffs[key] = e
	}
	v.mu.Unlock()
	e.once.Do(func() {
		a, b := v.byDay[key[0]], v.byDay[key[1]]
		if a == nil || b == nil {
			e.err = fmt.Errorf("CR versions %s and %s are not both held", key[0].Format(time.DateOnly), key[1].Format(time.DateOnly))
			return
		}
		ra, err := a.Rules()
		if err != nil {
			e.err = err
			return
		}
		rb, err := b.Rules()
		if err != nil {
			e.err = err
			return
		}
		e.d = crdiff.Compare(ra, rb)
	})
	return e.d, e.err
}
