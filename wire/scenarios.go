package wire

import (
	"context"
	"errors"
	"fmt"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/engine"
)

// Scenarios runs scenarios with the layer engine.
type Scenarios struct {
	Cards engine.CardSource
}

// Check parses a script; a syntax error names its line.
func (r Scenarios) Check(src string) error {
	_, err := engine.Parse(src)
	var se *engine.SyntaxError
	if errors.As(err, &se) {
		return se
	}
	return err
}

// Run parses and runs the script and returns the engine's readable report.
func (r Scenarios) Run(ctx context.Context, src string) (commands.ScenarioResult, error) {
	s, err := engine.Parse(src)
	if err != nil {
		return commands.ScenarioResult{}, err
	}
	cards := r.Cards
	if cards == nil {
		cards = engine.NewMapSource()
	}
	rep, err := engine.Run(ctx, s, cards)
	if err != nil {
		return commands.ScenarioResult{}, fmt.Errorf("the scenario took too long to run: %w", err)
	}
	out := commands.ScenarioResult{Text: rep.Text(), Brief: rep.Brief()}
	for _, e := range rep.Errors {
		out.Errors = append(out.Errors, commands.ScenarioError{Line: e.Line, Msg: e.Error()})
	}
	return out, nil
}
