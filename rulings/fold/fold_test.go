package fold

import "testing"

func TestKey(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Æther Vial", "aether vial"},
		{"aether vial", "aether vial"},
		{"AETHER-VIAL", "aether vial"},
		{"Urza’s Saga", "urzas saga"},
		{"Urza's Saga", "urzas saga"},
		{"Lim-Dûl the Necromancer", "lim dul the necromancer"},
		{"  Summoning   Sickness ", "summoning sickness"},
		{"Jötun Grunt", "jotun grunt"},
		{"Séance", "seance"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Key(c.in); got != c.want {
			t.Errorf("Key(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestText(t *testing.T) {
	if got, want := Text("“Tap this permanent.” — {T}: Add {G}. Éclair"), `"tap this permanent." - {t}: add {g}. eclair`; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

// The ASCII path of Key folds every ASCII character as the general one does.
func TestASCIIKeyAgreesWithRuneKey(t *testing.T) {
	var all []byte
	for c := 0; c < 0x80; c++ {
		all = append(all, byte(c))
	}
	cases := []string{string(all), "  Summoning   Sickness ", "Urza's Saga", "it's 3/3 -- (T): add {G}.", "", "'", " a", "A-B_c"}
	for i := 0; i < 0x80; i++ {
		for j := 0; j < 0x80; j += 7 {
			cases = append(cases, string([]byte{byte(i), 'x', byte(j), ' ', byte(j), 'Q'}))
		}
	}
	for _, s := range cases {
		if got, want := asciiKey(s), runeKey(s); got != want {
			t.Errorf("asciiKey(%q) = %q, runeKey gives %q", s, got, want)
		}
	}
}
