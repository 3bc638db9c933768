package ssh

import (
	"errors"
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// runProgram is the session's program: its model, run by its own loop
// (stage.go) on the session's goroutine, talking to the session's channel
// directly (the PTY is emulated: no OS terminal).
//
// It does what wish's bubbletea middleware does (input/output on the
// session, window size from the PTY, resizes forwarded), but also:
//   - builds the renderer without querying the terminal (see newRenderer);
//   - paints only what changed, when it changed (see painter), instead of
//     Bubble Tea's renderer and its 60 Hz ticker;
//   - runs the model on the stage, not on a tea.Program: the lobby's news,
//     window sizes, keys and the countdown's ticks wait in one select,
//     with no goroutine of their own (see stage);
//   - stops when the session's context ends, which is how Session.Close
//     and Server.Shutdown end it;
//   - stops forwarding resizes when the client closes its channel, where
//     wish's loop would keep reading the closed channel;
//   - reads the keyboard through an inputGuard: keys rate limited, pastes
//     cut short (see input.go);
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
	out := ls.guard(screen)
	paint := newPainter(model, out, ls.pty.Window.Width, ls.pty.Window.Height, takesTitles(ls.gs.Environ()))
	paint.counts = &s.screens
	st := newStage(ls.ctx, ls.cancel, paint, model, ls.winch)
	err := st.run(keys)
	ls.ended = st.ended
	paint.restore()
	ls.cancel()
	s.afterProgram(ls, err)
}

// afterProgram ends the session the way the program ended.
func (s *Server) afterProgram(ls *liveSession, err error) {
	switch reason := ls.closeReason(); {
	case errors.Is(err, errPanic):
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

// pumper is a model whose news (the lobby's screens) the stage may bring:
// updates signals, next reads the newest as a message.
type pumper interface {
	TakePump() (updates <-chan struct{}, next func() tea.Msg)
}
