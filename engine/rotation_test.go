package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// TestRotationProperties plays seeded rotating-partners games in every
// edition to their end and checks what the rotation promises: twelve hands,
// each pair of players partners for exactly four of them, the hands' points
// kept under the partnership that scored them, every seat's score the sum of
// its partnerships, the winners the seats with the most points; and the
// journal replays, also after a JSON round trip.
func TestRotationProperties(t *testing.T) {
	games := 200
	if testing.Short() || raceDetector {
		games = 20
	}
	for _, e := range Editions {
		t.Run(name(e), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := uint64(e)<<32 | uint64(i)
				s := Settings{Edition: e, Mode: RotatingPartners, Players: 4, Blanks: BlankRule(i % 4), Foil: i%2 == 1}
				if err := checkRotation(s, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

func checkRotation(s Settings, seed uint64) error {
	g, err := New(s, seed)
	if err != nil {
		return err
	}
	j := g.NewJournal()
	tb := newRandomTable(seed)
	var together [4][4]int // hands each pair played as partners
	var tally [4][4]int    // recomputed from the hand-over events
	for moves := 0; !g.Over(); moves++ {
		if moves > maxMoves {
			return fmt.Errorf("no end after %d moves", moves)
		}
		var i int
		tb.legal, i = tb.move(g, tb.legal)
		a := tb.legal[i]
		evs, err := g.Apply(a)
		if err != nil {
			return err
		}
		j.Actions = append(j.Actions, a)
		if err := g.Audit(); err != nil {
			return err
		}
		for _, ev := range evs {
			if ev.Kind != EvDealt {
				if ev.Kind == EvHandOver {
					tally[ev.Seat][ev.Target] += ev.Count
					tally[ev.Target][ev.Seat] += ev.Count
				}
				continue
			}
			p := RotationSchedule()[RotationRound(g.hand)]
			for _, team := range p {
				together[team[0]][team[1]]++
				together[team[1]][team[0]]++
			}
		}
	}
	if g.hand != RotationHands {
		return fmt.Errorf("the game ended after %d hands", g.hand)
	}
	r := g.View(-1).Rotation
	best := 0
	for s := range 4 {
		best = max(best, g.scores[s])
		if r.Total(s) != g.scores[s] {
			return fmt.Errorf("seat %d: partnerships add up to %d, score %d", s, r.Total(s), g.scores[s])
		}
		for p := range 4 {
			if want := HandsPerPartnership * b2i(p != s); together[s][p] != want {
				return fmt.Errorf("seats %d and %d partners for %d hands", s, p, together[s][p])
			}
			if r.Tally[s][p] != tally[s][p] {
				return fmt.Errorf("tally %v, the hands say %v", r.Tally, tally)
			}
		}
	}
	for _, w := range g.Winners() {
		if g.scores[w] != best {
			return fmt.Errorf("winner %d has %d, the best is %d", w, g.scores[w], best)
		}
	}
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	var back Journal
	if err := json.Unmarshal(b, &back); err != nil {
		return err
	}
	re, err := Replay(back)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(re.State(), g.State()) {
		return fmt.Errorf("the replay differs")
	}
	return nil
}

func b2i(b bool) int { return int(b2u(b)) }

// TestRotationJSON: the rotation's view, and a tournament's state and
// standings, survive a JSON round trip.
func TestRotationJSON(t *testing.T) {
	g, _ := New(Settings{Edition: Classic2001, Mode: RotatingPartners, Players: 4, Blanks: BlankPassHands, BlankPoints: BlankScoresWild}, 5)
	roundTrip(t, g.View(-1))
	tb := newRandomTable(5)
	for i := 0; !g.Over(); i++ {
		var k int
		tb.legal, k = tb.move(g, tb.legal)
		if _, err := g.Apply(tb.legal[k]); err != nil {
			t.Fatal(err)
		}
		if i%97 == 0 {
			roundTrip(t, g.View(i%4))
			roundTrip(t, g.State())
		}
	}
	roundTrip(t, g.View(0))
	tr, _ := NewTournament(Settings{Edition: Minions2016, Players: 8}, 5)
	for i := 0; i < 3000 && !tr.Over(); i++ {
		playMove(t, tr, i%2, &tb)
		if i%211 == 0 {
			roundTrip(t, tr.State())
			roundTrip(t, tr.Standings())
		}
	}
}
