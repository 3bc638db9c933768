package ssh

import (
	"bytes"
	"context"
	"io"
	"time"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/unossh/unossh/ssh/term"
)

// This file is the door limit on what one client may type.
//
// Bubble Tea makes every key an Update and a whole new View: a client
// typing random bytes at network speed keeps a core busy for itself
// (docs/benchmarks.md has what it cost). Nobody types more
// than a few dozen keys a second, so keys are rate limited, with a burst that
// lets any paste the game can use through at once. When the bucket is empty
// reading waits: the client's SSH window fills, not our memory.
//
// The key decoder (term's, as Bubble Tea v1's input reader did) also holds
// input back until it is sure a key is complete, copying what it holds
// again on every read: a bracketed paste until its end marker, and a run of
// letters for as long as reads come back full. Either can grow without
// bound. So a paste is cut at maxPaste bytes (no field takes more than a few
// hundred characters) and the rest of it, up to its end marker, is dropped;
// and a read never fills the decoder's buffer, which tells it that what it
// got is complete.
//
// The sessions of one address also share a budget (Config.KeyRatePerIP), so
// that eight sessions holding keys down cost what about four do: each read
// passed on costs readCost bytes more than its length, for the Update and
// View it sets off whatever its size.
const (
	keyRate      = 512     // bytes a second, sustained
	keyBurst     = 8 << 10 // bytes at once
	maxPaste     = 4 << 10 // bytes of one paste passed on
	readCost     = 16      // bytes a read costs the address's budget on top of its own
	addrKeyBurst = 2 * keyBurst
)

var pasteStart, pasteEnd = []byte(term.PasteStart), []byte(term.PasteEnd)

// inputGuard is a session's keyboard as its program reads it (see above).
// It is read by one goroutine, the program's input reader.
type inputGuard struct {
	r     io.Reader
	ctx   context.Context // the session's: waiting ends with it
	limit *rate.Limiter
	addr  *rate.Limiter // shared by the sessions of the client's address; nil if none
	now   func() time.Time
	sleep func(context.Context, time.Duration) error
	keys  func() // called for every read passed on: the player is active
	buf   []byte
	out   []byte // read and kept, not yet passed on
	err   error  // from r, returned once out is empty

	paste   bool // inside a bracketed paste
	pasted  int  // bytes of this paste passed on
	matched int  // bytes of the marker looked for (end inside a paste, start outside) seen so far
}

func newInputGuard(ctx context.Context, r io.Reader) *inputGuard {
	return &inputGuard{
		r: r, ctx: ctx, limit: rate.NewLimiter(keyRate, keyBurst), buf: make([]byte, inputBuf),
		now: time.Now, sleep: sleep, keys: func() {},
	}
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *inputGuard) Read(p []byte) (int, error) {
	for len(g.out) == 0 {
		if g.err != nil {
			return 0, g.err
		}
		n, err := g.r.Read(g.buf)
		g.err = err
		g.scan(g.buf[:n])
	}
	n := copy(p[:chunk(g.out, len(p))], g.out)
	g.out = g.out[n:]
	if len(g.out) == 0 {
		g.out = g.out[:0:0] // let a long burst's buffer go
	}
	if err := g.pace(n); err != nil {
		return 0, io.EOF // the session is over
	}
	g.keys()
	return n, nil
}

// pace takes n bytes from the session's budget and n+readCost from the
// address's, waiting until both have them.
func (g *inputGuard) pace(n int) error {
	if err := g.ctx.Err(); err != nil {
		return err
	}
	now := g.now()
	wait := g.limit.ReserveN(now, n).DelayFrom(now)
	if g.addr != nil {
		wait = max(wait, g.addr.ReserveN(now, n+readCost).DelayFrom(now))
	}
	if wait <= 0 {
		return nil
	}
	return g.sleep(g.ctx, wait)
}

// chunk is how much of out to pass on in a read of max bytes: all of it if
// it fits in less, or else a little less, cut before an escape sequence
// near the end and never inside a character.
func chunk(out []byte, max int) int {
	max = min(max, keyBurst)
	if len(out) < max || max < 2 {
		return min(len(out), max)
	}
	cut := max - 1
	if i := bytes.LastIndexByte(out[:cut], 0x1b); i > 0 && cut-i < 32 {
		cut = i // the sequence starting there is passed whole next time
	}
	for cut > 1 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return cut
}

// scan passes b on to out, dropping what is past maxPaste in a paste.
func (g *inputGuard) scan(b []byte) {
	for _, c := range b {
		if !g.paste {
			g.out = append(g.out, c)
			if g.matched = advance(pasteStart, g.matched, c); g.matched == len(pasteStart) {
				g.paste, g.pasted, g.matched = true, 0, 0
			}
			continue
		}
		if g.matched = advance(pasteEnd, g.matched, c); g.matched == len(pasteEnd) {
			if g.pasted < maxPaste {
				g.out = append(g.out, c) // the rest of the marker was passed on
			} else {
				g.out = append(g.out, pasteEnd...)
			}
			g.paste, g.matched = false, 0
			continue
		}
		if g.pasted < maxPaste {
			g.out = append(g.out, c)
			g.pasted++
		}
	}
}

// advance is how much of marker has been seen after c, given matched
// before it. The markers hold ESC only as their first byte, so a mismatch
// starts over at c.
func advance(marker []byte, matched int, c byte) int {
	if marker[matched] == c {
		return matched + 1
	}
	if c == marker[0] {
		return 1
	}
	return 0
}

// inputBuf is the size of one read from the client: more than a second of a
// session's key budget, so a paste is never slower for it, and small enough
// to hold for every idle session of a full server.
const inputBuf = 1024
