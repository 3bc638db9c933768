package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestTournamentSchedule: seven rounds; in each every player sits once, at
// one of two tables of two partnerships; over the seven every pair of
// players are partners exactly once, so for exactly four hands (28 in all).
func TestTournamentSchedule(t *testing.T) {
	rounds := TournamentSchedule()
	if len(rounds) != TournamentRounds || TournamentHands != 28 {
		t.Fatalf("%d rounds, %d hands", len(rounds), TournamentHands)
	}
	var together [TournamentPlayers][TournamentPlayers]int
	for r, round := range rounds {
		var seated [TournamentPlayers]int
		for k := range TournamentTables {
			seats := round.Seats(k)
			for s, p := range seats {
				seated[p]++
				if partner := seats[(s+2)%4]; !round.Tables[k].Has(p, partner) {
					t.Fatalf("round %d table %d: %d does not sit across from partner %d", r, k, p, partner)
				}
			}
			for _, team := range round.Tables[k] {
				together[team[0]][team[1]] += HandsPerPartnership
				together[team[1]][team[0]] += HandsPerPartnership
			}
		}
		for p, n := range seated {
			if n != 1 {
				t.Fatalf("round %d: player %d seated %d times", r, p, n)
			}
		}
	}
	for p := range TournamentPlayers {
		for q := range TournamentPlayers {
			if want := HandsPerPartnership * b2i(p != q); together[p][q] != want {
				t.Fatalf("players %d and %d partners for %d hands, want %d", p, q, together[p][q], want)
			}
		}
	}
}

// TestTournamentRefusals: eight players only; a table that has played its
// round waits for the other; a finished tournament takes no moves.
func TestTournamentRefusals(t *testing.T) {
	for _, n := range []int{4, 7, 9} {
		if _, err := NewTournament(Settings{Edition: Classic2001, Players: n}, 1); !errors.Is(err, ErrBadSettings) {
			t.Fatalf("%d players: %v", n, err)
		}
	}
	tr, err := NewTournament(Settings{Edition: Classic2001, Players: 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Apply(2, Action{Kind: Deal, Seat: SystemSeat}); !errors.Is(err, ErrNoSuchTable) {
		t.Fatalf("table 2: %v", err)
	}
	tb := newRandomTable(1)
	for !tr.RoundDone(0) { // table 0 plays its four hands alone
		playMove(t, tr, 0, &tb)
	}
	if _, err := tr.Apply(0, Action{Kind: Deal, Seat: SystemSeat}); !errors.Is(err, ErrRoundDone) {
		t.Fatalf("a fifth deal: %v", err)
	}
	if len(tr.Legal(0, SystemSeat)) != 0 || tr.Round() != 0 {
		t.Fatal("table 0 may deal again")
	}
	for !tr.RoundDone(1) && tr.Round() == 0 {
		playMove(t, tr, 1, &tb)
	}
	if tr.Round() != 1 || tr.Standings().Hands != [2]int{4, 4} {
		t.Fatalf("round %d, hands %v", tr.Round(), tr.Standings().Hands)
	}
	for !tr.Over() {
		playMove(t, tr, int(tb.roll()%2), &tb)
	}
	if _, err := tr.Apply(0, Action{Kind: Deal, Seat: SystemSeat}); !errors.Is(err, ErrTournamentOver) {
		t.Fatalf("after the end: %v", err)
	}
}

// playMove makes one legal move at table, if it has one.
func playMove(t *testing.T, tr *Tournament, table int, tb *randomTable) {
	t.Helper()
	if tr.RoundDone(table) {
		return
	}
	var i int
	tb.legal, i = tb.move(tr.games[table], tb.legal)
	if _, err := tr.Apply(table, tb.legal[i]); err != nil {
		t.Fatal(err)
	}
}

// TestTournamentProperties plays seeded tournaments in every edition, the two
// tables' moves interleaved at random, and checks: 28 hands at each table;
// every player partnered with every other for exactly four hands; the points
// of every hand kept under the partnership that scored them, and each
// player's score the sum of their partnerships; the winners the players with
// the most points; no card created or lost; and the journal replays to the
// same state, also after a JSON round trip.
func TestTournamentProperties(t *testing.T) {
	games := 20
	if testing.Short() || raceDetector {
		games = 3
	}
	for _, e := range Editions {
		t.Run(name(e), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := uint64(e)<<32 | uint64(i)
				s := Settings{Edition: e, Players: TournamentPlayers, Blanks: BlankRule(i % 4), BlankPoints: BlankScore(i % 3)}
				if err := checkTournament(s, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

func checkTournament(s Settings, seed uint64) error {
	tr, err := NewTournament(s, seed)
	if err != nil {
		return err
	}
	j := tr.NewJournal()
	tb := newRandomTable(seed)
	var together, tally [TournamentPlayers][TournamentPlayers]int
	hands := [TournamentTables]int{}
	for moves := 0; !tr.Over(); moves++ {
		if moves > 20*maxMoves {
			return fmt.Errorf("no end after %d moves", moves)
		}
		k := int(tb.roll() % TournamentTables)
		if tr.RoundDone(k) {
			k = 1 - k
		}
		var i int
		tb.legal, i = tb.move(tr.games[k], tb.legal)
		a := tb.legal[i]
		round := tr.Round()
		evs, err := tr.Apply(k, a)
		if err != nil {
			return fmt.Errorf("table %d, %s: %w", k, a, err)
		}
		j.Moves = append(j.Moves, TournamentMove{Table: k, Action: a})
		if err := tr.Audit(); err != nil {
			return err
		}
		for _, ev := range evs {
			if ev.Kind != EvHandOver {
				continue
			}
			hands[k]++
			seats := tr.schedule[round].Seats(k)
			p, q := seats[ev.Seat], seats[ev.Target]
			tally[p][q] += ev.Count
			tally[q][p] += ev.Count
			for s := range 4 {
				together[seats[s]][seats[(s+2)%4]]++
			}
		}
	}
	if hands != [2]int{TournamentHands, TournamentHands} {
		return fmt.Errorf("hands played %v", hands)
	}
	st := tr.Standings()
	best := 0
	for p := range TournamentPlayers {
		sum := 0
		for q := range TournamentPlayers {
			if want := HandsPerPartnership * b2i(p != q); together[p][q] != want {
				return fmt.Errorf("players %d and %d partners for %d hands", p, q, together[p][q])
			}
			if st.Tally[p][q] != tally[p][q] {
				return fmt.Errorf("tally %v, the hands say %v", st.Tally, tally)
			}
			sum += tally[p][q]
		}
		if st.Scores[p] != sum {
			return fmt.Errorf("player %d: score %d, partnerships %d", p, st.Scores[p], sum)
		}
		best = max(best, sum)
	}
	if len(st.Winners) == 0 {
		return fmt.Errorf("no winner")
	}
	for _, w := range st.Winners {
		if st.Scores[w] != best {
			return fmt.Errorf("winner %d has %d, the best is %d", w, st.Scores[w], best)
		}
	}
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	var back TournamentJournal
	if err := json.Unmarshal(b, &back); err != nil {
		return err
	}
	re, err := ReplayTournament(back)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(re.State(), tr.State()) {
		return fmt.Errorf("the replay differs")
	}
	return nil
}

// A tournament table is Partners for four, whatever the tournament's mode
// and target, and keeps the edition's card choices.
func TestTournamentTableSettings(t *testing.T) {
	s := Settings{Edition: Classic2001, Mode: Standard, Players: TournamentPlayers, Target: 500, Blanks: BlankSwapHands}
	got := s.TournamentTable()
	if got.Mode != Partners || got.Players != 4 || got.Target != tableTarget || got.Blanks != BlankSwapHands {
		t.Fatalf("table settings %+v", got)
	}
	if err := got.Validate(); err != nil {
		t.Fatal(err)
	}
}
