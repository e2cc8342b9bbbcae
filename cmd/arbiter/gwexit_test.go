package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/arbiter-mtg/arbiter/bot"
)

// TestGatewayExitCodes: a transient Discord failure (a registration 500)
// and a refusal (close 4004) exit with their own statuses, not with bad
// usage's 2.
func TestGatewayExitCodes(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{fmt.Errorf("shard 0/1: %w", &bot.TransientError{Op: "registering 11 commands", Err: errors.New("HTTP 500")}), 3},
		{fmt.Errorf("shard 0/1: %w", &bot.RefusedError{Code: 4004, Reason: "authentication failed"}), 4},
		{errors.New("register: no application id"), 2},
	} {
		var ec *exitError
		if err := gatewayExit(tc.err); !errors.As(err, &ec) || ec.code != tc.want {
			t.Errorf("%v: exit %v, want %d", tc.err, err, tc.want)
		}
	}
	if gatewayExit(nil) != nil {
		t.Error("no error, but an exit status")
	}
}
