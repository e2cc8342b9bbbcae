package commands

import (
	"context"
	"sync"
	"sync/atomic"
)

// Replace builds a router that answers from the knowledge sources of src
// (CR, Glossary, Search, Versions, Ask, Cards, Docs, Scenarios) and keeps
// everything else of r: the store, limits, TTLs, log, reloader and owners,
// and, shared with r, the handler slots and queue (a reload never doubles
// the work admitted), the local admission record and the middleware added
// with Use. The scenario result cache starts empty: results depend on the
// cards. r itself is not changed and keeps answering what it was given.
func (r *Router) Replace(src Deps) (*Router, error) {
	d := r.d
	d.CR, d.Glossary, d.Search, d.Versions = src.CR, src.Glossary, src.Search, src.Versions
	d.Ask, d.Cards, d.Docs, d.Scenarios = src.Ask, src.Cards, src.Docs, src.Scenarios
	n, err := New(d)
	if err != nil {
		return nil, err
	}
	n.work, n.heavy, n.local = r.work, r.heavy, r.local
	n.inner = r.inner
	n.chain()
	return n, nil
}

// Live serves whichever router it holds now, and lets a reload put another
// in its place in one step. Each request is answered entirely by the
// router that was current when it arrived (one atomic load at its start),
// so one answer never mixes old and new data, and a router being built is
// never seen before it is complete. Live implements Server.
type Live struct {
	cur atomic.Pointer[Router]
	mu  sync.Mutex // serialises Replace
}

// NewLive serves r until it is replaced.
func NewLive(r *Router) *Live {
	l := &Live{}
	l.cur.Store(r)
	return l
}

// Router is the router serving now.
func (l *Live) Router() *Router { return l.cur.Load() }

// Serve answers req with the router current at its start.
func (l *Live) Serve(ctx context.Context, req Request) Reply {
	return l.cur.Load().Serve(ctx, req)
}

// Definitions lists the commands of the router serving now.
func (l *Live) Definitions() []Definition { return l.cur.Load().Definitions() }

// Replace builds a router over src's knowledge sources beside the one
// serving (see Router.Replace) and then swaps it in; requests already
// being answered finish on the old one. On an error nothing changes.
func (l *Live) Replace(src Deps) (*Router, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.cur.Load().Replace(src)
	if err != nil {
		return nil, err
	}
	l.cur.Store(n)
	return n, nil
}
