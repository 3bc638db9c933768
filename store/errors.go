package store

import (
	"errors"
	"fmt"
	"time"
)

// Errors a player or an operator may read. Each is checked with errors.Is.
var (
	ErrNotFound        = errors.New("no such player")
	ErrNameInvalid     = errors.New("a nickname is 2 to 16 letters, digits, - or _")
	ErrNameReserved    = errors.New("names that start with guest- are kept for guests")
	ErrNameTaken       = errors.New("that nickname belongs to another player; choose another")
	ErrKeyHasAccount   = errors.New("this key already has an account")
	ErrRenameTooSoon   = errors.New("a nickname can be changed once a day")
	ErrCodeInvalid     = errors.New("that code is not valid: a code works once, for 10 minutes")
	ErrTooManyCodes    = errors.New("too many link codes asked for; try again in an hour")
	ErrTooManyAttempts = errors.New("too many wrong codes from this key; try again in 15 minutes")
	ErrNoGame          = errors.New("no such game")
	ErrUnknownTable    = errors.New("no such table in the journal")
	ErrSeqTaken        = errors.New("that journal entry is already written with another action")
	ErrFenced          = errors.New("another server has taken this table over")
	ErrBadGame         = errors.New("the game record is not valid")
	ErrClosed          = errors.New("the store is closed")
	ErrSchemaTooNew    = errors.New("the database was written by a newer unossh")
	ErrNotDatabase     = errors.New("not a unossh database")
)

// RenameTooSoonError says when the next rename is allowed. It matches
// ErrRenameTooSoon.
type RenameTooSoonError struct {
	Next time.Time
}

func (e *RenameTooSoonError) Error() string {
	return fmt.Sprintf("%s; the next change is possible after %s", ErrRenameTooSoon, e.Next.UTC().Format("2006-01-02 15:04 UTC"))
}

// Is makes errors.Is(err, ErrRenameTooSoon) true.
func (e *RenameTooSoonError) Is(target error) bool { return target == ErrRenameTooSoon }

// JournalError is a journal write that failed after every retry. The action
// was not stored; the table decides what its player is told.
type JournalError struct {
	Table string
	Seq   int
	Err   error
}

func (e *JournalError) Error() string {
	return fmt.Sprintf("journal of table %s, entry %d, not written: %v", e.Table, e.Seq, e.Err)
}

func (e *JournalError) Unwrap() error { return e.Err }
