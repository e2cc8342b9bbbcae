package bot

// ShardState is one shard's connection state, for metrics.
type ShardState struct {
	ID, Count int
	// Ready is true while the shard's connection is up and its session
	// identified or resumed; false while it reconnects.
	Ready bool
}

// Shards reports the state of every shard this process runs (none before
// Open).
func (g *Gateway) Shards() []ShardState {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]ShardState, len(g.shards))
	for i, sh := range g.shards {
		out[i] = ShardState{ID: sh.id, Count: sh.count, Ready: sh.up.Load()}
	}
	return out
}
