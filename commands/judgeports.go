package commands

import (
	"context"
	"time"
)

// JudgeDesk is the Discord side of judge calls: posting a call into the
// judge channel (in a thread of its own when the channel allows one),
// posting into a thread or another channel, editing a message Arbiter
// posted, and the one ping Arbiter ever sends. Every message but PingRole's
// mentions nobody. The bot adapter implements it; where there is no
// Discord (the console) it is nil and /judge call says so.
type JudgeDesk interface {
	// Open posts msg in channel and starts a thread named name from it.
	// When the thread cannot be made (threads not allowed, no permission)
	// the message alone stands: Thread is then empty and err nil.
	Open(ctx context.Context, channel, name string, msg Reply) (Posted, error)
	// Post sends msg into a channel or thread.
	Post(ctx context.Context, channel string, msg Reply) (messageID string, err error)
	// Edit replaces a message Arbiter posted.
	Edit(ctx context.Context, channel, message string, msg Reply) error
	// PingRole posts text into channel pinging role, and nobody else.
	PingRole(ctx context.Context, channel, role, text string) error
}

// Posted says where a judge call went: the message in the judge channel
// and the thread started from it ("" when none could be made).
type Posted struct {
	Channel, Message, Thread string
}

// JudgeConfig is the server's judge-call settings ([judge] in the
// configuration).
type JudgeConfig struct {
	// Channel is the judge channel calls are posted in; empty turns
	// /judge call off.
	Channel string
	// Roles are the judge roles: their members claim, resolve and hand
	// off calls. The escalation pings the first.
	Roles []string
	// EscalateAfter is how long a call waits unclaimed before the judge
	// role is pinged; CallTTL how long a call is kept. Zero values take
	// config.Default's.
	EscalateAfter, CallTTL time.Duration
	// REL is "", "regular", "competitive" or "professional": it is shown
	// on calls and decides whether JAR or IPG answers a tournament
	// question first.
	REL string
}
