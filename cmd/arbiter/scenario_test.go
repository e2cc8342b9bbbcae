package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// runScenarioCLI runs the CLI with stdin and returns standard output and
// error together, with the exit status.
func runScenarioCLI(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	out, errOut, code := cli(t, stdin, args...)
	return out + errOut, code
}

// The product's key scenario through the CLI, readable (plain text, no
// Markdown, on a terminal) and JSON.
func TestScenarioCommand(t *testing.T) {
	src := "Ornithopter as O (1 +1/+1 counter)\ncast Ensoul Artifact targeting O\ncast Titanic Growth targeting O\n? O\n? can O attack\n"
	out, code := runScenarioCLI(t, src, "scenario", "-")
	if code != 0 || !strings.Contains(out, "Ornithopter 10/10") || !strings.Contains(out, "• 302.6 ") || strings.Contains(out, "**") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	out, code = runScenarioCLI(t, src, "--json", "scenario", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	var rep struct {
		Results []struct {
			Line   int `json:"line"`
			Object *struct {
				Power, Toughness int
			} `json:"object"`
			Answer *bool `json:"answer"`
		} `json:"results"`
		Unmodeled []any `json:"unmodeled"`
		Errors    []any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	if len(rep.Results) != 2 || rep.Results[0].Object == nil || rep.Results[0].Object.Power != 10 ||
		rep.Results[1].Answer == nil || !*rep.Results[1].Answer || rep.Errors == nil || rep.Unmodeled == nil {
		t.Fatalf("unexpected JSON report: %s", out)
	}
}

// A syntax error exits 2 and names the line; a failed statement exits 1.
func TestScenarioCommandExitCodes(t *testing.T) {
	out, code := runScenarioCLI(t, "Ornithopter\n? can Ornithopter fly\n", "scenario", "-")
	if code != 2 || !strings.Contains(out, "line 2") {
		t.Errorf("syntax error: exit %d, output %q", code, out)
	}
	out, code = runScenarioCLI(t, "Ornithoptr\n", "scenario", "-")
	if code != 1 || !strings.Contains(out, "Ornithopter") {
		t.Errorf("unknown card: exit %d, output %q", code, out)
	}
	_, code = runScenarioCLI(t, "", "scenario", "/nonexistent/file.scn")
	if code != 2 {
		t.Errorf("missing file: exit %d", code)
	}
}
