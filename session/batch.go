package session

import (
	"context"
	"sync"

	"github.com/redis/go-redis/v9"
)

// Admissions are batched: Admit runs on every interaction, and one Redis
// round trip each cost a write and a read system call on both sides of the
// socket, which under load was more CPU than the script itself (in this
// process and in Redis). Concurrent Admit calls are handed to a few
// workers, and each worker sends whatever has queued up as one pipeline.
// A lone call goes out at once, so an idle bot waits for nothing; under
// load the batches form by themselves while the previous pipeline is in
// flight. Every call keeps its own script run, keys and result: batching
// changes how the commands travel, not what they do.

const (
	admitWorkers  = 2   // pipelines in flight at once
	admitMaxBatch = 128 // calls per pipeline
)

type admitJob struct {
	ctx  context.Context
	keys []string
	args []any
	res  []int64
	err  error
	done chan struct{}
}

type admitBatcher struct {
	once sync.Once
	jobs chan *admitJob
	stop chan struct{}
	wg   sync.WaitGroup
}

var admitJobPool = sync.Pool{New: func() any { return &admitJob{done: make(chan struct{}, 1)} }}

// runAdmit runs the admit script for one call through the batch workers
// and returns the script's reply.
func (r *Redis) runAdmit(ctx context.Context, keys []string, args ...any) ([]int64, error) {
	b := &r.admit
	b.once.Do(func() {
		b.jobs = make(chan *admitJob, 4*admitMaxBatch)
		b.stop = make(chan struct{})
		for range admitWorkers {
			b.wg.Add(1)
			go r.admitWorker()
		}
	})
	j := admitJobPool.Get().(*admitJob)
	j.ctx, j.keys, j.args, j.res, j.err = ctx, keys, args, nil, nil
	select {
	case b.jobs <- j:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-b.stop:
		return nil, errClosed
	}
	select {
	case <-j.done:
		res, err := j.res, j.err
		j.ctx, j.keys, j.args, j.res, j.err = nil, nil, nil, nil, nil
		admitJobPool.Put(j)
		return res, err
	case <-ctx.Done():
		// The worker still owns j and will signal it; it is not reused.
		return nil, ctx.Err()
	case <-b.stop:
		return nil, errClosed
	}
}

func (r *Redis) admitWorker() {
	defer r.admit.wg.Done()
	batch := make([]*admitJob, 0, admitMaxBatch)
	cmds := make([]*redis.Cmd, 0, admitMaxBatch)
	for {
		batch = batch[:0]
		select {
		case j := <-r.admit.jobs:
			batch = append(batch, j)
		case <-r.admit.stop:
			return
		}
	drain:
		for len(batch) < admitMaxBatch {
			select {
			case j := <-r.admit.jobs:
				batch = append(batch, j)
			default:
				break drain
			}
		}
		cmds = r.admitPipeline(batch, cmds[:0])
	}
}

// admitPipeline sends the batch's scripts in one pipeline and hands each
// job its own reply. A job whose caller gave up before it was sent is not
// sent at all.
func (r *Redis) admitPipeline(batch []*admitJob, cmds []*redis.Cmd) []*redis.Cmd {
	live := batch[:0:0]
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.err = err
			j.done <- struct{}{}
			continue
		}
		live = append(live, j)
	}
	if len(live) == 0 {
		return cmds
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.opTimeout)
	defer cancel()
	run := func(eval bool, jobs []*admitJob) []*redis.Cmd {
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
		return cmds
	}
	cmds = run(false, live)
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
		cmds = run(true, again)
		for i, j := range again {
			j.res, j.err = cmds[i].Int64Slice()
		}
	}
	for _, j := range live {
		j.done <- struct{}{}
	}
	return cmds
}

// closeAdmit stops the workers; waiting callers get errClosed.
func (r *Redis) closeAdmit() {
	b := &r.admit
	b.once.Do(func() { b.stop = make(chan struct{}) })
	select {
	case <-b.stop:
	default:
		close(b.stop)
	}
	b.wg.Wait()
}
