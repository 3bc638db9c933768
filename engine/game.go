// Package engine is the complete rules of UNO as five official rulebooks give
// them: Classic 2001, Minions 2016, Masters of the Universe 2020 and 2023 and
// The Office 2020, with the Classic modes (two players, partners, Challenge
// UNO) and both ways of scoring.
//
// A Game is made from Settings and a seed, and changed only by Apply, which
// either applies an Action completely and returns the Events it caused, or
// returns a *RuleError (worded for the player) and changes nothing. Legal
// lists what a seat may do, from the same check Apply uses; View is what one
// seat may see. The package does no I/O, reads no clock and holds no global
// random state: a game is its settings, its seed and its list of actions, and
// Replay rebuilds it exactly. A Game has one owner; it is not safe for
// concurrent use.
//
//	g, _ := engine.New(engine.Settings{Edition: engine.Classic2001, Players: 4}, seed)
//	events, err := g.Apply(engine.Action{Kind: engine.Deal, Seat: engine.SystemSeat})
package engine

// Phase is what the game is waiting for.
type Phase uint8

// The phases.
const (
	// PhaseDeal waits for the table to deal (before the first hand and between hands).
	PhaseDeal Phase = iota
	// PhaseFirstColor waits for the first player to name the colour of a wild turned up first.
	PhaseFirstColor
	// PhaseTurn waits for the current player to play or draw.
	PhaseTurn
	// PhaseDrawn waits for the current player to play the card just drawn or keep it.
	PhaseDrawn
	// PhaseChallenge waits for the current player to accept or challenge a Wild Draw Four.
	PhaseChallenge
	// PhaseRace waits for the players to drop in the Kevin's Famous Chili race.
	PhaseRace
	// PhaseRaid waits for the raider to exchange cards (the Army of Grayskull).
	PhaseRaid
	// PhaseGameOver: nothing more happens.
	PhaseGameOver
)

var phaseNames = [...]string{"deal", "first-color", "turn", "drawn", "challenge", "race", "raid", "game-over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase(?)"
}

// MarshalText encodes the phase by name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, phaseNames[:], (*uint8)(p), "phase")
}

// HandSize is the number of cards dealt to each player.
const HandSize = 7

// Game is one game: a series of hands under one set of settings.
type Game struct {
	settings Settings
	seed     uint64
	rng      *rng
	deck     []Card // every card in the game, for dealing and for Audit

	draw    []Card   // the draw pile; its top is the last card
	discard []Card   // the discard pile; its top is the last card
	hands   [][]Card // by seat
	active  []bool   // false once eliminated (Challenge UNO)
	called  []bool   // called UNO and still holds one card
	scores  []int

	phase      Phase
	hand       int // hands dealt so far
	dealer     int
	current    int
	dir        int // 1: to the left (clockwise), -1: to the right
	color      Color
	headToHead bool // the hand is the last two's final in Challenge UNO

	drawn   Card // PhaseDrawn: the card just drawn
	exposed int  // the seat open to an UNO catch, or -1
	stuck   int  // turns in a row that could neither play nor draw

	// Wild Draw Four: who played it and whether they held the colour in play.
	fourBy     int
	fourGuilty bool

	// The Chili race and the Army of Grayskull raid.
	player   int    // who played the card
	racing   []bool // still to drop
	dropped  int
	raided   []bool // already raided, or nothing to take
	outAfter bool   // the player went out with the card: the hand ends after it

	winners []int
	events  []Event // the events of the action being applied
}

// New makes a game, not yet dealt: apply Deal to start the first hand.
func New(s Settings, seed uint64) (*Game, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n := s.Players
	g := &Game{
		settings: s,
		seed:     seed,
		rng:      newRNG(seed),
		deck:     s.Deck(),
		hands:    make([][]Card, n),
		active:   make([]bool, n),
		called:   make([]bool, n),
		scores:   make([]int, n),
		racing:   make([]bool, n),
		raided:   make([]bool, n),
		dir:      1,
		exposed:  -1,
		dealer:   -1,
	}
	for i := range g.active {
		g.active[i] = true
		g.hands[i] = make([]Card, 0, 24)
	}
	g.draw = make([]Card, 0, len(g.deck))
	g.discard = make([]Card, 0, len(g.deck))
	return g, nil
}

// Settings are the game's rules.
func (g *Game) Settings() Settings { return g.settings }

// Seed is the seed the game was made with.
func (g *Game) Seed() uint64 { return g.seed }

// Phase is what the game is waiting for.
func (g *Game) Phase() Phase { return g.phase }

// Current is the seat whose turn it is (or who must decide, in PhaseFirstColor
// and PhaseChallenge; the raider in PhaseRaid).
func (g *Game) Current() int { return g.current }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseGameOver }

// Winners are the seats that won, once the game is over (several on a tie
// under lowest-score scoring; both partners in Partners).
func (g *Game) Winners() []int { return append([]int(nil), g.winners...) }

// HandCount is the number of cards seat holds.
func (g *Game) HandCount(seat int) int { return len(g.hands[seat]) }

// Scores are the seats' scores (points won, or the tally held, by mode).
func (g *Game) Scores() []int { return append([]int(nil), g.scores...) }

// Waiting lists the seats whose move the game needs before it can go on
// (SystemSeat when it waits for the table to deal or close a race). Catching
// and calling UNO are never needed, so they are not listed.
func (g *Game) Waiting() []int {
	switch g.phase {
	case PhaseDeal:
		return []int{SystemSeat}
	case PhaseGameOver:
		return nil
	case PhaseRace:
		var seats []int
		for s, r := range g.racing {
			if r {
				seats = append(seats, s)
			}
		}
		return seats
	case PhaseRaid:
		return []int{g.player}
	}
	return []int{g.current}
}

// players is the number of seats still in the game.
func (g *Game) players() int {
	n := 0
	for _, a := range g.active {
		if a {
			n++
		}
	}
	return n
}

// next is the next seat in play from seat in direction dir.
func (g *Game) next(seat, dir int) int {
	n := len(g.hands)
	for i := 0; i < n; i++ {
		seat = (seat + dir + n) % n
		if g.active[seat] {
			return seat
		}
	}
	return seat
}

func (g *Game) emit(e Event) { g.events = append(g.events, e) }

// setTurn makes it seat's turn to play or draw.
func (g *Game) setTurn(seat int) {
	g.current = seat
	g.phase = PhaseTurn
	g.emit(Event{Kind: EvTurn, Seat: seat})
}

// advance passes the turn on from the current seat, skipping one seat if skip.
func (g *Game) advance(skip bool) {
	s := g.next(g.current, g.dir)
	if skip {
		g.emit(Event{Kind: EvSkip, Seat: s})
		s = g.next(s, g.dir)
	}
	g.setTurn(s)
}
