package bot

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Desk posts judge calls through Discord's REST API with the bot token:
// the call message in the judge channel and a thread started from it,
// rulings into threads and channels, edits of the call message, and the
// escalation ping. It implements commands.JudgeDesk.
//
// Every message goes out with allowed mentions empty, so the mentions it
// shows (who asked, where from, who has the call) ping nobody, except
// PingRole's, which allows exactly one role.
type Desk struct {
	rest *discordgo.Session
	log  *slog.Logger
}

var _ commands.JudgeDesk = (*Desk)(nil)

// threadArchiveMinutes is how long a quiet call thread stays open: a day,
// the life of a call.
const threadArchiveMinutes = 1440

// NewDesk is a Desk that calls Discord with token; client, when set,
// replaces the HTTP client (tests).
func NewDesk(token string, client *http.Client, log *slog.Logger) (*Desk, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	if client != nil {
		s.Client = client
	}
	// A 429 is returned, not slept on inside the call.
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 1
	if log == nil {
		log = slog.Default()
	}
	return &Desk{rest: s, log: log}, nil
}

func (d *Desk) send(ctx context.Context, channel string, msg commands.Reply) (*discordgo.Message, error) {
	data := RenderMessage(msg)
	return d.rest.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Embeds: data.Embeds, Components: data.Components, AllowedMentions: noMentions(),
	}, discordgo.WithContext(ctx))
}

// Open implements commands.JudgeDesk: the message, then a thread from it;
// when the thread cannot be made the message alone stands.
func (d *Desk) Open(ctx context.Context, channel, name string, msg commands.Reply) (commands.Posted, error) {
	m, err := d.send(ctx, channel, msg)
	if err != nil {
		return commands.Posted{}, err
	}
	out := commands.Posted{Channel: channel, Message: m.ID}
	th, err := d.rest.MessageThreadStartComplex(channel, m.ID, &discordgo.ThreadStart{Name: clip(name, 100), AutoArchiveDuration: threadArchiveMinutes}, discordgo.WithContext(ctx))
	if err != nil {
		d.log.Info("judge call posted without a thread", "channel", channel, "err", err)
		return out, nil
	}
	out.Thread = th.ID
	return out, nil
}

// Post implements commands.JudgeDesk.
func (d *Desk) Post(ctx context.Context, channel string, msg commands.Reply) (string, error) {
	m, err := d.send(ctx, channel, msg)
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// Edit implements commands.JudgeDesk.
func (d *Desk) Edit(ctx context.Context, channel, message string, msg commands.Reply) error {
	data := RenderMessage(msg)
	comps := data.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{} // a resolved call loses its buttons
	}
	_, err := d.rest.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: message, Channel: channel, Embeds: &data.Embeds, Components: &comps, AllowedMentions: noMentions(),
	}, discordgo.WithContext(ctx))
	return err
}

// PingRole implements commands.JudgeDesk: the one ping Arbiter sends,
// allowed for that role alone.
func (d *Desk) PingRole(ctx context.Context, channel, role, text string) error {
	_, err := d.rest.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content:         clip("<@&"+role+"> "+text, LimitContent),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Roles: []string{role}},
	}, discordgo.WithContext(ctx))
	return err
}
