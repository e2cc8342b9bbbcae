// Package inproc measures what one interaction costs the server, without
// the network or the load driver: the HTTP handler of `arbiter http`
// (signature check, decode, claim, rate limit, handler, render, encode)
// over the real knowledge base, with the Redis store and the in-memory one.
//
//	go test -run XXX -bench . -benchtime 3000x ./bench/inproc/
//	go test -run XXX -bench Redis/rule -cpuprofile cpu.out ./bench/inproc/
package inproc

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"

	"github.com/arbiter-mtg/arbiter/bench/interact"
	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/session/redistest"
	"github.com/arbiter-mtg/arbiter/wire"
)

var rateLimit = 10

const seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"

func loadKB(b *testing.B) *rulings.KB { return testkb.KB(b) }

func handler(b *testing.B, store session.Store, signer *interact.Signer) http.Handler {
	d := wire.FromKB(loadKB(b))
	d.Store = store
	d.Limits = commands.Limits{Rate: rateLimit, Window: 10e9}
	r, err := commands.New(d)
	if err != nil {
		b.Fatal(err)
	}
	pub, err := bot.ParsePublicKey(signer.PublicKeyHex())
	if err != nil {
		b.Fatal(err)
	}
	return &bot.Interactions{Dispatcher: &bot.Dispatcher{Router: r, DeferAfter: 2e9}, PublicKey: pub}
}

func BenchmarkInteraction(b *testing.B) {
	signer, _ := interact.NewSigner(seed)
	addr := redistest.Addr(b)
	rs, err := session.NewRedis(session.RedisConfig{Addrs: []string{addr}, Prefix: redistest.Prefix(b, addr)})
	if err != nil {
		b.Fatal(err)
	}
	mem := session.NewMemory()
	b.Cleanup(func() { rs.Close(); mem.Close() })
	var seq atomic.Int64
	bodies := map[string]func() []byte{
		"rule": func() []byte {
			n := seq.Add(1)
			return interact.Command(fmt.Sprint("b", n), interact.Where{Guild: "g", Channel: "c", User: fmt.Sprint("u", n)}, "rule", interact.Str("number", "302.6"))
		},
		"complete": func() []byte {
			n := seq.Add(1)
			o := interact.Str("number", "70")
			o.Focused = true
			return interact.Autocomplete(fmt.Sprint("b", n), interact.Where{Guild: "g", Channel: "c", User: fmt.Sprint("u", n)}, "rule", o)
		},
		"ping": func() []byte { return interact.Ping(fmt.Sprint("b", seq.Add(1))) },
	}
	for _, st := range []struct {
		name  string
		store session.Store
	}{{"memory", mem}, {"redis", rs}} {
		h := handler(b, st.store, signer)
		for _, kind := range []string{"ping", "complete", "rule"} {
			b.Run(st.name+"/"+kind, func(b *testing.B) {
				b.SetParallelism(32) // 64 goroutines on 2 CPUs
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						body := bodies[kind]()
						req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
						signer.Sign(req, body)
						w := httptest.NewRecorder()
						h.ServeHTTP(w, req)
						if w.Code != http.StatusOK {
							b.Errorf("status %d: %s", w.Code, w.Body)
							return
						}
					}
				})
			})
		}
	}
}
