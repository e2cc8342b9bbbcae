package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
	"github.com/arbiter-mtg/arbiter/wire"
)

// app is what every subcommand shares: the global flags, the writers and the
// knowledge base, loaded once on first use.
type app struct {
	// DataDir is the data directory; DataSet says it was given (--data,
	// ARBITER_DATA or a config file's data_dir) rather than defaulted.
	DataDir string
	DataSet bool
	JSON    bool
	In      io.Reader
	Out     io.Writer
	Err     io.Writer

	kbOnce sync.Once
	kb     *rulings.KB
	kbErr  error

	routerOnce sync.Once
	router     *commands.Router
	routerErr  error
}

// KB loads the knowledge base the first time it is asked for. A data
// directory that was given must hold the CR (a missing or empty one is a
// usage error, exit 2); with none given, the per-user directory that
// `data update` fills is read, and the built-in copy of the newest CR and
// tournament documents serves whatever it lacks.
func (a *app) KB() (*rulings.KB, error) {
	a.kbOnce.Do(func() {
		var kb *rulings.KB
		var err error
		switch {
		case a.DataSet && a.DataDir == "":
			err = fmt.Errorf("the data directory is empty: pass --data DIR or set ARBITER_DATA")
		default:
			kb, err = a.load()
		}
		if err != nil {
			a.kbErr = exitCode(2, err)
			return
		}
		a.kb = kb
	})
	return a.kb, a.kbErr
}

// Router is the command set over the knowledge base, with sessions in
// memory: the one-shot look-ups answer through it as the bot does.
func (a *app) Router() (*commands.Router, error) {
	a.routerOnce.Do(func() {
		kb, err := a.KB()
		if err != nil {
			a.routerErr = err
			return
		}
		a.router, a.routerErr = commands.New(wire.FromKB(kb))
	})
	return a.router, a.routerErr
}

// loadKB loads a data directory that was given, through the compiled
// snapshot in the per-user cache; tests replace it with a cached loader so
// that each command run does not parse the same files again.
var loadKB = func(dir string) (*rulings.KB, error) { return rulings.LoadCached(dir, snapshotDir()) }

// loadDefault loads the default data directory, the built-in documents
// serving what it lacks.
var loadDefault = rulings.LoadDefault

// snapshotDir is where compiled snapshots of data directories are kept:
// a hidden folder of the per-user cache ("" when there is none: no
// snapshot is kept then).
func snapshotDir() string {
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "arbiter", ".snapshots")
	}
	return ""
}

// exitError carries the process exit status: 1 for "nothing found", 2 for bad
// usage or no data.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// exitCode wraps err so that main exits with code. A nil err exits silently.
func exitCode(code int, err error) error { return &exitError{code: code, err: err} }

// defaultDataDir is the per-user cache directory, used when neither --data
// nor ARBITER_DATA is given.
func defaultDataDir() string {
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "arbiter")
	}
	return ""
}

func newRoot(in io.Reader, out, errOut io.Writer) *cobra.Command {
	a := &app{In: in, Out: out, Err: errOut}
	root := &cobra.Command{
		Use:   "arbiter",
		Short: "Magic: The Gathering rules, cards and tournament documents with citations",
		Long: `Arbiter answers Magic: The Gathering rules questions with the exact text and
number of the Comprehensive Rules, card rulings and tournament documents, and
checks scenarios with a layer-system engine.

The data directory (--data or ARBITER_DATA) is scanned recursively; files are
recognised by content. Exit status: 0 found, 1 nothing found, 2 bad usage or
no data.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.Version = buildVersion()
	root.SetVersionTemplate("arbiter {{.Version}}\n")
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)
	def := os.Getenv("ARBITER_DATA")
	if def == "" {
		def = defaultDataDir()
	}
	root.PersistentFlags().StringVar(&a.DataDir, "data", def, "data directory (env ARBITER_DATA; default: the per-user cache that data update fills, with the built-in CR and tournament documents)")
	root.PersistentPreRun = func(c *cobra.Command, _ []string) {
		a.DataSet = c.Flags().Changed("data") || os.Getenv("ARBITER_DATA") != ""
	}
	root.PersistentFlags().BoolVar(&a.JSON, "json", false, "print JSON")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return exitCode(2, fmt.Errorf("%w (see %s --help)", err, c.CommandPath()))
	})
	root.AddCommand(
		newRuleCmd(a), newDiffCmd(a), newDefineCmd(a), newSearchCmd(a), newAskCmd(a),
		newCardCmd(a), newRulingsCmd(a),
		newDocCmd(a, tourney.MTR), newDocCmd(a, tourney.IPG), newDocCmd(a, tourney.JAR),
		newScenarioCmd(a), newDataCmd(a),
		newServeCmd(a), newHTTPCmd(a), newConsoleCmd(a),
		newRegisterCmd(a), newInviteCmd(a), newHealthcheckCmd(a),
		newJudgeCmd(a),
	)
	return root
}
