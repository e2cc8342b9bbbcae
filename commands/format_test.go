package commands

import (
	"testing"
	"time"
)

func TestHumanDuration(t *testing.T) {
	cases := map[time.Duration]string{
		24 * time.Hour: "24 hours", time.Hour: "1 hour", 72 * time.Hour: "3 days",
		15 * time.Minute: "15 minutes", 90 * time.Second: "1m30s",
	}
	for d, want := range cases {
		if got := humanDuration(d); got != want {
			t.Errorf("humanDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
