package bot

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// GatewayStats counts what happened to the gateway since Open, for
// metrics: every field only grows.
type GatewayStats struct {
	// Connections opened (dial, HELLO) and sessions started with IDENTIFY
	// or continued with RESUME (READY / RESUMED received).
	Connections, Identified, Resumed int64
	// Disconnects counts every connection that ended other than by Close;
	// the fields below say why some did.
	Disconnects int64
	// ReconnectRequests are op 7; InvalidSessions op 9; Zombies the
	// connections closed because a heartbeat went unacknowledged.
	ReconnectRequests, InvalidSessions, Zombies int64
	// CloseCodes counts the close codes Discord sent, by code.
	CloseCodes map[int]int64
	// Interactions read from the gateway.
	Interactions int64
	// CallbackRetries/Failures are first responses retried and given up;
	// FollowUpRetries/Failures the same for deferred answers.
	CallbackRetries, CallbackFailures int64
	FollowUpRetries, FollowUpFailures int64
}

type gatewayStats struct {
	connections, identified, resumed, disconnects atomic.Int64
	reconnectRequests, invalidSessions, zombies   atomic.Int64
	interactions                                  atomic.Int64
	callbackRetries, callbackFailures             atomic.Int64
	followUpRetries, followUpFailures             atomic.Int64

	mu         sync.Mutex
	closeCodes map[int]int64
}

func (s *gatewayStats) closeCode(code int) {
	s.mu.Lock()
	if s.closeCodes == nil {
		s.closeCodes = map[int]int64{}
	}
	s.closeCodes[code]++
	s.mu.Unlock()
}

func (s *gatewayStats) snapshot() GatewayStats {
	out := GatewayStats{
		Connections: s.connections.Load(), Identified: s.identified.Load(), Resumed: s.resumed.Load(),
		Disconnects: s.disconnects.Load(), ReconnectRequests: s.reconnectRequests.Load(),
		InvalidSessions: s.invalidSessions.Load(), Zombies: s.zombies.Load(),
		Interactions:    s.interactions.Load(),
		CallbackRetries: s.callbackRetries.Load(), CallbackFailures: s.callbackFailures.Load(),
		FollowUpRetries: s.followUpRetries.Load(), FollowUpFailures: s.followUpFailures.Load(),
		CloseCodes: map[int]int64{},
	}
	s.mu.Lock()
	for k, v := range s.closeCodes {
		out.CloseCodes[k] = v
	}
	s.mu.Unlock()
	return out
}

// Stats returns the gateway's counters so far.
func (g *Gateway) Stats() GatewayStats { return g.stats.snapshot() }

// discordgo logs through one package variable: the first Gateway installs
// a function that forwards to the most recent Gateway's logger.
var (
	discordgoLog     atomic.Pointer[slog.Logger]
	discordgoLogOnce sync.Once
)

// routeDiscordgoLogs sends discordgo's own log lines (REST retries, rate
// limit trouble) to log instead of the standard logger, at the matching
// level, tagged component=discordgo.
func routeDiscordgoLogs(log *slog.Logger) {
	discordgoLog.Store(log.With("component", "discordgo"))
	discordgoLogOnce.Do(func() {
		discordgo.Logger = func(level, _ int, format string, a ...any) {
			l := discordgoLog.Load()
			lv := slog.LevelDebug
			switch level {
			case discordgo.LogError:
				lv = slog.LevelError
			case discordgo.LogWarning:
				lv = slog.LevelWarn
			}
			if !l.Enabled(context.Background(), lv) {
				return
			}
			l.Log(context.Background(), lv, fmt.Sprintf(format, a...))
		}
	})
}
