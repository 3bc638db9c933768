package lobby

import "time"

// This file is a public table's countdown while its host edits the rules:
// it waits, and starts again from the beginning when the host is done (or
// leaves), so the game never starts under a host half-way through a change.

// onEditing is the host opening (on) or closing the rules form.
func (t *table) onEditing(on bool) error {
	if t.opts.Ladder {
		return errLadderAlike
	}
	if t.status != Waiting {
		return errNotWaiting
	}
	if !on {
		t.editDone()
		return nil
	}
	t.editing = true
	if t.opts.Public && !t.startsAt.IsZero() {
		t.startsAt = time.Time{}
		t.note("the host is changing the rules; the countdown waits")
		t.listDirty = true
	}
	return nil
}

// editDone ends the host's editing: a public table's countdown starts again.
func (t *table) editDone() {
	if !t.editing {
		return
	}
	t.editing = false
	if t.opts.Public && t.status == Waiting && t.humans() > 0 {
		t.startsAt = t.clock.Now().Add(t.cfg.StartCountdown)
		t.dirty, t.listDirty = true, true
	}
}
