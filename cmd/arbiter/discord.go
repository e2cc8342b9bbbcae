package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/bot"
	"github.com/arbiter-mtg/arbiter/config"
)

// loadDiscordConfig reads --config for the Discord set-up commands and
// points REST calls at discord.api_base.
func loadDiscordConfig(a *app, cmd *cobra.Command, configPath string) (config.Config, error) {
	cfg, err := config.Load(configPath)
	if err != nil {
		return cfg, exitCode(2, err)
	}
	if cfg.DataDir != "" && !cmd.Flags().Changed("data") {
		a.DataDir = cfg.DataDir
	}
	if err := bot.SetAPIBase(cfg.Discord.APIBase); err != nil {
		return cfg, exitCode(2, err)
	}
	return cfg, nil
}

func newRegisterCmd(a *app) *cobra.Command {
	var configPath, guild string
	c := &cobra.Command{
		Use:   "register",
		Short: "Register the slash commands with Discord (for HTTP-interactions mode)",
		Long: `Registers (bulk-overwrites) the application's slash commands over Discord's
REST API with the bot token (discord.token or DISCORD_TOKEN): globally, which
Discord propagates within the hour, or to one guild with --guild (instant;
default discord.guild_id). Commands no longer offered are removed.

arbiter serve registers on its own each time it connects; arbiter http does
not, so run this once after installing or upgrading. The application id is
discord.application_id (DISCORD_APPLICATION_ID), or asked of Discord from the
token. Exit status 3: Discord unavailable, try later; 4: Discord refused the
token or the application id.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadDiscordConfig(a, cmd, configPath)
			if err != nil {
				return err
			}
			if cfg.Discord.Token == "" {
				return exitCode(2, errors.New("no bot token: set discord.token or DISCORD_TOKEN (Bot page of the developer portal)"))
			}
			if !cmd.Flags().Changed("guild") {
				guild = cfg.Discord.GuildID
			}
			router, err := a.Router()
			if err != nil {
				return err
			}
			log, err := newLogger(cfg.Log, a.Err)
			if err != nil {
				return exitCode(2, err)
			}
			ctx, stop := signalContext()
			defer stop()
			n, err := bot.RegisterCommands(ctx, bot.Registration{
				Token: cfg.Discord.Token, ApplicationID: cfg.Discord.ApplicationID, GuildID: guild,
				Definitions: router.Definitions(), Log: slog.New(discardHandler{log.Handler()}),
			})
			if err != nil {
				return gatewayExit(err)
			}
			where := "globally (Discord shows them within the hour)"
			if guild != "" {
				where = "in guild " + guild
			}
			fmt.Fprintf(a.Out, "registered %d commands %s\n", n, where)
			return nil
		},
	}
	c.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	c.Flags().StringVar(&guild, "guild", "", "register to this guild only (default discord.guild_id; empty: globally)")
	return c
}

// discardHandler keeps a command's warnings (retries) but not its info
// lines: the command prints its own result.
type discardHandler struct{ slog.Handler }

func (h discardHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}

func newInviteCmd(a *app) *cobra.Command {
	var configPath string
	c := &cobra.Command{
		Use:   "invite",
		Short: "Print the URL that adds the bot to a Discord server",
		Long: `Prints the OAuth2 URL that adds the application (discord.application_id or
DISCORD_APPLICATION_ID) to a server, with the scopes bot and
applications.commands and the permissions its features need, each explained.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadDiscordConfig(a, cmd, configPath)
			if err != nil {
				return err
			}
			id := cfg.Discord.ApplicationID
			if id == "" {
				return exitCode(2, errors.New("no application id: set discord.application_id or DISCORD_APPLICATION_ID (General Information page of the developer portal)"))
			}
			fmt.Fprintln(a.Out, bot.InviteURL(id))
			fmt.Fprintf(a.Out, "\nScopes: %s. Permissions %d:\n", bot.InviteScopes, bot.InvitePermissionBits())
			for _, p := range bot.InvitePermissions {
				fmt.Fprintf(a.Out, "  %-25s %s\n", p.Name, p.Why)
			}
			fmt.Fprintln(a.Out, "\nSlash commands need no channel permission (they are answered through the interaction);\nthe permissions are for the judge-channel watcher ([judge] channels) and for judge calls.")
			return nil
		},
	}
	c.Flags().StringVar(&configPath, "config", "", "TOML configuration file (see config.example.toml)")
	return c
}
