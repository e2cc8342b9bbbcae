package console

import (
	"fmt"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Hint is what an interactive console prints when it starts: how to get
// help and how to leave.
const Hint = "Arbiter console. Type /help for the commands, or just ask a question. Leave with quit, exit or Ctrl-D.\n"

// consoleExamples are the commands as typed in the console (the options
// need no names).
var consoleExamples = map[string]string{
	"rule":     "/rule 302.6",
	"define":   "/define summoning sickness",
	"search":   "/search kind:rule first strike damage",
	"ask":      "/ask can a creature attack the turn it came under my control?",
	"card":     "/card Ornithopter",
	"rulings":  "/rulings Ensoul Artifact",
	"mtr":      "/mtr 4.2",
	"ipg":      "/ipg hce",
	"jar":      "/jar",
	"scenario": "/scenario add Ornithopter as O (new)",
	"help":     "/help",
}

// Help is /help in the console's own syntax: what each command takes,
// typed as a line (the first text option needs no name; others are
// name:value; a boolean is its bare name), with an example.
func Help(defs []commands.Definition) string {
	var b strings.Builder
	b.WriteString("Arbiter: Magic: The Gathering rules, cards and tournament documents, with citations.\n")
	b.WriteString("Type a command, or a question without a slash (it is asked as /ask would).\n\n")
	for _, d := range defs {
		if d.Type != commands.SlashCommand {
			continue
		}
		var subs []string
		for _, o := range d.Options {
			if o.Type == commands.OptionSubcommand {
				subs = append(subs, o.Name)
			}
		}
		if len(subs) > 0 {
			fmt.Fprintf(&b, "/%s %s\n  %s\n", d.Name, strings.Join(subs, "|"), d.Description)
			for _, o := range d.Options {
				if o.Type == commands.OptionSubcommand {
					fmt.Fprintf(&b, "    /%s %s%s  %s\n", d.Name, o.Name, usage(o.Options), o.Description)
				}
			}
		} else {
			fmt.Fprintf(&b, "/%s%s\n  %s\n", d.Name, usage(d.Options), d.Description)
		}
		if ex := consoleExamples[d.Name]; ex != "" {
			fmt.Fprintf(&b, "  e.g. %s\n", ex)
		}
	}
	b.WriteString("\n/find-rules TEXT\n  The \"Find rules\" message command on TEXT.\n")
	b.WriteString("\n/scenario add with no line reads the lines that follow, up to an empty line;\n")
	b.WriteString("a line that starts with ? (\"? can O attack\") is added to the scenario as its query.\n")
	b.WriteString("Leave with quit, exit or Ctrl-D.\n")
	return b.String()
}

// usage writes a command's options as typed in the console: the first text
// option bare and in capitals, the others as [name:VALUE] or [name].
func usage(opts []commands.Option) string {
	var b strings.Builder
	bare := false
	for _, o := range opts {
		switch {
		case o.Type == commands.OptionString && !bare:
			bare = true
			if o.Required {
				fmt.Fprintf(&b, " %s", strings.ToUpper(o.Name))
			} else {
				fmt.Fprintf(&b, " [%s]", strings.ToUpper(o.Name))
			}
		case o.Type == commands.OptionBoolean:
			fmt.Fprintf(&b, " [%s]", o.Name)
		case o.Type != commands.OptionSubcommand:
			fmt.Fprintf(&b, " [%s:%s]", o.Name, strings.ToUpper(o.Name))
		}
	}
	return b.String()
}
