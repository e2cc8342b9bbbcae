package bot

import (
	"cmp"
	"context"
	"log/slog"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
)

// Watcher answers references in ordinary messages: [[Card Name]] (several
// per message), "CR 302.6" or "rule 704.5k", "MTR 4.2", "IPG 2.1", "IPG
// hce", "JAR 2.1", and in a judge channel a bare rule number such as
// "302.6". It answers each message once, with one compact reply: the first
// references expanded, the rest linked. It needs the privileged Message
// Content intent, so it is off unless judge channels are configured.
type Watcher struct {
	Router commands.Server
	// Channels are the judge channels (ids): references are answered
	// there, bare rule numbers included.
	Channels map[string]bool
	// All answers references in every channel the bot can read (bare rule
	// numbers only in judge channels).
	All bool
	// Max is the most references expanded per message; the rest are
	// linked (default config.Default's).
	Max int
	// Rate and Window cap the replies per channel, so a busy channel or a
	// pasted decklist does not flood it (defaults config.Default's).
	Rate   int
	Window time.Duration
	Log    *slog.Logger

	mu      sync.Mutex
	replies map[string][]time.Time // channel -> recent reply times
}

// References finds what a message refers to, in the order it mentions
// them, each once (commands.References); judge says whether the message
// is in a judge channel, where a bare rule number counts.
func (w *Watcher) References(text string, judge bool) []commands.Request {
	return commands.References(text, judge)
}

// mergeFooters is one footer for the references of a message: each
// document's edition once, without the page counts of answers the
// message shows only a part of.
func mergeFooters(footers []string) string {
	var parts []string
	for _, f := range footers {
		for _, p := range strings.Split(f, " · ") {
			if p = strings.TrimSpace(p); p == "" || strings.HasPrefix(p, "Page ") || slices.Contains(parts, p) {
				continue
			}
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// on reports whether the watcher reads any messages (and so needs the
// message intents).
func (w *Watcher) on() bool { return w != nil && (len(w.Channels) > 0 || w.All) }

// watches reports whether a channel's messages are read, and whether it is
// a judge channel.
func (w *Watcher) watches(channel string) (read, judge bool) {
	judge = w.Channels[channel]
	return judge || w.All, judge
}

// allow counts one reply against the channel's limit.
func (w *Watcher) allow(channel string, now time.Time) bool {
	def := config.Default().Judge
	rate, window := cmp.Or(w.Rate, def.ChannelRate), cmp.Or(w.Window, def.ChannelWindow.Duration)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.replies == nil {
		w.replies = map[string][]time.Time{}
	}
	recent := w.replies[channel][:0]
	for _, t := range w.replies[channel] {
		if now.Sub(t) < window {
			recent = append(recent, t)
		}
	}
	if len(recent) >= rate {
		w.replies[channel] = recent
		return false
	}
	w.replies[channel] = append(recent, now)
	return true
}

// Answer is the one reply to a message's references: the first Max found
// expanded, compactly, and the rest linked. ok is false when none of them
// found anything (references that find nothing are passed over in silence:
// "[[" in ordinary chat is not a question to correct).
func (w *Watcher) Answer(ctx context.Context, reqs []commands.Request, user, channel, guild string) (commands.Reply, bool) {
	max := cmp.Or(w.Max, config.Default().Judge.Expand)
	var rep commands.Reply
	var more, footers []string
	for _, req := range reqs {
		req.UserID, req.ChannelID, req.GuildID = user, channel, guild
		r := w.Router.Serve(ctx, req)
		if r.Silent || r.Error {
			continue
		}
		rep.Citations = append(rep.Citations, r.Citations...)
		if len(rep.Fields) == max {
			link := r.Title
			if r.URL != "" {
				link = "[" + r.Title + "](" + r.URL + ")"
			}
			more = append(more, link)
			continue
		}
		value := strings.TrimSpace(r.Body)
		if value == "" && len(r.Fields) > 0 {
			value = r.Fields[0].Value
		}
		switch {
		case r.URL != "":
			value = clipMarkdown(value, 700) + "\n" + commands.SiteLink(r.URL)
		case runes(value) > LimitFieldValue:
			// No page to link: say which command shows the rest.
			tail := "\n(the rest: " + lookupCommand(req) + ")"
			value = clipMarkdown(value, LimitFieldValue-runes(tail)) + tail
		}
		rep.Fields = append(rep.Fields, commands.Field{Name: clip(r.Title, LimitFieldName), Value: clip(value, LimitFieldValue)})
		footers = append(footers, r.Footer)
	}
	if len(rep.Fields) == 0 {
		return rep, false
	}
	rep.Footer = mergeFooters(footers)
	if len(more) > 0 {
		rep.Fields = append(rep.Fields, commands.Field{Name: "Also mentioned", Value: clip(strings.Join(more, " · "), LimitFieldValue)})
	}
	return rep, true
}

// onMessage answers one MESSAGE_CREATE, behind a recover guard of its own
// (the router's chain guards each look-up; this guards the watcher).
func (w *Watcher) onMessage(ctx context.Context, s *discordgo.Session, m *discordgo.MessageCreate) {
	defer func() {
		if p := recover(); p != nil {
			w.log().Error("message watcher panic", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	if m == nil || m.Message == nil || m.Author == nil || m.Author.Bot {
		return
	}
	read, judge := w.watches(m.ChannelID)
	if !read {
		return
	}
	reqs := w.References(m.Content, judge)
	if len(reqs) == 0 {
		return
	}
	rep, ok := w.Answer(ctx, reqs, m.Author.ID, m.ChannelID, m.GuildID)
	if !ok {
		return
	}
	if !w.allow(m.ChannelID, time.Now()) {
		w.log().Debug("channel over its reply limit", "channel", m.ChannelID)
		return
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

func (w *Watcher) log() *slog.Logger {
	if w.Log == nil {
		return slog.Default()
	}
	return w.Log
}

// clipMarkdown shortens s like clip, then, when the cut falls inside
// bold text ("**702.19b** …" cut after "**702"), ends it before the
// unclosed "**" so that the rest of the field is not shown in bold or
// with stray asterisks.
func clipMarkdown(s string, max int) string {
	out := clip(s, max)
	if out == s || strings.Count(out, "**")%2 == 0 {
		return out
	}
	i := strings.LastIndex(out, "**")
	return strings.TrimRight(out[:i], " \n") + "…"
}

// lookupCommand is the slash command a reference stands for ("/ipg 2.1").
func lookupCommand(req commands.Request) string {
	out := "/" + req.Command
	for _, k := range slices.Sorted(maps.Keys(req.Options)) {
		out += " " + req.Options[k]
	}
	return out
}
