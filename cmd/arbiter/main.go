// Command arbiter answers Magic: The Gathering rules questions: rule look-ups,
// glossary, search, cards and rulings, tournament documents and checked
// scenarios, from the command line, a console, or Discord.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status: 0 found, 1
// nothing found, 2 bad usage or no data; `serve` adds 3 (Discord
// unavailable, try later) and 4 (Discord refused the token or the
// configuration).
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	root := newRoot(in, out, errOut)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ec *exitError
	if errors.As(err, &ec) {
		if ec.err != nil {
			fmt.Fprintln(errOut, "arbiter:", ec.err)
		}
		return ec.code
	}
	fmt.Fprintln(errOut, "arbiter:", err)
	return 2
}
