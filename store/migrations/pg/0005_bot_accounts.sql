-- 0005: bot accounts (SQLite's step 0010). bot is 1 for an account
-- a program registered in its first `ssh HOST bot` session.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
