package main

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
)

// gameCollector reports what the lobby and the door count: tables by
// state, moves, the hard bots' thinking, refusals by cause and the
// move-to-screens latency. It reads
// their running totals at each scrape, so the game's hot paths only bump
// counters.
type gameCollector struct {
	srv *ssh.Server
	hub *lobby.Hub
}

var (
	tablesDesc = prometheus.NewDesc("unossh_tables", "Live tables by state.", []string{"state"}, nil)
	movesDesc  = prometheus.NewDesc("unossh_moves_total",
		"Moves applied at every table since the start (rate() gives moves per second).", nil, nil)
	refusalsDesc = prometheus.NewDesc("unossh_refusals_total",
		"Connections and sessions the door refused, by cause.", []string{"cause"}, nil)
	latencyDesc = prometheus.NewDesc("unossh_move_to_screen_seconds",
		"From a table applying a move to a session's painter having written the frame that shows it.", nil, nil)
	remoteLatencyDesc = prometheus.NewDesc("unossh_remote_move_to_screens_seconds",
		"From another node's table applying a move to this node posting the view that shows it to its session (cluster mode; the owner's clock to this node's).", nil, nil)
	botSearchesDesc = prometheus.NewDesc("unossh_bot_searches_total",
		"Hard bots' decisions made by a search (-bot-cpu bounds how many run at once).", nil, nil)
	botDegradedDesc = prometheus.NewDesc("unossh_bot_degraded_total",
		"Hard bots' decisions made as a normal bot would, every thinking slot (-bot-cpu) being taken.", nil, nil)
	botThinkingDesc = prometheus.NewDesc("unossh_bot_thinking",
		"Hard bots' searches running now (at most unossh_bot_thinkers).", nil, nil)
	botThinkersDesc = prometheus.NewDesc("unossh_bot_thinkers",
		"Hard bots' searches that may run at once (-bot-cpu).", nil, nil)
)

func (c gameCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- tablesDesc
	ch <- movesDesc
	ch <- refusalsDesc
	ch <- latencyDesc
	ch <- remoteLatencyDesc
	ch <- botSearchesDesc
	ch <- botDegradedDesc
	ch <- botThinkingDesc
	ch <- botThinkersDesc
}

func (c gameCollector) Collect(ch chan<- prometheus.Metric) {
	ls := c.hub.Stats()
	for status, n := range ls.Tables {
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(n), status.String())
	}
	ch <- prometheus.MustNewConstMetric(movesDesc, prometheus.CounterValue, float64(ls.Moves))
	ch <- prometheus.MustNewConstMetric(botSearchesDesc, prometheus.CounterValue, float64(ls.BotSearches))
	ch <- prometheus.MustNewConstMetric(botDegradedDesc, prometheus.CounterValue, float64(ls.BotDegraded))
	ch <- prometheus.MustNewConstMetric(botThinkingDesc, prometheus.GaugeValue, float64(ls.BotThinking))
	ch <- prometheus.MustNewConstMetric(botThinkersDesc, prometheus.GaugeValue, float64(ls.BotThinkers))
	ss := c.srv.Stats()
	for cause, n := range ss.Refusals {
		ch <- prometheus.MustNewConstMetric(refusalsDesc, prometheus.CounterValue, float64(n), cause)
	}
	lat := ss.MoveToScreen
	ch <- histogram(latencyDesc, lat.Bounds, lat.Counts, lat.Count, lat.Sum)
	rl := ls.RemoteMoveToScreens
	ch <- histogram(remoteLatencyDesc, rl.Bounds, rl.Counts, rl.Count, rl.Sum)
}

// histogram is a histogram the server counts itself (cumulative counts by
// upper bound, in seconds), as Prometheus takes it.
func histogram(d *prometheus.Desc, bounds []float64, counts []uint64, count uint64, sum float64) prometheus.Metric {
	buckets := make(map[float64]uint64, len(bounds))
	for i, b := range bounds {
		buckets[b] = counts[i]
	}
	return prometheus.MustNewConstHistogram(d, count, sum, buckets)
}
