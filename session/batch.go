package session

import (
	"context"
	"sync"

	"github.com/redis/go-redis/v9"
)

// Admissions are batched: Admit runs on every interaction, and one Redis
// round trip each cost a write and a read system call on both sides of the
// socket, which under load was more CPU than the script itself (in this
// process and in Redis). Up to admitPipelines calls at a time lead: each
// sends its own script together with every call queued behind it as one
// pipeline, hands each its reply, and passes the lead to the next queued
// call if any arrived meanwhile. A lone call goes out at once, so an idle
// bot waits for nothing, and no call waits for more than one wake-up (its
// reply, or its turn to lead): batching without a goroutine in between.
// Every call keeps its own script run, keys and result: batching changes
// how the commands travel, not what they do.

const (
	admitPipelines = 2   // pipelines in flight at once
	admitMaxBatch  = 128 // calls per pipeline
)

type admitJob struct {
	ctx  context.Context
	keys []string
	args []any
	res  []int64
	err  error
	lead bool // woken to lead, not with its reply
	done chan struct{}
}

type admitBatcher struct {
	mu       sync.Mutex
	queue    []*admitJob
	inflight int
	closed   bool
}

var admitJobPool = sync.Pool{New: func() any { return &admitJob{done: make(chan struct{}, 1)} }}

// runAdmit runs the admit script for one call, batched with concurrent
// calls, and returns the script's reply.
func (r *Redis) runAdmit(ctx context.Context, keys []string, args ...any) ([]int64, error) {
	b := &r.admit
	j := admitJobPool.Get().(*admitJob)
	j.ctx, j.keys, j.args, j.res, j.err, j.lead = ctx, keys, args, nil, nil, false
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, errClosed
	}
	if b.inflight < admitPipelines {
		b.inflight++
		b.mu.Unlock()
		r.leadAdmit(j)
	} else {
		b.queue = append(b.queue, j)
		b.mu.Unlock()
		select {
		case <-j.done:
		case <-ctx.Done():
			b.mu.Lock()
			for i, q := range b.queue {
				if q == j {
					b.queue = append(b.queue[:i], b.queue[i+1:]...)
					b.mu.Unlock()
					return nil, ctx.Err() // never sent; j is dropped, not reused
				}
			}
			b.mu.Unlock()
			// Already taken: its reply or its turn to lead comes within
			// one pipeline's time, and a turn to lead must be taken.
			<-j.done
		}
		if j.lead {
			r.leadAdmit(j)
		}
	}
	res, err := j.res, j.err
	if err == nil {
		err = ctx.Err()
	}
	j.ctx, j.keys, j.args, j.res, j.err = nil, nil, nil, nil, nil
	admitJobPool.Put(j)
	return res, err
}

// leadAdmit sends first and the calls queued behind it as one pipeline,
// then passes the lead on or gives its slot back.
func (r *Redis) leadAdmit(first *admitJob) {
	b := &r.admit
	b.mu.Lock()
	n := min(len(b.queue), admitMaxBatch-1)
	batch := make([]*admitJob, 0, n+1)
	batch = append(append(batch, first), b.queue[:n]...)
	b.queue = append(b.queue[:0], b.queue[n:]...)
	b.mu.Unlock()

	r.admitPipeline(batch)
	<-first.done // admitPipeline signals every job, this one included

	b.mu.Lock()
	if len(b.queue) > 0 {
		next := b.queue[0]
		b.queue = append(b.queue[:0], b.queue[1:]...)
		b.mu.Unlock()
		next.lead = true
		next.done <- struct{}{}
		return
	}
	b.inflight--
	b.mu.Unlock()
}

// admitPipeline sends the batch's scripts in one pipeline and hands each
// job its own reply. A job whose caller gave up before it was sent is not
// sent at all.
func (r *Redis) admitPipeline(batch []*admitJob) {
	live := make([]*admitJob, 0, len(batch))
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.err = err
			j.done <- struct{}{}
			continue
		}
		live = append(live, j)
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.opTimeout)
	defer cancel()
	cmds := make([]*redis.Cmd, 0, len(live))
	run := func(eval bool, jobs []*admitJob) {
		cmds = cmds[:0]
		_, _ = r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, j := range jobs {
				if eval {
					cmds = append(cmds, admitScript.Eval(ctx, p, j.keys, j.args...))
				} else {
					cmds = append(cmds, admitScript.EvalSha(ctx, p, j.keys, j.args...))
				}
			}
			return nil
		})
	}
	run(false, live)
	// A server that does not know the script yet (first use, a restart, a
	// SCRIPT FLUSH) answers NOSCRIPT and ran nothing: send those again
	// with the script's text, which also loads it.
	var again []*admitJob
	for i, j := range live {
		res, err := cmds[i].Int64Slice()
		if err != nil && redis.HasErrorPrefix(err, "NOSCRIPT") {
			again = append(again, j)
			continue
		}
		j.res, j.err = res, err
	}
	if len(again) > 0 {
		run(true, again)
		for i, j := range again {
			j.res, j.err = cmds[i].Int64Slice()
		}
	}
	for _, j := range live {
		j.done <- struct{}{}
	}
}

// closeAdmit refuses new calls; calls already queued are still sent (and
// fail at once on the closed client), so none is left waiting.
func (r *Redis) closeAdmit() {
	r.admit.mu.Lock()
	r.admit.closed = true
	r.admit.mu.Unlock()
}
