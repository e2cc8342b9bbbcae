package commands

import (
	"context"
	"strings"
	"testing"
)

// fixedSearch returns its hits in order, recording the limit asked for.
type fixedSearch struct {
	hits  []SearchHit
	asked int
}

func (f *fixedSearch) Search(_ string, _ []string, limit int) []SearchHit {
	f.asked = limit
	return f.hits[:min(limit, len(f.hits))]
}

// 702.2 is only the heading "Deathtouch"; 702.2b says what deathtouch
// does. A question about deathtouch must show the subrules that answer
// before the bare heading, however the index ranked them.
func TestSearchHeadingNeverOutranksItsSubrules(t *testing.T) {
	rules := loadCR(t)
	if !headingOnly(rules, "702.2") || headingOnly(rules, "702.2b") || headingOnly(rules, "302.6") {
		t.Fatal("702.2 should be a heading only; 702.2b and 302.6 rules with text")
	}
	s := &fixedSearch{hits: []SearchHit{
		{Kind: "rule", ID: "702.2", Title: "Deathtouch", Snippet: "Deathtouch"},
		{Kind: "glossary", ID: "Deathtouch", Title: "Deathtouch", Snippet: "A keyword ability that causes damage dealt by an object to be especially effective."},
		{Kind: "rule", ID: "702.2b", Snippet: "A creature with toughness greater than 0 that’s been dealt damage by a source with deathtouch"},
		{Kind: "rule", ID: "702.20a", Snippet: "Vigilance is a static ability"}, // not under 702.2
		{Kind: "rule", ID: "702.2c", Snippet: "Any nonzero amount of combat damage assigned to a creature by a source with deathtouch"},
		{Kind: "rule", ID: "302.6", Snippet: "A creature’s activated ability with the tap symbol"},
	}}
	r := newRouter(t, Deps{CR: rules, Search: s})
	rep := r.Handle(context.Background(), cmd("search", "query", "what does deathtouch do"))
	if rep.Error {
		t.Fatal(rep.Body)
	}
	var order []string
	for _, c := range rep.Citations {
		order = append(order, c.ID)
	}
	pos := func(id string) int {
		for i, o := range order {
			if o == id {
				return i
			}
		}
		t.Fatalf("%s missing from %v", id, order)
		return -1
	}
	if pos("702.2") < pos("702.2b") || pos("702.2") < pos("702.2c") {
		t.Errorf("the heading 702.2 outranks its subrules: %v", order)
	}
	if pos("702.20a") > pos("702.2") {
		t.Errorf("702.20a is not under 702.2 and should keep its place: %v", order)
	}
	if s.asked != maxSearchResults+headingSlack {
		t.Errorf("asked the index for %d hits", s.asked)
	}
	// With a limit the heading gives way to its subrules.
	rep = r.Handle(context.Background(), cmd("search", "query", "what does deathtouch do", "limit", "3"))
	if strings.Contains(rep.Body+fieldsText(rep), "702.2.") || len(rep.Citations) != 3 {
		t.Errorf("limit 3: %v", rep.Citations)
	}
}

func fieldsText(rep Reply) string {
	var b strings.Builder
	for _, f := range rep.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}
