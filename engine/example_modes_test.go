package engine_test

import (
	"fmt"

	"github.com/unossh/unossh/engine"
)

// firstMove is a simple, deterministic player for the examples: whatever
// the game waits for, the first legal move.
func firstMove(g *engine.Game) engine.Action {
	seat := g.Waiting()[0]
	return g.Legal(seat)[0]
}

// The four-player rotation: four hands with each partner, seated across.
func ExampleRotationSchedule() {
	for r, p := range engine.RotationSchedule() {
		fmt.Printf("hands %d-%d: %v & %v against %v & %v, seated %v\n", r*4+1, r*4+4,
			p[0][0], p[0][1], p[1][0], p[1][1], p.Order())
	}
	// Output:
	// hands 1-4: 0 & 2 against 1 & 3, seated [0 1 2 3]
	// hands 5-8: 0 & 1 against 2 & 3, seated [0 2 1 3]
	// hands 9-12: 0 & 3 against 1 & 2, seated [0 1 3 2]
}

// A rotating-partners game played to its end: each hand's points go to the
// partnership that went out, and each player keeps them by partner.
func ExampleRotationView() {
	g, _ := engine.New(engine.Settings{Edition: engine.Classic2001, Mode: engine.RotatingPartners, Players: 4}, 12)
	for !g.Over() {
		evs, err := g.Apply(firstMove(g))
		if err != nil {
			panic(err)
		}
		for _, e := range evs {
			if e.Kind == engine.EvHandOver {
				fmt.Printf("hand %2d: %d & %d score %d\n", g.View(-1).HandNo, e.Seat, e.Target, e.Count)
			}
		}
	}
	r := g.View(-1).Rotation
	for s := range 4 {
		fmt.Printf("seat %d: by partner %v, total %d\n", s, r.Tally[s], r.Total(s))
	}
	fmt.Println("winners", g.Winners())
	// Output:
	// hand  1: 2 & 0 score 24
	// hand  2: 3 & 1 score 111
	// hand  3: 0 & 2 score 74
	// hand  4: 1 & 3 score 127
	// hand  5: 3 & 2 score 93
	// hand  6: 0 & 1 score 188
	// hand  7: 3 & 2 score 34
	// hand  8: 0 & 1 score 36
	// hand  9: 0 & 3 score 28
	// hand 10: 1 & 2 score 61
	// hand 11: 1 & 2 score 96
	// hand 12: 2 & 1 score 48
	// seat 0: by partner [0 224 98 28], total 350
	// seat 1: by partner [224 0 205 238], total 667
	// seat 2: by partner [98 205 0 127], total 430
	// seat 3: by partner [28 238 127 0], total 393
	// winners [1]
}

// The eight-player tournament's seven rounds: two tables of two
// partnerships, every pair of players partners in exactly one round.
func ExampleTournamentSchedule() {
	for r, round := range engine.TournamentSchedule() {
		fmt.Printf("round %d (hands %2d-%2d): table 0 seats %v, table 1 seats %v\n",
			r+1, r*4+1, r*4+4, round.Seats(0), round.Seats(1))
	}
	// Output:
	// round 1 (hands  1- 4): table 0 seats [7 1 0 6], table 1 seats [2 3 5 4]
	// round 2 (hands  5- 8): table 0 seats [7 2 1 0], table 1 seats [3 4 6 5]
	// round 3 (hands  9-12): table 0 seats [7 3 2 1], table 1 seats [4 5 0 6]
	// round 4 (hands 13-16): table 0 seats [7 4 3 2], table 1 seats [5 6 1 0]
	// round 5 (hands 17-20): table 0 seats [7 5 4 3], table 1 seats [6 0 2 1]
	// round 6 (hands 21-24): table 0 seats [7 6 5 4], table 1 seats [0 1 3 2]
	// round 7 (hands 25-28): table 0 seats [7 0 6 5], table 1 seats [1 2 4 3]
}

// A whole tournament: each table's moves go through Apply; the standings
// count every partnership across both tables.
func ExampleTournament() {
	tr, _ := engine.NewTournament(engine.Settings{Edition: engine.Classic2001, Players: 8}, 3)
	for !tr.Over() {
		for table := range engine.TournamentTables {
			if tr.RoundDone(table) {
				continue
			}
			v := tr.View(table, -1)
			seat := engine.SystemSeat
			if v.Phase != engine.PhaseDeal {
				seat = v.Current
			}
			if _, err := tr.Apply(table, tr.Legal(table, seat)[0]); err != nil {
				panic(err)
			}
		}
	}
	st := tr.Standings()
	fmt.Println("hands", st.Hands)
	fmt.Println("scores", st.Scores)
	fmt.Println("player 0 by partner", st.Tally[0])
	fmt.Println("winners", st.Winners)
	// Output:
	// hands [28 28]
	// scores [1310 1554 917 944 1592 977 1314 994]
	// player 0 by partner [0 314 271 72 183 222 201 47]
	// winners [4]
}
