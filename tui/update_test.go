package tui

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

func move(a engine.Action) lobby.Intent { return lobby.Intent{Kind: lobby.Move, Action: a} }

func play(c string, col engine.Color) lobby.Intent {
	return move(engine.Action{Kind: engine.Play, Card: card(c), Color: col})
}

// TestKeysSendIntents feeds key presses to a model showing a table and
// checks the intents that reach the lobby.
func TestKeysSendIntents(t *testing.T) {
	uno := func() lobby.Screen { // two cards on one's turn: Classic lists the call
		s := twoCards()
		v := *s.Table.Game
		v.Legal = append(append([]engine.Action(nil), v.Legal...), engine.Action{Kind: engine.CallUNO})
		s.Table.Game = &v
		return s
	}
	blank := func() lobby.Screen {
		s := midGame()
		v := *s.Table.Game
		v.Hand = cards("R2", "R?", "G7")
		v.Legal = legalFor(v.Hand, v.Top, v.Color, v.Settings.Edition)
		for i, a := range v.Legal { // a swap names a player
			if a.Card.Kind == engine.Blank {
				v.Legal[i].Target = 2
			}
		}
		s.Table.Game = &v
		return s
	}
	drawn := func() lobby.Screen {
		s := midGame()
		v := *s.Table.Game
		v.Phase, v.Drawn, v.HasDrawn = engine.PhaseDrawn, card("R5"), true
		v.Hand = append(cards("R5"), v.Hand...)
		v.Legal = []engine.Action{{Kind: engine.Play, Card: card("R5")}, {Kind: engine.Pass}}
		s.Table.Game = &v
		return s
	}
	firstColor := func() lobby.Screen {
		s := midGame()
		v := *s.Table.Game
		v.Phase, v.Top, v.Color = engine.PhaseFirstColor, card("W"), engine.NoColor
		v.Legal = nil
		for _, c := range v.Settings.Edition.Colors() {
			v.Legal = append(v.Legal, engine.Action{Kind: engine.ChooseColor, Color: c})
		}
		s.Table.Game = &v
		return s
	}
	exposed := func() lobby.Screen {
		s := midGame()
		v := *s.Table.Game
		v.Current = 1
		v.Seats = append([]engine.SeatView(nil), v.Seats...)
		v.Seats[0].Cards, v.Seats[0].Exposed = 1, true
		v.Hand = cards("G3")
		v.Legal = []engine.Action{{Kind: engine.CallUNO}}
		s.Table.Game = &v
		return s
	}
	auto := func() lobby.Screen {
		s := midGame()
		s.Table.Seats = seats4()
		s.Table.Seats[0].AutoPlay = true
		return s
	}
	cases := []struct {
		name string
		scr  lobby.Screen
		keys []string
		want []lobby.Intent
	}{
		{"play the card under the cursor", midGame(), []string{"enter"}, []lobby.Intent{play("R2", 0)}},
		{"space plays too", midGame(), []string{"l", "space"}, []lobby.Intent{play("R+2", 0)}},
		{"a card that does not match is refused", midGame(), []string{"right", "right", "enter"}, nil},
		{"a wild asks for the colour", midGame(), []string{"left", "left", "left", "left", "left", "left", "left", "left", "left", "l", "l", "l", "l", "l", "l", "l", "l", "enter", "g"},
			[]lobby.Intent{play("W+4", engine.Green)}},
		{"the colour by arrows", midGame(), []string{"right", "right", "right", "right", "right", "right", "right", "enter", "right", "enter"},
			[]lobby.Intent{play("W", engine.Blue)}},
		{"esc cancels the colour", midGame(), []string{"right", "right", "right", "right", "right", "right", "right", "enter", "esc", "enter"}, nil},
		{"draw", midGame(), []string{"d"}, []lobby.Intent{move(engine.Action{Kind: engine.Draw})}},
		{"UNO armed is called with the play", twoCards(), []string{"u", "enter"},
			[]lobby.Intent{move(engine.Action{Kind: engine.Play, Card: card("R2"), UNO: true})}},
		{"UNO armed then disarmed", twoCards(), []string{"u", "u", "enter"}, []lobby.Intent{play("R2", 0)}},
		{"late UNO call", exposed(), []string{"u"}, []lobby.Intent{move(engine.Action{Kind: engine.CallUNO})}},
		{"challenge", challenge(), []string{"y"}, []lobby.Intent{move(engine.Action{Kind: engine.ChallengeDrawFour})}},
		{"accept the four", challenge(), []string{"x", "n"}, []lobby.Intent{move(engine.Action{Kind: engine.Accept})}},
		{"drop in the race", race(), []string{"space"}, []lobby.Intent{move(engine.Action{Kind: engine.Drop})}},
		{"raid: take and give", raid(), []string{"enter", "right", "enter"},
			[]lobby.Intent{move(engine.Action{Kind: engine.Exchange, Target: 1, Card: card("R+2"), Give: card("BS")})}},
		{"raid: another player's card", raid(), []string{"down", "right", "enter", "enter"},
			[]lobby.Intent{move(engine.Action{Kind: engine.Exchange, Target: 3, Card: card("Y+2"), Give: card("R3")})}},
		{"raid: end", raid(), []string{"e"}, []lobby.Intent{move(engine.Action{Kind: engine.EndRaid})}},
		{"catch", partners(), []string{"c"}, []lobby.Intent{move(engine.Action{Kind: engine.Catch, Target: 1})}},
		{"Classic: u says UNO before the next-to-last card", uno(), []string{"u"},
			[]lobby.Intent{move(engine.Action{Kind: engine.CallUNO})}},
		{"Blank swap names a player", blank(), []string{"right", "enter", "down", "enter"},
			[]lobby.Intent{move(engine.Action{Kind: engine.Play, Card: card("R?"), Target: 2})}},
		{"after drawing, enter plays the card drawn", drawn(), []string{"enter"}, []lobby.Intent{play("R5", 0)}},
		{"after drawing, k keeps it", drawn(), []string{"k"}, []lobby.Intent{move(engine.Action{Kind: engine.Pass})}},
		{"after drawing, another card is refused", drawn(), []string{"right", "enter"}, nil},
		{"the first colour", firstColor(), []string{"b"}, []lobby.Intent{move(engine.Action{Kind: engine.ChooseColor, Color: engine.Blue})}},
		{"chat", midGame(), []string{"t", "h", "i", " ", "!", "enter"}, []lobby.Intent{{Kind: lobby.Chat, Text: "hi !"}}},
		{"chat cancelled", midGame(), []string{"t", "h", "i", "esc", "d"}, []lobby.Intent{move(engine.Action{Kind: engine.Draw})}},
		{"leave asks first", midGame(), []string{"q", "n"}, nil},
		{"leave confirmed", midGame(), []string{"q", "y"}, []lobby.Intent{{Kind: lobby.Leave}}},
		{"rematch", gameOver(), []string{"r"}, []lobby.Intent{{Kind: lobby.Rematch}}},
		{"back to the lobby", gameOver(), []string{"enter"}, []lobby.Intent{{Kind: lobby.Leave}}},
		{"a spectator plays nothing", spectator(), []string{"enter", "d", "u", "c", "y", "space"}, nil},
		{"a spectator leaves at once", spectator(), []string{"q"}, []lobby.Intent{{Kind: lobby.Leave}}},
		{"a key wakes a player a bot plays for", auto(), []string{"x"}, []lobby.Intent{{Kind: lobby.Wake}}},
		{"host starts", waitingRoom(), []string{"s"}, []lobby.Intent{{Kind: lobby.Start}}},
		{"host adds a bot", waitingRoom(), []string{"b"}, []lobby.Intent{{Kind: lobby.AddBot}}},
		{"host removes the bot", waitingRoom(), []string{"down", "x"}, []lobby.Intent{{Kind: lobby.RemoveBot, Seat: 1}}},
		{"host cannot remove an empty seat or themself", waitingRoom(), []string{"x", "down", "down", "x"}, nil},
		{"host changes the rules", waitingRoom(), []string{"e", "down", "right", "enter"},
			[]lobby.Intent{{Kind: lobby.EditRules}, {Kind: lobby.Configure, Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.LowestScore,
				Players: 4, Target: 500, Blanks: engine.BlankSwapHands}}}},
		{"host opens the rules and goes back", waitingRoom(), []string{"e", "down", "esc"},
			[]lobby.Intent{{Kind: lobby.EditRules}, {Kind: lobby.EditDone}}},
		{"only the host starts", publicWaiting(), []string{"s", "b", "x"}, nil},
		{"leave the waiting room", publicWaiting(), []string{"l"}, []lobby.Intent{{Kind: lobby.Leave}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, f := newTestModel(c.scr, 80, 24, plainRenderer())
			press(m, keys(c.keys...)...)
			if !reflect.DeepEqual(f.intents, c.want) {
				t.Errorf("intents:\n got %+v\nwant %+v", f.intents, c.want)
			}
		})
	}
}

func TestRefusedKeysExplain(t *testing.T) {
	m, f := newTestModel(midGame(), 80, 24, plainRenderer())
	press(m, keys("right", "right", "enter")...)
	if !strings.Contains(m.View(), "B0 does not match: play RED, a 7 or a wild") {
		t.Errorf("no hint for a card that does not match:\n%s", m.View())
	}
	press(m, keyMsg("k"))
	if !strings.Contains(m.View(), "k keeps a card you have just drawn") {
		t.Errorf("no hint for keeping nothing")
	}
	press(m, keyMsg("c"))
	if !strings.Contains(m.View(), "nobody to catch") {
		t.Errorf("no hint for catching nobody")
	}
	if len(f.intents) != 0 {
		t.Errorf("refused keys sent %v", f.intents)
	}
}

func TestNickname(t *testing.T) {
	m, f := newTestModel(lobby.Screen{}, 80, 24, plainRenderer())
	press(m, keys("x", "enter")...)
	if len(f.nicks) != 0 || !strings.Contains(m.View(), "2 to 16 letters") {
		t.Fatalf("a one-letter nickname was sent (%v) or not explained", f.nicks)
	}
	press(m, keys("é", "<")...)
	if v := m.View(); m.nick.Typed() != "xé<" || !strings.Contains(v, "“<”: symbols are not allowed in nicknames") {
		t.Fatalf("typed %q; a character a nickname may not hold is shown and explained:\n%s", m.nick.Typed(), v)
	}
	press(m, keyMsg("enter"))
	if len(f.nicks) != 0 {
		t.Fatalf("a refused nickname was sent: %v", f.nicks)
	}
	press(m, keys("backspace", "y", "z")...)
	f.err = lobby.ErrNickTaken
	press(m, keyMsg("enter"))
	if !reflect.DeepEqual(f.nicks, []string{"xéyz"}) || !strings.Contains(m.View(), "taken") {
		t.Fatalf("nicks %v; the lobby's error is shown inline:\n%s", f.nicks, m.View())
	}
}

// The nickname field starts empty whatever the SSH user name: enter on it
// would otherwise claim "root" for good. A guest's enter on the empty
// field takes the guest name offered.
func TestNicknameFieldStartsEmpty(t *testing.T) {
	m, f := newTestModel(lobby.Screen{}, 80, 24, plainRenderer())
	if got := m.ctx().nickState().Typed(); got != "" {
		t.Fatalf("the field holds %q", got)
	}
	press(m, keyMsg("enter"))
	if len(f.nicks) != 0 {
		t.Fatalf("enter on the empty field sent %v", f.nicks)
	}
	guest := lobby.Screen{Account: lobby.AccountInfo{Guest: true, GuestName: "guest-7Q4K"}}
	m, f = newTestModel(guest, 80, 24, plainRenderer())
	if got := m.ctx().nickState().Typed(); got != "" || !strings.Contains(m.View(), "Press enter to play as guest-7Q4K") {
		t.Fatalf("the guest's field holds %q:\n%s", got, m.View())
	}
	press(m, keyMsg("enter"))
	if !reflect.DeepEqual(f.nicks, []string{"guest-7Q4K"}) {
		t.Fatalf("a guest's enter sent %v", f.nicks)
	}
}

func TestLobbyMenu(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keyMsg("enter"))
	if f.quick != 1 {
		t.Errorf("quick play not asked")
	}

	m, f = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("down", "enter", "down", "right", "down", "right", "down", "down", "right", "down", "down", "right", "enter")...)
	normal := lobby.Normal
	want := lobby.TableOptions{Name: "ana's table", Public: true,
		Settings: engine.Settings{Edition: engine.Minions2016, Mode: engine.Standard, Players: 5, Target: 500}, Bots: 1, BotLevel: &normal}
	if !reflect.DeepEqual(f.creates, []lobby.TableOptions{want}) {
		t.Errorf("create:\n got %+v\nwant %+v", f.creates, want)
	}

	m, f = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("3", "k", "7", "-", "q", "x", " ", "2", "m", "h", "c", "-", "9", "d", "f", "a", "enter")...)
	if !reflect.DeepEqual(f.joins, []string{"K7QX2MHC9DFA"}) {
		t.Errorf("joins %v", f.joins)
	}
	f.err = lobby.ErrNoSuchTable
	press(m, keyMsg("enter"))
	if !strings.Contains(m.View(), "no table has that code") {
		t.Errorf("join error not shown:\n%s", m.View())
	}

	m, f = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("down", "down", "enter", "a", "b", "enter")...)
	if len(f.joins) != 0 || !strings.Contains(m.View(), "12 letters") {
		t.Errorf("a short code was sent: %v", f.joins)
	}

	m, f = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("4", "down", "down", "enter")...)
	if !reflect.DeepEqual(f.watches, []string{"t2"}) {
		t.Errorf("watches %v", f.watches)
	}
}

func TestCreateRefusesBadCombos(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	// partners, then 5 seats
	press(m, keys("2", "down", "down", "down", "right", "right", "right", "down", "right", "enter")...)
	if len(f.creates) != 0 {
		t.Fatalf("created %+v", f.creates)
	}
	if !strings.Contains(m.View(), "Partners is played by exactly 4 players") {
		t.Errorf("the problem is not explained:\n%s", m.View())
	}
	// a public table without a timer
	m, f = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("2", "down", "right", "up", "up", "up", "left", "enter")...)
	if len(f.creates) != 0 || !strings.Contains(m.View(), "A public table keeps a turn timer") {
		t.Errorf("created %+v; view:\n%s", f.creates, m.View())
	}
}

func TestCommandLine(t *testing.T) {
	f := newFake(lobbyScreen())
	m := New(Options{Client: f, Command: Command{Kind: CmdJoin, Code: "K7QX2MHC9DFA"}, Renderer: plainRenderer()}).(*model)
	run(m, m.start())
	if !reflect.DeepEqual(f.joins, []string{"K7QX2MHC9DFA"}) {
		t.Errorf("join on the command line: %v", f.joins)
	}
	f = newFake(lobby.Screen{})
	m = New(Options{Client: f, Command: Command{Kind: CmdNew}, Renderer: plainRenderer()}).(*model)
	run(m, m.start())
	if m.where() != atNick {
		t.Fatalf("no nickname yet, but showing %v", m.where())
	}
	m.setScreen(lobby.Screen{Nick: "bo"})
	if m.where() != atCreate {
		t.Errorf("new on the command line opens the form once named; showing %v", m.where())
	}
}

// TestPump checks that updates reach the model through the listening
// command, which is armed again after each screen.
func TestPump(t *testing.T) {
	f := newFake(lobbyScreen())
	done := make(chan struct{})
	m := New(Options{Client: f, Renderer: plainRenderer(), Done: done}).(*model)
	next := lobbyScreen()
	next.Online = 99
	f.mu.Lock()
	f.screen = next
	f.mu.Unlock()
	f.updates <- struct{}{}
	msg := listen(f, done)()
	_, cmd := m.Update(msg)
	if m.scr.Online != 99 {
		t.Fatalf("screen not taken: %d online", m.scr.Online)
	}
	if cmd == nil {
		t.Fatal("the pump is not armed again")
	}
	close(done)
	if msg := listen(f, done)(); msg != nil {
		t.Errorf("the pump runs on after the session ended: %v", msg)
	}
	closed := newFake(lobbyScreen())
	close(closed.updates)
	if msg := listen(closed, nil)(); msg != nil {
		t.Errorf("the pump runs on after Updates closed: %v", msg)
	}
}

func TestNoticeAndClosed(t *testing.T) {
	m, _ := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	s := lobbyScreen()
	s.Notice = lobby.Notice{Seq: 1, Text: "that table is full\x1b]0;pwned\a", Error: true}
	m.setScreen(s)
	v := m.View()
	if !strings.Contains(v, "that table is full") || strings.Contains(v, "pwned") {
		t.Errorf("notice not shown, or not cleaned:\n%s", v)
	}
	s.Closed = "you signed in from another connection"
	cmd := m.setScreen(s)
	if cmd == nil || !strings.Contains(m.View(), "another connection") {
		t.Fatalf("closed not shown")
	}
	if got := m.onKey(keyMsg("x")); got == nil {
		t.Errorf("a key does not quit a closed session")
	} else if _, ok := got().(tea.QuitMsg); !ok {
		t.Errorf("a key does not quit a closed session")
	}
}

func TestResize(t *testing.T) {
	m, _ := newTestModel(midGame(), 80, 24, plainRenderer())
	m.Update(tea.WindowSizeMsg{Width: 79, Height: 30})
	if v := m.View(); !strings.Contains(v, "unossh needs at least 80x24; this window is 79x30") {
		t.Errorf("too small not said:\n%s", v)
	}
	press(m, keyMsg("enter")) // keys do nothing while too small
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	checkSize(t, m.View(), 100, 30)
}

func TestCursorFollowsCard(t *testing.T) {
	m, _ := newTestModel(midGame(), 80, 24, plainRenderer())
	press(m, keys("right", "right", "right")...) // BS
	if got := underCursor(m); got != card("BS") {
		t.Fatalf("cursor on %v", got)
	}
	s := midGame()
	v := *s.Table.Game
	v.Hand = append(cards("B1", "R0"), v.Hand...) // two cards drawn, sorted before BS
	s.Table.Game = &v
	m.setScreen(s)
	if got := underCursor(m); got != card("BS") {
		t.Errorf("cursor moved to %v after the hand changed", got)
	}
}

func TestCallsKeepOrder(t *testing.T) {
	var c calls
	f := newFake(lobby.Screen{})
	var order []int
	var cmds []tea.Cmd
	for i := 0; i < 3; i++ {
		i := i
		cmd, ok := c.add(f, pendingCall{run: func(Session) error { order = append(order, i); return nil }})
		if !ok {
			t.Fatal("refused")
		}
		cmds = append(cmds, cmd)
	}
	if cmds[0] == nil || cmds[1] != nil || cmds[2] != nil {
		t.Fatal("a second call started before the first ended")
	}
	cmd := cmds[0]
	for cmd != nil {
		cmd()
		cmd = c.next(f)
	}
	if !reflect.DeepEqual(order, []int{0, 1, 2}) {
		t.Errorf("order %v", order)
	}
	for i := 0; i <= maxQueued; i++ { // one runs, the others wait
		c.add(f, pendingCall{run: func(Session) error { return nil }})
	}
	if _, ok := c.add(f, pendingCall{run: func(Session) error { return errors.New("x") }}); ok {
		t.Errorf("the queue grows without bound")
	}
}

func TestCountdownsMove(t *testing.T) {
	m, _ := newTestModel(midGame(), 80, 24, plainRenderer())
	if !strings.Contains(m.View(), "your turn · 24s") {
		t.Fatalf("no countdown:\n%s", m.View())
	}
	m.now = func() time.Time { return fixedNow.Add(20 * time.Second) }
	if !strings.Contains(m.View(), "your turn · 4s") {
		t.Errorf("countdown does not move:\n%s", m.View())
	}
}

func TestBackInAKeptSeat(t *testing.T) {
	f := newFake(midGame())
	m := New(Options{Client: f, Renderer: plainRenderer(), Now: func() time.Time { return fixedNow }}).(*model)
	if hand, _, _ := m.table.Hand(); m.where() != atTable || len(hand) != 9 || hand[0] != card("R2") {
		t.Fatalf("not at the table with a sorted hand: %v %v", m.where(), hand)
	}
	press(m, keyMsg("enter"))
	if !reflect.DeepEqual(f.intents, []lobby.Intent{play("R2", 0)}) {
		t.Errorf("intents %v", f.intents)
	}
}

// TestJoinHint: the invitation is a command that works as printed: it asks
// for a terminal (-t), without which ssh runs a command with none.
func TestJoinHint(t *testing.T) {
	for _, addr := range []string{"ssh -p 23234 localhost", "-p 23234 localhost"} {
		f := newFake(waitingRoom())
		m := New(Options{Client: f, Renderer: plainRenderer(), Addr: addr}).(*model)
		if v := m.View(); !strings.Contains(v, "ssh -t -p 23234 localhost \\ ") || !strings.Contains(v, "    join K7QX-2MHC-9DFA") {
			t.Errorf("addr %q: no join command, broken before join to fit:\n%s", addr, v)
		}
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		if v := m.View(); !strings.Contains(v, "ssh -t -p 23234 localhost join K7QX-2MHC-9DFA") {
			t.Errorf("addr %q: no join command on one line:\n%s", addr, v)
		}
	}
}

// The door hands the model any window from 1x1 to 300x100 (ssh.MaxWidth x
// ssh.MaxHeight; ssh/window.go): each is drawn exactly that size, the ones
// below 80x24 as the message that the window is too small.
func TestDrawsEveryWindowTheDoorAllows(t *testing.T) {
	screens := map[string]func() lobby.Screen{"lobby": lobbyScreen, "table": midGame, "waiting": waitingRoom,
		"big hand": func() lobby.Screen { return handOf(90) }}
	for name, scr := range screens {
		for _, size := range [][2]int{{1, 1}, {1, 100}, {300, 1}, {79, 23}, {80, 24}, {300, 100}} {
			t.Run(fmt.Sprintf("%s at %dx%d", name, size[0], size[1]), func(t *testing.T) {
				m, _ := newTestModel(scr(), 80, 24, plainRenderer())
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				checkSize(t, m.View(), size[0], size[1])
			})
		}
	}
}

// A public table's host lets API bots sit from the create form's "API bots"
// line, which only a public table has; it is off unless they choose it.
func TestCreateLetsAPIBotsSitAtAPublicTable(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("down", "enter", "down", "right", "up", "up", "up", "up")...)
	if !strings.Contains(m.View(), "API bots") || !strings.Contains(m.View(), "not allowed") {
		t.Fatalf("no API bots line on a public table's form:\n%s", m.View())
	}
	press(m, keys("right", "enter")...)
	if len(f.creates) != 1 || !f.creates[0].Public || !f.creates[0].APIBots {
		t.Fatalf("created %+v", f.creates)
	}
	m, _ = newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	press(m, keys("down", "enter")...)
	if strings.Contains(m.View(), "API bots") {
		t.Errorf("a private table's form offers API bots:\n%s", m.View())
	}
}
