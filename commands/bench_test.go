package commands

import (
	"context"
	"testing"
)

// The router runs on every interaction; these measure its share of the
// 3-second budget.

func BenchmarkHandleRule(b *testing.B) {
	r := newRouter(b, Deps{})
	req := cmd("rule", "number", "302.6")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if rep := r.Handle(ctx, req); rep.Error {
			b.Fatal(rep.Body)
		}
	}
}

// BenchmarkHandleRulePaged includes splitting rule 702 into pages and
// storing them in the in-memory store.
func BenchmarkHandleRulePaged(b *testing.B) {
	r := newRouter(b, Deps{})
	req := cmd("rule", "number", "702")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if rep := r.Handle(ctx, req); rep.PageCount < 2 {
			b.Fatal("not paged")
		}
	}
}

func BenchmarkAutocompleteRuleByWord(b *testing.B) {
	r := newRouter(b, Deps{})
	req := cmd("rule", "number", "summoning")
	req.Kind, req.Focused = KindAutocomplete, "number"
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r.Autocomplete(ctx, req)
	}
}

// BenchmarkCRDiffNewest answers /cr diff (the newest CR against the one
// before it, the diff itself computed once and kept as wire.Versions
// does): writing the word diffs and paging them.
func BenchmarkCRDiffNewest(b *testing.B) {
	r := newRouter(b, Deps{Versions: newHeld(b, "20260417", "20260116")})
	req := diffCmd()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if rep := r.Handle(ctx, req); rep.Error || rep.PageCount < 2 {
			b.Fatal(rep.Body)
		}
	}
}

// BenchmarkHandleRuleChanged is /rule 702.124 with the "changed in the
// newest CR" note (the diff computed once and kept).
func BenchmarkHandleRuleChanged(b *testing.B) {
	r := newRouter(b, Deps{Versions: newHeld(b, "20260417", "20260116")})
	req := cmd("rule", "number", "702.124")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if rep := r.Handle(ctx, req); rep.Error {
			b.Fatal(rep.Body)
		}
	}
}
