package bot

import (
	"context"
	"log/slog"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Watcher answers references in ordinary messages of judge channels:
// [[Card Name]] shows the card, "CR 302.6" or "rule 704.5k" shows the rule.
// It needs the privileged Message Content intent, so it is off unless
// discord.watch_channels names channels.
type Watcher struct {
	Router commands.Server
	// Channels are the channel ids to watch.
	Channels map[string]bool
	// Max is the most references answered per message (default 3), so a
	// pasted decklist does not flood the channel.
	Max int
	Log *slog.Logger
}

var (
	cardRefRe = regexp.MustCompile(`\[\[([^\[\]\n]{1,100})\]\]`)
	ruleRefRe = regexp.MustCompile(`(?i)\b(?:CR|rules?)\s*(\d{3}\.\d{1,3}[a-z]?)\b`)
)

// References finds what a message refers to, in order, each once.
func (w *Watcher) References(text string) []commands.Request {
	max := w.Max
	if max <= 0 {
		max = 3
	}
	type ref struct {
		at  int
		req commands.Request
	}
	var refs []ref
	seen := map[string]bool{}
	for _, m := range cardRefRe.FindAllStringSubmatchIndex(text, -1) {
		name := strings.TrimSpace(text[m[2]:m[3]])
		if name == "" || seen["card:"+strings.ToLower(name)] {
			continue
		}
		seen["card:"+strings.ToLower(name)] = true
		refs = append(refs, ref{m[0], commands.Request{Kind: commands.KindCommand, Command: "card", Options: map[string]string{"name": name}}})
	}
	for _, m := range ruleRefRe.FindAllStringSubmatchIndex(text, -1) {
		id := strings.ToLower(text[m[2]:m[3]])
		if seen["rule:"+id] {
			continue
		}
		seen["rule:"+id] = true
		refs = append(refs, ref{m[0], commands.Request{Kind: commands.KindCommand, Command: "rule", Options: map[string]string{"number": id}}})
	}
	// Answer in the order the message mentions them.
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refs[j].at < refs[j-1].at; j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
	var out []commands.Request
	for i, r := range refs {
		if i == max {
			break
		}
		out = append(out, r.req)
	}
	return out
}

// onMessage answers one MESSAGE_CREATE, behind the same recover guard as
// interactions. References that find nothing are passed over in silence:
// "[[" in ordinary chat is not a question to correct.
func (w *Watcher) onMessage(ctx context.Context, s *discordgo.Session, m *discordgo.MessageCreate) {
	defer func() {
		if p := recover(); p != nil {
			w.log().Error("message watcher panic", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	if m == nil || m.Message == nil || m.Author == nil || m.Author.Bot || !w.Channels[m.ChannelID] {
		return
	}
	for _, req := range w.References(m.Content) {
		req.ID = "" // not an interaction: nothing to claim
		req.UserID, req.ChannelID, req.GuildID = m.Author.ID, m.ChannelID, m.GuildID
		rep := w.Router.Serve(ctx, req)
		if rep.Silent || rep.Error {
			continue
		}
		data := RenderMessage(rep)
		ref := m.Reference()
		ref.FailIfNotExists = new(bool) // the question may be deleted meanwhile
		if _, err := s.ChannelMessageSendComplex(m.ChannelID, &discordgo.MessageSend{
			Embeds:          data.Embeds,
			Components:      data.Components,
			AllowedMentions: noMentions(),
			Reference:       ref,
		}); err != nil {
			w.log().Warn("answering a message failed", "err", err, "channel", m.ChannelID, "message", m.ID)
		}
	}
}

func (w *Watcher) log() *slog.Logger {
	if w.Log == nil {
		return slog.Default()
	}
	return w.Log
}
