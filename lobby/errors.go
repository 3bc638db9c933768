package lobby

import "errors"

// Errors a player may meet in the lobby.
var (
	ErrNickTaken    = errors.New("that nickname is taken by a player online; try another")
	ErrNickInvalid  = errors.New("a nickname is 2 to 16 letters, digits, - or _")
	ErrNoSuchTable  = errors.New("no table has that code; check it with your friend")
	ErrTableFull    = errors.New("table full: every seat at that table is taken")
	ErrTableStarted = errors.New("that table's game has started; you can watch it")
	ErrNoNick       = errors.New("choose a nickname first")
	// ErrShuttingDown is the one message every player gets, whatever they
	// press, once the server has begun to stop.
	ErrShuttingDown = errors.New("the server is restarting; please reconnect in a minute")
	ErrAtTable      = errors.New("you are already at a table; leave it first")
	ErrBusy         = errors.New("the table is busy; try again")
	ErrTooManyCodes = errors.New("too many wrong codes; wait a minute before trying again")
)

// errGone is an owner's goroutine having ended before it took a command.
var errGone = errors.New("gone")

// ErrNotAtTable answers an intent sent when the player is at no table.
var ErrNotAtTable = errors.New("you are not at a table")
