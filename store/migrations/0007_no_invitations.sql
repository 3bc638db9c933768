-- 0007: invitations turned off. no_invitations is 1 when the player turned
-- invitations by nickname off (Who's online, x), so that they stay off at
-- the next visit; 0, the default, lets friends invite them.
ALTER TABLE accounts ADD COLUMN no_invitations INTEGER NOT NULL DEFAULT 0;
