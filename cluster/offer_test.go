package cluster

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// cutStore is the service's database as one node reaches it: once cut,
// every write of a table's journal fails from that node alone (the others
// reach the same database through their own store).
type cutStore struct {
	store.Store
	cut atomic.Bool
}

var errCut = errors.New("dial tcp 10.0.0.5:5432: connect: no route to host")

func (s *cutStore) down() error {
	if s.cut.Load() {
		return errCut
	}
	return nil
}

func (s *cutStore) CreateTable(ctx context.Context, t store.Table) error {
	if err := s.down(); err != nil {
		return err
	}
	return s.Store.CreateTable(ctx, t)
}

func (s *cutStore) SetTableSeats(ctx context.Context, id string, seats []store.TableSeat) error {
	if err := s.down(); err != nil {
		return err
	}
	return s.Store.SetTableSeats(ctx, id, seats)
}

func (s *cutStore) ClaimTable(ctx context.Context, id, node string) (int64, error) {
	if err := s.down(); err != nil {
		return 0, err
	}
	return s.Store.ClaimTable(ctx, id, node)
}

func (s *cutStore) Append(ctx context.Context, id string, fence int64, seq int, a engine.Action) error {
	if err := s.down(); err != nil {
		return err
	}
	return s.Store.Append(ctx, id, fence, seq, a)
}

func (s *cutStore) FinishTable(ctx context.Context, id string) error {
	if err := s.down(); err != nil {
		return err
	}
	return s.Store.FinishTable(ctx, id)
}

func (s *cutStore) SaveTournament(ctx context.Context, tr store.Tournament) error {
	if err := s.down(); err != nil {
		return err
	}
	return s.Store.SaveTournament(ctx, tr)
}

func (s *cutStore) ClaimTournament(ctx context.Context, id, node string) (int64, error) {
	if err := s.down(); err != nil {
		return 0, err
	}
	return s.Store.ClaimTournament(ctx, id, node)
}

func (s *cutStore) LoadTable(ctx context.Context, id string) (store.SavedTable, error) {
	if err := s.down(); err != nil {
		return store.SavedTable{}, err
	}
	return s.Store.LoadTable(ctx, id)
}

// TestNodeCutOffFromTheDatabaseGivesItsTablesUp: node b, still on NATS,
// loses the database. Its table holds (the move it could not store is
// shown to no one), and rather than hold until the database is back it is
// offered: node a, which reaches the database, takes it over from the
// journal, and both players, ana on b and bo on a, go on at it there.
func TestNodeCutOffFromTheDatabaseGivesItsTablesUp(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	cut := &cutStore{Store: st}
	a := startNodesWith(t, ns, st, "a")[0]
	b := startNodesWith(t, ns, cut, "b")[0]
	ana, bo, id := twoNodeGame(t, a, b)
	stored := moves(bo.Screen())
	before, _ := snapshotOf(t, b, id)

	cut.cut.Store(true)
	// The next move cannot be stored: the table holds, and shows it to no one.
	for _, c := range []*lobby.Client{ana, bo} {
		if g := c.Screen().Table.Game; g.Current == c.Screen().Table.You && len(g.Legal) > 0 {
			c.Do(lobby.Intent{Kind: lobby.Move, Action: g.Legal[0]})
			break
		}
	}
	waitScreen(t, ana, func(s lobby.Screen) bool { return strings.Contains(s.Notice.Text, "paused until it can be saved") })
	require.Equal(t, stored, moves(ana.Screen()), "the move not stored is shown to no one")

	for _, p := range []*lobby.Client{ana, bo} {
		waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.Seats[s.Table.You].Connected && logHas(s, "moved to another server") && s.Table.Moves == stored
		})
	}
	s, ok := snapshotOf(t, a, id)
	require.True(t, ok, "a plays the table now")
	require.Equal(t, before.Hash, s.RestoredHash, "rebuilt from what was stored, nothing else")
	_, still := snapshotOf(t, b, id)
	require.False(t, still, "b has stopped it")
	playMoves(t, 4, ana, bo)
}

// TestNodeCutOffFromTheDatabaseGivesItsTournamentsUp: the same for a
// tournament: node b, cut off from the database, cannot write its room's
// record (cy's sign-up), offers the tournament, and node a takes it over
// from its record, ana (on b) and bo (on a) in their places there.
func TestNodeCutOffFromTheDatabaseGivesItsTournamentsUp(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	st := sharedStore(t)
	cut := &cutStore{Store: st}
	a := startNodesWith(t, ns, st, "a")[0]
	b := startNodesWith(t, ns, cut, "b")[0]
	ana, bo, cy := b.player(t, "ana"), a.player(t, "bo"), b.player(t, "cy")
	settings := engine.Settings{Edition: engine.Classic2001, Blanks: engine.BlankSwapHands}
	require.NoError(t, ana.OpenTournament(lobby.TournamentOptions{Public: true, Settings: settings, Bots: 4}))
	id := ana.Screen().Table.ID
	waitScreen(t, bo, func(s lobby.Screen) bool { return len(s.Tables) == 1 })
	require.NoError(t, bo.SignUp(id))
	waitScreen(t, ana, func(s lobby.Screen) bool { return s.Table.Taken == 6 })

	cut.cut.Store(true)
	_ = cy.SignUp(id) // its record cannot be written from b

	for _, p := range []*lobby.Client{ana, bo} {
		s := waitScreen(t, p, func(s lobby.Screen) bool {
			return s.Table != nil && s.Table.ID == id && logHas(s, "moved to another server") && s.Table.Seats[s.Table.You].Connected
		})
		require.Equal(t, 6, s.Table.Taken, "as its record was")
	}
}
