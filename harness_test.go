package main

// The harness of the end-to-end tests: the helpers that more than one of
// them uses, in one place. They start the product as main wires it (in this
// process with startApp, or the built binary with startBinary) on
// 127.0.0.1:0, sign players in over real SSH with a PTY, and read
// everything they check off the players' emulated screens, waiting for
// conditions rather than for time. A helper used by one file only stays
// beside the tests that use it.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
	"github.com/unossh/unossh/ssh/sshtest"
	"github.com/unossh/unossh/store"
)

// TestMain lets more of the tests run at once than the machine has cores
// (unless -parallel says how many), and removes the binary the tests built
// (serverBinary) once they have all run. The end-to-end tests spend most
// of their time waiting (on SSH round trips, timers, countdowns), so the
// default of one test per core leaves the machine idle; see
// widenParallel for how many.
func TestMain(m *testing.M) {
	flag.Parse()
	widenParallel()
	code := m.Run()
	if builtDir != "" {
		_ = os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

// testsAtOnce is how many of the package's parallel tests run at once by
// default: enough that their waits overlap, few enough that on a loaded
// 2-core machine (CI's, under -race) no test waits so long for a CPU that
// one of its players misses a turn; docs/benchmarks.md has the figures.
const testsAtOnce = 6

// widenParallel sets -test.parallel to testsAtOnce, or GOMAXPROCS if that
// is more, unless the command line set it.
func widenParallel() {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(max(testsAtOnce, runtime.GOMAXPROCS(0))))
	}
}

// The product's binary, built once per run of the package's tests however
// many tests start it (serverBinary).
var (
	buildOnce sync.Once
	builtDir  string // where it was built ("" until then)
	builtBin  string
	builtOut  []byte // the compiler's output, when the build failed
	builtErr  error
)

// serverBinary builds the real binary the first time a test asks for it
// and returns its path; every later test of the run gets the same one.
func serverBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		builtDir, builtErr = os.MkdirTemp("", "unossh-e2e-")
		if builtErr != nil {
			return
		}
		builtBin = filepath.Join(builtDir, "unossh")
		builtOut, builtErr = exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
	})
	require.NoError(t, builtErr, "%s", builtOut)
	return builtBin
}

func newStepClock() *stepClock {
	return &stepClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), armed: make(chan struct{}, 1)}
}

// plural is "1 card" or "n cards", as the screens count them.
func plural(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// guessWrongCode signs nick in with a code no table has, and is what the
// door answered: "no table has that code", or "too many wrong codes".
func guessWrongCode(t *testing.T, addr, nick string, opts ...sshtest.Option) string {
	t.Helper()
	c := signIn(t, addr, nick, append(opts, sshtest.Command("join qqqq-qqqq-qqqq"))...)
	defer c.Close()
	var said string
	c.WaitUntil(t, func(s string) bool {
		for _, want := range []string{"no table has that code", "too many wrong codes"} {
			if strings.Contains(s, want) {
				said = want
				return true
			}
		}
		return false
	}, wait)
	return said
}

// edTable is one table of these tests: the app, and each human's client.
type edTable struct {
	t *testing.T
	c map[string]*sshtest.Client // by nickname
}

// edSpec is what the host chooses in the create form ("" leaves a field as
// it is), and how each player's client connects (its terminal).
type edSpec struct {
	edition, mode, seats, target, bots, blanks string
	dial                                       map[string][]sshtest.Option
	// house are custom house rules: each rule's name and setting as the form shows them.
	house [][2]string
}

// edStack builds a first deal: each seat's seven cards (as card codes), the
// dealer, the first card turned up and the top of the draw pile, in the
// order the cards will be drawn.
func edStack(t *testing.T, dealer int, hands [][]string, first string, draw ...string) engine.Stack {
	t.Helper()
	n := len(hands)
	parse := func(code string) engine.Card {
		c, err := engine.ParseCard(code)
		require.NoError(t, err)
		return c
	}
	var cards []engine.Card
	for i := 0; i < engine.HandSize*n; i++ {
		seat := (dealer + 1 + i) % n
		require.Len(t, hands[seat], engine.HandSize, "seat %d's hand", seat)
		cards = append(cards, parse(hands[seat][i/n]))
	}
	cards = append(cards, parse(first))
	for _, d := range draw {
		cards = append(cards, parse(d))
	}
	return engine.Stack{Dealer: dealer, Cards: cards}
}

// edLobby is the fast lobby with the table's first deal stacked.
func edLobby(t *testing.T, st engine.Stack) lobby.Config {
	cfg := fastLobby()
	cfg.TurnTime = time.Minute // no turn runs out while a test reads the screens
	cfg.RevealStep = 300 * time.Millisecond
	cfg.NewGame = func(s engine.Settings, seed uint64) (*engine.Game, error) {
		if s.Players*engine.HandSize >= len(st.Cards) {
			return nil, fmt.Errorf("the test stacked a deal for fewer players than %d", s.Players)
		}
		return engine.NewStacked(s, seed, st)
	}
	return cfg
}

// edOpen serves the app with cfg; the first nickname creates a table with
// spec through the form, the others join it by its code in order, and the
// host starts the game. It returns when every player sees their hand.
func edOpen(t *testing.T, cfg lobby.Config, spec edSpec, nicks ...string) *edTable {
	t.Helper()
	addr, _ := startApp(t, cfg)
	return edOpenAt(t, addr, spec, nicks...)
}

// edOpenAt is edOpen on a server already serving the app at addr.
func edOpenAt(t *testing.T, addr string, spec edSpec, nicks ...string) *edTable {
	t.Helper()
	e := &edTable{t: t, c: map[string]*sshtest.Client{}}
	host := signIn(t, addr, nicks[0], append(spec.dial[nicks[0]], sshtest.Command("new"))...)
	host.WaitFor(t, "Create a table", wait)
	for _, f := range [][2]string{{"edition", spec.edition}, {"mode", spec.mode}, {"seats", spec.seats},
		{"target score", spec.target}, {"bots", spec.bots}, {"Blank cards", spec.blanks}} {
		if f[1] != "" {
			setField(t, host, f[0], f[1])
		}
	}
	setHouse(t, host, spec.house)
	require.NoError(t, host.Press("enter"))
	code := readCode(t, host)
	e.c[nicks[0]] = host
	bots, _ := strconv.Atoi(spec.bots)
	for i, nick := range nicks[1:] {
		c := signIn(t, addr, nick, append(spec.dial[nick], sshtest.Command("join "+code))...)
		taken := regexp.MustCompile(fmt.Sprintf(`\b%d/\d+ taken`, bots+i+2)) // "3/4 taken"
		host.WaitUntil(t, taken.MatchString, wait)
		e.c[nick] = c
	}
	require.NoError(t, host.Press("s"))
	for _, nick := range nicks {
		e.c[nick].WaitFor(t, "your hand", wait)
	}
	return e
}

// setHouse sets custom house rules in the create form: each rule's name
// and setting as the form shows them (none: the form's rules stay).
func setHouse(t *testing.T, host *sshtest.Client, house [][2]string) {
	t.Helper()
	if len(house) == 0 {
		return
	}
	// From the printed rules, one step left is Custom with no rule on yet
	// (stepping right through the presets would start from Chaos's).
	setField(t, host, "house rules", "Classic (as printed)")
	require.NoError(t, host.Press("left"))
	host.WaitFor(t, "house rules   ‹ Custom ›", wait)
	for _, r := range house {
		setField(t, host, "  rule", r[0])
		setField(t, host, "  setting", r[1])
	}
}

// all runs f for every player, in the order given (every player by default).
func (e *edTable) all(f func(nick string, c *sshtest.Client), nicks ...string) {
	if len(nicks) == 0 {
		for n := range e.c {
			nicks = append(nicks, n)
		}
		slices.Sort(nicks)
	}
	for _, n := range nicks {
		f(n, e.c[n])
	}
}

// waitAll waits until every player's screen shows what says, as that player
// reads it ("you" for themself).
func (e *edTable) waitAll(says func(nick string) string) {
	e.t.Helper()
	e.all(func(nick string, c *sshtest.Client) { c.WaitFor(e.t, says(nick), wait) })
}

// allShow reports whether every player's screen shows says(nick) now.
func (e *edTable) allShow(says func(nick string) string) bool {
	for nick, c := range e.c {
		if !strings.Contains(c.Screen(), says(nick)) {
			return false
		}
	}
	return true
}

// you is "you" for the viewer, else the nickname: how a log line names a player.
func you(viewer, nick string) string {
	if viewer == nick {
		return "you"
	}
	return nick
}

// hand reads a player's hand off their screen, left to right and row by
// row as it is drawn (sorted), and which card the cursor is on: the one
// framed in heavy lines (in one row, also raised a line above the others).
func hand(lines []string) (labels []string, cursor int) {
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "your hand") {
			at = i
		}
	}
	if at < 0 || at+3 >= len(lines) {
		return nil, -1
	}
	type cell struct {
		row, col int
		label    string
		heavy    bool
	}
	var cells []cell
	row, prev := 0, -2
	for r := at + 1; r < len(lines)-2; r++ { // (not the status line, nor the footer)
		l := lines[r]
		for _, m := range handLabel.FindAllStringSubmatchIndex(l, -1) {
			// A row of cards is a run of lines with labels: the raised
			// card's label is a line above the others' in its row.
			if r > prev+1 {
				row++
			}
			prev = r
			cells = append(cells, cell{row, utf8.RuneCountInString(l[:m[0]]), l[m[2]:m[3]], strings.HasPrefix(l[m[0]:], "┃")})
		}
	}
	slices.SortStableFunc(cells, func(a, b cell) int {
		if a.row != b.row {
			return a.row - b.row
		}
		return a.col - b.col
	})
	cursor = -1
	for i, c := range cells {
		labels = append(labels, c.label)
		if c.heavy {
			cursor = i
		}
	}
	return labels, cursor
}

// handOf is a player's hand as their screen shows it.
func (e *edTable) handOf(nick string) []string {
	labels, _ := hand(e.c[nick].Lines())
	return labels
}

// waitCards waits until every player's list of players shows each count.
func (e *edTable) waitCards(counts map[string]int) {
	e.t.Helper()
	e.all(func(viewer string, c *sshtest.Client) {
		c.WaitUntil(e.t, func(s string) bool {
			for nick, n := range counts {
				if cardsOf(s, nick) != n {
					return false
				}
			}
			return true
		}, wait)
	})
}

// play moves nick's cursor to the card labelled label and presses enter.
func (e *edTable) play(nick, label string) {
	t := e.t
	t.Helper()
	c := e.c[nick]
	var labels []string
	var cur int
	c.WaitUntil(t, func(string) bool {
		labels, cur = hand(c.Lines())
		return slices.Contains(labels, label) && cur >= 0
	}, wait)
	want := slices.Index(labels, label)
	var keys []string
	for i := cur; i < want; i++ {
		keys = append(keys, "right")
	}
	for i := cur; i > want; i-- {
		keys = append(keys, "left")
	}
	require.NoError(t, c.Press(keys...))
	c.WaitUntil(t, func(string) bool {
		ls, k := hand(c.Lines())
		return k >= 0 && k < len(ls) && ls[k] == label
	}, wait)
	require.NoError(t, c.Press("enter"))
}

// chooseColour picks a colour in the colour overlay with ←/→ and enter, as
// it shows the colour under the cursor: [■ ORANGE].
func (e *edTable) chooseColour(nick, colour string) {
	t := e.t
	t.Helper()
	c := e.c[nick]
	c.WaitFor(t, "Choose the colour", wait)
	sel := "[■ " + strings.ToUpper(colour) + "]"
	for i := 0; i < 4 && !strings.Contains(c.Screen(), sel); i++ {
		before := c.Screen()
		require.NoError(t, c.Press("right"))
		c.WaitUntil(t, func(s string) bool { return s != before }, wait)
	}
	require.Contains(t, c.Screen(), sel)
	require.NoError(t, c.Press("enter"))
}

// outHand is ana's hand that goes out with one play.
var outHand = []string{"R?", "R1", "R2", "R3", "R4", "R5", "R6"}

// goOut plays ana's red Blank: she discards her six red cards.
func (e *edTable) goOut() {
	e.t.Helper()
	e.c["ana"].WaitFor(e.t, "your turn", wait)
	e.play("ana", "R?")
}

// onlyTable is the server's one live table.
func (b *binary) onlyTable(t *testing.T) lobby.TableSnapshot {
	t.Helper()
	all := b.tables(t)
	require.Len(t, all, 1)
	for _, s := range all {
		return s
	}
	return lobby.TableSnapshot{}
}

// accountOf is the account of key in the app's store, and whether it has one.
func (a *recordsApp) accountOf(t *testing.T, key gossh.Signer) (store.Account, bool) {
	t.Helper()
	acct, err := a.st.AccountByKey(t.Context(), gossh.FingerprintSHA256(key.PublicKey()))
	if err != nil {
		require.ErrorIs(t, err, store.ErrNotFound)
		return store.Account{}, false
	}
	return acct, true
}

// tableShort is the short name in a public table's header.
func tableShort(t *testing.T, c *sshtest.Client) string {
	t.Helper()
	var m []string
	c.WaitUntil(t, func(s string) bool {
		m = publicHeader.FindStringSubmatch(c.Lines()[0])
		return m != nil
	}, wait)
	return m[1]
}

// waitDrawn waits until text has been drawn on c's screen, even if
// something has been drawn over it since: a log line can be covered at once
// by a prompt that the next move brings.
func waitDrawn(t *testing.T, c *sshtest.Client, text string) {
	t.Helper()
	c.WaitUntil(t, func(s string) bool {
		return strings.Contains(s, text) || strings.Contains(ansi.Strip(string(c.Raw())), text)
	}, wait)
}

// recordsApp is the product as main wires it, with a store in dir.
type recordsApp struct {
	addr   string
	hub    *lobby.Hub
	st     *store.DB
	srv    *ssh.Server
	served chan error
}

// startRecords serves the app on a store in dir until stop (or the test's
// end); tune, if given, changes the SSH server's settings.
func startRecords(t *testing.T, dir string, cfg lobby.Config, tune ...func(*ssh.Config)) *recordsApp {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, Logger: log.New(&syncBuffer{})})
	require.NoError(t, err)
	cfg.Store = st
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	a := &recordsApp{addr: l.Addr().String(), hub: lobby.NewHub(cfg), st: st, served: make(chan error, 1)}
	scfg := ssh.Config{
		HostKeyDir: t.TempDir(),
		Logger:     log.New(&syncBuffer{}),
		NewModel:   modelMaker(a.hub, connectHint(l.Addr()), nil),
		Records:    recordsFor(st, time.Now, a.hub.KeyAdded),
		ConnBurst:  -1, // every client dials from 127.0.0.1
		Startups:   ssh.Startups{PerIP: -1},
	}
	for _, f := range tune {
		f(&scfg)
	}
	a.srv, err = ssh.New(scfg)
	require.NoError(t, err)
	go func() { a.served <- a.srv.Serve(l) }()
	t.Cleanup(a.stop)
	return a
}

// stop shuts the app down as main does, then closes the store (once).
func (a *recordsApp) stop() {
	if a.st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	_ = a.hub.Shutdown(ctx)
	_ = a.srv.Shutdown(ctx)
	<-a.served
	_ = a.st.Close()
	a.st = nil
}

// print runs a records command without a terminal: its output, stderr and
// exit status.
func (a *recordsApp) print(t *testing.T, cmd string, opts ...sshtest.Option) (string, string, int) {
	t.Helper()
	c := sshtest.Dial(t, a.addr, append(opts, sshtest.NoPTY(), sshtest.Command(cmd))...)
	code := c.Wait(t, wait)
	stderr := string(c.Stderr())
	return strings.TrimSuffix(string(c.Raw()), stderr), stderr, code
}

// playOneHand: ana hosts a single hand of Classic with a bot, bo joins with
// his key, and ana goes out at once with a stacked hand.
func playOneHand(t *testing.T, a *recordsApp, anaKey, boKey gossh.Signer) {
	t.Helper()
	e := &edTable{t: t, c: map[string]*sshtest.Client{}}
	host := signIn(t, a.addr, "ana", sshtest.Command("new"), sshtest.WithKey(anaKey))
	host.WaitFor(t, "Create a table", wait)
	for _, f := range [][2]string{{"edition", "Classic 2001"}, {"mode", "single hand"}, {"seats", "3"},
		{"bots", "1"}, {"Blank cards", "discard all of its colour"}} {
		setField(t, host, f[0], f[1])
	}
	require.NoError(t, host.Press("enter"))
	code := readCode(t, host)
	e.c["ana"] = host
	e.c["bo"] = signIn(t, a.addr, "bo", sshtest.Command("join "+code), sshtest.WithKey(boKey))
	host.WaitFor(t, "3/3 taken", wait)
	require.NoError(t, host.Press("s"))
	e.goOut()
	for _, c := range e.c {
		c.WaitFor(t, "GAME OVER", wait)
		c.Close()
	}
}

// oneHandLobby stacks the deal of playOneHand: ana (seat 0) holds a red
// Blank and six red cards and plays first.
func oneHandLobby(t *testing.T) lobby.Config {
	return edLobby(t, edStack(t, 2, [][]string{
		outHand,
		{"B1", "B2", "B3", "G1", "G2", "G3", "Y1"},
		{"Y2", "Y3", "Y4", "G4", "G5", "B4", "B5"},
	}, "R9"))
}

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

// binary is a unossh process the test started.
type binary struct {
	cmd     *exec.Cmd
	logs    *syncBuffer
	exited  chan struct{}
	addr    string // the SSH address
	metrics string // the operator's address (metrics, /debug/tables)
}

var (
	sshLine     = regexp.MustCompile(`serving UNO over SSH addr=(\S+)`)
	metricsLine = regexp.MustCompile(`serving metrics addr=(\S+)`)
)

// startBinary starts bin on free ports of 127.0.0.1 with the data and host
// key directories given, at a quick pace, and waits until it serves. Flags
// in more come last, and so win over the same flags set here.
func startBinary(t *testing.T, bin, data, keys string, more ...string) *binary {
	t.Helper()
	b := &binary{logs: &syncBuffer{}, exited: make(chan struct{})}
	b.cmd = exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-metrics", "127.0.0.1:0", "-data", data, "-hostkey-dir", keys,
		"-bot-delay", "20ms", "-next-hand", "300ms", "-start-countdown", "1s", "-grace", "1m", "-turn-time", "2m",
		"-max-per-addr", "64", "-conn-burst", "-1", "-max-startups-per-addr", "64"}, more...)...)
	b.cmd.Stdout, b.cmd.Stderr = b.logs, b.logs
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "UNOSSH_") {
			b.cmd.Env = append(b.cmd.Env, kv)
		}
	}
	require.NoError(t, b.cmd.Start())
	go func() {
		_ = b.cmd.Wait()
		close(b.exited)
	}()
	t.Cleanup(func() {
		_ = b.cmd.Process.Kill()
		<-b.exited
		if t.Failed() {
			t.Logf("server log:\n%s", b.logs)
		}
	})
	until(t, "the server serves", func() bool {
		logs := b.logs.String()
		s, m := sshLine.FindStringSubmatch(logs), metricsLine.FindStringSubmatch(logs)
		if s != nil && m != nil {
			b.addr, b.metrics = s[1], m[1]
			return true
		}
		select {
		case <-b.exited:
			t.Fatalf("the server stopped: %s", logs)
		default:
		}
		return false
	})
	return b
}

// metric reads one unlabelled metric off the operator's /metrics.
func (b *binary) metric(t *testing.T, name string) float64 {
	t.Helper()
	resp, err := http.Get("http://" + b.metrics + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			require.NoError(t, err)
			return f
		}
	}
	t.Fatalf("no %s in /metrics", name)
	return 0
}

// until checks cond every few milliseconds, on the test's goroutine, until
// it holds; it fails the test after wait.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	untilFor(t, what, wait, cond)
}

// untilFor is until with its own time limit.
func untilFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, limit)
		}
		<-tick.C
	}
}

// tables reads /debug/tables: each live table as it stands.
func (b *binary) tables(t *testing.T) map[string]lobby.TableSnapshot {
	t.Helper()
	resp, err := http.Get("http://" + b.metrics + "/debug/tables")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var list []lobby.TableSnapshot
	require.NoError(t, json.Unmarshal(body, &list), "%s", body)
	out := map[string]lobby.TableSnapshot{}
	for _, s := range list {
		out[s.ID] = s
	}
	return out
}

// stop sends sig and waits for the process to end.
func (b *binary) stop(t *testing.T, sig syscall.Signal) {
	t.Helper()
	require.NoError(t, b.cmd.Process.Signal(sig))
	select {
	case <-b.exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
	if sig == syscall.SIGTERM {
		require.Zero(t, b.cmd.ProcessState.ExitCode(), "an orderly stop exits 0")
		require.Contains(t, b.logs.String(), "bye")
	}
}

// person is a keyed player: the same key is the same player across
// connections and restarts.
type person struct {
	nick string
	key  gossh.Signer
	c    *sshtest.Client
	// seen before the stop: their seat (row), table and hand (on screen:
	// a long hand shows a window of itself)
	seat  int
	table string
	hand  []string
}

// asked reports whether the screen asks its player a question within
// their turn (a colour, keep or play the card drawn, a challenge), which
// player.step answers.
func asked(s string) bool {
	for _, q := range []string{"Choose the colour", "choose the colour to start", "y challenge", "play it · k keep it", "DROP!"} {
		if strings.Contains(s, q) {
			return true
		}
	}
	return false
}

// waitsForMe reports whether it is the player's turn, with no question
// open, and their hand on screen: the table waits for them (the public
// tables' timers are two minutes, the private one has none).
func waitsForMe(c *sshtest.Client) bool {
	s := c.Screen()
	if !strings.Contains(s, "your turn") || asked(s) {
		return false
	}
	h, _ := hand(c.Lines())
	return len(h) > 0
}

// journals reads the data directory of a stopped server: each unfinished
// table's journal.
func journals(t *testing.T, data string) map[string]store.SavedTable {
	t.Helper()
	st, err := store.Open(store.Options{Dir: data, Logger: log.New(io.Discard)})
	require.NoError(t, err)
	defer st.Close()
	saved, err := st.UnfinishedTables(t.Context())
	require.NoError(t, err)
	out := map[string]store.SavedTable{}
	for _, s := range saved {
		require.Zero(t, s.Lost, "table %s: no gap in its journal", s.ID)
		out[s.ID] = s
	}
	return out
}

// hashAt replays the first n actions of a journal.
func hashAt(t *testing.T, j engine.Journal, n int) string {
	t.Helper()
	j.Actions = j.Actions[:n]
	g, err := engine.Replay(j)
	require.NoError(t, err)
	return lobby.StateHash(g.State())
}

// seatHand is the labels of the cards seat holds once the whole journal is
// replayed.
// requireHolds checks that a player's screen shows the hand want: its
// count, and each card on screen in it (a long hand shows a window of
// itself, which moves with the cursor: after a restart it starts at the
// first card).
func requireHolds(t *testing.T, who string, lines []string, want []string) {
	t.Helper()
	require.Equal(t, len(want), handCount(strings.Join(lines, "\n")), "%s holds their hand's count:\n%s", who, strings.Join(lines, "\n"))
	h, _ := hand(lines)
	requireAllIn(t, who, h, want)
}

// requireAllIn checks that the cards someone saw are all in their hand want,
// each as often as it is there.
func requireAllIn(t *testing.T, who string, cards, want []string) {
	t.Helper()
	left := slices.Clone(want)
	for _, c := range cards {
		i := slices.Index(left, c)
		require.GreaterOrEqual(t, i, 0, "%s's %s is in their hand %v", who, c, want)
		left = slices.Delete(left, i, i+1)
	}
}

func seatHand(t *testing.T, j engine.Journal, seat int) []string {
	t.Helper()
	g, err := engine.Replay(j)
	require.NoError(t, err)
	var out []string
	for _, c := range g.State().Hands[seat] {
		out = append(out, c.Label())
	}
	return out
}

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

// waitSessions waits until the server counts n live sessions.
func (b *binary) waitSessions(t *testing.T, n int) {
	t.Helper()
	until(t, fmt.Sprintf("%d sessions", n), func() bool { return b.metric(t, "unossh_sessions") == float64(n) })
}

// heapInUse is the server's Go heap in use after two collections (the
// second empties what sync.Pools kept through the first).
func (b *binary) heapInUse(t *testing.T) int64 {
	t.Helper()
	for range 2 {
		resp, err := http.Get("http://" + b.metrics + "/debug/pprof/heap?gc=1")
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
	}
	return int64(b.metric(t, "go_memstats_heap_inuse_bytes"))
}

// rss is the server's resident set now, peak its highest since resetPeak.
func (b *binary) rss(t *testing.T) int64 { return b.status(t, "VmRSS:") }

func (b *binary) peak(t *testing.T) int64 { return b.status(t, "VmHWM:") }

// growth is the server's peak resident set above from, never below 0: the
// kernel keeps its counts of resident pages per thread and adds them up
// lazily, so a figure may read a few pages below one read before.
func (b *binary) growth(t *testing.T, from int64) int64 {
	t.Helper()
	return max(0, b.peak(t)-from)
}

// resetPeak makes the server's resident set now its peak, and returns it.
func (b *binary) resetPeak(t *testing.T) int64 {
	t.Helper()
	path := fmt.Sprintf("/proc/%d/clear_refs", b.cmd.Process.Pid)
	require.NoError(t, os.WriteFile(path, []byte("5"), 0))
	return b.rss(t)
}

// status reads a figure in kB from the server's /proc/PID/status, in bytes.
func (b *binary) status(t *testing.T, field string) int64 {
	t.Helper()
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", b.cmd.Process.Pid))
	require.NoError(t, err)
	for line := range strings.Lines(string(st)) {
		if v, ok := strings.CutPrefix(line, field); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, b.cmd.Process.Pid)
	return 0
}

var invitation = regexp.MustCompile(`ssh( -\S+)* -p \d+ \S+ join (\S+)`)

// comebackLobby paces the bots so that a game outlasts a test's comings
// and goings, and keeps a seat long enough for them.
func comebackLobby() lobby.Config {
	cfg := fastLobby()
	cfg.BotDelay = 300 * time.Millisecond
	cfg.Grace = 3 * time.Minute
	return cfg
}

var publicHeader = regexp.MustCompile(`public ([a-z]+-[a-z]+(-\d+)?)`)

var handTitle = regexp.MustCompile(`your hand · (\d+) cards?`)

var youNote = regexp.MustCompile(`\byou\b`)

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
