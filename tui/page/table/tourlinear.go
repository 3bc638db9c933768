package table

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/speech"
	"github.com/unossh/unossh/tui/ui"
)

// tourRoomSaid is a tournament's room as sentences (the linear mode): the
// sign-up list before it begins, one sentence a place; then the round,
// each player's points and place, and who plays whom at each table,
// which a number key watches. Its keys are the room's own.
func (tp *Page) tourRoomSaid() []string {
	t := tp.scr.Table
	tv := t.Tournament
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	out := []string{speech.Plain(fmt.Sprintf("Tournament %s, %s, %s: eight players at two tables, each partners every other for four hands.",
		t.Name, vis, t.Settings.Edition.Title()))}
	if !tv.Started {
		if t.Code != "" {
			out = append(out, "The code to share with friends: "+spelled(lobby.FormatCode(ui.Clean(t.Code)))+".")
		}
		for i := range t.Seats {
			out = append(out, strings.Replace(tp.seatSaid(t, i), "Seat", "Place", 1))
		}
		if (t.Host || tp.room.chosen) && tp.room.cursor < len(t.Seats) {
			out = append(out, fmt.Sprintf("Selected: place %d.", tp.room.cursor+1))
		}
		switch {
		case t.You < 0:
			out = append(out, "Press j to sign up.")
		case !t.Host:
			out = append(out, "It begins when all eight have signed up, or when the host starts it.")
		default:
			out = append(out, "You are the host: s starts it, and bots take the free places.")
		}
		if tp.tbl.chat.open {
			out = append(out, "Chat: type your line, enter sends it, escape closes.")
		}
		return out
	}
	if tv.Over {
		out = append(out, speech.Plain("Final standings. "+tourWinners(tv)))
	} else {
		out = append(out, fmt.Sprintf("Round %d of %d, %d of %d hands played.", tv.Round+1, engine.TournamentRounds,
			tv.HandsPlayed(), engine.TournamentHands))
	}
	for i, p := range ranking(tv) {
		out = append(out, fmt.Sprintf("Place %d: %s, %d points.", i+1, speech.Plain(tv.Players[p]), tv.Standings.Scores[p]))
	}
	if !tv.Over {
		for k := range engine.TournamentTables {
			pairs := tv.Schedule[tv.Round].Tables[k]
			pair := func(i int) string {
				return speech.Plain(tv.Players[pairs[i][0]]) + " and " + speech.Plain(tv.Players[pairs[i][1]])
			}
			state := ""
			if tv.RoundDone[k] {
				state = ", round played"
			}
			out = append(out, fmt.Sprintf("Table %d: %s against %s%s. Press %d to watch it.", k+1, pair(0), pair(1), state, k+1))
		}
	}
	if tp.tbl.chat.open {
		out = append(out, "Chat: type your line, enter sends it, escape closes.")
	}
	return out
}
