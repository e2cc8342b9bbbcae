// Command arbiter answers Magic: The Gathering rules questions: rule look-ups,
// glossary, search, cards and rulings, tournament documents and checked
// scenarios, from the command line, a console, or Discord.
package main

import (
	"errors"
	"fmt"
	"os"
)

func main() {
	root := newRoot(os.Stdin, os.Stdout, os.Stderr)
	err := root.Execute()
	if err == nil {
		return
	}
	var ec *exitError
	if errors.As(err, &ec) {
		if ec.err != nil {
			fmt.Fprintln(os.Stderr, "arbiter:", ec.err)
		}
		os.Exit(ec.code)
	}
	fmt.Fprintln(os.Stderr, "arbiter:", err)
	os.Exit(2)
}
