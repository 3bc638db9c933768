-- 0011: the bot ladder (the bot API's rated games between programs). It is
-- rated apart from the people's ratings, by a model with no drift (a program
-- does not learn between games), so a bot's rating settles. player is a
-- ratings key: 'a:ID' for a bot's account, 'bot:LEVEL' for a built-in level,
-- which is a fixed reference: its row is never updated by a game.
-- validated is 1 once the bot has played its validation game.
CREATE TABLE ladder (
	player     TEXT NOT NULL PRIMARY KEY,
	mu         REAL NOT NULL,
	sigma      REAL NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	validated  INTEGER NOT NULL DEFAULT 0,
	updated_ms INTEGER NOT NULL DEFAULT 0
);
-- The built-in levels, one sigma apart in skill from each other around a
-- newcomer's mu, and sure of it: they are the scale's marks.
INSERT INTO ladder(player, mu, sigma, validated) VALUES
	('bot:beginner', 17, 1, 1), ('bot:easy', 21, 1, 1), ('bot:normal', 25, 1, 1), ('bot:hard', 29, 1, 1);
-- ladder_games is each bot's ladder games, for its daily limit.
CREATE TABLE ladder_games (
	game_id INTEGER NOT NULL,
	player  TEXT NOT NULL,
	at_ms   INTEGER NOT NULL,
	PRIMARY KEY (game_id, player)
);
CREATE INDEX ladder_games_player ON ladder_games(player, at_ms);
