package engine

// SeatView is what everyone may see of one seat.
type SeatView struct {
	Seat  int `json:"seat"`
	Cards int `json:"cards"`
	Score int `json:"score"`
	// Team is 0 or 1 in Partners (seats across share a team) and in rotating
	// partners (this round's partnerships), else -1.
	Team int `json:"team"`
	// Out is true once the seat is eliminated (Challenge UNO).
	Out bool `json:"out,omitempty"`
	// UNO is true while the seat has called UNO and holds one card (or two,
	// having called it before playing the next-to-last: Classic 2001).
	UNO bool `json:"uno,omitempty"`
	// Exposed is true while the seat holds one card, did not call UNO, and may be caught.
	Exposed bool `json:"exposed,omitempty"`
	// Racing is true while the seat has still to drop in the Chili race.
	Racing bool `json:"racing,omitempty"`
	// Raidable is true while the raider may still take a card from the seat.
	Raidable bool `json:"raidable,omitempty"`
}

// View is what one seat may see of the game: its own hand and what is public.
// It is a copy; changing it changes nothing in the game.
type View struct {
	// Seat is the viewer's seat, or -1 for a spectator.
	Seat      int        `json:"seat"`
	Settings  Settings   `json:"settings"`
	Phase     Phase      `json:"phase"`
	HandNo    int        `json:"hand_no"`
	Dealer    int        `json:"dealer"`
	Current   int        `json:"current"`
	Direction int        `json:"direction"`
	Top       Card       `json:"top"`
	Color     Color      `json:"color"`
	DrawPile  int        `json:"draw_pile"`
	Discards  int        `json:"discards"`
	Seats     []SeatView `json:"seats"`
	// Hand is the viewer's cards.
	Hand []Card `json:"hand,omitempty"`
	// Drawn is the card the viewer just drew and may play (PhaseDrawn).
	Drawn    Card `json:"drawn,omitzero"`
	HasDrawn bool `json:"has_drawn,omitempty"`
	// FourBy is the seat that played the Wild Draw Four (PhaseChallenge), else -1.
	FourBy int `json:"four_by"`
	// Shown is the hand a Wild Draw Four challenge showed the viewer, the
	// challenger, until the next turn begins.
	Shown []Card `json:"shown,omitempty"`
	// Player is the seat that played the Chili or the Army (PhaseRace, PhaseRaid), else -1.
	Player int `json:"player"`
	// Hands is every seat's hand, shown to the raider only, during a raid.
	Hands   [][]Card `json:"hands,omitempty"`
	Winners []int    `json:"winners,omitempty"`
	// Pending is the stacked draw penalty waiting on the current player
	// (HouseRules.Stacking), else 0.
	Pending int `json:"pending,omitempty"`
	// Legal is every move the viewer may make now.
	Legal []Action `json:"legal,omitempty"`
	// Rotation is the schedule and the tallies of a rotating-partners game.
	Rotation *RotationView `json:"rotation,omitempty"`
}

// View is the game as seat sees it (-1: a spectator, who sees no hand).
func (g *Game) View(seat int) View {
	v := View{
		Seat:      seat,
		Settings:  g.settings,
		Phase:     g.phase,
		HandNo:    g.hand,
		Dealer:    g.dealer,
		Current:   g.current,
		Direction: g.dir,
		Color:     g.color,
		DrawPile:  len(g.draw),
		Discards:  len(g.discard),
		FourBy:    -1,
		Player:    -1,
		Pending:   g.pending,
		Winners:   g.Winners(),
		Rotation:  g.rotationView(),
	}
	if len(g.discard) > 0 {
		v.Top = g.top()
	}
	for s := range g.hands {
		sv := SeatView{Seat: s, Cards: len(g.hands[s]), Score: g.scores[s], Team: -1, Out: !g.active[s],
			UNO: g.called[s] && len(g.hands[s]) <= 2, Exposed: g.exposed == s}
		if g.settings.Mode == Partners {
			sv.Team = s % 2
		}
		if g.rot != nil {
			sv.Team = g.rot.pairing.Team(s)
		}
		sv.Racing = g.phase == PhaseRace && g.racing[s]
		sv.Raidable = g.phase == PhaseRaid && !g.raided[s]
		v.Seats = append(v.Seats, sv)
	}
	switch g.phase {
	case PhaseChallenge:
		v.FourBy = g.fourBy
	case PhaseRace, PhaseRaid:
		v.Player = g.player
	}
	if seat < 0 || seat >= len(g.hands) {
		v.Seat = -1
		return v
	}
	v.Hand = append([]Card(nil), g.hands[seat]...)
	if g.phase == PhaseDrawn && seat == g.current {
		v.Drawn, v.HasDrawn = g.drawn, true
	}
	if seat == g.shownTo {
		v.Shown = append([]Card(nil), g.shown...)
	}
	if g.phase == PhaseRaid && seat == g.player {
		v.Hands = make([][]Card, len(g.hands))
		for s, h := range g.hands {
			v.Hands[s] = append([]Card(nil), h...)
		}
	}
	v.Legal = g.Legal(seat)
	return v
}

// Playable reports whether the viewer may play card now: the one test the
// TUI uses to mark cards, read from the legal moves.
func (v View) Playable(card Card) bool {
	for _, a := range v.Legal {
		if a.Kind == Play && a.Card == card {
			return true
		}
	}
	return false
}

// Can reports whether the viewer may make a move of kind k now.
func (v View) Can(k ActionKind) bool {
	for _, a := range v.Legal {
		if a.Kind == k {
			return true
		}
	}
	return false
}
