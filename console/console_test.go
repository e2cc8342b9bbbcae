package console

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/session"
)

// TestConsole drives the REPL the way a user types into `arbiter console`:
// no token, no Redis, plain text out, every page shown, and the scenario
// form read from the following lines.
func TestConsole(t *testing.T) {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t), Store: session.NewMemory(), Scenarios: echoRunner{}})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		"/rule 302.6",
		"# a comment",
		"/rule 702",
		"/rule 999.9",
		"/frobnicate",
		"/scenario add Ornithopter as O (new)",
		"/scenario add",
		"cast Ensoul Artifact targeting O",
		"? can O attack",
		"",
		"/define summoning sickness",
		"quit",
		"/rule 100.1",
	}, "\n")
	var out strings.Builder
	c := &Console{Router: r, In: strings.NewReader(in), Out: &out}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Rule 302.6\nhttps://yawgatog.com/resources/magic-rules/#R3026\nA creature’s activated ability",
		"-- Comprehensive Rules effective 2026-04-17",
		// All three pages of 702 in one answer, with no Markdown left.
		"702.2 Deathtouch", "702.190",
		"No such rule (error)",
		"error: unknown command /frobnicate",
		"1 Ornithopter as O (new)\n\nran 1 lines",
		"Add scenario lines: paste one statement per line, then an empty line.",
		"1 Ornithopter as O (new)\n2 cast Ensoul Artifact targeting O\n3 ? can O attack\n\nran 3 lines",
		"Summoning Sickness Rule",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
	if strings.Contains(got, "**") {
		t.Error("Markdown bold left in plain text")
	}
	if strings.Contains(got, "Rule 100.1") {
		t.Error("the console kept reading after quit")
	}
	if i, j := strings.Index(got, "702.2 Deathtouch"), strings.Index(got, "702.190"); i < 0 || j < i {
		t.Error("pages out of order")
	}
	if strings.Contains(got, "Page 1 of") {
		t.Error("a terminal answer is one page")
	}
}

// echoRunner stands in for the engine: it reports how many lines it ran.
type echoRunner struct{}

func (echoRunner) Check(string) error { return nil }
func (echoRunner) Run(_ context.Context, src string) (commands.ScenarioResult, error) {
	return commands.ScenarioResult{Text: fmt.Sprintf("ran %d lines", strings.Count(src, "\n")+1)}, nil
}

// The "What changed" button of /rule becomes the command that shows it.
func TestTextDiffButton(t *testing.T) {
	got := Text(commands.Reply{Title: "Rule 702.124", Body: "x", Buttons: []commands.Button{{Label: "What changed", CustomID: "crd:702.124"}}})
	if !strings.Contains(got, "What changed: /cr diff rule:702.124\n") {
		t.Errorf("got %q", got)
	}
	req, err := commands.ParseLine("/cr diff rule:702.124", mustDefs(t))
	if err != nil || req.Subcommand != "diff" || req.Options["rule"] != "702.124" {
		t.Errorf("the command it names does not parse: %+v %v", req, err)
	}
}

func mustDefs(t *testing.T) []commands.Definition {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t)})
	if err != nil {
		t.Fatal(err)
	}
	return r.Definitions()
}

// TestConsoleSaysARefusalOnce: a line of several references that all get
// the same refusal (no card catalogue loaded) shows it once, while each
// reference that is found is answered.
func TestConsoleSaysARefusalOnce(t *testing.T) {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t), Store: session.NewMemory()})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	c := &Console{Router: r, In: strings.NewReader("[[Opt]] [[Fog]]\nCR 302.6 CR 702.19b\n"), Out: &out}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if n := strings.Count(got, "No card data (error)"); n != 1 {
		t.Errorf("the refusal for two card references is said %d times, want once:\n%s", n, got)
	}
	for _, want := range []string{"Rule 302.6", "Rule 702.19b"} {
		if !strings.Contains(got, want) {
			t.Errorf("console output lacks %q", want)
		}
	}
}

// What a reply escapes so that Discord shows it as typed is written as
// typed, and the Markdown Discord renders is removed.
func TestPlainWritesEscapedCharactersAsTyped(t *testing.T) {
	for in, want := range map[string]string{
		`Ask: is Tarmogoyf \*/1+\* with \*\*two\*\* types?`:                                               "Ask: is Tarmogoyf */1+* with **two** types?",
		"Ask: a \\`stray tick and a \\\\ backslash":                                                       "Ask: a `stray tick and a \\ backslash",
		`**702.19a** see \[[Opt\]] and [302.6](https://x/#R3026)`:                                         "702.19a see [[Opt]] and 302.6 <https://x/#R3026>",
		"Deathtouch is a static ability.\n[Yawgatog](https://yawgatog.com/resources/magic-rules/#R7022a)": "Deathtouch is a static ability.\nhttps://yawgatog.com/resources/magic-rules/#R7022a",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}
