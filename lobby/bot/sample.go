package bot

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
)

// world deals the cards a bot cannot see at random, consistently with what
// it has seen: the game it imagines, as an engine.State to play on.
type world struct {
	settings engine.Settings
	deck     []engine.Card
	pool     []engine.Card // the cards the viewer has not seen
	known    []engine.Card // the discard pile as seen, top last
	buf      []engine.Card
	used     []bool
}

// prepare finds the unseen cards for v, from the memory m. It reports false
// when what it knows does not add up (then the bot plays without searching).
func (w *world) prepare(v engine.View, m *memory) bool {
	if w.deck == nil || w.settings != v.Settings {
		w.settings, w.deck = v.Settings, v.Settings.Deck()
	}
	if v.Discards == 0 || v.Seat < 0 {
		return false
	}
	d := m.discard
	if len(d) > 0 && len(d) <= v.Discards && d[len(d)-1] == v.Top && w.unseen(v, d) {
		return true
	}
	return w.unseen(v, []engine.Card{v.Top}) // memory out of step: trust only the top
}

// unseen sets the pool to the deck less the viewer's hand and the known
// discards, and reports whether that is exactly the hidden cards.
func (w *world) unseen(v engine.View, known []engine.Card) bool {
	w.known = append(w.known[:0], known...)
	w.pool = append(w.pool[:0], w.deck...)
	for _, c := range v.Hand {
		if !w.take(c) {
			return false
		}
	}
	for _, c := range w.known {
		if !w.take(c) {
			return false
		}
	}
	return w.adds(v)
}

// adds reports whether the unseen cards are exactly the hidden ones.
func (w *world) adds(v engine.View) bool {
	hidden := v.DrawPile + v.Discards - len(w.known)
	for _, s := range v.Seats {
		if s.Seat != v.Seat {
			hidden += s.Cards
		}
	}
	return hidden == len(w.pool)
}

// take removes one c from the pool.
func (w *world) take(c engine.Card) bool {
	for i, p := range w.pool {
		if p == c {
			last := len(w.pool) - 1
			w.pool[i] = w.pool[last]
			w.pool = w.pool[:last]
			return true
		}
	}
	return false
}

// sample deals the unseen cards at random, each seat's hand within the
// colours m says it can hold as far as the cards allow, and returns the
// imagined state.
func (w *world) sample(v engine.View, m *memory, r *rand.Rand) engine.State {
	w.buf = append(w.buf[:0], w.pool...)
	r.Shuffle(len(w.buf), func(i, j int) { w.buf[i], w.buf[j] = w.buf[j], w.buf[i] })
	if cap(w.used) < len(w.buf) {
		w.used = make([]bool, len(w.buf))
	}
	used := w.used[:len(w.buf)]
	clear(used)
	n := len(v.Seats)
	st := engine.State{
		Settings: v.Settings, Seed: r.Uint64(), Phase: v.Phase, HandNo: max(v.HandNo, 1), Dealer: v.Dealer,
		Current: v.Current, Dir: v.Direction, Color: v.Color, Pending: v.Pending, Exposed: -1,
		FourBy: v.FourBy, ShownTo: -1, Player: v.Player,
		Hands: make([][]engine.Card, n), Active: make([]bool, n), Called: make([]bool, n),
		Scores: make([]int, n), Racing: make([]bool, n), Raided: make([]bool, n),
	}
	if v.HasDrawn {
		st.Drawn = v.Drawn
	}
	for _, s := range v.Seats {
		i := s.Seat
		st.Active[i], st.Called[i], st.Scores[i] = !s.Out, s.UNO, s.Score
		st.Racing[i], st.Raided[i] = s.Racing, !s.Raidable
		if s.Exposed {
			st.Exposed = i
		}
		if i == v.Seat {
			st.Hands[i] = append([]engine.Card(nil), v.Hand...)
			continue
		}
		st.Hands[i] = w.deal(s.Cards, &m.limit[i], used)
	}
	filler := v.Discards - len(w.known)
	st.Discard = make([]engine.Card, 0, v.Discards)
	for i := range w.buf {
		if filler == 0 {
			break
		}
		if !used[i] {
			used[i] = true
			st.Discard = append(st.Discard, w.buf[i])
			filler--
		}
	}
	st.Discard = append(st.Discard, w.known...)
	st.Draw = make([]engine.Card, 0, v.DrawPile)
	for i, c := range w.buf {
		if !used[i] {
			st.Draw = append(st.Draw, c)
		}
	}
	return st
}

// deal takes k unused cards for a hand, within the colour limits where the
// cards allow.
func (w *world) deal(k int, limit *[colorSlots]int, used []bool) []engine.Card {
	hand := make([]engine.Card, 0, k)
	var held [colorSlots]int
	for i, c := range w.buf {
		if len(hand) == k {
			return hand
		}
		if used[i] {
			continue
		}
		if l := limit[c.Color]; !c.Kind.IsWild() && l >= 0 && held[c.Color] >= l {
			continue
		}
		used[i] = true
		held[c.Color]++
		hand = append(hand, c)
	}
	for i, c := range w.buf { // the limits cannot all be kept
		if len(hand) == k {
			break
		}
		if !used[i] {
			used[i] = true
			hand = append(hand, c)
		}
	}
	return hand
}
