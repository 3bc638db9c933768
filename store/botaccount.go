package store

import "context"

// MarkBot makes the account a bot's (Account.Bot): the bot API registers a
// program's key with Register, then marks it. It is for good: a bot does
// not become a person.
func (db *DB) MarkBot(ctx context.Context, accountID int64) error {
	return db.setAccount(ctx, accountID, `UPDATE accounts SET bot = ? WHERE id = ?`, 1)
}
