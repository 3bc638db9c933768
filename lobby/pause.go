package lobby

import (
	"errors"
	"time"
)

// This file is a table held while its journal cannot be written (a full
// disk, a database gone: any error the store returns). A move reaches a
// screen only once it is stored, so a table whose write fails shows
// nothing more: the move it has just applied waits, unseen, and the table
// holds. It takes no move and no chat, its timers stop (no turn times out,
// no bot plays, no hand is dealt, no grace runs out) and everyone at it
// reads one line saying so. It tries the write again after a growing pause
// (journal.go); when a write succeeds, the held move is shown, the timers
// start afresh and play goes on. Killed while it holds, the server loses
// only what nobody has seen.

// errPaused refuses what a held table cannot take. It is also the line
// everyone at the table reads when it holds.
var errPaused = errors.New("the game is paused until it can be saved on the server; it goes on by itself")

// resumedLine is what everyone at the table reads when it goes on.
const resumedLine = "the game is saved again and goes on"

// held reports whether the table holds, waiting for its journal.
func (t *table) held() bool { return !t.pausedAt.IsZero() }

// pause holds the table: its journal could not be written.
func (t *table) pause() {
	if t.held() {
		return
	}
	t.pausedAt = t.clock.Now()
	t.hub.journal.held.Add(1)
	t.tellEveryone(errPaused.Error(), true)
	t.stopCountdowns()
}

// stopCountdowns takes the deadlines off the views everyone at the table
// was last sent, so that no screen counts down a turn that will not run
// out. Each gets a copy of its view with them cleared (what it was sent
// is its own, and may be read meanwhile), and nothing else of it changes.
func (t *table) stopCountdowns() {
	stop := func(s *Screen) {
		if s.Table == nil || s.Table.ID != t.id {
			return
		}
		v := *s.Table
		v.TurnEnds, v.RaceEnds, v.RaidEnds, v.NextHandAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
		s.Table = &v
	}
	for _, s := range t.seats {
		if s.client != nil {
			s.client.post(stop)
		}
	}
	for c := range t.watchers {
		c.post(stop)
	}
}

// unpause lets a held table go on: everything it has is written. Every timer
// starts afresh, as if the decision the game waits for had just come (a
// player is not timed out for the time the server could not save), and the
// grace of an away player and a waiting table's countdown lose nothing of
// the pause.
func (t *table) unpause() {
	if !t.held() {
		return
	}
	now := t.clock.Now()
	pause := now.Sub(t.pausedAt)
	t.pausedAt = time.Time{}
	t.hub.journal.held.Add(-1)
	if !t.startsAt.IsZero() {
		t.startsAt = t.startsAt.Add(pause)
	}
	for i, s := range t.seats {
		if s.away {
			s.awaySince = s.awaySince.Add(pause)
			t.hold(i, nil) // the lobby's "back to your table" shows the new time
		}
	}
	if t.reveal != nil {
		t.reveal.next = t.reveal.next.Add(pause)
	}
	if !t.movedAt.IsZero() {
		// The move-to-screens latency is the server's work, not the pause.
		t.movedAt = now
	}
	t.clearTimers()
	t.scheduled = -1
	t.reschedule()
	t.dirty, t.listDirty = true, true
	t.tellEveryone(resumedLine, false)
}

// released forgets the hold of a table that closes while it holds.
func (t *table) released() {
	if t.held() {
		t.pausedAt = time.Time{}
		t.hub.journal.held.Add(-1)
	}
}

// tellEveryone posts a notice to every player and spectator at the table.
func (t *table) tellEveryone(text string, isErr bool) {
	for _, s := range t.seats {
		if s.client != nil {
			s.client.notice(text, isErr)
		}
	}
	for c := range t.watchers {
		c.notice(text, isErr)
	}
}

// tellHeld tells a session that has just arrived at a held table (err nil)
// why it sees nothing yet: its first view comes when the table goes on.
func (t *table) tellHeld(c *Client, err error) {
	if err == nil && t.held() {
		c.notice(errPaused.Error(), true)
	}
}
