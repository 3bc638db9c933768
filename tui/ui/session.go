package ui

import (
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
	// SeekLadder seats the player for a rated game on the ladder, with the
	// API bots and the people who choose it (lobby/ladder.go).
	SeekLadder() error
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
	// invitations (page/who, page/lobbypage).
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
	// SetScreenReader turns the screen-reader (linear) mode on or off, kept
	// in the account (page/profile); the Screen says it.
	SetScreenReader(on bool)
}
