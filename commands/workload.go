package commands

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// workload caps how many commands run at once. Deferred work has up to 15
// minutes of the interaction token's life; without a cap a few heavy
// requests (long scenario runs) take every core and everyone else's answers
// wait behind them. A command waits for one of the slots in a queue of
// bounded length; when the queue is full it is answered at once with a
// "busy" reply instead of adding to the pile.
type workload struct {
	slots chan struct{} // one token per running command
	queue chan struct{} // one token per waiting command
}

func newWorkload(handlers, queue int) *workload {
	return &workload{slots: make(chan struct{}, handlers), queue: make(chan struct{}, queue)}
}

// errBusy is the reply to a command that found the queue full.
var errBusy = &UserError{Code: CodeLimited, Title: "Arbiter is busy", Msg: "Arbiter is answering as many questions as it can right now. Try again in a few seconds.", Hint: "/help"}

// limitWork runs a command when a slot is free, waits in the queue for one
// otherwise, and answers "busy" when the queue is full too. Autocomplete
// is cheap, cannot be deferred and is never queued.
func (r *Router) limitWork(next Handler) Handler {
	return func(ctx context.Context, req Request) Reply {
		if req.Kind == KindAutocomplete {
			return next(ctx, req)
		}
		w := r.work
		select {
		case w.slots <- struct{}{}:
		default:
			select {
			case w.queue <- struct{}{}:
			default:
				r.log.Warn("busy: command refused", "command", req.Command, "running", len(w.slots), "queued", len(w.queue))
				return r.errorReply(ctx, errBusy)
			}
			select {
			case w.slots <- struct{}{}:
				<-w.queue
			case <-ctx.Done():
				<-w.queue
				return r.errorReply(ctx, errBusy)
			}
		}
		defer func() { <-w.slots }()
		return next(ctx, req)
	}
}

// heavySlots is how many scenario runs may use the CPU at once: all cores
// but one, so look-ups always have a core however many scenarios are being
// run (the handler cap alone would let slow runs fill every slot).
func heavySlots() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// errRunsBusy answers a scenario that waited its whole deadline for a turn.
var errRunsBusy = &UserError{Code: CodeLimited, Title: "Arbiter is busy", Msg: "Many scenarios are being run right now and yours did not get a turn in time. Try again in a few seconds.", Hint: "/scenario show"}

// runScenario runs a script within the per-run deadline (which includes
// waiting for a turn) and through the cache of recent results.
func (r *Router) runScenario(ctx context.Context, src string) (ScenarioResult, error) {
	if res, ok := r.scenarios.get(src); ok {
		return res, nil
	}
	rctx, cancel := context.WithTimeout(ctx, r.d.ScenarioTimeout)
	defer cancel()
	select {
	case r.heavy <- struct{}{}:
		defer func() { <-r.heavy }()
	case <-rctx.Done():
		if ctx.Err() == nil {
			return ScenarioResult{}, errRunsBusy
		}
		return ScenarioResult{}, ctx.Err()
	}
	start := time.Now()
	res, err := r.d.Scenarios.Run(rctx, src)
	if err != nil {
		if rctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			r.log.Warn("scenario run stopped at its deadline", "after", time.Since(start).Round(time.Millisecond), "bytes", len(src))
			return ScenarioResult{}, &UserError{Code: CodeLimited, Title: "The scenario took too long",
				Msg:  fmt.Sprintf("Running this scenario took longer than %s, so it was stopped. Make it smaller (remove lines with /scenario undo, or start again with /scenario new).", humanDuration(r.d.ScenarioTimeout)),
				Hint: "/scenario undo"}
		}
		return ScenarioResult{}, err
	}
	r.scenarios.put(src, res)
	return res, nil
}
