package engine

import "testing"

// 305.6: a land with a basic land type taps for that type's mana; the
// word may be singular or plural, in any case.
func TestBasicLandMana(t *testing.T) {
	for word, want := range map[string]string{"Plains": "W", "island": "U", "Swamps": "B", "mountain": "R", "forests": "G"} {
		if got, ok := BasicLandMana(word); !ok || got != want {
			t.Errorf("BasicLandMana(%q) = %q, %v; want %s", word, got, ok, want)
		}
	}
	if got, ok := BasicLandMana("Wastes"); ok {
		t.Errorf("Wastes has no basic land type, got %q", got)
	}
}
