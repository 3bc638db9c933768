package bot

import "github.com/unossh/unossh/engine"

// colorSlots bounds engine.Color values.
const colorSlots = 8

// memory is what a bot remembers of the hand in play, from the events its
// seat was shown: the discard pile (to know which cards are not in anyone's
// hand), the colour in play and the one before it (to judge a Wild Draw
// Four), and, for each seat, how many cards of each colour it can hold at
// most, learnt when it drew instead of playing on a colour.
type memory struct {
	discard   []engine.Card // as seen, the top last; it may miss cards (a Blank's discarded colour)
	color     engine.Color
	prevColor engine.Color
	// limit[s][c] is the most cards of colour c seat s can hold, or -1 for
	// no limit known.
	limit [engine.MaxPlayers][colorSlots]int
	// drewOn is the seat that last drew on its turn, and the colour it drew
	// on (a pass after it keeps a card that may be of that colour).
	drewSeat  int
	drewColor engine.Color
}

func (m *memory) reset() {
	m.discard = m.discard[:0]
	m.color, m.prevColor = engine.NoColor, engine.NoColor
	for s := range m.limit {
		m.forget(s)
	}
	m.drewSeat = -1
}

// forget drops what is known of seat's hand.
func (m *memory) forget(seat int) {
	for c := range m.limit[seat] {
		m.limit[seat][c] = -1
	}
}

// drew records that seat drew n cards it was not seen to: each may be of any colour.
func (m *memory) drew(seat, n int) {
	for c, l := range m.limit[seat] {
		if l >= 0 {
			m.limit[seat][c] = l + n
		}
	}
}

func (m *memory) observe(e engine.Event) {
	inSeat := e.Seat >= 0 && e.Seat < engine.MaxPlayers
	switch e.Kind {
	case engine.EvDealer:
		m.reset()
	case engine.EvFirstCard:
		m.discard = append(m.discard, e.Card)
		m.prevColor, m.color = m.color, e.Color
	case engine.EvFirstCardIgnored:
		m.discard = append(m.discard, e.Card)
	case engine.EvPlay:
		m.discard = append(m.discard, e.Card)
		m.prevColor, m.color = m.color, e.Color
		if inSeat && !e.Card.Kind.IsWild() {
			if l := &m.limit[e.Seat][e.Card.Color]; *l > 0 {
				*l--
			}
		}
	case engine.EvColor:
		m.color = e.Color
	case engine.EvDraw:
		if !inSeat {
			return
		}
		m.drew(e.Seat, e.Count)
		if e.Reason == engine.DrawTurn {
			// Drawing on one's turn says nothing of this colour was held
			// (a player may draw instead of playing, but seldom does).
			m.limit[e.Seat][m.color] = 0
			m.drewSeat, m.drewColor = e.Seat, m.color
		}
	case engine.EvPass:
		if inSeat && e.Seat == m.drewSeat {
			m.drew(e.Seat, 1) // the card kept may be of the colour drawn on
		}
	case engine.EvReshuffle:
		if n := len(m.discard); n > 0 {
			m.discard = append(m.discard[:0], m.discard[n-1])
		}
	case engine.EvSwapHands:
		if inSeat && e.Target >= 0 && e.Target < engine.MaxPlayers {
			m.limit[e.Seat], m.limit[e.Target] = m.limit[e.Target], m.limit[e.Seat]
		}
	case engine.EvPassHands:
		for s := range m.limit {
			m.forget(s)
		}
	case engine.EvExchange:
		if inSeat && e.Target >= 0 && e.Target < engine.MaxPlayers {
			m.forget(e.Seat)
			m.forget(e.Target)
		}
	case engine.EvChallenge:
		if !e.Guilty && e.Target >= 0 && e.Target < engine.MaxPlayers {
			m.limit[e.Target][m.prevColor] = 0 // shown: none of the colour
		}
	}
	if e.Kind != engine.EvDraw && e.Kind != engine.EvPass && e.Kind != engine.EvTurn {
		m.drewSeat = -1
	}
}
