package engine

import "math/bits"

// randomTable plays every seat of a table at random, the way a simulation's
// bots do: the seat the game waits for mostly plays a card when it can (any
// legal move now and then: reneging, keeping a drawn card, a late UNO call),
// challenges a Wild Draw Four half the time, and another seat now and then
// makes one of its own legal moves (a catch, most often). It reuses its
// buffers, so a game costs no allocation beyond the engine's own.
type randomTable struct {
	rng    uint64 // wyrand: the bots' dice, cheaper than the engine's PCG
	legal  []Action
	events []Event
}

func newRandomTable(seed uint64) randomTable {
	return randomTable{rng: seed, legal: make([]Action, 0, 256), events: make([]Event, 0, 256)}
}

// roll is 64 random bits.
func (t *randomTable) roll() uint64 {
	t.rng += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(t.rng, t.rng^0xe7037ed1a0b428db)
	return hi ^ lo
}

// intn is a number in [0, n).
func (t *randomTable) intn(n int) int { return pick(t.roll(), n) }

// pick maps 32 random bits (the low half of r) to [0, n).
func pick(r uint64, n int) int { return int(uint64(uint32(r)) * uint64(n) >> 32) }

// move picks a legal move in g, which is not over: it fills legal (a local
// of the caller's, so that filling it costs no write barrier) and returns
// the index of its choice.
func (t *randomTable) move(g *Game, legal []Action) ([]Action, int) {
	r := t.roll() // one roll of the dice, cut into the choices below
	if r>>60 == 0 {
		// Somebody else speaks up: a catch, a late UNO call, or nothing.
		legal = g.AppendLegal(legal[:0], pick(r>>32, len(g.hands)))
		for i := range legal {
			if k := legal[i].Kind; k == Catch || k == CallUNO {
				return legal, i
			}
		}
	}
	seat := g.current
	switch g.phase {
	case PhaseDeal:
		seat = SystemSeat
	case PhaseRace:
		var buf [MaxPlayers]int
		wait := g.AppendWaiting(buf[:0])
		seat = wait[pick(r>>16, len(wait))]
		if r>>58&3 == 0 {
			seat = SystemSeat // the race is closed
		}
	case PhaseRaid:
		seat = g.player
	}
	legal = g.AppendLegal(legal[:0], seat)
	if r>>54&15 == 0 {
		return legal, pick(r, len(legal))
	}
	plays := len(legal) // AppendLegal lists the plays first, then 1 to 3 other moves
	for plays > 0 && legal[plays-1].Kind != Play {
		plays--
	}
	if plays > 0 {
		return legal, pick(r, plays)
	}
	// No card to play: draw, keep the drawn card, accept or challenge, drop,
	// raid... whatever else is legal (but not a call or a catch by choice).
	k := 0
	for _, a := range legal {
		if a.Kind != Catch && a.Kind != CallUNO {
			legal[k] = a
			k++
		}
	}
	if k == 0 {
		k = len(legal)
	}
	return legal, pick(r, k)
}

// play plays g to its end and returns the number of moves made; it panics on
// a refused move (the moves come from AppendLegal).
func (t *randomTable) play(g *Game) int {
	moves := 0
	legal, events := t.legal, t.events
	for g.phase != PhaseGameOver {
		var i int
		var err error
		legal, i = t.move(g, legal)
		if events, err = g.AppendApply(events[:0], legal[i]); err != nil {
			panic(err)
		}
		moves++
	}
	t.legal, t.events = legal, events
	return moves
}
