package botapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/unossh/unossh/lobby"
)

// Session is one bot's connection: its lobby client (connected by the
// caller, who also disconnects it), its lines in and out, and what its
// budgets are kept by.
type Session struct {
	Client *lobby.Client
	In     io.Reader
	Out    io.Writer
	// Key and Addr name the bot's budgets (its key's fingerprint, its
	// address); Limits keeps them for the whole server (nil: a budget of
	// its own, for tests).
	Key, Addr string
	Limits    *Limits
}

// ErrClosed is a session closed for bad input: it has been told why.
var ErrClosed = errors.New("closed for bad input")

// Serve speaks the protocol with the bot until its input ends, ctx is done,
// the lobby closes the session, or the bot is closed for bad input. It
// returns nil when the bot hung up.
func Serve(ctx context.Context, s Session) error {
	if s.Limits == nil {
		s.Limits = NewLimits()
	}
	b := &botSession{Session: s, c: s.Client}
	if err := b.c.StartBot(); err != nil {
		b.write(errorMsg{Type: TypeError, Message: err.Error(), Closing: true})
		return err
	}
	lines := make(chan line)
	done := make(chan struct{})
	defer close(done)
	go readLines(s.In, lines, done)
	if b.c.Screen().Nick == "" {
		if err := b.register(ctx, lines); err != nil {
			return err
		}
	}
	b.hello()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-b.c.Updates():
			if err := b.show(); err != nil {
				return err
			}
		case l, ok := <-lines:
			if !ok {
				return b.err
			}
			if err := b.handle(ctx, l); err != nil {
				return err
			}
		}
	}
}

// botSession is the state of one bot's connection, owned by Serve's goroutine.
type botSession struct {
	Session
	c       *lobby.Client
	screen  reader
	strikes strikes
	out     []any
	err     error // the first write that failed
}

// write sends one message as a line; after a failed write it sends nothing
// more (the connection is gone).
func (b *botSession) write(m any) {
	if b.err != nil {
		return
	}
	line, err := json.Marshal(m)
	if err != nil {
		b.err = err
		return
	}
	_, b.err = b.Out.Write(append(line, '\n'))
}

// fail answers a bad line with one error, and closes a bot that keeps at it.
func (b *botSession) fail(msg string, wait time.Duration) error {
	e := errorMsg{Type: TypeError, Message: msg}
	if wait > 0 {
		e.RateLimit = &rateLimit{Seconds: int(math.Ceil(wait.Seconds()))}
	}
	if b.strikes.add(b.c.Now()) {
		b.write(errorMsg{Type: TypeError, Message: "closing: too many bad lines (" + msg + ")", Closing: true})
		return ErrClosed
	}
	b.write(e)
	return b.err
}

// show tells the bot what is new on its screen.
func (b *botSession) show() error {
	s := b.c.Screen()
	if s.Invitation != nil {
		b.challenged(s) // challenges.go
		s = b.c.Screen()
	}
	b.out = b.screen.read(s, b.c.Now(), b.out[:0])
	for _, m := range b.out {
		b.write(m)
	}
	if s.Closed != "" {
		b.write(errorMsg{Type: TypeError, Message: s.Closed, Closing: true})
		return errors.New(s.Closed)
	}
	return b.err
}

// register asks a key with no name for its bot's, until it gives one the
// server takes.
func (b *botSession) register(ctx context.Context, lines <-chan line) error {
	b.write(registerMsg{Type: TypeRegister, Message: `this key has no account: name your bot with {"type":"register","name":"..."}`})
	for b.err == nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, ok := <-lines:
			if !ok {
				return b.err
			}
			in, err := b.decode(l)
			switch {
			case errors.Is(err, errSkip):
				continue
			case err != nil:
				return err
			case in.Type != TypeRegister:
				err = b.fail(fmt.Sprintf("register first: %q is for a bot with a name", in.Type), 0)
			default:
				if err = b.c.RegisterBot(in.Name); err == nil {
					b.c.SetInvitations(false) // a new bot takes no challenges until it says so
					return nil
				}
				err = b.fail(err.Error(), 0)
			}
			if err != nil {
				return err
			}
		}
	}
	return b.err
}

// decode reads one line, answering a bad one (and counting it) itself: a
// nil error with in.Type "" means there was nothing to do. A move that
// answers the turn on offer costs no budget: the server paces those, one
// a turn, and two quick bots at one table may make more moves a second
// than a budget meant for floods allows.
func (b *botSession) decode(l line) (inbound, error) {
	var in inbound
	if l.err == nil && json.Unmarshal(l.text, &in) == nil && in.Type == TypeMove && in.ID != nil {
		if _, ok := b.screen.offered(*in.ID); ok {
			return in, nil
		}
	}
	in = inbound{}
	if wait := b.Limits.take(b.Key, b.Addr, b.c.Now()); wait > 0 {
		return in, b.failed(b.fail("too many lines: wait before the next", wait))
	}
	if l.err != nil {
		return in, b.failed(b.fail(l.err.Error(), 0))
	}
	if len(trimSpace(l.text)) == 0 {
		return in, errSkip
	}
	if err := json.Unmarshal(l.text, &in); err != nil {
		return in, b.failed(b.fail("not a JSON object: "+err.Error(), 0))
	}
	return in, nil
}

// errSkip is a line with nothing to do: told already, or blank.
var errSkip = errors.New("skip")

// failed is fail's answer as decode returns it: errSkip when the session
// goes on.
func (b *botSession) failed(err error) error {
	if err == nil {
		return errSkip
	}
	return err
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}

// hello greets the bot by its name, with its rating when the server keeps
// records.
func (b *botSession) hello() {
	s := b.c.Screen()
	h := helloMsg{Type: TypeHello, Protocol: Protocol, Name: s.Nick}
	if s.Account.Records && s.Account.Kept {
		if p, err := b.c.Profile(s.Nick); err == nil {
			for _, r := range p.Ratings {
				if r.Edition == lobby.AllEditions {
					o := r.Ordinal()
					h.Rating, h.Games = &o, r.Games
				}
			}
		}
		if l, ok, err := b.c.Ladder(); ok && err == nil {
			h.Ladder = &ladderMsg{Rating: l.Rating.Ordinal(), Games: l.Games, Validated: l.Validated, Today: l.Today}
		}
	}
	b.write(h)
}
