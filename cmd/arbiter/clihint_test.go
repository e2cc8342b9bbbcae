package main

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

func TestCLIHint(t *testing.T) {
	r, err := commands.New(commands.Deps{CR: testkb.CR(t)})
	if err != nil {
		t.Fatal(err)
	}
	defs := r.Definitions()
	for hint, want := range map[string]string{
		"/rule number:905.6":                                 "arbiter rule 905.6",
		"/rule 302.6":                                        "arbiter rule 302.6",
		"/rule number:702.149c cr:2021-11-19":                "arbiter rule 702.149c --cr 2021-11-19",
		"/card name:Ornithopter":                             "arbiter card Ornithopter",
		"/rulings name:Ensoul Artifact":                      "arbiter rulings 'Ensoul Artifact'",
		"/define term:summoning sickness":                    "arbiter define 'summoning sickness'",
		"/search query:first strike kind:rule":               "arbiter search --kind rule 'first strike'",
		"/ask question:Can it attack? It's new.":             `arbiter ask 'Can it attack? It'\''s new.'`,
		"/ipg infraction:hce":                                "arbiter ipg hce",
		"/mtr section:4.2":                                   "arbiter mtr 4.2",
		"/jar":                                               "arbiter jar",
		"/cr diff rule:702":                                  "arbiter diff --rule 702",
		"/cr diff":                                           "arbiter diff",
		"/cr diff from:2021-11-19":                           "arbiter diff 2021-11-19",
		"/cr diff rule:702.19 from:2021-11-19 to:2026-01-16": "arbiter diff --rule 702.19 2021-11-19 2026-01-16",
		"/help": "arbiter --help",
	} {
		if got, ok := cliHint(hint, defs); !ok || got != want {
			t.Errorf("cliHint(%q) = %q, %v; want %q", hint, got, ok, want)
		}
	}
	// No command line does these; a NEW needs its OLD; an option alone is
	// not a command.
	for _, hint := range []string{"/judge call question:…", "/scenario add line:Ornithopter", "/cr diff to:2026-04-17", "cr:2021-11-19", "/nope"} {
		if got, ok := cliHint(hint, defs); ok {
			t.Errorf("cliHint(%q) = %q; want it left as it is", hint, got)
		}
	}
}

// The command line's errors say what to type as a command line; the
// console, which reads slash commands, keeps them.
func TestErrorHintsAreCommandLines(t *testing.T) {
	_, errOut, code := cli(t, "", "rule", "999.9")
	if code != 1 || !strings.Contains(errOut, "Try: arbiter rule 905.6\n") {
		t.Errorf("rule 999.9: exit %d, %q", code, errOut)
	}
	_, errOut, code = cli(t, "", "define", "xyzzy")
	if code != 1 || !strings.Contains(errOut, "Try: arbiter search xyzzy\n") {
		t.Errorf("define xyzzy: exit %d, %q", code, errOut)
	}
	// A CR version not held: the hint is the same look-up in one held.
	_, errOut, code = cli(t, "", "rule", "302.6", "--cr", "2020-01-01")
	if code != 1 || !strings.Contains(errOut, "Try: arbiter rule 302.6 --cr 2021-11-19\n") {
		t.Errorf("rule 302.6 --cr 2020-01-01: exit %d, %q", code, errOut)
	}
	// A rule the older CR lacks: the rule suggested is that CR's.
	_, errOut, code = cli(t, "", "rule", "999.9", "--cr", "2021-11-19")
	if code != 1 || !strings.Contains(errOut, "Try: arbiter rule 905.6 --cr 2021-11-19\n") {
		t.Errorf("rule 999.9 --cr 2021-11-19: exit %d, %q", code, errOut)
	}
	// A FROM no older than the newest CR: the hint is an older one.
	_, errOut, code = cli(t, "", "diff", "2026-04-17")
	if code != 2 || !strings.Contains(errOut, "Try: arbiter diff 2021-11-19\n") {
		t.Errorf("diff 2026-04-17: exit %d, %q", code, errOut)
	}
	// What the user gave stays: the rule, and the other version.
	_, errOut, code = cli(t, "", "diff", "--rule", "702.19", "2020-01-01", "2026-01-16")
	if code != 1 || !strings.Contains(errOut, "Try: arbiter diff --rule 702.19 2021-11-19 2026-01-16\n") {
		t.Errorf("diff --rule 702.19 2020-01-01 2026-01-16: exit %d, %q", code, errOut)
	}
	// The console's hints are slash commands it runs as typed, with the
	// CR version given.
	out, _, _ := cli(t, "/rule 999.9\n/rule number:702.190 cr:2021-11-19\n/rule 302.6 cr:2020-01-01\n/cr diff from:2020-01-01\n", "console")
	for _, want := range []string{"Try: /rule number:905.6\n", "Try: /rule number:702.149c cr:2021-11-19\n", "Try: /rule number:302.6 cr:2021-11-19\n", "Try: /cr diff from:2021-11-19\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("console lacks %q: %q", want, out)
		}
	}
}

// A question too long is refused in the words of the place it was typed:
// the command line's argument, the console's question, not Discord's
// option.
func TestTooLongSpeaksOfWhereItWasTyped(t *testing.T) {
	q := strings.Repeat("Can my creature attack? ", 50)
	_, errOut, code := cli(t, "", "ask", q)
	if code != 2 || !strings.Contains(errOut, "The question given as the argument may be at most 1000 characters (this one has 1200).") || strings.Contains(errOut, "option") || !strings.Contains(errOut, "Try: arbiter ask ") {
		t.Errorf("ask: exit %d, %q", code, errOut)
	}
	_, errOut, code = cli(t, "", "search", "--limit", "30", "first strike")
	if code != 2 || !strings.Contains(errOut, "The --limit value must be a number from 1 to 25.") {
		t.Errorf("search --limit 30: exit %d, %q", code, errOut)
	}
	_, errOut, code = cli(t, "", "rule", "302.6", "--cr", strings.Repeat("2", 30))
	if code != 2 || !strings.Contains(errOut, "The --cr value may be at most 20 characters") {
		t.Errorf("rule --cr: exit %d, %q", code, errOut)
	}
	out, _, _ := cli(t, "/ask "+q+"\n"+q+"\n", "console")
	if strings.Count(out, "The question may be at most 1000 characters (this one has 1199).") != 2 || strings.Contains(out, "option") {
		t.Errorf("console: %q", out)
	}
}

// The commands an answer names, beside its hint, are command lines too on
// the command line (a card's other meanings, its rulings, the rules it
// cites), and slash commands in the console, which reads them.
// "thassa" lists the more played Thassa's Emissary first, whose name
// needs quoting.
func TestAnswersNameCommandLines(t *testing.T) {
	out, _, code := cli(t, "", "card", "thassa")
	for _, want := range []string{"  arbiter card 'Thassa'\\''s Emissary'\n", "Rulings: arbiter rulings 'Thassa, God of the Sea'\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("card thassa: exit %d, lacks %q:\n%s", code, want, out)
		}
	}
	if strings.Contains(out, " /card") || strings.Contains(out, " /rulings") {
		t.Errorf("card thassa names a slash command:\n%s", out)
	}
	// The JSON form too: its body is text for a person.
	out, _, code = cli(t, "", "rule", "--json", "999.9")
	if code != 1 || !strings.Contains(out, "Try: `arbiter rule 905.6`") {
		t.Errorf("rule --json 999.9: exit %d:\n%s", code, out)
	}
	out, _, _ = cli(t, "", "define", "summoning sickness")
	if !strings.Contains(out, "Cited rules: arbiter rule 302.6\n") {
		t.Errorf("define: %s", out)
	}
	out, _, _ = cli(t, "/card thassa\n/define summoning sickness\n", "console")
	for _, want := range []string{"  /card name:Thassa's Emissary\n", "Rulings: /rulings Thassa, God of the Sea\n", "Cited rules: /rule 302.6\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("console lacks %q:\n%s", want, out)
		}
	}
}
