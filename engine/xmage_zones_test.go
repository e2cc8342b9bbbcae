package engine

import "testing"

// TestXMageZones runs XMage's tests of cards outside the battlefield,
// double-faced cards and face-down permanents, translated into scenarios
// under testdata/xmage-zones with the Comprehensive Rules as the judge
// (the format is in xmage_helpers_test.go). Expectations that do not hold
// today are listed with their cause in testdata/xmage-zones/known-gaps.txt.
func TestXMageZones(t *testing.T) { runXMage(t, "testdata/xmage-zones") }
