-- 0009 (the cluster's step):
-- who writes a live tournament's record, as 0006 for a table. owner is the
-- node that last claimed it (ClaimTournament), '' if none has; fence is the
-- number that claim returned, 0 if none. A record is written only with a
-- fence at least as large, so that a node that lost the tournament to
-- another can never write it again.
ALTER TABLE live_tournaments ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE live_tournaments ADD COLUMN fence INTEGER NOT NULL DEFAULT 0;
