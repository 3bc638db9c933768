package ssh

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"
	gssh "github.com/charmbracelet/ssh"
)

// runProgram is the Bubble Tea stage: one program per session, talking to
// the session's channel directly (the PTY is emulated: no OS terminal).
//
// It does what wish's bubbletea middleware does (input/output on the
// session, window size from the PTY, resizes forwarded), but also:
//   - builds the renderer without querying the terminal (see newRenderer);
//   - paints only what changed, when it changed (see painter), instead of
//     Bubble Tea's renderer and its 60 Hz ticker;
//   - stops the program when the session's context ends (tea.WithContext),
//     which is how Session.Close and Server.Shutdown end it;
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
	out := ls.guard(ls.gs)
	paint := newPainter(model, out, ls.pty.Window.Width, ls.pty.Window.Height, takesTitles(ls.gs.Environ()))
	paint.counts = &s.screens
	p := tea.NewProgram(paint,
		tea.WithContext(ls.ctx),
		tea.WithInput(keys),
		tea.WithOutput(out),
		// The painter draws only what changed, when it changes; Bubble
		// Tea's own renderer would tick 60 times a second for ever.
		tea.WithoutRenderer(),
		// The server's SIGINT/SIGTERM belong to main's ordered shutdown,
		// not to each program.
		tea.WithoutSignalHandler(),
		tea.WithEnvironment(ls.gs.Environ()),
	)
	var updates <-chan struct{}
	var next func() tea.Msg
	if pm, ok := model.(pumper); ok {
		updates, next = pm.TakePump()
	}
	go pump(ls.ctx, ls.cancel, p, ls.winch, updates, next)

	_, err := p.Run()
	paint.restore()
	ls.cancel()
	s.afterProgram(ls, err)
}

// afterProgram ends the session the way the program ended.
func (s *Server) afterProgram(ls *liveSession, err error) {
	switch reason := ls.closeReason(); {
	case errors.Is(err, tea.ErrProgramPanic):
		ls.log.Error("panic in the session's program", "err", err)
		ls.say(sorry)
		ls.exit(exitRefused)
	case reason != "":
		ls.log.Info("session closed by the server", "reason", reason)
		ls.say("%s", reason)
		ls.exit(0)
		ls.hangUp()
	case err != nil && !errors.Is(err, tea.ErrProgramKilled):
		ls.log.Error("program failed", "err", err)
		ls.exit(exitRefused)
	}
}

// pumper is a model whose news (the lobby's screens) the session's pump
// may bring: updates signals, next reads the newest as a message.
type pumper interface {
	TakePump() (updates <-chan struct{}, next func() tea.Msg)
}

// pump is the session's one goroutine that sends messages to the program
// (tea.Program.Send blocks until the program takes the message or ends):
// window sizes, the first being the PTY's initial one, and the model's news
// when it has a pumper. When the client closes its channel the window
// channel is closed too, and the session is over: end stops the program.
func pump(ctx context.Context, end context.CancelFunc, p *tea.Program, winch <-chan gssh.Window,
	updates <-chan struct{}, next func() tea.Msg) {
	for {
		select {
		case <-ctx.Done():
			return
		case w, ok := <-winch:
			if !ok {
				end()
				return
			}
			p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
		case _, ok := <-updates:
			if !ok {
				updates = nil // the lobby let the session go; sizes still come
				continue
			}
			p.Send(next())
		}
	}
}
