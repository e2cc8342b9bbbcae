package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

func runScenarioCLI(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRoot(strings.NewReader(stdin), &out, &errOut)
	root.SetArgs(args)
	err := root.Execute()
	code := 0
	msg := ""
	if err != nil {
		msg = err.Error()
		var ec *exitError
		if !errors.As(err, &ec) {
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
		code = ec.code
	}
	return out.String() + errOut.String() + msg, code
}

// The product's key scenario through the CLI, readable and JSON.
func TestScenarioCommand(t *testing.T) {
	data := shareddata.Data(t)
	src := "Ornithopter as O (1 +1/+1 counter)\ncast Ensoul Artifact targeting O\ncast Titanic Growth targeting O\n? O\n? can O attack\n"
	out, code := runScenarioCLI(t, src, "--data", data, "scenario", "-")
	if code != 0 || !strings.Contains(out, "Ornithopter 10/10") || !strings.Contains(out, "**302.6**") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	out, code = runScenarioCLI(t, src, "--data", data, "--json", "scenario", "-")
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
	data := shareddata.Data(t)
	out, code := runScenarioCLI(t, "Ornithopter\n? can Ornithopter fly\n", "--data", data, "scenario", "-")
	if code != 2 || !strings.Contains(out, "line 2") {
		t.Errorf("syntax error: exit %d, output %q", code, out)
	}
	out, code = runScenarioCLI(t, "Ornithoptr\n", "--data", data, "scenario", "-")
	if code != 1 || !strings.Contains(out, "Ornithopter") {
		t.Errorf("unknown card: exit %d, output %q", code, out)
	}
	_, code = runScenarioCLI(t, "", "--data", data, "scenario", "/nonexistent/file.scn")
	if code != 2 {
		t.Errorf("missing file: exit %d", code)
	}
}
