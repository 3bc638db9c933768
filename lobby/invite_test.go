package lobby

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// TestWhoListsThePlayersOnline: by name, with the table each sits at or
// watches.
func TestWhoListsThePlayersOnline(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "Bo")
	h.Connect("sess-nameless", "key-nameless", false) // no nickname yet: not listed
	require.NoError(t, ana.Create(TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 2}}))
	short := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil }).Table.Short
	who, err := bo.Who()
	require.NoError(t, err)
	require.Equal(t, []OnlinePlayer{{Nick: "ana", Table: short}, {Nick: "Bo"}}, who)
}

// TestInvitationSeatsTheInvitedPlayer: ana, at her private table, invites
// bo by his nickname (in any letter case); the invitation is on his screen,
// and taking it up seats him at her table, without the code.
func TestInvitationSeatsTheInvitedPlayer(t *testing.T) {
	h := NewHub(testConfig())
	defer h.Shutdown(t.Context())
	ana, bo := connect(t, h, "ana"), connect(t, h, "bo")
	require.NoError(t, ana.Create(TableOptions{Settings: engine.Settings{Edition: engine.Minions2016, Players: 3}}))
	table := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil }).Table

	require.NoError(t, ana.Invite("BO"))
	require.Equal(t, "invitation sent to BO", ana.Screen().Notice.Text)
	inv := waitScreen(t, bo, func(s Screen) bool { return s.Invitation != nil }).Invitation
	require.Equal(t, "ana", inv.From)
	require.Equal(t, table.Short, inv.Name)
	require.Equal(t, "Minions 2016", inv.Edition)

	require.NoError(t, bo.AcceptInvitation())
	s := waitScreen(t, bo, func(s Screen) bool { return s.Table != nil })
	require.Equal(t, table.ID, s.Table.ID)
	require.Equal(t, 1, s.Table.You)
	require.Nil(t, s.Invitation)
	require.ErrorIs(t, bo.AcceptInvitation(), errNoInvitation)
}

// TestInvitationsThatCannotBe: each refusal says why, to the inviter alone.
func TestInvitationsThatCannotBe(t *testing.T) {
	clock := newFakeClock()
	h := NewHub(clockConfig(clock))
	defer h.Shutdown(t.Context())
	ana, bo, cy := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "cy")
	require.ErrorIs(t, ana.Invite("bo"), errInviteNoTable)

	require.NoError(t, ana.Create(TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 4}}))
	waitScreen(t, ana, func(s Screen) bool { return s.Table != nil })
	require.ErrorIs(t, ana.Invite("ana"), errInviteSelf)
	require.EqualError(t, ana.Invite("zed"), "nobody called zed is online")

	bo.SetInvitations(false)
	require.EqualError(t, ana.Invite("bo"), "bo is not taking invitations")
	bo.SetInvitations(true)

	require.NoError(t, cy.Create(TableOptions{Settings: engine.Settings{Edition: engine.Classic2001, Players: 2}}))
	waitScreen(t, cy, func(s Screen) bool { return s.Table != nil })
	require.EqualError(t, ana.Invite("cy"), "cy is at a table: invite them when they are back in the lobby")

	// A few a minute, counting those refused for the invited player's sake
	// (two so far): the sixth waits until a minute after the first.
	for range 3 {
		require.NoError(t, ana.Invite("bo"))
	}
	require.ErrorIs(t, ana.Invite("bo"), errInviteTooMany)
	clock.Advance(time.Minute)
	require.NoError(t, ana.Invite("bo"))

	// An invitation lapses.
	clock.Advance(InvitationTTL)
	require.ErrorIs(t, bo.AcceptInvitation(), errInvitationGone)
	require.Nil(t, bo.Screen().Table)
}
