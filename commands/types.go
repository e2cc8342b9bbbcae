// Package commands is Arbiter's command set, free of any transport: a
// Request goes in, a Reply comes out. The Discord gateway, the HTTP
// interactions endpoint and the console all serve the same Router, and the
// tests drive it with no network at all.
package commands

import (
	"strconv"
	"strings"
)

// Kind says what sort of interaction a Request is.
type Kind int

// The interaction kinds a Router answers.
const (
	KindCommand      Kind = iota + 1 // a slash or context-menu command
	KindAutocomplete                 // an option being typed
	KindComponent                    // a button press
	KindModal                        // a submitted modal
)

// Request is one interaction, decoded from whatever transport carried it.
type Request struct {
	Kind Kind
	// ID identifies the interaction; the router answers each ID once.
	ID         string
	Command    string // "rule", "scenario", "Find rules"
	Subcommand string // "add" for /scenario add
	// Options holds option values as typed, by option name; booleans are
	// "true"/"false", integers decimal.
	Options map[string]string
	// OptionNames says, by option name, how the user gave an option where
	// that was not as a Discord option ("The question given as the
	// argument", "The --cr value"): a refusal of the option speaks of it
	// so. Without an entry it is Discord's "The question option".
	OptionNames map[string]string
	// Focused is the option being typed in an autocomplete request.
	Focused string
	UserID  string
	// Roles are the invoking member's role ids (empty outside a server).
	Roles []string
	// MemberRoles holds the role ids of the members a user option names,
	// by user id, when the transport resolved them (Discord does).
	MemberRoles map[string][]string
	ChannelID   string
	GuildID     string
	Locale      string
	// CustomID is the button's or modal's custom id.
	CustomID string
	// Values holds a submitted modal's text inputs by custom id.
	Values map[string]string
	// TargetText is the content of the message a message command was used on.
	TargetText string
}

// NewRequest is a slash-command request with options given as name, value
// pairs: NewRequest("rule", "number", "302.6").
func NewRequest(command string, opts ...string) Request {
	req := Request{Kind: KindCommand, Command: command, Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		req.Options[opts[i]] = opts[i+1]
	}
	return req
}

// Option returns an option's value with surrounding space removed.
func (r Request) Option(name string) string { return strings.TrimSpace(r.Options[name]) }

// optionName is how a refusal names an option: as the transport said the
// user gave it, else as Discord shows it ("The question option").
func (r Request) optionName(name string) string {
	if s := r.OptionNames[name]; s != "" {
		return s
	}
	return "The " + name + " option"
}

// CustomArg is a button's or form's custom id after its route prefix
// ("pg:abc:2" -> "abc:2").
func (r Request) CustomArg() string {
	_, rest, _ := strings.Cut(r.CustomID, ":")
	return rest
}

// Bool reads a boolean option; absent is false.
func (r Request) Bool(name string) bool {
	b, _ := strconv.ParseBool(r.Option(name))
	return b
}

// Reply is a transport-free answer. Renderers turn it into an embed, plain
// text or JSON; the router pages it when it is too long for one message.
type Reply struct {
	Title string
	// URL links the title (a Yawgatog anchor, a Scryfall page).
	URL    string
	Body   string
	Fields []Field
	// Citations are every rule, card or document section the answer rests
	// on. Each CR citation names a rule of the loaded CR.
	Citations []Citation
	// Pages, when set by a handler, are shown one at a time in place of
	// Body and Fields. The router also fills them by splitting a long Body.
	Pages []Page
	// Page is the index of the page shown (0-based) once the router has
	// paged the reply; PageCount is the number of pages.
	Page, PageCount int
	Buttons         []Button
	// Ephemeral answers are shown only to the user who asked (errors).
	Ephemeral bool
	// Footer carries the source's effective date ("CR effective 2026-04-17").
	Footer string
	// Update replaces the message a pressed button belongs to instead of
	// sending a new one (paging).
	Update bool
	// Modal, when set, opens a form instead of answering.
	Modal *Modal
	// Preformatted marks a Body that is machine output (a scenario trace):
	// renderers show it in a monospace block, unescaped.
	Preformatted bool
	// Error marks a reply that reports a failure (not found, bad input);
	// Code then says which kind (CodeNotFound, CodeInvalid, …).
	Error bool
	Code  string
	// Choices answers an autocomplete request.
	Choices []Choice
	// Silent means the request must not be answered here: another
	// instance claimed the interaction.
	Silent bool
}

// Page is one screen of a long answer.
type Page struct {
	Body   string  `json:"body,omitempty"`
	Fields []Field `json:"fields,omitempty"`
}

// Field is a named block of an answer (a subrule, a card ruling).
type Field struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
	// More is the command that shows the whole of what Value quotes
	// ("/ipg 2.1"), for whoever cuts Value shorter still (a judge call's
	// suggestions); "" when none does.
	More string `json:"more,omitempty"`
}

// Citation kinds.
const (
	CiteCR       = "cr"
	CiteGlossary = "glossary"
	CiteCard     = "card"
	CiteRuling   = "ruling"
	CiteMTR      = "mtr"
	CiteIPG      = "ipg"
	CiteJAR      = "jar"
)

// Citation is one source an answer rests on.
type Citation struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
	URL  string `json:"url,omitempty"`
}

// ButtonStyle follows Discord's button styles; renderers without buttons
// ignore it.
type ButtonStyle int

// Button styles.
const (
	ButtonPrimary ButtonStyle = iota + 1
	ButtonSecondary
	ButtonSuccess
	ButtonDanger
	ButtonLink
)

// Button is a clickable action under an answer: paging, "show cited
// rules", or a link.
type Button struct {
	Label    string      `json:"label"`
	CustomID string      `json:"custom_id,omitempty"`
	URL      string      `json:"url,omitempty"`
	Style    ButtonStyle `json:"style"`
	Disabled bool        `json:"disabled,omitempty"`
}

// Modal is a form the user fills in (pasting scenario lines).
type Modal struct {
	CustomID string
	Title    string
	Inputs   []TextInput
}

// TextInput is one field of a Modal.
type TextInput struct {
	CustomID    string
	Label       string
	Placeholder string
	Paragraph   bool
	Required    bool
	MaxLength   int
	// Value is the text the field starts with, for the user to keep or
	// change.
	Value string
}

// Choice is one autocomplete suggestion: Name is shown, Value is sent.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// MaxChoices is Discord's cap on autocomplete suggestions.
const MaxChoices = 25

// CommandType distinguishes slash commands from context-menu commands.
type CommandType int

// Command types.
const (
	SlashCommand   CommandType = iota + 1
	MessageCommand             // right-click a message: Apps -> "Find rules"
)

// OptionType is the type of a command option.
type OptionType int

// Option types.
const (
	OptionString OptionType = iota + 1
	OptionInteger
	OptionBoolean
	OptionSubcommand
	OptionUser // a member of the server; the value is the user id
)

// Option describes one option of a command, or a subcommand with its own
// options.
type Option struct {
	Name         string
	Description  string
	Type         OptionType
	Required     bool
	Autocomplete bool
	MaxLength    int
	MinValue     *float64
	MaxValue     *float64
	Options      []Option // a subcommand's options
	// Choices are the only values allowed, when set.
	Choices []Choice
}

// Definition describes a command for registration with Discord.
type Definition struct {
	Name        string
	Description string
	Type        CommandType
	Options     []Option
	// AdminsOnly: Discord shows the command only to server administrators
	// unless a server's settings say otherwise; its handler still checks
	// who may use it.
	AdminsOnly bool
}
