package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/arbiter-mtg/arbiter/commands"
)

// Gateway runs the bot over Discord's gateway: one discordgo Session per
// shard, interactions answered through REST callbacks.
type Gateway struct {
	Token         string
	ApplicationID string
	// GuildID registers the commands to one guild (instant) instead of
	// globally (which Discord propagates within the hour).
	GuildID string
	// ShardID/ShardCount run one shard; AutoShard runs every shard that
	// GET /gateway/bot recommends.
	ShardID, ShardCount int
	AutoShard           bool
	Dispatcher          *Dispatcher
	// Watcher, when set with channels, answers [[Card]] and "CR 302.6" in
	// ordinary messages of those channels (Message Content intent).
	Watcher *Watcher
	// Client and Dialer, when set, replace discordgo's (tests).
	Client *http.Client
	Dialer *websocket.Dialer
	Log    *slog.Logger

	mu       sync.Mutex
	sessions []*discordgo.Session
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

func (g *Gateway) log() *slog.Logger {
	if g.Log == nil {
		return slog.Default()
	}
	return g.Log
}

func (g *Gateway) newSession(shard, count int) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + g.Token)
	if err != nil {
		return nil, err
	}
	if g.Client != nil {
		s.Client = g.Client
	}
	if g.Dialer != nil {
		s.Dialer = g.Dialer
	}
	s.ShardID, s.ShardCount = shard, count
	// Interactions need no privileged intents.
	s.Identify.Intents = discordgo.IntentsGuilds
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) { g.onInteraction(s, ic) })
	if g.Watcher != nil && len(g.Watcher.Channels) > 0 {
		s.Identify.Intents |= discordgo.IntentsGuildMessages | discordgo.IntentsMessageContent
		s.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
			g.wg.Add(1)
			defer g.wg.Done()
			g.Watcher.onMessage(g.context(), s, m)
		})
	}
	return s, nil
}

// Open registers the commands (from the process that runs shard 0) and
// connects every shard this process runs.
func (g *Gateway) Open(ctx context.Context) error {
	if g.Token == "" {
		return errors.New("no bot token: set discord.token or DISCORD_TOKEN (or use `arbiter console` without Discord)")
	}
	g.ctx, g.cancel = context.WithCancel(context.WithoutCancel(ctx))
	shards := []int{g.ShardID}
	count := max(g.ShardCount, 1)
	if g.AutoShard {
		probe, err := g.newSession(0, 1)
		if err != nil {
			return err
		}
		gb, err := probe.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return fmt.Errorf("GET /gateway/bot for the shard count: %w", err)
		}
		count = max(gb.Shards, 1)
		shards = shards[:0]
		for i := 0; i < count; i++ {
			shards = append(shards, i)
		}
		g.log().Info("auto sharding", "shards", count)
	}
	for _, id := range shards {
		s, err := g.newSession(id, count)
		if err != nil {
			g.Close()
			return err
		}
		if err := s.Open(); err != nil {
			g.Close()
			return fmt.Errorf("shard %d/%d: %w", id, count, err)
		}
		g.mu.Lock()
		g.sessions = append(g.sessions, s)
		g.mu.Unlock()
		g.log().Info("shard connected", "shard", id, "of", count)
	}
	if shards[0] == 0 {
		if err := g.Register(ctx); err != nil {
			g.Close()
			return err
		}
	}
	return nil
}

// Register bulk-overwrites the application's commands, globally or in
// GuildID, so removed commands disappear too.
func (g *Gateway) Register(ctx context.Context) error {
	g.mu.Lock()
	if len(g.sessions) == 0 {
		g.mu.Unlock()
		return errors.New("register: no open session")
	}
	s := g.sessions[0]
	g.mu.Unlock()
	appID := g.ApplicationID
	if appID == "" && s.State != nil && s.State.User != nil {
		// A bot's user id is its application id.
		appID = s.State.User.ID
	}
	if appID == "" {
		return errors.New("register: no application id: set discord.application_id or DISCORD_APPLICATION_ID")
	}
	cmds := ApplicationCommands(g.Dispatcher.Router.Definitions())
	got, err := s.ApplicationCommandBulkOverwrite(appID, g.GuildID, cmds, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("registering %d commands: %w", len(cmds), err)
	}
	g.log().Info("commands registered", "count", len(got), "guild", g.GuildID)
	return nil
}

// onInteraction answers one INTERACTION_CREATE. discordgo runs handlers
// in their own goroutines with no recover; the router's chain recovers from
// a handler's panic and answers the user with an error.
func (g *Gateway) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	g.wg.Add(1)
	defer g.wg.Done()
	out := g.Dispatcher.Dispatch(g.context(), ic.Interaction)
	if out.Response == nil {
		return
	}
	// The first response must arrive within 3 s: no rate-limit sleeps or
	// retries here.
	if err := s.InteractionRespond(ic.Interaction, out.Response, discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0)); err != nil {
		g.log().Warn("interaction response failed", "err", err, "id", ic.ID)
		return
	}
	if out.Later != nil {
		rep := <-out.Later
		if err := Deliver(s, ic.Interaction, out.Response.Type, rep); err != nil {
			g.log().Warn("deferred answer failed", "err", err, "id", ic.ID)
		}
	}
}

func (g *Gateway) context() context.Context {
	if g.ctx == nil {
		return context.Background()
	}
	return g.ctx
}

// Close disconnects every shard and waits for answers in flight.
func (g *Gateway) Close() error {
	g.mu.Lock()
	sessions := g.sessions
	g.sessions = nil
	g.mu.Unlock()
	var errs []error
	for _, s := range sessions {
		errs = append(errs, s.Close())
	}
	g.wg.Wait()
	if g.cancel != nil {
		g.cancel()
	}
	return errors.Join(errs...)
}

// ApplicationCommands converts the command definitions for registration.
func ApplicationCommands(defs []commands.Definition) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, d := range defs {
		c := &discordgo.ApplicationCommand{Name: d.Name, Description: d.Description, Type: discordgo.ChatApplicationCommand}
		if d.Type == commands.MessageCommand {
			c.Type = discordgo.MessageApplicationCommand
			c.Description = ""
		}
		c.Options = commandOptions(d.Options)
		out = append(out, c)
	}
	return out
}

func commandOptions(opts []commands.Option) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, o := range opts {
		do := &discordgo.ApplicationCommandOption{
			Name: o.Name, Description: o.Description, Required: o.Required,
			Autocomplete: o.Autocomplete, MaxLength: o.MaxLength,
			MinValue: o.MinValue,
		}
		if o.MaxValue != nil {
			do.MaxValue = *o.MaxValue
		}
		switch o.Type {
		case commands.OptionString:
			do.Type = discordgo.ApplicationCommandOptionString
		case commands.OptionInteger:
			do.Type = discordgo.ApplicationCommandOptionInteger
		case commands.OptionBoolean:
			do.Type = discordgo.ApplicationCommandOptionBoolean
		case commands.OptionSubcommand:
			do.Type = discordgo.ApplicationCommandOptionSubCommand
		}
		for _, ch := range o.Choices {
			do.Choices = append(do.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch.Name, Value: ch.Value})
		}
		do.Options = commandOptions(o.Options)
		out = append(out, do)
	}
	return out
}
