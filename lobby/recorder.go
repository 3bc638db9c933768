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
	hurry   chan struct{}   // a table waits for a record: retry now
	stopped chan struct{}   // closed when the writer has ended
	quit    chan struct{}   // closed to end the writer once the queue is empty
	ctx     context.Context // ends to stop the writer at once, mid-write too
	cancel  context.CancelFunc

	recorded, failed atomic.Int64
}

// finishedGame is a game as the table hands it over, or a tournament's
// result as the tournament does: the seats' (or players') keys are resolved
// to accounts by the writer, off the table's goroutine.
type finishedGame struct {
	rec  store.GameRecord
	keys []string // each seat's key ("" for a bot or a stand-in)
	// tour, when set, is a tournament's result, written instead of rec;
	// keys are then its players'.
	tour *store.TournamentResult
	// written is closed once the record is written (or refused for good),
	// for the table whose next game must not replace the journal the
	// game could still be recorded from (journal.go).
	written chan struct{}
}

// json is the record as JSON, logged whole when it cannot be written.
func (g *finishedGame) json() string {
	var raw []byte
	if g.tour != nil {
		raw, _ = json.Marshal(g.tour)
	} else {
		raw, _ = json.Marshal(g.rec)
	}
	return string(raw)
}

// tourID is the tournament of a tournament's result, "" for a game.
func (g *finishedGame) tourID() string {
	if g.tour == nil {
		return ""
	}
	return g.tour.TournamentID
}

// HistoryStats count the finished games handed to the store (and the
// finished tournaments' results, each one more).
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
		hurry: make(chan struct{}, 1), stopped: make(chan struct{}), quit: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.run()
	return r
}

// add queues a finished game; it never blocks. The channel returned is
// closed once the game is written.
func (r *recorder) add(g finishedGame) <-chan struct{} {
	g.written = make(chan struct{})
	r.mu.Lock()
	r.queue = append(r.queue, g)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
	return g.written
}

// hurryUp cuts short the pause before a failed write is tried again: a
// table is waiting for it.
func (r *recorder) hurryUp() {
	select {
	case r.hurry <- struct{}{}:
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
				r.hub.logError("a finished game was refused by the store", "err", err, "game", g.json())
			}
			close(g.written)
			r.mu.Lock()
			r.queue = r.queue[1:]
			r.mu.Unlock()
			backoff = 0
			continue
		}
		r.failed.Add(1)
		backoff = min(max(2*backoff, retryFirst), retryMax)
		r.hub.warn("writing a finished game failed; it will be tried again", "table", g.rec.TableID+g.tourID(),
			"err", err, "retry_in", backoff)
		t := r.clock.NewTimer(backoff)
		select {
		case <-t.C():
		case <-r.hurry:
			t.Stop()
		case <-r.ctx.Done():
			t.Stop()
			r.abandon()
			return
		}
	}
}

// write stores one game, or one tournament's result.
func (r *recorder) write(g *finishedGame) error {
	ctx, cancel := context.WithTimeout(r.ctx, 10*time.Second)
	defer cancel()
	if g.tour != nil {
		res := *g.tour
		res.Places = append([]store.TournamentPlace(nil), res.Places...)
		seen := map[int64]bool{}
		for i := range res.Places {
			p := &res.Places[i]
			if err := r.resolve(ctx, g.keys[i], &p.Kind, &p.AccountID, &p.Name, seen); err != nil {
				return err
			}
		}
		if _, err := r.st.RecordTournament(ctx, res); err != nil {
			return err
		}
		r.recorded.Add(1)
		return nil
	}
	rec := g.rec
	rec.Seats = append([]store.GameSeat(nil), rec.Seats...)
	seen := map[int64]bool{}
	for i, key := range g.keys {
		s := &rec.Seats[i]
		if err := r.resolve(ctx, key, &s.Kind, &s.AccountID, &s.Name, seen); err != nil {
			return err
		}
	}
	if _, _, err := r.st.RecordGame(ctx, rec); err != nil {
		return err
	}
	r.recorded.Add(1)
	return nil
}

// resolve finds the account of an account's seat by its key: its id and
// nickname; a key with no account (or one already at another seat of the
// game, by a second key) makes the seat a guest's.
func (r *recorder) resolve(ctx context.Context, key string, kind *store.SeatKind, id *int64, name *string,
	seen map[int64]bool) error {
	if *kind != store.SeatAccount {
		return nil
	}
	a, err := r.st.AccountByKey(ctx, key)
	switch {
	case errors.Is(err, store.ErrNotFound):
		*kind = store.SeatGuest
	case err != nil:
		return err
	case seen[a.ID]:
		*kind = store.SeatGuest // one account at two seats (two of its keys): credited once
	default:
		seen[a.ID] = true
		*id, *name = a.ID, a.Nickname
	}
	return nil
}

// abandon logs every game still queued when the server stops.
func (r *recorder) abandon() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, g := range r.queue {
		r.hub.logError("a finished game was not written before the server stopped", "game", g.json())
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
