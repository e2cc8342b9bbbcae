package engine

import "testing"

// TestXMageCombat runs XMage's tests of combat, damage, state-based
// actions, zones and triggered abilities, translated into scenarios under
// testdata/xmage-combat with the Comprehensive Rules as the judge (the
// format is in xmage_helpers_test.go). Expectations that do not hold today
// are listed with their cause in testdata/xmage-combat/known-gaps.txt.
func TestXMageCombat(t *testing.T) { runXMage(t, "testdata/xmage-combat") }
