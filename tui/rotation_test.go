package tui

import (
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// rotationView is the rotation at hand 6: ana partners bo (hands 5 to 8),
// seated ana, cy, bo, dee; hands 1 to 4 went to ana & cy 45, bo & dee 130.
func rotationView(v engine.View) engine.View {
	v.Settings.Mode = engine.RotatingPartners
	v.HandNo = 6
	v.Rotation = &engine.RotationView{Schedule: engine.RotationSchedule(), HandsEach: 4, Hands: 12, Round: 1,
		Order: []int{0, 2, 1, 3}, Partner: []int{1, 0, 3, 2},
		Tally: [][]int{{0, 30, 45, 0}, {30, 0, 0, 130}, {45, 0, 0, 12}, {0, 130, 12, 0}}}
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 9, Score: 75, Team: 0}, {Seat: 1, Cards: 1, Score: 160, Team: 0, UNO: true},
		{Seat: 2, Cards: 12, Score: 57, Team: 1}, {Seat: 3, Cards: 5, Score: 142, Team: 1},
	}
	return v
}

// rotation is a rotating-partners game in play, ana's turn.
func rotation() lobby.Screen {
	s := midGame()
	v := rotationView(*s.Table.Game)
	s.Table.Game = &v
	s.Table.Settings = v.Settings
	return s
}

// rotationScores is the end of hand 8: cy and dee went out; next come
// hands 9 to 12, ana with dee.
func rotationScores() lobby.Screen {
	s := betweenHands()
	v := rotationView(*s.Table.Game)
	v.HandNo, v.Phase = 8, engine.PhaseDeal
	v.Rotation.Tally[2][3], v.Rotation.Tally[3][2] = 40, 40
	v.Seats[2].Score, v.Seats[3].Score = 85, 170
	v.Seats[2].Cards, v.Seats[1].Cards = 0, 7
	s.Table.Game = &v
	s.Table.Settings = v.Settings
	s.Table.NextHandAt = at(6 * time.Second)
	s.Table.LastHand = &lobby.HandResult{Winner: 2, Partner: 3, Points: 28, Held: []int{19, 9, 0, 14},
		Scores: []int{75, 160, 85, 170}}
	return s
}

// rotationOver is the end of the twelfth hand: dee has the most points.
func rotationOver() lobby.Screen {
	s := rotationScores()
	v := *s.Table.Game
	v.HandNo, v.Phase, v.Winners = 12, engine.PhaseGameOver, []int{3}
	r := *v.Rotation
	r.Round = 2
	r.Order, r.Partner = []int{0, 1, 3, 2}, []int{3, 2, 1, 0}
	r.Tally = [][]int{{0, 30, 45, 60}, {30, 0, 22, 130}, {45, 22, 0, 40}, {60, 130, 40, 0}}
	v.Rotation = &r
	v.Seats = []engine.SeatView{
		{Seat: 0, Cards: 0, Score: 135, Team: 0}, {Seat: 1, Cards: 4, Score: 182, Team: 1},
		{Seat: 2, Cards: 6, Score: 107, Team: 1}, {Seat: 3, Cards: 3, Score: 230, Team: 0},
	}
	s.Table.Game = &v
	s.Table.Status = lobby.Finished
	s.Table.NextHandAt = time.Time{}
	s.Table.LastHand = &lobby.HandResult{Winner: 0, Partner: 3, Points: 60, Held: []int{0, 31, 29, 0},
		Scores: []int{135, 182, 107, 230}, GameOver: true, Winners: []int{3}}
	return s
}
