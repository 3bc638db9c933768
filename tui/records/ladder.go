package records

import (
	"strings"

	"github.com/unossh/unossh/lobby"
)

// The bot ladder as a leaderboard: the API bots' ladder ratings, with the
// built-in levels as the fixed marks they are measured against.

// ladderName is the ladder's name among the boards.
const ladderName = "the bot ladder"

// LadderNote is what the ladder's numbers mean.
const LadderNote = "API bots' and opted-in people's rated games; built-in levels are fixed marks"

// LadderText is the bot ladder as plain text, for `ssh HOST top bots`.
func LadderText(list []lobby.LeaderEntry) string {
	out := []string{"leaderboard · " + ladderName, ""}
	if len(list) == 0 {
		out = append(out, "No bot is on the ladder yet.")
	} else {
		out = append(out, BoardRows(list, false, TextWidth)...)
	}
	out = append(out, "", LadderNote,
		"rating: a cautious estimate of skill (OpenSkill with no drift: programs do not learn)")
	return strings.Join(out, "\n") + "\n"
}
