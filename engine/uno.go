package engine

// This file is Classic 2001's UNO said before the play: "before playing your
// next to last card, you must say UNO". A player may call it as a move of its
// own on their turn while holding two cards; the card they play next then
// leaves them safe from a catch. (The call may also ride on the play itself,
// Action.UNO, in every edition.)

// callsBefore reports whether seat may call UNO now, before playing their
// next-to-last card: Classic 2001, on their turn (before or after drawing),
// holding two cards, not yet called.
func (g *Game) callsBefore(seat int) bool {
	return g.settings.Edition == Classic2001 && seat == g.current &&
		(g.phase == PhaseTurn || g.phase == PhaseDrawn) && len(g.hands[seat]) == 2 && !g.called[seat]
}

// calledBefore reports whether seat has called UNO ahead of playing their
// next-to-last card (Audit: a call held with two cards, on their own turn).
func (g *Game) calledBefore(seat int) bool {
	return g.called[seat] && len(g.hands[seat]) == 2 && seat == g.current &&
		(g.phase == PhaseTurn || g.phase == PhaseDrawn)
}

// lapseCalls drops a call made before a play that can no longer come: the
// caller's turn passed without it (another jumped in, hands moved under a
// house rule). Only Classic has such calls, so elsewhere it costs a load.
func (g *Game) lapseCalls() {
	if g.settings.Edition != Classic2001 {
		return
	}
	for s, called := range g.called {
		if called && len(g.hands[s]) != 1 && !g.calledBefore(s) {
			g.called[s] = false
		}
	}
}
