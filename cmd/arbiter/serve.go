package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/console"
	"github.com/arbiter-mtg/arbiter/internal/gctune"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/wire"
)

// server is what `serve`, `http` and `console` build from the
// configuration: the router over the knowledge base and the session store.
type server struct {
	cfg    config.Config
	store  session.Store
	router *commands.Router // the console's; nil once live holds it
	// live serves router until a reload replaces it (serve and http);
	// reloader reloads it. Both nil in the console.
	live     *commands.Live
	reloader *wire.Reloader
	log      *slog.Logger
	ops      *operations // metrics and health; nil in the console
	// gc is what the collector was set to (tuneGC), chosen again after
	// each reload.
	gc gctune.Settings
}

// loadServer reads --config (and the environment), opens the store and
// builds the router. A data_dir from the configuration is used unless
// --data was given on the command line.
func loadServer(a *app, cmd *cobra.Command, configPath string, forceMemory bool, check func(config.Config) error) (*server, error) {
	cfg, err := config.Load(configPath)
	if err != nil {
		return nil, exitCode(2, err)
	}
	// What the mode cannot run without (a token, a public key) is told at
	// once, not after the data is loaded and the start-up line logged.
	if check != nil {
		if err := check(cfg); err != nil {
			return nil, exitCode(2, err)
		}
	}
	if cfg.DataDir != "" && !cmd.Flags().Changed("data") {
		a.DataDir, a.DataSet = cfg.DataDir, true
	}
	log, err := newLogger(cfg.Log, a.Err)
	if err != nil {
		return nil, exitCode(2, err)
	}
	// The console (forceMemory) is not a server: no metrics, no start-up line.
	var ops *operations
	if !forceMemory {
		if ops, err = startOperations(cfg, log); err != nil {
			return nil, exitCode(2, err)
		}
	}
	kb, err := a.KB()
	if err != nil {
		ops.Close()
		return nil, err
	}
	url := cfg.Redis.URL
	if forceMemory {
		url = ""
	}
	store, err := session.Open(url, log)
	if err != nil {
		ops.Close()
		return nil, exitCode(2, fmt.Errorf("redis: %w", err))
	}
	if ops != nil {
		store = ops.instrument(store, storeKind(url))
	}
	d := wire.FromKB(kb)
	d.Store = store
	d.Limits = commands.Limits{Rate: cfg.Limits.Rate, Window: cfg.Limits.Window.Duration}
	if forceMemory {
		// The console has one user, at a terminal or feeding a file of
		// lines: the per-user limit that protects a server would only
		// answer its eleventh line "Slow down a little".
		d.Limits = commands.Limits{}
	}
	d.Handlers, d.Queue, d.ScenarioTimeout = cfg.Limits.Handlers, cfg.Limits.Queue, cfg.Limits.ScenarioTimeout.Duration
	d.ScenarioTTL = cfg.Session.ScenarioTTL.Duration
	d.PageTTL = cfg.Session.PageTTL.Duration
	d.Log = log
	if err := bot.SetAPIBase(cfg.Discord.APIBase); err != nil {
		store.Close()
		return nil, exitCode(2, err)
	}
	var rl *wire.Reloader
	if ops != nil {
		rl = a.newReloader(cfg, store, log)
		d.Reloader, d.Owners = rl, owners(cfg, log)
	}
	d.Judge, d.Desk = judgeDeps(cfg, forceMemory, log)
	router, err := commands.New(d)
	if err != nil {
		store.Close()
		return nil, exitCode(2, err)
	}
	s := &server{cfg: cfg, store: store, router: router, log: log, ops: ops}
	if ops != nil {
		ops.loaded(kb, router)
		startupSummary(cmd.Context(), log, cmd.Name(), dataInfo(kb), store, url)
		s.live, s.reloader = commands.NewLive(router), rl
		// From here the live holder is the one reference to the router,
		// so a reload's swap lets the old data go.
		s.router = nil
		rl.Live = s.live
		rl.OnSwap = func(kb *rulings.KB) { ops.metrics.Data(dataInfo(kb)) }
		rl.Begin(kb)
	}
	return s, nil
}

// serving is what the transports answer through: the live router of serve
// and http, the router itself in the console.
func (s *server) serving() commands.Server {
	if s.live != nil {
		return s.live
	}
	return s.router
}

// current is the router answering now.
func (s *server) current() *commands.Router {
	if s.live != nil {
		return s.live.Router()
	}
	return s.router
}

func (s *server) dispatcher() *bot.Dispatcher {
	return &bot.Dispatcher{Router: s.serving(), DeferAfter: s.cfg.Discord.DeferAfter.Duration, FollowUpTimeout: s.cfg.Discord.FollowUpTimeout.Duration, Log: s.log}
}

// startServer is what serve and http do first: the configuration, the
// data, the store and the router, then the collector set from the loaded
// heap. close releases the store and the operations listener. check
// refuses a configuration the mode cannot run with before anything starts.
func startServer(a *app, cmd *cobra.Command, configPath string, check func(config.Config) error) (*server, error) {
	s, err := loadServer(a, cmd, configPath, false, check)
	if err != nil {
		return nil, err
	}
	s.tuneGC()
	return s, nil
}

func (s *server) close() {
	s.ops.Close()
	s.store.Close()
}

// tuneGC sets the collector from the live heap once the knowledge base is
// loaded (or from [limits] memory, or GOGC/GOMEMLIMIT in the environment)
// and logs what it chose.
func (s *server) tuneGC() {
	s.gc = gctune.Apply(int64(s.cfg.Limits.Memory))
	s.log.Info("memory", "settings", s.gc.String())
	if s.reloader != nil {
		// A reload holds two knowledge bases for a while: the limit chosen
		// for one is lifted meanwhile, then chosen again from the heap.
		s.reloader.Around = func() func() {
			done := gctune.Reloading(s.gc, int64(s.cfg.Limits.Memory))
			return func() {
				s.gc = done()
				s.log.Info("memory after a reload", "settings", s.gc.String())
			}
		}
	}
}

// signalContext ends on SIGINT or SIGTERM.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func newServeCmd(a *app) *cobra.Command {
	var configPath string
	c := &cobra.Command{
		Use:   "serve",
		Short: "Run the Discord bot over the gateway",
		Long: `Connects to Discord's gateway with the bot token (discord.token or
DISCORD_TOKEN), registers the slash commands (globally, or to discord.guild_id)
and answers them. Sharding follows discord.shard_id/shard_count, or every shard
GET /gateway/bot recommends with shard_count = "auto".`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := startServer(a, cmd, configPath, func(cfg config.Config) error {
				if cfg.Discord.Token == "" {
					return errors.New("no bot token: set discord.token or DISCORD_TOKEN (arbiter console works without one)")
				}
				return nil
			})
			if err != nil {
				return err
			}
			defer s.close()
			g := &bot.Gateway{
				Token: s.cfg.Discord.Token, ApplicationID: s.cfg.Discord.ApplicationID, GuildID: s.cfg.Discord.GuildID,
				ShardID: s.cfg.Discord.ShardID, ShardCount: s.cfg.Discord.ShardCount.N, AutoShard: s.cfg.Discord.ShardCount.Auto,
				Dispatcher: s.dispatcher(), ShutdownGrace: s.cfg.Discord.ShutdownGrace.Duration, Log: s.log,
			}
			s.ops.metrics.Gateway(g)
			if j := s.cfg.Judge; len(j.Channels) > 0 || j.Inline == "all" {
				g.Watcher = &bot.Watcher{Router: s.serving(), Channels: map[string]bool{}, All: j.Inline == "all",
					Max: j.Expand, Rate: j.ChannelRate, Window: j.ChannelWindow.Duration, Log: s.log}
				for _, id := range j.Channels {
					g.Watcher.Channels[id] = true
				}
				s.log.Info("judge-channel references on: the bot needs the Message Content intent (Discord Developer Portal, Bot, Privileged Gateway Intents)", "channels", len(j.Channels), "inline", j.Inline)
			}
			ctx, stop := signalContext()
			defer stop()
			s.startJudgeSweeps(ctx)
			s.keepCurrent(ctx)
			if err := g.Open(ctx); err != nil {
				if ctx.Err() != nil {
					return nil // stopped by a signal while connecting
				}
				return gatewayExit(err)
			}
			s.log.Info("serving over the gateway; stop with Ctrl-C")
			select {
			case <-ctx.Done():
				// From here a second SIGINT/SIGTERM kills the process
				// at once.
				stop()
				s.ops.health.SetStopping()
				s.log.Info("shutting down: answering what was received; signal again to force")
				return g.Close()
			case <-g.Done():
				g.Close()
				return gatewayExit(g.Err())
			}
		},
	}
	c.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	return c
}

func newHTTPCmd(a *app) *cobra.Command {
	var configPath, listen, pprofAddr string
	c := &cobra.Command{
		Use:   "http",
		Short: "Serve Discord's HTTP interactions endpoint",
		Long: `Answers interactions that Discord POSTs to this endpoint, verified with the
application's Ed25519 public key (discord.public_key or DISCORD_PUBLIC_KEY).
Slow answers are deferred and followed up through the interaction webhook.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var key ed25519.PublicKey
			s, err := startServer(a, cmd, configPath, func(cfg config.Config) (err error) {
				if cfg.Discord.PublicKey == "" {
					return errors.New("no public key: set discord.public_key or DISCORD_PUBLIC_KEY (General Information page of the developer portal)")
				}
				key, err = bot.ParsePublicKey(cfg.Discord.PublicKey)
				return err
			})
			if err != nil {
				return err
			}
			defer s.close()
			if listen == "" {
				listen = s.cfg.HTTP.Listen
			}
			rest, _ := discordgo.New("")
			h := &bot.Interactions{
				Dispatcher: s.dispatcher(), PublicKey: key, REST: rest, Log: s.log,
				MaxBody: s.cfg.HTTP.MaxBody, MaxSkew: s.cfg.HTTP.MaxSkew.Duration,
			}
			h.Ready = s.ops.health.Ready
			ln, err := net.Listen("tcp", listen)
			if err != nil {
				return exitCode(2, err)
			}
			if pprofAddr != "" {
				// Profiles of the running server, on their own listener so
				// the interactions endpoint never serves them.
				mux := http.NewServeMux()
				mux.HandleFunc("/debug/pprof/", pprof.Index)
				mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
				mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
				mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
				go func() {
					if err := http.ListenAndServe(pprofAddr, mux); err != nil {
						s.log.Warn("pprof listener", "err", err)
					}
				}()
			}
			srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second}
			ctx, stop := signalContext()
			defer stop()
			s.startJudgeSweeps(ctx)
			s.keepCurrent(ctx)
			s.log.Info("interactions endpoint listening", "addr", ln.Addr().String())
			// On SIGTERM: stop accepting, answer what is in flight
			// (deferred follow-ups included) within shutdown_grace, and
			// only then close the store (deferred above).
			context.AfterFunc(ctx, func() {
				s.ops.health.SetStopping() // /readyz answers 503 from the first signal
				stop()                     // a second signal kills at once
			})
			err = h.ServeUntil(ctx, srv, ln, s.cfg.Discord.ShutdownGrace.Duration)
			s.log.Info("closing the session store")
			if err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}
	c.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	c.Flags().StringVar(&listen, "listen", "", "address to listen on (default http.listen, 127.0.0.1:8080)")
	c.Flags().StringVar(&pprofAddr, "pprof", "", "serve Go profiles (/debug/pprof/) on this address, e.g. 127.0.0.1:6060; off by default")
	return c
}

func newConsoleCmd(a *app) *cobra.Command {
	var configPath string
	c := &cobra.Command{
		Use:   "console",
		Short: "Use the bot's commands from a terminal, no Discord needed",
		Long: `A line-oriented REPL over the same commands as the bot:

  /rule 302.6
  /card ornithopter
  /search kind:rule first strike damage
  /scenario add Ornithopter as O (new)
  /scenario add            (then paste lines, end with an empty line)

Needs no token and no Redis: sessions are kept in memory.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := loadServer(a, cmd, configPath, true, nil)
			if err != nil {
				return err
			}
			defer s.store.Close()
			con := &console.Console{Router: s.router, In: a.In, Out: a.Out, Prompt: isTerminal(a.In)}
			return con.Run(cmd.Context())
		},
	}
	c.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	return c
}

// isTerminal reports whether r is an interactive terminal (for the prompt).
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
