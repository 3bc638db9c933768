package tui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// TestMemoMatchesFreshFrames plays random games in colour, with moves, keys,
// clock ticks, chat and resizes, and checks after every message that the
// frame drawn with what the session keeps between frames (memo.go, tui/ui/rows.go)
// is the frame drawn from nothing.
func TestMemoMatchesFreshFrames(t *testing.T) {
	seeds, steps := 6, 600
	if testing.Short() || raceOn {
		seeds, steps = 2, 200
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		ed := engine.Editions[seed%uint64(len(engine.Editions))]
		s := engine.Settings{Edition: ed, Mode: engine.Standard, Players: 2 + int(seed%5), Target: 150}
		if seed%3 == 0 {
			s.Mode, s.Players = engine.Partners, 4
		}
		memoGame(t, s, seed, steps)
	}
}

func memoGame(t *testing.T, s engine.Settings, seed uint64, steps int) {
	t.Helper()
	g, err := engine.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	names := []string{"ana", "bo", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo"}
	seats := make([]lobby.SeatInfo, s.Players)
	for i := range seats {
		seats[i] = lobby.SeatInfo{Nick: names[i], Connected: true, Bot: i > 0}
	}
	now := fixedNow
	var log []lobby.LogLine
	moves := 0
	screen := func() lobby.Screen {
		v := g.View(0)
		return lobby.Screen{Nick: "ana", Online: 3, Table: &lobby.TableView{
			TableInfo: lobby.TableInfo{ID: "t1", Name: "memo", Settings: s, Seats: s.Players, Taken: s.Players, Status: lobby.Playing},
			Seats:     seats, You: 0, Host: true, Game: &v, Moves: moves,
			TurnEnds: now.Add(7 * time.Second), NextHandAt: now.Add(5 * time.Second),
			Log: slices.Clone(log),
		}}
	}
	// m keeps what it may between frames; fresh, told the same, draws
	// every frame from nothing.
	m, _ := newTestModel(screen(), 80, 24, renderer(termenv.ANSI256))
	fresh, _ := newTestModel(screen(), 80, 24, renderer(termenv.ANSI256))
	m.now = func() time.Time { return now }
	fresh.now = m.now
	update := func(msg tea.Msg) {
		m.Update(msg)
		fresh.Update(msg)
	}
	for step := 0; step < steps && !g.Over(); step++ {
		switch n := r.IntN(10); {
		case n == 0:
			update(tea.WindowSizeMsg{Width: 80 + r.IntN(60), Height: 24 + r.IntN(26)})
		case n <= 2: // a second passes
			now = now.Add(time.Second)
			update(tickMsg(now))
		case n <= 4: // the player moves the cursor or opens something
			update(usefulKeys[r.IntN(len(usefulKeys))])
		default: // someone moves (or chats)
			waiting := g.Waiting()
			seat := waiting[r.IntN(len(waiting))]
			legal := g.Legal(seat)
			a := legal[r.IntN(len(legal))]
			if _, err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			moves++
			log = append(log, lobby.LogLine{Text: fmt.Sprintf("%s moved (%d)", names[max(seat, 0)%len(names)], moves)})
			if r.IntN(4) == 0 {
				log = append(log, lobby.LogLine{Chat: true, Nick: "bo", Text: "a chat line long enough to be wrapped over two lines of the log, or three"})
			}
			update(screenMsg(screen()))
		}
		got := m.Lines()
		fresh.table.Forget()
		fresh.frame = ui.RowMemo{}
		want := fresh.Lines()
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d step %d: the frame drawn from what was kept differs from a fresh one:\n%s\n----\n%s",
				seed, step, frame(got, m.w, m.h), frame(want, m.w, m.h))
		}
	}
}

// Only the lobby's shared news to a session in the lobby, with nothing
// else for the player in it, may wait behind the frames of games.
func TestBackgroundIsOnlyTheLobbysNews(t *testing.T) {
	s := lobbyScreen()
	m, _ := newTestModel(s, 80, 24, plainRenderer())
	news := s
	news.Online += 3
	news.Tables = append(append([]lobby.TableInfo(nil), s.Tables...), lobby.TableInfo{ID: "t9", Short: "brave-otter"})
	require.True(t, m.Background(screenMsg(news)), "a new list for a session in the lobby")

	notice := news
	notice.Notice = lobby.Notice{Seq: s.Notice.Seq + 1, Text: "ana left"}
	require.False(t, m.Background(screenMsg(notice)), "a notice for the player")
	seated := news
	seated.Table = midGame().Table
	require.False(t, m.Background(screenMsg(seated)), "a table (Quick play landing)")
	closed := news
	closed.Closed = "the server is stopping"
	require.False(t, m.Background(screenMsg(closed)), "the end of the session")
	require.False(t, m.Background(keyMsg("down")), "a key")

	m.calls.busy = true // a call the player made is under way
	require.False(t, m.Background(screenMsg(news)), "news while the player waits on a call")
	m.calls.busy = false

	at, _ := newTestModel(midGame(), 80, 24, plainRenderer())
	away := midGame()
	away.Table = nil
	require.False(t, at.Background(screenMsg(away)), "news to a session at a table")
}
