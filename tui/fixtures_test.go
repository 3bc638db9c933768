package tui

import (
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// fixedNow is the clock of every test: countdowns are exact.
var fixedNow = time.Date(2025, 3, 14, 20, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return fixedNow.Add(d) }

// fakeSession records what the model asks of the lobby.
type fakeSession struct {
	mu      sync.Mutex
	screen  lobby.Screen
	updates chan struct{}
	intents []lobby.Intent
	nicks   []string
	creates []lobby.TableOptions
	joins   []string
	watches []string
	quick   int
	ladder  int
	// quickWith is the last Quick play's choice; quickSet the choices kept.
	quickWith lobby.QuickChoice
	quickSet  []lobby.QuickChoice
	// tourOpens and signUps are the tournament calls (tournament_test.go).
	tourOpens []lobby.TournamentOptions
	signUps   []string
	readers   []bool // the screen-reader mode turned on or off (SetScreenReader)
	err       error  // returned by the calls that return errors
	sendErr   error  // returned by Send
}

func newFake(s lobby.Screen) *fakeSession {
	return &fakeSession{screen: s, updates: make(chan struct{}, 1)}
}

func (f *fakeSession) Screen() lobby.Screen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.screen
}
func (f *fakeSession) Updates() <-chan struct{} { return f.updates }
func (f *fakeSession) Key() string              { return "SHA256:3f9cA1bQxYz0123456789" }
func (f *fakeSession) SetNick(n string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nicks = append(f.nicks, n)
	return f.err
}
func (f *fakeSession) QuickPlayWith(q lobby.QuickChoice) {
	f.mu.Lock()
	f.quick++
	f.quickWith = q
	f.mu.Unlock()
}
func (f *fakeSession) SeekLadder() error {
	f.mu.Lock()
	f.ladder++
	f.mu.Unlock()
	return nil
}
func (f *fakeSession) SetQuickChoice(q lobby.QuickChoice) {
	f.mu.Lock()
	f.quickSet = append(f.quickSet, q)
	f.mu.Unlock()
}
func (f *fakeSession) Create(o lobby.TableOptions) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.creates = append(f.creates, o)
	return f.err
}
func (f *fakeSession) Join(code string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.joins = append(f.joins, code)
	return f.err
}
func (f *fakeSession) Watch(id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.watches = append(f.watches, id)
	return f.err
}
func (f *fakeSession) Send(in lobby.Intent) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents = append(f.intents, in)
	return f.sendErr
}

// Leave is recorded as the intent it was before Leave was a call.
func (f *fakeSession) Leave() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.intents = append(f.intents, lobby.Intent{Kind: lobby.Leave})
	return nil
}

// The invitations' calls: a fake lobby where nobody else is online.
func (f *fakeSession) Who() ([]lobby.OnlinePlayer, error) { return nil, nil }
func (f *fakeSession) Invite(string) error                { return nil }
func (f *fakeSession) SetInvitations(bool)                {}
func (f *fakeSession) SetScreenReader(on bool) {
	f.mu.Lock()
	f.screen.ScreenReader = on
	f.readers = append(f.readers, on)
	f.mu.Unlock()
	select {
	case f.updates <- struct{}{}:
	default:
	}
}
func (f *fakeSession) AcceptInvitation() error { return nil }
func (f *fakeSession) DeclineInvitation()      {}

// The records' calls: a server that keeps none (recordsSession keeps them).
func (f *fakeSession) Profile(string) (lobby.Profile, error) {
	return lobby.Profile{}, lobby.ErrNoRecords
}
func (f *fakeSession) Leaderboard(string, bool) ([]lobby.LeaderEntry, error) {
	return nil, lobby.ErrNoRecords
}
func (f *fakeSession) Rename(string) error               { return lobby.ErrNoRecords }
func (f *fakeSession) LinkCode() (lobby.LinkCode, error) { return lobby.LinkCode{}, lobby.ErrNoRecords }
func (f *fakeSession) RedeemLink(string) error           { return lobby.ErrNoRecords }

// calls is everything the session was asked, for comparing.
func (f *fakeSession) calls() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fmt.Sprint(f.intents, f.nicks, f.creates, f.joins, f.watches, f.quick, f.quickWith, f.quickSet,
		f.tourOpens, f.signUps, f.readers)
}

// plainRenderer renders no escape sequences at all: golden text.
func plainRenderer() *lipgloss.Renderer {
	return renderer(termenv.Ascii)
}

func renderer(p termenv.Profile) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true)
	return r
}

// newTestModel makes a model over a fake session showing s.
func newTestModel(s lobby.Screen, w, h int, r *lipgloss.Renderer) (*model, *fakeSession) {
	f := newFake(s)
	m := New(Options{Client: f, Renderer: r, Width: w, Height: h,
		Now: func() time.Time { return fixedNow }}).(*model)
	m.setScreen(s)
	return m, f
}

// pressAll feeds named keys to the model as press does.
func pressAll(m *model, keys []string) {
	for _, k := range keys {
		press(m, keyMsg(k))
	}
}

// underCursor is the card under the hand's cursor.
func underCursor(m *model) engine.Card {
	hand, i, _ := m.table.Hand()
	return hand[i]
}

// press feeds keys to the model, running the commands they return (calls
// to the session) the way the program would, one at a time.
func press(m *model, keys ...tea.KeyMsg) {
	for _, k := range keys {
		run(m, m.onKey(k))
	}
}

// run carries out a command and feeds its messages back, skipping the
// clock and the listener. A timer's command (tea.Tick: the countdown's
// tick, the pause before quitting) is not called at all: calling it would
// only wait out the timer in real time, and what it then says is a
// message run skips anyway.
func run(m *model, cmd tea.Cmd) {
	if cmd == nil || isTimer(cmd) {
		return
	}
	msg := cmd()
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			run(m, c)
		}
	case callDoneMsg:
		_, next := m.Update(msg)
		run(m, next)
	default:
		if pageAnswer(msg, "board") || pageAnswer(msg, "profile") || pageAnswer(msg, "nick") { // (the pages' own calls)
			_, next := m.Update(msg)
			run(m, next)
		}
	}
}

// isTimer says whether cmd is one that tea.Tick made.
func isTimer(cmd tea.Cmd) bool {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	return f != nil && strings.HasPrefix(f.Name(), "github.com/charmbracelet/bubbletea.Tick.")
}

// pageAnswer says whether msg is a message of the page package named.
func pageAnswer(msg tea.Msg, page string) bool {
	t := reflect.TypeOf(msg)
	return t != nil && t.PkgPath() == "github.com/unossh/unossh/tui/page/"+page
}

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func keys(ss ...string) []tea.KeyMsg {
	out := make([]tea.KeyMsg, len(ss))
	for i, s := range ss {
		out[i] = keyMsg(s)
	}
	return out
}

// ---- screens ----

func lobbyScreen() lobby.Screen {
	classic := engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 4, Target: 500}
	return lobby.Screen{
		Nick:   "ana",
		Online: 37,
		Tables: []lobby.TableInfo{
			{ID: "t1", Name: "ana's table", Public: true, Settings: classic, Seats: 4, Taken: 3, Status: lobby.Waiting, StartsAt: at(12 * time.Second)},
			{ID: "t3", Name: "grayskull", Public: true, Settings: engine.Settings{Edition: engine.MastersOfTheUniverse2023, Mode: engine.SingleHand, Players: 5}, Seats: 5, Taken: 2, Status: lobby.Waiting, StartsAt: at(40 * time.Second)},
			{ID: "t2", Name: "minions!", Public: true, Settings: engine.Settings{Edition: engine.Minions2016, Mode: engine.SingleHand, Players: 6}, Seats: 6, Taken: 6, Status: lobby.Playing},
			{ID: "t4", Name: "office party", Public: true, Settings: engine.Settings{Edition: engine.TheOffice2020, Mode: engine.Partners, Players: 4, Target: 300}, Seats: 4, Taken: 4, Status: lobby.Playing, Watching: 2},
		},
	}
}

func card(s string) engine.Card {
	c, err := engine.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

func cards(ss ...string) []engine.Card {
	out := make([]engine.Card, len(ss))
	for i, s := range ss {
		out[i] = card(s)
	}
	return out
}

// legalFor lists the moves of a player on turn holding hand, as the engine
// would: every matching card (wilds in each colour, UNO variants for a
// next-to-last card), and the draw.
func legalFor(hand []engine.Card, top engine.Card, col engine.Color, e engine.Edition) []engine.Action {
	var out []engine.Action
	seen := map[engine.Card]bool{}
	for _, c := range hand {
		if seen[c] || !c.Matches(top, col) {
			continue
		}
		seen[c] = true
		cols := []engine.Color{engine.NoColor}
		if c.Kind.IsWild() {
			ec := e.Colors()
			cols = ec[:]
		}
		for _, cl := range cols {
			a := engine.Action{Kind: engine.Play, Card: c, Color: cl}
			if len(hand) == 2 {
				u := a
				u.UNO = true
				out = append(out, u)
			}
			out = append(out, a)
		}
	}
	return append(out, engine.Action{Kind: engine.Draw})
}

func seats4() []lobby.SeatInfo {
	return []lobby.SeatInfo{
		{Nick: "ana", Host: true, Connected: true},
		{Nick: "bo", Connected: true},
		{Nick: "cy", Connected: false},
		{Nick: "dee", Bot: true, Connected: true},
	}
}

// midGame is a Classic game in its third hand, ana (seat 0) to play.
func midGame() lobby.Screen {
	s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 4, Target: 500, Blanks: engine.BlankSwapHands}
	hand := cards("Y9", "R2", "W+4", "G7", "B0", "BS", "R+2", "YR", "W")
	top, col := card("R7"), engine.Red
	v := &engine.View{
		Seat: 0, Settings: s, Phase: engine.PhaseTurn, HandNo: 3, Dealer: 3, Current: 0, Direction: 1,
		Top: top, Color: col, DrawPile: 62, Discards: 14,
		Seats: []engine.SeatView{
			{Seat: 0, Cards: 9, Score: 120, Team: -1},
			{Seat: 1, Cards: 1, Score: 85, Team: -1, UNO: true},
			{Seat: 2, Cards: 12, Score: 40, Team: -1},
			{Seat: 3, Cards: 5, Score: 0, Team: -1},
		},
		Hand: hand, FourBy: -1, Player: -1,
		Legal: legalFor(hand, top, col, s.Edition),
	}
	return lobby.Screen{
		Nick: "ana", Online: 37,
		Table: &lobby.TableView{
			TableInfo: lobby.TableInfo{ID: "t9", Name: "ana's table", Settings: s, Seats: 4, Taken: 4, Status: lobby.Playing, Watching: 2},
			Code:      "K7QX2M", Seats: seats4(), You: 0, Host: true, Game: v,
			Log: []lobby.LogLine{
				{Text: "hand 3: dee deals"},
				{Text: "bo played G7"},
				{Text: "cy drew 1"},
				{Text: "dee played R7"},
				{Text: "bo called UNO!"},
				{Chat: true, Nick: "cy", Text: "gg all, brb coffee"},
				{Chat: true, Nick: "bo", Text: "one card left, watch out \x1b[31mred\x1b[0m\a"},
			},
			TurnEnds: at(24 * time.Second),
		},
	}
}

// waitingRoom is a private table ana hosts, waiting for players.
func waitingRoom() lobby.Screen {
	s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 4, Target: 500, Blanks: engine.BlankSwapHands}
	return lobby.Screen{
		Nick: "ana", Online: 37,
		Table: &lobby.TableView{
			TableInfo: lobby.TableInfo{ID: "t9", Name: "ana's table", Settings: s, Seats: 4, Taken: 2, Status: lobby.Waiting},
			Code:      "K7QX2MHC9DFA",
			Seats:     []lobby.SeatInfo{{Nick: "ana", Host: true, Connected: true}, {Nick: "dee", Bot: true, Connected: true, Level: lobby.Normal}, {}, {}},
			You:       0, Host: true, BotLevel: lobby.Normal,
			Log: []lobby.LogLine{{Text: "ana opened the table"}, {Text: "a bot, dee, sat down"}, {Chat: true, Nick: "ana", Text: "invite sent!"}},
		},
	}
}

// The fake session chooses seats too; what it is asked is noted among the
// watches ("sit:t3", "back", "code:K7QX...").
func (f *fakeSession) Back() error { return f.note("back") }
func (f *fakeSession) Sit(id string) error {
	return f.note("sit:" + id)
}
func (f *fakeSession) WatchCode(code string) error { return f.note("code:" + code) }

func (f *fakeSession) note(what string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.watches = append(f.watches, what)
	return f.err
}

// shortLobby is the lobby's list with each table's short name, and a seat
// kept for the player at one of them.
func shortLobby(held bool) lobby.Screen {
	s := lobbyScreen()
	for i, short := range []string{"brave-otter", "misty-heron", "quiet-lynx", "jolly-walrus"} {
		s.Tables[i].Short = short
	}
	if held {
		s.Held = &lobby.HeldSeat{TableID: "t2", Short: "quiet-lynx", Name: "minions!", Until: at(97 * time.Second)}
	}
	return s
}
