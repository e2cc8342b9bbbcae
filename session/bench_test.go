package session

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// Benchmarks of the operations one interaction performs: Admit on every
// command (its claim and its count alone as well), Lines/AppendAndList on
// scenario commands, Put/Get for paging. Run against the real Redis:
//
//	go test -run XXX -bench . -benchtime 2000x ./session/
//
// The parallel variants use 64 goroutines, as in the HTTP load test.

func benchStores(b *testing.B) map[string]Store {
	addr := redistest.Addr(b)
	r, err := NewRedis(relaxed(RedisConfig{Addrs: []string{addr}, Prefix: redistest.Prefix(b, addr)}))
	if err != nil {
		b.Fatal(err)
	}
	m := NewMemory()
	b.Cleanup(func() { r.Close(); m.Close() })
	return map[string]Store{"redis": r, "memory": m}
}

func BenchmarkStore(b *testing.B) {
	ctx := context.Background()
	for _, name := range []string{"memory", "redis"} {
		stores := benchStores(b)
		s := stores[name]
		var seq atomic.Int64
		script := make([]string, 16)
		for i := range script {
			script[i] = fmt.Sprintf("Ornithopter as O%d (new)", i)
		}
		for k := range 64 {
			if _, err := s.AppendAndList(ctx, fmt.Sprintf("scenario:r%d", k), script, time.Hour, ""); err != nil {
				b.Fatal(err)
			}
		}
		ops := []struct {
			op string
			fn func(i int64) error
		}{
			{"AdmitClaim", func(i int64) error {
				_, err := s.Admit(ctx, fmt.Sprintf("interaction:%d", i), time.Minute, "", 0, 0)
				return err
			}},
			{"AdmitCount", func(i int64) error {
				_, err := s.Admit(ctx, "", 0, fmt.Sprintf("rate:u%d", i%1000), 1<<30, time.Minute)
				return err
			}},
			{"Admit", func(i int64) error {
				_, err := s.Admit(ctx, fmt.Sprintf("interaction:a%d", i), time.Minute, fmt.Sprintf("rate:u%d", i%1000), 1<<30, time.Minute)
				return err
			}},
			{"AppendAndList", func(i int64) error {
				// 64 scenarios, each fresh every 1024 calls: lists of at most
				// 16 lines, as scenarios are, so the returned list does not
				// grow with b.N.
				_, err := s.AppendAndList(ctx, fmt.Sprintf("scenario:c%d:%d", i%64, i/1024), []string{"Ornithopter as O (new)"}, time.Minute, "")
				return err
			}},
			{"Lines", func(i int64) error {
				_, err := s.Lines(ctx, fmt.Sprintf("scenario:r%d", i%64), time.Minute)
				return err
			}},
			{"PutGet", func(i int64) error {
				k := fmt.Sprintf("page:%d", i%1000)
				if err := s.Put(ctx, k, []byte(`{"title":"302.6","pages":[{"body":"x"}]}`), time.Minute); err != nil {
					return err
				}
				_, _, err := s.Get(ctx, k)
				return err
			}},
		}
		for _, o := range ops {
			b.Run(name+"/"+o.op, func(b *testing.B) {
				for b.Loop() {
					if err := o.fn(seq.Add(1)); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(name+"/"+o.op+"/parallel64", func(b *testing.B) {
				// SetParallelism multiplies by GOMAXPROCS: 64 goroutines in all.
				b.SetParallelism(max(1, 64/runtime.GOMAXPROCS(0)))
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						if err := o.fn(seq.Add(1)); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}
