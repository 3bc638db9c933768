package table

import "github.com/unossh/unossh/engine"

// The table page's side of the turn bell (the window's title and the bell itself are the router's: tui/alert.go): it
// notes when the player's turn has just come, and b turns the bell off.

// noteTurn rings the bell when the player's turn has just come.
func (tp *Page) noteTurn() {
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
func (tp *Page) toggleBell() {
	tp.bellOff = !tp.bellOff
	if tp.bellOff {
		tp.c.Say("the bell is off: b turns it on again", false)
	} else {
		tp.c.Say("the bell rings when your turn comes: b turns it off", false)
	}
}

// yourTurn says whether the game waits for this player.
func (tp *Page) yourTurn() bool { return tp.myTurn }

// takeRing says whether the bell should ring now, once.
func (tp *Page) takeRing() bool {
	r := tp.ring
	tp.ring = false
	return r
}
