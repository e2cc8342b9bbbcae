package metrics

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/arbiter-mtg/arbiter/bot"
)

// GatewaySource is what the gateway collector reads on each scrape;
// *bot.Gateway implements it.
type GatewaySource interface {
	Stats() bot.GatewayStats
	Shards() []bot.ShardState
}

// Gateway registers the gateway's state per shard and its counters
// (bot.GatewayStats), read at each scrape.
func (m *Metrics) Gateway(g GatewaySource) {
	m.reg.MustRegister(&gatewayCollector{g: g})
}

type gatewayCollector struct{ g GatewaySource }

var (
	shardUpDesc = prometheus.NewDesc("arbiter_gateway_shard_up",
		"1 while the shard's gateway connection is ready (identified or resumed), 0 while it reconnects.", []string{"shard"}, nil)
	closeCodesDesc = prometheus.NewDesc("arbiter_gateway_close_codes_total",
		"Gateway connections Discord closed, by close code.", []string{"code"}, nil)
)

// gatewayCounters are the GatewayStats fields, each one counter.
var gatewayCounters = []struct {
	desc *prometheus.Desc
	get  func(bot.GatewayStats) int64
}{
	{counterDesc("connections", "Gateway connections opened."), func(s bot.GatewayStats) int64 { return s.Connections }},
	{counterDesc("identified", "Gateway sessions started with IDENTIFY (READY received)."), func(s bot.GatewayStats) int64 { return s.Identified }},
	{counterDesc("resumed", "Gateway sessions continued with RESUME (RESUMED received)."), func(s bot.GatewayStats) int64 { return s.Resumed }},
	{counterDesc("disconnects", "Ready gateway connections that ended other than by shutdown."), func(s bot.GatewayStats) int64 { return s.Disconnects }},
	{counterDesc("reconnect_requests", "Reconnect requests from Discord (op 7)."), func(s bot.GatewayStats) int64 { return s.ReconnectRequests }},
	{counterDesc("invalid_sessions", "Invalid-session events from Discord (op 9)."), func(s bot.GatewayStats) int64 { return s.InvalidSessions }},
	{counterDesc("zombies", "Connections closed because a heartbeat went unacknowledged."), func(s bot.GatewayStats) int64 { return s.Zombies }},
	{counterDesc("interactions", "Interactions read from the gateway."), func(s bot.GatewayStats) int64 { return s.Interactions }},
	{counterDesc("callback_retries", "First responses to interactions retried."), func(s bot.GatewayStats) int64 { return s.CallbackRetries }},
	{counterDesc("callback_failures", "First responses to interactions given up."), func(s bot.GatewayStats) int64 { return s.CallbackFailures }},
	{counterDesc("follow_up_retries", "Deferred answers (follow-ups) retried."), func(s bot.GatewayStats) int64 { return s.FollowUpRetries }},
	{counterDesc("follow_up_failures", "Deferred answers (follow-ups) given up."), func(s bot.GatewayStats) int64 { return s.FollowUpFailures }},
}

func counterDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("arbiter_gateway_"+name+"_total", help, nil, nil)
}

func (c *gatewayCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- shardUpDesc
	ch <- closeCodesDesc
	for _, gc := range gatewayCounters {
		ch <- gc.desc
	}
}

func (c *gatewayCollector) Collect(ch chan<- prometheus.Metric) {
	for _, sh := range c.g.Shards() {
		up := 0.0
		if sh.Ready {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(shardUpDesc, prometheus.GaugeValue, up, strconv.Itoa(sh.ID))
	}
	st := c.g.Stats()
	for _, gc := range gatewayCounters {
		ch <- prometheus.MustNewConstMetric(gc.desc, prometheus.CounterValue, float64(gc.get(st)))
	}
	for code, n := range st.CloseCodes {
		ch <- prometheus.MustNewConstMetric(closeCodesDesc, prometheus.CounterValue, float64(n), strconv.Itoa(code))
	}
}
