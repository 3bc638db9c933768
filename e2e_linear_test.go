package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// ---- the screen-reader (linear) mode ----

// TestLinearModeFromNicknameToWaitingRoom: a player who chose the linear
// mode (TERM=dumb, ssh HOST plain, UNOSSH_SCREEN_READER=1 by SetEnv, or the
// profile's switch, kept for their key's next visit) goes from the
// nickname prompt through the lobby and every field of the create form into
// their waiting room hearing plain sentences only: the whole byte stream
// they received holds no escape sequence at all (none that moves the
// cursor, erases, switches screens, colours or sets a title), no
// backspace, and no box-drawing character.
func TestLinearModeFromNicknameToWaitingRoom(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		opts    []sshtest.Option
		profile bool // turn the mode on in the profile, then connect again
	}{
		{"TERM=dumb", []sshtest.Option{sshtest.Term("dumb")}, false},
		{"plain", []sshtest.Option{sshtest.Command("plain")}, false},
		{"UNOSSH_SCREEN_READER", []sshtest.Option{sshtest.Env("UNOSSH_SCREEN_READER", "1")}, false},
		{"the profile's switch", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := startRecords(t, t.TempDir(), fastLobby())
			key := sshtest.NewKey(t)
			if tc.profile {
				c := signIn(t, a.addr, "ana", sshtest.WithKey(key))
				c.WaitFor(t, "Quick play", wait)
				until(t, "ana's account", func() bool { _, ok := a.accountOf(t, key); return ok })
				require.NoError(t, c.Press("p"))
				c.WaitFor(t, "playing since", wait)
				require.NoError(t, c.Press("s"))
				c.WaitFor(t, "screen reader mode is on", wait)
				require.NoError(t, c.Press("ctrl+c"))
				c.Wait(t, wait)
			}
			c := sshtest.Dial(t, a.addr, append([]sshtest.Option{sshtest.WithKey(key), sshtest.User("ana")}, tc.opts...)...)
			if !tc.profile {
				hears(t, c, "Choose a nickname")
				hears(t, c, "So far, the nickname is empty.")
				typeNick(t, c, "ana")
			}
			hears(t, c, "The lobby. You are ana")
			hears(t, c, "2: Create a table, public or private, any edition, any mode.")
			require.NoError(t, c.Send("\x0b")) // control k
			hears(t, c, "Control l: hear the page again.")

			require.NoError(t, c.Press("2"))
			hears(t, c, "Create a table. Up and down move from field to field")
			// Every field, and a change of each.
			for i := 0; i < 20 && !strings.Contains(string(c.Raw()), "press enter to create the table"); i++ {
				n := strings.Count(string(c.Raw()), "\r\n")
				require.NoError(t, c.Press("down"))
				c.WaitUntil(t, func(string) bool { return strings.Count(string(c.Raw()), "\r\n") > n }, wait)
			}
			hears(t, c, "field 4 of")
			hears(t, c, ", turn timer: standard.")
			require.NoError(t, c.Press("up", "up"))
			hears(t, c, "On field")
			require.NoError(t, c.Press("enter"))
			hears(t, c, "aiting room")
			heardCode(t, c)
			hears(t, c, "Seat 1: ana, ")

			raw := string(c.Raw())
			require.NotContains(t, raw, "\x1b", "an escape sequence in the linear mode")
			require.NotContains(t, raw, "\b", "a backspace in the linear mode")
			require.False(t, boxDrawing.MatchString(raw), "box drawing in the linear mode: %q", boxDrawing.FindString(raw))
			for _, line := range strings.Split(raw, "\r\n") {
				require.NotContains(t, line, "\n", "a line not ended by a new line: %q", line)
			}
		})
	}
}

// heardCode waits until the waiting room has said its private table's code
// (said spelt, in its groups or not) and returns it.
func heardCode(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	var code string
	c.WaitUntil(t, func(string) bool {
		for _, line := range strings.Split(string(c.Raw()), "\r\n") {
			i := strings.Index(line, "code")
			if i < 0 || !strings.Contains(line, "aiting room") && !strings.Contains(line, "riends") {
				continue
			}
			rest := line[i+len("code"):]
			if _, after, ok := strings.Cut(rest, ":"); ok {
				rest = after
			}
			letters := regexp.MustCompile(`[^0-9A-Z]`).ReplaceAllString(rest, "")
			if len(letters) >= lobby.CodeLength {
				code = letters[:lobby.CodeLength]
				return true
			}
		}
		return false
	}, wait)
	return code
}

// boxDrawing is the box-drawing and block characters.
var boxDrawing = regexp.MustCompile("[\u2500-\u259f]")

// hears waits until the linear player has been told text (anywhere in what
// they received: the lines scroll past a screen's height).
func hears(t *testing.T, c *sshtest.Client, text string) {
	t.Helper()
	c.WaitUntil(t, func(string) bool { return strings.Contains(string(c.Raw()), text) }, wait)
}

// TestLinearModeJoinsByCode: a linear player joins a friend's private table
// by its code, heard in their friend's waiting room (spelt out) and typed on
// the join page; both hear the other sit down, in plain sentences only.
func TestLinearModeJoinsByCode(t *testing.T) {
	t.Parallel()
	addr, _ := startApp(t, fastLobby())
	ana := sshtest.Dial(t, addr, sshtest.User("ana"), sshtest.Command("plain new"))
	hears(t, ana, "Choose a nickname")
	typeNick(t, ana, "ana")
	hears(t, ana, "Create a table.")
	require.NoError(t, ana.Press("enter"))
	code := heardCode(t, ana)

	bo := sshtest.Dial(t, addr, sshtest.User("bo"), sshtest.Term("dumb"))
	hears(t, bo, "Choose a nickname")
	typeNick(t, bo, "bo")
	hears(t, bo, "3: Join by code")
	require.NoError(t, bo.Press("3"))
	hears(t, bo, "Join a friend's table.")
	require.NoError(t, bo.Send(strings.ToLower(code[:4])+"-"+code[4:]))
	require.NoError(t, bo.Press("enter"))
	hears(t, bo, "aiting room")
	hears(t, bo, "Seat 2: bo, you")
	hears(t, ana, "bo sat down.")
	for _, c := range []*sshtest.Client{ana, bo} {
		raw := string(c.Raw())
		require.NotContains(t, raw, "\x1b")
		require.False(t, boxDrawing.MatchString(raw))
	}
}
