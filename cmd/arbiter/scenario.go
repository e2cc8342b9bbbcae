package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/console"
	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/wire"
)

func newScenarioCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "scenario FILE|-",
		Short: "Check a scenario with the layer-system engine (FILE, or - for standard input)",
		Long: `Run a scenario: objects enter the battlefield, spells and effects resolve,
and "? REF" / "? can REF attack|block|tap|untap" lines are answered with the
layer trace and the rules that decide them.

  Ornithopter as O (1 +1/+1 counter)
  cast Ensoul Artifact targeting O
  cast Titanic Growth targeting O
  ? O
  ? can O attack

Cards come from the data directory or from "define NAME = ..." lines.
--json prints {"results":[...],"unmodeled":[...],"errors":[...],"notes":[...]}.
Exit status: 0 answered, 1 a statement failed (unknown card or reference),
2 syntax error or unreadable file.`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			src, err := readScenario(a, args[0])
			if err != nil {
				return exitCode(2, err)
			}
			script, err := engine.Parse(src)
			if err != nil {
				var se *engine.SyntaxError
				if errors.As(err, &se) {
					return exitCode(2, fmt.Errorf("%s: %w", args[0], se))
				}
				return exitCode(2, err)
			}
			var cards engine.CardSource
			if kb, err := a.KB(); err != nil {
				// Defined cards still work without card data; say why
				// printed cards are unknown.
				fmt.Fprintf(a.Err, "arbiter: no card data (%v); only cards defined in the scenario are known\n", err)
			} else if kb.Cards != nil {
				cards = wire.CardSource(kb.Cards)
			}
			report, err := engine.Run(c.Context(), script, cards)
			if err != nil {
				return err
			}
			if a.JSON {
				b, err := report.JSON()
				if err != nil {
					return err
				}
				fmt.Fprintln(a.Out, string(b))
			} else {
				fmt.Fprint(a.Out, console.Plain(report.Text()))
			}
			if len(report.Errors) > 0 {
				return exitCode(1, nil)
			}
			return nil
		},
	}
}

func readScenario(a *app, path string) (string, error) {
	var b []byte
	var err error
	if path == "-" {
		in := a.In
		if in == nil {
			in = os.Stdin
		}
		b, err = io.ReadAll(io.LimitReader(in, 1<<20))
	} else {
		b, err = os.ReadFile(path)
	}
	if err != nil {
		return "", fmt.Errorf("reading scenario: %w", err)
	}
	return string(b), nil
}
