package botapi

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
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
//
// Text is held to the same: every card named in any text of a message
// (the events' lines, as the table's log tells each seat every event of
// the game through lobby.TellEvent, and any notice or error), read back
// the way the log writes cards (their labels: R7, W+4, GS), is a card the
// seat saw: one of the cards above, a card it held before the move, a card
// of the discard pile, or a card the move turned face up for all (played,
// cut, turned up first). Now and then a seat sends a move offered to it
// earlier, late, and is told the table's error, as the lobby tells it.
func TestNoMessageHoldsAnUnseenCard(t *testing.T) {
	for _, e := range engine.Editions {
		for _, m := range engine.Modes {
			t.Run(e.String()+"/"+m.String(), func(t *testing.T) {
				t.Parallel()
				named := 0
				for i := range fairGames(m) {
					seed := uint64(e)<<40 | uint64(m)<<32 | uint64(i)
					n, err := fairGame(e, m, seed)
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					named += n
				}
				if named == 0 {
					t.Fatal("no card was named in any text: the text is not read")
				}
			})
		}
	}
}

// fairGame plays one random game, checking every seat's messages after
// every move; it returns how many cards the messages' texts named.
func fairGame(e engine.Edition, m engine.Mode, seed uint64) (int, error) {
	r := rand.New(rand.NewPCG(seed, 7))
	s := engine.Settings{Edition: e, Mode: m, Players: 2 + r.IntN(5), Target: 1}
	if m == engine.Partners || m == engine.RotatingPartners {
		s.Players = 4
	}
	if seed%2 == 1 {
		s.House = engine.PresetChaos.Rules()
	}
	if e == engine.Classic2001 {
		s.Blanks = engine.BlankRules[seed/2%uint64(len(engine.BlankRules))] // what the Blanks do, or none
	}
	g, err := engine.New(s, seed)
	if err != nil {
		return 0, err
	}
	f := fairTable{g: g, readers: make([]reader, s.Players), logs: make([][]lobby.LogLine, s.Players),
		offers: make([][]engine.Action, s.Players), notices: make([]lobby.Notice, s.Players)}
	for i := range s.Players {
		f.seats = append(f.seats, lobby.SeatInfo{Nick: fmt.Sprintf("p%d", i)})
		f.names = append(f.names, fmt.Sprintf("p%d", i))
	}
	now := time.Unix(1e9, 0)
	var legal []engine.Action
	var waiting []int
	before := g.State()
	for moves := 0; !g.Over(); moves++ {
		if moves > 20000 {
			return f.named, fmt.Errorf("no end after %d moves", moves)
		}
		st := g.State()
		for seat := range f.readers {
			if err := f.checkSeat(st, before, seat, moves, now); err != nil {
				return f.named, fmt.Errorf("move %d, seat %d: %w", moves, seat, err)
			}
		}
		before = st
		if r.IntN(8) == 0 {
			// A move offered earlier, sent late (as a bot's can be): the
			// table refuses it with an error the seat is told, or it is
			// still a move and is made.
			if moved, err := f.late(r); err != nil || moved {
				if err != nil {
					return f.named, err
				}
				continue
			}
		}
		waiting = g.AppendWaiting(waiting[:0])
		seat := waiting[r.IntN(len(waiting))]
		if seat == engine.SystemSeat {
			kind := engine.Deal
			if g.Phase() == engine.PhaseRace {
				kind = engine.CloseRace
			}
			if err := f.apply(engine.Action{Kind: kind, Seat: engine.SystemSeat}); err != nil {
				return f.named, err
			}
			continue
		}
		legal = g.AppendLegal(legal[:0], seat)
		if len(legal) == 0 {
			return f.named, fmt.Errorf("seat %d is waited on with no move", seat)
		}
		f.offers[seat] = slices.Clone(legal)
		a := legal[r.IntN(len(legal))]
		if plays := slices.IndexFunc(legal, func(a engine.Action) bool { return a.Kind == engine.Play }); plays >= 0 && r.IntN(16) > 0 {
			a = legal[plays] // mostly a card, so that hands end
		}
		if err := f.apply(a); err != nil {
			return f.named, fmt.Errorf("%s: %v", a, err)
		}
	}
	return f.named, nil
}

// fairTable is one game of the fairness test, with what each seat has
// been told of it.
type fairTable struct {
	g       *engine.Game
	readers []reader
	seats   []lobby.SeatInfo
	names   []string
	logs    [][]lobby.LogLine // each seat's log, as the table tells it
	faceUp  []engine.Card     // the cards the last move turned face up for all
	named   int               // cards named in the messages' texts
	offers  [][]engine.Action // each seat's moves when it last moved
	notices []lobby.Notice    // each seat's last notice
}

// late sends a move offered to a seat earlier, now: the table's error for
// it is the seat's notice (as the lobby tells a refused intent), unless it
// is a move still, and is made (moved).
func (f *fairTable) late(r *rand.Rand) (moved bool, err error) {
	seat := r.IntN(len(f.offers))
	if len(f.offers[seat]) == 0 {
		return false, nil
	}
	a := f.offers[seat][r.IntN(len(f.offers[seat]))]
	f.offers[seat] = nil
	if !slices.Contains(f.g.AppendLegal(nil, seat), a) {
		_, err := f.g.Apply(a)
		if err == nil {
			return false, fmt.Errorf("%s was made, though not among the seat's moves", a)
		}
		f.notices[seat] = lobby.Notice{Seq: f.notices[seat].Seq + 1, Text: err.Error(), Error: true}
		return false, nil
	}
	return true, f.apply(a)
}

// logShown is how many lines of its log a seat is sent, as the table's.
const logShown = 30

// apply makes a move and tells each seat its events, as the table's log
// does (lobby.TellEvent, with the hand a challenge showed its challenger).
func (f *fairTable) apply(a engine.Action) error {
	evs, err := f.g.Apply(a)
	if err != nil {
		return err
	}
	f.faceUp = f.faceUp[:0]
	for _, e := range evs {
		switch e.Kind {
		case engine.EvPlay, engine.EvCut, engine.EvFirstCard, engine.EvFirstCardReturned, engine.EvFirstCardIgnored:
			f.faceUp = append(f.faceUp, e.Card)
		}
		var shown []engine.Card
		if e.Kind == engine.EvChallenge {
			shown = f.g.View(e.Seat).Shown
		}
		for seat := range f.logs {
			if text := lobby.TellEvent(e, shown, seat, f.names, f.g.Settings()); text != "" {
				l := append(f.logs[seat], lobby.LogLine{Text: text})
				f.logs[seat] = l[max(len(l)-logShown, 0):]
			}
		}
	}
	return nil
}

// checkSeat reads the seat's screen as the API does and checks each message.
func (f *fairTable) checkSeat(st, before engine.State, seat, moves int, now time.Time) error {
	v := f.g.View(seat)
	screen := lobby.Screen{Table: &lobby.TableView{TableInfo: lobby.TableInfo{ID: "t", Settings: f.g.Settings(), Status: lobby.Playing},
		You: seat, Moves: moves, Game: &v, Seats: f.seats, Log: slices.Clone(f.logs[seat])}, Notice: f.notices[seat]}
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
	// A text may also name a card the seat saw go by: one it held before
	// the move, the discard pile's (before and after a reshuffle), and the
	// cards the move turned face up for all.
	seen := func(c engine.Card) bool {
		return may[c] || slices.Contains(before.Hands[seat], c) || slices.Contains(before.Discard, c) ||
			slices.Contains(st.Discard, c) || slices.Contains(f.faceUp, c)
	}
	for _, msg := range f.readers[seat].read(screen, now, nil) {
		b, err := json.Marshal(msg)
		if err != nil {
			return err
		}
		var tree map[string]any
		if err := json.Unmarshal(b, &tree); err != nil {
			return err
		}
		n, err := cardsIn(tree, "", may, seen)
		f.named += n
		if err != nil {
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

// cardsIn checks every card in the message tree is one the seat may see
// (under a card field), or has seen (named in any other text); it returns
// how many cards the texts named.
func cardsIn(node any, field string, may map[engine.Card]bool, seen func(engine.Card) bool) (int, error) {
	named := 0
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			k, err := cardsIn(v, k, may, seen)
			if named += k; err != nil {
				return named, err
			}
		}
	case []any:
		for _, v := range n {
			k, err := cardsIn(v, field, may, seen)
			if named += k; err != nil {
				return named, err
			}
		}
	case string:
		if !cardFields[field] {
			return namedIn(n, field, seen)
		}
		if n == "" { // no card (the top before the deal)
			return 0, nil
		}
		var c engine.Card
		if err := c.UnmarshalText([]byte(n)); err != nil {
			return 0, fmt.Errorf("%s %q is not a card: %v", field, n, err)
		}
		if !may[c] {
			return 0, fmt.Errorf("%s %s is a card the seat may not see", field, n)
		}
	}
	return named, nil
}

// namedIn checks the cards a text names, read the way the log writes them
// (a card's label, a word of its own: "p1 played R7", "W+4: RED"), are all
// cards the seat has seen; a label names any card that bears it.
func namedIn(text, field string, seen func(engine.Card) bool) (int, error) {
	named := 0
	for w := range strings.FieldsSeq(text) {
		cards, ok := labels[strings.TrimRight(strings.TrimLeft(w, "("), ":,!.()")]
		if !ok {
			continue
		}
		named++
		if !slices.ContainsFunc(cards, seen) {
			return named, fmt.Errorf("%s %q names %s, a card the seat has not seen", field, text, cards[0].Label())
		}
	}
	return named, nil
}

// labels are the cards of every edition's deck (Blank cards and foil
// included) by the label the log writes them with.
var labels = func() map[string][]engine.Card {
	m := map[string][]engine.Card{}
	for _, e := range engine.Editions {
		for _, blanks := range engine.BlankRules {
			for _, foil := range []bool{false, true} {
				for _, c := range (engine.Settings{Edition: e, Players: 2, Blanks: blanks, Foil: foil}).Deck() {
					if l := c.Label(); !slices.Contains(m[l], c) {
						m[l] = append(m[l], c)
					}
				}
			}
		}
	}
	return m
}()

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
