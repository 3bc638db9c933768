-- 0003: bot accounts (SQLite's bot-accounts step). bot is 1 for an account
-- a program registered in its first `ssh HOST bot` session.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
