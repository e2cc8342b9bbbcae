package tourney

import "testing"

// The programs and their levels are read from the chart of MTR Appendix F
// ("Friday Night Magic Regular", "Pro Tour Qualifier Competitive", "World
// Championship Professional"); a note after a level ("Regular (Competitive
// recommended)") is not a program.
func TestProgramsFromAppendixF(t *testing.T) {
	progs := realLibrary(t).Programs()
	for name, want := range map[string]string{
		"Friday Night Magic": Regular,
		"Prerelease":         Regular,
		"Store Championship": Regular,
		"Pro Tour Qualifier": Competitive,
		"Pro Tour":           Professional,
		"World Championship": Professional,
	} {
		if got := progs[name]; got != want {
			t.Errorf("%s: %q, want %q (all: %v)", name, got, want, progs)
		}
	}
	for name := range progs {
		if name == "" || name == "(Competitive recommended)" || len(name) > 40 {
			t.Errorf("a program read badly: %q", name)
		}
	}
	if len(NewLibrary().Programs()) != 0 {
		t.Error("an empty library charts programs")
	}
}
