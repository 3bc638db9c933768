package engine

// State is the whole state of a game, hidden cards included: for journals,
// tests and audits, never for players (they get a View). Two games in equal
// states behave alike from then on.
type State struct {
	Settings   Settings `json:"settings"`
	Seed       uint64   `json:"seed"`
	Phase      Phase    `json:"phase"`
	HandNo     int      `json:"hand_no"`
	Dealer     int      `json:"dealer"`
	Current    int      `json:"current"`
	Dir        int      `json:"direction"`
	Color      Color    `json:"color"`
	HeadToHead bool     `json:"head_to_head,omitempty"`
	Draw       []Card   `json:"draw"`
	Discard    []Card   `json:"discard"`
	Hands      [][]Card `json:"hands"`
	Active     []bool   `json:"active"`
	Called     []bool   `json:"called"`
	Scores     []int    `json:"scores"`
	Exposed    int      `json:"exposed"`
	Stuck      int      `json:"stuck,omitempty"`
	Pending    int      `json:"pending,omitempty"`
	Drawn      Card     `json:"drawn,omitzero"`
	FourBy     int      `json:"four_by"`
	Guilty     bool     `json:"guilty"`
	Shown      []Card   `json:"shown"`
	ShownTo    int      `json:"shown_to"`
	Player     int      `json:"player"`
	Racing     []bool   `json:"racing"`
	Dropped    int      `json:"dropped,omitempty"`
	OutAfter   bool     `json:"out_after,omitempty"`
	Raided     []bool   `json:"raided"`
	Winners    []int    `json:"winners"`
	// Tallies is what each seat scored with each partner (rotating partners).
	Tallies [][]int `json:"tallies,omitempty"`
	// RNG is the random generator's state, so that equal states draw alike.
	RNG []byte `json:"rng"`
}

// State is a deep copy of the game's whole state.
func (g *Game) State() State {
	hands := make([][]Card, len(g.hands))
	for s, h := range g.hands {
		hands[s] = append([]Card{}, h...)
	}
	rngState, _ := g.rng.pcg.MarshalBinary()
	return State{
		Settings: g.settings, Seed: g.seed, Phase: g.phase, HandNo: g.hand, Dealer: g.dealer,
		Current: g.current, Dir: g.dir, Color: g.color, HeadToHead: g.headToHead,
		Draw: append([]Card{}, g.draw...), Discard: append([]Card{}, g.discard...),
		Hands: hands, Active: append([]bool{}, g.active...), Called: append([]bool{}, g.called...),
		Scores: append([]int{}, g.scores...), Exposed: g.exposed, Stuck: g.stuck, Pending: g.pending, Drawn: g.drawn,
		FourBy: g.fourBy, Guilty: g.fourGuilty, Shown: append([]Card{}, g.shown...), ShownTo: g.shownTo, Player: g.player, Racing: append([]bool{}, g.racing...),
		Dropped: g.dropped, OutAfter: g.outAfter, Raided: append([]bool{}, g.raided...),
		Winners: append([]int{}, g.winners...), RNG: rngState, Tallies: g.tallies(),
	}
}
