package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestVersionFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--version"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	// Built by `go test`, the main module has no version: "(devel)".
	if got := out.String(); got != "arbiter "+buildVersion()+"\n" || buildVersion() == "" {
		t.Errorf("--version printed %q", got)
	}

	// A release build sets the version with -ldflags "-X main.version=…".
	old := version
	version = "v1.4.0"
	defer func() { version = old }()
	out.Reset()
	run([]string{"--version"}, strings.NewReader(""), &out, &errOut)
	if out.String() != "arbiter v1.4.0\n" {
		t.Errorf("with main.version set: %q", out.String())
	}
}
