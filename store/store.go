package store

import (
	"context"

	"github.com/unossh/unossh/engine"
)

// Store is what the lobby needs kept. DB implements it, on SQLite (Open)
// or on PostgreSQL for several nodes (OpenPostgres). Every method is safe
// for concurrent use.
type Store interface {
	Accounts
	History
	Tables
	Tournaments
	Moderation // moderation.go
	Ladder     // ladder.go
	// Close writes what is queued and closes the store.
	Close() error
}

// Accounts are players known by their keys, and their nicknames.
type Accounts interface {
	// Register creates the account of a key that has none.
	Register(ctx context.Context, fingerprint, nickname string) (Account, error)
	// Rename changes the nickname (RenameEvery at most).
	Rename(ctx context.Context, accountID int64, nickname string) (Account, error)
	// NameFree is nil if the holder of fingerprint ("" for a guest) may
	// use nickname, ErrNameTaken if another account owns it.
	NameFree(ctx context.Context, nickname, fingerprint string) error
	Account(ctx context.Context, id int64) (Account, error)
	AccountByKey(ctx context.Context, fingerprint string) (Account, error)
	AccountByName(ctx context.Context, nickname string) (Account, error)
	// SetQuickPlay keeps the account's Quick play choice (Account.QuickPlay).
	SetQuickPlay(ctx context.Context, accountID int64, choice string) error
	// SetInvitations keeps whether friends may invite the account's player
	// by nickname (Account.NoInvitations).
	SetInvitations(ctx context.Context, accountID int64, on bool) error
	// SetScreenReader keeps whether the account's player plays in the
	// screen-reader mode (Account.ScreenReader).
	SetScreenReader(ctx context.Context, accountID int64, on bool) error
	// MarkBot makes the account a bot's (Account.Bot), for good.
	MarkBot(ctx context.Context, accountID int64) error
	// NewLinkCode makes a one-time code that adds a key to the account.
	NewLinkCode(ctx context.Context, accountID int64) (LinkCode, error)
	// RedeemLinkCode adds the key to the code's account.
	RedeemLinkCode(ctx context.Context, code, fingerprint string) (Account, error)
}

// History is finished games, the statistics drawn from them, and ratings.
type History interface {
	// RecordGame stores a finished game and updates the ratings.
	RecordGame(ctx context.Context, g GameRecord) (GameRecord, []RatingChange, error)
	// RecordTournament stores a finished tournament's standings.
	RecordTournament(ctx context.Context, r TournamentResult) (TournamentResult, error)
	Game(ctx context.Context, id int64) (GameRecord, error)
	Profile(ctx context.Context, accountID int64) (Profile, error)
	ProfileByName(ctx context.Context, nickname string) (Profile, error)
	Rating(ctx context.Context, p PlayerRef, edition string) (PlayerRating, error)
	Leaderboard(ctx context.Context, q LeaderboardQuery) ([]LeaderEntry, error)
}

// Tables are live tables and their journals.
type Tables interface {
	CreateTable(ctx context.Context, t Table) error
	SetTableSeats(ctx context.Context, tableID string, seats []TableSeat) error
	// ClaimTable makes node the writer of an unfinished table and returns
	// its fencing number: greater than any returned before for that table,
	// so that a node that has lost the table (to another node's claim)
	// can no longer write its journal.
	ClaimTable(ctx context.Context, tableID, node string) (fence int64, err error)
	// Append writes one action to the table's journal; it returns after
	// the commit. It is refused with ErrFenced if a fence greater than
	// fence has been claimed since, atomically with the write.
	Append(ctx context.Context, tableID string, fence int64, seq int, a engine.Action) error
	FinishTable(ctx context.Context, tableID string) error
	UnfinishedTables(ctx context.Context) ([]SavedTable, error)
	// LoadTable is one unfinished table with its journal, for the node
	// that adopts it; ErrUnknownTable if there is none under id.
	LoadTable(ctx context.Context, id string) (SavedTable, error)
	// Stats are the journal's counters (writes, failures, retries).
	Stats() Stats
}

// Tournaments are live tournaments: what a tournament in play needs, beside
// its tables' records and journals, to come back after a restart.
type Tournaments interface {
	// SaveTournament records a live tournament, or its new state;
	// ErrFenced if a larger fence than t.Fence has claimed it since.
	SaveTournament(ctx context.Context, t Tournament) error
	// ClaimTournament makes node the writer of the unfinished tournament
	// id and returns its new fence, one more than the last (a node of
	// several that takes it over, as ClaimTable a table).
	ClaimTournament(ctx context.Context, id, node string) (fence int64, err error)
	// FinishTournament marks it finished: it is never restored.
	FinishTournament(ctx context.Context, id string) error
	UnfinishedTournaments(ctx context.Context) ([]Tournament, error)
}
