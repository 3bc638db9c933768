package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

var tourNames = []string{"ana", "bo", "cy", "dee", "eve", "fay", "gus", "hal"}

// tourView is a tournament in round (0-based) at table (-1: the room):
// rounds before it scored, each partnership 10 points a round number and
// a bit for who is in it; hands are the hands each table has played.
func tourView(round, table int, hands [2]int) *lobby.TournamentView {
	tv := &lobby.TournamentView{ID: "T4", Name: "friday cup", Players: tourNames, Bots: make([]bool, 8),
		Schedule: engine.TournamentSchedule(), Round: round, Started: true, Table: table,
		TableIDs: [2]string{"t5", "t6"}}
	tv.Bots[5], tv.Bots[6], tv.Bots[7] = true, true, true
	var tally [8][8]int
	for r := 0; r <= round; r++ {
		for k, pr := range tv.Schedule[r].Tables {
			if r == round && hands[k] <= r*4 {
				continue
			}
			for _, team := range pr {
				a, b := team[0], team[1]
				pts := 10*(r+1) + 7*a + 3*b
				tally[a][b], tally[b][a] = pts, pts
			}
		}
	}
	for p := range tally {
		tv.Standings.Tally = append(tv.Standings.Tally, tally[p][:])
		sum := 0
		for _, v := range tally[p] {
			sum += v
		}
		tv.Standings.Scores = append(tv.Standings.Scores, sum)
	}
	tv.Standings.Hands = hands
	return tv
}

// tourSignUp is ana's private tournament's room: four have signed up.
func tourSignUp() lobby.Screen {
	set := engine.Settings{Edition: engine.Classic2001, Mode: engine.Partners, Players: 8}
	seats := []lobby.SeatInfo{{Nick: "ana", Host: true, Connected: true}, {Nick: "bo", Connected: true},
		{Nick: "ada", Bot: true, Connected: true, Level: lobby.Normal}, {Nick: "cy", Connected: true}, {}, {}, {}, {}}
	tv := &lobby.TournamentView{ID: "T4", Name: "friday cup", Players: []string{"ana", "bo", "ada", "cy", "", "", "", ""},
		Bots: make([]bool, 8), Schedule: engine.TournamentSchedule(), Table: -1}
	return lobby.Screen{Nick: "ana", Online: 12, Table: &lobby.TableView{
		TableInfo: lobby.TableInfo{ID: "T4", Name: "friday cup", Settings: set, Seats: 8, Taken: 4, Status: lobby.Waiting, Tournament: "T4"},
		Code:      "K7QX2MHC9DFA", Seats: seats, You: 0, Host: true, Tournament: tv,
		Log: []lobby.LogLine{{Text: "ana signed up"}, {Text: "bo signed up"}, {Text: "ada (bot) signed up"},
			{Chat: true, Nick: "cy", Text: "ready when you are"}},
	}}
}

// tourRoom is the room in round 3 as a spectator sees it.
func tourRoom() lobby.Screen {
	s := tourSignUp()
	t := *s.Table
	t.Tournament = tourView(2, -1, [2]int{9, 11})
	t.Status, t.Taken, t.You, t.Host, t.Code = lobby.Playing, 8, -1, false, ""
	t.Public = true
	t.Seats = nil
	for i, n := range tourNames {
		t.Seats = append(t.Seats, lobby.SeatInfo{Nick: n, Bot: i >= 5, Connected: true})
	}
	t.Log = []lobby.LogLine{{Text: "the tournament begins: seven rounds of four hands, at two tables"},
		{Text: "round 2 of 7"}, {Text: "round 3 of 7"}}
	s.Table, s.Nick = &t, "zed"
	return s
}

// tourTable is ana's table in round 3 (hand 2 of its four): the schedule
// seats ana with cy against bo and hal... as TournamentSchedule has it.
func tourTable() lobby.Screen {
	return tourSeated(tourView(2, 0, [2]int{9, 10}))
}

// tourSeated is ana at her table in tv's round, hand 2 of its four.
func tourSeated(tv *lobby.TournamentView) lobby.Screen {
	s := partners()
	for k := range 2 { // the table ana sits at in the round
		for _, p := range tv.Schedule[tv.Round].Seats(k) {
			if p == 0 {
				tv.Table = k
			}
		}
	}
	t := *s.Table
	order := tv.Schedule[tv.Round].Seats(tv.Table)
	t.Seats = nil
	for _, p := range order {
		t.Seats = append(t.Seats, lobby.SeatInfo{Nick: tourNames[p], Bot: p >= 5, Connected: true})
	}
	t.You = 0
	for i, p := range order {
		if p == 0 {
			t.You = i
		}
	}
	v := *t.Game
	v.Seat, v.HandNo = t.You, 2
	v.Seats = append([]engine.SeatView(nil), v.Seats...)
	for i := range v.Seats {
		v.Seats[i].Score = 30 + 5*(i%2)
	}
	t.Game, t.Tournament, t.Name = &v, tv, fmt.Sprintf("friday cup · table %d", tv.Table+1)
	s.Table = &t
	return s
}

// tourBetween is the end of hand 2 at ana's table: scores, the schedule
// of both tables and the standings across them.
func tourBetween() lobby.Screen {
	s := tourTable()
	t := *s.Table
	v := *t.Game
	v.Phase, v.Legal, v.Hand = engine.PhaseDeal, nil, nil
	t.Game = &v
	t.TurnEnds, t.NextHandAt = time.Time{}, at(6*time.Second)
	t.Tournament = tourView(2, 1, [2]int{10, 10})
	t.LastHand = &lobby.HandResult{Winner: t.You, Partner: (t.You + 2) % 4, Points: 41, Held: []int{7, 12, 0, 22},
		Scores: []int{71, 35, 71, 35}}
	s.Table = &t
	return s
}

// tourRoundDone is ana's table having played the round's hands while the
// other table plays on.
func tourRoundDone() lobby.Screen {
	s := tourBetween()
	t := *s.Table
	t.NextHandAt = time.Time{}
	tv := tourView(2, 1, [2]int{11, 12})
	tv.RoundDone[1] = true
	t.Tournament = tv
	s.Table = &t
	return s
}

// leader is the player with the most points (the first of them on a tie).
func leader(scores []int) int {
	best := 0
	for p, sc := range scores {
		if sc > scores[best] {
			best = p
		}
	}
	return best
}

// tourOver is the end of the tournament at ana's last table.
func tourOver() lobby.Screen {
	tv := tourView(6, 0, [2]int{28, 28})
	tv.Over, tv.RoundDone = true, [2]bool{true, true}
	tv.Standings.Winners = []int{leader(tv.Standings.Scores)}
	s := tourSeated(tv)
	t := *s.Table
	v := *t.Game
	v.Phase, v.Legal, v.Hand, v.HandNo = engine.PhaseDeal, nil, nil, 4
	t.Game = &v
	t.LastHand = &lobby.HandResult{Winner: 0, Partner: 2, Points: 41, Held: []int{0, 12, 7, 22},
		Scores: []int{71, 35, 71, 35}}
	t.Tournament, t.Status, t.NextHandAt = tv, lobby.Finished, time.Time{}
	s.Table = &t
	return s
}

// tourLobby is the lobby's list with a public tournament on it.
func tourLobby() lobby.Screen {
	s := lobbyScreen()
	s.Tables = append([]lobby.TableInfo{{ID: "T4", Name: "friday cup", Public: true, Tournament: "T4",
		Settings: engine.Settings{Edition: engine.Classic2001, Mode: engine.Partners, Players: 8}, Seats: 8, Taken: 3,
		Status: lobby.Waiting}}, s.Tables...)
	return s
}

func TestTournamentGolden(t *testing.T) {
	cases := []struct {
		name string
		scr  lobby.Screen
		keys []string
	}{
		{"tournament_page_80x24", tourLobby(), []string{"6", "right"}},
		{"tournament_signup_80x24", tourSignUp(), nil},
		{"tournament_room_80x24", tourRoom(), nil},
		{"tournament_table_80x24", tourTable(), nil},
		{"tournament_between_80x24", tourBetween(), nil},
		{"tournament_round_done_80x24", tourRoundDone(), nil},
		{"tournament_over_80x24", tourOver(), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newTestModel(c.scr, 80, 24, plainRenderer())
			pressAll(m, c.keys)
			view := m.View()
			checkSize(t, view, 80, 24)
			golden(t, c.name, view)
		})
	}
}

// The room's keys: a spectator watches a table with 1 or 2, signs up with
// j before it begins; the tournament page opens and signs up.
func TestTournamentKeys(t *testing.T) {
	m, f := newTestModel(tourRoom(), 80, 24, plainRenderer())
	pressAll(m, []string{"2"})
	require.Equal(t, []lobby.Intent{{Kind: lobby.TourWatch, Seat: 1}}, f.intents)

	s := tourSignUp()
	s.Table.You, s.Table.Host = -1, false
	m, f = newTestModel(s, 80, 24, plainRenderer())
	pressAll(m, []string{"j"})
	require.Equal(t, []lobby.Intent{{Kind: lobby.TourSignUp}}, f.intents)

	m, f = newTestModel(tourSignUp(), 80, 24, plainRenderer())
	pressAll(m, []string{"e"})
	require.Empty(t, f.intents)
	require.Contains(t, m.View(), "rules are set when it opens")

	m, f = newTestModel(tourLobby(), 80, 24, plainRenderer())
	pressAll(m, []string{"6", "p", "enter"})
	require.Len(t, f.tourOpens, 1)
	require.False(t, f.tourOpens[0].Public)
	require.Equal(t, engine.Classic2001, f.tourOpens[0].Settings.Edition)
	require.Equal(t, []string{"T4"}, f.signUps)
	require.True(t, strings.Contains(m.View(), "Tournaments"))
}

func (f *fakeSession) OpenTournament(o lobby.TournamentOptions) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tourOpens = append(f.tourOpens, o)
	return f.err
}

func (f *fakeSession) SignUp(id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.signUps = append(f.signUps, id)
	return f.err
}
