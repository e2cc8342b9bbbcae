package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Registration is what registering the slash commands over REST needs:
// `arbiter serve` does it after connecting, `arbiter register` on its own
// for HTTP-interactions mode (where no gateway connection is made).
type Registration struct {
	// Token is the bot token (without the "Bot " prefix).
	Token string
	// ApplicationID is the application the commands belong to; empty asks
	// Discord (GET /users/@me: a bot user's id is its application's id).
	ApplicationID string
	// GuildID registers to one guild (instant) instead of globally.
	GuildID     string
	Definitions []commands.Definition
	// Client replaces the HTTP client (tests).
	Client *http.Client
	Log    *slog.Logger
	// pause is the wait before retry n of a 5xx or network error (nil:
	// about 1 s, 2 s, 4 s …, jittered).
	pause func(n int) time.Duration
}

// RegisterCommands bulk-overwrites the application's commands, globally or
// in GuildID, so removed commands disappear too, and returns how many
// Discord now lists. A 429 or a 5xx is retried a few times; waits end with
// ctx. 401/403 is a *RefusedError (fix the token or the application id),
// retries used up a *TransientError.
func RegisterCommands(ctx context.Context, r Registration) (int, error) {
	log := r.Log
	if log == nil {
		log = slog.Default()
	}
	pause := r.pause
	if pause == nil {
		pause = func(n int) time.Duration {
			d := time.Second << min(n-1, 5)
			return d/2 + rand.N(d/2+1)
		}
	}
	if r.Token == "" {
		return 0, errors.New("register: no bot token: set discord.token or DISCORD_TOKEN")
	}
	cb := newCallbacks(r.Client, log, nil)
	auth := "Bot " + r.Token
	appID := r.ApplicationID
	if appID == "" {
		got, err := cb.do(ctx, http.MethodGet, discordgo.EndpointUser("@me"), nil, auth)
		if err != nil {
			return 0, refusedOr(err, "finding the application id (set discord.application_id or DISCORD_APPLICATION_ID)")
		}
		var me struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(got, &me) != nil || me.ID == "" {
			return 0, errors.New("register: Discord's /users/@me has no id: set discord.application_id or DISCORD_APPLICATION_ID")
		}
		appID = me.ID
	}
	cmds := ApplicationCommands(r.Definitions)
	body, err := json.Marshal(cmds)
	if err != nil {
		return 0, err
	}
	url := discordgo.EndpointApplicationGlobalCommands(appID)
	if r.GuildID != "" {
		url = discordgo.EndpointApplicationGuildCommands(appID, r.GuildID)
	}
	for attempt := 1; ; attempt++ {
		got, err := cb.do(ctx, http.MethodPut, url, body, auth)
		if err == nil {
			var out []json.RawMessage
			json.Unmarshal(got, &out)
			log.Info("commands registered", "count", len(out), "guild", r.GuildID, "application", appID)
			return len(out), nil
		}
		if ctx.Err() != nil {
			return 0, fmt.Errorf("registering %d commands: %w", len(cmds), context.Cause(ctx))
		}
		var ae *apiError
		if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden) {
			return 0, &RefusedError{Code: ae.Status, Reason: "registering commands: check the bot token and discord.application_id: " + ae.Body}
		}
		wait, ok := retryAfter(err, pause(attempt))
		if !ok {
			return 0, fmt.Errorf("registering %d commands: %w", len(cmds), err)
		}
		if attempt == registerAttempts || wait > maxRegisterWait {
			return 0, &TransientError{Op: fmt.Sprintf("registering %d commands (%d attempts)", len(cmds), attempt), Err: err}
		}
		log.Warn("registering commands failed; retrying", "attempt", attempt, "retry_in", wait, "err", err)
		if !sleepCtx(ctx, wait) {
			return 0, fmt.Errorf("registering %d commands: %w", len(cmds), context.Cause(ctx))
		}
	}
}

// refusedOr makes a 401/403 a *RefusedError and any other failure a
// *TransientError of op.
func refusedOr(err error, op string) error {
	var ae *apiError
	if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden) {
		return &RefusedError{Code: ae.Status, Reason: op + ": check the bot token: " + ae.Body}
	}
	return &TransientError{Op: op, Err: err}
}
