package ssh

import (
	"errors"
	"runtime/debug"
	"strings"
	"time"

	gssh "github.com/charmbracelet/ssh"
)

// handler handles one session; middleware wraps a handler in another.
// These are our own small types rather than wish.Middleware so that every
// stage shares the liveSession (its ID, logger and routed command).
type (
	handler    func(*liveSession)
	middleware func(next handler) handler
)

// sessionHandler is the SSH server's handler: the one place where the
// session middleware is declared. Before the chain, the connection's
// handshake clock stops (if the door's sessionRequested has not stopped it already)
// and the session gets its ID and logger. Stages run outermost first:
//
//  1. recoverPanics: first, so that a panic anywhere below (NewModel, our
//     own code) ends only this session; it is logged with the session's ID
//     and the player is told. A panic inside the running program (in the
//     model's Update, in a command, on a drawer) is caught by the terminal
//     runtime (term.Run returns term.ErrPanic) and reported by runProgram
//     the same way.
//  2. logSessions: every session, even one refused next, gets a start and an
//     end line in the operator's log.
//  3. refuseBanned: a banned key or address reads one line, the reason
//     and until when, and nothing else (admin.go's bans, Config.Banned).
//  4. enforceLimits: sessions per address and in total. Before any command
//     work, so a refused client costs a log line and one message.
//  5. routeCommand: parses the command; help and mistakes are answered here
//     and never start a program; a TUI command without a terminal is sent
//     away with the right ssh -t line.
//  6. runProgram: the session's program (its model on term.Run), one per
//     session.
func (s *Server) sessionHandler() gssh.Handler {
	h := chain(
		s.recoverPanics,
		s.logSessions,
		s.refuseBanned,
		s.enforceLimits,
		s.routeCommand,
	)(s.runProgram)
	return func(gs gssh.Session) {
		s.handlers.add()
		defer s.handlers.done()
		if gate, ok := gateOf(gs.Context()); ok {
			gate.sessionStarted()
		}
		ls := newLiveSession(gs, s.log, s.cfg.StallTimeout)
		defer ls.cancel()
		h(ls)
	}
}

// chain composes middleware so that the first one listed runs first.
func chain(mw ...middleware) middleware {
	return func(h handler) handler {
		for i := len(mw) - 1; i >= 0; i-- {
			h = mw[i](h)
		}
		return h
	}
}

const sorry = "something went wrong on our side (it has been logged); please reconnect"

func (s *Server) recoverPanics(next handler) handler {
	return func(ls *liveSession) {
		defer func() {
			if r := recover(); r != nil {
				ls.log.Error("panic in session", "panic", r, "stack", string(debug.Stack()))
				ls.say(sorry)
				ls.exit(1)
			}
		}()
		next(ls)
	}
}

func (s *Server) logSessions(next handler) handler {
	return func(ls *liveSession) {
		kv := []any{
			"command", ls.gs.RawCommand(),
			"term", ls.pty.Term,
			"size", [2]int{ls.pty.Window.Width, ls.pty.Window.Height},
			"client", ls.gs.Context().ClientVersion(),
		}
		if c := ls.claimed; c.Width != ls.pty.Window.Width || c.Height != ls.pty.Window.Height {
			kv = append(kv, "claimed", [2]int{c.Width, c.Height})
		}
		ls.log.Info("session started", kv...)
		next(ls)
		if ls.ended != "" {
			ls.log.Info("session ended", "duration", time.Since(ls.started).Round(time.Millisecond), "why", ls.ended)
		} else {
			ls.log.Info("session ended", "duration", time.Since(ls.started).Round(time.Millisecond))
		}
	}
}

func (s *Server) refuseBanned(next handler) handler {
	if s.cfg.Banned == nil {
		return next
	}
	return func(ls *liveSession) {
		if ls.key != "" && s.cfg.IsAdmin != nil && s.cfg.IsAdmin(ls.key) {
			next(ls) // an operator cannot lock themselves out
			return
		}
		if line, banned := s.cfg.Banned(ls.key, ls.ip); banned {
			ls.log.Info("banned; refused", "line", line)
			ls.say("%s", line)
			ls.exit(exitRefused)
			return
		}
		next(ls)
	}
}

func (s *Server) enforceLimits(next handler) handler {
	return func(ls *liveSession) {
		ls.touch(s.door.now())
		err := s.door.admitSession(ls)
		if errors.Is(err, ErrServerFull) && s.makeRoom(ls) {
			err = s.door.admitSession(ls)
		}
		if err != nil {
			s.door.refused("session", ls.ip, err)
			ls.say("%v", err)
			ls.exit(1)
			return
		}
		defer s.door.releaseSession(ls)
		next(ls)
	}
}

// Exit statuses of sessions that end without a game.
const (
	exitRefused = 1 // no terminal, door limits, server trouble
	exitUsage   = 2 // the command line was wrong
)

func (s *Server) routeCommand(next handler) handler {
	return func(ls *liveSession) {
		dest := destination(s.cfg.PublicHost, ls.gs.LocalAddr())
		cmd, err := ParseCommand(ls.gs.Command())
		if err != nil {
			ls.say("%v; try: ssh %s help", err, dest)
			ls.exit(exitUsage)
			return
		}
		ls.cmd = cmd
		if cmd.Kind == CommandAdmin {
			s.runAdmin(ls) // admin.go
			return
		}
		if cmd.records() {
			s.printRecords(ls) // records.go
			return
		}
		if cmd.Kind == CommandBot {
			s.serveBot(ls) // bot.go
			return
		}
		if !cmd.Interactive() {
			_, _ = ls.guard(ls.gs).Write([]byte(Usage(dest)))
			ls.exit(0)
			return
		}
		if !ls.hasPTY {
			ls.say("this needs a terminal: ssh -t %s", strings.TrimSpace(dest+" "+cmd.String()))
			ls.exit(exitRefused)
			return
		}
		next(ls)
	}
}
