package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/console"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// The look-up subcommands send the same requests as the bot's slash
// commands through the same router, and print the reply: every page, as
// plain text, or as one JSON object with --json. An error reply goes to
// standard error (as JSON to standard output with --json), and its code
// decides the exit status.

// command is a slash-command request with its options.
func command(name string, opts ...string) commands.Request {
	req := commands.NewRequest(name, opts...)
	req.UserID, req.ChannelID = "cli", "cli"
	return req
}

// lookup answers one request and prints it; the error, if any, carries the
// exit status.
func (a *app) lookup(ctx context.Context, req commands.Request) error {
	rep, err := a.answer(ctx, req)
	if err != nil {
		return err
	}
	return a.print(rep, false, req)
}

// answer serves a request and collects every page of its reply.
func (a *app) answer(ctx context.Context, req commands.Request) ([]commands.Reply, error) {
	r, err := a.Router()
	if err != nil {
		return nil, err
	}
	req.OptionNames = cliOptionNames(req)
	rep := r.Serve(ctx, req)
	return console.Pages(ctx, r, rep, req.UserID, req.ChannelID), nil
}

// cliFlags are the options the look-ups take as flags, by command; every
// other option is the command's argument (diff's from and to its OLD and
// NEW).
var cliFlags = map[string]map[string]string{
	"rule":   {"cr": "--cr"},
	"search": {"kind": "--kind", "limit": "--limit"},
	"cr":     {"rule": "--rule", "from": "OLD", "to": "NEW"},
}

// cliOptionNames says how the command line gave each option of req, so
// that a refusal speaks of the argument or the flag rather than of a
// Discord option.
func cliOptionNames(req commands.Request) map[string]string {
	names := map[string]string{}
	for name := range req.Options {
		switch flag := cliFlags[req.Command][name]; {
		case strings.HasPrefix(flag, "--"):
			names[name] = "The " + flag + " value"
		case flag != "":
			names[name] = "The " + flag + " argument"
		default:
			names[name] = "The " + name + " given as the argument"
		}
	}
	return names
}

// print writes the pages of a reply to req (one compact JSON line each
// when line is set, for batch searches) and returns the exit status it
// means.
func (a *app) print(pages []commands.Reply, line bool, req commands.Request) error {
	first := pages[0]
	// What the reply suggests running is said as a command line, in its
	// JSON form too (its body is text for a person).
	said := make([]commands.Reply, len(pages))
	for i, p := range pages {
		said[i] = withCLICommands(p, a.defs())
	}
	pages = said
	switch {
	case a.JSON && line:
		if err := writeJSONLine(a.Out, console.JSON(pages)); err != nil {
			return err
		}
	case a.JSON:
		if err := writeJSON(a.Out, console.JSON(pages)); err != nil {
			return err
		}
	case first.Error:
		fmt.Fprint(a.Err, console.TextSaying(pages[0], cliSay(a.defs())))
	default:
		if _, err := io.WriteString(a.Out, console.TextSaying(console.Flatten(pages), cliSay(a.defs()))); err != nil {
			return err
		}
	}
	if !first.Error {
		return nil
	}
	// The message has been printed; the error only sets the status.
	return exitCode(exitStatus(first.Code), nil)
}

// defs are the commands' definitions, to read the commands a reply names.
func (a *app) defs() []commands.Definition {
	if r, err := a.Router(); err == nil {
		return r.Definitions()
	}
	return nil
}

// exitStatus maps a reply's error code to the CLI's exit status: 1 when
// nothing matched, 2 for bad usage or missing data.
func exitStatus(code string) int {
	switch code {
	case commands.CodeNotFound, commands.CodeInternal, commands.CodeLimited:
		return 1
	}
	return 2
}

func newRuleCmd(a *app) *cobra.Command {
	var version string
	c := &cobra.Command{
		Use:   "rule NUMBER",
		Short: "Show a rule by number: 302.6, 704.5 (with its subrules), \"614.1.\" (alone), 302, 6",
		Args: needs("a rule number", true,
			"arbiter rule 302.6     (a rule)",
			"arbiter rule 704.5     (a rule with its subrules)",
			"arbiter rule 6         (a section: its rules' titles)",
			"arbiter search \"deathtouch\"   (to find a rule by its words)"),
		RunE: func(c *cobra.Command, args []string) error {
			return a.lookup(c.Context(), command("rule", "number", args[0], "cr", version))
		},
	}
	c.Flags().StringVar(&version, "cr", "", "effective date of an older CR version held in the data directory, such as 2025-11-14")
	return c
}

func newDiffCmd(a *app) *cobra.Command {
	var rule string
	c := &cobra.Command{
		Use:   "diff [OLD NEW]",
		Short: "What changed between two CR versions held (default: the two newest): rules added, removed, renumbered and changed, word by word",
		Long: `What changed between two Comprehensive Rules versions held in the data
directory: rules added, removed, renumbered (matched by their text) and
changed, with a word-level diff ([-removed-] {+added+}), and the glossary.
OLD and NEW are effective dates such as 2026-01-16; without them, the
newest version is compared with the one before it. With only OLD, it is
compared with the newest.`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(c *cobra.Command, args []string) error {
			req := command("cr", "rule", rule)
			req.Subcommand = "diff"
			if len(args) > 0 {
				req.Options["from"] = args[0]
			}
			if len(args) > 1 {
				req.Options["to"] = args[1]
			}
			return a.lookup(c.Context(), req)
		},
	}
	c.Flags().StringVar(&rule, "rule", "", "only this rule or section, such as 702 or 702.19")
	return c
}

func newDefineCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "define TERM",
		Short: "Show a glossary entry: define \"summoning sickness\"",
		Args:  needs("a glossary term", false, "arbiter define \"summoning sickness\"", "arbiter define trample"),
		RunE: func(c *cobra.Command, args []string) error {
			return a.lookup(c.Context(), command("define", "term", strings.Join(args, " ")))
		},
	}
}

func newSearchCmd(a *app) *cobra.Command {
	var kinds []string
	var limit int
	c := &cobra.Command{
		Use:   "search [QUERY]",
		Short: "Ranked search over rules, glossary and everything loaded; with no QUERY, one query per line from standard input",
		RunE: func(c *cobra.Command, args []string) error {
			if limit < 1 {
				return exitCode(2, fmt.Errorf("--limit must be at least 1"))
			}
			search := func(q string) commands.Request {
				return command("search", "query", q, "kind", strings.Join(kinds, ","), "limit", strconv.Itoa(limit))
			}
			if len(args) > 0 {
				return a.lookup(c.Context(), search(strings.Join(args, " ")))
			}
			// One query per line; the status is the worst of them (2 over
			// 1 over 0), and every query is answered.
			sc := bufio.NewScanner(a.In)
			sc.Buffer(make([]byte, 64*1024), 1<<20)
			status, asked := 0, 0
			for sc.Scan() {
				q := strings.TrimSpace(sc.Text())
				if q == "" {
					continue
				}
				asked++
				req := search(q)
				pages, err := a.answer(c.Context(), req)
				if err != nil {
					return err
				}
				status = max(status, statusOf(a.print(pages, true, req)))
			}
			if err := sc.Err(); err != nil {
				return exitCode(2, err)
			}
			if asked == 0 {
				return exitCode(2, fmt.Errorf("no query: give one as arguments or one per line on standard input"))
			}
			if status != 0 {
				return exitCode(status, nil)
			}
			return nil
		},
	}
	c.Flags().StringSliceVar(&kinds, "kind", nil, "kinds to search, comma-separated: rule, glossary, card, ruling, mtr, ipg, jar")
	c.Flags().IntVar(&limit, "limit", 5, "results per query (at most 25)")
	return c
}

// statusOf is the exit status an error from print carries.
func statusOf(err error) int {
	if ec, ok := err.(*exitError); ok {
		return ec.code
	}
	if err != nil {
		return 2
	}
	return 0
}

func newAskCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "ask QUESTION",
		Short: "Ask anything: a question, a rule number, [[Card Name]], \"IPG 2.1\", a term",
		Args:  needs("a question", false, "arbiter ask \"what is the stack?\"", "arbiter ask \"[[Ornithopter]]\""),
		RunE: func(c *cobra.Command, args []string) error {
			q := strings.Join(args, " ")
			// A rule or section number ("302.6", "rule 704.5k", "6") is
			// looked up; anything else is asked as /ask asks it, which
			// answers a section reference ("IPG 2.1") and card names
			// alone with those look-ups too.
			if _, err := cr.ParseID(strings.TrimSpace(q)); err == nil {
				return a.lookup(c.Context(), command("rule", "number", strings.TrimSpace(q)))
			}
			return a.lookup(c.Context(), command("ask", "question", q))
		},
	}
}

func newCardCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "card NAME",
		Short: "Show a card's Oracle text: card \"Ensoul Artifact\" (also prefixes, typos and foreign names)",
		Args:  needs("a card name", false, "arbiter card \"Ensoul Artifact\""),
		RunE: func(c *cobra.Command, args []string) error {
			return a.lookup(c.Context(), command("card", "name", strings.Join(args, " ")))
		},
	}
}

func newRulingsCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rulings NAME",
		Short: "Show a card's official rulings with the rules they cite",
		Args:  needs("a card name", false, "arbiter rulings \"Artisan of Forms\""),
		RunE: func(c *cobra.Command, args []string) error {
			return a.lookup(c.Context(), command("rulings", "name", strings.Join(args, " ")))
		},
	}
}

// docCmdHelp is each tournament document's usage and summary.
var docCmdHelp = map[string][2]string{
	tourney.MTR: {"mtr [SECTION]", "Show a section of the Magic Tournament Rules: mtr 4.2, mtr appendix b, mtr shortcuts"},
	tourney.IPG: {"ipg [SECTION|ABBREVIATION]", "Show a section or infraction of the Infraction Procedure Guide: ipg 2.1, ipg hce, ipg \"missed trigger\""},
	tourney.JAR: {"jar [SECTION]", "Show Judging at Regular REL: jar, jar 2, jar common issues"},
}

func newDocCmd(a *app, doc string) *cobra.Command {
	help := docCmdHelp[doc]
	return &cobra.Command{
		Use:   help[0],
		Short: help[1],
		Long:  help[1] + "\n\nWith no argument, lists the sections of the " + strings.ToUpper(doc) + ".",
		RunE: func(c *cobra.Command, args []string) error {
			return a.lookup(c.Context(), command(doc, "section", strings.Join(args, " ")))
		},
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
