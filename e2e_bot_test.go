package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// startBotApp serves the product with its records and its bot API, as
// main wires them.
func startBotApp(t *testing.T, cfg lobby.Config) *recordsApp {
	t.Helper()
	var hub atomic.Pointer[lobby.Hub]
	a := startRecords(t, t.TempDir(), cfg, func(c *ssh.Config) {
		c.Bot = func(ctx context.Context, s ssh.BotSession) error { return botFor(hub.Load(), nil)(ctx, s) }
	})
	hub.Store(a.hub)
	return a
}

// botConn is a bot's `ssh HOST bot` session, without a terminal: lines
// sent on stdin, messages read from stdout as they come.
type botConn struct {
	sess *gossh.Session
	in   interface{ Write([]byte) (int, error) }
	msgs chan map[string]any
	raw  chan string
}

// dialBot opens a bot session with key.
func dialBot(t *testing.T, addr string, key gossh.Signer) *botConn {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "bot", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait})
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	sess, err := conn.NewSession()
	require.NoError(t, err)
	in, err := sess.StdinPipe()
	require.NoError(t, err)
	out, err := sess.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, sess.Start("bot"))
	b := &botConn{sess: sess, in: in, msgs: make(chan map[string]any, 4096), raw: make(chan string, 4096)}
	go func() {
		defer close(b.msgs)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"type": "not-json", "line": sc.Text()}
			}
			b.raw <- sc.Text()
			b.msgs <- m
		}
	}()
	return b
}

// send writes one line.
func (b *botConn) send(t *testing.T, line string) {
	t.Helper()
	_, err := b.in.Write([]byte(line + "\n"))
	require.NoError(t, err)
}

// next is the next message, failing the test after timeout.
func (b *botConn) next(t *testing.T, timeout time.Duration) map[string]any {
	t.Helper()
	select {
	case m, ok := <-b.msgs:
		require.True(t, ok, "the bot's session ended")
		return m
	case <-time.After(timeout):
		t.Fatalf("no message from the server in %v", timeout)
	}
	return nil
}

// expect skips to the next message of type typ and returns it.
func (b *botConn) expect(t *testing.T, typ string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		m := b.next(t, time.Until(deadline))
		if m["type"] == typ {
			return m
		}
		require.NotEqual(t, "error", m["type"], "an error while waiting for %s: %v", typ, m)
	}
}

// register names a new bot.
func (b *botConn) register(t *testing.T, name string) {
	t.Helper()
	b.expect(t, "register")
	b.send(t, `{"type":"register","name":"`+name+`"}`)
	h := b.expect(t, "hello")
	require.Equal(t, name, h["name"])
}

// playToTheEnd makes the first legal move at each turn until the game is
// over, and returns the game_over message; each error the server sends is
// passed to onError (nil: an error fails the test, but for a catch lost to
// another player: a catch is offered to every seat at once, off turn, and
// only the first to answer makes it).
func (b *botConn) playToTheEnd(t *testing.T, onError func(m map[string]any)) map[string]any {
	t.Helper()
	deadline := time.Now().Add(gameWait)
	for {
		m := b.next(t, time.Until(deadline))
		switch m["type"] {
		case "turn":
			legal := m["legal"].([]any)
			b.send(t, `{"type":"move","id":`+jsonNum(legal[0].(map[string]any)["id"])+`}`)
		case "game_over":
			return m
		case "error":
			if onError == nil && m["message"] == engine.ErrNothingToCatch.Error() {
				continue
			}
			require.NotNil(t, onError, "an error: %v", m)
			onError(m)
		}
	}
}

func jsonNum(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestBotPlaysAGameOverSSH: a program with a fresh key registers a bot in
// its first `ssh HOST bot` session, seeks a game against a built-in bot,
// plays it to the end by the ids of the moves offered, and is greeted by
// name with no question the next time; its seat shows it as a bot.
func TestBotPlaysAGameOverSSH(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	key := sshtest.NewKey(t)
	b := dialBot(t, a.addr, key)
	b.register(t, "robo")
	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","players":2,"opponents":"easy"}`)
	tm := b.expect(t, "table")
	seats := tm["seats"].([]any)
	require.Len(t, seats, 2)
	require.Equal(t, true, seats[int(tm["seat"].(float64))].(map[string]any)["bot"], "the API bot's seat shows a bot")
	over := b.playToTheEnd(t, nil)
	require.NotEmpty(t, over["winners"])
	acct, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
	require.NoError(t, err)
	require.True(t, acct.Bot, "the account is a bot's")

	again := dialBot(t, a.addr, key)
	h := again.next(t, wait)
	require.Equal(t, "hello", h["type"], "a registered bot is greeted with no question")
	require.Equal(t, "robo", h["name"])

	tty := sshtest.Dial(t, a.addr, sshtest.WithKey(key))
	tty.WaitFor(t, "it plays through the bot API", wait)
}

// TestDroppedBotKeepsItsSeat: an API bot whose connection drops mid-game
// is handled like a player: the table keeps its seat through the grace
// period, and the bot that comes back with its key is at the same table,
// in the same seat, and plays the game to its end.
func TestDroppedBotKeepsItsSeat(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	key := sshtest.NewKey(t)
	b := dialBot(t, a.addr, key)
	b.register(t, "robo")
	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","players":3,"opponents":"normal"}`)
	first := b.expect(t, "table")
	b.expect(t, "turn")
	require.NoError(t, b.sess.Close())

	back := dialBot(t, a.addr, key)
	require.Equal(t, "hello", back.next(t, wait)["type"])
	tm := back.expect(t, "table")
	require.Equal(t, first["id"], tm["id"], "back at the same table")
	require.Equal(t, first["seat"], tm["seat"], "in the same seat")
	over := back.playToTheEnd(t, nil)
	require.NotEmpty(t, over["winners"])
}

// TestBotAPIRefusesAPersonsKeyAndGuests: the key of a person's account is
// refused with one error line (a bot needs a key of its own), and so is a
// session with no key.
func TestBotAPIRefusesAPersonsKeyAndGuests(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	key := sshtest.NewKey(t)
	p := signIn(t, a.addr, "ana", sshtest.WithKey(key))
	p.WaitFor(t, "Quick play", wait)
	require.Eventually(t, func() bool {
		_, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
		return err == nil
	}, wait, 10*time.Millisecond, "ana's account is made")
	p.Close()
	b := dialBot(t, a.addr, key)
	m := b.next(t, wait)
	require.Equal(t, "error", m["type"], "%v", m)
	require.Contains(t, m["message"], "a bot needs a key of its own")
	_, ok := <-b.msgs
	require.False(t, ok, "the session ends after the error")

	g := sshtest.Dial(t, a.addr, sshtest.Guest(), sshtest.NoPTY(), sshtest.Command("bot"))
	require.Equal(t, 1, g.Wait(t, wait))
	require.Contains(t, string(g.Stderr()), "its own SSH key")
}

// TestBotAPIBadInputHarmsNobody: a line that is not JSON, an unknown type,
// a move id not offered, a move out of turn and a 10 MB line each get one
// error line, and the game plays on to its end; a bot that keeps sending
// bad lines is closed with one line saying why.
func TestBotAPIBadInputHarmsNobody(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	b := dialBot(t, a.addr, sshtest.NewKey(t))
	b.register(t, "robo")
	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","players":3,"opponents":"normal"}`)
	b.expect(t, "table")
	bad := []string{
		`this is not JSON`,
		`{"type":"dance"}`,
		`{"type":"move","id":9999}`,
		strings.Repeat("x", 10<<20),
	}
	for _, line := range bad {
		b.send(t, line)
	}
	errs := 0
	over := b.playToTheEnd(t, func(m map[string]any) {
		errs++
		require.NotContains(t, m, "closing")
	})
	require.NotEmpty(t, over["winners"])
	require.GreaterOrEqual(t, errs, len(bad), "each bad line has its error")
	require.LessOrEqual(t, errs, len(bad)+1, "one error a bad line (and perhaps one move sent as the turn passed)")

	b.send(t, `{"type":"move","id":0}`)
	require.Equal(t, "error", b.expect(t, "error")["type"], "a move out of turn")
	for range 40 {
		b.send(t, `not JSON`)
	}
	for {
		m := b.next(t, wait)
		if m["closing"] == true {
			require.Contains(t, m["message"], "too many bad lines")
			break
		}
	}
	_, ok := <-b.msgs
	require.False(t, ok, "the session ends after the closing line")
}

// TestHostSeatsAnAPIBotByName: a host in the waiting room of a private table
// invites an API bot by its name; a bot that takes no challenges (a new
// one) is not seated, and once it accepts them it is seated at once, shown
// as an API bot, and plays the game with the host to its end.
func TestHostSeatsAnAPIBotByName(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	b := dialBot(t, a.addr, sshtest.NewKey(t))
	b.register(t, "robo")
	ana, _ := hostPrivate(t, a.addr, "ana", []string{"mode", "single hand", "seats", "2"})
	require.NoError(t, ana.Press("i", "r", "o", "b", "o", "enter"))
	ana.WaitFor(t, "robo is not taking invitations", wait)

	b.send(t, `{"type":"challenges","accept":true}`)
	for !strings.Contains(fmt.Sprint(b.expect(t, "notice")["text"]), "invitations are on") {
	}
	require.NoError(t, ana.Press("i", "r", "o", "b", "o", "enter"))
	ana.WaitFor(t, "invitation sent to robo", wait)
	tm := b.expect(t, "table")
	require.Equal(t, "waiting", tm["status"])
	ana.WaitFor(t, "API bot", wait)
	require.NoError(t, ana.Press("s"))
	// ana plays her seat by her screen (player.step) while robo plays by
	// its lines, until both have the result.
	playPersonAndBot(t, ana, b)
}

// TestABotsKeyIsRefusedATerminal: a bot plays only through the API, so its
// key opening a terminal gets one line why and is closed, and the bot's own
// session, which the terminal would have taken over, plays on.
func TestABotsKeyIsRefusedATerminal(t *testing.T) {
	t.Parallel()
	a := startBotApp(t, fastLobby())
	key := sshtest.NewKey(t)
	b := dialBot(t, a.addr, key)
	b.register(t, "robo")

	c := sshtest.Dial(t, a.addr, sshtest.WithKey(key))
	c.Wait(t, wait)
	require.Contains(t, string(c.Stderr()), lobby.ErrBotKey.Error())

	b.send(t, `{"type":"seek","edition":"classic-2001","mode":"single-hand","players":2,"opponents":"normal"}`)
	b.expect(t, "table")
}

// playPersonAndBot plays a game out at one table: ana by her screen
// (player.step), robo (b) by its lines, first legal move each turn (a move
// the table has moved past is answered with an error, and the next turn
// comes), until both have the result.
func playPersonAndBot(t *testing.T, ana *sshtest.Client, b *botConn) {
	t.Helper()
	host := &player{c: ana, name: "ana"}
	var over map[string]any
	deadline := time.Now().Add(gameWait)
	for (over == nil || !host.finished) && time.Now().Before(deadline) {
		host.step(t)
		select {
		case m := <-b.msgs:
			switch m["type"] {
			case "turn":
				legal := m["legal"].([]any)
				b.send(t, `{"type":"move","id":`+jsonNum(legal[0].(map[string]any)["id"])+`}`)
			case "game_over":
				over = m
			}
		case <-time.After(10 * time.Millisecond): // polling ana's emulated screen, as playUntilOver does
		}
	}
	require.NotNil(t, over, "robo saw the game's end")
	require.True(t, host.finished, "ana saw the game's end:\n%s", ana.Screen())
}
