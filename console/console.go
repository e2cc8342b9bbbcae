// Package console is Arbiter's terminal adapter: the interactive console
// (a line REPL over the command set) and the rendering of replies as plain
// text or JSON, every page collected, which the one-shot CLI commands share.
package console

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Console is a line REPL over the same router: "/rule 302.6",
// "/card ornithopter", "/scenario add Ornithopter". It needs no token and
// no Redis; answers are rendered as plain text with every page shown.
type Console struct {
	Router    commands.Server
	In        io.Reader
	Out       io.Writer
	UserID    string
	ChannelID string
	// Prompt prints "> " before each line (interactive use).
	Prompt bool
}

// Run reads commands until end of input or "quit".
func (c *Console) Run(ctx context.Context) error {
	sc := bufio.NewScanner(c.In)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	user, channel := c.UserID, c.ChannelID
	if user == "" {
		user = "console"
	}
	if channel == "" {
		channel = "console"
	}
	defs := c.Router.Definitions()
	if c.Prompt {
		fmt.Fprint(c.Out, Hint)
	}
	n := 0
	for {
		if c.Prompt {
			fmt.Fprint(c.Out, "> ")
		}
		if !sc.Scan() {
			return sc.Err()
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "quit" || line == "exit" || line == "/quit" {
			return nil
		}
		reqs, err := commands.ParseLines(line, defs)
		if err != nil {
			fmt.Fprintf(c.Out, "error: %v\n", err)
			continue
		}
		// The same refusal for several references of one line ("[[Opt]]
		// [[Fog]]" with no card catalogue) is said once.
		said := map[string]bool{}
		for _, req := range reqs {
			if req.Command == "help" {
				// /help as typed here, not as Discord's slash commands.
				fmt.Fprint(c.Out, Help(defs))
				continue
			}
			n++
			req.ID, req.UserID, req.ChannelID = fmt.Sprintf("console-%d", n), user, channel
			rep := c.Router.Serve(ctx, req)
			if rep.Modal != nil {
				// The form: read pasted lines up to an empty line or ".".
				fmt.Fprintf(c.Out, "%s: paste one statement per line, then an empty line.\n", rep.Modal.Title)
				var lines []string
				for sc.Scan() {
					l := sc.Text()
					if strings.TrimSpace(l) == "" || strings.TrimSpace(l) == "." {
						break
					}
					lines = append(lines, l)
				}
				values := map[string]string{}
				if len(rep.Modal.Inputs) > 0 {
					values[rep.Modal.Inputs[0].CustomID] = strings.Join(lines, "\n")
				}
				rep = c.Router.Serve(ctx, commands.Request{Kind: commands.KindModal, CustomID: rep.Modal.CustomID, Values: values, UserID: user, ChannelID: channel})
			}
			out := Text(Flatten(Pages(ctx, c.Router, rep, user, channel)))
			if rep.Error && said[out] {
				continue
			}
			said[out] = true
			fmt.Fprint(c.Out, out)
		}
	}
}

// Pages returns every page of a reply, in order, by pressing its Next
// button: a terminal has no length limit.
func Pages(ctx context.Context, r commands.Server, rep commands.Reply, user, channel string) []commands.Reply {
	out := []commands.Reply{rep}
	for i := 0; rep.PageCount > 1 && rep.Page+1 < rep.PageCount && i < 200; i++ {
		next := ""
		for _, bt := range rep.Buttons {
			if strings.HasPrefix(bt.CustomID, "pg:") && !bt.Disabled && strings.HasPrefix(bt.Label, "Next") {
				next = bt.CustomID
			}
		}
		if next == "" {
			break
		}
		rep = r.Serve(ctx, commands.Request{Kind: commands.KindComponent, CustomID: next, UserID: user, ChannelID: channel})
		out = append(out, rep)
	}
	return out
}

var (
	mdLink = regexp.MustCompile(`\[([^\]]+)\]\((https?://[^)]+)\)`)
	mdBold = strings.NewReplacer("**", "", "`", "", `\[`, "[", `\]`, "]", "*Example:*", "Example:", "*(Obsolete term.)*", "(Obsolete term.)")
)

// mdEscaped is a character escaped so that Discord shows it as typed (a
// question's "*/1+*" in a title).
var mdEscaped = regexp.MustCompile(`\\([\\*_` + "`" + `~|\[\]])`)

// Plain removes the Markdown the embeds and scenario reports use, for a
// terminal; an escaped character is written as it was typed.
func Plain(s string) string {
	s = mdLink.ReplaceAllStringFunc(s, func(m string) string {
		sub := mdLink.FindStringSubmatch(m)
		if m == commands.SiteLink(sub[2]) {
			// "[Scryfall](…)" says only where the link goes: a terminal
			// shows the address.
			return sub[2]
		}
		return sub[1] + " <" + sub[2] + ">"
	})
	var b strings.Builder
	last := 0
	for _, m := range mdEscaped.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(mdBold.Replace(s[last:m[0]]))
		b.WriteString(s[m[2]:m[3]])
		last = m[1]
	}
	b.WriteString(mdBold.Replace(s[last:]))
	return b.String()
}

// Text renders a reply as plain text, for the console and logs.
func Text(rep commands.Reply) string { return TextSaying(rep, nil) }

// TextSaying renders a reply as Text does, with the commands its buttons
// stand for ("Cited rules: /rule 302.6") said by say, as a terminal that
// does not read slash commands takes them; a nil say keeps the slash
// commands, which the console reads.
func TextSaying(rep commands.Reply, say func(slash string) string) string {
	if say == nil {
		say = func(s string) string { return s }
	}
	var b strings.Builder
	if rep.Title != "" {
		b.WriteString(Plain(rep.Title))
		if rep.Error {
			b.WriteString(" (error)")
		}
		b.WriteString("\n")
	}
	if rep.URL != "" {
		b.WriteString(rep.URL + "\n")
	}
	if rep.Body != "" {
		if rep.Preformatted {
			b.WriteString(rep.Body)
		} else {
			b.WriteString(Plain(rep.Body))
		}
		b.WriteString("\n")
	}
	for _, f := range rep.Fields {
		fmt.Fprintf(&b, "\n%s\n  %s\n", Plain(f.Name), strings.ReplaceAll(Plain(f.Value), "\n", "\n  "))
	}
	// The rules cited, leaving out the one the reply is about ("Rule
	// 302.6" citing 302.6) and the list when a "cited rules" line follows.
	var cites []string
	hasCiteButton := false
	for _, bt := range rep.Buttons {
		hasCiteButton = hasCiteButton || strings.HasPrefix(bt.CustomID, "cite:")
	}
	for _, ci := range rep.Citations {
		if ci.Kind == commands.CiteCR && !strings.HasSuffix(rep.Title, " "+ci.ID) {
			cites = append(cites, ci.ID)
		}
	}
	if len(cites) > 0 && len(cites) <= 12 && !hasCiteButton {
		b.WriteString("\nCites: " + strings.Join(cites, ", ") + "\n")
	}
	for _, bt := range rep.Buttons {
		if ids, ok := strings.CutPrefix(bt.CustomID, "cite:"); ok {
			var cmds []string
			for _, id := range strings.Split(ids, ",") {
				cmds = append(cmds, say("/rule "+id))
			}
			b.WriteString("Cited rules: " + strings.Join(cmds, ", ") + "\n")
		}
		if name, ok := strings.CutPrefix(bt.CustomID, "rulings:"); ok {
			b.WriteString("Rulings: " + say("/rulings "+name) + "\n")
		}
		if id, ok := strings.CutPrefix(bt.CustomID, "crd:"); ok {
			b.WriteString("What changed: " + say("/cr diff rule:"+id) + "\n")
		}
	}
	if rep.Footer != "" {
		b.WriteString("-- " + rep.Footer + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// Flatten joins the pages of one reply into a single reply: bodies joined
// by a blank line, fields in order, the first page's footer without its
// page count, and no paging buttons. A terminal has no length limit.
func Flatten(pages []commands.Reply) commands.Reply {
	if len(pages) == 0 {
		return commands.Reply{}
	}
	out := pages[0]
	if out.PageCount > 1 {
		_, out.Footer, _ = strings.Cut(out.Footer, " · ")
	}
	out.Page, out.PageCount, out.Body, out.Fields, out.Buttons = 0, 0, "", nil, nil
	for _, b := range pages[0].Buttons {
		if !strings.HasPrefix(b.CustomID, "pg:") {
			out.Buttons = append(out.Buttons, b)
		}
	}
	var body strings.Builder
	for _, p := range pages {
		if b := strings.TrimSpace(p.Body); b != "" {
			if body.Len() > 0 {
				body.WriteString(pageJoin(body.String(), b))
			}
			body.WriteString(b)
		}
		out.Fields = append(out.Fields, p.Fields...)
	}
	out.Body = body.String()
	return out
}

// pageJoin is what goes between two pages' bodies: a blank line, or a
// space when the page break fell inside a sentence (the first page ends
// mid-clause and the next goes on in lowercase).
func pageJoin(prev, next string) string {
	last, _ := utf8.DecodeLastRuneInString(prev)
	first, _ := utf8.DecodeRuneInString(next)
	if (unicode.IsLetter(last) || last == ',') && unicode.IsLower(first) {
		return " "
	}
	return "\n\n"
}

// Answer is a reply as the CLI prints it with --json (every page joined).
// Error replies carry their code (not_found, invalid, unavailable) and the
// message in Body.
type Answer struct {
	Title     string              `json:"title"`
	URL       string              `json:"url,omitempty"`
	Body      string              `json:"body,omitempty"`
	Fields    []commands.Field    `json:"fields,omitempty"`
	Citations []commands.Citation `json:"citations"`
	Footer    string              `json:"footer,omitempty"`
	Error     bool                `json:"error,omitempty"`
	Code      string              `json:"code,omitempty"`
}

// JSON is the --json form of a reply's pages.
func JSON(pages []commands.Reply) Answer {
	rep := Flatten(pages)
	a := Answer{Title: rep.Title, URL: rep.URL, Body: rep.Body, Citations: rep.Citations, Footer: rep.Footer, Error: rep.Error, Code: rep.Code}
	// A field's More is for a later cut inside Arbiter; the answer is
	// whole here.
	for _, f := range rep.Fields {
		f.More = ""
		a.Fields = append(a.Fields, f)
	}
	if a.Citations == nil {
		a.Citations = []commands.Citation{}
	}
	return a
}
