package lobby

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// This file is a table keeping the tally of its game (who sat where, each
// hand's points, UNO calls and catches) and handing the finished game to
// the hub's recorder, which writes it on its own goroutine: the table never
// waits on the disk.

// gameTally is what a table notes while its game runs, for the record.
type gameTally struct {
	started time.Time
	seats   []seatTally // who played each seat (credit.go)
	prev    []int       // the scores after the previous hand
	hands   [][]int     // each hand's points, one entry per seat
	calls   []int
	catches []int
	outAt   []int // Challenge UNO: the hand (from 1) that put each seat out, 0 if none
}

// beginTally starts the tally of a game that has just been dealt its seats.
func (t *table) beginTally() {
	n := len(t.seats)
	g := &gameTally{started: t.clock.Now(), seats: make([]seatTally, n), prev: make([]int, n),
		calls: make([]int, n), catches: make([]int, n), outAt: make([]int, n)}
	for i, s := range t.seats {
		g.seats[i].sat(s)
	}
	if t.game != nil {
		copy(g.prev, t.game.Scores())
	}
	t.tally = g
}

// noteEvent adds an event of the game to the tally, and records the game
// when it is over.
func (t *table) noteEvent(e engine.Event) {
	if t.game == nil {
		return
	}
	if t.tally == nil {
		// A game the table did not start itself (rebuilt after a restart):
		// its record starts from here, so that its end is still recorded,
		// with the time the game began.
		t.beginTally()
		if !t.startedAt.IsZero() {
			t.tally.started = t.startedAt
		}
	}
	g := t.tally
	in := func(s int) bool { return s >= 0 && s < len(g.seats) }
	switch e.Kind {
	case engine.EvUNO:
		if in(e.Seat) {
			g.calls[e.Seat]++
		}
	case engine.EvCaught:
		if in(e.Seat) {
			g.catches[e.Seat]++
		}
	case engine.EvHandOver:
		scores := t.game.Scores()
		hand := make([]int, len(scores))
		for i := range scores {
			if i < len(g.prev) {
				hand[i] = scores[i] - g.prev[i]
			}
		}
		g.hands, g.prev = append(g.hands, hand), scores
		for i := range g.seats {
			if i < len(t.seats) {
				g.seats[i].scored(t.seats[i])
			}
		}
	case engine.EvEliminated:
		if in(e.Seat) {
			g.outAt[e.Seat] = len(g.hands)
		}
	case engine.EvGameOver:
		t.recordGame()
		t.tally = nil
	}
}

// recordGame hands the finished game to the recorder.
func (t *table) recordGame() {
	g := t.tally
	now := t.clock.Now()
	if now.Before(g.started) {
		// Begun before a restart on a clock that was ahead: the record
		// keeps its start (it names a tournament's round), and ends there.
		now = g.started
	}
	settings := t.opts.Settings
	if t.hub.cfg.Logger != nil {
		t.hub.cfg.Logger.Info("game finished", "table", t.id, "edition", settings.Edition.String(),
			"mode", settings.Mode.String(), "hands", len(g.hands), "duration", now.Sub(g.started).Round(time.Second))
	}
	if t.hub.rec == nil {
		return
	}
	places := t.places()
	rec := store.GameRecord{
		TableID:  t.id,
		Settings: settings,
		Options:  t.optionsJSON(),
		Hands:    g.hands,
		Started:  g.started,
		Ended:    now,
		// A tournament's round: its table plays on, and the store keeps it.
		Tournament: t.tourID(),
		Round:      t.tourRound(),
	}
	t.ladderRecord(&rec)
	keys := make([]string, len(t.seats))
	scores := t.game.Scores()
	for i, s := range t.seats {
		seat := store.GameSeat{Name: s.nick, Team: t.teamOf(i), Place: places[i], UNOCalls: g.calls[i],
			Catches: g.catches[i]}
		if i < len(scores) {
			seat.Points = scores[i]
		}
		keys[i] = t.creditSeat(i, &seat)
		rec.Seats = append(rec.Seats, seat)
	}
	// Until it is written, the game's journal stays in the store as the
	// game left it, for whoever restores or takes over the table to record
	// it from (journal.go): the record is keyed by the table and the time
	// its journal began, so a second one is not written again.
	t.recordWritten = t.hub.rec.add(finishedGame{rec: rec, keys: keys})
	if j := t.journal; j != nil {
		j.recorded = true
	}
}

// teamOf groups partners: across the table in Partners; everyone on their
// own otherwise (rotating partners keep their own points).
func (t *table) teamOf(i int) int {
	if t.opts.Settings.Mode == engine.Partners {
		return i % 2
	}
	return i
}

// places ranks the seats: the winners first, then by how well each did in
// the game's own terms; equal results share a place.
func (t *table) places() []int {
	n := len(t.seats)
	scores := t.game.Scores()
	merit := make([]int, n)
	for i := range merit {
		sc := 0
		if i < len(scores) {
			sc = scores[i]
		}
		switch t.opts.Settings.Mode {
		case engine.LowestScore:
			merit[i] = -sc
		case engine.SingleHand:
			if t.lastHand != nil && i < len(t.lastHand.Held) {
				merit[i] = -t.lastHand.Held[i]
			}
		case engine.Challenge:
			merit[i] = 1 << 20 // still in
			if out := t.tally.outAt[i]; out > 0 {
				merit[i] = out
			}
		default:
			merit[i] = sc
		}
	}
	won := map[int]bool{}
	for _, w := range t.game.Winners() {
		won[w] = true
	}
	order := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if !won[i] {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return merit[order[a]] > merit[order[b]] })
	places := make([]int, n)
	for i := range places {
		places[i] = 1
	}
	for k, i := range order {
		places[i] = len(won) + k + 1
		if k > 0 && merit[order[k-1]] == merit[i] {
			places[i] = places[order[k-1]]
		}
	}
	return places
}

// optionsJSON is the table's own settings beyond the engine's.
func (t *table) optionsJSON() json.RawMessage {
	raw, _ := json.Marshal(struct {
		Name     string `json:"name"`
		Public   bool   `json:"public"`
		TurnTime int    `json:"turn_time_s"`
	}{t.opts.Name, t.opts.Public, int(t.opts.TurnTime / time.Second)})
	return raw
}
