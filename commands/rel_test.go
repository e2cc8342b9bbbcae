package commands

import "testing"

// A call names its REL by name or by its event (MTR Appendix F); a word
// that only looks like one does not count, nor does a call naming two.
func TestRELNamed(t *testing.T) {
	for q, want := range map[string]string{
		"At FNM my opponent forgot his trigger":                     "regular",
		"I judge at Regular REL mostly":                             "regular",
		"at the prerelease he drew an extra card":                   "regular",
		"In round 3 of a PPTQ, a deck check found 61 cards":         "competitive",
		"Comp. REL Modern event, slow play?":                        "competitive",
		"a Regional Pro Tour Qualifier, round 5":                    "competitive",
		"playing at the Pro Tour, my opponent looked at extra card": "professional",
		"World Championship top 8":                                  "professional",
		"He plays 4 (3 regular + 1 foil) copies":                    "",
		"Open the pack and count":                                   "",
		"At FNM and at a PPTQ the same thing happened":              "",
		"My opponent missed a trigger":                              "",
	} {
		if got := relNamed(q); got != want {
			t.Errorf("relNamed(%q) = %q, want %q", q, got, want)
		}
	}
}
