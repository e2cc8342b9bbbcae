package bot

import (
	"testing"
)

func TestWatcherReferences(t *testing.T) {
	w := &Watcher{}
	tests := []struct {
		text string
		want []string // command:value, in order
	}{
		{"is [[Ensoul Artifact]] on [[ornithopter]] a 5/5?", []string{"card:Ensoul Artifact", "card:ornithopter"}},
		{"see CR 302.6 and rule 704.5k", []string{"rule:302.6", "rule:704.5k"}},
		{"rules 613.4c says; also cr613.1d", []string{"rule:613.4c", "rule:613.1d"}},
		{"[[Opt]] then CR 302.6 then [[Opt]] and [[opt]]", []string{"card:Opt", "rule:302.6"}},
		{"[[A]] [[B]] [[C]] [[D]] [[E]]", []string{"card:A", "card:B", "card:C"}},
		{"no references: 302.6 alone, [[]], [[ ]], [[unclosed", nil},
		{"[[line\nbreak]]", nil},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range w.References(tc.text) {
			for _, v := range r.Options {
				got = append(got, r.Command+":"+v)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
				break
			}
		}
	}
}

func FuzzWatcherReferences(f *testing.F) {
	w := &Watcher{}
	for _, s := range []string{"[[Opt]] CR 302.6", "rule 704.5k [[[[x]]]]", "cr 1.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		refs := w.References(s)
		if len(refs) > 3 {
			t.Fatalf("%d references", len(refs))
		}
		for _, r := range refs {
			if r.Command != "card" && r.Command != "rule" {
				t.Fatalf("reference %+v", r)
			}
		}
	})
}
