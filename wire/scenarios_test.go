package wire

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
)

// stoppingSource cancels the run on its first look-up and counts them.
type stoppingSource struct {
	cancel context.CancelFunc
	calls  *atomic.Int32
}

func (s stoppingSource) Card(name string) (engine.CardDef, bool) {
	s.calls.Add(1)
	s.cancel()
	return engine.CardDef{Name: name, Types: []string{"Creature"}, Power: "1", Toughness: "1"}, true
}

func (s stoppingSource) Suggest(string) []string { return nil }

// A cancelled scenario returns the context's error, and the engine has
// stopped by then: it does not go on reading cards after Run returned.
func TestScenariosStopTheEngine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int32
	r := Scenarios{Cards: stoppingSource{cancel: cancel, calls: &calls}}
	src := strings.Repeat("Bear\n", 200)
	_, err := r.Run(ctx, src)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("the engine looked up %d cards: it went on after the run was cancelled on the first", n)
	}
}
