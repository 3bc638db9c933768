package engine

import "fmt"

// Stack fixes a game's first deal. It is for tests only: production decks
// are always shuffled from the seed (New).
//
// The first hand is dealt by Dealer (no cut for the deal is made). The deck
// is shuffled from the seed as usual, and then Cards are taken out of it and
// put on top, in this order:
//
//   - Cards[0 : 7*Players] are the hands, dealt one card at a time round the
//     table to the left, starting with the player to the dealer's left:
//     Cards[i] goes to seat (Dealer+1+i) % Players, as that player's card
//     number i/Players.
//   - Cards[7*Players] is the first card turned up to start the discard pile.
//   - The cards after it are the top of the draw pile, in the order they will
//     be turned up or drawn: first those turned up in place of a first card
//     that is returned (a Wild Draw Four) or ignored (MotU 2023), then the
//     cards drawn in play.
//
// Cards may stop anywhere: the rest of the deck follows in its shuffled order.
// Every card listed must be in the deck (as many times as it is listed, at
// most). Later hands are dealt from a fresh shuffle as usual.
type Stack struct {
	Dealer int    `json:"dealer"`
	Cards  []Card `json:"cards,omitempty"`
}

// NewStacked makes a game whose first deal is fixed by st. Test-only:
// production decks are always shuffled from the seed (New). The game is
// deterministic and replayable: its journal (NewJournal) carries the stack,
// and Replay deals it again.
func NewStacked(s Settings, seed uint64, st Stack) (*Game, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if st.Dealer < 0 || st.Dealer >= s.Players {
		return nil, fmt.Errorf("%w: the stacked dealer %d is not a seat", ErrBadSettings, st.Dealer)
	}
	var left [cardSlots]int
	for _, c := range s.deck() {
		left[c.slot()]++
	}
	for i, c := range st.Cards {
		n := c.slot()
		if left[n] == 0 {
			return nil, fmt.Errorf("%w: stacked card %d (%s) is not left in the %s deck", ErrBadSettings, i, c, s.Edition)
		}
		left[n]--
	}
	g := newGame(s, seed)
	g.stack = &Stack{Dealer: st.Dealer, Cards: append([]Card(nil), st.Cards...)}
	return g, nil
}

// NewJournal starts the game's journal: its settings, seed and (for a stacked
// game) stack, with no actions yet. Append each action applied to Actions;
// Replay then rebuilds the game.
func (g *Game) NewJournal() Journal {
	j := Journal{Settings: g.settings, Seed: g.seed}
	if g.stack != nil {
		st := *g.stack
		st.Cards = append([]Card(nil), st.Cards...)
		j.Stack = &st
	}
	return j
}
