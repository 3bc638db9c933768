-- 0003: the tournament on the players' records. A round's game at a
-- tournament's table is a game like any other that names its tournament;
-- the tournament's final standings are its result, a line per player.

-- tournament is the id of the tournament the game was a round of, '' for
-- an ordinary table's game.
ALTER TABLE games ADD COLUMN tournament TEXT NOT NULL DEFAULT '';

CREATE TABLE tournament_results (
	id            INTEGER PRIMARY KEY,
	tournament_id TEXT    NOT NULL,
	name          TEXT    NOT NULL,
	started_ms    INTEGER NOT NULL,
	ended_ms      INTEGER NOT NULL
);
CREATE INDEX tournament_results_ended ON tournament_results(ended_ms);

CREATE TABLE tournament_places (
	result_id  INTEGER NOT NULL REFERENCES tournament_results(id) ON DELETE CASCADE,
	player     INTEGER NOT NULL, -- the player's number in the tournament, from 0
	kind       TEXT    NOT NULL, -- account, guest or bot
	account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
	name       TEXT    NOT NULL,
	place      INTEGER NOT NULL,
	points     INTEGER NOT NULL,
	PRIMARY KEY (result_id, player)
);
CREATE INDEX tournament_places_account ON tournament_places(account_id, result_id);
