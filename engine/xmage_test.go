package engine

import "testing"

// TestXMage runs XMage's and Forge's tests of continuous effects, translated
// into scenarios under testdata/xmage with the Comprehensive Rules as the
// judge (see xmage_helpers_test.go for the format). Expectations that do not
// hold today are listed in testdata/xmage/known-gaps.txt.
func TestXMage(t *testing.T) { runXMage(t, "testdata/xmage") }
