//go:build !race

// The whole catalogue is decoded once into a snapshot, which takes minutes
// under the race detector (see full_test.go).

package ask

import "testing"

// fullExampleFloors are exampleFloors over the whole catalogue, where the
// examples' cards are linked and what they do points at rules.
var fullExampleFloors = map[string][2]float64{
	"own":       {0.209, 0.43},
	"or parent": {0.238, 0.475},
}

// TestCRExamplesLeftOutFullCatalogue is TestCRExamplesLeftOut with every
// card the examples name linkable.
func TestCRExamplesLeftOutFullCatalogue(t *testing.T) {
	measureExamples(t, New(fullAsker(t).kb.WithoutExamples()), fullExampleFloors)
}
