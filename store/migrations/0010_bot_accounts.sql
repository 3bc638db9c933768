-- 0010: bot accounts. bot is 1 for an account a program registered in its
-- first `ssh HOST bot` session (the bot API): shown as a bot everywhere, it
-- does not play through the TUI, and a person's key never becomes one.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
