-- 0006: the bot ladder (SQLite's step 0011). It is rated apart from the
-- people's ratings, by a model with no drift; a built-in level's row is a
-- fixed reference, never updated by a game.
CREATE TABLE ladder (
	player     TEXT COLLATE "C" NOT NULL PRIMARY KEY,
	mu         DOUBLE PRECISION NOT NULL,
	sigma      DOUBLE PRECISION NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	validated  INTEGER NOT NULL DEFAULT 0,
	updated_ms BIGINT NOT NULL DEFAULT 0
);
INSERT INTO ladder(player, mu, sigma, validated) VALUES
	('bot:beginner', 17, 1, 1), ('bot:easy', 21, 1, 1), ('bot:normal', 25, 1, 1), ('bot:hard', 29, 1, 1);
CREATE TABLE ladder_games (
	game_id BIGINT NOT NULL,
	player  TEXT COLLATE "C" NOT NULL,
	at_ms   BIGINT NOT NULL,
	PRIMARY KEY (game_id, player)
);
CREATE INDEX ladder_games_player ON ladder_games(player, at_ms);
