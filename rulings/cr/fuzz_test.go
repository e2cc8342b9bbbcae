package cr

import (
	"strings"
	"testing"
)

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"302.6", "704.5k", "614.1.", "3", "rule 302", "CR 100.1a", "702.60", "§7", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID(s)
		if err != nil {
			return
		}
		// A parsed id prints in canonical form and parses back to itself.
		again, err := ParseID(id.String())
		if err != nil || again.String() != id.String() {
			t.Fatalf("%q -> %q -> %q, %v", s, id.String(), again.String(), err)
		}
		if p, ok := id.Parent(); ok && compareIDs(p, id) >= 0 {
			t.Fatalf("parent %s does not sort before %s", p, id)
		}
	})
}

const fuzzHeader = "\uFEFFMagic: The Gathering Comprehensive Rules\n\nThese rules are effective as of April 17, 2026.\n\nContents\n\n1. Game Concepts\nGlossary\nCredits\n\n"

func FuzzParse(f *testing.F) {
	f.Add(fuzzHeader + "1. Game Concepts\n\n100. General\n\n100.1. Rule text. See rule 100.1a.\n\n100.1a Sub. See rules 100.1a–b.\nExample: x\n\nGlossary\n\nTerm, Alias\n1. Sense. See rule 100.1.\n\nCredits\n")
	f.Add(fuzzHeader + "1. A\r\r100. B\r\r100.1. C\r\rGlossary\r\rX\rY\r\rCredits\r")
	f.Fuzz(func(t *testing.T, body string) {
		rs, err := Parse(strings.NewReader(body))
		if err != nil {
			return
		}
		for _, id := range rs.Order {
			r, ok := rs.Rule(id)
			if !ok {
				t.Fatalf("ordered id %s not found", id)
			}
			for _, ref := range r.Refs {
				if !rs.Exists(ref) {
					t.Fatalf("resolved ref %s does not exist", ref)
				}
			}
			for _, c := range r.Children {
				if cr, _ := rs.Rule(c); cr == nil || cr.Parent != id {
					t.Fatalf("child %s of %s has another parent", c, id)
				}
			}
		}
		for _, s := range rs.Suggest("302.6") {
			if !rs.Exists(s) {
				t.Fatalf("suggested %s missing", s)
			}
		}
	})
}
