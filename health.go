package main

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// storePingTimeout bounds /readyz's look at the store: a balancer's health
// check must get an answer, and a store that slow is not taking players.
const storePingTimeout = time.Second

// pinger is a store that can say cheaply whether it is reachable (a
// database over the network). The embedded SQLite file has nothing to
// reach, and is not asked.
type pinger interface {
	Ping(ctx context.Context) error
}

// readiness answers the load balancer's and the supervisor's questions on
// the metrics address: /healthz, "is the process serving?" (200 as long as
// it answers at all), and /readyz, "should new players be sent here?": 200
// while the node serves and takes new players; 503 before it serves, from
// the moment a shutdown or a drain begins (so the balancer stops sending
// players before any is told to leave), and while the store does not
// answer.
type readiness struct {
	serving  atomic.Bool
	draining atomic.Bool
	store    pinger // nil: not asked
}

// newReadiness is the readiness of a node on st, which is asked on each
// /readyz if it can be pinged.
func newReadiness(st any) *readiness {
	r := &readiness{}
	if p, ok := st.(pinger); ok {
		r.store = p
	}
	return r
}

// serve marks the node as taking players.
func (r *readiness) serve() { r.serving.Store(true) }

// drain marks the node as taking no new players, for good.
func (r *readiness) drain() { r.draining.Store(true) }

// ready is "" when the node takes new players, or why not.
func (r *readiness) ready(ctx context.Context) string {
	switch {
	case r.draining.Load():
		return "draining: shutting down"
	case !r.serving.Load():
		return "starting"
	case r.store != nil:
		ctx, cancel := context.WithTimeout(ctx, storePingTimeout)
		defer cancel()
		if err := r.store.Ping(ctx); err != nil {
			return "the store cannot be reached: " + err.Error()
		}
	}
	return ""
}

// routes adds /healthz and /readyz to the metrics endpoint.
func (r *readiness) routes() metricsExtra {
	return func(_ *prometheus.Registry, mux *http.ServeMux) {
		mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte("ok\n"))
		})
		mux.HandleFunc("/readyz", func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			if why := r.ready(req.Context()); why != "" {
				w.WriteHeader(http.StatusServiceUnavailable)
				_, _ = w.Write([]byte(why + "\n"))
				return
			}
			_, _ = w.Write([]byte("ready\n"))
		})
	}
}
