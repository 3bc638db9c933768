-- 0003: the tournament on the players' records. A round's game at a
-- tournament's table is a game like any other that names its tournament;
-- the tournament's final standings are its result, a line per player.

-- tournament is the id of the tournament the game was a round of, '' for
-- an ordinary table's game; round is that round, from 0.
ALTER TABLE games ADD COLUMN tournament TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
-- A round is one game of its table, begun when its journal was: recorded
-- again after a restart (its journal replayed), it is the same game. (The
-- start tells apart two tournaments of one id, which a later server may
-- use again.)
CREATE UNIQUE INDEX games_tournament_round ON games(tournament, table_id, round, started_ms)
	WHERE tournament != '';

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
