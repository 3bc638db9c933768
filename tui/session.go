package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// Session is everything the TUI asks of a player's connection to the
// lobby, in one place: *lobby.Client implements it, and tests use a fake.
// The records it hands out (profiles, boards, link codes) are the lobby's
// types, so the TUI reads nothing from the store or the bots directly.
type Session interface {
	// Screen is the latest screen the lobby posted to the session.
	Screen() lobby.Screen
	// Updates signals that a newer Screen has been posted.
	Updates() <-chan struct{}
	// Key is the player's identity (an SSH key fingerprint, or a guest id).
	Key() string
	SetNick(nick string) error

	// Send queues an intent on the player's table and returns at once; the
	// table's answer, if any, arrives as a newer Screen. lobby.ErrBusy says
	// the table's queue is full.
	Send(in lobby.Intent) error
	// Leave takes the player from their table to the lobby, and returns
	// once it has.
	Leave() error

	// QuickPlayWith seats the player at a waiting public table of the
	// choice's edition and mode, or opens one.
	QuickPlayWith(q lobby.QuickChoice)
	// SetQuickChoice remembers Quick play's choice (in the key's account).
	SetQuickChoice(q lobby.QuickChoice)
	Create(opts lobby.TableOptions) error
	Join(code string) error
	Watch(tableID string) error
	// Back puts the player back in the seat a table keeps for them.
	Back() error
	// Sit seats the player at a public table (a free seat or a bot's), or
	// lets them watch it when there is neither.
	Sit(tableID string) error
	// WatchCode watches the private table with that code.
	WatchCode(code string) error

	// Who lists the players online; the others invite and answer
	// invitations (who.go).
	Who() ([]lobby.OnlinePlayer, error)
	Invite(nick string) error
	SetInvitations(on bool)
	AcceptInvitation() error
	DeclineInvitation()

	// OpenTournament opens a tournament; SignUp signs up for one.
	OpenTournament(opts lobby.TournamentOptions) error
	SignUp(tournamentID string) error

	// Profile is the player's own profile (name "") or another's; a
	// server that keeps no records answers lobby.ErrNoRecords.
	Profile(name string) (lobby.Profile, error)
	// Leaderboard is an edition's board (lobby.AllEditions: all of them),
	// of all time or of this week.
	Leaderboard(edition string, week bool) ([]lobby.LeaderEntry, error)
	// Rename changes the player's nickname (once a day).
	Rename(nick string) error
	// LinkCode makes a one-time code that adds another key to the account.
	LinkCode() (lobby.LinkCode, error)
	// RedeemLink adds this key to the account a code was made for.
	RedeemLink(code string) error
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

// callKind says which screen a call's error belongs to (callPlain: the
// status line).
type callKind uint8

const (
	callPlain callKind = iota
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
	return func() tea.Msg { return callDoneMsg{kind: p.kind, err: p.run(s)} }
}
