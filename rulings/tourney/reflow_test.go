package tourney

import (
	"regexp"
	"strings"
	"testing"
)

func TestReflow(t *testing.T) {
	cases := []struct{ in, want string }{
		// A line broken by the page width joins its sentence.
		{"the player doesn’t demonstrate awareness\nof the trigger’s existence.", "the player doesn’t demonstrate awareness of the trigger’s existence."},
		// Bullets, list items and new sentences keep their lines.
		{"depends on the impact:\n• A triggered ability", "depends on the impact:\n• A triggered ability"},
		{"in a visible fashion.\nThe point by which", "in a visible fashion.\nThe point by which"},
		{"the following:\na) one\nb) two", "the following:\na) one\nb) two"},
		// A blank line left by a page break mid-sentence.
		{"Judges do not\n\nintervene in a missed trigger", "Judges do not intervene in a missed trigger"},
		{"End of a paragraph.\n\nNext paragraph", "End of a paragraph.\n\nNext paragraph"},
		// Line-end hyphens.
		{"that many previously- unknown cards", "that many previously-unknown cards"},
		{"invitation- only tournaments, DCI- sanctioned, 8- player pods", "invitation-only tournaments, DCI-sanctioned, 8-player pods"},
		{"Tales of Middle- earth\uFFAE", "Tales of Middle-earth®"},
		// A suspended hyphen keeps its space.
		{"pre- and post-game procedures", "pre- and post-game procedures"},
		// A doubled full stop, not an ellipsis.
		{"the full set of seven cards..", "the full set of seven cards."},
		{"wait... then", "wait... then"},
	}
	for _, c := range cases {
		if got := reflow(c.in); got != c.want {
			t.Errorf("reflow(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// The loaded MTR, IPG and JAR carry none of the PDF artefacts of their
// sources, and the IPG's Missed Trigger reads as the document prints it.
func TestDocumentsWithoutPDFArtefacts(t *testing.T) {
	l := realLibrary(t)
	hyphen := regexp.MustCompile(`[\p{L}\d]- (\p{Ll}+)`)
	stop := regexp.MustCompile(`[^.]\.\.([^.]|$)`)
	wrapped := regexp.MustCompile(`[\p{L},]\n\p{Ll}`)
	n := 0
	for _, doc := range Docs {
		for _, s := range l.Sections(doc) {
			n++
			for _, text := range []string{s.Title, s.Text} {
				for _, m := range hyphen.FindAllStringSubmatch(text, -1) {
					if w := m[1]; w != "and" && w != "or" && w != "to" && w != "nor" {
						t.Errorf("%s %s: line-end hyphen %q", doc, s.Number, m[0])
					}
				}
				if m := stop.FindString(text); m != "" {
					t.Errorf("%s %s: doubled full stop %q", doc, s.Number, m)
				}
				if m := wrapped.FindString(text); m != "" {
					t.Errorf("%s %s: line broken mid-sentence %q", doc, s.Number, m)
				}
				if strings.ContainsRune(text, '\uFFAE') {
					t.Errorf("%s %s: U+FFAE", doc, s.Number)
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d sections loaded", n)
	}
	mt, ok := l.Section(IPG, "2.1")
	if !ok || !strings.Contains(mt.Text, "doesn’t demonstrate awareness of the trigger’s existence by the first time") {
		t.Errorf("IPG 2.1 not re-flowed: %q", mt.Text[:min(len(mt.Text), 200)])
	}
	if !strings.Contains(mt.Text, ":\n• A triggered ability") {
		t.Errorf("IPG 2.1 lost its bullets")
	}
}
