package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestTuneGC: the server modes raise GOGC to serverGCPercent, unless the
// operator set GOGC, which then stands.
func TestTuneGC(t *testing.T) {
	orig := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(orig) })
	if v, set := os.LookupEnv("GOGC"); set {
		t.Cleanup(func() { os.Setenv("GOGC", v) })
	} else {
		t.Cleanup(func() { os.Unsetenv("GOGC") })
	}

	os.Unsetenv("GOGC")
	debug.SetGCPercent(100)
	tuneGC()
	if got := debug.SetGCPercent(100); got != serverGCPercent {
		t.Errorf("GOGC unset: GC percent %d, want %d", got, serverGCPercent)
	}

	os.Setenv("GOGC", "77")
	debug.SetGCPercent(77) // what the runtime read from the environment at start
	tuneGC()
	if got := debug.SetGCPercent(100); got != 77 {
		t.Errorf("GOGC=77 set: GC percent %d, want 77 left alone", got)
	}
}
