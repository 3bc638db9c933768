package engine

import "slices"

// This file is Classic 2001's rotating partners for four players (the
// "Variation" under "Partners - four players"): each player plays four hands
// with each of the other three as partner, twelve hands in all, keeping the
// points scored in each partnership; the most points after the twelfth hand
// wins. Partners sit across, as in Partners, so the seats are rearranged for
// every partnership: the players keep their seat numbers (and their scores),
// and the turn order follows the round's seating (docs/rules.md).

// HandsPerPartnership is how many hands two players play together, in the
// four-player rotation and the eight-player tournament alike.
const HandsPerPartnership = 4

// RotationHands is the length of a rotating-partners game: four hands with
// each of the three possible partners.
const RotationHands = 3 * HandsPerPartnership

// Pairing splits four players into two partnerships: Teams[0] and Teams[1].
type Pairing [2][2]int

// Has reports whether the pairing makes a and b partners.
func (p Pairing) Has(a, b int) bool {
	for _, t := range p {
		if t[0] == a && t[1] == b || t[0] == b && t[1] == a {
			return true
		}
	}
	return false
}

// Partner is seat's partner in the pairing, or -1 if seat is not in it.
func (p Pairing) Partner(seat int) int {
	for _, t := range p {
		switch seat {
		case t[0]:
			return t[1]
		case t[1]:
			return t[0]
		}
	}
	return -1
}

// Team is the index of seat's partnership in the pairing, or -1.
func (p Pairing) Team(seat int) int {
	for i, t := range p {
		if seat == t[0] || seat == t[1] {
			return i
		}
	}
	return -1
}

// Order is the turn order the pairing seats the players in, from the first
// team's first player to the left: partners across from each other.
func (p Pairing) Order() [4]int {
	return [4]int{p[0][0], p[1][0], p[0][1], p[1][1]}
}

// RotationSchedule is the order the four-player rotation plays its
// partnerships in, four hands each. The first is the Partners seating (seats
// across: 0 and 2, 1 and 3); then 0 with 1, then 0 with 3.
func RotationSchedule() []Pairing {
	return []Pairing{{{0, 2}, {1, 3}}, {{0, 1}, {2, 3}}, {{0, 3}, {1, 2}}}
}

// RotationRound is the round (the index into RotationSchedule) hand number
// hand (1 to RotationHands) is played in.
func RotationRound(hand int) int {
	if hand < 1 {
		return 0
	}
	return min((hand-1)/HandsPerPartnership, RotationHands/HandsPerPartnership-1)
}

// rotation is the bookkeeping of a rotating-partners game.
type rotation struct {
	pairing Pairing
	order   [4]int    // the seats in turn order, to the left
	pos     [4]int    // each seat's place in order
	tally   [4][4]int // tally[s][p]: the points s scored with p as partner
}

// seat arranges the table for hand number hand (1-based).
func (r *rotation) seat(hand int) {
	r.pairing = RotationSchedule()[RotationRound(hand)]
	r.order = r.pairing.Order()
	for i, s := range r.order {
		r.pos[s] = i
	}
}

// next is the seat after seat in direction dir, in this round's seating.
func (r *rotation) next(seat, dir int) int {
	return r.order[(r.pos[seat]+dir+4)%4]
}

// rotate seats the players for the hand about to be dealt (deal calls it
// first, before the deal passes on in the new seating).
func (g *Game) rotate() {
	if g.rot != nil {
		g.rot.seat(g.hand + 1)
	}
}

// scoreRotation records the points a partnership scored in a hand and, after
// the last hand, ends the game: the most points wins, a tie is shared.
func (g *Game) scoreRotation(winner, partner, points int) {
	g.rot.tally[winner][partner] += points
	g.rot.tally[partner][winner] += points
	if g.hand < RotationHands {
		return
	}
	best := -1
	for _, sc := range g.scores {
		best = max(best, sc)
	}
	for s, sc := range g.scores {
		if sc == best {
			g.winners = append(g.winners, s)
		}
	}
	g.phase = PhaseGameOver
	g.emit(Event{Kind: EvGameOver, Seat: g.winners[0], Target: -1})
}

// RotationView is what everyone sees of a rotating-partners game: the
// schedule, who partners whom now, and each player's points by partnership.
type RotationView struct {
	// Schedule is the partnerships in the order played, HandsEach hands each.
	Schedule  []Pairing `json:"schedule"`
	HandsEach int       `json:"hands_each"`
	Hands     int       `json:"hands"`
	// Round is the index in Schedule of the hand in play (or the last one
	// dealt; 0 before the first).
	Round int `json:"round"`
	// Order is the seats in turn order this round, to the left.
	Order []int `json:"order"`
	// Partner is each seat's partner this round.
	Partner []int `json:"partner"`
	// Tally[s][p] is what seat s scored with seat p as partner.
	Tally [][]int `json:"tally"`
}

// Total is seat's running total: the sum of its partnerships.
func (r *RotationView) Total(seat int) int {
	t := 0
	for _, p := range r.Tally[seat] {
		t += p
	}
	return t
}

// rotationView is the game's rotation as everyone sees it, or nil.
func (g *Game) rotationView() *RotationView {
	if g.rot == nil {
		return nil
	}
	r := g.rot
	v := &RotationView{Schedule: RotationSchedule(), HandsEach: HandsPerPartnership, Hands: RotationHands,
		Round: RotationRound(g.hand), Order: append([]int(nil), r.order[:]...)}
	for s := range 4 {
		v.Partner = append(v.Partner, r.pairing.Partner(s))
		v.Tally = append(v.Tally, append([]int(nil), r.tally[s][:]...))
	}
	return v
}

// tallies is a copy of the per-partnership tallies for State, or nil.
func (g *Game) tallies() [][]int {
	if g.rot == nil {
		return nil
	}
	t := make([][]int, 4)
	for s := range t {
		t[s] = append([]int{}, g.rot.tally[s][:]...)
	}
	return t
}

// Next is the seat that plays after seat in the direction of play: in the
// round's seating in rotating partners, by seat number otherwise, passing
// over seats that are out. It is -1 when no other seat is in.
func (v View) Next(seat int) int {
	n := len(v.Seats)
	order := func(i int) int { return i } // the seat at place i
	place := seat
	if r := v.Rotation; r != nil && len(r.Order) == n {
		order = func(i int) int { return r.Order[i] }
		place = slices.Index(r.Order, seat)
	}
	if place < 0 || place >= n {
		return -1
	}
	for i := 1; i < n; i++ {
		s := order(((place+i*v.Direction)%n + n) % n)
		if !v.Seats[s].Out {
			return s
		}
	}
	return -1
}
