package bot

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
)

// Dispatcher runs one interaction through the router for either transport:
// it decodes, then serves the request through the router's chain, deferring
// when the answer is not ready in time.
type Dispatcher struct {
	Router commands.Server
	// DeferAfter is how long to wait for a handler before deferring;
	// Discord drops interactions not answered within 3 s. Zero values take
	// config.Default's.
	DeferAfter time.Duration
	// FollowUpTimeout bounds a deferred handler; the interaction token is
	// valid for 15 minutes.
	FollowUpTimeout time.Duration
	Log             *slog.Logger
}

// Outcome is the first response to an interaction and, when it was
// deferred, the final reply to deliver afterwards.
type Outcome struct {
	// Response is nil when the interaction must not be answered (another
	// instance claimed it).
	Response *discordgo.InteractionResponse
	// Later delivers the reply of a deferred interaction.
	Later <-chan commands.Reply
}

func (d *Dispatcher) log() *slog.Logger {
	if d.Log == nil {
		return slog.Default()
	}
	return d.Log
}

// Dispatch answers one interaction: the first response, and the channel
// of the final reply when the answer was deferred. Decoding is done here;
// everything after it runs through the router's chain, which recovers
// from handler panics.
func (d *Dispatcher) Dispatch(ctx context.Context, in *discordgo.Interaction) Outcome {
	if in.Type == discordgo.InteractionPing {
		return Outcome{Response: &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}}
	}
	req, err := ToRequest(in)
	if err != nil {
		d.log().Warn("undecodable interaction", "err", err, "type", in.Type, "interaction", in.ID)
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return Outcome{Response: RenderChoices(nil)}
		}
		return Outcome{Response: Render(commands.Reply{Title: "Cannot read that", Body: "Arbiter could not read this interaction.\n\nTry: `/help`", Ephemeral: true, Error: true})}
	}
	// The handler outlives the request when deferred, so it gets its own
	// context bounded by the token's life.
	def := config.Default().Discord
	limit, wait := cmp.Or(d.FollowUpTimeout, def.FollowUpTimeout.Duration), cmp.Or(d.DeferAfter, def.DeferAfter.Duration)
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), limit)
	deferred := make(chan struct{})
	var once sync.Once
	fire := func() { once.Do(func() { close(deferred) }) }
	// The 3 s window started when Discord created the interaction, not
	// when a handler got to it: under load the wait for a handler counts.
	// The dispatcher's own timer defers even if no handler has started;
	// the chain's deferral covers the handler's time as before.
	wait = deferWait(in.ID, wait, time.Now())
	timer := time.AfterFunc(wait, fire)
	defer timer.Stop()
	hctx = commands.WithDeferral(hctx, wait, fire)
	done := make(chan commands.Reply, 1)
	handlers.Go(func() {
		defer cancel()
		done <- d.Router.Serve(hctx, req)
	})
	select {
	case rep := <-done:
		return d.first(req, rep)
	case <-deferred:
	}
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if req.Kind == commands.KindComponent {
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	}
	return Outcome{Response: &discordgo.InteractionResponse{Type: typ}, Later: done}
}

// first renders a reply that is ready in time as the first response.
func (d *Dispatcher) first(req commands.Request, rep commands.Reply) Outcome {
	switch {
	case rep.Silent:
		return Outcome{}
	case req.Kind == commands.KindAutocomplete:
		return Outcome{Response: RenderChoices(rep.Choices)}
	}
	return Outcome{Response: Render(rep)}
}

// Deliver sends the final reply of a deferred interaction through the
// interaction webhook: it edits the deferred message, or, for a private
// answer to a public deferral, deletes the placeholder and sends the
// answer as an ephemeral follow-up.
func Deliver(s *discordgo.Session, in *discordgo.Interaction, deferred discordgo.InteractionResponseType, rep commands.Reply) error {
	if rep.Modal != nil {
		// A form cannot follow a deferral.
		rep = commands.Reply{Title: "Took too long", Body: "The form could not be opened in time. Try again.\n\nTry: `/scenario add`", Ephemeral: true, Error: true}
	}
	data := RenderMessage(rep)
	opts := []discordgo.RequestOption{discordgo.WithRestRetries(1)}
	if deferred == discordgo.InteractionResponseDeferredMessageUpdate && !rep.Update {
		// A button's answer that is a new message.
		_, err := s.FollowupMessageCreate(in, false, webhookParams(data), opts...)
		return err
	}
	if rep.Ephemeral && deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		if err := s.InteractionResponseDelete(in, opts...); err != nil {
			return fmt.Errorf("delete deferred placeholder: %w", err)
		}
		_, err := s.FollowupMessageCreate(in, false, webhookParams(data), opts...)
		return err
	}
	_, err := s.InteractionResponseEdit(in, &discordgo.WebhookEdit{
		Embeds:          &data.Embeds,
		Components:      &data.Components,
		AllowedMentions: noMentions(),
	}, opts...)
	return err
}

func webhookParams(data *discordgo.InteractionResponseData) *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Embeds:          data.Embeds,
		Components:      data.Components,
		AllowedMentions: noMentions(),
		Flags:           data.Flags,
	}
}

// handlers runs the handler of each interaction on a goroutine of its own
// (so that a slow one can be deferred), reusing goroutines that finished
// one: a fresh goroutine starts with a small stack and grew it on every
// request, copying it each time (a few percent of the server's CPU under
// load). An idle goroutine exits after workerIdle.
var handlers = &workers{idle: make(chan func())}

const workerIdle = 10 * time.Second

type workers struct {
	idle    chan func()
	started atomic.Int64 // goroutines started (tests)
}

// Go runs f on an idle worker, or on a new one when none is waiting.
func (w *workers) Go(f func()) {
	select {
	case w.idle <- f:
	default:
		w.started.Add(1)
		go w.loop(f)
	}
}

func (w *workers) loop(f func()) {
	t := time.NewTimer(workerIdle)
	defer t.Stop()
	for {
		f()
		t.Reset(workerIdle)
		select {
		case f = <-w.idle:
		case <-t.C:
			return
		}
	}
}

// deferWait is how long to wait for an answer before deferring: deferAfter
// counted from the interaction's creation (its snowflake id). An id that
// is no snowflake, or a creation time in the future or beyond the 3 s
// window (the clocks disagree, or it is a replay), counts from now.
func deferWait(id string, deferAfter time.Duration, now time.Time) time.Duration {
	created, ok := snowflakeTime(id)
	age := now.Sub(created)
	if !ok || age < 0 || age > interactionWindow {
		return deferAfter
	}
	return max(deferAfter-age, 0)
}
