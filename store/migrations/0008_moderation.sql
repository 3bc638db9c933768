-- 0008: moderation. bans keep who may not come in: kind 'name' bans the
-- account (account_id) and so every key of it, 'key' one fingerprint,
-- 'addr' an address or a CIDR (target). until_ms 0 is for ever. by_key is
-- the admin's key fingerprint. mutes silence a speaker (target: the lobby's
-- speaker id, "a:ACCOUNT" or "k:IDENTITY") until until_ms.
-- accounts.ignores are the speakers an account hides from itself, one a
-- line, read with the account at each login. reports are what players
-- reported, with the table's last chat lines as evidence (one a line).
CREATE TABLE bans (
	id         INTEGER PRIMARY KEY,
	kind       TEXT    NOT NULL,
	target     TEXT    NOT NULL,
	account_id INTEGER,
	reason     TEXT    NOT NULL,
	by_key     TEXT    NOT NULL,
	at_ms      INTEGER NOT NULL,
	until_ms   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX bans_target ON bans(target);

CREATE TABLE mutes (
	target   TEXT    PRIMARY KEY,
	name     TEXT    NOT NULL,
	reason   TEXT    NOT NULL,
	by_key   TEXT    NOT NULL,
	at_ms    INTEGER NOT NULL,
	until_ms INTEGER NOT NULL
);

ALTER TABLE accounts ADD COLUMN ignores TEXT NOT NULL DEFAULT '';

CREATE TABLE reports (
	id          INTEGER PRIMARY KEY,
	at_ms       INTEGER NOT NULL,
	by_key      TEXT    NOT NULL,
	by_name     TEXT    NOT NULL,
	target      TEXT    NOT NULL,
	target_name TEXT    NOT NULL,
	table_name  TEXT    NOT NULL,
	reason      TEXT    NOT NULL,
	evidence    TEXT    NOT NULL
);
CREATE INDEX reports_at ON reports(at_ms);
