package lobby

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unossh/unossh/engine"
)

// This file is the bot that stands in for a person: one who left a game,
// lost their connection, or was idle. A game such a bot wins is the bot's,
// not the absent player's: the result says "a bot won in ana's seat".
//
// The idle rule, shown in the table's help: when a player's turn times out
// three times in a row a bot plays for them until they press a key; when
// the bot has then made idleMoves more of their moves without a key from
// them, they are stood up: sent to the lobby, their seat kept for the grace
// period (they may come back to it), then the bot's for good.

// idleMoves is how many moves a bot makes for an idle player before they
// are stood up, unless Config.IdleMoves says otherwise.
const idleMoves = 3

// standIn reports whether a bot plays the seat in a person's place.
func (s *seat) standIn() bool {
	return (s.bot && s.standFor != "") || (s.human() && s.auto)
}

// noteStandIns tells a restored table's players which seats a bot plays
// again from the start, for players who were away before the restart.
func (t *table) noteStandIns() {
	for _, s := range t.seats {
		if s.human() && s.auto {
			t.note(fmt.Sprintf("a bot plays %s's cards until they come back", s.nick))
		}
	}
}

// standIns are the seats a bot plays in a person's place.
func (t *table) standIns() []int {
	var out []int
	for i, s := range t.seats {
		if s.standIn() {
			out = append(out, i)
		}
	}
	return out
}

// idleMove counts a move a bot made for seat i's player while they were
// idle, and stands them up after idleMoves of them.
func (t *table) idleMove(i int) {
	s := t.seats[i]
	if !s.human() || !s.auto || s.client == nil || t.status != Playing {
		return
	}
	s.timeouts++ // past the three that timed out, each a move the bot made for them
	if t.cfg.IdleMoves < 0 || s.timeouts < 3+t.cfg.IdleMoves {
		return
	}
	c := s.client
	t.away(i, true)
	t.note(fmt.Sprintf("%s was idle and is stood up; a bot plays their cards", s.nick))
	t.hold(i, c)
	c.unseat(t.q, "you were idle, so "+awayNotice, true)
}

// standInWin is how the log tells a game won by a stand-in bot ("" when a
// person or a table's own bot won it).
func (t *table) standInWin(e engine.Event) string {
	if e.Kind != engine.EvGameOver {
		return ""
	}
	ins := t.standIns()
	winners := []int{e.Seat}
	if e.Target >= 0 {
		winners = append(winners, e.Target)
	}
	var names []string
	byBot := false
	for _, w := range winners {
		if w < 0 || w >= len(t.seats) {
			return ""
		}
		if slices.Contains(ins, w) {
			byBot = true
			names = append(names, "a bot in "+t.seats[w].nick+"'s seat")
		} else {
			names = append(names, t.seats[w].nick)
		}
	}
	if !byBot {
		return ""
	}
	if len(names) == 1 {
		return "GAME OVER: " + names[0] + " won! (the bot's win, not " + t.seats[e.Seat].nick + "'s)"
	}
	return "GAME OVER: " + strings.Join(names, " and ") + " win!"
}
