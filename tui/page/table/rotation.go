package table

import (
	"fmt"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// This file shows rotating partners: who partners whom in each part of the
// twelve hands, and what each partnership has scored.

// hasTeams reports whether the seats play in teams (Partners, or this
// round's partners in the rotation).
func hasTeams(v *engine.View) bool {
	return v.Settings.Mode == engine.Partners || v.Rotation != nil
}

// seatOrder is the seats in the order of play: the round's seating in the
// rotation, the seat numbers otherwise.
func seatOrder(v *engine.View) []int {
	if r := v.Rotation; r != nil && len(r.Order) == len(v.Seats) {
		return r.Order
	}
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	return order
}

// partnerOf is seat's partner this hand, or -1.
func partnerOf(v *engine.View, seat int) int {
	if r := v.Rotation; r != nil && seat >= 0 && seat < len(r.Partner) {
		return r.Partner[seat]
	}
	if v.Settings.Mode == engine.Partners {
		return (seat + 2) % 4
	}
	return -1
}

// rotationRound is the round to point at: the hand in play's, or between
// hands the next one's.
func rotationRound(v *engine.View) int {
	if v.Phase == engine.PhaseDeal && v.HandNo < engine.RotationHands {
		return engine.RotationRound(v.HandNo + 1)
	}
	return engine.RotationRound(v.HandNo)
}

// rotationLines are the schedule, a line a partnership pair, with what each
// partnership has scored; ▶ marks the round being (or about to be) played.
func (tp *Page) rotationLines(v *engine.View, w int) []string {
	if t := tp.scr.Table; t != nil && t.Tournament != nil {
		return tp.tourLines(t.Tournament, v, w)
	}
	r := v.Rotation
	if r == nil {
		return nil
	}
	st := tp.cards()
	hand := fmt.Sprintf("hand %d of %d", max(v.HandNo, 1), r.Hands)
	if v.Phase == engine.PhaseDeal && v.HandNo < r.Hands {
		hand = fmt.Sprintf("next: hand %d of %d", v.HandNo+1, r.Hands)
	}
	out := []string{st.Dim(ui.Trunc("rotating partners · "+hand, w))}
	cur := rotationRound(v)
	for i, p := range r.Schedule {
		first := i*r.HandsEach + 1
		mark := "  "
		if i == cur && v.Phase != engine.PhaseGameOver {
			mark = st.Turn("▶ ")
		}
		line := mark + ui.Pad(fmt.Sprintf("%d-%d", first, first+r.HandsEach-1), 6)
		for k, team := range p {
			if k > 0 {
				line += st.Dim(" · ")
			}
			a, b := team[0], team[1]
			line += ui.Pad(ui.Trunc(tp.seatName(a), 6)+"+"+ui.Trunc(tp.seatName(b), 6), 13) + ui.PadLeft(fmt.Sprint(r.Tally[a][b]), 4)
		}
		out = append(out, ui.Trunc(line, w))
	}
	return out
}

// partnerText is "team A with cy" for the hand title, or "".
func (tp *Page) partnerText(v *engine.View) string {
	s := v.Seats[v.Seat]
	p := partnerOf(v, v.Seat)
	if s.Team < 0 || p < 0 {
		return ""
	}
	return "team " + string(rune('A'+s.Team)) + " with " + tp.seatName(p)
}
