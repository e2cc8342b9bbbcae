package main

import (
	"regexp"
	"strings"

	"github.com/arbiter-mtg/arbiter/commands"
)

// An error reply ends with what to type instead, as a slash command
// ("Try: `/rule number:905.6`"), which is right in Discord and in the
// console. The one-shot command line says it as a command line.
var tryLine = regexp.MustCompile("\n\nTry: `([^`\n]*)`$")

// cliCommands are the slash commands whose one option is the argument of
// the command of the same name.
var cliCommands = map[string]bool{"rule": true, "card": true, "rulings": true, "define": true, "search": true,
	"ask": true, "mtr": true, "ipg": true, "jar": true}

var optionName = regexp.MustCompile(`^[a-z]+:`)

// cliHint turns a slash-command hint into the command line that does the
// same; ok is false for hints with no command-line form (judge calls,
// scenarios, /cr diff's to:), which are left as they are. A CR version
// given alone (cr:DATE, from /rule's cr option) becomes the flag alone,
// "--cr DATE", which withCLIHint puts in the look-up it goes with.
func cliHint(hint string) (string, bool) {
	switch hint {
	case "/help":
		return "arbiter --help", true
	case "/cr diff":
		return "arbiter diff", true
	}
	if id, ok := strings.CutPrefix(hint, "/cr diff rule:"); ok && !strings.ContainsAny(id, " :") {
		return "arbiter diff --rule " + id, true
	}
	// A CR version held, for /cr diff from: or /rule cr:, given as the
	// option alone or as the whole command ("/cr diff from:2021-11-19").
	if date, ok := strings.CutPrefix(strings.TrimPrefix(hint, "/cr diff "), "from:"); ok && plainWord.MatchString(date) {
		return "arbiter diff " + date, true
	}
	if date, ok := strings.CutPrefix(hint, "cr:"); ok && plainWord.MatchString(date) {
		return "--cr " + date, true
	}
	name, rest, _ := strings.Cut(strings.TrimPrefix(hint, "/"), " ")
	if !strings.HasPrefix(hint, "/") || !cliCommands[name] {
		return "", false
	}
	flags := ""
	if name == "search" {
		if q, kinds, ok := strings.Cut(rest, " kind:"); ok && !strings.ContainsAny(kinds, " :") {
			rest, flags = q, " --kind "+kinds
		}
	}
	rest = strings.TrimSpace(optionName.ReplaceAllString(rest, ""))
	if rest == "" {
		return "arbiter " + name + flags, true
	}
	return "arbiter " + name + flags + " " + shellWord(rest), true
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9._,/+-]+$`)

// shellWord quotes s for a POSIX shell when it is not a plain word.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withCLIHint rewrites the hint at the end of the body of an error reply
// to req. In a rule look-up of an older CR, the CR version goes with the
// rule: a version alone (--cr DATE) is put in the look-up req made, and a
// rule suggested from that CR keeps --cr.
func withCLIHint(rep commands.Reply, req commands.Request) commands.Reply {
	m := tryLine.FindStringSubmatchIndex(rep.Body)
	if m == nil {
		return rep
	}
	line, ok := cliHint(rep.Body[m[2]:m[3]])
	if !ok {
		return rep
	}
	if req.Command == "rule" {
		number, version := req.Option("number"), req.Option("cr")
		switch {
		case strings.HasPrefix(line, "--cr ") && number != "":
			line = "arbiter rule " + shellWord(number) + " " + line
		case strings.HasPrefix(line, "arbiter rule ") && version != "" && !strings.Contains(line, "--cr"):
			// A rule suggested from the older CR asked for.
			line += " --cr " + shellWord(version)
		}
	}
	rep.Body = rep.Body[:m[0]] + "\n\nTry: `" + line + "`"
	return rep
}
