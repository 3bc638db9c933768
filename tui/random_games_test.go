package tui

import (
	"math/rand/v2"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// randomKeys are the keys a player might press, and some nobody should.
var randomKeys = []tea.KeyMsg{
	{Type: tea.KeyEnter}, {Type: tea.KeyEsc}, {Type: tea.KeyLeft}, {Type: tea.KeyRight}, {Type: tea.KeyUp},
	{Type: tea.KeyDown}, {Type: tea.KeyTab}, {Type: tea.KeySpace, Runes: []rune{' '}}, {Type: tea.KeyBackspace},
	{Type: tea.KeyHome}, {Type: tea.KeyEnd}, {Type: tea.KeyPgDown}, {Type: tea.KeyCtrlU}, {Type: tea.KeyCtrlW},
	keyMsg("d"), keyMsg("k"), keyMsg("u"), keyMsg("c"), keyMsg("y"), keyMsg("n"), keyMsg("e"), keyMsg("h"),
	keyMsg("l"), keyMsg("r"), keyMsg("g"), keyMsg("b"), keyMsg("1"), keyMsg("4"), keyMsg("t"), keyMsg("?"),
	keyMsg("x"), keyMsg("s"), keyMsg("p"), keyMsg("o"), keyMsg("\x1b[2J"), keyMsg("界"), keyMsg("\u202e"),
	{Type: tea.KeyRunes, Runes: []rune("pasted\nline\twith\x00nul"), Paste: true}, {Type: tea.KeyF5},
}

// usefulKeys are the keys that move a game on.
var usefulKeys = []tea.KeyMsg{{Type: tea.KeyEnter}, {Type: tea.KeyLeft}, {Type: tea.KeyRight}, {Type: tea.KeyDown},
	{Type: tea.KeyEsc}, {Type: tea.KeySpace, Runes: []rune{' '}}, keyMsg("d"), keyMsg("k"), keyMsg("y"), keyMsg("n"),
	keyMsg("u"), keyMsg("c"), keyMsg("e")}

// TestRandomGames plays whole games with the real engine: seat 0 is played
// only through the TUI by random key presses, the others by random legal
// moves. Every move the TUI sends must be legal, and every view must fill
// the window exactly, whatever its size.
func TestRandomGames(t *testing.T) {
	games := len(engine.Editions) * len(engine.Modes) // every edition in every mode
	if testing.Short() || raceOn {
		games = 5
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		ed := engine.Editions[seed%uint64(len(engine.Editions))]
		mode := engine.Modes[(seed/uint64(len(engine.Editions)))%uint64(len(engine.Modes))]
		players := 2 + int(seed%9)
		if mode == engine.Partners || mode == engine.RotatingPartners {
			players = 4
		}
		s := engine.Settings{Edition: ed, Mode: mode, Players: players, Target: 150, Blanks: engine.BlankRule(seed % 4)}
		playRandomGame(t, s, seed)
	}
}

func playRandomGame(t *testing.T, s engine.Settings, seed uint64) {
	t.Helper()
	g, err := engine.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	seats := make([]lobby.SeatInfo, s.Players)
	for i := range seats {
		seats[i] = lobby.SeatInfo{Nick: []string{"ana", "bo", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo"}[i], Connected: true, Bot: i > 0}
	}
	screen := func(last *lobby.HandResult) lobby.Screen {
		v := g.View(0)
		st := lobby.Playing
		if g.Over() {
			st = lobby.Finished
		}
		return lobby.Screen{Nick: "ana", Online: 3, Table: &lobby.TableView{
			TableInfo: lobby.TableInfo{ID: "t1", Name: "fuzz", Settings: s, Seats: s.Players, Taken: s.Players, Status: st},
			Code:      "ABCDEF", Seats: seats, You: 0, Host: true, Game: &v, LastHand: last,
			TurnEnds: at(time.Duration(r.IntN(40)) * time.Second), NextHandAt: at(5 * time.Second),
			Log: []lobby.LogLine{{Text: "hello"}, {Chat: true, Nick: "bo", Text: "\x1b[31mred\x1b[0m \x07 " + string(rune(0x202e))}},
		}}
	}
	var last *lobby.HandResult
	moves := 0
	defer func() {
		if moves == 0 {
			t.Errorf("seed %d: the TUI never made a move", seed)
		}
	}()
	m, f := newTestModel(screen(nil), 80, 24, plainRenderer())
	for step := 0; step < 4000 && !g.Over(); step++ {
		if step%25 == 0 {
			w, h := 80+r.IntN(60), 24+r.IntN(26)
			if r.IntN(10) == 0 {
				w, h = r.IntN(80), r.IntN(24)
			}
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		}
		waiting := g.Waiting()
		seat := waiting[r.IntN(len(waiting))]
		var a engine.Action
		switch {
		case seat == engine.SystemSeat:
			a = g.Legal(engine.SystemSeat)[0]
		case seat == 0 || r.IntN(4) == 0:
			// the TUI's turn (and sometimes its catch or late UNO out of turn):
			// mostly useful keys, now and then anything
			k := randomKeys[r.IntN(len(randomKeys))]
			if r.IntN(4) > 0 {
				k = usefulKeys[r.IntN(len(usefulKeys))]
			}
			press(m, k)
			moves += countMoves(f.intents)
			f.intents = takeMoves(t, g, f.intents)
			m.setScreen(screen(last))
			if step%5 == 0 {
				checkSize(t, m.View(), max(m.w, 1), max(m.h, 1))
			}
			continue
		default:
			legal := g.Legal(seat)
			a = legal[r.IntN(len(legal))]
		}
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
		for _, e := range evs {
			if e.Kind == engine.EvHandOver {
				last = &lobby.HandResult{Winner: e.Seat, Partner: e.Target, Points: e.Count, Scores: g.Scores(),
					Held: make([]int, s.Players)}
			}
		}
		m.setScreen(screen(last))
		if step%7 == 0 {
			checkSize(t, m.View(), max(m.w, 1), max(m.h, 1))
		}
	}
	if testing.Verbose() {
		t.Logf("%v seed %d: over %v, hand %d", s, seed, g.Over(), g.View(0).HandNo)
	}
}

func countMoves(ins []lobby.Intent) int {
	n := 0
	for _, in := range ins {
		if in.Kind == lobby.Move {
			n++
		}
	}
	return n
}

// takeMoves applies the moves the TUI sent for seat 0: each must be legal.
func takeMoves(t *testing.T, g *engine.Game, intents []lobby.Intent) []lobby.Intent {
	t.Helper()
	for _, in := range intents {
		if in.Kind != lobby.Move {
			continue
		}
		a := in.Action
		a.Seat = 0
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("the TUI sent an illegal move %v: %v", a, err)
		}
	}
	return intents[:0]
}

// FuzzKeys types anything at any screen: the model must never panic and
// must always fill the window exactly.
func FuzzKeys(f *testing.F) {
	f.Add([]byte("\r\x1b[Dd u c t hi\r?q"), uint8(0))
	f.Add([]byte("2\x1b[B\x1b[C\r"), uint8(1))
	f.Add([]byte("sbx e\r"), uint8(2))
	screens := []func() lobby.Screen{lobbyScreen, midGame, waitingRoom, challenge, race, raid, gameOver,
		spectator, partners, betweenHands, func() lobby.Screen { return lobby.Screen{} }}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		m, _ := newTestModel(screens[int(which)%len(screens)](), 80, 24, plainRenderer())
		for i := 0; i < len(data); i++ {
			k := randomKeys[int(data[i])%len(randomKeys)]
			if data[i] >= 128 {
				k = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(string(data[i : i+1]))}
			}
			press(m, k)
			if m.where() == atTooSmall {
				break
			}
		}
		checkSize(t, m.View(), 80, 24)
	})
}
