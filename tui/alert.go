package tui

import "github.com/unossh/unossh/engine"

// A player who looks at another window learns that their turn has come
// from the terminal: a bell (on by default, b toggles it at the table) and
// the window title. The session's painter asks for both after each update
// (Title, TakeBell), so the model never writes to the terminal itself.

const (
	titleIdle = "UNO over SSH"
	titleTurn = "▶ your turn · UNO over SSH"
)

// noteTurn rings the bell when the player's turn has just come.
func (tp *tablePage) noteTurn() {
	v := tp.game()
	mine := yourMove(v)
	var at turnMark
	if mine {
		// Without draws: drawing a card within the turn is no new turn.
		at = markTurn(v, false)
	}
	if mine && (!tp.myTurn || at != tp.turnAt) && !tp.bellOff {
		tp.ring = true
	}
	tp.myTurn, tp.turnAt = mine, at
}

// yourMove says whether the game waits for the seat that sees v.
func yourMove(v *engine.View) bool {
	return v != nil && v.Seat >= 0 && v.Current == v.Seat && v.Phase != engine.PhaseGameOver && len(v.Legal) > 0
}

// toggleBell turns the turn bell on or off.
func (tp *tablePage) toggleBell() {
	tp.bellOff = !tp.bellOff
	if tp.bellOff {
		tp.ctx().Say("the bell is off: b turns it on again", false)
	} else {
		tp.ctx().Say("the bell rings when your turn comes: b turns it off", false)
	}
}

// Title is the terminal window's title.
func (m *model) Title() string {
	if m.table.myTurn && m.where() == atTable {
		return titleTurn
	}
	return titleIdle
}

// TakeBell says whether the bell should ring now, once.
func (m *model) TakeBell() bool {
	r := m.table.ring
	m.table.ring = false
	return r
}
