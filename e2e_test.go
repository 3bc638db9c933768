package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
)

// The end-to-end tests run the whole product, as main wires it, on
// 127.0.0.1:0 and play it with real SSH clients with a PTY: every move is a
// key press and everything checked is read off the emulated screens.

const (
	wait     = 15 * time.Second // for one screen to show something
	gameWait = 3 * time.Minute  // for a whole game
)

// fastLobby is the lobby with short pauses, so that games run quickly.
func fastLobby() lobby.Config {
	return lobby.Config{
		StartCountdown: 2 * time.Second,
		BotDelay:       15 * time.Millisecond,
		NextHand:       300 * time.Millisecond,
		RaceTime:       500 * time.Millisecond,
		RaidTime:       2 * time.Second,
		Grace:          5 * time.Second,
	}
}

// startApp serves the product as main does, with cfg for the lobby.
func startApp(t *testing.T, cfg lobby.Config) (string, *lobby.Hub) {
	t.Helper()
	hub := lobby.NewHub(cfg)
	_, addr := sshtest.Serve(t, ssh.Config{NewModel: modelMaker(hub, "ssh -p 23234 localhost", nil)})
	t.Cleanup(func() { _ = hub.Shutdown(t.Context()) })
	return addr, hub
}

// signIn connects a player with a fresh key (as SSH user nick) and types
// nick at the nickname prompt, which starts empty.
func signIn(t *testing.T, addr, nick string, opts ...sshtest.Option) *sshtest.Client {
	t.Helper()
	c := sshtest.Dial(t, addr, append([]sshtest.Option{sshtest.User(nick)}, opts...)...)
	c.WaitFor(t, "nickname", wait)
	typeNick(t, c, nick)
	return c
}

// typeNick types nick at the nickname prompt, a key for each character as
// a player types it, and presses enter.
func typeNick(t *testing.T, c *sshtest.Client, nick string) {
	t.Helper()
	for _, r := range nick {
		require.NoError(t, c.Press(string(r)))
	}
	require.NoError(t, c.Press("enter"))
}

var codeBox = regexp.MustCompile(`│ ([0-9A-Z]+) │`)

// readCode reads a private table's code off the waiting room's boxes, one
// group of characters to a box.
func readCode(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	var code string
	c.WaitUntil(t, func(s string) bool {
		for _, line := range strings.Split(s, "\n") {
			if m := codeBox.FindAllStringSubmatch(line, -1); len(m) == lobby.CodeLength/lobby.CodeGroup {
				code = ""
				for _, g := range m {
					code += g[1]
				}
				return true
			}
		}
		return false
	}, wait)
	return code
}

// setField moves the create form's cursor to the field named label and
// changes it with ←/→ until it shows want (the edition's line also shows its
// colours after the name). Lists wrap round; numbers stop at their ends, so
// a number is moved towards want.
func setField(t *testing.T, c *sshtest.Client, label, want string) {
	t.Helper()
	line := func() string {
		for _, l := range c.Lines() {
			if strings.Contains(l, label) {
				return l
			}
		}
		return ""
	}
	value := func() string {
		_, v, _ := strings.Cut(line(), label)
		return strings.Trim(v, " ‹›")
	}
	is := func() bool { v := value(); return v == want || strings.HasPrefix(v, want+"  ") }
	// The focused row, marked ▶ (other lines, such as the count of players
	// online, may change meanwhile).
	focused := func() string {
		for _, l := range c.Lines() {
			if strings.Contains(l, "▶ ") {
				return l
			}
		}
		return ""
	}
	for i := 0; i < 16 && !strings.Contains(line(), "▶ "+label); i++ {
		before := focused()
		require.NoError(t, c.Press("down"))
		c.WaitUntil(t, func(string) bool { return focused() != before }, wait)
	}
	require.Contains(t, line(), "▶ "+label)
	dir := "right"
	if have, err := strconv.Atoi(value()); err == nil {
		if n, err := strconv.Atoi(want); err == nil && n < have {
			dir = "left"
		}
	}
	for i := 0; i < 40 && !is(); i++ {
		before := line()
		require.NoError(t, c.Press(dir))
		c.WaitUntil(t, func(string) bool { return line() != before }, wait)
	}
	require.True(t, is(), "field %s: %q", label, line())
}

// player plays a seat by reading its screen, as a person would: it answers
// every prompt, plays a card marked playable when it has one, and draws when
// it has none.
type player struct {
	c        *sshtest.Client
	name     string
	last     string
	lastKey  time.Time
	keys     int
	finished bool
}

// step presses at most one key, and only when the screen has changed since
// the last key (or has not for a while: the key may have been refused).
func (p *player) step(t *testing.T) {
	s := p.c.Screen()
	if strings.Contains(s, "GAME OVER") {
		p.finished = true
		return
	}
	if s == p.last && time.Since(p.lastKey) < 700*time.Millisecond {
		return
	}
	keys := decide(s)
	if len(keys) == 0 {
		return
	}
	p.last, p.lastKey = s, time.Now()
	p.keys += len(keys)
	require.NoError(t, p.c.Press(keys...))
}

// decide is the player's next keys for what the screen shows.
func decide(s string) []string {
	switch {
	case strings.Contains(s, "Choose the colour"), strings.Contains(s, "choose the colour to start"):
		return []string{"enter"}
	case strings.Contains(s, "y challenge"):
		return []string{"n"}
	case strings.Contains(s, "DROP!"):
		return []string{" "}
	case strings.Contains(s, "enter play it · k keep it"):
		return []string{"enter"}
	case !strings.Contains(s, "your turn"):
		return nil
	}
	cards, cursor, marked := handOnScreen(s)
	if cursor < 0 || len(marked) == 0 {
		return []string{"d"}
	}
	var keys []string
	for i := cursor; i < marked[0]; i++ {
		keys = append(keys, "right")
	}
	for i := cursor; i > marked[0]; i-- {
		keys = append(keys, "left")
	}
	_ = cards
	return append(keys, "enter")
}

// handOnScreen reads the hand: the number of cards shown, which of them
// is under the cursor (drawn in heavy lines; in one row, raised) and which
// are marked playable (▲ under them), as indexes from the first, row by
// row.
func handOnScreen(s string) (cards, cursor int, marked []int) {
	lines := strings.Split(s, "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "your hand") {
			at = i
			break
		}
	}
	if at < 0 {
		return 0, -1, nil
	}
	// Each card's top left corner, by line: a raised card's is a line
	// above the others' in its row, and counts in theirs.
	tops := map[int][]int{}
	cursorAt := [2]int{-1, -1}
	var rowLines []int
	for i := at + 1; i < len(lines); i++ {
		r := []rune(lines[i])
		for j, ch := range r {
			if ch == '┏' || (ch == '╭' && j+1 < len(r) && r[j+1] == '─') {
				tops[i] = append(tops[i], j)
				if ch == '┏' {
					cursorAt = [2]int{i, j}
				}
			}
		}
	}
	if cursorAt[0] < 0 {
		return 0, -1, nil
	}
	if l := cursorAt[0]; len(tops[l]) == 1 && len(tops[l+1]) > 0 { // raised
		tops[l+1] = append(tops[l+1], cursorAt[1])
		sortInts(tops[l+1])
		delete(tops, l)
		cursorAt[0] = l + 1
	}
	for l := range tops {
		rowLines = append(rowLines, l)
	}
	sortInts(rowLines)
	cursor = -1
	for _, l := range rowLines {
		var mr []rune
		if l+3 < len(lines) {
			mr = []rune(lines[l+3]) // the row's marks, under its cards
		}
		for _, col := range tops[l] {
			if l == cursorAt[0] && col == cursorAt[1] {
				cursor = cards
			}
			if col+1 < len(mr) && mr[col+1] == '▲' {
				marked = append(marked, cards)
			}
			cards++
		}
	}
	return cards, cursor, marked
}

func containsInt(xs []int, x int) bool { return indexOf(xs, x) >= 0 }

func indexOf(xs []int, x int) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// playUntilOver plays every player until each one's screen shows the result.
func playUntilOver(t *testing.T, players ...*player) {
	t.Helper()
	deadline := time.Now().Add(gameWait)
	for time.Now().Before(deadline) {
		done := true
		for _, p := range players {
			p.step(t)
			done = done && p.finished
		}
		if done {
			return
		}
		time.Sleep(10 * time.Millisecond) // polling the emulated screens
	}
	for _, p := range players {
		t.Logf("%s's screen:\n%s", p.name, p.c.Screen())
	}
	t.Fatal("the game did not reach its result")
}

func TestPlayersMeetAndPlayAGameToTheEnd(t *testing.T) {
	// Seeded deals: a random one could end cy and dee's game to 100 before
	// each had played a few cards by keys.
	cfg := fastLobby()
	cfg.Seed = func() uint64 { return 11 }
	addr, _ := startApp(t, cfg)

	// Two strangers meet through quick play.
	ana := signIn(t, addr, "ana")
	ana.WaitFor(t, "Quick play", wait)
	require.NoError(t, ana.Press("enter"))
	ana.WaitFor(t, "1/4 taken", wait)
	bo := signIn(t, addr, "bo")
	bo.WaitFor(t, "Quick play", wait)
	bo.WaitFor(t, "waiting", wait) // the lobby lists ana's table live
	require.NoError(t, bo.Press("enter"))
	bo.WaitFor(t, "ana", wait)
	ana.WaitFor(t, "bo", wait)
	// The countdown fills the free seats with bots and deals.
	ana.WaitFor(t, "your hand", wait)
	bo.WaitFor(t, "your hand", wait)

	// Two friends meet at a private table by its code.
	cy := signIn(t, addr, "cy", sshtest.Command("new"))
	cy.WaitFor(t, "Create a table", wait)
	setField(t, cy, "target score", "100")
	require.NoError(t, cy.Press("enter"))
	code := readCode(t, cy)
	dee := signIn(t, addr, "dee", sshtest.Command("join "+strings.ToLower(lobby.FormatCode(code))), sshtest.Size(100, 30))
	cy.WaitFor(t, "dee", wait)
	dee.WaitFor(t, code[:1], wait)
	require.NoError(t, cy.Press("b")) // a bot joins them
	cy.WaitFor(t, "3/4 taken", wait)
	require.NoError(t, cy.Press("s"))
	cy.WaitFor(t, "your hand", wait)
	dee.WaitFor(t, "your hand", wait)

	// A wrong code gets a clear message.
	eve := signIn(t, addr, "eve", sshtest.Command("join QQQQ-QQQQ-QQQQ"))
	eve.WaitFor(t, "no table has that code", wait)

	// cy and dee play their game through to the final result, with the bot.
	pc, pd := &player{c: cy, name: "cy"}, &player{c: dee, name: "dee"}
	playUntilOver(t, pc, pd)
	for _, p := range []*player{pc, pd} {
		s := p.c.Screen()
		require.Contains(t, s, "GAME OVER")
		require.Regexp(t, `wins?!`, s)
		require.Greater(t, p.keys, 3, "%s played by keys", p.name)
	}
	// Back to the lobby.
	require.NoError(t, cy.Press("enter"))
	cy.WaitFor(t, "Quick play", wait)
	fmt.Fprintln(testWriter{t}, "private game finished; cy pressed", pc.keys, "keys, dee", pd.keys)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// answerWildStart answers the colour of a wild first card for whichever of
// the players is asked: its box covers the table's log, and takes the
// player's keys, until it is answered.
func answerWildStart(t *testing.T, players ...*sshtest.Client) {
	t.Helper()
	for _, c := range players {
		c.WaitFor(t, "your hand", wait)
		if strings.Contains(c.Screen(), "choose the colour to start") {
			require.NoError(t, c.Press("enter"))
			c.WaitUntil(t, func(s string) bool { return !strings.Contains(s, "choose the colour to start") }, wait)
		}
	}
}
