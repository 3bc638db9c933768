-- 0003 (the cluster's step, reserved as 0005: the lead renumbers at merge):
-- who writes a live tournament's record (SQLite's step 0008). owner is the
-- node that last claimed it (ClaimTournament), '' if none has; fence is the
-- number that claim returned, 0 if none.
ALTER TABLE live_tournaments ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE live_tournaments ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
