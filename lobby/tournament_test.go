package lobby

import (
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// tourSettings is a Classic tournament.
var tourSettings = engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}

// openTour opens a private tournament hosted by host with bots bots, and
// signs the others up by its code; it returns the code.
func openTour(t *testing.T, host *Client, bots int, others ...*Client) string {
	t.Helper()
	require.NoError(t, host.OpenTournament(TournamentOptions{Settings: tourSettings, Bots: bots}))
	s := waitScreen(t, host, func(s Screen) bool { return s.Table != nil && s.Table.Tournament != nil })
	require.NotEmpty(t, s.Table.Code)
	for _, c := range others {
		require.NoError(t, c.Join(s.Table.Code))
	}
	return s.Table.Code
}

// tourRun plays the clients' seats with the bot's choices and moves the
// clock whenever none of them has a move, until each sees the tournament
// over (or until stop is true of the first client's screen). seen is
// called with every screen a client shows at a tournament's table.
func tourRun(t *testing.T, stop func(Screen) bool, seen func(c *Client, s Screen), clients ...*Client) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	clk := clockOf(clients[0].hub)
	move := func() (done, moved bool) {
		done = true
		for _, c := range clients {
			s := c.Screen()
			if tb := s.Table; tb != nil && tb.Tournament != nil {
				seen(c, s)
				if !tb.Tournament.Over {
					done = false
				}
				if g := tb.Game; g != nil && len(g.Legal) > 0 && !tb.Tournament.Over {
					if a, ok := chooseMove(*g, r); ok {
						c.Do(Intent{Kind: Move, Action: a})
						// A move refused (the table is handing its seats on
						// between rounds) is no progress: the clock must move.
						after := c.Screen().Table
						moved = moved || after == nil || after.ID != tb.ID || after.Moves != tb.Moves
					}
				}
			} else {
				done = false
			}
		}
		return done || stop != nil && stop(clients[0].Screen()), moved
	}
	for range 200000 {
		done, moved := move()
		if done {
			return
		}
		if moved || !waitArmedAny(t, clk, clients) {
			continue
		}
		if done, moved := move(); done {
			return
		} else if !moved {
			if clk.advanceAtMost(tourStep) {
				// A table's timer fired: let it make its move and set its
				// next timer before the clock moves again. (Another table's
				// far timer, a grace, is always set: without this the loop
				// never waits, and with one core the table whose bots play
				// never runs.)
				waitArmedOrChanged(clk, clients)
			} else {
				runtime.Gosched() // the same for a table busy between two timers
			}
		}
	}
	t.Fatal("the tournament did not end")
}

// waitArmedAny is waitArmed for several sessions: it reports false as soon
// as any of their screens changes (the two tables move each in its own
// time, and the last to finish may be either).
func waitArmedAny(t *testing.T, f *fakeClock, clients []*Client) bool {
	t.Helper()
	cases := []reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(f.armed)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(time.After(10 * time.Second))},
	}
	for _, c := range clients {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.Updates())})
	}
	for {
		f.mu.Lock()
		n := len(f.timers)
		f.mu.Unlock()
		if n > 0 {
			return true
		}
		switch i, _, _ := reflect.Select(cases); i {
		case 0:
		case 1:
			t.Fatal("no timer was set and nothing changed: a table waits for a player")
		default:
			return false
		}
	}
}

// tourStep is the most the clock moves at once in tourRun: two tables set
// their timers each in its own time, and a table with nothing to do but
// wait for an absent player must not have the clock jump to the end of
// their grace while the other is between two timers.
const tourStep = 5 * time.Second

// advanceAtMost moves the clock to the earliest timer set, or by d if that
// is sooner.
func (f *fakeClock) advanceAtMost(d time.Duration) (fired bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.timers) == 0 {
		return false
	}
	next := f.timers[0].at
	for _, t := range f.timers {
		if t.at.Before(next) {
			next = t.at
		}
	}
	if step := f.now.Add(d); step.Before(next) {
		next = step
	}
	f.now = next
	before := len(f.timers)
	f.fire()
	return len(f.timers) < before
}

// waitArmedOrChanged waits until a timer is set or a screen changes, for a
// second of real time at most (a table that fired may have nothing more to
// schedule: a bound, never a pause).
func waitArmedOrChanged(f *fakeClock, clients []*Client) {
	cases := []reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(f.armed)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(time.After(time.Second))},
	}
	for _, c := range clients {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.Updates())})
	}
	reflect.Select(cases)
}

// partnerSeen is the partner the table seats a client with, and the
// partner the schedule gives them in the round shown.
func partnerSeen(c *Client, s Screen) (got, want string, round int, ok bool) {
	tb := s.Table
	tv := tb.Tournament
	if tb.Game == nil || tb.You < 0 || len(tb.Seats) != 4 || tv.Over {
		return "", "", 0, false
	}
	me := tb.Seats[tb.You].Nick
	p := -1
	for i, n := range tv.Players {
		if n == me {
			p = i
		}
	}
	for _, pr := range tv.Schedule[tv.Round].Tables {
		if q := pr.Partner(p); q >= 0 {
			want = tv.Players[q]
		}
	}
	return tb.Seats[(tb.You+2)%4].Nick, want, tv.Round, true
}

// Two players and six bots play the whole tournament: each player meets
// every other as partner, in the schedule's order, at the table the
// schedule names; both tables play 28 hands; the standings add up.
func TestTournamentPlaysToItsFinalStandings(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	openTour(t, ana, 5, bo)
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 7 })
	require.Equal(t, "bo", s.Table.Seats[6].Nick)
	ana.Do(Intent{Kind: Start})

	partners := map[*Client]map[string]int{ana: {}, bo: {}} // partner -> highest round seen
	tourRun(t, nil, func(c *Client, s Screen) {
		got, want, round, ok := partnerSeen(c, s)
		if !ok {
			return
		}
		require.Equal(t, want, got, "round %d", round+1)
		require.Equal(t, s.Table.Tournament.TableIDs[s.Table.Tournament.Table], s.Table.ID)
		partners[c][got] = round
	}, ana, bo)

	for c, ps := range partners {
		require.Len(t, ps, engine.TournamentPlayers-1, "%s's partners: %v", c.nick(), ps)
	}
	end := ana.Screen().Table.Tournament
	st := end.Standings
	require.Equal(t, [2]int{engine.TournamentHands, engine.TournamentHands}, st.Hands)
	total := 0
	for p := range engine.TournamentPlayers {
		sum := 0
		for q := range engine.TournamentPlayers {
			require.Equal(t, st.Tally[p][q], st.Tally[q][p])
			sum += st.Tally[p][q]
		}
		require.Equal(t, sum, st.Scores[p], "player %d", p)
		total += sum
	}
	require.Positive(t, total)
	require.NotEmpty(t, st.Winners)
	require.Equal(t, Finished, ana.Screen().Table.Status)
	t.Logf("scores %v, winners %v", st.Scores, st.Winners)

	// Leaving the finished tables closes them, and then the tournament.
	ana.Do(Intent{Kind: Leave})
	bo.Do(Intent{Kind: Leave})
	waitScreen(t, ana, func(s Screen) bool { return len(s.Tables) == 0 && s.Table == nil })
}

// A player who drops keeps their place: the next round seats them (away)
// at the table the schedule names, and when they come back they are put
// straight there, though the table keeping their seat was the other one.
func TestTournamentKeepsADroppedPlayersSeatAcrossTables(t *testing.T) {
	cfg := testConfig()
	cfg.Grace = 1000 * time.Hour // longer than the round
	h := NewHub(cfg)
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	openTour(t, ana, 5, bo) // ana is player 0, bo player 6
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 7 })
	ana.Do(Intent{Kind: Start})
	s := waitScreen(t, bo, func(s Screen) bool { return s.Table.Game != nil })
	ids := s.Table.Tournament.TableIDs
	require.Equal(t, ids[0], s.Table.ID, "round 1 seats bo at table 1")
	bo.Disconnect()

	round2 := func(s Screen) bool {
		return s.Table != nil && s.Table.Tournament != nil && s.Table.Tournament.Round == 1 && s.Table.Game != nil
	}
	tourRun(t, round2, func(*Client, Screen) {}, ana)

	back := h.Connect("sess-bo-2", "key-bo", false)
	s = back.Screen()
	require.NotNil(t, s.Table)
	require.Equal(t, ids[1], s.Table.ID, "round 2 seats bo at table 2")
	require.GreaterOrEqual(t, s.Table.You, 0)
	require.Equal(t, "bo", s.Table.Seats[s.Table.You].Nick)
	require.True(t, s.Table.Seats[s.Table.You].Connected)
	require.False(t, s.Table.Seats[s.Table.You].Bot)
}

// A spectator who comes by the code once it has begun sees the room, with
// the standings, and from there watches either table.
func TestTournamentRoomLetsSpectatorsWatchEitherTable(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, cy := connect(t, h, "ana"), connect(t, h, "cy")
	code := openTour(t, ana, 7)
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Game != nil })
	ids := s.Table.Tournament.TableIDs

	require.NoError(t, cy.Join(code))
	s = cy.Screen()
	require.NotNil(t, s.Table.Tournament)
	require.True(t, s.Table.Tournament.Started)
	require.Equal(t, -1, s.Table.You)
	require.Nil(t, s.Table.Game)

	cy.Do(Intent{Kind: TourWatch, Seat: 1})
	s = cy.Screen()
	require.Equal(t, ids[1], s.Table.ID)
	require.Equal(t, -1, s.Table.You)
	require.NotNil(t, s.Table.Game)
	require.NotNil(t, s.Table.Tournament)
	require.Equal(t, 1, s.Table.Tournament.Table)
}

// A public tournament is listed; players sign up from the list, quick play
// never sends anyone to it, and its host starts it with bots in the free
// places.
func TestPublicTournamentSignUp(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo, cy := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	require.NoError(t, ana.OpenTournament(TournamentOptions{Name: "friday cup", Public: true, Settings: tourSettings}))
	s := waitScreen(t, bo, func(s Screen) bool { return len(s.Tables) == 1 })
	line := s.Tables[0]
	require.Equal(t, line.ID, line.Tournament)
	require.Equal(t, "friday cup", line.Name)
	require.Equal(t, engine.TournamentPlayers, line.Seats)

	cy.QuickPlay()
	s = waitScreen(t, cy, func(s Screen) bool { return s.Table != nil })
	require.Nil(t, s.Table.Tournament, "quick play opened a table of its own")

	require.NoError(t, bo.SignUp(line.ID))
	s = waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 })
	require.Equal(t, "bo", s.Table.Seats[1].Nick)
	bo.Do(Intent{Kind: Start})
	require.Contains(t, bo.Screen().Notice.Text, "host")

	ana.Do(Intent{Kind: Start})
	s = waitScreen(t, bo, func(s Screen) bool { return s.Table.Game != nil })
	require.NotNil(t, s.Table.Tournament)
	bots := 0
	for _, b := range s.Table.Tournament.Bots {
		if b {
			bots++
		}
	}
	require.Equal(t, 6, bots)
}

// When the last person leaves a tournament in play (and the grace that
// keeps their seat is over), bots do not play on for nobody: its tables
// close, and the tournament with them.
func TestTournamentClosesWhenEveryoneHasLeft(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, ana.OpenTournament(TournamentOptions{Public: true, Settings: tourSettings, Bots: 7}))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.Equal(t, Playing, s.Table.Status)
	s = waitScreen(t, bo, func(s Screen) bool { return len(s.Tables) == 3 }) // the room and its two tables
	var table TableInfo
	for _, in := range s.Tables {
		if in.Tournament != "" && in.Tournament != in.ID {
			table = in
		}
	}
	require.NoError(t, bo.Watch(table.ID), "a tournament's table is watched from the lobby's list")
	s = bo.Screen()
	require.Equal(t, table.ID, s.Table.ID)
	require.NotNil(t, s.Table.Tournament)

	ana.Do(Intent{Kind: Leave})
	require.Nil(t, ana.Screen().Table)
	// Her seat is kept for her while the grace runs (she may come back);
	// when it is over, nobody is left.
	runUntil(t, bo, func(s Screen) bool { return s.Table == nil && len(s.Tables) == 0 })
}

// Before it begins, the room is a waiting room: a player who drops frees
// their place, the host's role passes on, and a room left empty closes.
func TestTournamentRoomBeforeItBegins(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo, cy := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	require.NoError(t, ana.OpenTournament(TournamentOptions{Public: true, Settings: tourSettings}))
	s := waitScreen(t, bo, func(s Screen) bool { return len(s.Tables) == 1 })
	id := s.Tables[0].ID
	require.NoError(t, bo.SignUp(id))
	require.NoError(t, cy.Watch(id))
	s = cy.Screen()
	require.Equal(t, -1, s.Table.You)
	require.False(t, s.Table.Tournament.Started)

	cy.Do(Intent{Kind: TourSignUp})
	s = waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 3 })
	require.Equal(t, "cy", s.Table.Seats[2].Nick)
	ana.Do(Intent{Kind: AddBot})
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 4 })

	ana.Disconnect()
	s = waitScreen(t, bo, func(s Screen) bool { return s.Table.Taken == 3 && s.Table.Host })
	require.True(t, s.Table.Seats[1].Host)
	bo.Do(Intent{Kind: Leave})
	cy.Do(Intent{Kind: Leave})
	waitScreen(t, cy, func(s Screen) bool { return s.Table == nil && len(s.Tables) == 0 })
}

// A second connection with the same key takes over a place in the room,
// and takes over a spectator of the room without signing them up.
func TestTournamentRoomTakeOver(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, ana.OpenTournament(TournamentOptions{Public: true, Settings: tourSettings}))
	s := waitScreen(t, bo, func(s Screen) bool { return len(s.Tables) == 1 })
	require.NoError(t, bo.Watch(s.Tables[0].ID))

	bo2 := h.Connect("sess-bo-2", "key-bo", false)
	s = bo2.Screen()
	require.Nil(t, s.Table, "a spectator's new connection starts in the lobby")
	ana2 := h.Connect("sess-ana-2", "key-ana", false)
	s = ana2.Screen()
	require.NotNil(t, s.Table)
	require.Equal(t, 0, s.Table.You)
	require.True(t, s.Table.Host)
	require.Equal(t, 1, s.Table.Taken)
	require.Zero(t, s.Table.Watching, "the spectator's old connection is gone")
}

// Enter on a tournament in the lobby's list (Sit, as on any public table)
// signs the player up, or once it has begun takes them to its room to
// watch; it used to wait for an answer the tournament never gave.
func TestSittingAtATournamentFromTheListOpensItsRoom(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo, cy := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	require.NoError(t, ana.OpenTournament(TournamentOptions{Name: "friday cup", Public: true, Settings: tourSettings}))
	line := waitScreen(t, bo, func(s Screen) bool { return len(s.Tables) == 1 }).Tables[0]

	require.NoError(t, sitWithin(t, bo, line.ID))
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 2 })
	require.Equal(t, "bo", s.Table.Seats[1].Nick)
	require.NotNil(t, bo.Screen().Table.Tournament, "bo is in the room")

	ana.Do(Intent{Kind: Start})
	waitScreen(t, bo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	require.NoError(t, sitWithin(t, cy, line.ID), "once it has begun")
	s = cy.Screen()
	require.NotNil(t, s.Table)
	require.Equal(t, line.ID, s.Table.ID, "cy watches the room")
	require.Equal(t, -1, s.Table.You)

	cy.Do(Intent{Kind: Leave})
	s = waitScreen(t, cy, func(s Screen) bool { return s.Table == nil && len(s.Tables) == 3 })
	for _, in := range s.Tables {
		if in.Tournament != "" && in.Tournament != in.ID {
			require.NoError(t, sitWithin(t, cy, in.ID), "a tournament's table")
			require.Equal(t, in.ID, cy.Screen().Table.ID)
			require.Equal(t, -1, cy.Screen().Table.You, "a newcomer never takes a tournament bot's seat")
			require.Contains(t, cy.Screen().Notice.Text, "tournament")
			break
		}
	}
}

// sitWithin is c.Sit(id), failing the test instead of hanging if no answer
// ever comes.
func sitWithin(t *testing.T, c *Client, id string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Sit(id) }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("Sit never answered")
		return nil
	}
}
