package ssh

import (
	"errors"
	"io"

	"github.com/unossh/unossh/ssh/term"
)

// runProgram is the session's program: its model, run by the terminal
// runtime (package term) on the session's goroutine, talking to the
// session's channel directly (the PTY is emulated: no OS terminal).
//
// It does what wish's bubbletea middleware does (input/output on the
// session, window size from the PTY, resizes forwarded), but also:
//   - builds the renderer without querying the terminal (see newRenderer);
//   - paints only what changed, when it changed (term's painter), instead
//     of Bubble Tea's renderer and its 60 Hz ticker;
//   - runs the model on term's loop, not on a tea.Program: the lobby's
//     news, window sizes, keys and the countdown's ticks wait in one
//     select, with no goroutine of their own;
//   - stops when the session's context ends, which is how Session.Close
//     and Server.Shutdown end it;
//   - stops forwarding resizes when the client closes its channel, where
//     wish's loop would keep reading the closed channel;
//   - reads the keyboard through an inputGuard: keys rate limited, pastes
//     cut short (see input.go);
//   - draws every window within the door's bounds (window.go);
//   - reports a panic in the model to our logger and to the player.
func (s *Server) runProgram(ls *liveSession) {
	model := s.cfg.NewModel(ls.session(newRenderer(ls.gs, ls.gs.Environ())))
	if model == nil {
		ls.log.Error("NewModel returned no model")
		ls.say(sorry)
		ls.exit(exitRefused)
		return
	}
	keys := newInputGuard(ls.ctx, ls.gs)
	keys.addr = s.door.keyLimiter(ls.ip)
	keys.keys = func() { ls.touch(s.door.now()) }
	var screen io.Writer = ls.gs
	if raw, ok := rawChannel(ls.gs.Context()); ok {
		screen = raw // no \n to turn into \r\n: no copy of each frame
	}
	run := s.cfg.Run
	if run == nil {
		run = term.Run
	}
	ended, err := run(ls.ctx, model, keys, term.Options{
		Out:     ls.guard(screen),
		Width:   ls.pty.Window.Width,
		Height:  ls.pty.Window.Height,
		Resize:  ls.winch,
		Fit:     saneWindow,
		End:     ls.cancel,
		Titles:  takesTitles(ls.gs.Environ()),
		Chunk:   writeChunk,
		Drawers: s.drawers,
		Counts:  &s.screens,
	})
	ls.ended = ended
	ls.cancel()
	s.afterProgram(ls, err)
}

// afterProgram ends the session the way the program ended.
func (s *Server) afterProgram(ls *liveSession, err error) {
	switch reason := ls.closeReason(); {
	case errors.Is(err, term.ErrPanic):
		ls.log.Error("panic in the session's program", "err", err)
		ls.say(sorry)
		ls.exit(exitRefused)
	case reason != "":
		ls.log.Info("session closed by the server", "reason", reason)
		ls.say("%s", reason)
		ls.exit(0)
		ls.hangUp()
	}
}
