-- 0002: live tournaments, so that a tournament in play outlives a restart.
-- Its two tables are live_tables rows like any other, each naming its
-- tournament; the tournament's own row holds what the tables do not: who
-- signed up, the round, the points so far (the lobby's JSON).

CREATE TABLE live_tournaments (
	id          TEXT    PRIMARY KEY,
	code        TEXT    NOT NULL DEFAULT '',
	state       TEXT    NOT NULL, -- the lobby's record, JSON
	created_ms  INTEGER NOT NULL,
	updated_ms  INTEGER NOT NULL,
	finished_ms INTEGER
);
CREATE INDEX live_tournaments_open ON live_tournaments(created_ms) WHERE finished_ms IS NULL;

-- tournament is the id of the tournament the table belongs to, '' for an
-- ordinary table.
ALTER TABLE live_tables ADD COLUMN tournament TEXT NOT NULL DEFAULT '';
