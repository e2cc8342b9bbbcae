package main

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
)

// A reply names what to type as whole slash commands in backticks: an
// error's hint ("Try: `/rule number:905.6 cr:2021-11-19`"), a card's
// other meanings ("`/card name:Thassa's Bounty`"). They are right in
// Discord and in the console; the one-shot command line says them as
// command lines.
var slashSpan = regexp.MustCompile("`(/[^`\n]+)`")

// cliHint turns a slash command into the command line that does the
// same, reading it as the console reads a typed command; ok is false for
// hints with no command-line form (judge calls, scenarios), which are left
// as they are.
func cliHint(hint string, defs []commands.Definition) (string, bool) {
	if !strings.HasPrefix(hint, "/") {
		return "", false
	}
	req, err := commands.ParseLine(hint, defs)
	if err != nil {
		return "", false
	}
	return cliLine(req)
}

// cliLine is the command line that sends req: the look-up of the same
// name with its one text option as the argument, the others as its flags.
func cliLine(req commands.Request) (string, bool) {
	o := req.Option
	line := func(name string, arg string, flags ...string) string {
		s := "arbiter " + name
		for i := 0; i+1 < len(flags); i += 2 {
			if flags[i+1] != "" {
				s += " " + flags[i] + " " + shellWord(flags[i+1])
			}
		}
		if arg != "" {
			s += " " + shellWord(arg)
		}
		return s
	}
	switch req.Command {
	case "help":
		return "arbiter --help", true
	case "rule":
		s := line("rule", o("number"))
		if o("cr") != "" {
			s += " --cr " + shellWord(o("cr"))
		}
		return s, o("number") != ""
	case "define":
		return line("define", o("term")), true
	case "search":
		return line("search", o("query"), "--kind", o("kind"), "--limit", o("limit")), true
	case "ask":
		return line("ask", o("question")), true
	case "card", "rulings":
		return line(req.Command, o("name")), true
	case "mtr", "jar":
		return line(req.Command, o("section")), true
	case "ipg":
		return line("ipg", cmp.Or(o("infraction"), o("section"))), true
	case "cr":
		// arbiter diff [OLD [NEW]]: a NEW needs its OLD.
		if req.Subcommand != "diff" || o("to") != "" && o("from") == "" {
			return "", false
		}
		s := line("diff", "", "--rule", o("rule"))
		for _, d := range []string{o("from"), o("to")} {
			if d != "" {
				s += " " + shellWord(d)
			}
		}
		return s, true
	}
	return "", false
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9._,/+-]+$`)

// shellWord quotes s for a POSIX shell when it is not a plain word.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// cliSay says a slash command as the command line that does the same,
// or leaves it as it is when none does.
func cliSay(defs []commands.Definition) func(string) string {
	return func(slash string) string {
		if line, ok := cliHint(slash, defs); ok {
			return line
		}
		return slash
	}
}

// withCLICommands says every command a reply's body and fields name as a
// command line.
func withCLICommands(rep commands.Reply, defs []commands.Definition) commands.Reply {
	say := cliSay(defs)
	rewrite := func(text string) string {
		return slashSpan.ReplaceAllStringFunc(text, func(m string) string {
			return "`" + say(m[1:len(m)-1]) + "`"
		})
	}
	rep.Body = rewrite(rep.Body)
	fields := make([]commands.Field, len(rep.Fields))
	for i, f := range rep.Fields {
		f.Value = rewrite(f.Value)
		fields[i] = f
	}
	rep.Fields = fields
	return rep
}
