package store

// dialect is where the two backends' SQL differs: the same queries run on
// SQLite and on PostgreSQL (pg_driver.go writes their parameters as
// PostgreSQL wants them), except for the few fragments here, which neither
// can write the other's way.
type dialect struct {
	// postgres is true for PostgreSQL.
	postgres bool
	// seatList is the seats of the game g, in seat order, as a JSON list
	// of [name, place] pairs.
	seatList string
}

var sqliteDialect = dialect{
	seatList: `(SELECT json_group_array(json_array(o.name, o.place)) FROM
		(SELECT name, place FROM game_seats WHERE game_id = g.id ORDER BY seat) o)`,
}

var postgresDialect = dialect{
	postgres: true,
	seatList: `(SELECT COALESCE(json_agg(json_build_array(o.name, o.place) ORDER BY o.seat), '[]')
		FROM game_seats o WHERE o.game_id = g.id)`,
}
