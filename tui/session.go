package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Session is everything the TUI asks of a player's connection to the
// lobby (ui.Session, where the pages find it too).
type Session = ui.Session

var _ Session = (*lobby.Client)(nil)

// screenMsg carries a newer screen to the model.
type screenMsg lobby.Screen

// listen is the pump that brings the lobby's screens to the model: it waits
// for the session's signal, reads the newest screen and hands it to Update,
// which arms it again. It never calls Program.Send, so it never blocks the
// lobby: the lobby only ever overwrites the session's one-screen mailbox.
// It stops when done is closed (the SSH session ended) or when the lobby
// closes the Updates channel.
func listen(s Session, done <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		select {
		case _, ok := <-s.Updates():
			if !ok {
				return nil
			}
			return screenMsg(s.Screen())
		case <-done:
			return nil
		}
	}
}

// pendingCall is a call to the session waiting its turn.
type pendingCall struct {
	run    func(Session) error
	answer func(error) // a page's, given the answer (nil: the router's)
}

// callDoneMsg is the answer to a call.
type callDoneMsg struct {
	err    error
	answer func(error)
}

// maxQueued bounds the calls waiting: a storm of key presses is cut short,
// never queued without end.
const maxQueued = 32

// calls runs the session's calls that wait for an answer (a nickname, a
// table to create, join, watch or leave, the lobby's lists) one at a time,
// in the order the player made them, off the Update goroutine: some wait
// for the hub. Moves are not calls: Send queues them on the table's own
// queue, which keeps their order (model.send).
type calls struct {
	queue []pendingCall
	busy  bool
}

// add queues a call and returns the command that runs it, if nothing else
// is running. It reports false when the queue is full.
func (c *calls) add(s Session, p pendingCall) (tea.Cmd, bool) {
	if len(c.queue) >= maxQueued {
		return nil, false
	}
	c.queue = append(c.queue, p)
	if c.busy {
		return nil, true
	}
	return c.next(s), true
}

// next starts the next queued call, if any.
func (c *calls) next(s Session) tea.Cmd {
	if len(c.queue) == 0 {
		c.busy = false
		return nil
	}
	p := c.queue[0]
	c.queue[0] = pendingCall{} // what the call holds goes with it
	c.queue = c.queue[1:]
	if len(c.queue) == 0 {
		c.queue = nil // and so does the array, between bursts of keys
	}
	c.busy = true
	return func() tea.Msg { return callDoneMsg{err: p.run(s), answer: p.answer} }
}
