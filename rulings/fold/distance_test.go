package fold

import "testing"

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		max  int
		want int
	}{
		{"deathtouch", "deathtuch", 2, 1},
		{"trample", "tarmple", 1, 1}, // transposition counts once
		{"haste", "haste", 1, 0},
		{"flying", "flash", 1, 2}, // gave up past max
		{"", "abc", 3, 3},
	}
	for _, c := range cases {
		if got := Distance([]rune(c.a), []rune(c.b), c.max); got != c.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.max, got, c.want)
		}
	}
}
