package lobby

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// The lobby's side of what a new player trips on (issue 14): leaving and
// coming back, choosing a public table, a full table, an idle player, the
// turn timer, the countdown while the host edits, and the operators' log.

// A player who leaves a running game with q keeps their seat for the grace
// period: the lobby shows it with its deadline, Quick play and Back put
// them back in it (the stand-in bot leaves), and so does a reconnect with
// the same key followed by Back. After the grace, the seat is the bot's.
func TestLeavingKeepsTheSeatToComeBackTo(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	clk := clockOf(h)
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 1, NoTurnTimer, b)
	table := b.Screen().Table
	seat := table.You

	b.Do(Intent{Kind: Leave})
	s := b.Screen()
	require.Nil(t, s.Table, "bo is in the lobby")
	require.NotNil(t, s.Held, "the lobby shows the seat kept for him")
	require.Equal(t, table.ID, s.Held.TableID)
	require.Equal(t, table.Short, s.Held.Short)
	require.Equal(t, clk.Now().Add(h.cfg.Grace), s.Held.Until)
	waitScreen(t, a, func(s Screen) bool {
		st := s.Table.Seats[seat]
		return st.Nick == "bo" && !st.Connected && st.AutoPlay && !st.Bot
	})

	b.QuickPlay()
	s = b.Screen()
	require.NotNil(t, s.Table, "quick play took bo back to his seat, not to a new table")
	require.Equal(t, table.ID, s.Table.ID)
	require.Equal(t, seat, s.Table.You)
	require.Nil(t, s.Held)
	require.False(t, s.Table.Seats[seat].AutoPlay, "the stand-in bot left the seat")

	// Leaves again, and signs off; a new connection with his key finds the entry.
	b.Do(Intent{Kind: Leave})
	b.Disconnect()
	b2 := h.Connect("sess-bo-2", "key-bo", false)
	s = b2.Screen()
	require.Nil(t, s.Table, "he left by choice: the lobby, not the table")
	require.NotNil(t, s.Held, "a reconnect shows the entry")
	require.NoError(t, b2.Back())
	require.Equal(t, seat, b2.Screen().Table.You)

	// Once the grace has run out, there is no seat to come back to.
	b2.Do(Intent{Kind: Leave})
	runUntil(t, a, func(s Screen) bool { return s.Table.Seats[seat].Bot })
	require.Nil(t, waitScreen(t, b2, func(s Screen) bool { return s.Held == nil }).Held)
	require.ErrorIs(t, b2.Back(), errSeatGone)
}

// Choosing a public table: Sit takes a free seat or a bot's (its hand
// too), never a seat kept for a player who stepped away; with neither, the
// player watches. The player it is kept for, choosing the table, sits in it.
func TestSitTakesABotsSeatNeverAHeldOne(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Public: true, Settings: defaultSettings(3)}))
	s := runUntil(t, a, func(s Screen) bool { return s.Table.Status == Playing && s.Table.Game != nil })
	id, mine := s.Table.ID, s.Table.You
	a.Do(Intent{Kind: Leave})
	require.NotNil(t, a.Screen().Held)

	for _, nick := range []string{"cy", "dee"} {
		c := connect(t, h, nick)
		require.NoError(t, c.Sit(id))
		v := c.Screen().Table
		require.NotNil(t, v, nick)
		require.NotEqual(t, -1, v.You, "%s sits", nick)
		require.NotEqual(t, mine, v.You, "%s is not given ana's seat", nick)
		require.NotEmpty(t, v.Game.Hand, "%s holds the bot's hand", nick)
		require.Contains(t, v.Log[len(v.Log)-1].Text, "took the seat of")
		for _, l := range v.Log {
			require.False(t, strings.HasPrefix(l.Text, "you "), "%s reads the bot's past as their own: %q", nick, l.Text)
		}
	}
	eve := connect(t, h, "eve")
	require.NoError(t, eve.Sit(id))
	require.Equal(t, -1, eve.Screen().Table.You, "no bot left: eve watches")
	require.Contains(t, eve.Screen().Notice.Text, "watching")

	require.NoError(t, a.Sit(id))
	require.Equal(t, mine, a.Screen().Table.You, "ana chose her table: she is back in her seat")
}

// Joining a full table by code says so; WatchCode then watches it.
func TestJoiningAFullTableSaysSo(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b, c := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	require.NoError(t, a.Create(TableOptions{Settings: defaultSettings(2)}))
	code := a.Screen().Table.Code
	require.NoError(t, b.Join(code))
	err := c.Join(code)
	require.ErrorIs(t, err, ErrTableFull)
	require.Contains(t, err.Error(), "table full")
	require.Nil(t, c.Screen().Table, "not made a spectator without a word")
	require.NoError(t, c.WatchCode(code))
	require.Equal(t, -1, c.Screen().Table.You)
}

// The turn timer counts only the player's own turn: someone losing their
// connection, chatting or coming to watch does not give it back its time.
func TestTurnTimerIgnoresOtherEvents(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	clk := clockOf(h)
	a, b, c, w := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy"), connect(t, h, "wes")
	code := startPrivate(t, a, 0, 30*time.Second, b, c)
	s := waitScreen(t, a, func(s Screen) bool { return !s.Table.TurnEnds.IsZero() })
	ends := s.Table.TurnEnds
	current := s.Table.Game.Current
	clk.Advance(5 * time.Second)

	var other, talker *Client
	for _, p := range []*Client{a, b, c} {
		if p.Screen().Table.You != current {
			if other == nil {
				other = p
			} else {
				talker = p
			}
		}
	}
	talker.Do(Intent{Kind: Chat, Text: "hurry up"})
	require.NoError(t, w.Join(code)) // a spectator comes
	otherSeat := other.Screen().Table.You
	other.Disconnect()
	s = waitScreen(t, talker, func(s Screen) bool { return !s.Table.Seats[otherSeat].Connected && s.Table.Watching == 1 })
	require.Equal(t, current, s.Table.Game.Current, "still the same turn")
	require.Equal(t, ends, s.Table.TurnEnds, "the turn ends when it would have")
}

// An idle player is stood up: after three turns timed out a bot plays for
// them, after three more moves they are sent to the lobby with their seat
// kept, and at the end a win in their seat is the bot's, not theirs.
func TestIdlePlayerIsStoodUpAndNotCredited(t *testing.T) {
	cfg := testConfig()
	cfg.Grace = 24 * time.Hour // the game ends while the seat is kept
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a, w := connect(t, h, "ana"), connect(t, h, "wes")
	code := startPrivate(t, a, 2, 10*time.Second)
	seat := a.Screen().Table.You
	require.NoError(t, w.Join(code))

	s := runUntil(t, a, func(s Screen) bool { return s.Table == nil })
	require.Contains(t, s.Notice.Text, "idle")
	require.NotNil(t, s.Held, "her seat is kept for her")
	waitScreen(t, w, func(s Screen) bool {
		return slices.ContainsFunc(s.Table.Log, func(l LogLine) bool { return l.Text == "ana was idle and is stood up; a bot plays their cards" })
	})
	v := runUntil(t, w, func(s Screen) bool { return s.Table.Status == Finished }).Table
	require.Contains(t, v.LastHand.StandIns, seat, "the seat was a bot's at the end")
	log := ""
	for _, l := range v.Log {
		log += l.Text + "\n"
	}
	if slices.Contains(v.LastHand.Winners, seat) {
		require.Contains(t, log, "a bot in ana's seat")
	}
	require.Nil(t, waitScreen(t, a, func(s Screen) bool { return s.Held == nil }).Held, "no seat to come back to after the game")
}

// The result of a game a stand-in bot won names the bot, not the player.
func TestStandInWinIsTheBots(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	tb := &table{hub: h, seats: []*seat{
		{nick: "ana", key: "k", away: true, auto: true},
		{nick: "bo", bot: true, standFor: "bo"},
		{nick: "ada", bot: true},
		{nick: "cy", key: "c"},
	}}
	require.Equal(t, []int{0, 1}, tb.standIns())
	for seat, want := range map[int]string{
		0: "GAME OVER: a bot in ana's seat won! (the bot's win, not ana's)",
		1: "GAME OVER: a bot in bo's seat won! (the bot's win, not bo's)",
		2: "", 3: "",
	} {
		require.Equal(t, want, tb.standInWin(gameOver(seat, -1)), "seat %d", seat)
	}
	require.Equal(t, "GAME OVER: cy and a bot in ana's seat win!", tb.standInWin(gameOver(3, 0)))
}

// A public table's countdown waits while the host edits the rules, and
// starts again from the beginning when they are done.
func TestCountdownWaitsWhileTheHostEdits(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	clk := clockOf(h)
	a := connect(t, h, "ana")
	require.NoError(t, a.Create(TableOptions{Public: true, Settings: defaultSettings(4)}))
	require.False(t, a.Screen().Table.StartsAt.IsZero())
	a.Do(Intent{Kind: EditRules})
	require.True(t, a.Screen().Table.StartsAt.IsZero(), "the countdown waits")
	clk.Advance(10 * h.cfg.StartCountdown)
	a.Do(Intent{Kind: Chat, Text: "still thinking"}) // a round trip: the table has seen the clock
	require.Equal(t, Waiting, a.Screen().Table.Status, "no game started under the host")
	a.Do(Intent{Kind: EditDone})
	require.Equal(t, clk.Now().Add(h.cfg.StartCountdown), a.Screen().Table.StartsAt, "it starts again from the top")

	a.Do(Intent{Kind: EditRules})
	a.Do(Intent{Kind: Configure, Settings: defaultSettings(3)})
	require.Equal(t, clk.Now().Add(h.cfg.StartCountdown), a.Screen().Table.StartsAt, "saving the rules ends the edit too")
}

// Every table has a short name, unique among the live tables.
func TestShortNamesAreUnique(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	seen := map[string]bool{}
	pair := regexp.MustCompile(`^[a-z]+-[a-z]+(-\d+)?$`)
	for i := range 60 {
		c := connect(t, h, "p"+string(rune('a'+i/26))+string(rune('a'+i%26)))
		require.NoError(t, c.Create(TableOptions{Public: i%2 == 0, Settings: defaultSettings(2)}))
		short := c.Screen().Table.Short
		require.Regexp(t, pair, short)
		require.LessOrEqual(t, len(short), 16, "fits the list's column")
		require.False(t, seen[short], "%s twice", short)
		seen[short] = true
	}
}

// The operators' log has a line for a table created, started and finished,
// with the result and the game's duration.
func TestTableLogLines(t *testing.T) {
	var buf bytes.Buffer
	cfg := testConfig()
	cfg.Logger = log.NewWithOptions(&buf, log.Options{Level: log.InfoLevel})
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	startPrivate(t, a, 1, NoTurnTimer)
	playOut(t, a)
	a.Do(Intent{Kind: Leave})
	out := buf.String()
	for _, want := range []string{"table created", "table started", "table finished", "winner=", "scores=", "duration="} {
		require.Contains(t, out, want)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(l, "table finished") {
			require.Regexp(t, `scores="?ana=\d+ \w+\(bot\)=\d+`, l)
		}
	}
}

func gameOver(seat, partner int) engine.Event {
	return engine.Event{Kind: engine.EvGameOver, Seat: seat, Target: partner}
}
