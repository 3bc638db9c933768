package ssh

import (
	"context"
	"errors"
	"io"
)

// This file is the door of the bot API: `ssh HOST bot`, with no terminal,
// hands the session's stdin and stdout to Config.Bot (main wires it to
// package botapi), which speaks JSON lines until either side hangs up. A
// bot's identity is its key, so a guest (no key) is refused here.

// BotSession is what Config.Bot gets for one bot's session.
type BotSession struct {
	ID          string
	Fingerprint string
	RemoteAddr  string
	In          io.Reader
	Out         io.Writer // guarded: a bot that stops reading is cut off
}

// BotFunc serves one bot's session until it ends (ctx: the session's).
type BotFunc func(ctx context.Context, s BotSession) error

// ErrNoBotAPI answers `bot` on a server without one.
var ErrNoBotAPI = errors.New("this server has no bot API")

// ErrBotNeedsKey refuses a bot that came without a key.
var ErrBotNeedsKey = errors.New("a bot signs in with its own SSH key: connect with one (ssh -i KEY)")

// serveBot runs the bot API on the session and ends it: exit 0 when the
// bot hung up, 1 when it was refused or closed.
func (s *Server) serveBot(ls *liveSession) {
	switch {
	case s.cfg.Bot == nil:
		ls.say("%v", ErrNoBotAPI)
		ls.exit(exitRefused)
		return
	case ls.key == "":
		ls.say("%v", ErrBotNeedsKey)
		ls.exit(exitRefused)
		return
	}
	err := s.cfg.Bot(ls.ctx, BotSession{ID: ls.id, Fingerprint: ls.key, RemoteAddr: ls.gs.RemoteAddr().String(),
		In: ls.gs, Out: ls.guard(ls.gs)})
	if err != nil && ls.ctx.Err() == nil {
		ls.exit(exitRefused)
		ls.hangUp()
		return
	}
	ls.exit(0)
}
