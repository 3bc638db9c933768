package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/store"
)

// recorder writes finished games to the store on a goroutine of its own, so
// that a table hands its game over and goes on at once: no table ever
// waits on the disk. A write that fails is logged, counted and tried again
// later; the game stays in memory until it is written (or the server stops,
// when it is logged whole, so an operator can still recover it).
type recorder struct {
	st    store.Store
	hub   *Hub
	clock Clock

	mu      sync.Mutex
	queue   []finishedGame
	wake    chan struct{}
	stopped chan struct{}   // closed when the writer has ended
	quit    chan struct{}   // closed to end the writer once the queue is empty
	ctx     context.Context // ends to stop the writer at once, mid-write too
	cancel  context.CancelFunc

	recorded, failed atomic.Int64
}

// finishedGame is a game as the table hands it over: the seats' keys are
// resolved to accounts by the writer, off the table's goroutine.
type finishedGame struct {
	rec  store.GameRecord
	keys []string // each seat's key ("" for a bot or a stand-in)
}

// HistoryStats count the finished games handed to the store.
type HistoryStats struct {
	Recorded int64 // written
	Failed   int64 // writes that failed (each is tried again)
	Pending  int   // waiting to be written
}

// retryFirst and retryMax pace the retries of a write that failed.
const (
	retryFirst = time.Second
	retryMax   = time.Minute
)

func newRecorder(h *Hub) *recorder {
	r := &recorder{st: h.cfg.Store, hub: h, clock: h.cfg.Clock, wake: make(chan struct{}, 1),
		stopped: make(chan struct{}), quit: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.run()
	return r
}

// add queues a finished game; it never blocks.
func (r *recorder) add(g finishedGame) {
	r.mu.Lock()
	r.queue = append(r.queue, g)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *recorder) stats() HistoryStats {
	r.mu.Lock()
	n := len(r.queue)
	r.mu.Unlock()
	return HistoryStats{Recorded: r.recorded.Load(), Failed: r.failed.Load(), Pending: n}
}

func (r *recorder) run() {
	defer close(r.stopped)
	backoff := time.Duration(0)
	quit := r.quit
	for {
		r.mu.Lock()
		var g *finishedGame
		if len(r.queue) > 0 {
			g = &r.queue[0]
		}
		r.mu.Unlock()
		if g == nil {
			if quit == nil {
				return // stopping, and everything is written
			}
			select {
			case <-r.wake:
			case <-quit:
				quit = nil
			}
			continue
		}
		err := r.write(g)
		if r.ctx.Err() != nil {
			r.abandon()
			return
		}
		if err == nil || errors.Is(err, store.ErrBadGame) {
			if err != nil {
				// Our own bug, which no retry mends: the record is logged
				// whole so that nothing is lost.
				r.failed.Add(1)
				raw, _ := json.Marshal(g.rec)
				r.hub.logError("a finished game was refused by the store", "err", err, "game", string(raw))
			}
			r.mu.Lock()
			r.queue = r.queue[1:]
			r.mu.Unlock()
			backoff = 0
			continue
		}
		r.failed.Add(1)
		backoff = min(max(2*backoff, retryFirst), retryMax)
		r.hub.warn("writing a finished game failed; it will be tried again", "table", g.rec.TableID,
			"err", err, "retry_in", backoff)
		t := r.clock.NewTimer(backoff)
		select {
		case <-t.C():
		case <-r.ctx.Done():
			t.Stop()
			r.abandon()
			return
		}
	}
}

// write stores one game.
func (r *recorder) write(g *finishedGame) error {
	ctx, cancel := context.WithTimeout(r.ctx, 10*time.Second)
	defer cancel()
	rec := g.rec
	rec.Seats = append([]store.GameSeat(nil), rec.Seats...)
	seen := map[int64]bool{}
	for i, key := range g.keys {
		s := &rec.Seats[i]
		if s.Kind != store.SeatAccount {
			continue
		}
		a, err := r.st.AccountByKey(ctx, key)
		switch {
		case errors.Is(err, store.ErrNotFound):
			s.Kind = store.SeatGuest
		case err != nil:
			return err
		case seen[a.ID]:
			s.Kind = store.SeatGuest // one account at two seats (two of its keys): credited once
		default:
			seen[a.ID] = true
			s.AccountID, s.Name = a.ID, a.Nickname
		}
	}
	if _, _, err := r.st.RecordGame(ctx, rec); err != nil {
		return err
	}
	r.recorded.Add(1)
	return nil
}

// abandon logs every game still queued when the server stops.
func (r *recorder) abandon() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, g := range r.queue {
		raw, _ := json.Marshal(g.rec)
		r.hub.logError("a finished game was not written before the server stopped", "game", string(raw))
	}
	r.queue = nil
}

// drain lets the writer write what is queued and end, within ctx; what is
// left then is logged. Called once, by Hub.Shutdown, after the tables have
// stopped.
func (r *recorder) drain(ctx context.Context) {
	close(r.quit)
	select {
	case <-r.stopped:
	case <-ctx.Done():
		r.cancel()
		<-r.stopped
	}
	r.cancel()
}

// HistoryStats counts the finished games written, failed and waiting.
func (h *Hub) HistoryStats() HistoryStats {
	if h.rec == nil {
		return HistoryStats{}
	}
	return h.rec.stats()
}

// logError logs an error line for the operator, if there is a logger.
func (h *Hub) logError(msg string, kv ...any) {
	if h.cfg.Logger != nil {
		h.cfg.Logger.Error(msg, kv...)
	}
}
