package bot

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
)

// Gateway runs the bot over Discord's gateway: one connection per shard
// (gwconn.go: reconnect, resume and close-code policy, heartbeat watchdog),
// discordgo for REST and the event types, interactions answered through
// their own callback client (callback.go).
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
	// ShutdownGrace is how long Close waits for deferred answers still
	// being worked out before telling their users that Arbiter restarted
	// (default 5 s: container runtimes kill after 10).
	ShutdownGrace time.Duration
	// Client and Dialer, when set, replace the HTTP client (REST and
	// callbacks) and the websocket dialer (tests).
	Client *http.Client
	Dialer *websocket.Dialer
	Log    *slog.Logger

	// Test hooks: the wait before reconnect attempt n (n = 0 after a
	// connection that was up), the wait after op 9, and the pause before
	// retry n of a registration or follow-up. nil means the defaults.
	reconnectWaitFunc      func(n int) time.Duration
	invalidSessionWaitFunc func() time.Duration
	retryPause             func(n int) time.Duration
	// callbackWindow, when set, replaces Discord's 3 s window for first
	// responses (tests whose fake Discord may be slow to answer on a
	// loaded machine, where the window is not what they test).
	callbackWindow time.Duration

	mu        sync.Mutex
	shards    []*shard
	cb        *callbacks
	stats     gatewayStats
	ctx       context.Context // handlers; ends after Close
	cancel    context.CancelFunc
	runCancel context.CancelFunc // connections and reconnect loops
	wg        sync.WaitGroup     // interactions and messages read, not yet finished
	abandon   chan struct{}      // closed when ShutdownGrace is over
	done      chan struct{}      // closed on a fatal error
	failOnce  sync.Once
	err       error
	closeOnce sync.Once
}

func (g *Gateway) log() *slog.Logger {
	if g.Log == nil {
		return slog.Default()
	}
	return g.Log
}

func (g *Gateway) reconnectWait(n int) time.Duration {
	if g.reconnectWaitFunc != nil {
		return g.reconnectWaitFunc(n)
	}
	return defaultReconnectWait(n)
}

func (g *Gateway) invalidSessionWait() time.Duration {
	if g.invalidSessionWaitFunc != nil {
		return g.invalidSessionWaitFunc()
	}
	return defaultInvalidSessionWait()
}

func (g *Gateway) pause(n int) time.Duration {
	if g.retryPause != nil {
		return g.retryPause(n)
	}
	d := time.Second << min(n-1, 5)
	return d/2 + rand.N(d/2+1)
}

func (g *Gateway) dialer() *websocket.Dialer {
	if g.Dialer != nil {
		return g.Dialer
	}
	return &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: 10 * time.Second}
}

// restSession is a discordgo Session used for REST only (gateway
// discovery, watched-channel replies). A 429 is returned, not slept on:
// a watcher reply is not worth holding a goroutine (and shutdown) for.
func (g *Gateway) restSession() (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + g.Token)
	if err != nil {
		return nil, err
	}
	if g.Client != nil {
		s.Client = g.Client
	}
	s.ShouldRetryOnRateLimit = false
	s.MaxRestRetries = 1
	// Interactions need no privileged intents.
	s.Identify.Intents = discordgo.IntentsGuilds
	if g.Watcher.on() {
		s.Identify.Intents |= discordgo.IntentsGuildMessages | discordgo.IntentsMessageContent
	}
	return s, nil
}

func (g *Gateway) newShard(id, count int) (*shard, error) {
	s, err := g.restSession()
	if err != nil {
		return nil, err
	}
	s.ShardID, s.ShardCount = id, count
	return &shard{
		g: g, id: id, count: count, rest: s,
		log:        g.log().With("shard", id),
		firstReady: make(chan error, 1),
		done:       make(chan struct{}),
	}, nil
}

// Open registers the commands (from the process that runs shard 0) and
// connects every shard this process runs. Its errors are a *RefusedError
// when Discord refused the token or the configuration, a *TransientError
// when Discord could not be reached or kept failing.
func (g *Gateway) Open(ctx context.Context) error {
	if g.Token == "" {
		return errors.New("no bot token: set discord.token or DISCORD_TOKEN (or use `arbiter console` without Discord)")
	}
	routeDiscordgoLogs(g.log())
	g.ctx, g.cancel = context.WithCancel(context.WithoutCancel(ctx))
	var runCtx context.Context
	runCtx, g.runCancel = context.WithCancel(context.WithoutCancel(ctx))
	g.abandon = make(chan struct{})
	g.done = make(chan struct{})
	g.cb = newCallbacks(g.Client, g.log(), &g.stats)
	g.cb.followUpWait = g.retryPause
	if g.callbackWindow > 0 {
		g.cb.window = g.callbackWindow
	}
	shards := []int{g.ShardID}
	count := max(g.ShardCount, 1)
	if g.AutoShard {
		probe, err := g.restSession()
		if err != nil {
			return err
		}
		gb, err := probe.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return &TransientError{Op: "GET /gateway/bot for the shard count", Err: err}
		}
		count = max(gb.Shards, 1)
		shards = shards[:0]
		for i := 0; i < count; i++ {
			shards = append(shards, i)
		}
		g.log().Info("auto sharding", "shards", count)
	}
	for _, id := range shards {
		sh, err := g.newShard(id, count)
		if err != nil {
			g.Close()
			return err
		}
		g.mu.Lock()
		g.shards = append(g.shards, sh)
		g.mu.Unlock()
		go sh.run(runCtx)
		select {
		case err = <-sh.firstReady:
		case <-ctx.Done():
			err = ctx.Err()
		}
		if err != nil {
			g.Close()
			return fmt.Errorf("shard %d/%d: %w", id, count, err)
		}
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

// Done is closed when a shard hit an error that reconnecting cannot fix
// (Err says which); the caller should Close and exit.
func (g *Gateway) Done() <-chan struct{} { return g.done }

// Err is the fatal error that closed Done.
func (g *Gateway) Err() error {
	select {
	case <-g.done:
		return g.err
	default:
		return nil
	}
}

func (g *Gateway) fail(err error) {
	g.failOnce.Do(func() {
		g.err = err
		close(g.done)
	})
}

const (
	registerAttempts = 5
	// maxRegisterWait is the longest 429 retry_after registration waits
	// out before giving up as transient (daily command limits are hours).
	maxRegisterWait = time.Minute
)

// Register bulk-overwrites the application's commands, globally or in
// GuildID, so removed commands disappear too. A 429 or a 5xx is retried
// a few times; waits end with ctx (a SIGTERM).
func (g *Gateway) Register(ctx context.Context) error {
	g.mu.Lock()
	if len(g.shards) == 0 {
		g.mu.Unlock()
		return errors.New("register: no open session")
	}
	sh := g.shards[0]
	g.mu.Unlock()
	appID := g.ApplicationID
	if appID == "" {
		// A bot's user id is its application id.
		appID = sh.userID
	}
	if appID == "" {
		return errors.New("register: no application id: set discord.application_id or DISCORD_APPLICATION_ID")
	}
	_, err := RegisterCommands(ctx, Registration{
		Token: g.Token, ApplicationID: appID, GuildID: g.GuildID,
		Definitions: g.Dispatcher.Router.Definitions(),
		Client:      g.Client, Log: g.log(), pause: g.pause,
	})
	return err
}

// interaction starts answering one INTERACTION_CREATE read by a shard.
// It is counted in wg before the read loop goes on, so Close waits for
// every interaction read from the socket.
func (g *Gateway) interaction(sh *shard, raw json.RawMessage) {
	var ic discordgo.InteractionCreate
	if err := json.Unmarshal(raw, &ic); err != nil || ic.Interaction == nil {
		sh.log.Warn("undecodable INTERACTION_CREATE", "err", err)
		return
	}
	g.stats.interactions.Add(1)
	g.wg.Add(1)
	go g.onInteraction(sh, ic.Interaction)
}

// message passes one MESSAGE_CREATE to the watcher.
func (g *Gateway) message(sh *shard, raw json.RawMessage) {
	if !g.Watcher.on() {
		return
	}
	var m discordgo.MessageCreate
	if err := json.Unmarshal(raw, &m); err != nil {
		sh.log.Warn("undecodable MESSAGE_CREATE", "err", err)
		return
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		g.Watcher.onMessage(g.context(), sh.rest, &m)
	}()
}

// restarting is what a user sees when Arbiter stops before a deferred
// answer is ready.
func restarting() commands.Reply {
	return commands.Reply{
		Title:     "Arbiter restarted",
		Body:      "Arbiter restarted before this answer was ready. Please ask again.",
		Ephemeral: true,
		Error:     true,
	}
}

// onInteraction answers one interaction; the router's chain recovers from
// a handler's panic and answers the user with an error.
func (g *Gateway) onInteraction(sh *shard, in *discordgo.Interaction) {
	defer g.wg.Done()
	out := g.Dispatcher.Dispatch(g.context(), in)
	if out.Response == nil {
		return
	}
	if err := g.cb.respond(g.context(), in, out.Response); err != nil {
		sh.log.Warn("interaction response failed", "err", err, "interaction", in.ID)
		return
	}
	if out.Later != nil {
		var rep commands.Reply
		select {
		case rep = <-out.Later:
		case <-g.abandon:
			rep = restarting()
		}
		if err := g.cb.deliver(g.context(), in, out.Response.Type, rep); err != nil {
			sh.log.Warn("deferred answer failed", "err", err, "interaction", in.ID)
		}
	}
}

func (g *Gateway) context() context.Context {
	if g.ctx == nil {
		return context.Background()
	}
	return g.ctx
}

// Close disconnects every shard, handles every interaction already read,
// and waits for the answers in flight: first responses always, deferred
// answers for ShutdownGrace, after which their users are told to ask
// again. A second Close returns at once.
func (g *Gateway) Close() error {
	g.closeOnce.Do(g.shutdown)
	return nil
}

func (g *Gateway) shutdown() {
	g.mu.Lock()
	shards := g.shards
	g.mu.Unlock()
	for _, sh := range shards {
		sh.stop()
	}
	if g.runCancel != nil {
		g.runCancel()
	}
	for _, sh := range shards {
		<-sh.done
	}
	// Every interaction read is now counted in wg.
	finished := make(chan struct{})
	go func() {
		g.wg.Wait()
		close(finished)
	}()
	grace := cmp.Or(g.ShutdownGrace, config.Default().Discord.ShutdownGrace.Duration)
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-finished:
	case <-t.C:
		if g.abandon != nil {
			close(g.abandon)
		}
		<-finished
	}
	if g.cancel != nil {
		g.cancel()
	}
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
		if d.AdminsOnly {
			// "0": no permission is enough, so only administrators see it.
			none := int64(0)
			c.DefaultMemberPermissions = &none
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
		case commands.OptionUser:
			do.Type = discordgo.ApplicationCommandOptionUser
		}
		for _, ch := range o.Choices {
			do.Choices = append(do.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch.Name, Value: ch.Value})
		}
		do.Options = commandOptions(o.Options)
		out = append(out, do)
	}
	return out
}
