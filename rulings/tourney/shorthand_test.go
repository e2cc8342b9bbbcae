package tourney

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

func TestSpellShorthands(t *testing.T) {
	for in, want := range map[string]string{
		"The HJ gave him a GL.":                   "The Head Judge gave him a GL.",
		"They ID'ed into the top 8; the TO/SK ok": "They intentionally drawn into the top 8; the Tournament Organizer/Scorekeeper ok",
		"we ID’d at EOR":                          "we intentionally drawn at end of the round",
		"I want to go to the FJ id":               "I want to go to the floor judge id",
		"IDS, TOP, HJx and Id stay":               "IDS, TOP, HJx and Id stay",
	} {
		if got := SpellShorthands(in); got != want {
			t.Errorf("SpellShorthands(%q) = %q, want %q", in, got, want)
		}
	}
}

// Each short form is spelled out in the documents' own words: the term
// is in the MTR, IPG or JAR as loaded.
func TestShorthandsAreTheDocumentsTerms(t *testing.T) {
	lib := realLibrary(t)
	var all strings.Builder
	for _, d := range Docs {
		for _, s := range lib.Sections(d) {
			all.WriteString(" " + s.Title + " " + s.Text)
		}
	}
	text := fold.Key(all.String())
	for _, s := range Shorthands {
		if !strings.Contains(text, fold.Key(s.Term)) {
			t.Errorf("%s: %q is not in the documents", s.Short, s.Term)
		}
	}
}
