package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/config"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch"
	"github.com/arbiter-mtg/arbiter/session"
	"github.com/arbiter-mtg/arbiter/wire"
)

// load reads the data directory as KB does: a directory that was given
// through its snapshot, the default one with the built-in documents
// filling its gaps.
func (a *app) load() (*rulings.KB, error) {
	if a.DataSet {
		return loadKB(a.DataDir)
	}
	return loadDefault(a.DataDir, snapshotDir())
}

// newReloader is the reloader of a server: it reloads the data directory
// the server loaded, downloads into it what `data update` downloads when
// [data] check_every asks for checks or an owner asks for a reload, and
// hears other instances through the store.
func (a *app) newReloader(cfg config.Config, store session.Store, log *slog.Logger) *wire.Reloader {
	rl := &wire.Reloader{
		Load:   a.load,
		Inputs: func() (string, error) { return rulings.Inputs(a.DataDir, snapshotDir(), !a.DataSet) },
		Store:  store,
		Log:    log,
	}
	if a.DataDir != "" {
		rl.Update = wire.Updater(&fetch.Source{}, a.DataDir, cfg.Data.Cards)
	}
	return rl
}

// owners are the users allowed /admin: [discord] owners, and the
// application's owner (or its team's owner and members) when the bot
// token can ask Discord. Discord not answering leaves the configured ones.
func owners(cfg config.Config, log *slog.Logger) []string {
	out := append([]string(nil), cfg.Discord.Owners...)
	if cfg.Discord.Token == "" {
		return out
	}
	s, err := discordgo.New("Bot " + cfg.Discord.Token)
	if err != nil {
		return out
	}
	s.Client = &http.Client{Timeout: 5 * time.Second}
	s.MaxRestRetries = 0
	app, err := s.Application("@me")
	if err != nil {
		log.Warn("cannot ask Discord who owns the application; /admin is open to [discord] owners only", "owners", len(out), "err", err)
		return out
	}
	if app.Owner != nil && app.Owner.ID != "" {
		out = append(out, app.Owner.ID)
	}
	if app.Team != nil {
		if app.Team.OwnerID != "" {
			out = append(out, app.Team.OwnerID)
		}
		for _, m := range app.Team.Members {
			if m != nil && m.User != nil {
				out = append(out, m.User.ID)
			}
		}
	}
	return out
}

// keepCurrent keeps the server's data current until ctx ends: the periodic
// checks ([data] check_every), other instances' announcements, and a
// reload of the data directory on each SIGHUP.
func (s *server) keepCurrent(ctx context.Context) {
	if s.reloader == nil {
		return
	}
	go s.reloader.Run(ctx, s.cfg.Data.CheckEvery.Duration, time.Minute)
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				s.log.Info("SIGHUP: reloading the data directory")
				s.reloader.ReloadFiles(ctx)
			}
		}
	}()
	if every := s.cfg.Data.CheckEvery.Duration; every > 0 {
		s.log.Info("data checks on: data update runs in the background", "every", every)
	}
}
