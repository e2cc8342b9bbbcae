package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// callbacks sends interaction responses and their follow-ups to Discord's
// interaction webhooks with a client of its own, outside discordgo's REST
// path: interaction endpoints are not subject to the bot's global rate
// limit, so a global 429 on a channel message must not make a callback
// wait (discordgo's limiter sleeps every later request until the global
// reset), and every callback URL is unique, so discordgo's bucket map would
// keep one bucket per interaction for the life of the process. These
// endpoints need no bot token: the interaction token is in the URL.
type callbacks struct {
	client *http.Client
	log    *slog.Logger
	stats  *gatewayStats
	// window is how long after its creation an interaction accepts its
	// first response (Discord: 3 s).
	window time.Duration
	// followUpWait is the pause before the n-th retry of a follow-up
	// (n from 1); nil means 0.5 s, 1 s, 2 s.
	followUpWait func(n int) time.Duration
	now          func() time.Time
}

const (
	interactionWindow = 3 * time.Second
	// minCallbackTime is the least time a first response is given when
	// the interaction looks older than the window (a clock ahead of
	// Discord's, or a slow handler): one attempt is still worth making.
	minCallbackTime = 750 * time.Millisecond
	// followUpAttempts bounds the tries of one follow-up request, each
	// within followUpTimeout.
	followUpAttempts = 4
	followUpTimeout  = 10 * time.Second
	// maxFollowUpRateWait is the longest 429 retry_after a follow-up
	// waits out; the token lives 15 minutes, the user is waiting.
	maxFollowUpRateWait = 15 * time.Second
	userAgent           = "DiscordBot (https://github.com/arbiter-mtg/arbiter, 1)"
)

func newCallbacks(client *http.Client, log *slog.Logger, stats *gatewayStats) *callbacks {
	if client == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		// Callbacks go to one host in bursts: keep enough idle
		// connections that a burst does not open a connection each.
		t.MaxIdleConnsPerHost = 64
		client = &http.Client{Transport: t}
	}
	return &callbacks{client: client, log: log, stats: stats, window: interactionWindow, now: time.Now}
}

// discordEpoch is the first millisecond of 2015, where snowflakes start.
const discordEpoch = 1420070400000

// snowflakeTime is when Discord created the object with this id.
func snowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || n>>22 == 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// responseDeadline is when the first response to the interaction stops
// being useful: its creation time plus the window, kept between
// minCallbackTime and the window from now (the two clocks differ).
func (c *callbacks) responseDeadline(id string) time.Time {
	now := c.now()
	latest := now.Add(c.window)
	earliest := now.Add(minCallbackTime)
	created, ok := snowflakeTime(id)
	if !ok {
		return latest
	}
	d := created.Add(c.window)
	if d.After(latest) {
		return latest
	}
	if d.Before(earliest) {
		return earliest
	}
	return d
}

// apiError is a non-2xx answer from Discord.
type apiError struct {
	Status     int
	Code       int     // Discord's JSON error code, 0 when none
	RetryAfter float64 // seconds, from a 429
	Body       string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("HTTP %d: %s", e.Status, e.Body)
}

// do sends one request and reads the answer.
func (c *callbacks) do(ctx context.Context, method, url string, body []byte, auth string) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("User-Agent", userAgent)
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 == 2 {
		return b, nil
	}
	e := &apiError{Status: resp.StatusCode, Body: string(b)}
	var msg struct {
		Code       int     `json:"code"`
		RetryAfter float64 `json:"retry_after"`
	}
	if json.Unmarshal(b, &msg) == nil {
		e.Code, e.RetryAfter = msg.Code, msg.RetryAfter
	}
	if e.RetryAfter == 0 {
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil {
			e.RetryAfter = s
		}
	}
	return nil, e
}

// retryAfter says whether a failed request is worth another try and how
// long to wait first: a 429 after its retry_after, a 5xx or a network
// error (not a timeout of the caller's deadline) after base.
func retryAfter(err error, base time.Duration) (time.Duration, bool) {
	var ae *apiError
	if errors.As(err, &ae) {
		switch {
		case ae.Status == http.StatusTooManyRequests:
			return time.Duration(ae.RetryAfter * float64(time.Second)), true
		case ae.Status >= 500:
			return base, true
		}
		return 0, false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return 0, false
	}
	return base, true
}

// alreadyAcknowledged is Discord's answer to a second first response
// (code 40060): after a retry, it means the first attempt got through.
func alreadyAcknowledged(err error) bool {
	var ae *apiError
	return errors.As(err, &ae) && ae.Code == 40060
}

// respond sends the first response of an interaction, retrying a 429 or a
// 5xx while the interaction's window allows another attempt.
func (c *callbacks) respond(ctx context.Context, in *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	body, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	start := c.now()
	deadline := c.responseDeadline(in.ID)
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	url := discordgo.EndpointInteractionResponse(in.ID, in.Token)
	for attempt := 1; ; attempt++ {
		_, err := c.do(ctx, http.MethodPost, url, body, "")
		if err == nil || (attempt > 1 && alreadyAcknowledged(err)) {
			return nil
		}
		if ctx.Err() != nil {
			// Discord took the whole window: a hung callback.
			c.stats.callbackFailures.Add(1)
			return fmt.Errorf("interaction callback not answered before the interaction's window ended (waited %v, attempt %d): %w", c.now().Sub(start).Round(time.Millisecond), attempt, err)
		}
		wait, ok := retryAfter(err, 50*time.Millisecond)
		// Retry only when the next attempt can still land in the window.
		if !ok || c.now().Add(wait+50*time.Millisecond).After(deadline) {
			c.stats.callbackFailures.Add(1)
			return fmt.Errorf("interaction callback (attempt %d): %w", attempt, err)
		}
		c.stats.callbackRetries.Add(1)
		c.log.Info("retrying interaction callback", "interaction", in.ID, "attempt", attempt, "after", wait, "err", err)
		if !sleepCtx(ctx, wait) {
			c.stats.callbackFailures.Add(1)
			return fmt.Errorf("interaction callback: %w", ctx.Err())
		}
	}
}

// followUp sends one follow-up request, retrying 429s, 5xx and network
// errors a few times: the token is valid for 15 minutes, the user waits.
func (c *callbacks) followUp(ctx context.Context, method, url string, v any) error {
	var body []byte
	if v != nil {
		var err error
		if body, err = json.Marshal(v); err != nil {
			return err
		}
	}
	var err error
	for attempt := 1; ; attempt++ {
		actx, cancel := context.WithTimeout(ctx, followUpTimeout)
		_, err = c.do(actx, method, url, body, "")
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil || attempt == followUpAttempts {
			return err
		}
		base := c.followUpPause(attempt)
		wait, ok := retryAfter(err, base)
		if errors.Is(err, context.DeadlineExceeded) {
			// This attempt timed out, not the caller's context.
			wait, ok = base, true
		}
		if !ok || wait > maxFollowUpRateWait {
			return err
		}
		c.stats.followUpRetries.Add(1)
		c.log.Info("retrying interaction follow-up", "method", method, "attempt", attempt, "after", wait, "err", err)
		if !sleepCtx(ctx, wait) {
			return err
		}
	}
}

func (c *callbacks) followUpPause(n int) time.Duration {
	if c.followUpWait != nil {
		return c.followUpWait(n)
	}
	return 500 * time.Millisecond << (n - 1)
}

// deliver sends the final reply of a deferred interaction, as Deliver does
// over discordgo, with retries; when it still fails, the user is told so
// instead of being left at "thinking…".
func (c *callbacks) deliver(ctx context.Context, in *discordgo.Interaction, deferred discordgo.InteractionResponseType, rep commands.Reply) error {
	err := c.deliverOnce(ctx, in, deferred, rep)
	if err == nil {
		return nil
	}
	c.stats.followUpFailures.Add(1)
	if nerr := c.tellUndelivered(ctx, in, deferred); nerr != nil {
		return fmt.Errorf("%w; telling the user failed too: %v", err, nerr)
	}
	return fmt.Errorf("%w (the user was told)", err)
}

func (c *callbacks) deliverOnce(ctx context.Context, in *discordgo.Interaction, deferred discordgo.InteractionResponseType, rep commands.Reply) error {
	if rep.Modal != nil {
		// A form cannot follow a deferral.
		rep = commands.Reply{Title: "Took too long", Body: "The form could not be opened in time. Try again.\n\nTry: `/scenario add`", Ephemeral: true, Error: true}
	}
	data := RenderMessage(rep)
	if deferred == discordgo.InteractionResponseDeferredMessageUpdate && !rep.Update {
		// A button's answer that is a new message.
		return c.followUp(ctx, http.MethodPost, followUpURL(in), webhookParams(data))
	}
	if rep.Ephemeral && deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		if err := c.followUp(ctx, http.MethodDelete, discordgo.EndpointInteractionResponseActions(in.AppID, in.Token), nil); err != nil {
			return fmt.Errorf("delete deferred placeholder: %w", err)
		}
		return c.followUp(ctx, http.MethodPost, followUpURL(in), webhookParams(data))
	}
	return c.followUp(ctx, http.MethodPatch, discordgo.EndpointInteractionResponseActions(in.AppID, in.Token), &discordgo.WebhookEdit{
		Embeds:          &data.Embeds,
		Components:      &data.Components,
		AllowedMentions: noMentions(),
	})
}

// undelivered is what the user sees when the answer could not be posted.
func undelivered() commands.Reply {
	return commands.Reply{
		Title:     "Answer not delivered",
		Body:      "Arbiter found an answer but Discord did not accept it. Please ask again.",
		Ephemeral: true,
		Error:     true,
	}
}

// tellUndelivered replaces "thinking…" with a short notice: an edit of the
// placeholder (which works when the answer itself was refused), else an
// ephemeral follow-up message.
func (c *callbacks) tellUndelivered(ctx context.Context, in *discordgo.Interaction, deferred discordgo.InteractionResponseType) error {
	data := RenderMessage(undelivered())
	var err error
	if deferred == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		if err = c.followUp(ctx, http.MethodPatch, discordgo.EndpointInteractionResponseActions(in.AppID, in.Token), &discordgo.WebhookEdit{
			Embeds: &data.Embeds, Components: &data.Components, AllowedMentions: noMentions(),
		}); err == nil {
			return nil
		}
	}
	if ferr := c.followUp(ctx, http.MethodPost, followUpURL(in), webhookParams(data)); ferr != nil {
		return errors.Join(err, ferr)
	}
	return nil
}

func followUpURL(in *discordgo.Interaction) string {
	return discordgo.EndpointFollowupMessage(in.AppID, in.Token) + "?wait=true"
}

// sleepCtx waits d or until ctx ends; it reports whether d passed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
