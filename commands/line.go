package commands

import (
	"fmt"
	"strings"
)

// ParseLines turns a console line into the requests it makes: a line
// without a leading slash that holds only references ("[[Opt]] [[Fog]]",
// "CR 702.19b", "302.6", "IPG hce") looks each of them up, as the judge
// channel's watcher does; any other line is one request (ParseLine).
func ParseLines(line string, defs []Definition) ([]Request, error) {
	if line = strings.TrimSpace(line); !strings.HasPrefix(line, "/") {
		if reqs := onlyReferences(line); reqs != nil {
			return reqs, nil
		}
	}
	req, err := ParseLine(line, defs)
	if err != nil {
		return nil, err
	}
	return []Request{req}, nil
}

// ParseLine turns a console line into a Request, the way Discord's client
// would fill the options:
//
//	/rule 302.6                     the rest goes to the first text option
//	/search kind:rule first strike  name:value sets named options
//	/scenario add Ornithopter as O  a subcommand, then its options
//	/scenario new private           a bare boolean option name sets it
//	/find-rules TEXT                the "Find rules" message command on TEXT
//	? can O attack                  a scenario query: /scenario add ? can O attack
//
// The leading slash is optional.
func ParseLine(line string, defs []Definition) (Request, error) {
	line = strings.TrimSpace(line)
	// A line that starts with "?" is a scenario's query ("? O", "? can O
	// attack"), as the scenario's lines write them: it is added to the
	// scenario, which answers it.
	if strings.HasPrefix(line, "?") {
		line = "/scenario add " + line
	}
	// Text without a leading slash that does not start with a command name
	// is a question: ask it, as /ask would.
	if line != "" && !strings.HasPrefix(line, "/") && !startsWithCommand(line, defs) {
		line = "/ask " + line
	}
	line = strings.TrimSpace(strings.TrimPrefix(line, "/"))
	if line == "" {
		return Request{}, fmt.Errorf("empty line: type a command such as /rule 302.6, a question, or /help")
	}
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	name = strings.ToLower(name)
	if name == "find-rules" || name == "find" {
		return Request{Kind: KindCommand, Command: FindRules, TargetText: rest}, nil
	}
	var def *Definition
	for i := range defs {
		if defs[i].Name == name && defs[i].Type == SlashCommand {
			def = &defs[i]
		}
	}
	if def == nil {
		return Request{}, fmt.Errorf("unknown command /%s: type /help for the list", name)
	}
	req := Request{Kind: KindCommand, Command: def.Name, Options: map[string]string{}}
	opts := def.Options
	if len(opts) > 0 && opts[0].Type == OptionSubcommand {
		sub, after, _ := strings.Cut(rest, " ")
		var found *Option
		for i := range opts {
			if strings.EqualFold(opts[i].Name, sub) {
				found = &opts[i]
			}
		}
		if found == nil {
			var names []string
			for _, o := range opts {
				names = append(names, o.Name)
			}
			return Request{}, fmt.Errorf("/%s needs one of: %s", def.Name, strings.Join(names, ", "))
		}
		req.Subcommand = found.Name
		opts = found.Options
		rest = strings.TrimSpace(after)
	}
	if err := fillOptions(&req, opts, rest); err != nil {
		return Request{}, fmt.Errorf("/%s: %w", def.Name, err)
	}
	for _, o := range opts {
		if o.Required && req.Options[o.Name] == "" {
			return Request{}, fmt.Errorf("/%s needs %s (%s)", def.Name, o.Name, o.Description)
		}
	}
	return req, nil
}

// fillOptions reads "name:value" pairs when the text starts with a known
// option name, else gives the text up to the first named option to the
// first text option and reads the named options after it. Bare boolean
// option names set them to true.
func fillOptions(req *Request, opts []Option, rest string) error {
	if rest == "" {
		return nil
	}
	byName := map[string]Option{}
	for _, o := range opts {
		byName[o.Name] = o
	}
	// Trailing bare boolean words: "/scenario new private".
	words := strings.Fields(rest)
	for len(words) > 0 {
		last := strings.ToLower(words[len(words)-1])
		o, ok := byName[last]
		if !ok || o.Type != OptionBoolean {
			break
		}
		req.Options[o.Name] = "true"
		words = words[:len(words)-1]
	}
	rest = strings.Join(words, " ")
	if rest == "" {
		return nil
	}
	if k, _, ok := strings.Cut(rest, ":"); ok {
		if _, known := byName[strings.ToLower(k)]; known && !strings.Contains(k, " ") {
			return namedOptions(req, byName, rest)
		}
	}
	for _, o := range opts {
		if o.Type != OptionString {
			continue
		}
		// The text first, then named options, as /help writes them
		// ("/rule 302.6 cr:2021-11-15", "/search first strike kind:rule"):
		// the text runs up to the first " name:" of another option.
		end := len(rest)
		for name := range byName {
			if i := strings.Index(strings.ToLower(rest), " "+name+":"); name != o.Name && i >= 0 && i < end {
				end = i
			}
		}
		// Typed with no option name: a refusal speaks of "the question",
		// not of an option the user did not write.
		req.Options[o.Name] = strings.TrimSpace(rest[:end])
		req.OptionNames = map[string]string{o.Name: "The " + o.Name}
		if end < len(rest) {
			return namedOptions(req, byName, strings.TrimSpace(rest[end:]))
		}
		return nil
	}
	return fmt.Errorf("takes no text (got %q)", rest)
}

// namedOptions parses "a:1 b:two words c:x": a value runs until the next
// " name:" of a known option.
func namedOptions(req *Request, byName map[string]Option, s string) error {
	for s != "" {
		k, v, _ := strings.Cut(s, ":")
		k = strings.ToLower(strings.TrimSpace(k))
		o, ok := byName[k]
		if !ok {
			return fmt.Errorf("unknown option %q", k)
		}
		v = strings.TrimLeft(v, " ")
		end := len(v)
		for name := range byName {
			if i := strings.Index(v, " "+name+":"); i >= 0 && i < end {
				end = i
			}
		}
		if len(o.Choices) > 0 || o.Type == OptionBoolean {
			// A one-word value: what follows is more text.
			if i := strings.IndexByte(v, ' '); i >= 0 && i < end {
				end = i
			}
		}
		val := strings.TrimSpace(v[:end])
		s = strings.TrimSpace(v[end:])
		if o.Type == OptionBoolean {
			switch strings.ToLower(val) {
			case "true", "yes", "1":
				val = "true"
			case "false", "no", "0":
				val = "false"
			default:
				return fmt.Errorf("%s must be true or false, got %q", k, val)
			}
		}
		req.Options[o.Name] = val
		if s == "" {
			break
		}
		if k, _, ok := strings.Cut(s, ":"); !ok || strings.Contains(k, " ") || byName[strings.ToLower(k)].Name == "" {
			// Free text after the named options: the first text option
			// not given yet takes it.
			for _, name := range sortedKeys(byName) {
				if o := byName[name]; o.Type == OptionString && len(o.Choices) == 0 && req.Options[name] == "" {
					req.Options[name] = s
					return nil
				}
			}
			return fmt.Errorf("does not know what to do with %q", s)
		}
	}
	return nil
}

func startsWithCommand(line string, defs []Definition) bool {
	first, _, _ := strings.Cut(line, " ")
	first = strings.ToLower(first)
	if first == "find-rules" || first == "find" {
		return true
	}
	for _, d := range defs {
		if d.Type == SlashCommand && d.Name == first {
			return true
		}
	}
	return false
}
