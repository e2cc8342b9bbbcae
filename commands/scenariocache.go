package commands

import (
	"container/list"
	"sync"
)

// resultCache keeps the results of recent scenario runs by script text, so
// /scenario show of an unchanged scenario, and the show after an add, do not
// run the whole script again. A run's result depends only on the script and
// the loaded knowledge base, which a Router never changes. Bounded in
// entries and in bytes (script plus report); the least recently used goes
// first.
type resultCache struct {
	mu       sync.Mutex
	max      int // entries
	maxBytes int
	bytes    int
	ll       *list.List // of *cacheEntry, most recent first
	by       map[string]*list.Element
}

type cacheEntry struct {
	src string
	res ScenarioResult
	n   int // bytes held
}

func newResultCache(max, maxBytes int) *resultCache {
	return &resultCache{max: max, maxBytes: maxBytes, ll: list.New(), by: map[string]*list.Element{}}
}

func (c *resultCache) get(src string) (ScenarioResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.by[src]
	if !ok {
		return ScenarioResult{}, false
	}
	c.ll.MoveToFront(e)
	return e.Value.(*cacheEntry).res, true
}

func (c *resultCache) put(src string, res ScenarioResult) {
	n := len(src) + len(res.Text)
	for _, e := range res.Errors {
		n += len(e.Msg) + 8
	}
	if n > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.by[src]; ok {
		c.ll.MoveToFront(e)
		return
	}
	c.by[src] = c.ll.PushFront(&cacheEntry{src: src, res: res, n: n})
	c.bytes += n
	for c.ll.Len() > c.max || c.bytes > c.maxBytes {
		old := c.ll.Back()
		ce := old.Value.(*cacheEntry)
		c.ll.Remove(old)
		delete(c.by, ce.src)
		c.bytes -= ce.n
	}
}
