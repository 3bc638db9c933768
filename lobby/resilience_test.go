package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

// startPrivate opens a private table for host with the given bots and other
// players, starts it, and returns the code.
func startPrivate(t *testing.T, host *Client, bots int, turn time.Duration, others ...*Client) string {
	t.Helper()
	settings := engine.Settings{Edition: engine.Classic2001, Players: 1 + bots + len(others), Target: 500}
	require.NoError(t, host.Create(TableOptions{Settings: settings, Bots: bots, TurnTime: turn}))
	s := waitScreen(t, host, func(s Screen) bool { return s.Table != nil })
	for _, o := range others {
		require.NoError(t, o.Join(s.Table.Code))
	}
	host.Do(Intent{Kind: Start})
	for _, c := range append([]*Client{host}, others...) {
		waitScreen(t, c, func(s Screen) bool { return s.Table != nil && s.Table.Status == Playing && s.Table.Game != nil })
	}
	return s.Table.Code
}

func TestReconnectKeepsTheSeat(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 1, NoTurnTimer, b)
	seat := b.Screen().Table.You
	b.Disconnect()
	waitScreen(t, a, func(s Screen) bool { return !s.Table.Seats[seat].Connected })

	back := h.Connect("sess-bo-2", "key-bo", false)
	s := waitScreen(t, back, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, "bo", s.Nick, "the nickname is remembered for the key")
	require.Equal(t, seat, s.Table.You, "same seat")
	require.GreaterOrEqual(t, len(s.Table.Game.Hand), 1)
	waitScreen(t, a, func(s Screen) bool { return s.Table.Seats[seat].Connected })
}

func TestSecondConnectionTakesOver(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 1, NoTurnTimer, b)
	seat := b.Screen().Table.You
	connected := make(chan *Client, 1)
	go func() { connected <- h.Connect("sess-bo-2", "key-bo", false) }()
	// The old session ends as soon as it is told to, as a real one does:
	// by then the seat must be the new session's, or the table would say
	// bo lost their connection.
	old := waitScreen(t, b, func(s Screen) bool { return s.Closed != "" })
	require.Contains(t, old.Closed, "another connection")
	b.Disconnect()
	b2 := <-connected
	s := waitScreen(t, b2, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, seat, s.Table.You)
	s = waitScreen(t, a, func(s Screen) bool { return true })
	require.True(t, s.Table.Seats[seat].Connected)
	require.False(t, logSays(s, "lost their connection"), "the takeover is not a lost connection")
}

func TestTurnTimerAndAutoPlay(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a := connect(t, h, "ana")
	startPrivate(t, a, 1, 0)
	// ana never moves: her turns time out, and after three a bot plays for her.
	s := runUntil(t, a, func(s Screen) bool { return s.Table.Seats[s.Table.You].AutoPlay })
	found := false
	for _, l := range s.Table.Log {
		found = found || strings.Contains(l.Text, "ran out of time")
	}
	require.True(t, found, "the log says the time ran out")
	a.Do(Intent{Kind: Wake})
	waitScreen(t, a, func(s Screen) bool { return !s.Table.Seats[s.Table.You].AutoPlay })
}

func TestSpectatorSeesNoHand(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, w := connect(t, h, "ana"), connect(t, h, "wes")
	code := startPrivate(t, a, 1, NoTurnTimer)
	require.NoError(t, w.Join(code)) // started: watch it
	s := waitScreen(t, w, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, -1, s.Table.You)
	require.Empty(t, s.Table.Game.Hand)
	require.Empty(t, s.Table.Game.Legal)
	waitScreen(t, a, func(s Screen) bool { return s.Table.Watching == 1 })
	w.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Draw}})
	n := waitScreen(t, w, func(s Screen) bool { return s.Notice.Text != "" })
	require.Contains(t, n.Notice.Text, "watching")
}

func TestHostileChatIsCleaned(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 0, NoTurnTimer, b)
	b.Do(Intent{Kind: Chat, Text: "hi\x1b[2J\x1b]0;pwned\x07 there\r\n\u202egnp.exe\x00\x9b31m!"})
	s := waitScreen(t, a, func(s Screen) bool {
		for _, l := range s.Table.Log {
			if l.Chat {
				return true
			}
		}
		return false
	})
	for _, l := range s.Table.Log {
		if l.Chat {
			require.Equal(t, "hi there  gnp.exe!", l.Text)
		}
	}
	for i := 0; i < 10; i++ {
		b.Do(Intent{Kind: Chat, Text: "spam"})
	}
	n := waitScreen(t, b, func(s Screen) bool { return strings.Contains(s.Notice.Text, "too fast") })
	require.True(t, n.Notice.Error)
}

func TestGraceEndsWithABotAndEmptyTablesClose(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	a, b := connect(t, h, "ana"), connect(t, h, "bo")
	startPrivate(t, a, 0, NoTurnTimer, b)
	seat := b.Screen().Table.You
	b.Disconnect()
	s := runUntil(t, a, func(s Screen) bool { return s.Table.Seats[seat].Bot })
	require.Equal(t, "bo", s.Table.Seats[seat].Nick)
	a.Do(Intent{Kind: Leave})
	s = waitScreen(t, a, func(s Screen) bool { return s.Table == nil })
	require.NotNil(t, s.Held, "ana left a game under way: her seat is kept")
	// When her seat is no longer kept (the grace, or the game, ended),
	// nobody is left and the table closes.
	runUntil(t, a, func(s Screen) bool { return s.Held == nil })
	// The hold ends as the grace runs out, a moment before the table, left
	// to bots, closes and takes its line off the list.
	require.Eventually(t, func() bool { return len(h.snapshotInfos()) == 0 }, 10*time.Second, time.Millisecond,
		"the table took its line off the list as it closed")
}

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"plain":                  "plain",
		"\x1b[31mred\x1b[0m":     "red",
		"a\x1b]8;;http://x\x07b": "ab",
		"bell\x07":               "bell",
		"\u202eevil":             "evil",
		"tab\there":              "tab here",
		"bad\xffutf8":            "badutf8",
		"zero\u200bwidth":        "zerowidth",
		"c1\u0085next":           "c1next",
	}
	for in, want := range cases {
		require.Equal(t, want, Sanitize(in, 0), "%q", in)
	}
	require.Equal(t, "abc", Sanitize("abcdef", 3))
}
