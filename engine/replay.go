package engine

import (
	"fmt"
)

// Journal is everything needed to rebuild a game: its settings, its seed and
// the actions applied to it, in order. It encodes to and from JSON.
type Journal struct {
	Settings Settings `json:"settings"`
	Seed     uint64   `json:"seed"`
	Actions  []Action `json:"actions"`
}

// Replay rebuilds a game from its journal. It fails on the first action the
// rules refuse, naming it.
func Replay(j Journal) (*Game, error) {
	g, err := New(j.Settings, j.Seed)
	if err != nil {
		return nil, err
	}
	for i, a := range j.Actions {
		if _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i, a, err)
		}
	}
	return g, nil
}

// State is the whole state of a game, hidden cards included: for journals,
// tests and audits, never for players (they get a View).
type State struct {
	Settings Settings `json:"settings"`
	Phase    Phase    `json:"phase"`
	HandNo   int      `json:"hand_no"`
	Dealer   int      `json:"dealer"`
	Current  int      `json:"current"`
	Dir      int      `json:"direction"`
	Color    Color    `json:"color"`
	Draw     []Card   `json:"draw"`
	Discard  []Card   `json:"discard"`
	Hands    [][]Card `json:"hands"`
	Active   []bool   `json:"active"`
	Called   []bool   `json:"called"`
	Scores   []int    `json:"scores"`
	Exposed  int      `json:"exposed"`
	Drawn    Card     `json:"drawn,omitzero"`
	FourBy   int      `json:"four_by"`
	Guilty   bool     `json:"guilty"`
	Player   int      `json:"player"`
	Racing   []bool   `json:"racing"`
	Raided   []bool   `json:"raided"`
	Winners  []int    `json:"winners"`
	// RNG is the random generator's state, so that equal states draw alike.
	RNG []byte `json:"rng"`
}

// State is a deep copy of the game's whole state.
func (g *Game) State() State {
	hands := make([][]Card, len(g.hands))
	for s, h := range g.hands {
		hands[s] = append([]Card{}, h...)
	}
	rngState, _ := g.rng.pcg.MarshalBinary()
	return State{
		Settings: g.settings, Phase: g.phase, HandNo: g.hand, Dealer: g.dealer, Current: g.current,
		Dir: g.dir, Color: g.color, Draw: append([]Card{}, g.draw...), Discard: append([]Card{}, g.discard...),
		Hands: hands, Active: append([]bool{}, g.active...), Called: append([]bool{}, g.called...),
		Scores: append([]int{}, g.scores...), Exposed: g.exposed, Drawn: g.drawn, FourBy: g.fourBy,
		Guilty: g.fourGuilty, Player: g.player, Racing: append([]bool{}, g.racing...),
		Raided: append([]bool{}, g.raided...), Winners: append([]int{}, g.winners...), RNG: rngState,
	}
}

// Audit checks the game's invariants: every card of the deck is in exactly
// one place (no card created or lost), and the game's bookkeeping agrees with
// itself. It is for tests and for a table that wants to be sure.
func (g *Game) Audit() error {
	count := map[Card]int{}
	for _, c := range g.deck {
		count[c]++
	}
	total := len(g.draw) + len(g.discard)
	take := func(where string, cards []Card) error {
		for _, c := range cards {
			count[c]--
			if count[c] < 0 {
				return fmt.Errorf("audit: %s holds an extra %s", where, c)
			}
		}
		return nil
	}
	if err := take("the draw pile", g.draw); err != nil {
		return err
	}
	if err := take("the discard pile", g.discard); err != nil {
		return err
	}
	for s, h := range g.hands {
		total += len(h)
		if err := take(fmt.Sprintf("seat %d", s), h); err != nil {
			return err
		}
		if !g.active[s] && len(h) > 0 && g.phase != PhaseDeal && g.phase != PhaseGameOver {
			return fmt.Errorf("audit: eliminated seat %d holds cards", s)
		}
	}
	if g.hand > 0 && total != len(g.deck) {
		return fmt.Errorf("audit: %d cards in play, the deck has %d", total, len(g.deck))
	}
	if g.hand > 0 && len(g.discard) == 0 {
		return fmt.Errorf("audit: the discard pile is empty")
	}
	if g.exposed >= 0 && len(g.hands[g.exposed]) != 1 {
		return fmt.Errorf("audit: seat %d is open to a catch holding %d cards", g.exposed, len(g.hands[g.exposed]))
	}
	if g.phase != PhaseDeal && g.phase != PhaseGameOver && !g.active[g.current] {
		return fmt.Errorf("audit: the turn is with eliminated seat %d", g.current)
	}
	if g.phase == PhaseDrawn && !holds(g.hands[g.current], g.drawn) {
		return fmt.Errorf("audit: the drawn card %s is not in the hand", g.drawn)
	}
	return nil
}
