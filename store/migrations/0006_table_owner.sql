-- 0006: who writes a live table. owner is the node that last claimed the
-- table (ClaimTable), '' if none has; fence is the number that claim
-- returned, 0 if none. A journal entry is written only with a fence at
-- least as large as the table's, so that a node that lost the table to
-- another can never write it again. Both outlive a finished game at the
-- table: a fence only grows.
ALTER TABLE live_tables ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE live_tables ADD COLUMN fence INTEGER NOT NULL DEFAULT 0;
