package wire

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/session"
)

// BenchmarkScenarioShow200: /scenario show of a 200-line scenario (the cap)
// through the router with the real engine and the test cards, shown again
// and again unchanged, as in the drill of issue 14 (ten shows in 10 s).
// go test ./wire -run '^$' -bench ScenarioShow200 -benchtime 20x
func BenchmarkScenarioShow200(b *testing.B) {
	d := FromKB(testkb.KB(b))
	d.Store = session.NewMemory()
	r, err := commands.New(d)
	if err != nil {
		b.Fatal(err)
	}
	var lines []string
	for i := 0; i < commands.MaxScenarioLines/2; i++ {
		lines = append(lines, fmt.Sprintf("Ornithopter as O%d (new, 1 +1/+1 counter)", i), fmt.Sprintf("? O%d", i))
	}
	ctx := context.Background()
	if _, err := d.Store.AppendAndList(ctx, "scenario:c1", lines, time.Hour, ""); err != nil {
		b.Fatal(err)
	}
	show := commands.Request{Kind: commands.KindCommand, Command: "scenario", Subcommand: "show", UserID: "u1", ChannelID: "c1"}
	if rep := r.Handle(ctx, show); rep.Error || !strings.Contains(rep.Title, "200 lines") {
		b.Fatalf("show: %s %s", rep.Title, rep.Body)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if rep := r.Handle(ctx, show); rep.Error {
			b.Fatal(rep.Body)
		}
	}
}
