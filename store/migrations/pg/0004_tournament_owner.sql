-- 0004 (the cluster's step):
-- who writes a live tournament's record (SQLite's step 0009). owner is the
-- node that last claimed it (ClaimTournament), '' if none has; fence is the
-- number that claim returned, 0 if none.
ALTER TABLE live_tournaments ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE live_tournaments ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
