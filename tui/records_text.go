package tui

import (
	"time"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
)

// The records as plain text (package records), for the ssh commands that
// print them without a terminal.

// TextWidth is the width of the records printed without a terminal.
const TextWidth = records.TextWidth

// ErrUnknownEdition is a leaderboard asked for an edition there is not.
var ErrUnknownEdition = records.ErrUnknownEdition

// ParseBoardEdition reads an edition as a player types it for a board.
func ParseBoardEdition(s string) (string, error) { return records.ParseBoardEdition(s) }

// ProfileText is a profile as plain text, for `ssh HOST profile NAME`.
func ProfileText(p lobby.Profile) string { return records.ProfileText(p) }

// BoardText is a leaderboard as plain text, for `ssh HOST top`.
func BoardText(edition string, week bool, list []lobby.LeaderEntry, now time.Time) string {
	return records.BoardText(edition, week, list, now)
}

// LadderText is the bot ladder as plain text, for `ssh HOST top bots`.
func LadderText(list []lobby.LeaderEntry) string { return records.LadderText(list) }
