// Package bot adapts Arbiter's command set to Discord: the gateway
// (discordgo sessions and shards), the HTTP interactions endpoint, the
// rendering of replies into embeds and components, and the console.
//
// # Running it
//
// Gateway mode (`arbiter serve --config arbiter.toml`) needs the bot token
// (DISCORD_TOKEN) and the application id. With discord.guild_id set the
// commands are registered to that guild and appear at once; without it they
// are registered globally. Registration is a bulk overwrite, so commands
// removed from the code disappear from Discord too. Only the process that
// runs shard 0 registers.
//
// HTTP mode (`arbiter http --listen ADDR`) needs the application's public
// key (DISCORD_PUBLIC_KEY); set the application's Interactions Endpoint URL
// to the address Discord can reach. Discord checks the endpoint with a PING
// and with a badly signed request, which must get 401. Several instances
// can share one Redis: each interaction is answered once.
//
// With [judge] channels (or its older name discord.watch_channels) set,
// gateway mode also reads ordinary messages in those channels (turn on the
// privileged Message Content intent first) and answers [[Card Name]] and
// "CR 302.6" references in one reply per message, expanding up to [judge]
// expand of them (5 by default), with mentions disabled.
//
// The console (`arbiter console`) runs the same commands on standard input
// with in-memory sessions and no Discord at all.
//
// # What every transport shares
//
// Dispatcher is the one path from an interaction to its answer: decode
// (never through discordgo's typed accessors, which panic on the wrong
// interaction type), then the router's middleware chain (commands.Router
// Serve) — recover from a handler's panic, claim the interaction id and
// count the user's rate limit in the session store (a store that is down
// never stops an answer), and defer (type 5, or 6 for a button) when the
// answer is not ready after discord.defer_after. The console and the
// judge-channel watcher serve the same chain. Deliver
// then edits the deferred message, or replaces it with an ephemeral
// follow-up when the answer is private. Every message is sent with empty
// allowed mentions, so echoed user text never pings anyone.
//
// # Gateway resilience
//
// Each shard runs its own gateway connection (gwconn.go); discordgo serves
// REST and the event types. Close codes 4004 and 4010–4014 stop the
// process (Done, Err: a RefusedError; `arbiter serve` exits 4), every other
// close or drop reconnects with a jittered backoff and resumes the
// session when it can (4007 and 4009 identify anew). A heartbeat still
// unacknowledged when the next one is due closes the connection with 4000
// and resumes; op 7 resumes; op 9 waits 1–5 s, then resumes (d=true) or
// identifies. Each of these is logged with the shard id and counted
// (Stats). First responses go through their own HTTP client, outside
// discordgo's rate limiter, retried on a 429 or 5xx while the 3 s window
// allows; follow-ups are retried and, when they still fail, the user is
// told. Close answers every interaction already read, ends the session
// with 1000, and gives deferred answers ShutdownGrace.
package bot
