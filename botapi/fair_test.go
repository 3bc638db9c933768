package botapi

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// fairGames is how many seeded games TestNoMessageHoldsAnUnseenCard plays
// for each edition in each mode: 100 (20 of rotating partners' twelve
// hands), 2,600 games in all, when UNOSSH_PROPERTY_FULL=1 (CI sets it, as
// for the engine's properties); by default a tenth of that, the first
// seeds of the same sequence; under the race detector fewer still.
func fairGames(m engine.Mode) int {
	games := 100
	if m == engine.RotatingPartners {
		games = 20
	}
	switch {
	case raceDetector:
		return max(games/50, 1)
	case os.Getenv("UNOSSH_PROPERTY_FULL") == "1":
		return games
	}
	return games / 10
}

// TestNoMessageHoldsAnUnseenCard: over thousands of seeded random games of
// every edition in every mode (house rules on in half of them), after every
// move, every message the API sends each seat holds only cards that seat
// may see by the rules: its own hand, the card on top of the pile, the hand
// a Wild Draw Four challenge showed it, and every hand while it raids with
// the Army. The truth is read from the game's whole State, not from the
// View the messages are made of; and the hand in a message is the seat's
// hand exactly.
func TestNoMessageHoldsAnUnseenCard(t *testing.T) {
	for _, e := range engine.Editions {
		for _, m := range engine.Modes {
			t.Run(e.String()+"/"+m.String(), func(t *testing.T) {
				t.Parallel()
				for i := range fairGames(m) {
					seed := uint64(e)<<40 | uint64(m)<<32 | uint64(i)
					if err := fairGame(e, m, seed); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
			})
		}
	}
}

// fairGame plays one random game, checking every seat's messages after
// every move.
func fairGame(e engine.Edition, m engine.Mode, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 7))
	s := engine.Settings{Edition: e, Mode: m, Players: 2 + r.IntN(5), Target: 1}
	if m == engine.Partners || m == engine.RotatingPartners {
		s.Players = 4
	}
	if seed%2 == 1 {
		s.House = engine.PresetChaos.Rules()
	}
	g, err := engine.New(s, seed)
	if err != nil {
		return err
	}
	readers := make([]reader, s.Players)
	names := make([]lobby.SeatInfo, s.Players)
	for i := range names {
		names[i] = lobby.SeatInfo{Nick: fmt.Sprintf("p%d", i)}
	}
	now := time.Unix(1e9, 0)
	var legal []engine.Action
	var waiting []int
	for moves := 0; !g.Over(); moves++ {
		if moves > 20000 {
			return fmt.Errorf("no end after %d moves", moves)
		}
		st := g.State()
		for seat := range readers {
			if err := checkSeat(g, st, &readers[seat], seat, moves, names, now); err != nil {
				return fmt.Errorf("move %d, seat %d: %w", moves, seat, err)
			}
		}
		waiting = g.AppendWaiting(waiting[:0])
		seat := waiting[r.IntN(len(waiting))]
		if seat == engine.SystemSeat {
			kind := engine.Deal
			if g.Phase() == engine.PhaseRace {
				kind = engine.CloseRace
			}
			if _, err := g.Apply(engine.Action{Kind: kind, Seat: engine.SystemSeat}); err != nil {
				return err
			}
			continue
		}
		legal = g.AppendLegal(legal[:0], seat)
		if len(legal) == 0 {
			return fmt.Errorf("seat %d is waited on with no move", seat)
		}
		a := legal[r.IntN(len(legal))]
		if plays := slices.IndexFunc(legal, func(a engine.Action) bool { return a.Kind == engine.Play }); plays >= 0 && r.IntN(16) > 0 {
			a = legal[plays] // mostly a card, so that hands end
		}
		if _, err := g.Apply(a); err != nil {
			return fmt.Errorf("%s: %v", a, err)
		}
	}
	return nil
}

// checkSeat reads the seat's screen as the API does and checks each message.
func checkSeat(g *engine.Game, st engine.State, r *reader, seat, moves int, names []lobby.SeatInfo, now time.Time) error {
	v := g.View(seat)
	screen := lobby.Screen{Table: &lobby.TableView{TableInfo: lobby.TableInfo{ID: "t", Settings: g.Settings(), Status: lobby.Playing},
		You: seat, Moves: moves, Game: &v, Seats: names}}
	may := map[engine.Card]bool{}
	for _, c := range st.Hands[seat] {
		may[c] = true
	}
	if len(st.Discard) > 0 {
		may[st.Discard[len(st.Discard)-1]] = true
	}
	if st.ShownTo == seat {
		for _, c := range st.Shown {
			may[c] = true
		}
	}
	if st.Phase == engine.PhaseRaid && st.Player == seat {
		for _, h := range st.Hands {
			for _, c := range h {
				may[c] = true
			}
		}
	}
	for _, msg := range r.read(screen, now, nil) {
		b, err := json.Marshal(msg)
		if err != nil {
			return err
		}
		var tree map[string]any
		if err := json.Unmarshal(b, &tree); err != nil {
			return err
		}
		if err := cardsIn(tree, "", may); err != nil {
			return fmt.Errorf("%s: %w", b, err)
		}
		if game, ok := tree["game"].(map[string]any); ok {
			if err := sameHand(game["hand"], st.Hands[seat]); err != nil {
				return err
			}
		}
	}
	return nil
}

// cardFields are the fields of a message whose strings are cards.
var cardFields = map[string]bool{"hand": true, "top": true, "drawn": true, "shown": true, "hands": true, "card": true, "give": true}

// cardsIn checks every card in the message tree (under a card field) is one
// the seat may see.
func cardsIn(node any, field string, may map[engine.Card]bool) error {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			if err := cardsIn(v, k, may); err != nil {
				return err
			}
		}
	case []any:
		for _, v := range n {
			if err := cardsIn(v, field, may); err != nil {
				return err
			}
		}
	case string:
		if !cardFields[field] || n == "" { // "": no card (the top before the deal)
			return nil
		}
		var c engine.Card
		if err := c.UnmarshalText([]byte(n)); err != nil {
			return fmt.Errorf("%s %q is not a card: %v", field, n, err)
		}
		if !may[c] {
			return fmt.Errorf("%s %s is a card the seat may not see", field, n)
		}
	}
	return nil
}

// sameHand checks the message's hand is the seat's hand, card for card.
func sameHand(msg any, hand []engine.Card) error {
	list, _ := msg.([]any)
	var got []string
	for _, c := range list {
		got = append(got, c.(string))
	}
	var want []string
	for _, c := range hand {
		b, _ := c.MarshalText()
		want = append(want, string(b))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("the message's hand %v is not the seat's %v", got, want)
	}
	return nil
}
