package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"sync/atomic"
	"time"

	"github.com/unossh/unossh/engine"
)

// JournalOptions tune the journal's group commit.
type JournalOptions struct {
	// MaxBatch bounds the actions written in one transaction; 512 if zero.
	MaxBatch int
	// Queue is how many actions may wait for the writer; 4096 if zero.
	// A full queue makes Append wait (its context bounds the wait).
	Queue int
	// Retries is how many times a failed batch is tried again before its
	// callers are told; 5 if zero, none if negative.
	Retries int
	// RetryWait is the wait before the first retry, doubled each time up
	// to 2s; 50ms if zero.
	RetryWait time.Duration
}

func (o JournalOptions) withDefaults() JournalOptions {
	if o.MaxBatch <= 0 {
		o.MaxBatch = 512
	}
	if o.Queue <= 0 {
		o.Queue = 4096
	}
	switch {
	case o.Retries == 0:
		o.Retries = 5
	case o.Retries < 0:
		o.Retries = 0
	}
	if o.RetryWait <= 0 {
		o.RetryWait = 50 * time.Millisecond
	}
	return o
}

// Stats are the journal's counters, for the operator's metrics.
type Stats struct {
	Appends       uint64 // actions written and acknowledged
	Batches       uint64 // transactions committed
	LargestBatch  uint64 // most actions in one transaction
	WriteFailures uint64 // attempts to commit a batch that failed
	Retries       uint64 // attempts made again after a failure
	Failed        uint64 // actions whose callers were told they were not written
	Queued        int    // actions waiting for the writer now
	// Wait is how long each written action's Append waited, from the
	// call to the commit's acknowledgement: the time a table holds a
	// move back before anyone sees it.
	Wait Histogram
}

// Histogram is a count of durations by bucket.
type Histogram struct {
	// Bounds are the buckets' upper bounds, in seconds; Counts[i] is the
	// number of observations at or under Bounds[i] (cumulative, as
	// Prometheus has them).
	Bounds []float64
	Counts []uint64
	// Count and Sum are every observation and their total, in seconds.
	Count uint64
	Sum   float64
}

// waitBounds are Stats.Wait's buckets, in seconds: those of the server's
// move-to-screens histogram, of which the wait is the first part.
var waitBounds = []float64{.001, .002, .005, .01, .02, .03, .04, .05, .075, .1, .2, .5, 1, 2, 5}

// Durations counts durations into a Histogram of waitBounds' buckets: one
// counter per bucket (and one past the last), safe to bump from many
// goroutines at once. The journal counts Stats.Wait with it, and the lobby
// the moves that reach its sessions from other nodes.
type Durations struct {
	buckets [16]atomic.Uint64
	count   atomic.Uint64
	sumUS   atomic.Uint64 // microseconds
}

// Observe counts d (a negative d as 0).
func (w *Durations) Observe(d time.Duration) {
	i, _ := slices.BinarySearch(waitBounds, d.Seconds())
	w.buckets[i].Add(1)
	w.count.Add(1)
	w.sumUS.Add(uint64(max(d, 0).Microseconds()))
}

// Snapshot is what has been counted so far.
func (w *Durations) Snapshot() Histogram {
	h := Histogram{Bounds: waitBounds, Counts: make([]uint64, len(waitBounds)),
		Count: w.count.Load(), Sum: float64(w.sumUS.Load()) / 1e6}
	var run uint64
	for i := range waitBounds {
		run += w.buckets[i].Load()
		h.Counts[i] = run
	}
	return h
}

// appendReq is one action on its way to the journal; done receives its
// outcome once.
type appendReq struct {
	table  string
	fence  int64
	seq    int
	action []byte
	done   chan error
}

// journal is the group-commit writer: one goroutine takes everything
// waiting (up to MaxBatch), writes it in one transaction, and answers each
// caller after the commit. A busy server so does one disk sync per batch,
// not per move.
type journal struct {
	db     *DB
	opts   JournalOptions
	in     chan *appendReq
	quit   chan struct{} // closed by close: write what is queued, then stop
	exited chan struct{} // closed when the writer has stopped

	// fault, when set by a test, fails a commit attempt before it starts.
	fault func() error
	// insert is the INSERT of an entry, prepared once on the write
	// connection and used by each batch's transaction as it is: preparing
	// it again for every batch was a sixth of a commit's work. Only the
	// writer's goroutine uses it; nil until the first batch, and again
	// after a batch fails (the connection may have been replaced).
	insert *sql.Stmt

	appends, batches, largest, failures, retries, failed atomic.Uint64
	waits                                                Durations
}

func newJournal(db *DB, o JournalOptions) *journal {
	o = o.withDefaults()
	j := &journal{db: db, opts: o, in: make(chan *appendReq, o.Queue),
		quit: make(chan struct{}), exited: make(chan struct{})}
	go j.run()
	return j
}

// Append writes the action as entry seq of the table's journal and returns
// once it is committed, so the table may then show its result. Sequence
// numbers start at 0 and follow each other; writing an entry again with
// the same action is harmless. A table whose fence is now larger than fence
// refuses it with ErrFenced (fence.go). A write that still fails after its
// retries returns a *JournalError; ctx ending returns its error (the action
// may then be written or not).
func (db *DB) Append(ctx context.Context, tableID string, fence int64, seq int, a engine.Action) error {
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	start := time.Now()
	err = db.journal.append(ctx, &appendReq{table: tableID, fence: fence, seq: seq, action: b, done: make(chan error, 1)})
	if err == nil {
		db.journal.waits.Observe(time.Since(start))
	}
	return err
}

// Stats are the journal's counters now.
func (db *DB) Stats() Stats {
	j := db.journal
	return Stats{Appends: j.appends.Load(), Batches: j.batches.Load(), LargestBatch: j.largest.Load(),
		WriteFailures: j.failures.Load(), Retries: j.retries.Load(), Failed: j.failed.Load(), Queued: len(j.in),
		Wait: j.waits.Snapshot()}
}

func (j *journal) append(ctx context.Context, r *appendReq) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case <-j.quit:
		return ErrClosed
	default:
	}
	select {
	case j.in <- r:
	case <-j.quit:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-r.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	case <-j.exited:
		select {
		case err := <-r.done: // answered just before the writer stopped
			return err
		default:
			return ErrClosed
		}
	}
}

// close makes the writer write what is queued and stop, and waits for it.
func (j *journal) close() {
	close(j.quit)
	<-j.exited
}

func (j *journal) run() {
	defer close(j.exited)
	defer j.dropInsert()
	batch := make([]*appendReq, 0, j.opts.MaxBatch)
	for {
		select {
		case r := <-j.in:
			batch = append(batch[:0], r)
		case <-j.quit:
			j.drain(batch[:0])
			return
		}
	fill:
		for len(batch) < j.opts.MaxBatch {
			select {
			case r := <-j.in:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		j.write(batch)
	}
}

// drain writes everything still queued when the store closes.
func (j *journal) drain(batch []*appendReq) {
	for {
		select {
		case r := <-j.in:
			batch = append(batch, r)
			if len(batch) == j.opts.MaxBatch {
				j.write(batch)
				batch = batch[:0]
			}
		default:
			if len(batch) > 0 {
				j.write(batch)
			}
			return
		}
	}
}

// write commits a batch, retrying a failure with a growing wait, and
// answers every caller.
func (j *journal) write(batch []*appendReq) {
	wait := j.opts.RetryWait
	for attempt := 0; ; attempt++ {
		errs, err := j.commit(batch)
		if err == nil {
			j.batches.Add(1)
			if n := uint64(len(batch)); n > j.largest.Load() {
				j.largest.Store(n) // only this goroutine writes it
			}
			for i, r := range batch {
				if errs[i] != nil {
					j.failed.Add(1)
				} else {
					j.appends.Add(1)
				}
				r.done <- errs[i]
			}
			return
		}
		j.failures.Add(1)
		j.dropInsert()
		j.db.log.Error("store: journal write failed", "actions", len(batch), "attempt", attempt+1, "err", err)
		if attempt >= j.opts.Retries {
			j.failed.Add(uint64(len(batch)))
			for _, r := range batch {
				r.done <- &JournalError{Table: r.table, Seq: r.seq, Err: err}
			}
			return
		}
		j.retries.Add(1)
		time.Sleep(wait) // the writer's own pause; callers wait on their contexts
		wait = min(2*wait, 2*time.Second)
	}
}

// commit writes a batch in one transaction. err fails the whole batch (to
// be retried); errs[i] is an entry refused on its own (unknown table, seq
// taken by another action), which does not stop the others.
func (j *journal) commit(batch []*appendReq) (errs []error, err error) {
	if j.fault != nil {
		if err := j.fault(); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if j.db.pool != nil {
		return j.commitPG(ctx, batch)
	}
	if j.insert == nil { // (before the transaction takes the pool's one connection)
		if j.insert, err = j.db.write.PrepareContext(ctx, insertEntry); err != nil {
			return nil, err
		}
	}
	tx, err := j.db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	stmt := tx.StmtContext(ctx, j.insert) // (on the same connection: not prepared again)
	defer stmt.Close()
	errs = make([]error, len(batch))
	for i, r := range batch {
		fence, known, err := j.db.fences.of(ctx, tx, r.table)
		if err != nil {
			return nil, err
		}
		if known && fence > r.fence {
			errs[i] = ErrFenced
			continue
		}
		res, err := stmt.ExecContext(ctx, r.table, r.seq, string(r.action))
		if isConstraint(err) {
			errs[i] = ErrUnknownTable
			continue
		}
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			if errs[i], err = sameEntry(ctx, tx, r); err != nil {
				return nil, err
			}
		}
	}
	return errs, tx.Commit()
}

// insertEntry writes one entry; an entry already there is left as it is
// (sameEntry then decides whether that is a harmless repeat). The writer's
// fence is checked before, against fenceCache (fence.go).
const insertEntry = `INSERT INTO journal(table_id, seq, action) VALUES (?, ?, ?)
	ON CONFLICT(table_id, seq) DO NOTHING`

// dropInsert closes the prepared INSERT, for the writer's end or after a
// failed batch.
func (j *journal) dropInsert() {
	if j.insert != nil {
		_ = j.insert.Close()
		j.insert = nil
	}
}

// rowQuerier is a transaction, or the database itself.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// sameEntry decides a clash on (table, seq): the same action again is a
// harmless repeat; another action is refused.
func sameEntry(ctx context.Context, tx rowQuerier, r *appendReq) (error, error) {
	var have string
	if err := tx.QueryRowContext(ctx, `SELECT action FROM journal WHERE table_id = ? AND seq = ?`,
		r.table, r.seq).Scan(&have); err != nil {
		return nil, err
	}
	if bytes.Equal([]byte(have), r.action) {
		return nil, nil
	}
	return ErrSeqTaken, nil
}
