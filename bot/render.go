package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Discord's message limits, counted in runes (DESIGN.md).
const (
	LimitContent     = 2000
	LimitTitle       = 256
	LimitDescription = 4096
	LimitFields      = 25
	LimitFieldName   = 256
	LimitFieldValue  = 1024
	LimitFooter      = 2048
	LimitEmbedTotal  = 6000
	LimitEmbeds      = 10
	LimitButtonLabel = 80
	LimitRowButtons  = 5
	LimitRows        = 5
	LimitModalTitle  = 45
	LimitChoiceName  = 100
)

// Embed colours.
const (
	colorAnswer = 0x2B6CB0
	colorError  = 0xC53030
)

// noMentions stops echoed user text from pinging anyone.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// Render turns a reply into the interaction response Discord expects:
// a modal (type 9), an update of the message a button is on (type 7) or a
// new message (type 4).
func Render(rep commands.Reply) *discordgo.InteractionResponse {
	if rep.Modal != nil {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: renderModal(rep.Modal)}
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if rep.Update {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	return &discordgo.InteractionResponse{Type: typ, Data: RenderMessage(rep)}
}

// RenderMessage renders the message part of a reply: one embed, its
// buttons, the ephemeral flag and empty allowed mentions.
func RenderMessage(rep commands.Reply) *discordgo.InteractionResponseData {
	data := &discordgo.InteractionResponseData{
		Embeds:          []*discordgo.MessageEmbed{renderEmbed(rep)},
		Components:      renderButtons(rep.Buttons),
		AllowedMentions: noMentions(),
	}
	if rep.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return data
}

// RenderChoices is the autocomplete response (type 8): at most 25 choices,
// names of at most 100 characters.
func RenderChoices(cs []commands.Choice) *discordgo.InteractionResponse {
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for i, c := range cs {
		if i == commands.MaxChoices {
			break
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Name, LimitChoiceName), Value: clip(c.Value, LimitChoiceName)})
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out},
	}
}

func renderEmbed(rep commands.Reply) *discordgo.MessageEmbed {
	e := &discordgo.MessageEmbed{
		Title: clip(rep.Title, LimitTitle),
		URL:   rep.URL,
		Color: colorAnswer,
	}
	if rep.Error {
		e.Color = colorError
	}
	desc := rep.Body
	if rep.Preformatted && desc != "" {
		// Engine output: monospace, and a stray ``` cannot end the block.
		desc = "```\n" + strings.ReplaceAll(desc, "```", "`\u200b``") + "\n```"
	}
	e.Description = clip(desc, LimitDescription)
	for _, f := range rep.Fields {
		v := f.Value
		if strings.TrimSpace(v) == "" {
			v = "\u200b"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: clip(orBlank(f.Name), LimitFieldName), Value: clip(v, LimitFieldValue), Inline: f.Inline})
	}
	cites := rep.Citations
	if rep.PageCount > 1 {
		cites = citedOnPage(cites, e)
	}
	// The title, or a link in the text, already links it (the card or rule
	// the reply is about, a search result, /define's rules).
	// A glossary entry has no page: /define names it by its title alone.
	cites = slices.DeleteFunc(slices.Clone(cites), func(c commands.Citation) bool {
		return c.URL != "" && linked(e, c.URL) || c.Kind == commands.CiteGlossary && strings.EqualFold(c.ID, e.Title)
	})
	if src := sourcesField(cites); src != nil {
		e.Fields = append(e.Fields, src)
	}
	if len(e.Fields) > LimitFields {
		e.Fields = e.Fields[:LimitFields]
	}
	if rep.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: clip(rep.Footer, LimitFooter)}
	}
	fitTotal(e)
	if rep.Preformatted {
		e.Description = closeFence(e.Description)
	}
	return e
}

// linked reports whether an embed already links url: its title, or a
// Markdown link in its text.
func linked(e *discordgo.MessageEmbed, url string) bool {
	if e.URL == url {
		return true
	}
	md := "](" + url + ")"
	if strings.Contains(e.Description, md) {
		return true
	}
	return slices.ContainsFunc(e.Fields, func(f *discordgo.MessageEmbedField) bool { return strings.Contains(f.Value, md) })
}

// citedOnPage keeps, of a paged reply's citations, those the page shown
// names (its title, text and field names), so that every page of /rule 613
// or of a search links its own subrules and results rather than the first
// ones of the whole answer. A page that names none keeps them all.
func citedOnPage(cs []commands.Citation, e *discordgo.MessageEmbed) []commands.Citation {
	// Field values are left out: a search snippet that says "trample" or
	// "see rule 704" does not show that source.
	texts := []string{e.Title, e.Description}
	for _, f := range e.Fields {
		texts = append(texts, f.Name)
	}
	var out []commands.Citation
	for _, c := range cs {
		id := c.ID
		if c.Kind == commands.CiteGlossary {
			// A term is a word of the text too ("702.2. Deathtouch").
			id = "Glossary: " + id
		}
		if c.ID != "" && slices.ContainsFunc(texts, func(t string) bool { return namesID(t, id) }) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
}

// namesID reports whether text names id as a whole: "613.7" is named by
// "**613.7** …", not by "613.7a" or "1613.7".
func namesID(text, id string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], id)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(id)
		before, after := byte(' '), byte(' ')
		if start > 0 {
			before = text[start-1]
		}
		if end < len(text) {
			after = text[end]
		}
		if !idByte(before) && !idByte(after) || after == '.' && (end+1 >= len(text) || !idByte(text[end+1])) && !idByte(before) {
			return true
		}
		i = start + 1
	}
}

// idByte is a byte that continues a rule number or a name.
func idByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '.'
}

// sourcesField lists the citations as links, as many as fit in one field,
// then says how many more there are.
func sourcesField(cs []commands.Citation) *discordgo.MessageEmbedField {
	var parts []string
	seen := map[string]bool{}
	for _, c := range cs {
		// A card and its rulings are one source under one name: /rulings
		// cites both, and the list would show the card twice.
		kind := c.Kind
		if kind == commands.CiteRuling {
			kind = commands.CiteCard
		}
		k := kind + ":" + c.ID
		if seen[k] || c.ID == "" {
			continue
		}
		seen[k] = true
		label := c.ID
		switch c.Kind {
		case commands.CiteMTR, commands.CiteIPG, commands.CiteJAR:
			label = strings.ToUpper(c.Kind) + " " + c.ID
		case commands.CiteGlossary:
			label = "Glossary: " + c.ID
		}
		if c.URL != "" {
			label = "[" + label + "](" + c.URL + ")"
		}
		parts = append(parts, label)
	}
	if len(parts) == 0 {
		return nil
	}
	var b strings.Builder
	n := 0 // runes in b, counted as they are written
	for i, p := range parts {
		more := len(parts) - i
		moreRunes := len(" and  more") + len(strconv.Itoa(more))
		pr := runes(p)
		if n+pr+2+moreRunes > LimitFieldValue {
			b.WriteString(" and " + strconv.Itoa(more) + " more")
			break
		}
		if i > 0 {
			b.WriteString(", ")
			n += 2
		}
		b.WriteString(p)
		n += pr
	}
	return &discordgo.MessageEmbedField{Name: "Sources", Value: b.String()}
}

// embedSize counts what Discord counts toward the 6000-rune total.
func embedSize(e *discordgo.MessageEmbed) int {
	n := runes(e.Title) + runes(e.Description)
	for _, f := range e.Fields {
		n += runes(f.Name) + runes(f.Value)
	}
	if e.Footer != nil {
		n += runes(e.Footer.Text)
	}
	if e.Author != nil {
		n += runes(e.Author.Name)
	}
	return n
}

// fitTotal is the last guard on the 6000-rune total. The router pages
// answers well below it; if a reply still overflows, fields are dropped
// from the end with a visible note, then the description is shortened.
func fitTotal(e *discordgo.MessageEmbed) {
	dropped := 0
	for embedSize(e) > LimitEmbedTotal && len(e.Fields) > 0 {
		e.Fields = e.Fields[:len(e.Fields)-1]
		dropped++
	}
	if dropped > 0 {
		note := fmt.Sprintf("\n(%d more sections did not fit in one message)", dropped)
		room := LimitEmbedTotal - embedSize(e) - runes(note)
		if room < 0 {
			e.Description = clip(e.Description, runes(e.Description)+room)
		}
		e.Description = clip(e.Description+note, LimitDescription)
	}
	if over := embedSize(e) - LimitEmbedTotal; over > 0 {
		e.Description = clip(e.Description, runes(e.Description)-over)
	}
}

// closeFence ends a monospace description that a limit cut inside its
// block with the closing fence, so the block does not swallow the rest of
// the message's layout or show a stray fence. A description of n runes
// stays within n runes.
func closeFence(d string) string {
	if strings.Count(d, "```")%2 == 0 {
		return d
	}
	const end = "\n```"
	return clip(d, runes(d)-runes(end)) + end
}

func renderButtons(bs []commands.Button) []discordgo.MessageComponent {
	rows := []discordgo.MessageComponent{}
	var row discordgo.ActionsRow
	for _, b := range bs {
		if len(rows) == LimitRows {
			break
		}
		btn := discordgo.Button{Label: clip(b.Label, LimitButtonLabel), Disabled: b.Disabled}
		switch {
		case b.URL != "":
			btn.Style, btn.URL = discordgo.LinkButton, b.URL
		default:
			btn.CustomID = b.CustomID
			switch b.Style {
			case commands.ButtonPrimary:
				btn.Style = discordgo.PrimaryButton
			case commands.ButtonSuccess:
				btn.Style = discordgo.SuccessButton
			case commands.ButtonDanger:
				btn.Style = discordgo.DangerButton
			default:
				btn.Style = discordgo.SecondaryButton
			}
		}
		row.Components = append(row.Components, btn)
		if len(row.Components) == LimitRowButtons {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 && len(rows) < LimitRows {
		rows = append(rows, row)
	}
	return rows
}

func renderModal(m *commands.Modal) *discordgo.InteractionResponseData {
	var rows []discordgo.MessageComponent
	for _, in := range m.Inputs {
		style := discordgo.TextInputShort
		if in.Paragraph {
			style = discordgo.TextInputParagraph
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
			CustomID: in.CustomID, Label: clip(in.Label, LimitModalTitle), Style: style,
			Placeholder: clip(in.Placeholder, 100), Required: in.Required, MaxLength: in.MaxLength, Value: in.Value,
		}}})
	}
	return &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: clip(m.Title, LimitModalTitle), Components: rows}
}

func orBlank(s string) string {
	if strings.TrimSpace(s) == "" {
		return "\u200b"
	}
	return s
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// clip shortens s to max runes, marking the cut with an ellipsis. It
// slices rather than converting to []rune: every field of every reply
// passes here.
func clip(s string, max int) string {
	if max <= 0 {
		return ""
	}
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
