package tui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares a view, ANSI stripped, with testdata/name.golden.
func golden(t *testing.T, name, view string) {
	t.Helper()
	got := ansi.Strip(view) + "\n"
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui/ -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < max(len(gl), len(wl)); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("%s line %d:\n got: %q\nwant: %q", name, i+1, g, w)
			}
		}
	}
}

// checkSize asserts the view fills exactly w by h cells.
func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	ls := strings.Split(view, "\n")
	if len(ls) != h {
		t.Fatalf("view has %d lines, want %d", len(ls), h)
	}
	for i, l := range ls {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i+1, got, w, ansi.Strip(l))
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		w, h  int
		addr  string // how players reach the server, as -public-host makes it
		scr   lobby.Screen
		keys  []string
		setup func(m *model)
	}{
		{name: "nick_80x24", w: 80, h: 24, scr: lobby.Screen{Online: 3}},
		{name: "lobby_80x24", w: 80, h: 24, scr: lobbyScreen()},
		{name: "lobby_120x40", w: 120, h: 40, scr: lobbyScreen(), keys: []string{"down"}},
		{name: "lobby_empty_80x24", w: 80, h: 24, scr: lobby.Screen{Nick: "ana", Online: 1}},
		{name: "create_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"down", "enter"}},
		{name: "create_bots_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"down", "enter",
			"down", "down", "down", "down", "down", "down", "right", "down", "right", "right"}},
		{name: "create_partners_80x24", w: 80, h: 24, scr: lobbyScreen(),
			keys: []string{"down", "enter", "down", "down", "down", "right", "right", "right", "down", "right", "enter"}},
		{name: "create_rotation_80x24", w: 80, h: 24, scr: lobbyScreen(),
			keys: []string{"down", "enter", "down", "down", "down", "right", "right", "right", "right", "right"}},
		{name: "create_blank_points_80x24", w: 80, h: 24, scr: lobbyScreen(),
			keys: []string{"down", "enter", "down", "down", "down", "down", "down", "down", "down", "right", "down", "right"}},
		{name: "join_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"down", "down", "enter", "k", "7", "q"}},
		{name: "watch_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"4", "down"}},
		{name: "help_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"?"}},
		{name: "waiting_private_80x24", w: 80, h: 24, scr: waitingRoom()},
		{name: "waiting_public_host_80x24", w: 80, h: 24, scr: waitingRoom(), addr: "-p 2222 uno.example.com"},
		{name: "waiting_guest_80x24", w: 80, h: 24, scr: asGuest(waitingRoom()), addr: "uno.example.com"},
		{name: "table_guest_80x24", w: 80, h: 24, scr: asGuest(midGame())},
		{name: "waiting_public_80x24", w: 80, h: 24, scr: publicWaiting()},
		{name: "table_80x24", w: 80, h: 24, scr: midGame()},
		{name: "table_120x40", w: 120, h: 40, scr: midGame(), keys: []string{"right", "right"}},
		{name: "table_color_80x24", w: 80, h: 24, scr: midGame(), keys: []string{"end", "enter"}},
		{name: "table_uno_armed_80x24", w: 80, h: 24, scr: twoCards(), keys: []string{"u"}},
		{name: "table_not_playable_80x24", w: 80, h: 24, scr: midGame(), keys: []string{"right", "right", "enter"}},
		{name: "table_challenge_80x24", w: 80, h: 24, scr: challenge()},
		{name: "table_scores_80x24", w: 80, h: 24, scr: betweenHands()},
		{name: "table_final_80x24", w: 80, h: 24, scr: gameOver()},
		{name: "table_spectator_80x24", w: 80, h: 24, scr: spectator()},
		{name: "table_race_80x24", w: 80, h: 24, scr: race()},
		{name: "table_raid_80x24", w: 80, h: 24, scr: raid()},
		{name: "table_partners_80x24", w: 80, h: 24, scr: partners()},
		{name: "table_leave_80x24", w: 80, h: 24, scr: midGame(), keys: []string{"q"}},
		{name: "table_chat_80x24", w: 80, h: 24, scr: midGame(), keys: []string{"t", "h", "i", "!"}},
		{name: "table_drawn_80x24", w: 80, h: 24, scr: drawnCard()},
		{name: "table_challenge_mode_80x24", w: 80, h: 24, scr: challengeMode()},
		{name: "table_ten_players_80x24", w: 80, h: 24, scr: tenPlayers()},
		{name: "table_big_hand_80x24", w: 80, h: 24, scr: bigHand(), keys: []string{"right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right", "right"}},
		{name: "table_hand_20_80x24", w: 80, h: 24, scr: handOf(20), keys: []string{"right", "right", "down", "right"}},
		{name: "table_hand_20_120x40", w: 120, h: 40, scr: handOf(20)},
		{name: "table_hand_40_80x24", w: 80, h: 24, scr: handOf(40), keys: []string{"down", "down", "right"}},
		{name: "table_hand_90_80x24", w: 80, h: 24, scr: handOf(90), keys: []string{"end"}},
		{name: "table_named_watched_80x24", w: 80, h: 24, scr: named(midGame(), engine.PresetParty.Rules(), -1, 3)},
		{name: "table_partners_named_80x24", w: 80, h: 24, scr: named(partners(), engine.HouseRules{JumpIn: true}, 1, 12)},
		{name: "waiting_partners_house_80x24", w: 80, h: 24, scr: named(waitingPartners(), allHouseRules, 1, 2)},
		{name: "lobby_filter_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"/", "o", "f", "f", "enter"}},
		{name: "too_small_60x20", w: 60, h: 20, scr: midGame()},
		{name: "create_house_80x24", w: 80, h: 24, scr: lobbyScreen(), keys: []string{"down", "enter",
			"down", "down", "down", "down", "down", "down", "down", "down", "left", "down", "right", "down", "right"}},
		{name: "table_house_80x24", w: 80, h: 24, scr: houseGame(engine.PresetParty.Rules())},
		{name: "table_house_custom_80x24", w: 80, h: 24, scr: houseGame(engine.HouseRules{SevenO: true, JumpIn: true})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newTestModel(c.scr, c.w, c.h, plainRenderer())
			m.addr = c.addr
			pressAll(m, c.keys)
			view := m.View()
			checkSize(t, view, c.w, c.h)
			if strings.Contains(view, "\x1b") {
				t.Errorf("escape sequences in a view drawn without colour")
			}
			golden(t, c.name, view)
		})
	}
}

// ---- more screens ----

// houseGame is the game in the middle, with house rules h.
func houseGame(h engine.HouseRules) lobby.Screen {
	s := midGame()
	t := *s.Table
	v := *t.Game
	v.Settings.House = h
	t.Settings.House = h
	t.Game = &v
	s.Table = &t
	return s
}

// drawnCard is ana having drawn R5, which she may play.
func drawnCard() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Phase, v.Drawn, v.HasDrawn = engine.PhaseDrawn, card("R5"), true
	v.Hand = append(cards("R5"), v.Hand...)
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	v.Seats[0].Cards = 10
	v.Legal = []engine.Action{{Kind: engine.Play, Card: card("R5")}, {Kind: engine.Pass}}
	s.Table.Game = &v
	return s
}

// challengeMode is Challenge UNO between hands: cy reached 200 and is out.
func challengeMode() lobby.Screen {
	s := betweenHands()
	v := *s.Table.Game
	v.Settings.Mode, v.Settings.Target = engine.Challenge, 200
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 9, Score: 54, Team: -1}, {Seat: 1, Cards: 0, Score: 12, Team: -1},
		{Seat: 2, Cards: 12, Score: 215, Team: -1, Out: true}, {Seat: 3, Cards: 5, Score: 19, Team: -1},
	}
	s.Table.Game = &v
	s.Table.Settings = v.Settings
	s.Table.LastHand = &lobby.HandResult{Winner: 1, Partner: -1, Points: 122, Held: []int{54, 0, 160, 19},
		Scores: []int{54, 12, 215, 19}, Eliminated: []int{2}}
	return s
}

// tenPlayers is a full table of ten, bo to play.
func tenPlayers() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Settings.Players = 10
	v.Current = 1
	v.Seats = nil
	names := []string{"ana", "bo", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "a_very_long_nick"}
	var seats []lobby.SeatInfo
	for i := range 10 {
		v.Seats = append(v.Seats, engine.SeatView{Seat: i, Cards: 3 + i, Score: 10 * i, Team: -1})
		seats = append(seats, lobby.SeatInfo{Nick: names[i], Connected: true, Bot: i%3 == 2})
	}
	v.Legal = nil
	s.Table.Game = &v
	s.Table.Seats = seats
	return s
}

// bigHand is a hand too wide for the window: it scrolls with the cursor.
func bigHand() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Hand = cards("R1", "R2", "R3", "R4", "R5", "R6", "B1", "B2", "B3", "B4", "G1", "G2", "G3", "G+2", "Y1", "Y2",
		"YS", "YR", "W", "W", "W+4")
	v.Legal = legalFor(v.Hand, v.Top, v.Color, v.Settings.Edition)
	s.Table.Game = &v
	return s
}

// named is screen s at a table with a short name and its private code,
// house rules h, play going in direction dir, and watched by watching.
func named(s lobby.Screen, h engine.HouseRules, dir, watching int) lobby.Screen {
	t := *s.Table
	t.Short, t.Watching = "brave-otter", watching
	t.Settings.House = h
	if t.Game != nil {
		v := *t.Game
		v.Settings.House, v.Direction = h, dir
		t.Game = &v
	}
	s.Table = &t
	return s
}

// allHouseRules is every house rule on at once: the longest list.
var allHouseRules = engine.HouseRules{Stacking: engine.StackMixed, SevenO: true, JumpIn: true, DrawToMatch: true,
	ForcePlay: true, NoBluff: true, UNOPenalty: 6, AutoUNO: true}

// waitingPartners is the waiting room of a partners game of the Masters of
// the Universe 2023 edition (the longest name).
func waitingPartners() lobby.Screen {
	s := waitingRoom()
	t := *s.Table
	t.Settings.Mode, t.Settings.Edition = engine.Partners, engine.MastersOfTheUniverse2023
	s.Table = &t
	return s
}

// handOf is ana on turn with n cards, every fourth a red one that plays.
func handOf(n int) lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	deck := cards("B1", "G2", "Y3", "R4", "B+2", "GS", "YR", "R+2", "B7", "G8", "Y9", "W+4", "B0", "G5", "Y6", "W")
	v.Hand = nil
	for i := range n {
		v.Hand = append(v.Hand, deck[i%len(deck)])
	}
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	v.Seats[0].Cards = n
	v.Legal = legalFor(v.Hand, v.Top, v.Color, v.Settings.Edition)
	s.Table.Game = &v
	return s
}

func publicWaiting() lobby.Screen {
	s := waitingRoom()
	tv := *s.Table
	tv.Public, tv.Code, tv.Host, tv.You, tv.Name = true, "", false, 1, "quick table"
	tv.StartsAt = at(12 * time.Second)
	tv.Seats = []lobby.SeatInfo{{Nick: "bo", Host: true, Connected: true}, {Nick: "ana", Connected: true}, {}, {}}
	tv.Watching = 1
	s.Table = &tv
	return s
}

// twoCards is ana on turn with two cards, one playable.
func twoCards() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Hand = cards("R2", "B5")
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	v.Seats[0].Cards = 2
	v.Legal = legalFor(v.Hand, v.Top, v.Color, v.Settings.Edition)
	s.Table.Game = &v
	return s
}

// challenge is ana deciding whether to challenge dee's Wild Draw Four.
func challenge() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Phase, v.Top, v.Color, v.FourBy = engine.PhaseChallenge, card("W+4"), engine.Blue, 3
	v.Legal = []engine.Action{{Kind: engine.Accept}, {Kind: engine.ChallengeDrawFour}}
	s.Table.Game = &v
	s.Table.TurnEnds = at(18 * time.Second)
	return s
}

// betweenHands shows the scores after bo went out of hand 3.
func betweenHands() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Phase, v.Legal, v.Hand = engine.PhaseDeal, nil, nil
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 9, Score: 120, Team: -1}, {Seat: 1, Cards: 0, Score: 207, Team: -1},
		{Seat: 2, Cards: 12, Score: 40, Team: -1}, {Seat: 3, Cards: 5, Score: 0, Team: -1},
	}
	s.Table.Game = &v
	s.Table.TurnEnds = time.Time{}
	s.Table.NextHandAt = at(6 * time.Second)
	s.Table.LastHand = &lobby.HandResult{Winner: 1, Partner: -1, Points: 122, Held: []int{54, 0, 49, 19},
		Scores: []int{120, 207, 40, 0}}
	return s
}

// gameOver is the end of the game: bo reached 500.
func gameOver() lobby.Screen {
	s := betweenHands()
	v := *s.Table.Game
	v.Phase, v.Winners = engine.PhaseGameOver, []int{1}
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	v.Seats[1].Score = 512
	s.Table.Game = &v
	s.Table.Status = lobby.Finished
	s.Table.NextHandAt = time.Time{}
	s.Table.LastHand = &lobby.HandResult{Winner: 1, Partner: -1, Points: 305, Held: []int{120, 0, 150, 35},
		Scores: []int{120, 512, 40, 0}, GameOver: true, Winners: []int{1}}
	return s
}

// spectator is the mid-game table as a spectator sees it.
func spectator() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Seat, v.Hand, v.Legal, v.Current = -1, nil, nil, 1
	s.Table.Game = &v
	s.Table.You, s.Table.Host = -1, false
	s.Nick = "eve"
	return s
}

// race is the Office's Kevin's Chili race, ana still to drop.
func race() lobby.Screen {
	s := midGame()
	set := engine.Settings{Edition: engine.TheOffice2020, Mode: engine.Standard, Players: 4, Target: 500}
	v := *s.Table.Game
	v.Settings, v.Phase, v.Top, v.Color, v.Player = set, engine.PhaseRace, card("WC"), engine.Pink, 1
	v.Hand = cards("K3", "B4", "G+2", "Y7", "W")
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 5, Team: -1, Racing: true}, {Seat: 1, Cards: 3, Team: -1},
		{Seat: 2, Cards: 12, Team: -1, Racing: true}, {Seat: 3, Cards: 5, Team: -1},
	}
	v.Legal = []engine.Action{{Kind: engine.Drop}}
	s.Table.Game = &v
	s.Table.Settings = set
	s.Table.RaceEnds = at(3 * time.Second)
	s.Table.Drops = []int{3, 1} // dee dropped first, then bo
	return s
}

// raid is ana raiding with the Army of Grayskull.
func raid() lobby.Screen {
	s := midGame()
	set := engine.Settings{Edition: engine.MastersOfTheUniverse2023, Mode: engine.Standard, Players: 4}
	v := *s.Table.Game
	v.Settings, v.Phase, v.Top, v.Color, v.Player = set, engine.PhaseRaid, card("WA"), engine.Green, 0
	v.Hand = cards("R3", "BS", "G9", "Y1")
	v.Hands = [][]engine.Card{v.Hand, cards("R+2", "G4", "YS", "B7"), cards("R1", "G2"), cards("BR", "Y+2", "W")}
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 4, Team: -1}, {Seat: 1, Cards: 4, Team: -1, Raidable: true},
		{Seat: 2, Cards: 2, Team: -1}, {Seat: 3, Cards: 3, Team: -1, Raidable: true},
	}
	v.Legal = nil
	for _, t := range []int{1, 3} {
		for _, take := range v.Hands[t] {
			if take.Kind.IsAction() {
				for _, give := range v.Hand {
					v.Legal = append(v.Legal, engine.Action{Kind: engine.Exchange, Target: t, Card: take, Give: give})
				}
			}
		}
	}
	v.Legal = append(v.Legal, engine.Action{Kind: engine.EndRaid})
	s.Table.Game = &v
	s.Table.Settings = set
	s.Table.RaidEnds = at(21 * time.Second)
	return s
}

// partners is a Partners game: ana and cy against bo and dee; bo is open
// to a catch.
func partners() lobby.Screen {
	s := midGame()
	v := *s.Table.Game
	v.Settings.Mode = engine.Partners
	v.Current = 2
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 9, Score: 120, Team: 0}, {Seat: 1, Cards: 1, Score: 85, Team: 1, Exposed: true},
		{Seat: 2, Cards: 12, Score: 120, Team: 0}, {Seat: 3, Cards: 5, Score: 85, Team: 1},
	}
	v.Legal = []engine.Action{{Kind: engine.Catch, Target: 1}}
	s.Table.Game = &v
	s.Table.Settings.Mode = engine.Partners
	return s
}

// BenchmarkTableView is the cost of one frame of a game in progress at
// 80x24 in 256 colours: drawn anew after a move ("move"), and after a clock
// tick, when only the countdowns change ("tick"); also with a hand of 20
// cards, in two rows ("move-20-cards").
func BenchmarkTableView(b *testing.B) {
	for _, kind := range []string{"move", "tick", "move-20-cards"} {
		b.Run(kind, func(b *testing.B) {
			scr := midGame()
			if kind == "move-20-cards" {
				scr = handOf(20)
			}
			m, _ := newTestModel(scr, 80, 24, renderer(termenv.ANSI256))
			var ls []string
			b.ReportAllocs()
			for b.Loop() {
				if kind != "tick" {
					m.gen++ // as any message but a tick does
				}
				ls = m.AppendLines(ls[:0]) // as the session's painter asks, into a list it had
			}
		})
	}
	// A second of the countdown under a box that shows it (a challenge to
	// answer): the box's countdown line changes, the rows under it do not.
	b.Run("box-second", func(b *testing.B) {
		m, _ := newTestModel(challenge(), 80, 24, renderer(termenv.ANSI256))
		now, i := fixedNow, 0
		m.now = func() time.Time { return now }
		var ls []string
		b.ReportAllocs()
		for b.Loop() {
			i++
			now = fixedNow.Add(time.Duration(i%10) * time.Second)
			ls = m.AppendLines(ls[:0])
		}
	})
}

// FittedWidth says truly that every line AppendLines gave is exactly the
// window's width (the painter then neither cuts nor measures them), and
// says 0 for a window too small, whose lines are not.
func TestFramesFitTheWindowTheySayTheyFit(t *testing.T) {
	screens := map[string]func() lobby.Screen{"lobby": lobbyScreen, "game": midGame, "waiting": waitingRoom,
		"ten": tenPlayers, "big hand": bigHand,
		"40 cards": func() lobby.Screen { return handOf(40) }, "90 cards": func() lobby.Screen { return handOf(90) }, "challenge": challenge, "scores": betweenHands, "over": gameOver,
		"spectator": spectator, "race": race, "raid": raid, "tournament": tourRoom}
	for name, screen := range screens {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {61, 20}, {200, 60}, {20, 6}} {
			m, _ := newTestModel(screen(), size[0], size[1], renderer(termenv.ANSI256))
			ls := m.AppendLines(nil)
			fw := m.FittedWidth()
			if fw == 0 {
				assert.Equal(t, atTooSmall, m.where(), "%s at %v: only a window too small is not fitted", name, size)
				continue
			}
			require.Equal(t, size[0], fw, "%s at %v", name, size)
			for i, l := range ls {
				require.Equal(t, fw, ansi.StringWidth(l), "%s at %v, line %d: %q", name, size, i, l)
			}
		}
	}
}

// asGuest is s as a guest sees it: with a rejoin code.
func asGuest(s lobby.Screen) lobby.Screen {
	s.Rejoin = "4KQ7M2XD"
	return s
}
