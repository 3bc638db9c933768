package table

import (
	tea "github.com/charmbracelet/bubbletea"
)

// reportSeat is r on a row of the waiting room: the chat line opens with
// "/report NAME " for the player in seat i, for a reason to be added (or
// none) and enter to send it to the operators (lobby's chat commands).
func (tp *Page) reportSeat(i int) tea.Cmd {
	t := tp.scr.Table
	if i < 0 || i >= len(t.Seats) {
		return nil
	}
	s := t.Seats[i]
	switch {
	case s.Empty() || s.Bot:
		tp.c.Say("choose a player with ↑/↓, then r to report them", true)
	case i == t.You:
		tp.c.Say("that is you", true)
	default:
		tp.tbl.chat.input.Set("/report " + s.Nick + " ")
		tp.tbl.chat.open = true
	}
	return nil
}
