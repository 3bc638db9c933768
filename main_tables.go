package main

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// This file is main's side of live tables that outlive the process: the
// lobby's pace and grace period as settings, and what the operator sees of
// the journal (metrics, and the tables as they stand).

// lobbyFlags are the lobby's timings an operator may change. Zero leaves
// the lobby's own default.
func lobbyFlags(f *envFlags, c *lobby.Config) {
	f.duration(&c.Grace, "grace", "UNOSSH_GRACE", 0,
		"how long the seat of a player who lost their connection (or was playing when the server restarted) is kept (0: 2m)")
	f.duration(&c.TurnTime, "turn-time", "UNOSSH_TURN_TIME", 0,
		"the standard turn timer, 10s to 2m at public tables (0: 30s)")
	f.duration(&c.BotDelay, "bot-delay", "UNOSSH_BOT_DELAY", 0, "a bot's pause before it moves (0: 900ms)")
	f.duration(&c.NextHand, "next-hand", "UNOSSH_NEXT_HAND", 0, "the pause between two hands (0: 8s)")
	f.duration(&c.StartCountdown, "start-countdown", "UNOSSH_START_COUNTDOWN", 0,
		"how long a public table with a player waits before bots fill it (0: 20s)")
}

// metricsExtra adds metrics (and pages) to the metrics endpoint.
type metricsExtra func(reg *prometheus.Registry, mux *http.ServeMux)

// journalMetrics are the journal's counters, from the store (what it
// wrote, in how many transactions, what failed) and from the lobby (what
// the tables still hold unwritten), and /debug/tables: each live table as
// it stands, with a hash of its game, never its cards. The endpoint is the
// operator's alone (-metrics, on an address of its own).
func journalMetrics(st store.Store, hub *lobby.Hub) metricsExtra {
	return func(reg *prometheus.Registry, mux *http.ServeMux) {
		counter := func(name, help string, v func() uint64) prometheus.Collector {
			return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help},
				func() float64 { return float64(v()) })
		}
		gauge := func(name, help string, v func() float64) prometheus.Collector {
			return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, v)
		}
		reg.MustRegister(
			counter("unossh_journal_appends_total", "Table actions written to the journal.",
				func() uint64 { return st.Stats().Appends }),
			counter("unossh_journal_batches_total", "Journal transactions committed (group commit).",
				func() uint64 { return st.Stats().Batches }),
			counter("unossh_journal_write_failures_total", "Journal transactions that failed (each is retried).",
				func() uint64 { return st.Stats().WriteFailures }),
			counter("unossh_journal_failed_total", "Actions the store gave up on after its retries (the table tries again).",
				func() uint64 { return st.Stats().Failed }),
			counter("unossh_journal_table_write_errors_total", "Writes of a table that failed; the table held, showing nothing new, and tried again.",
				func() uint64 { return hub.JournalStats().WriteErrors }),
			gauge("unossh_journal_tables_held", "Tables holding their game until their journal can be written (disk full, database gone).",
				func() float64 { return float64(hub.JournalStats().Held) }),
			gauge("unossh_journal_unwritten", "Actions applied at tables and not written yet.",
				func() float64 { return float64(hub.JournalStats().Unwritten) }),
			gauge("unossh_journal_queued", "Actions waiting for the journal's writer.",
				func() float64 { return float64(st.Stats().Queued) }),
			journalWaits{st},
		)
		mux.HandleFunc("/debug/tables", func(w http.ResponseWriter, r *http.Request) {
			tables, err := hub.Snapshot(r.Context())
			if err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(tables)
		})
	}
}

// journalWaits is the histogram of how long a table waited for the
// journal to commit an action, before showing its result: the first part of
// unossh_move_to_screen_seconds.
type journalWaits struct{ st store.Store }

var journalWaitDesc = prometheus.NewDesc("unossh_journal_wait_seconds",
	"From a table handing an action to the journal to the commit's acknowledgement (the table shows the move after it).", nil, nil)

func (j journalWaits) Describe(ch chan<- *prometheus.Desc) { ch <- journalWaitDesc }

func (j journalWaits) Collect(ch chan<- prometheus.Metric) {
	h := j.st.Stats().Wait
	ch <- histogram(journalWaitDesc, h.Bounds, h.Counts, h.Count, h.Sum)
}

// restoreTimeout bounds reading and replaying the live tables at start.
const restoreTimeout = time.Minute
