package lobby

import (
	"time"

	"github.com/unossh/unossh/store"
)

// This file is what a player may read of the records: profiles and the
// leaderboard, read from the store on the session's own goroutine.

// BoardSize is how many lines a leaderboard shows.
const BoardSize = 15

// Profile is the profile of the player with that nickname, or the
// player's own when name is "".
func (c *Client) Profile(name string) (store.Profile, error) {
	st := c.hub.cfg.Store
	if st == nil {
		return store.Profile{}, ErrNoRecords
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if name == "" {
		a := c.settledAccount()
		switch {
		case c.guest:
			return store.Profile{}, ErrGuestNoStats
		case a.id == 0:
			return store.Profile{}, c.noAccount()
		}
		p, err := st.Profile(ctx, a.id)
		return p, c.storeErr(err)
	}
	p, err := st.ProfileByName(ctx, name)
	return p, c.storeErr(err)
}

// Leaderboard is the board of an edition (an engine.Edition's name, or
// store.AllEditions), of all time or of this week, bots' levels included.
func (c *Client) Leaderboard(edition string, week bool) ([]store.LeaderEntry, error) {
	st := c.hub.cfg.Store
	if st == nil {
		return nil, ErrNoRecords
	}
	ctx, cancel := c.storeCtx()
	defer cancel()
	if edition == LadderBoard {
		list, err := st.LadderBoard(ctx, BoardSize) // it has no week of its own: a bot's number settles
		return list, c.storeErr(err)
	}
	q := store.LeaderboardQuery{Edition: edition, Limit: BoardSize, Bots: true}
	if week {
		q.Since = store.WeekStart(c.hub.cfg.Clock.Now())
	}
	list, err := st.Leaderboard(ctx, q)
	return list, c.storeErr(err)
}

// Now is the lobby's time (its Clock), for pages that show how long ago.
func (c *Client) Now() time.Time { return c.hub.cfg.Clock.Now() }
