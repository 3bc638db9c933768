package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// Session is what the TUI needs of a player's connection to the lobby.
// *lobby.Client implements it; tests use a fake.
type Session interface {
	// Screen is the latest screen the lobby posted to the session.
	Screen() lobby.Screen
	// Updates signals that a newer Screen has been posted.
	Updates() <-chan struct{}
	// Key is the player's identity (an SSH key fingerprint, or a guest id).
	Key() string
	SetNick(nick string) error
	// QuickPlayWith seats the player at a waiting public table of the
	// choice's edition and mode, or opens one.
	QuickPlayWith(q lobby.QuickChoice)
	// SetQuickChoice remembers Quick play's choice (in the key's account).
	SetQuickChoice(q lobby.QuickChoice)
	Create(opts lobby.TableOptions) error
	Join(code string) error
	Watch(tableID string) error
	// Do sends an intent to the player's table and returns once the table
	// has handled it; its answer, if any, is already in the Screen.
	Do(in lobby.Intent)
}

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

// callKind says which screen a call's error belongs to.
type callKind uint8

const (
	callDo callKind = iota
	callNick
	callCreate
	callJoin
	callWatch
	callQuick
)

// pendingCall is a call to the session waiting its turn.
type pendingCall struct {
	kind callKind
	run  func(Session) error
}

// callDoneMsg is the answer to a call.
type callDoneMsg struct {
	kind callKind
	err  error
}

// maxQueued bounds the calls waiting: a storm of key presses is cut short,
// never queued without end.
const maxQueued = 32

// calls runs the session's calls one at a time, in the order the player made
// them, off the Update goroutine (some wait for the hub). Ordering matters: a
// chat line typed after a move must arrive after it.
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
	return func() tea.Msg { return callDoneMsg{kind: p.kind, err: p.run(s)} }
}
