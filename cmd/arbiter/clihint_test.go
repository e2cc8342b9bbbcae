package main

import (
	"strings"
	"testing"
)

func TestCLIHint(t *testing.T) {
	for hint, want := range map[string]string{
		"/rule number:905.6":                     "arbiter rule 905.6",
		"/rule 302.6":                            "arbiter rule 302.6",
		"/card name:Ornithopter":                 "arbiter card Ornithopter",
		"/define term:summoning sickness":        "arbiter define 'summoning sickness'",
		"/search query:first strike kind:rule":   "arbiter search --kind rule 'first strike'",
		"/ask question:Can it attack? It's new.": `arbiter ask 'Can it attack? It'\''s new.'`,
		"/ipg infraction:hce":                    "arbiter ipg hce",
		"/jar":                                   "arbiter jar",
		"/cr diff rule:702":                      "arbiter diff --rule 702",
		"/cr diff":                               "arbiter diff",
		"/cr diff from:2021-11-19":               "arbiter diff 2021-11-19",
		"/help":                                  "arbiter --help",
		"from:2021-11-19":                        "arbiter diff 2021-11-19",
		"cr:2021-11-19":                          "--cr 2021-11-19",
	} {
		if got, ok := cliHint(hint); !ok || got != want {
			t.Errorf("cliHint(%q) = %q, %v; want %q", hint, got, ok, want)
		}
	}
	for _, hint := range []string{"/judge call question:…", "/scenario add line:Ornithopter", "to:2026-04-17"} {
		if got, ok := cliHint(hint); ok {
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
	out, _, _ := cli(t, "/rule 999.9\n", "console")
	if !strings.Contains(out, "Try: /rule number:905.6\n") {
		t.Errorf("console: %q", out)
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
