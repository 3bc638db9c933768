package main

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// End-to-end tests of hostile input: chat lines and nicknames full of escape
// sequences, key storms and huge pastes change nothing in anyone else's
// terminal and hold no table.

// TestHostileChatAndNicknames: a chat line full of escape sequences,
// carriage returns, NULs and bidi overrides reaches the others as its
// harmless text only, whether pasted or typed; and a nickname can only be
// made of letters, digits, - and _, whatever the ssh user name or the keys,
// and what it may not hold is refused with the reason.
func TestHostileChatAndNicknames(t *testing.T) {
	t.Parallel()
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

// TestHostileKeyStormAndHugePaste: a player pastes 100 KB of junk into
// the chat, then types 100 KB of random bytes and escape sequences. The
// table goes on for the others, the player's session neither crashes nor
// stops answering, and nothing harmful reaches anyone else.
func TestHostileKeyStormAndHugePaste(t *testing.T) {
	t.Parallel() // it waits on its own server's timers: others run meanwhile
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

// paste wraps text as a terminal sends a paste (bracketed paste mode).
func paste(text string) string { return "\x1b[200~" + text + "\x1b[201~" }

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

// ownSignals are the program's own window titles, each maybe followed by
// the turn bell: the only OSC and BEL it ever sends (see ssh/paint.go).
var ownSignals = regexp.MustCompile("\x1b\\]2;(UNO over SSH|▶ your turn · UNO over SSH)\x07\x07?")
