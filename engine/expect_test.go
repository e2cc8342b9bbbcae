package engine

import (
	"fmt"
	"strings"
	"testing"
)

// want is what a "? REF" line must show. Empty fields are not checked.
type want struct {
	line       int
	pt         string   // "5/8"; "-" for no power/toughness (208.3)
	colors     string   // "WU"; "-" for colorless
	has, lacks []string // abilities
	types      []string // exact card types
	subtypes   []string // exact subtypes
	controller string
	token      *bool
	name       string
	trace      []string // substrings that must appear in the trace, in order
}

// verdict is what a "? can REF ..." line must answer, with the rules that
// must be among its reasons.
type verdict struct {
	line  int
	ok    bool
	rules []string
}

func ptOf(v *ObjectView) string {
	if v.Power == nil {
		return "-"
	}
	return fmt.Sprintf("%d/%d", *v.Power, *v.Toughness)
}

func checkWant(t *testing.T, r *Report, w want) {
	t.Helper()
	q := result(t, r, w.line)
	if q.IsCheck || q.Object == nil {
		t.Fatalf("line %d: expected an object result", w.line)
	}
	v := q.Object
	ctx := fmt.Sprintf("line %d (%s)\n%s", w.line, q.Query, r.Text())
	if w.pt != "" && ptOf(v) != w.pt {
		t.Errorf("%s: power/toughness %s, want %s", ctx, ptOf(v), w.pt)
	}
	if w.colors != "" {
		got := strings.Join(v.Colors, "")
		if got == "" {
			got = "-"
		}
		if got != w.colors {
			t.Errorf("%s: colors %s, want %s", ctx, got, w.colors)
		}
	}
	for _, a := range w.has {
		if !containsFold(v.Abilities, a) {
			t.Errorf("%s: abilities %q lack %q", ctx, v.Abilities, a)
		}
	}
	for _, a := range w.lacks {
		if containsFold(v.Abilities, a) {
			t.Errorf("%s: abilities %q should not include %q", ctx, v.Abilities, a)
		}
	}
	if w.types != nil && strings.Join(v.Types, " ") != strings.Join(w.types, " ") {
		t.Errorf("%s: types %q, want %q", ctx, v.Types, w.types)
	}
	if w.subtypes != nil && strings.Join(v.Subtypes, " ") != strings.Join(w.subtypes, " ") {
		t.Errorf("%s: subtypes %q, want %q", ctx, v.Subtypes, w.subtypes)
	}
	if w.controller != "" && v.Controller != w.controller {
		t.Errorf("%s: controller %s, want %s", ctx, v.Controller, w.controller)
	}
	if w.token != nil && v.Token != *w.token {
		t.Errorf("%s: token %v, want %v", ctx, v.Token, *w.token)
	}
	if w.name != "" && v.Name != w.name {
		t.Errorf("%s: name %q, want %q", ctx, v.Name, w.name)
	}
	if len(w.trace) > 0 {
		var all []string
		for _, s := range q.Trace {
			all = append(all, s.Layer+" "+s.Rule+" "+s.Source+": "+s.Effect)
		}
		joined := strings.Join(all, "\n")
		pos := 0
		for _, sub := range w.trace {
			i := strings.Index(joined[pos:], sub)
			if i < 0 {
				t.Errorf("%s: trace lacks %q (in order) in:\n%s", ctx, sub, joined)
				break
			}
			pos += i + len(sub)
		}
	}
}

func checkVerdict(t *testing.T, r *Report, v verdict) {
	t.Helper()
	q := result(t, r, v.line)
	if !q.IsCheck {
		t.Fatalf("line %d: expected a check result", v.line)
	}
	if q.Answer != v.ok {
		t.Errorf("line %d (%s): answer %v, want %v; reasons %+v", v.line, q.Query, q.Answer, v.ok, q.Reasons)
	}
	for _, rule := range v.rules {
		found := false
		for _, rs := range q.Reasons {
			if rs.Rule == rule {
				found = true
			}
		}
		if !found {
			t.Errorf("line %d (%s): reasons %+v do not cite %s", v.line, q.Query, q.Reasons, rule)
		}
	}
}

type scenarioCase struct {
	name     string
	src      string
	wants    []want
	verdicts []verdict
}

func runCases(t *testing.T, cases []scenarioCase, cards CardSource) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mustRun(t, c.src, cards)
			for _, w := range c.wants {
				checkWant(t, r, w)
			}
			for _, v := range c.verdicts {
				checkVerdict(t, r, v)
			}
		})
	}
}

func boolp(b bool) *bool { return &b }
