-- 0002: invitations turned off (SQLite's step 0007). no_invitations is 1
-- when the player turned invitations by nickname off, so that they stay off
-- at the next visit; 0, the default, lets friends invite them.
ALTER TABLE accounts ADD COLUMN no_invitations INTEGER NOT NULL DEFAULT 0;
