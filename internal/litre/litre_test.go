package litre

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
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

// Alternatives asks one literal of every required part of one branch, and
// every string the expression matches satisfies it.
func TestAlternatives(t *testing.T) {
	cases := []struct {
		expr string
		want [][][]string
	}{
		{`(?i)\bprevent\b`, [][][]string{{{"prevent"}}}},
		{`(?i)Summoning.?sick`, [][][]string{{{"summoning"}, {"sick"}}}},
		{`(?i)\blos(e|es) all abilities\b|\b(has|have) flying`, [][][]string{{{"los"}, {"e"}, {" all abilities"}}, {{"ha"}, {"s", "ve"}, {" flying"}}}},
		{`(?i)\binstead\b|\w+`, nil},
		{`\w+`, nil},
		{`(unclosed`, nil},
	}
	for _, c := range cases {
		got := Alternatives(c.expr)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: alternatives %q, want %q", c.expr, got, c.want)
		}
	}
	texts := []string{"", "it loses all abilities", "it has flying", "it loses flying", "the summoning-sick bear", "summoning", "has", "lose all abilities and has flying"}
	exprs := []string{`(?i)\blos(e|es) all abilities\b|\b(has|have) flying`, `(?i)Summoning.?sick`, `(?i)\b(gain|gains)\b.*\babilit`}
	for _, e := range exprs {
		re := regexp.MustCompile(e)
		alts := Alternatives(e)
		for _, s := range texts {
			if re.MatchString(s) && !Holds(strings.ToLower(s), alts) {
				t.Errorf("%s matches %q, which does not hold its alternatives %q", e, s, alts)
			}
		}
	}
	if !Holds("x", nil) || Holds("it has", Alternatives(exprs[0])) || !Holds("it has flying", Alternatives(exprs[0])) {
		t.Error("Holds")
	}
}
