package lobby

import (
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is what a tournament shows: the options its host chooses, what
// everyone sees of it, and the intents of its room.

// TournamentOptions are what a host chooses when opening the eight-player,
// two-table tournament (Classic 2001's "two separate games at two tables").
type TournamentOptions struct {
	// Name is shown in the lobby; a default is made from the host's nickname.
	Name   string
	Public bool
	// Settings give the edition and its card choices (Blanks, BlankPoints,
	// Foil, house rules); the players, mode and target are the tournament's
	// own (eight players; Partners at each table; four hands a round).
	Settings engine.Settings
	// Bots is the number of places to give bots at once.
	Bots int
	// TurnTime is the tables' turn timer, as for a table.
	TurnTime time.Duration
}

// settings are the tournament's settings: eight players.
func (o TournamentOptions) settings() engine.Settings {
	s := o.Settings
	s.Players, s.Mode, s.Target = engine.TournamentPlayers, engine.Partners, 0
	return s
}

// TournamentView is a tournament as everyone sees it: who plays, the
// schedule, where this round seats everyone and the standings across both
// tables. It comes with every view of the tournament's room and of its two
// tables (TableView.Tournament).
type TournamentView struct {
	ID   string
	Name string
	// Players are the eight players' nicknames by player number (the order
	// they signed up in); Bots marks the places bots hold.
	Players []string
	Bots    []bool
	// Schedule is the seven rounds: the partnerships at each table.
	Schedule []engine.Round
	// Round is the round in play (0 to 6).
	Round   int
	Started bool
	Over    bool
	// Table is the table this view is shown at (0 or 1), or -1 in the
	// tournament's room.
	Table int
	// TableIDs are the two tables, to watch them.
	TableIDs [engine.TournamentTables]string
	// RoundDone reports, for each table, that it has played the round's hands.
	RoundDone [engine.TournamentTables]bool
	// Standings are the points across both tables: Tally[p][q] is what p
	// scored with q as partner, Scores each player's total, Hands each
	// table's hands played, Winners the best once it is over.
	Standings engine.Standings
}

// HandsPlayed is how many hands each player has played: the fewer of the
// two tables' counts, since both play the same number each round.
func (v *TournamentView) HandsPlayed() int {
	return min(v.Standings.Hands[0], v.Standings.Hands[1])
}

// clone is a deep copy: each viewer gets their own.
func (v *TournamentView) clone() *TournamentView {
	if v == nil {
		return nil
	}
	c := *v
	c.Players = append([]string(nil), v.Players...)
	c.Bots = append([]bool(nil), v.Bots...)
	c.Schedule = append([]engine.Round(nil), v.Schedule...)
	c.Standings.Tally = make([][]int, len(v.Standings.Tally))
	for i, row := range v.Standings.Tally {
		c.Standings.Tally[i] = append([]int(nil), row...)
	}
	c.Standings.Scores = append([]int(nil), v.Standings.Scores...)
	c.Standings.Winners = append([]int(nil), v.Standings.Winners...)
	return &c
}

// The tournament room's own intents, numbered apart from a table's so that
// either list may grow.
const (
	// TourSignUp signs a spectator of the sign-up room up for a free place.
	TourSignUp IntentKind = 64 + iota
	// TourWatch watches table Intent.Seat (0 or 1) of a tournament in play.
	TourWatch
)
