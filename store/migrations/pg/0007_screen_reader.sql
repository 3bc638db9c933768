-- 0007: the screen-reader mode (SQLite's step 0012). screen_reader is 1 when
-- the player turned the linear mode on in their profile.
ALTER TABLE accounts ADD COLUMN screen_reader INTEGER NOT NULL DEFAULT 0;
