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
