package engine

// TournamentTable is the settings of each table's game in the eight-player
// tournament, made from the tournament's settings s: Partners for four, with
// a target out of reach, so that only the round's four hands end a table's
// game. A lobby that runs each table on its own uses it to deal the same
// games a Tournament deals.
func (s Settings) TournamentTable() Settings { return s.tableSettings() }
