package main

import (
	"errors"

	"github.com/arbiter-mtg/arbiter/bot"
)

// Exit statuses of `arbiter serve` beyond run's 0, 1 and 2, so that a
// supervisor can tell "try again later" from "fix the configuration".
const (
	// exitDiscordUnavailable: Discord could not be reached or kept
	// failing (5xx, 429, network) past the retries; restarting later may
	// work.
	exitDiscordUnavailable = 3
	// exitDiscordRefused: Discord refused the token or the configuration
	// (gateway close 4004, 4010–4014, or 401/403 on registration);
	// restarting will not help until it is changed.
	exitDiscordRefused = 4
)

// gatewayExit gives a gateway error its exit status: 3 transient, 4
// refused, 2 anything else (bad usage).
func gatewayExit(err error) error {
	var refused *bot.RefusedError
	var transient *bot.TransientError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &refused):
		return exitCode(exitDiscordRefused, err)
	case errors.As(err, &transient):
		return exitCode(exitDiscordUnavailable, err)
	}
	return exitCode(2, err)
}
