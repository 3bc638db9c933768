package engine

import "fmt"

// FromState makes a game in the state s: a game saved with State, or a
// position a bot imagines (its own hand and what it has seen, the hidden
// cards dealt at random) to play on in simulation. The state must hold
// every card of the deck exactly once and keep the game's bookkeeping (Audit);
// otherwise FromState says what is wrong. An empty RNG seeds the generator
// from s.Seed.
func FromState(s State) (*Game, error) {
	if err := s.Settings.Validate(); err != nil {
		return nil, err
	}
	n := s.Settings.Players
	if len(s.Hands) != n || len(s.Active) != n || len(s.Called) != n || len(s.Scores) != n {
		return nil, fmt.Errorf("%w: a state of %d seats needs %d hands, flags and scores", ErrBadSettings, n, n)
	}
	if s.HandNo < 1 || len(s.Discard) == 0 {
		return nil, fmt.Errorf("%w: a state needs a hand dealt and a discard pile", ErrBadSettings)
	}
	g := newGame(s.Settings, s.Seed)
	if len(s.RNG) > 0 {
		if err := g.rng.pcg.UnmarshalBinary(s.RNG); err != nil {
			return nil, fmt.Errorf("%w: the random generator's state: %v", ErrBadSettings, err)
		}
	}
	g.phase, g.hand, g.dealer, g.current, g.dir, g.color = s.Phase, s.HandNo, s.Dealer, s.Current, s.Dir, s.Color
	g.headToHead, g.exposed, g.stuck, g.pending, g.drawn = s.HeadToHead, s.Exposed, s.Stuck, s.Pending, s.Drawn
	g.fourBy, g.fourGuilty, g.shownTo, g.player = s.FourBy, s.Guilty, s.ShownTo, s.Player
	g.dropped, g.outAfter = s.Dropped, s.OutAfter
	g.draw = append(g.draw, s.Draw...)
	g.discard = append(g.discard, s.Discard...)
	g.topCard = g.discard[len(g.discard)-1]
	g.shown = append(g.shown, s.Shown...)
	for i := range n {
		g.hands[i] = append(g.hands[i], s.Hands[i]...)
		g.active[i], g.called[i], g.scores[i] = s.Active[i], s.Called[i], s.Scores[i]
		g.racing[i] = i < len(s.Racing) && s.Racing[i]
		g.raided[i] = i < len(s.Raided) && s.Raided[i]
	}
	g.winners = append(g.winners, s.Winners...)
	if err := g.restoreRotation(s); err != nil {
		return nil, err
	}
	if g.exposed >= n || g.fourBy >= n || g.player >= n {
		return nil, fmt.Errorf("%w: a seat named in the state is not at the table", ErrBadSettings)
	}
	if err := g.Audit(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSettings, err)
	}
	return g, nil
}

// restoreRotation seats a rotating-partners game as the state's hand is
// seated (the round's partnerships and turn order, which newGame set for the
// first hand) and gives back each partnership's tally: without them a game
// rebuilt from hand 5 on would take turns in the first round's order, with
// the first round's partner, and the State doc's promise that equal states
// play alike would not hold.
func (g *Game) restoreRotation(s State) error {
	if g.rot == nil {
		return nil
	}
	g.rot.seat(s.HandNo)
	if s.Tallies == nil {
		return nil
	}
	if len(s.Tallies) != 4 {
		return fmt.Errorf("%w: rotating partners' tallies need four seats", ErrBadSettings)
	}
	for i, row := range s.Tallies {
		if len(row) != 4 {
			return fmt.Errorf("%w: rotating partners' tallies need four seats", ErrBadSettings)
		}
		copy(g.rot.tally[i][:], row)
	}
	return nil
}

// AppendHand appends seat's cards to dst: the whole truth, for simulations
// (a bot's imagined game, built by FromState) and tests, never for players.
func (g *Game) AppendHand(dst []Card, seat int) []Card {
	if seat < 0 || seat >= len(g.hands) {
		return dst
	}
	return append(dst, g.hands[seat]...)
}
