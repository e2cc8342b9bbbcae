package console

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/session"
)

// An interactive console says at start how to get help and how to leave;
// /help shows the commands as typed here, not Discord's name:value form.
func TestConsoleHintAndHelp(t *testing.T) {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t), Store: session.NewMemory(), Scenarios: echoRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	c := &Console{Router: r, In: strings.NewReader("/help\n"), Out: &out, Prompt: true}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.HasPrefix(got, "Arbiter console.") || !strings.Contains(got, "/help") || !strings.Contains(got, "quit") {
		t.Errorf("start-up hint missing: %q", got[:min(len(got), 200)])
	}
	for _, want := range []string{"/rule NUMBER [cr:CR]\n", "e.g. /rule 302.6\n", "/scenario add [LINE] [private]", "a question without a slash"} {
		if !strings.Contains(got, want) {
			t.Errorf("console /help lacks %q", want)
		}
	}
	if strings.Contains(got, "number:302.6") || strings.Contains(got, "`") {
		t.Errorf("console /help in Discord syntax:\n%s", got)
	}
	// Without a terminal (a script piping lines in) there is no hint.
	out.Reset()
	c = &Console{Router: r, In: strings.NewReader("/rule 302.6\n"), Out: &out}
	c.Run(context.Background())
	if strings.Contains(out.String(), "Arbiter console.") {
		t.Error("hint printed to a non-interactive console")
	}
}

// Every example /help shows is a line the console parses into its command.
func TestConsoleHelpExamplesParse(t *testing.T) {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t), Scenarios: echoRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	defs := r.Definitions()
	n := 0
	for _, line := range strings.Split(Help(defs), "\n") {
		ex, ok := strings.CutPrefix(strings.TrimSpace(line), "e.g. ")
		if !ok {
			continue
		}
		n++
		req, err := commands.ParseLine(ex, defs)
		name := strings.TrimPrefix(strings.Fields(ex)[0], "/")
		if err != nil || req.Command != name {
			t.Errorf("example %q: %+v, %v", ex, req, err)
		}
	}
	if n < 10 {
		t.Errorf("%d examples in /help", n)
	}
}

// A page break inside a sentence is joined with a space when every page
// is shown; a break between paragraphs stays a blank line.
func TestFlattenRejoinsSentences(t *testing.T) {
	pages := []commands.Reply{{Body: "Judges do not", PageCount: 3}, {Body: "intervene in a missed trigger situation."}, {Body: "Examples follow."}}
	got := Flatten(pages).Body
	if want := "Judges do not intervene in a missed trigger situation.\n\nExamples follow."; got != want {
		t.Errorf("Flatten: %q, want %q", got, want)
	}
}
