package engine

import "testing"

// TestXMageHeldOut runs a separate set of translated peer tests
// (testdata/xmage-heldout) that is not used to tune the compiler: it
// measures how far the engine generalizes to tests nobody modelled it on.
func TestXMageHeldOut(t *testing.T) { runXMage(t, "testdata/xmage-heldout") }
