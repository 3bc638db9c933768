package lobby

import "errors"

// This file is the one call per key at a table: Send queues the player's
// intent on the table's queue and returns; the table's answer, if it has one
// to give, reaches the player as their Screen (a notice), as every other
// change does. Nothing waits, so a key press costs no goroutine and the
// table's queue alone keeps the order. Leave is the exception that waits:
// whatever the player does next must find them in the lobby.

// Send queues an intent on the player's table without waiting for the
// table to handle it. It answers at once: ErrBusy when the table's queue
// is full (a storm of key presses is cut short, never queued without end),
// ErrNotAtTable when the player is at no table, ErrShuttingDown once the
// server stops (the screen then says so), ErrNoSuchTable when the table
// has closed (the player is back in the lobby). The intents of one session
// reach the table in the order they were sent, on this node or another.
func (c *Client) Send(in Intent) error {
	q := c.table()
	if q == nil {
		if c.hub.stoppingNow() {
			return c.fail(ErrShuttingDown)
		}
		return ErrNotAtTable
	}
	select {
	case q.cmds <- intentCmd{c: c, in: in}:
		return nil
	case <-q.done:
		return c.tableGone(q)
	case <-c.hub.ctx.Done():
		return c.fail(ErrShuttingDown)
	default:
		return ErrBusy
	}
}

// Leave takes the player from their table to the lobby, and returns once
// the table has done so (or has gone): what the player does next finds
// them in the lobby. Leaving when at no table only makes sure the screen
// shows the lobby.
func (c *Client) Leave() error {
	q := c.table()
	if q == nil {
		if c.hub.stoppingNow() {
			return c.fail(ErrShuttingDown)
		}
		c.post(func(s *Screen) { s.Table = nil })
		return nil
	}
	reply := make(chan error, 1)
	err, qerr := c.call(q, intentCmd{c: c, in: Intent{Kind: Leave}, reply: reply}, reply)
	if qerr != nil {
		if errors.Is(qerr, ErrShuttingDown) {
			return c.fail(qerr)
		}
		c.unseat(q, "", false) // the table has closed
		return nil
	}
	return err
}

// tableGone is the answer to a command for table q, which has ended: the
// server is stopping, or the table closed and the player is in the lobby.
func (c *Client) tableGone(q *tableQueue) error {
	if c.hub.stoppingNow() {
		return c.fail(ErrShuttingDown)
	}
	c.unseat(q, "", false)
	return ErrNoSuchTable
}
