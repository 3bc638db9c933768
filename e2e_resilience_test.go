package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// These end-to-end tests prove that tables survive people (issue 5): players
// who drop and come back, sign in twice, fall asleep, stop reading, type
// hostile bytes, or are connected when the server stops. Like e2e_test.go
// they run the whole product over real SSH and read everything off the
// players' emulated screens and byte streams.

// big is the terminal size of players at a table: tall enough that the log
// keeps its last twenty lines on screen.
var big = sshtest.Size(100, 40)

// timedLobby is fastLobby with a turn timer short enough to run out in a
// test, and bots slow enough that every log line is drawn before the next.
func timedLobby(turn time.Duration) lobby.Config {
	cfg := fastLobby()
	cfg.TurnTime = turn
	cfg.BotDelay = 150 * time.Millisecond
	return cfg
}

// startAppWith is startApp with the ssh server's own settings (door limits,
// stall timeout), returning the server too.
func startAppWith(t *testing.T, cfg lobby.Config, sc ssh.Config) (*ssh.Server, string, *lobby.Hub) {
	t.Helper()
	hub := lobby.NewHub(cfg)
	sc.NewModel = modelMaker(hub, "ssh -p 23234 localhost", nil)
	srv, addr := sshtest.Serve(t, sc)
	t.Cleanup(func() { _ = hub.Shutdown(t.Context()) })
	return srv, addr, hub
}

// hostPrivate signs nick in with `ssh host new`, sets the create form's
// fields (label, value pairs, in order) and creates the private table. It
// returns the host and the table's code.
func hostPrivate(t *testing.T, addr, nick string, fields []string, opts ...sshtest.Option) (*sshtest.Client, string) {
	t.Helper()
	c := signIn(t, addr, nick, append([]sshtest.Option{sshtest.Command("new"), big}, opts...)...)
	c.WaitFor(t, "Create a table", wait)
	for i := 0; i+1 < len(fields); i += 2 {
		setField(t, c, fields[i], fields[i+1])
	}
	require.NoError(t, c.Press("enter"))
	return c, readCode(t, c)
}

// joinPrivate signs nick in with `ssh host join CODE` and waits until the
// host sees them seated.
func joinPrivate(t *testing.T, addr, nick, code string, host *sshtest.Client, opts ...sshtest.Option) *sshtest.Client {
	t.Helper()
	c := signIn(t, addr, nick, append([]sshtest.Option{sshtest.Command("join " + code), big}, opts...)...)
	host.WaitFor(t, nick+" sat down", wait)
	return c
}

// addBots has the host seat n bots in the waiting room, and waits until
// the room shows taken.
func addBots(t *testing.T, host *sshtest.Client, n int, taken string) {
	t.Helper()
	for range n {
		require.NoError(t, host.Press("b"))
	}
	host.WaitFor(t, taken, wait)
}

// inGame reports whether the screen shows a game under way: the table's
// header, which no overlay covers (an overlay may hide the hand), tells the
// direction of play (by its arrow: its words go first in a narrow window).
func inGame(s string) bool {
	header, _, _ := strings.Cut(s, "\n")
	return strings.ContainsAny(header, "↻↺")
}

// startGame has the host start the game and waits until every player sees
// it.
func startGame(t *testing.T, host *sshtest.Client, players ...*sshtest.Client) {
	t.Helper()
	require.NoError(t, host.Press("s"))
	for _, p := range append([]*sshtest.Client{host}, players...) {
		p.WaitUntil(t, inGame, wait)
	}
}

var handTitle = regexp.MustCompile(`your hand · (\d+) cards?`)

// handCount is the number of cards the hand's title shows, or -1.
func handCount(s string) int {
	m := handTitle.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// seatRows reads the players column of the table: one row per seat, in
// seat order, from the turn mark to the seat's notes (away, bot, you…).
func seatRows(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		col := strings.Index(l, "player ")
		if col < 0 || !strings.Contains(l, "cards") {
			continue
		}
		start := utf8.RuneCountInString(l[:col]) - 2
		var rows []string
		for _, row := range lines[i+1:] {
			r := []rune(row)
			if len(r) <= start || strings.TrimSpace(string(r[start:])) == "" {
				break
			}
			rows = append(rows, string(r[start:]))
		}
		return rows
	}
	return nil
}

// seatRow is the row of the seat whose player is nick, and its index.
func seatRow(s, nick string) (int, string) {
	for i, row := range seatRows(s) {
		if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(row), "▶")); len(f) > 0 && f[0] == nick {
			return i, row
		}
	}
	return -1, ""
}

var youNote = regexp.MustCompile(`\byou\b`)

// mySeat is the index of the row marked "you", or -1.
func mySeat(s string) int {
	for i, row := range seatRows(s) {
		if youNote.MatchString(row) {
			return i
		}
	}
	return -1
}

// rowSays reports whether nick's row shows note (away, bot plays…).
func rowSays(nick, note string) func(string) bool {
	return func(s string) bool {
		_, row := seatRow(s, nick)
		return strings.Contains(row, note)
	}
}

// drive steps the players until done holds, failing after timeout.
func drive(t *testing.T, timeout time.Duration, done func() bool, players ...*player) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !done() {
		if time.Now().After(deadline) {
			for _, p := range players {
				t.Logf("%s's screen:\n%s", p.name, p.c.Screen())
			}
			t.Fatalf("condition not reached after %v", timeout)
		}
		for _, p := range players {
			step(t, p)
		}
		time.Sleep(10 * time.Millisecond) // polling the emulated screens
	}
}

// step is player.step, and also names the colour when the first card
// turned up is a wild (decide reads "Choose the colour", capitalised, and
// this overlay asks to "choose the colour to start").
func step(t *testing.T, p *player) {
	t.Helper()
	s := p.c.Screen()
	if !strings.Contains(s, "choose the colour to start") {
		p.step(t)
		return
	}
	if s != p.last || time.Since(p.lastKey) > 700*time.Millisecond {
		p.last, p.lastKey = s, time.Now()
		require.NoError(t, p.c.Press("enter"))
	}
}

// playUntilTurn plays p's seat until it is c's turn: a move may take more
// than one screen (a wild asks for its colour) and more than one turn (a
// skip between two players).
func playUntilTurn(t *testing.T, c *sshtest.Client, p *player) {
	t.Helper()
	drive(t, wait, func() bool { return strings.Contains(c.Screen(), "your turn") }, p)
}

// twoAtATable seats ana (host) and bo, bo with the given key, at a private
// table of two with no turn timer, starts it and plays ana's turns until it
// is bo's: from then on nothing moves until bo does.
func twoAtATable(t *testing.T, addr string, boKey gossh.Signer) (ana, bo *sshtest.Client) {
	t.Helper()
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2", "turn timer", "off"})
	bo = joinPrivate(t, addr, "bo", code, ana, sshtest.WithKey(boKey))
	startGame(t, ana, bo)
	pa, pb := &player{c: ana, name: "ana"}, &player{c: bo, name: "bo"}
	drive(t, wait, func() bool {
		// bo answers what is not a turn (the first card's colour); a
		// turn of bo's is left for the test.
		if s := bo.Screen(); !strings.Contains(s, "your turn") {
			step(t, pb)
			return false
		}
		return true
	}, pa)
	return ana, bo
}

// TestReconnectKeepsTheSeatWithTheWholeState: a player whose connection
// drops keeps their seat, the others see them away, and coming back with the
// same key within the grace period puts them in the same seat, with their
// hand and their turn.
func TestReconnectKeepsTheSeatWithTheWholeState(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	key := sshtest.NewKey(t)
	ana, bo := twoAtATable(t, addr, key)

	before := bo.Screen()
	cards, seat := handCount(before), mySeat(before)
	require.Positive(t, cards, before)
	require.GreaterOrEqual(t, seat, 0, before)

	bo.Close()
	ana.WaitUntil(t, rowSays("bo", "away"), wait)
	ana.WaitFor(t, "bo lost their connection", wait)

	back := sshtest.Dial(t, addr, sshtest.User("bo"), sshtest.WithKey(key), big)
	back.WaitFor(t, "your hand", wait) // no nickname prompt: the key is known
	s := back.Screen()
	require.Equal(t, cards, handCount(s), "the same hand:\n%s", s)
	require.Equal(t, seat, mySeat(s), "the same seat:\n%s", s)
	require.Contains(t, s, "your turn", "the same turn")
	ana.WaitUntil(t, func(s string) bool { return !rowSays("bo", "away")(s) }, wait)
	ana.WaitFor(t, "bo is back", wait)

	// The seat is really bo's again: their move hands the turn to ana.
	playUntilTurn(t, ana, &player{c: back, name: "bo"})
}

// TestTakeoverByASecondConnection: a second connection with the same key
// takes the seat over; the older session is told why it is closed and ends,
// and its end does not cost the newer one the seat.
func TestTakeoverByASecondConnection(t *testing.T) {
	addr, _ := startApp(t, fastLobby())
	key := sshtest.NewKey(t)
	ana, bo := twoAtATable(t, addr, key)
	before := bo.Screen()
	cards, seat := handCount(before), mySeat(before)

	bo2 := sshtest.Dial(t, addr, sshtest.User("bo"), sshtest.WithKey(key), big)
	bo2.WaitFor(t, "your hand", wait)

	// The old session is told why, on a line of its own that stays in the
	// player's terminal after the game's screen is gone, and it ends.
	const why = "unossh: you signed in from another connection; this one is closed"
	require.Equal(t, 0, bo.Wait(t, wait), "the old session ends cleanly")
	require.Contains(t, string(bo.Stderr()), why)

	s := bo2.Screen()
	require.Equal(t, cards, handCount(s), "the same hand:\n%s", s)
	require.Equal(t, seat, mySeat(s), "the same seat:\n%s", s)
	require.Contains(t, s, "your turn")

	// The newer connection plays the seat; the old one's end freed nothing.
	playUntilTurn(t, ana, &player{c: bo2, name: "bo"})
	s = ana.Screen()
	require.NotContains(t, s, "lost their connection")
	require.False(t, rowSays("bo", "away")(s), s)
}

// below reports whether the screen shows a line with then below the last
// line with first: the log runs down the screen, oldest first.
func below(s, first, then string) bool {
	lines := strings.Split(s, "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, first) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	for _, l := range lines[at+1:] {
		if strings.Contains(l, then) {
			return true
		}
	}
	return false
}

// TestTurnTimerRunsOutAndTheGameGoesOn: at a table with a short turn timer,
// an idle player's time runs out, the log says so, the table draws for
// them, and play goes on around them.
func TestTurnTimerRunsOutAndTheGameGoesOn(t *testing.T) {
	addr, _ := startApp(t, timedLobby(1500*time.Millisecond))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "3"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	addBots(t, ana, 1, "3/3 taken")
	startGame(t, ana, bo)

	// ana never touches her keyboard; bo plays. ana's time runs out, and
	// the table draws for her (only a draw of her own is "a card": a
	// penalty is two or more).
	pb := &player{c: bo, name: "bo"}
	drive(t, 30*time.Second, func() bool {
		s := bo.Screen()
		return strings.Contains(s, "ana ran out of time") && strings.Contains(s, "ana drew a card")
	}, pb)
	ana.WaitFor(t, "ana ran out of time", wait) // the idle player reads it too

	// The game goes on: bo keeps playing, and ana's next turn comes round
	// and runs out too.
	keys := pb.keys
	drive(t, 30*time.Second, func() bool {
		return pb.keys >= keys+2 && strings.Count(bo.Screen(), "ana ran out of time") >= 2
	}, pb)
}

// TestTimerHandsAnIdleSeatToABotUntilAKey: after three turns in a row run
// out, a bot plays the seat (both the player and the others see it), and
// one key press gives it back to the player.
func TestTimerHandsAnIdleSeatToABotUntilAKey(t *testing.T) {
	addr, _ := startApp(t, timedLobby(1500*time.Millisecond))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	startGame(t, ana, bo)

	pb := &player{c: bo, name: "bo"}
	drive(t, 45*time.Second, func() bool { return rowSays("ana", "bot plays")(bo.Screen()) }, pb)
	require.Contains(t, bo.Screen(), "a bot plays for ana until they press a key")
	require.Contains(t, bo.Screen(), "ana ran out of time") // three in a row: the lobby's tests count them
	ana.WaitFor(t, "a bot plays for you: press any key to take over", wait)

	// One key and the seat is ana's again: the banner goes, and her next
	// turn is hers to play, so it runs out again.
	require.NoError(t, ana.Press("right"))
	ana.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "a bot plays for you") }, wait)
	drive(t, 30*time.Second, func() bool {
		s := bo.Screen()
		return !rowSays("ana", "bot plays")(s) && below(s, "ana is back at the keyboard", "ana ran out of time")
	}, pb)
}

// watchWhile steps the players until they have pressed n keys between
// them, and fails if the spectator's screen ever shows a hand meanwhile.
func watchWhile(t *testing.T, spectator *sshtest.Client, n int, players ...*player) {
	t.Helper()
	pressed := func() int {
		k := 0
		for _, p := range players {
			k += p.keys
		}
		return k
	}
	start := pressed()
	drive(t, gameWait, func() bool {
		s := spectator.Screen()
		require.NotContains(t, s, "your hand", "a spectator sees a hand")
		require.NotContains(t, s, "▲", "a spectator sees playable cards")
		require.Contains(t, s, "WATCHING")
		return pressed() >= start+n
	}, players...)
}

// TestSpectatorSeesNoHand: a spectator of a public table (from the lobby's
// "Watch a table") or of a private one (by its code, once started) sees the
// table but never a hand, cannot play, and the players see them counted.
func TestSpectatorSeesNoHand(t *testing.T) {
	addr, _ := startApp(t, fastLobby())

	t.Run("public table from the lobby", func(t *testing.T) {
		ana := signIn(t, addr, "ana", big)
		ana.WaitFor(t, "Quick play", wait)
		require.NoError(t, ana.Press("enter"))
		ana.WaitUntil(t, inGame, wait) // the countdown seats bots and deals

		wes := signIn(t, addr, "wes", big)
		wes.WaitFor(t, "Quick play", wait)
		require.NoError(t, wes.Press("4"))
		wes.WaitFor(t, "Watch a table", wait)
		wes.WaitFor(t, "playing", wait)
		require.NoError(t, wes.Press("enter"))
		wes.WaitFor(t, "WATCHING", wait)
		ana.WaitFor(t, "1 watching", wait)

		require.NoError(t, wes.Press("d"))
		wes.WaitFor(t, "you are watching", wait)
		watchWhile(t, wes, 8, &player{c: ana, name: "ana"})
	})

	t.Run("private table by its code", func(t *testing.T) {
		cy, code := hostPrivate(t, addr, "cy", []string{"seats", "3"})
		dee := joinPrivate(t, addr, "dee", code, cy)
		addBots(t, cy, 1, "3/3 taken")
		startGame(t, cy, dee)

		vi := signIn(t, addr, "vi", sshtest.Command("join "+code), big)
		vi.WaitFor(t, "WATCHING", wait)
		cy.WaitFor(t, "1 watching", wait)
		dee.WaitFor(t, "1 watching", wait)
		watchWhile(t, vi, 8, &player{c: cy, name: "cy"}, &player{c: dee, name: "dee"})
	})

	t.Run("a spectator who signs in again is not counted twice", func(t *testing.T) {
		// Names of their own: the last subtest's players may still be
		// leaving, and a nickname is taken while its player is online.
		cy, code := hostPrivate(t, addr, "cyd", []string{"seats", "2"})
		addBots(t, cy, 1, "2/2 taken")
		startGame(t, cy)
		key := sshtest.NewKey(t)
		vi := signIn(t, addr, "vix", sshtest.Command("join "+code), sshtest.WithKey(key), big)
		vi.WaitFor(t, "WATCHING", wait)
		cy.WaitFor(t, "1 watching", wait)

		// A second connection takes over from the first, which ends; then
		// the second goes too. Nobody is left watching.
		vi2 := sshtest.Dial(t, addr, sshtest.User("vix"), sshtest.WithKey(key), big)
		vi.Wait(t, wait)
		vi2.WaitFor(t, "Quick play", wait)
		vi2.Close()
		cy.WaitUntil(t, func(s string) bool { return !strings.Contains(cy.Lines()[0], "watching") }, wait)
	})
}

// stacks is writerBlocked's buffer (the test goroutine's alone).
var stacks = make([]byte, 4<<20)

// writerBlocked reports whether a session's output is blocked because its
// client stopped reading: a write is waiting for room in the SSH window.
func writerBlocked() bool {
	dump := stacks[:runtime.Stack(stacks, true)]
	for _, g := range strings.Split(string(dump), "\n\n") {
		if strings.Contains(g, "(*window).reserve") && strings.Contains(g, "(*stallWriter).Write") {
			return true
		}
	}
	return false
}

// heapInUse is the live heap after a collection, in bytes.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

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

// paste wraps text as a terminal sends a paste (bracketed paste mode).
func paste(text string) string { return "\x1b[200~" + text + "\x1b[201~" }

// ownSignals are the program's own window titles, each maybe followed by
// the turn bell: the only OSC and BEL it ever sends (see ssh/paint.go).
var ownSignals = regexp.MustCompile("\x1b\\]2;(UNO over SSH|▶ your turn · UNO over SSH)\x07\x07?")

// requireHarmless fails if out holds a byte sequence a player could use to
// take over another's terminal: OSC (titles, hyperlinks, clipboard), BEL,
// NUL, C1 controls (8-bit CSI) or bidirectional overrides and isolates.
// The program's own output holds none of them but its window titles and
// turn bell, which are taken out first.
func requireHarmless(t *testing.T, who string, out []byte) {
	t.Helper()
	out = ownSignals.ReplaceAll(out, nil)
	for _, bad := range []string{"\x1b]", "\x07", "\x00", "\u202e", "\u2066", "\u009b"} {
		require.NotContains(t, string(out), bad, "%s received %q", who, bad)
	}
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRune(out[i:])
		require.False(t, r == utf8.RuneError && n == 1 && out[i] == 0x9b, "%s received a raw 8-bit CSI at %d", who, i)
		i += n
	}
}

// chatLine is the screen's line where nick says something starting with
// first, from the name on.
func chatLine(s, nick, first string) string {
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, nick+": "+first); i >= 0 {
			return l[i:]
		}
	}
	return ""
}

// nickField is what the nickname prompt's field holds.
func nickField(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if _, box, ok := strings.Cut(l, "nickname  │"); ok {
			v, _, _ := strings.Cut(box, "│")
			return strings.TrimRight(strings.TrimSpace(v), "_")
		}
	}
	return "?"
}

// TestHostileChatAndNicknames: a chat line full of escape sequences,
// carriage returns, NULs and bidi overrides reaches the others as its
// harmless text only, whether pasted or typed; and a nickname can only be
// made of letters, digits, - and _, whatever the ssh user name or the keys,
// and what it may not hold is refused with the reason.
func TestHostileChatAndNicknames(t *testing.T) {
	// A seeded deal whose first card is a number: a wild first would open a
	// colour box over the log where the chat lines are read.
	cfg := fastLobby()
	cfg.Seed = func() uint64 { return 7 }
	addr, _ := startApp(t, cfg)

	t.Run("chat", func(t *testing.T) {
		ana, code := hostPrivate(t, addr, "ana", []string{"seats", "2", "turn timer", "off"})
		bo := joinPrivate(t, addr, "bo", code, ana)
		startGame(t, ana, bo)
		vi := signIn(t, addr, "vi", sshtest.Command("join "+code), big)
		vi.WaitFor(t, "WATCHING", wait)
		mark := len(ana.Raw())

		// A paste, with everything in it.
		hostile := " \x1b[2J\x1b]0;pwned\x07\r\x00\u202e\u2066\x9b31m\x1b[H "
		require.NoError(t, bo.Press("t"))
		require.NoError(t, bo.Send(paste("hello"+hostile+"world")))
		require.NoError(t, bo.Press("enter"))
		// Typed, in one burst with the t that opens the chat: the same
		// bytes as keys (but CR, which would send the line, and ESC [ H,
		// which is the Home key).
		typed := strings.NewReplacer("\r", "", "\x1b[H", "").Replace(hostile)
		require.NoError(t, bo.Send("t"+"again"+typed+"more"))
		require.NoError(t, bo.Press("enter"))

		for _, c := range []*sshtest.Client{ana, vi} {
			c.WaitUntil(t, func(s string) bool {
				return strings.Contains(chatLine(s, "bo", "hello"), "world") &&
					strings.Contains(chatLine(s, "bo", "again"), "more")
			}, wait)
		}
		t.Logf("ana reads %q and %q", chatLine(ana.Screen(), "bo", "hello"), chatLine(ana.Screen(), "bo", "again"))
		require.NotContains(t, ana.Screen(), "first card: W", "the seeded deal starts with a number")
		for name, c := range map[string]*sshtest.Client{"ana": ana, "bo": bo, "vi": vi} {
			requireHarmless(t, name, c.Raw())
		}
		// The program's own output never clears the screen mid-game (it
		// homes the cursor, so ESC [ H is no proof of anything: the lines
		// read whole on screen, above, are).
		require.NotContains(t, string(ana.Raw()[mark:]), "\x1b[2J", "the chat cleared ana's screen")
	})

	t.Run("nickname", func(t *testing.T) {
		// The ssh user name is never offered: the field starts empty.
		eve := sshtest.Dial(t, addr, sshtest.User("\x1b]0;x\x07eve\u202e"), big)
		eve.WaitFor(t, "nickname", wait)
		field := func(want string) func(string) bool {
			return func(s string) bool { return nickField(s) == want }
		}
		eve.WaitUntil(t, field(""), wait)

		// A key the field cannot show is refused with the reason, never
		// dropped unsaid: once the keys after it show, the field holds
		// those alone.
		for _, k := range []string{"\u202e", "\u2066", "\x00", "\x9b", "ok"} {
			require.NoError(t, eve.Send(k))
		}
		eve.WaitUntil(t, field("ok"), wait)
		// What the field shows but a nickname may not hold is explained
		// at once, and enter keeps the player on the prompt.
		require.NoError(t, eve.Press("!", "enter"))
		eve.WaitFor(t, "“!”: only letters, digits, - and _ are allowed in nicknames", wait)
		// A paste with anything a name may not hold is refused whole.
		require.NoError(t, eve.Press("esc"))
		eve.WaitUntil(t, field(""), wait)
		require.NoError(t, eve.Send(paste("\x1b[31mev\u202eil\x07\x00\r")))
		eve.WaitFor(t, "control characters are not allowed in nicknames", wait)
		eve.WaitUntil(t, field(""), wait)
		typeNick(t, eve, "evil")
		eve.WaitFor(t, "Quick play", wait)
		require.Contains(t, eve.Lines()[0], "evil")
		requireHarmless(t, "eve", eve.Raw())
	})
}

// junk is n bytes of random input, escape sequences of every kind mixed in
// (cursor keys, screen clears, titles, mouse reports, 8-bit CSI, device
// controls, bidi overrides), without the bytes in leaveOut. The random bytes
// are 7-bit: random UTF-8 is full of combining and wide characters, which
// the emulated terminal draws one cell wide, and the screens would no
// longer read as a player's do.
func junk(r *rand.Rand, n int, leaveOut string) []byte {
	seqs := []string{"\x1b[A", "\x1b[D", "\x1b[2J", "\x1b]0;title\x07", "\x9b31m", "\x1b[<0;5;5M",
		"\x1b[M !!", "\x1bP+q544e\x1b\\", "\x1b[?1049l", "\x1b[6n", "\x1b\x1b", "\r", "\x00", "\u202e"}
	b := make([]byte, 0, n+16)
	for len(b) < n {
		if r.IntN(40) == 0 {
			// A sequence holding a key left out is left out too (but for
			// ESC, which every sequence starts with): the OSC one types
			// "title", the DCS one "+q544e", and an l or q leaves the
			// table, then quits the lobby.
			if s := seqs[r.IntN(len(seqs))]; !strings.ContainsAny(s, strings.ReplaceAll(leaveOut, "\x1b", "")) {
				b = append(b, s...)
			}
			continue
		}
		if c := byte(r.UintN(128)); !strings.ContainsRune(leaveOut, rune(c)) {
			b = append(b, c)
		}
	}
	return bytes.ReplaceAll(b, []byte("\x1b[20"), []byte("\x1b[30")) // no paste markers
}

// TestHostileKeyStormAndHugePaste: a player pastes 100 KB of junk into
// the chat, then types 100 KB of random bytes and escape sequences. The
// table goes on for the others, the player's session neither crashes nor
// stops answering, and nothing harmful reaches anyone else.
func TestHostileKeyStormAndHugePaste(t *testing.T) {
	addr, _ := startApp(t, timedLobby(2*time.Second))
	ana, code := hostPrivate(t, addr, "ana", []string{"seats", "3"})
	bo := joinPrivate(t, addr, "bo", code, ana)
	addBots(t, ana, 1, "3/3 taken")
	startGame(t, ana, bo)
	r := rand.New(rand.NewPCG(5, 5))

	// A paste far longer than anything the game takes, into the chat: the
	// line sent is its first characters, cleaned.
	require.NoError(t, bo.Press("t"))
	bo.WaitFor(t, "enter send", wait)
	require.NoError(t, bo.Send(paste("PASTED "+string(junk(r, 100<<10, "\x1b")))))
	require.NoError(t, bo.Press("enter"))
	ana.WaitFor(t, "bo: PASTED", wait)

	// A storm of keys. Those that leave the table or quit (q, l, ctrl+c)
	// are left out: doing what they say is not a fault.
	pa := &player{c: ana, name: "ana"}
	moves := pa.keys
	before := bo.Screen()
	require.NoError(t, bo.Send(string(junk(r, 100<<10, "ql\x03"))))

	// ana plays on while bo's session works through the storm, which
	// keeps changing bo's screen.
	changes, last := 0, before
	drive(t, time.Minute, func() bool {
		if s := bo.Screen(); s != last {
			changes, last = changes+1, s
		}
		return pa.keys >= moves+24 && changes >= 20
	}, pa)
	bo.WaitUntil(t, func(s string) bool { return s != last }, wait) // still answering
	require.NotContains(t, string(bo.Stderr()), "something went wrong")
	for name, c := range map[string]*sshtest.Client{"ana": ana, "bo": bo} {
		requireHarmless(t, name, c.Raw())
	}
}

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// dialAll connects n clients at once, the options of each from opts.
func dialAll(t *testing.T, addr string, n int, opts func(i int) []sshtest.Option) []*sshtest.Client {
	t.Helper()
	clients := make([]*sshtest.Client, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { clients[i], errs[i] = sshtest.TryDial(t, addr, opts(i)...) })
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "client %d", i)
	}
	return clients
}

// TestShutdownWhileFiftyClientsConnectAndPlay: with fifty SSH clients on
// the server (some still connecting, some at the nickname prompt, some in
// the lobby, some at tables playing with bots), main's ordered shutdown
// finishes within its deadline, and every player who had a session is told
// the server is stopping before it ends.
func TestShutdownWhileFiftyClientsConnectAndPlay(t *testing.T) {
	const settled, connecting, inLobby, atTables = 35, 15, 25, 12
	goroutines := runtime.NumGoroutine()

	// The server, wired as run wires it, with the door opened wide for
	// fifty clients from one address.
	logs := &syncBuffer{}
	logger := log.NewWithOptions(logs, log.Options{Level: log.DebugLevel, ReportTimestamp: true})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hub := lobby.NewHub(fastLobby())
	srv, err := ssh.New(ssh.Config{
		HostKeyDir:       t.TempDir(),
		Logger:           logger,
		NewModel:         modelMaker(hub, connectHint(l.Addr()), nil),
		MaxSessionsPerIP: 2 * (settled + connecting),
		ConnBurst:        -1,
		Startups:         ssh.Startups{PerIP: -1},
	})
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	addr := l.Addr().String()
	defer func() {
		if t.Failed() {
			t.Logf("server log:\n%s", logs)
		}
	}()

	clients := dialAll(t, addr, settled, func(i int) []sshtest.Option {
		return []sshtest.Option{sshtest.User(fmt.Sprintf("p%02d", i))}
	})
	for _, c := range clients {
		c.WaitFor(t, "nickname", wait)
	}
	for i, c := range clients[:inLobby] {
		typeNick(t, c, fmt.Sprintf("p%02d", i))
	}
	for _, c := range clients[:inLobby] {
		c.WaitFor(t, "Quick play", wait)
	}
	var players []*player
	for i, c := range clients[:atTables] {
		require.NoError(t, c.Press("enter"))
		players = append(players, &player{c: c, name: fmt.Sprintf("p%02d", i)})
	}
	for _, p := range players {
		p.c.WaitUntil(t, inGame, wait)
	}
	keys := func() int {
		n := 0
		for _, p := range players {
			n += p.keys
		}
		return n
	}
	drive(t, 30*time.Second, func() bool { return keys() >= 10 }, players...)

	// More players arrive, and the server is told to stop while they are
	// still handshaking.
	var wg sync.WaitGroup
	late := make([]*sshtest.Client, connecting)
	first := make(chan struct{})
	var once sync.Once
	for i := range connecting {
		wg.Go(func() {
			defer once.Do(func() { close(first) })
			c, err := sshtest.TryDial(t, addr, sshtest.User(fmt.Sprintf("late%02d", i)), sshtest.DialTimeout(wait))
			if err == nil {
				late[i] = c
				_ = c.Press("enter")
			}
		})
	}
	<-first
	start := time.Now()
	require.NoError(t, shutdown(srv, hub, served, logger))
	took := time.Since(start)
	t.Logf("shutdown took %v", took.Round(time.Millisecond))
	require.Less(t, took, shutdownTimeout)

	wg.Wait()                // each dial is bounded by its timeout
	told := map[string]int{} // by what they read
	for i, c := range append(clients, late...) {
		if c == nil {
			continue // refused while handshaking: it never had a session
		}
		code := c.Wait(t, wait)
		out := string(c.Stderr())
		require.Contains(t, out, "unossh: the server is", "client %d was not told (exit %d, output %q)", i, code, c.Raw())
		told[strings.TrimSpace(out[strings.Index(out, "unossh: "):])]++
	}
	t.Logf("told: %v", told)
	require.NotContains(t, logs.String(), "panic")
	require.Eventually(t, func() bool { return runtime.NumGoroutine() <= goroutines+10 }, wait, 50*time.Millisecond,
		"goroutines left: %d, %d before", runtime.NumGoroutine(), goroutines)
}
