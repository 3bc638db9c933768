package main

import (
	"regexp"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/ssh/sshtest"
)

// These end-to-end tests play whole games in the linear (screen-reader)
// mode over real SSH with TERM=dumb: from the nickname prompt, through the
// create form and the waiting room, to the game's end, choosing every move
// by its number, in each edition (its special card in the player's first
// hand, played on the first turn) and in partners mode. Every byte the
// client received is then checked: nothing moves the cursor, erases or
// switches screens, and nothing is drawn with boxes.

// srGame is a game the linear-mode tests play: the table the host creates,
// and the first deal, stacked so the player meets the edition's card.
type srGame struct {
	edition, mode, seats, target, bots, blanks string
	hands                                      [][]string // the seats' first hands; seat 0 is the player
	first                                      string     // the first card turned up
	draw                                       []string   // the top of the draw pile
	// meets are sentences the player must hear on the way: the special card
	// played or met, said in words.
	meets []string
}

func TestScreenReaderGames(t *testing.T) {
	t.Parallel()
	games := map[string]srGame{
		"classic blank": {edition: "Classic 2001", mode: "single hand", seats: "2", bots: "1", blanks: "discard all of its colour",
			hands: [][]string{{"R?", "R1", "B2", "G3", "Y4", "B5", "G6"}, {"Y7", "G7", "B7", "Y8", "G8", "B8", "Y9"}},
			first: "R5", meets: []string{"you played red blank"}},
		"minions": {edition: "Minions 2016", mode: "single hand", seats: "2", bots: "1",
			hands: [][]string{{"WM", "B1", "B2", "G3", "G4", "Y5", "Y6"}, {"B7", "G7", "Y7", "B8", "G8", "Y8", "B9"}},
			first: "B5", draw: []string{"G9", "O3"}, meets: []string{"you played wild mutated minion"}},
		"greyskull": {edition: "Masters of the Universe 2020", mode: "single hand", seats: "2", bots: "1",
			hands: [][]string{{"WG", "B1", "B2", "G3", "G4", "R5", "R6"}, {"B7", "G7", "R7", "B8", "G8", "R8", "B9"}},
			first: "B5", meets: []string{"you played wild power of greyskull"}},
		"chili": {edition: "The Office 2020", mode: "single hand", seats: "2", bots: "1",
			hands: [][]string{{"WC", "B1", "B2", "G3", "G4", "Y5", "Y6"}, {"B7", "G7", "Y7", "B8", "G8", "Y8", "B9"}},
			first: "B5", meets: []string{"you played wild kevin's famous chili", "drop your cards"}},
		"army": {edition: "Masters of the Universe 2023", mode: "single hand", seats: "2", bots: "1",
			hands: [][]string{{"WA", "B1", "B2", "G3", "G4", "Y5", "Y6"}, {"BS", "G7", "Y7", "B8", "G8", "Y8", "B9"}},
			first: "B5", meets: []string{"you played wild the army of grayskull", "Your raid"}},
		"partners": {edition: "Classic 2001", mode: "partners", target: "100", bots: "3",
			hands: [][]string{{"W+4", "R1", "B2", "G3", "Y4", "B5", "G6"}, {"Y7", "G7", "B7", "Y8", "G8", "B8", "Y9"},
				{"R7", "R8", "B9", "Y1", "G1", "B1", "R2"}, {"G2", "Y2", "B3", "Y3", "G4", "R3", "R4"}},
			first: "R5", meets: []string{"you played wild draw four", "Scores: you and"}},
	}
	for name, g := range games {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			playScreenReaderGame(t, g)
		})
	}
}

// playScreenReaderGame serves the app with g's first deal, and has ana
// play it out in the linear mode with number keys.
func playScreenReaderGame(t *testing.T, g srGame) {
	st := edStack(t, len(g.hands)-1, g.hands, g.first, g.draw...) // the last seat deals: ana plays first
	cfg := edLobby(t, st)
	addr, _ := startApp(t, cfg)
	c := sshtest.Dial(t, addr, sshtest.User("ana"), sshtest.Term("dumb"), sshtest.Command("new"))
	hears(t, c, "nickname")
	typeNick(t, c, "ana")
	hears(t, c, "Create a table")
	for _, f := range [][2]string{{"edition", g.edition}, {"mode", g.mode}, {"seats", g.seats}, {"target score", g.target}, {"bots", g.bots},
		{"Blank cards", g.blanks}} {
		if f[1] != "" {
			linearField(t, c, f[0], f[1])
		}
	}
	require.NoError(t, c.Press("enter"))
	hears(t, c, "Seat 1: ana, the host, you.")
	require.NoError(t, c.Press("s"))
	playByNumbers(t, c)
	said := string(c.Raw())
	for _, want := range g.meets {
		require.Contains(t, said, want)
	}
	requireLinear(t, c.Raw())
}

// linearField sets a field of the create form in the linear mode: down
// until the field is the one said to be on, then right until it holds want.
func linearField(t *testing.T, c *sshtest.Client, label, want string) {
	t.Helper()
	on := func() (string, int) {
		raw := string(c.Raw())
		n := strings.Count(raw, "On field")
		i := strings.LastIndex(raw, "On field")
		if i < 0 {
			return "", 0
		}
		line, _, _ := strings.Cut(raw[i:], "\n")
		return line, n
	}
	step := func(key string) {
		_, n := on()
		require.NoError(t, c.Press(key))
		c.WaitUntil(t, func(string) bool { _, m := on(); return m > n }, wait)
	}
	for i := 0; i < 20; i++ {
		if l, _ := on(); strings.Contains(l, ", "+label+":") {
			break
		}
		step("down")
	}
	// A number steps towards want (it stops at its ends); a name is
	// found to the right.
	value := func() string {
		l, _ := on()
		_, v, _ := strings.Cut(l, ", "+label+": ")
		v, _, _ = strings.Cut(v, ".")
		return v
	}
	for i := 0; i < 12; i++ {
		have := value()
		if have == want {
			return
		}
		key := "right"
		if h, err := strconv.Atoi(have); err == nil {
			if w, err := strconv.Atoi(want); err == nil && w < h {
				key = "left"
			}
		}
		step(key)
	}
	l, _ := on()
	t.Fatalf("the form's %s did not come to %q: %q", label, want, l)
}

// questions counts the questions the player has been asked: a turn's
// choices, or a step of one.
var questions = regexp.MustCompile(`You can |Your one choice: |Choose the colour: |Choose the player: |Call UNO with it: |Give \S+ which card: `)

// playByNumbers answers every question with its first choice, by number,
// until the game is over. When nothing new is asked for a few seconds (a
// question the table took back unanswered as the game moved on), it
// presses enter, as a listener does to hear the question again: the linear
// mode answers it with the question, or with "Nothing to choose now.". (It
// used to press a key after five seconds, but checked that only as output
// came: in a silence it waited for output that never came.) The game must
// move on: nothing new asked in two minutes fails, with the lobby's and
// the sessions' goroutines, to tell a table that stopped from a session
// that did.
func playByNumbers(t *testing.T, c *sshtest.Client) {
	t.Helper()
	handled := 0
	asked := func() (string, bool) {
		raw := string(c.Raw())
		return raw, strings.Contains(raw, "game over") || len(questions.FindAllStringIndex(raw, -1)) > handled
	}
	for range 2000 {
		raw, ok := asked()
		for deadline := time.Now().Add(2 * time.Minute); !ok; raw, ok = asked() {
			if time.Now().After(deadline) {
				t.Logf("the lobby's and the sessions' goroutines:\n%s", goroutinesOf("unossh/lobby", "unossh/ssh/term"))
				t.Fatalf("nothing asked in two minutes, though enter was pressed every few seconds:\n%s", tail(raw, 3000))
			}
			if !c.Within(func(string) bool { _, ok := asked(); return ok }, 5*time.Second) {
				require.NoError(t, c.Press("enter"))
			}
		}
		if strings.Contains(raw, "game over") {
			return
		}
		all := questions.FindAllStringIndex(raw, -1)
		handled = len(all)
		require.NoError(t, c.Press(firstChoice(raw[all[len(all)-1][0]:])...))
	}
	t.Fatalf("no game over after 2000 choices:\n%s", tail(string(c.Raw()), 3000))
}

// tenChoices finds a question's tenth choice.
var tenChoices = regexp.MustCompile(`, (or )?10 `)

// firstChoice is the keys that take the first choice of the question q
// begins (up to its line's end): 1, and with ten choices or more enter,
// as 1 alone waits for a second digit.
func firstChoice(q string) []string {
	q, _, _ = strings.Cut(q, "\n")
	if tenChoices.MatchString(q) {
		return []string{"1", "enter"}
	}
	return []string{"1"}
}

// goroutinesOf is the stacks of the goroutines running code of any of
// the packages named.
func goroutinesOf(pkgs ...string) string {
	var b strings.Builder
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	var out []string
	for _, g := range strings.Split(b.String(), "\n\n") {
		for _, p := range pkgs {
			if strings.Contains(g, p) {
				out = append(out, g)
				break
			}
		}
	}
	return strings.Join(out, "\n\n")
}

// tail is the end of s, at most n bytes.
func tail(s string, n int) string { return s[max(0, len(s)-n):] }

// cursorMoves are the escape sequences that move the cursor, erase, scroll
// or switch screens: CSI with a final byte of cursor movement (A to H, d,
// f), erasing (J, K, X, P, @, L, M), scrolling (S, T, r), saving or
// restoring the cursor (s, u), the alternate screen (?47, ?1047, ?1049),
// and ESC 7, ESC 8, ESC M, ESC D, ESC E and ESC c.
var cursorMoves = regexp.MustCompile(`\x1b\[[0-9;?]*[ABCDEFGHJKXPLMSTdfrsu@]|\x1b\[\?(47|1047|1049)[hl]|\x1b[78MDEc]`)

// requireLinear fails unless raw, the whole stream a client received, only
// ever appends: no escape sequence that moves the cursor, erases or
// switches screens, and no box drawing.
func requireLinear(t *testing.T, raw []byte) {
	t.Helper()
	s := string(raw)
	if m := cursorMoves.FindStringIndex(s); m != nil {
		t.Fatalf("the stream moves the cursor or erases: %q in ...%q", s[m[0]:m[1]], s[max(0, m[0]-80):min(len(s), m[1]+80)])
	}
	if m := boxDrawing.FindStringIndex(s); m != nil {
		t.Fatalf("the stream draws a box or block, %q, in ...%q", s[m[0]:m[1]], s[max(0, m[0]-80):min(len(s), m[1]+80)])
	}
}
