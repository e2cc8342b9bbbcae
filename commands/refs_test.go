package commands

import (
	"slices"
	"testing"
)

// A console line that holds only references looks each of them up, as the
// judge channel's watcher does; a line with other words is a question or a
// command, whatever references it holds.
func TestParseLinesReferences(t *testing.T) {
	defs := []Definition{
		{Name: "ask", Type: SlashCommand, Options: []Option{{Name: "question", Type: OptionString}}},
		{Name: "cr", Type: SlashCommand, Options: []Option{{Name: "diff", Type: OptionSubcommand}}},
		{Name: "mtr", Type: SlashCommand, Options: []Option{{Name: "section", Type: OptionString}}},
	}
	show := func(reqs []Request) []string {
		var out []string
		for _, r := range reqs {
			for _, v := range r.Options {
				out = append(out, r.Command+" "+v)
			}
		}
		return out
	}
	for line, want := range map[string][]string{
		"[[Opt]]":                        {"card Opt"},
		"[[Opt]] and [[Fog]]":            {"card Opt", "card Fog"},
		"CR 702.19b":                     {"rule 702.19b"},
		"302.6, 704.5k":                  {"rule 302.6", "rule 704.5k"},
		"IPG hce":                        {"ipg hce"},
		"MTR 4.2":                        {"mtr 4.2"},
		"what does [[Opt]] do?":          {"ask what does [[Opt]] do?"},
		"is 302.6 about haste?":          {"ask is 302.6 about haste?"},
		"/mtr 4.2":                       {"mtr 4.2"},
		"Ensoul Artifact on Ornithopter": {"ask Ensoul Artifact on Ornithopter"},
	} {
		reqs, err := ParseLines(line, defs)
		if err != nil {
			t.Errorf("ParseLines(%q): %v", line, err)
			continue
		}
		if got := show(reqs); !slices.Equal(got, want) {
			t.Errorf("ParseLines(%q) = %q, want %q", line, got, want)
		}
	}
}
