package lobby

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// This file is what becomes of a ladder seeker left alone, and of one who
// leaves a ladder game. A player who waits Config.LadderWait at their
// ladder table with no one coming plays, rated, the built-in level whose
// fixed rating on the ladder is nearest their own (chosen when they sought:
// the table's bot level), and is told so in one notice: a quiet ladder
// still gives a game, and one whose result reads on the same scale. One who
// leaves a ladder game before its end has used one of their games of the
// day there and then (store.LadderLeft), or leaving and seeking again would
// be a way round the daily limit.

// errLadderAlike refuses a ladder table's host what a host does elsewhere:
// its rules, its opponent and its start are the ladder's, or a person who
// waits there could choose a weak bot and call it a rated game.
var errLadderAlike = errors.New("every ladder game is alike: the ladder seats your opponent and starts the game, not its host")

// DefaultLadderWait is Config.LadderWait's default.
const DefaultLadderWait = 60 * time.Second

// ladderReference is the built-in level whose ladder rating is nearest r
// (normal when the store cannot tell: the references' middle).
func (c *Client) ladderReference(r store.Rating) bot.Level {
	ctx, cancel := c.storeCtx()
	refs, err := c.hub.cfg.Store.LadderReferences(ctx)
	cancel()
	best, dist := bot.Normal, math.Inf(1)
	if err != nil {
		return best
	}
	for _, l := range bot.Levels {
		ref, ok := refs[l.String()]
		if d := math.Abs(ref.Mu - r.Mu); ok && d < dist {
			best, dist = l, d
		}
	}
	return best
}

// ladderWaits starts the wait of a ladder table's first player for a
// partner (table goroutine).
func (t *table) ladderWaits() {
	if t.opts.Ladder && t.status == Waiting && t.startsAt.IsZero() && t.taken() < len(t.seats) {
		t.startsAt = t.clock.Now().Add(t.cfg.LadderWait)
	}
}

// ladderAlone seats the reference level in the free seat of a ladder table
// whose player waited long enough, tells them, and starts (table
// goroutine).
func (t *table) ladderAlone() {
	if t.humans() == 0 || !t.addBot() {
		return
	}
	b := t.seats[t.lastTaken()]
	t.note(fmt.Sprintf("%s (bot) sat down", b.nick))
	text := fmt.Sprintf("no one sought the ladder for %s: you play %s, the built-in %s level, in a rated game",
		t.cfg.LadderWait.Round(time.Second), b.nick, b.level())
	for _, s := range t.seats {
		if s.client != nil {
			s.client.notice(text, false)
		}
	}
	t.start()
}

// ladderLeaving is c leaving a ladder game under way from seat s (the seat
// is kept a while, as for any game; coming back changes nothing here): the seat
// is marked so the game's record does not count it for them again
// (creditSeat), and the game is counted against their day now, written off
// the table's goroutine (the table never waits on the store).
func (t *table) ladderLeaving(c *Client, s *seat) {
	if !t.opts.Ladder || t.status != Playing || t.game == nil || !s.human() || t.ladderLeft[s.key] {
		return // (one who comes back and leaves again has counted it once)
	}
	st, id, at := t.hub.cfg.Store, c.accountOf().id, t.clock.Now()
	if st == nil || id == 0 {
		return
	}
	if t.ladderLeft == nil {
		t.ladderLeft = map[string]bool{}
	}
	t.ladderLeft[s.key] = true
	go func() {
		ctx, cancel := c.storeCtx()
		defer cancel()
		if err := st.LadderLeft(ctx, id, at); err != nil {
			t.hub.logError("a ladder game left could not be counted", "err", err)
		}
	}()
}
