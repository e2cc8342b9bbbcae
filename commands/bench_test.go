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
