package lobby

import (
	"errors"
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// This file is the bot ladder's pairing (the bot API's `"opponents":
// "ladder"`, and a person's choice of it in the lobby; its ratings are the
// store's, store/ladder.go). A bot that has never played on the ladder
// first plays a validation game against the built-in normal bot, so that a
// program that cannot finish a game never meets another (a person, who
// finishes games, needs none); from then on it is paired with the next
// player that seeks the ladder: the first waits at a private table of its
// own, which the second joins, and the table starts as soon as both sit.
// One player waits at a time on a node (the hub keeps its table), and one
// seek at a time pairs or waits, so two seekers on one node always meet; in
// a cluster a seeker finds the waiting table of another node too
// (ladderdir.go). One who waits
// alone for Config.LadderWait plays the built-in level whose fixed rating
// is nearest their own instead (ladderwait.go), so a lone seeker always
// gets a game.
// A ladder game is always two seats, the classic edition, one hand, so
// that every rating on it measures the same thing, and a day's games are
// many short ones rather than a few long ones.

// ErrLadderNeedsRecords refuses the ladder where nothing could be rated.
var ErrLadderNeedsRecords = errors.New("the ladder needs an account on a server that keeps records")

// ErrLadderGuests refuses the ladder to a guest, whose games are not rated.
var ErrLadderGuests = errors.New("the ladder rates its games: a guest cannot play on it (ssh with a key to have an account)")

// LadderLimitError is a bot that has played its ladder games of the day.
type LadderLimitError struct {
	PerDay int
	// Wait is the time until the limit starts again, at 00:00 UTC.
	Wait time.Duration
}

func (e *LadderLimitError) Error() string {
	return fmt.Sprintf("you have played your %d ladder games today: the ladder takes you again at 00:00 UTC", e.PerDay)
}

// LadderBoard is the bot ladder's key among the leaderboards' editions
// (Client.Leaderboard): its bots and the built-in levels.
const LadderBoard = "bots"

// LadderGamesPerDay is Config.LadderPerDay's default.
const LadderGamesPerDay = 100

// ladderSettings are every ladder game's rules.
func ladderSettings() engine.Settings { return engine.Settings{Players: 2, Mode: engine.SingleHand} }

// SeekLadder seats the player (an API bot, or a person who opts in) for
// their next ladder game: a bot's validation game, or a game with the next
// player that seeks the ladder (it waits at its table for one). The table
// starts by itself once both seats are taken.
func (c *Client) SeekLadder() error {
	if c.guest {
		return ErrLadderGuests
	}
	st := c.hub.cfg.Store
	a := c.settledAccount()
	if st == nil || a.id == 0 {
		return ErrLadderNeedsRecords
	}
	if c.table() != nil {
		return ErrAtTable
	}
	now := c.Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	ctx, cancel := c.storeCtx()
	standing, err := st.LadderStanding(ctx, a.id, day)
	cancel()
	if err != nil {
		return c.storeErr(err)
	}
	if per := c.hub.cfg.LadderPerDay; per > 0 && standing.Today >= per {
		return &LadderLimitError{PerDay: per, Wait: day.AddDate(0, 0, 1).Sub(now)}
	}
	opts := TableOptions{Settings: ladderSettings(), FastBots: true, Ladder: true}
	// A bot that has just finished its validation game is validated, though
	// the recorder may not have written it yet: its next seek is paired.
	if !standing.Validated && !c.ladderDone.Load() && c.program.Load() {
		normal := bot.Normal
		opts.Bots, opts.BotLevel = 1, &normal
		return c.Create(opts)
	}
	// Two bots that seek at once must not both open a table and wait:
	// one waits, the other finds it.
	c.hub.ladderSeek.Lock()
	defer c.hub.ladderSeek.Unlock()
	reply := make(chan *tableQueue, 1)
	q, err := ask(c.hub, ladderCmd{reply: reply}, reply)
	if err != nil {
		return err
	}
	if q != nil {
		err := c.enter(q, false)
		if err == nil || errors.Is(err, ErrShuttingDown) {
			return err
		}
		// The waiting bot has gone, or another took the seat: wait instead.
	}
	ref := c.ladderReference(standing.Rating)
	opts.BotLevel = &ref // played if no one comes (ladderwait.go)
	if err := c.Create(opts); err != nil {
		return err
	}
	if q := c.table(); q != nil {
		c.hub.tell(ladderWaitCmd{q: q})
	}
	return nil
}

// LadderStanding is a bot's place on the ladder (store.LadderStanding),
// with Today counting its ladder games since 00:00 UTC.
type LadderStanding = store.LadderStanding

// Ladder is the bot's place on the ladder; ok is false where there is none
// (no records, no account).
func (c *Client) Ladder() (s LadderStanding, ok bool, err error) {
	st := c.hub.cfg.Store
	a := c.settledAccount()
	if st == nil || a.id == 0 {
		return s, false, nil
	}
	now := c.Now().UTC()
	ctx, cancel := c.storeCtx()
	defer cancel()
	s, err = st.LadderStanding(ctx, a.id, time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC))
	return s, err == nil, c.storeErr(err)
}

// ladderCmd takes the table of the bot waiting on the ladder, if any.
type ladderCmd struct {
	reply chan *tableQueue
}

// ladderWaitCmd makes q the ladder's waiting table.
type ladderWaitCmd struct {
	q *tableQueue
}

func (ladderCmd) hubCmd()     {}
func (ladderWaitCmd) hubCmd() {}

// onLadder hands out this node's waiting table, unless it has closed; or
// else, in a cluster, another node's (ladderdir.go).
func (h *Hub) onLadder() *tableQueue {
	q := h.ladder
	h.ladder = nil
	if q != nil {
		select {
		case <-q.done:
		default:
			return q
		}
	}
	if h.clustered() {
		return h.remoteLadder()
	}
	return nil
}

// ladderRecord marks a ladder table's game for the ladder's ratings, and
// its players' sessions as having finished one.
func (t *table) ladderRecord(rec *store.GameRecord) {
	rec.Ladder = t.opts.Ladder
	if !t.opts.Ladder {
		return
	}
	for _, s := range t.seats {
		if s.client != nil {
			s.client.ladderDone.Store(true)
		}
	}
}
