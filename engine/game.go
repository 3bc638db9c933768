// Package engine is the complete rules of UNO as five official rulebooks give
// them: Classic 2001, Minions 2016, Masters of the Universe 2020 and 2023 and
// The Office 2020, with the Classic modes (two players, partners and their
// twelve-hand rotation, Challenge UNO), both ways of scoring, and the
// eight-player, two-table tournament (Tournament, which feeds two games).
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
//
// Callers that make many moves (bots, simulations) can use AppendApply,
// AppendLegal and AppendWaiting with buffers they reuse: a move then costs
// no allocation. Audit checks that no card was created or lost. Tests can
// fix a game's first deal with NewStacked; real games are always shuffled
// from the seed. docs/rules.md says how the engine reads the rulebooks where
// they are silent or disagree.
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
	rng      rng
	deck     []Card // every card in the game, shared and read-only
	stack    *Stack // the first deal, fixed by a test (NewStacked), or nil

	draw    []Card   // the draw pile; its top is the last card
	discard []Card   // the discard pile; its top is the last card
	topCard Card     // the top of the discard pile
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
	pending int  // a stacked draw penalty waiting on the current player (house.go)

	// Wild Draw Four: who played it and whether they held the colour in play.
	fourBy     int
	fourGuilty bool
	// The hand a challenge showed, and the challenger it was shown to (-1:
	// none), until the next turn begins.
	shown   []Card
	shownTo int

	// The Chili race and the Army of Grayskull raid.
	player   int    // who played the card
	racing   []bool // still to drop
	dropped  int
	raided   []bool // already raided, or nothing to take
	outAfter bool   // the player went out with the card: the hand ends after it

	winners []int
	events  []Event // the events of the action being applied

	rot *rotation // rotating partners' seating and tallies, or nil
}

// handCap is the room each hand is given at first; a hand that outgrows it
// moves to a larger array of its own.
const handCap = 24

// New makes a game, not yet dealt: apply Deal to start the first hand.
func New(s Settings, seed uint64) (*Game, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return newGame(s, seed), nil
}

// gameMem is a game with room for its per-seat bookkeeping, so that a game
// is made in two allocations: this, and the cards.
type gameMem struct {
	g       Game
	flags   [4 * MaxPlayers]bool
	scores  [MaxPlayers]int
	hands   [MaxPlayers][]Card
	winners [MaxPlayers]int
}

// newGame makes a game from valid settings.
func newGame(s Settings, seed uint64) *Game {
	n := s.Players
	deck := s.deck()
	m := &gameMem{}
	g := &m.g
	g.settings, g.seed, g.deck = s, seed, deck
	g.dir, g.exposed, g.dealer, g.fourBy, g.player, g.shownTo = 1, -1, -1, -1, -1, -1
	g.rng.seed(seed)
	g.hands, g.scores, g.winners = m.hands[:n:n], m.scores[:n:n], m.winners[:0:n]
	g.active, g.called = m.flags[0:n:n], m.flags[n:2*n:2*n]
	g.racing, g.raided = m.flags[2*n:3*n:3*n], m.flags[3*n:4*n:4*n]
	d := len(deck)
	cards := make([]Card, 2*d+n*handCap)
	g.draw, g.discard = cards[0:0:d], cards[d:d:2*d]
	for i := range g.hands {
		at := 2*d + i*handCap
		g.hands[i] = cards[at : at : at+handCap]
		g.active[i] = true
	}
	if s.Mode == RotatingPartners { // (its own allocation: other games stay small)
		g.rot = &rotation{}
		g.rot.seat(1)
	}
	return g
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
func (g *Game) Waiting() []int { return g.AppendWaiting(nil) }

// AppendWaiting appends to dst the seats Waiting lists, so that a caller that
// reuses dst (a bot, a simulation) allocates nothing.
func (g *Game) AppendWaiting(dst []int) []int {
	switch g.phase {
	case PhaseDeal:
		return append(dst, SystemSeat)
	case PhaseGameOver:
		return dst
	case PhaseRace:
		for s, r := range g.racing {
			if r {
				dst = append(dst, s)
			}
		}
		return dst
	case PhaseRaid:
		return append(dst, g.player)
	}
	return append(dst, g.current)
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
	if g.rot != nil {
		return g.rot.next(seat, dir) // the round's seating; nobody is ever out
	}
	n := len(g.hands)
	for i := 0; i < n; i++ {
		seat += dir
		// Wrap round the table without a branch: the seat after the last
		// is the first, the one before the first is the last.
		seat += n * (int(b2u(seat < 0)) - int(b2u(seat >= n)))
		if g.active[seat] {
			return seat
		}
	}
	return seat
}

// emit records an event of the action being applied.
func (g *Game) emit(e Event) { g.events = append(g.events, e) }

// event records an event of kind k about seat and returns it for the caller
// to fill in. On the paths every move takes, events are written in place like
// this: an Event built elsewhere and copied in costs more than the move.
func (g *Game) event(k EventKind, seat int) *Event {
	g.events = append(g.events, Event{})
	e := &g.events[len(g.events)-1]
	e.Kind, e.Seat = k, seat
	return e
}

// setTurn makes it seat's turn to play or draw.
func (g *Game) setTurn(seat int) {
	g.current = seat
	g.phase = PhaseTurn
	g.event(EvTurn, seat)
}

// advance passes the turn on from the current seat, skipping one seat if skip.
func (g *Game) advance(skip bool) {
	s := g.next(g.current, g.dir)
	if skip {
		g.event(EvSkip, s)
		s = g.next(s, g.dir)
	}
	g.setTurn(s)
}

// loseTurn ends the current player's turn before they play: they are skipped
// (they drew the Wild Draw Four's cards, or lost a challenge).
func (g *Game) loseTurn() {
	g.event(EvSkip, g.current)
	g.advance(false)
}
