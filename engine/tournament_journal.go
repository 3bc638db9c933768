package engine

import "fmt"

// TournamentMove is one move of a tournament: an action at a table.
type TournamentMove struct {
	Table  int    `json:"table"`
	Action Action `json:"action"`
}

// TournamentJournal is everything needed to rebuild a tournament: its
// settings, its seed and its moves in the order they were applied. It
// encodes to and from JSON.
type TournamentJournal struct {
	Settings Settings         `json:"settings"`
	Seed     uint64           `json:"seed"`
	Moves    []TournamentMove `json:"moves"`
}

// NewJournal starts the tournament's journal, with no moves yet.
func (t *Tournament) NewJournal() TournamentJournal {
	return TournamentJournal{Settings: t.settings, Seed: t.seed}
}

// ReplayTournament rebuilds a tournament from its journal. It fails on the
// first move the rules refuse, naming it.
func ReplayTournament(j TournamentJournal) (*Tournament, error) {
	t, err := NewTournament(j.Settings, j.Seed)
	if err != nil {
		return nil, err
	}
	for i, m := range j.Moves {
		if _, err := t.Apply(m.Table, m.Action); err != nil {
			return nil, fmt.Errorf("move %d (table %d: %s): %w", i, m.Table, m.Action, err)
		}
	}
	return t, nil
}

// TournamentState is the whole state of a tournament, hidden cards
// included: for journals, tests and audits, never for players.
type TournamentState struct {
	Round     int                     `json:"round"`
	Over      bool                    `json:"over,omitempty"`
	Standings Standings               `json:"standings"`
	Tables    [TournamentTables]State `json:"tables"`
}

// State is a deep copy of the tournament's whole state.
func (t *Tournament) State() TournamentState {
	st := TournamentState{Round: t.round, Over: t.over, Standings: t.Standings()}
	for k, g := range t.games {
		st.Tables[k] = g.State()
	}
	return st
}

// Audit checks both tables' games (Game.Audit).
func (t *Tournament) Audit() error {
	for k, g := range t.games {
		if err := g.Audit(); err != nil {
			return fmt.Errorf("table %d: %w", k, err)
		}
	}
	return nil
}
