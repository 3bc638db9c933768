package lobby

import "context"

// This file is how a session talks to an owner goroutine (the hub or a
// table): it queues a typed command and, when the command needs an answer,
// waits for it on the command's own reply channel. Every send and receive
// also watches the caller's context and the owner's end.

// request queues cmd on cmds and waits for the answer on reply. With wait
// false a full queue is answered at once with ErrBusy: a storm of key
// presses is dropped, never queued without end. It returns errGone if the
// owner ended before it took the command.
func request[C, R any](ctx context.Context, cmds chan<- C, done <-chan struct{}, cmd C, reply <-chan R, wait bool) (R, error) {
	var zero R
	if !wait {
		select {
		case cmds <- cmd:
		case <-done:
			return zero, errGone
		case <-ctx.Done():
			return zero, ctx.Err()
		default:
			return zero, ErrBusy
		}
	} else {
		select {
		case cmds <- cmd:
		case <-done:
			return zero, errGone
		case <-ctx.Done():
			return zero, ctx.Err()
		}
	}
	return await(ctx, done, reply)
}

// await waits for the answer to a command queued for an owner. An owner
// answers every command it takes before it ends, and reply has room for the
// answer, so an answer sent is never lost; errGone means the owner ended
// before it took the command.
func await[R any](ctx context.Context, done <-chan struct{}, reply <-chan R) (R, error) {
	var zero R
	select {
	case r := <-reply:
		return r, nil
	case <-ctx.Done():
		return zero, ctx.Err()
	case <-done:
		select {
		case r := <-reply:
			return r, nil
		default:
			return zero, errGone
		}
	}
}

// tableQueue is a table's command queue: all that a session holds of the
// table it sits at or watches, and all it needs to reach it. (Were tables to
// live in other processes, this is what would become a message subject.)
type tableQueue struct {
	id   string
	cmds chan tableCmd
	done chan struct{} // closed when the table's goroutine has ended
}

// tableCmd is a command to a table; the table's goroutine takes them one at
// a time, in the order they were queued.
type tableCmd interface{ tableCmd() }

// joinCmd seats a session, or adds it to the spectators.
type joinCmd struct {
	c     *Client
	watch bool
	reply chan error
}

// reattachCmd puts a returning player (or a newer connection of theirs)
// back in the seat kept for their identity.
type reattachCmd struct {
	c     *Client
	reply chan error
	// resume: the session goes on at a table that moved to another node
	// (handoff.go); a seat another connection of the player holds now is
	// theirs, not this older session's.
	resume bool
}

// disconnectCmd is a session ending. The answer tells whether the table
// keeps the player's seat for them to come back to.
type disconnectCmd struct {
	c     *Client
	reply chan bool
}

// intentCmd is something a player asks of the table. The table answers with
// the intent's error, which it has also shown the player as a notice; an
// intent sent (Client.Send) has no reply channel, as no one waits for it.
type intentCmd struct {
	c     *Client
	in    Intent
	reply chan error // nil: no one waits (answer)
}

// answer answers the intent, if anyone waits for it.
func (cmd intentCmd) answer(err error) {
	if cmd.reply != nil {
		cmd.reply <- err
	}
}

func (joinCmd) tableCmd()       {}
func (reattachCmd) tableCmd()   {}
func (disconnectCmd) tableCmd() {}
func (intentCmd) tableCmd()     {}
