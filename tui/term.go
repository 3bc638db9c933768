package tui

import "github.com/unossh/unossh/ssh/term"

// The session's loop and painter (package ssh/term) run the model through
// one contract: its view as lines, what it tells the terminal besides
// (title, bell, when a move was made), and the lobby's news and the
// countdown's ticks, which the loop waits on itself.
var _ term.Model = (*model)(nil)
