package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// needs is the argument check of a look-up: with too few (or, when exact,
// too many) arguments it says in words what the command needs, with
// examples, instead of cobra's "accepts 1 arg(s), received 0".
func needs(what string, exact bool, examples ...string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) >= 1 && (!exact || len(args) == 1) {
			return nil
		}
		msg := fmt.Sprintf("%s needs %s", c.CommandPath(), what)
		if exact && len(args) > 1 {
			msg = fmt.Sprintf("%s takes one argument, %s, not %d (quote it if it has spaces)", c.CommandPath(), what, len(args))
		}
		msg += ". For example:"
		for _, e := range examples {
			msg += "\n  " + e
		}
		return exitCode(2, fmt.Errorf("%s\n(see %s --help)", msg, c.CommandPath()))
	}
}
