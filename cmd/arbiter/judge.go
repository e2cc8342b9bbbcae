package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/session"
)

// judgeDeps is the judge-call part of the command set's dependencies: the
// [judge] settings, and a Desk posting through Discord's REST API when
// there is a bot token (serve, and http given DISCORD_TOKEN), with or
// without a judge channel: without one, /judge call says the server has
// no judge channel. The console has no Desk: /judge call says it needs
// Discord. Without Redis, calls and recorded rulings live in this
// process's memory, and the log says so.
func judgeDeps(cfg config.Config, console bool, log *slog.Logger) (commands.JudgeConfig, commands.JudgeDesk) {
	j := cfg.Judge
	jc := commands.JudgeConfig{Roles: j.Roles, EscalateAfter: j.EscalateAfter.Duration, CallTTL: j.CallTTL.Duration, REL: j.REL}
	if len(j.Channels) > 0 {
		jc.Channel = j.Channels[0]
	}
	if console || cfg.Discord.Token == "" {
		return jc, nil
	}
	desk, err := bot.NewDesk(cfg.Discord.Token, nil, log)
	if err != nil {
		log.Warn("judge calls off: no Discord REST client", "err", err)
		return jc, nil
	}
	if jc.Channel == "" {
		// The desk is there so that /judge call names what is missing
		// (a judge channel), not a token the bot has.
		log.Info("judge calls off: [judge] channels names no judge channel to post them in")
		return jc, desk
	}
	if len(jc.Roles) == 0 {
		log.Warn("judge calls: [judge] roles names no judge role, so nobody can claim or resolve a call")
	}
	if cfg.Redis.URL == "" {
		log.Info("judge calls and recorded rulings are kept in memory: one instance only, and lost at restart; set [redis] url (REDIS_URL) to share and keep them")
	}
	log.Info("judge calls on", "channel", jc.Channel, "roles", len(jc.Roles), "escalate_after", jc.EscalateAfter, "rel", jc.REL)
	return jc, desk
}

// sweepEvery is how often the open calls are checked for escalation: a
// quarter of escalate_after, between 5 s and a minute.
func sweepEvery(escalateAfter time.Duration) time.Duration {
	return min(max(escalateAfter/4, 5*time.Second), time.Minute)
}

// startJudgeSweeps escalates unclaimed calls until ctx ends. Every
// instance sweeps; the store lets one of them ping.
func (s *server) startJudgeSweeps(ctx context.Context) {
	if s.cfg.Discord.Token == "" || len(s.cfg.Judge.Channels) == 0 {
		return
	}
	go func() {
		t := time.NewTicker(sweepEvery(s.cfg.Judge.EscalateAfter.Duration))
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				// The router current at each sweep: a reload swaps it.
				if _, err := s.current().SweepJudgeCalls(ctx, now); err != nil {
					s.log.WarnContext(ctx, "judge call sweep failed", "err", err)
				}
			}
		}
	}()
}

func newJudgeCmd(a *app) *cobra.Command {
	c := &cobra.Command{
		Use:   "judge",
		Short: "Judge calls and recorded rulings",
		Args:  cobra.NoArgs,
	}
	var configPath, guild string
	export := &cobra.Command{
		Use:   "export",
		Short: "Print the recorded rulings as JSON",
		Long: `Prints the rulings judges recorded with /judge resolve, as one JSON array
(oldest first), from the session store of --config ([redis] url or REDIS_URL).
--guild limits it to one server. Recorded rulings live in Redis; without it
they stay in the memory of the server that recorded them.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := config.Load(configPath)
			if err != nil {
				return exitCode(2, err)
			}
			if cfg.Redis.URL == "" {
				return exitCode(2, errors.New("no [redis] url (or REDIS_URL): recorded rulings are kept in Redis; without it they live in the serving process's memory only"))
			}
			store, err := session.Open(cfg.Redis.URL, slog.New(slog.DiscardHandler))
			if err != nil {
				return exitCode(2, fmt.Errorf("redis: %w", err))
			}
			defer store.Close()
			ctx, cancel := context.WithTimeout(cmd.Context(), 30*time.Second)
			defer cancel()
			rulings, err := commands.ReadRulings(ctx, store, guild)
			if err != nil {
				return err
			}
			return writeJSON(a.Out, rulings)
		},
	}
	export.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	export.Flags().StringVar(&guild, "guild", "", "only this server's rulings (its id)")
	c.AddCommand(export)
	return c
}
