//go:build !race

package ask

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
)

func TestZZNone(t *testing.T) {
	a := fullAsker(t)
	for _, q := range evalset.Split(evalset.Dev(), evalset.SplitTune) {
		if q.Kind != "rules" {
			continue
		}
		ans := a.Ask(q.Question)
		rank := -1
		for i, h := range ans.Rules {
			for _, e := range q.Expect {
				if strings.TrimPrefix(e, "cr:") == h.ID && rank < 0 {
					rank = i
				}
			}
		}
		if rank < 0 || rank >= 20 {
			var top []string
			for _, h := range ans.Rules[:min(3, len(ans.Rules))] {
				top = append(top, h.ID)
			}
			t.Logf("\n%s rank=%d want=%v top=%v\nQ: %s\nWHY: %s", q.ID, rank, q.Expect, top, q.Question, q.Why)
		}
	}
}
