package litre

import (
	"regexp/syntax"
	"slices"
	"testing"
)

// The literals an expression requires are read from its syntax.
func TestNeeds(t *testing.T) {
	cases := []struct {
		expr string
		want []string
	}{
		{`(?i)\bprevent\b`, []string{"prevent"}},
		{`(?i)\bcan(’|')t\b`, []string{"can"}},
		{`(?i)\b(0|zero) toughness\b`, []string{" toughness"}},
		{`(?i)\binstead\b|\bwould\b.*\b(enter|die)`, []string{"instead", "would"}},
		{`(?i)\b\d+/\d+\b`, []string{"/"}},
		{`(?i)\bgets? [+-]\w+`, []string{"get"}},
		{`(?i)Summoning.?sick`, []string{"summoning"}},
		{`\w+`, nil},
		{`(unclosed`, nil},
	}
	for _, c := range cases {
		got := Needs(c.expr)
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: needs %q, want %q", c.expr, got, want)
		}
	}
	if _, ok := required(&syntax.Regexp{Op: syntax.OpStar}); ok {
		t.Error("a starred expression requires nothing")
	}
	if !ContainsAny("a summoning sick bear", []string{"x", "summoning"}) || ContainsAny("bear", []string{"x"}) {
		t.Error("ContainsAny")
	}
}
