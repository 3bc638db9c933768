package engine

import "fmt"

// This file is Classic 2001's eight-player tournament ("two separate games
// at two tables"): every player partners every other player for four hands,
// 28 hands in all, and keeps the points scored in each partnership, as in
// the four-player rotation (rotation.go). The 28 hands are seven rounds of
// four; each round seats two partnerships at each table. A Tournament owns
// the two tables' games: the caller (the lobby) feeds each table's moves
// through Apply, and the Tournament keeps the standings across both tables
// and reseats the players when both tables have played the round's hands.

// Tournament sizes.
const (
	TournamentPlayers = 8
	TournamentTables  = 2
	TournamentRounds  = TournamentPlayers - 1 // one partner a round
	TournamentHands   = TournamentRounds * HandsPerPartnership
)

// tableTarget is the target of a tournament table's Partners game: out of
// reach, so the game never ends by itself; the Tournament stops each table
// after the round's four hands. (A hand scores at most every card of the
// deck, under 6,000 points: four hands cannot reach it.)
const tableTarget = 100000

// Tournament errors, worded for a player.
var (
	ErrRoundDone      = ruleError("this table has played its hands for the round: wait for the other table")
	ErrNoSuchTable    = ruleError("there is no such table")
	ErrTournamentOver = ruleError("the tournament is over")
)

// Round is one round of the tournament: the partnerships at each table.
// Tables[t] is a Pairing of player numbers (0 to 7).
type Round struct {
	Tables [TournamentTables]Pairing `json:"tables"`
}

// Seats is the players at table t in seat order: partners across (seats 0
// and 2, seats 1 and 3), as the Partners mode seats them.
func (r Round) Seats(t int) [4]int { return r.Tables[t].Order() }

// TournamentSchedule is the seven rounds, by the circle method: player 7
// stays put while the others turn round a circle, so each round pairs every
// player with a new partner and, over the seven, with each of the others
// once. The first two partnerships of a round sit at table 0.
func TournamentSchedule() []Round {
	const n = TournamentRounds
	rounds := make([]Round, n)
	for r := range rounds {
		pairs := [4][2]int{{TournamentPlayers - 1, r}}
		for k := 1; k <= 3; k++ {
			pairs[k] = [2]int{(r + k) % n, (r - k + n) % n}
		}
		rounds[r].Tables = [2]Pairing{{pairs[0], pairs[1]}, {pairs[2], pairs[3]}}
	}
	return rounds
}

// Tournament is an eight-player, two-table tournament in play. It has one
// owner and is not safe for concurrent use.
type Tournament struct {
	settings Settings
	seed     uint64
	schedule []Round
	round    int
	games    [TournamentTables]*Game
	tally    [TournamentPlayers][TournamentPlayers]int
	over     bool
}

// NewTournament starts a tournament: s gives the edition and its card
// choices (Blanks, BlankPoints, Foil) and must seat eight players; the mode
// and target are the tournament's own. Each table is then dealt by Apply.
func NewTournament(s Settings, seed uint64) (*Tournament, error) {
	if s.Players != TournamentPlayers {
		return nil, fmt.Errorf("%w: the tournament is played by exactly eight players", ErrBadSettings)
	}
	table := s.tableSettings()
	if err := table.Validate(); err != nil {
		return nil, err
	}
	t := &Tournament{settings: s, seed: seed, schedule: TournamentSchedule()}
	t.seatRound()
	return t, nil
}

// tableSettings are the settings of each table's game: Partners, four players.
func (s Settings) tableSettings() Settings {
	s.Mode, s.Players, s.Target = Partners, 4, tableTarget
	return s
}

// seatRound starts the round's games, each from its own seed.
func (t *Tournament) seatRound() {
	for k := range t.games {
		t.games[k] = newGame(t.settings.tableSettings(), mix(t.seed^uint64(t.round*TournamentTables+k+1)))
	}
}

// Settings are the tournament's settings.
func (t *Tournament) Settings() Settings { return t.settings }

// Round is the round in play (0 to 6; the last one once the tournament is over).
func (t *Tournament) Round() int { return t.round }

// Schedule is the seven rounds.
func (t *Tournament) Schedule() []Round { return append([]Round(nil), t.schedule...) }

// Over reports whether all 28 hands have been played at both tables.
func (t *Tournament) Over() bool { return t.over }

// Seat is where player sits this round: the table and the seat at it.
func (t *Tournament) Seat(player int) (table, seat int) {
	for k := range TournamentTables {
		for s, p := range t.schedule[t.round].Seats(k) {
			if p == player {
				return k, s
			}
		}
	}
	return -1, -1
}

// Player is the player at seat of table this round.
func (t *Tournament) Player(table, seat int) int {
	return t.schedule[t.round].Seats(table)[seat]
}

// RoundDone reports whether table has played its four hands this round.
func (t *Tournament) RoundDone(table int) bool {
	g := t.games[table]
	return g.hand == HandsPerPartnership && g.phase == PhaseDeal
}

// View is the game at table as its seat sees it (-1: a spectator). Once the
// table has played the round's hands, the table's deal is not a legal move.
func (t *Tournament) View(table, seat int) View {
	v := t.games[table].View(seat)
	if t.RoundDone(table) || t.over {
		v.Legal = nil
	}
	return v
}

// Legal is every move seat (SystemSeat: the table) may make at table now.
func (t *Tournament) Legal(table, seat int) []Action {
	if t.RoundDone(table) || t.over {
		return nil
	}
	return t.games[table].Legal(seat)
}

// Apply applies a move at table, seats numbered as at that table (Seat), and
// returns its events. A hand's points go to the partnership that scored
// them; when both tables have played the round's hands the players are
// reseated for the next round (or the tournament ends), and each table's
// next deal starts a new game.
func (t *Tournament) Apply(table int, a Action) ([]Event, error) {
	switch {
	case table < 0 || table >= TournamentTables:
		return nil, ErrNoSuchTable
	case t.over:
		return nil, ErrTournamentOver
	case t.RoundDone(table):
		return nil, ErrRoundDone
	}
	evs, err := t.games[table].Apply(a)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		if e.Kind == EvHandOver {
			a, b := t.Player(table, e.Seat), t.Player(table, e.Target)
			t.tally[a][b] += e.Count
			t.tally[b][a] += e.Count
		}
	}
	if t.RoundDone(0) && t.RoundDone(1) {
		if t.round == TournamentRounds-1 {
			t.over = true
		} else {
			t.round++
			t.seatRound()
		}
	}
	return evs, nil
}

// Standings are the tournament's scores across both tables.
type Standings struct {
	// Tally[p][q] is what player p scored with q as partner.
	Tally [][]int `json:"tally"`
	// Scores are each player's total: the sum of their partnerships.
	Scores []int `json:"scores"`
	// Hands is how many hands each table has played, in all.
	Hands [TournamentTables]int `json:"hands"`
	// Winners are the players with the most points, once the tournament is over.
	Winners []int `json:"winners,omitempty"`
}

// Standings are the scores so far, a copy.
func (t *Tournament) Standings() Standings {
	var st Standings
	best := 0
	for p := range TournamentPlayers {
		st.Tally = append(st.Tally, append([]int(nil), t.tally[p][:]...))
		sum := 0
		for _, v := range t.tally[p] {
			sum += v
		}
		st.Scores = append(st.Scores, sum)
		best = max(best, sum)
	}
	for k, g := range t.games {
		st.Hands[k] = t.round*HandsPerPartnership + g.hand
		if g.phase != PhaseDeal && g.phase != PhaseGameOver {
			st.Hands[k]-- // the hand in play is not played yet
		}
	}
	if t.over {
		for p, sc := range st.Scores {
			if sc == best {
				st.Winners = append(st.Winners, p)
			}
		}
	}
	return st
}
