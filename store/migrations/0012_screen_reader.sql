-- 0012: the screen-reader mode. screen_reader is 1 when the player turned the
-- linear mode on in their profile, so that every later session of their keys
-- starts in it; 0, the default, draws the screen.
ALTER TABLE accounts ADD COLUMN screen_reader INTEGER NOT NULL DEFAULT 0;
