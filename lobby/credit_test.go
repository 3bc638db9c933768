package lobby

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/store"
)

// A seat's result goes to the person who played at least half its hands
// (the later of two who played half each), else to the one who sat there
// at the start, else to the bot.
func TestSeatCreditGoesToWhoPlayedHalfTheHands(t *testing.T) {
	ana := holder{key: "a", nick: "ana", first: true}
	bo := holder{key: "b", nick: "bo"}
	cy := holder{key: "c", nick: "cy"}
	with := func(h holder, hands int) holder { h.hands = hands; return h }
	for _, tc := range []struct {
		name   string
		people []holder
		hands  int
		want   string // "" for the bot
	}{
		{"the player who sat throughout", []holder{with(ana, 6)}, 6, "ana"},
		{"a bot's seat nobody took", nil, 6, ""},
		{"taken from a bot for most of the game", []holder{with(bo, 4)}, 6, "bo"},
		{"taken from a bot for exactly half", []holder{with(bo, 3)}, 6, "bo"},
		{"taken from a bot too late", []holder{with(bo, 2)}, 6, ""},
		{"taken in the one hand of a single hand game", []holder{with(bo, 1)}, 1, "bo"},
		{"left early: the one who sat at the start keeps it", []holder{with(ana, 1), with(bo, 2)}, 6, "ana"},
		{"left early, the seat taken for most of it", []holder{with(ana, 1), with(bo, 5)}, 6, "bo"},
		{"half each: the later", []holder{with(ana, 3), with(bo, 3)}, 6, "bo"},
		{"three who each played a third", []holder{with(bo, 2), with(cy, 2)}, 6, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := seatTally{people: tc.people}
			who, ok := st.credited(tc.hands)
			if tc.want == "" {
				require.False(t, ok, "credited to %s", who.nick)
				return
			}
			require.True(t, ok)
			require.Equal(t, tc.want, who.nick)
		})
	}
}

// A player who takes a bot's seat at a public table mid-game, as the
// lobby's list offers, is credited with the game when it ends, and with
// the host there the game has two people in it: it is rated, for both.
// (The seat used to stay the bot's in the record, and the game unrated.)
func TestSeatTakenFromABotIsCreditedAndRated(t *testing.T) {
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	cfg := clockConfig(clk)
	cfg.Store = st
	h := NewHub(cfg)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	settings := defaultSettings(4)
	settings.Target = 100
	require.NoError(t, ana.Create(TableOptions{Public: true, Settings: settings}))
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	ana.Do(Intent{Kind: Start})
	s := waitScreen(t, ana, func(s Screen) bool { return s.Table.Status == Playing && s.Table.Game != nil })
	require.NoError(t, bo.Sit(s.Table.ID))
	waitScreen(t, bo, func(s Screen) bool { return s.Table != nil && s.Table.Game != nil })
	playOut(t, ana, bo)
	require.NoError(t, h.Shutdown(t.Context()))
	require.Equal(t, int64(1), h.HistoryStats().Recorded)

	ctx := context.Background()
	p, err := st.ProfileByName(ctx, "bo")
	require.NoError(t, err)
	require.Equal(t, 1, p.Games, "bo is credited with the game")
	g, err := st.Game(ctx, p.Recent[0].ID)
	require.NoError(t, err)
	require.True(t, g.Rated, "two people played")
	require.Equal(t, "bo", g.Seats[p.Recent[0].Seat].Name)
	require.Equal(t, store.SeatAccount, g.Seats[p.Recent[0].Seat].Kind)
	for _, name := range []string{"ana", "bo"} {
		p, err := st.ProfileByName(ctx, name)
		require.NoError(t, err)
		require.NotEmpty(t, p.Ratings, "%s is rated", name)
		require.Equal(t, 1, p.Ratings[0].Games)
	}
}

// Every round's game at both tables of a tournament is recorded, naming
// the tournament and credited to the players who played it, and the
// tournament's result is on both players' profiles. (A round's game never
// reaches its out-of-reach target, so nothing was recorded.)
func TestTournamentIsRecorded(t *testing.T) {
	clk := newFakeClock()
	st := openStore(t, t.TempDir(), clk)
	cfg := clockConfig(clk)
	cfg.Store = st
	h := NewHub(cfg)
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	openTour(t, ana, 5, bo)
	waitScreen(t, ana, func(s Screen) bool { return s.Table.Taken == 7 })
	ana.Do(Intent{Kind: Start})
	tourRun(t, nil, func(*Client, Screen) {}, ana, bo)
	end := ana.Screen().Table.Tournament
	require.NoError(t, h.Shutdown(t.Context()))
	// Two tables' seven rounds, and the result.
	require.Equal(t, int64(2*engine.TournamentRounds+1), h.HistoryStats().Recorded)

	ctx := context.Background()
	for i, name := range []string{"ana", "bo"} {
		p, err := st.ProfileByName(ctx, name)
		require.NoError(t, err)
		require.Equal(t, engine.TournamentRounds, p.Games, "%s played a round's game in each round", name)
		require.Equal(t, 1, p.Tournaments.Played)
		player := []int{0, 6}[i] // ana opened it, bo signed up after the five bots
		won := false
		for _, w := range end.Standings.Winners {
			won = won || w == player
		}
		require.Equal(t, won, p.Tournaments.Won == 1)
		require.Positive(t, p.Tournaments.Best)
		require.NotEmpty(t, p.Ratings, "the rounds with both of them were rated")
		for _, r := range p.Recent {
			require.Equal(t, end.ID, r.Tournament)
			require.Len(t, r.Players, 4)
			g, err := st.Game(ctx, r.ID)
			require.NoError(t, err)
			require.Equal(t, engine.Partners, g.Settings.Mode)
			require.Len(t, g.Hands, engine.HandsPerPartnership)
			require.Equal(t, g.Seats[0].Place, g.Seats[2].Place, "partners share a place")
		}
	}
}

// creditSeat words the record of each seat by the rule: a late taker
// leaves the seat to the bot it took it from, named and levelled as that
// bot; a win a bot played for an idle player is nobody's; a player who
// left keeps their loss; a guest is a guest.
func TestCreditSeatWordsTheRecord(t *testing.T) {
	hands := make([][]int, 6)
	tb := &table{
		seats: []*seat{
			{nick: "bo", key: "SHA256:bo"},               // took the seat two hands from the end
			{nick: "cy", key: "SHA256:cy", auto: true},   // idle: a bot plays for cy
			{nick: "dee", bot: true, standFor: "dee"},    // dee left; a stand-in plays on
			{nick: "guest-7Q4K", key: "guest:7Q4K"},      // a guest throughout
			{nick: "eve", key: "SHA256:eve", away: true}, // lost the connection, seat kept
		},
		tally: &gameTally{hands: hands, seats: []seatTally{
			{people: []holder{{key: "SHA256:bo", nick: "bo", hands: 2}}, botNick: "ada", botLevel: "hard"},
			{people: []holder{{key: "SHA256:cy", nick: "cy", hands: 6, first: true}}},
			{people: []holder{{key: "SHA256:dee", nick: "dee", hands: 1, first: true}}, botNick: "dee", botLevel: "normal"},
			{people: []holder{{key: "guest:7Q4K", nick: "guest-7Q4K", hands: 6, first: true}}},
			{people: []holder{{key: "SHA256:eve", nick: "eve", hands: 6, first: true}}},
		}},
	}
	for _, tc := range []struct {
		seat, place int
		want        store.GameSeat
		key         string
	}{
		{0, 2, store.GameSeat{Kind: store.SeatBot, Name: "ada", BotLevel: "hard", Place: 2}, ""},
		{1, 1, store.GameSeat{Kind: store.SeatGuest, Name: "cy (away)", Place: 1}, ""},
		{1, 2, store.GameSeat{Kind: store.SeatAccount, Name: "cy", Place: 2}, "SHA256:cy"},
		{2, 3, store.GameSeat{Kind: store.SeatAccount, Name: "dee", Place: 3}, "SHA256:dee"},
		{2, 1, store.GameSeat{Kind: store.SeatGuest, Name: "dee (away)", Place: 1}, ""},
		{3, 1, store.GameSeat{Kind: store.SeatGuest, Name: "guest-7Q4K", Place: 1}, ""},
		{4, 2, store.GameSeat{Kind: store.SeatAccount, Name: "eve", Place: 2}, "SHA256:eve"},
	} {
		rec := store.GameSeat{Name: tb.seats[tc.seat].nick, Place: tc.place}
		key := tb.creditSeat(tc.seat, &rec)
		require.Equal(t, tc.want, rec, "seat %d, place %d", tc.seat, tc.place)
		require.Equal(t, tc.key, key, "seat %d, place %d", tc.seat, tc.place)
	}
}
