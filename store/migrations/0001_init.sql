-- 0001: accounts, games, ratings and the journal of live tables.
-- Times are Unix milliseconds (UTC).

CREATE TABLE accounts (
	id           INTEGER PRIMARY KEY,
	nickname     TEXT    NOT NULL,
	-- nickname_key is the nickname in lower case: one owner per name in any case.
	nickname_key TEXT    NOT NULL UNIQUE,
	created_ms   INTEGER NOT NULL,
	-- renamed_ms is when the nickname was last changed; NULL if never.
	renamed_ms   INTEGER
);

CREATE TABLE account_keys (
	fingerprint TEXT    PRIMARY KEY,
	account_id  INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	added_ms    INTEGER NOT NULL
);
CREATE INDEX account_keys_account ON account_keys(account_id);

CREATE TABLE link_codes (
	code       TEXT    PRIMARY KEY,
	account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	created_ms INTEGER NOT NULL,
	expires_ms INTEGER NOT NULL,
	used_ms    INTEGER
);
CREATE INDEX link_codes_account ON link_codes(account_id, created_ms);

CREATE TABLE link_failures (
	fingerprint TEXT    NOT NULL,
	at_ms       INTEGER NOT NULL
);
CREATE INDEX link_failures_key ON link_failures(fingerprint, at_ms);

CREATE TABLE games (
	id         INTEGER PRIMARY KEY,
	table_id   TEXT    NOT NULL,
	edition    TEXT    NOT NULL,
	mode       TEXT    NOT NULL,
	settings   TEXT    NOT NULL, -- JSON engine.Settings
	options    TEXT    NOT NULL, -- JSON: the table's own settings
	hands      TEXT    NOT NULL, -- JSON: one list of points per hand, by seat
	started_ms INTEGER NOT NULL,
	ended_ms   INTEGER NOT NULL,
	rated      INTEGER NOT NULL
);
CREATE INDEX games_ended ON games(ended_ms);

CREATE TABLE game_seats (
	game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL,
	kind       TEXT    NOT NULL, -- account, guest or bot
	account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
	name       TEXT    NOT NULL,
	bot_level  TEXT    NOT NULL DEFAULT '',
	team       INTEGER NOT NULL,
	place      INTEGER NOT NULL,
	points     INTEGER NOT NULL,
	uno_calls  INTEGER NOT NULL,
	catches    INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_account ON game_seats(account_id, game_id);

-- ratings: player is 'a:<account id>' or 'bot:<level>'; edition is an
-- edition's name or 'all'.
CREATE TABLE ratings (
	player     TEXT    NOT NULL,
	edition    TEXT    NOT NULL,
	mu         REAL    NOT NULL,
	sigma      REAL    NOT NULL,
	games      INTEGER NOT NULL,
	updated_ms INTEGER NOT NULL,
	PRIMARY KEY (player, edition)
);
-- The leaderboard's order: the conservative rating, best first.
CREATE INDEX ratings_board ON ratings(edition, (mu - 3 * sigma) DESC);

CREATE TABLE rating_changes (
	game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	player       TEXT    NOT NULL,
	edition      TEXT    NOT NULL,
	mu_before    REAL    NOT NULL,
	sigma_before REAL    NOT NULL,
	mu_after     REAL    NOT NULL,
	sigma_after  REAL    NOT NULL,
	at_ms        INTEGER NOT NULL,
	PRIMARY KEY (game_id, player, edition)
);
CREATE INDEX rating_changes_window ON rating_changes(edition, at_ms);
CREATE INDEX rating_changes_player ON rating_changes(player, edition, at_ms);

CREATE TABLE live_tables (
	id          TEXT    PRIMARY KEY,
	code        TEXT    NOT NULL DEFAULT '',
	settings    TEXT    NOT NULL, -- JSON engine.Settings
	seed        INTEGER NOT NULL, -- the uint64 seed's bits
	stack       TEXT,             -- JSON engine.Stack of a test game, else NULL
	seats       TEXT    NOT NULL DEFAULT '[]',
	options     TEXT    NOT NULL DEFAULT '{}', -- the lobby's own options, JSON
	created_ms  INTEGER NOT NULL,
	finished_ms INTEGER
);
CREATE INDEX live_tables_open ON live_tables(created_ms) WHERE finished_ms IS NULL;

CREATE TABLE journal (
	table_id TEXT    NOT NULL REFERENCES live_tables(id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	action   TEXT    NOT NULL, -- JSON engine.Action
	PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
