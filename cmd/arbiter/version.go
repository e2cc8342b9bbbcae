package main

import (
	"runtime/debug"
)

// version is the release version, set when building a release:
//
//	go build -ldflags "-X main.version=v1.2.3" ./cmd/arbiter
//
// Empty, buildVersion reads it from the build information instead.
var version = ""

// buildVersion is the version `arbiter --version` prints and the start-up
// line logs: the -ldflags value, else the module version (set by `go
// install ...@v1.2.3`) with the VCS revision when the build recorded one,
// else "(devel)".
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if modified == "true" {
			v += "-dirty"
		}
	}
	return v
}
