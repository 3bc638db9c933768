package main

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end test of a client that stops reading: its blocked output never
// holds the table or the other players.

// TestStalledClientDoesNotHoldTheTable: a player whose client never reads
// sits at a table while three others (two people and a bot) finish a game:
// the server's writes to the stalled client block, its turns run out, the
// others' screens keep updating, and the game ends within a bound. What
// the stalled session costs stays put (goroutines, heap), and when it reads
// again it gets the table as it is now, not a backlog.
func TestStalledClientDoesNotHoldTheTable(t *testing.T) {
	srv, addr, _ := startAppWith(t, timedLobby(1500*time.Millisecond), ssh.Config{})
	ana, code := hostPrivate(t, addr, "ana", []string{"mode", "single hand"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	// sid never reads a byte, but types: a nickname and enter, and the
	// command line seats them.
	sid := sshtest.Dial(t, addr, sshtest.User("sid"), sshtest.Command("join "+code), sshtest.Paused(),
		sshtest.Size(300, 100))
	typeNick(t, sid, "sid")
	ana.WaitFor(t, "sid sat down", wait)
	addBots(t, ana, 1, "4/4 taken")
	startGame(t, ana, bo)

	// sid's terminal froze (think of a ^S) but the keyboard still types:
	// help on, help off, each a whole new screen, until the server's
	// writes to sid fill the SSH window and block. Meanwhile, and after,
	// ana and bo play on.
	goroutines, heap := runtime.NumGoroutine(), heapInUse()
	players := []*player{{c: ana, name: "ana"}, {c: bo, name: "bo"}}
	last := map[*player]string{}
	changed := map[*player]time.Time{}
	for _, p := range players {
		last[p], changed[p] = p.c.Screen(), time.Now()
	}
	start := time.Now()
	var blocked time.Duration
	most, timedOut := goroutines, false
	drive(t, 90*time.Second, func() bool {
		if blocked == 0 {
			if writerBlocked() {
				blocked = time.Since(start)
			} else {
				require.NoError(t, sid.Press("?"))
			}
		}
		most = max(most, runtime.NumGoroutine())
		done := blocked > 0
		for _, p := range players {
			s := p.c.Screen()
			if s != last[p] {
				last[p], changed[p] = s, time.Now()
				timedOut = timedOut || strings.Contains(s, "sid ran out of time")
			}
			// A key meant for the last move can land on the result,
			// where enter goes back to the lobby: that player is done.
			over := p.finished || strings.Contains(s, "Quick play")
			// Until the end, a turn's countdown ticks every second on
			// every screen.
			if !over {
				require.Less(t, time.Since(changed[p]), 5*time.Second, "%s's screen froze:\n%s", p.name, last[p])
			}
			done = done && over
		}
		return done
	}, players...)
	t.Logf("the server blocked writing to sid after %v; the game was over after %v", blocked.Round(time.Millisecond),
		time.Since(start).Round(time.Millisecond))

	require.True(t, players[0].finished || players[1].finished, "nobody saw the result")
	require.True(t, timedOut, "sid's turns ran out")
	require.True(t, writerBlocked(), "the server is still blocked writing to sid")
	require.Equal(t, 3, srv.Sessions(), "the stalled session is still there, and only once")
	t.Logf("goroutines: %d at the start, at most %d", goroutines, most)
	require.Less(t, most-goroutines, 40, "goroutines grew while sid stalled")
	grew := int64(heapInUse()) - int64(heap)
	t.Logf("heap in use grew by %d KiB", grew/1024)
	require.Less(t, grew, int64(32<<20), "the heap grew while sid stalled")

	// When sid reads again, they get the table as it is now: its result,
	// or, if they were stood up for being idle first, the lobby.
	// (Their last key may have left the help open: x closes it, and does
	// nothing at the table.)
	sid.ResumeReading()
	sid.WaitUntil(t, func(s string) bool {
		if strings.HasSuffix(s, "any key back") {
			require.NoError(t, sid.Press("x"))
		}
		return strings.Contains(s, "GAME OVER") || strings.Contains(s, "Quick play")
	}, wait)
	t.Logf("sid got %d KiB", len(sid.Raw())/1024)
}
